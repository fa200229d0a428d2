"""A convention kit (``deckgen kit``): tables of games in languages -> a print plan, one PDF per printer run in
the order it goes through the printer, table labels and shop orders, in one folder.

Modules: ``plan`` (PLAN.yaml and the short form, checked), ``needs`` (what one table of a game needs: game.yaml's
``table:``), ``arithmetic`` (builds and runs from the data alone: ``--dry-run``), ``collate`` (a run's pages in
printer order), ``report`` (plan.json and plan.pdf in the organiser's language), ``labels`` (table labels),
``make`` (the whole kit, written at once).
"""
