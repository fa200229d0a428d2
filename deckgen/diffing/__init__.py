"""What changed between two versions of a project: ``deckgen diff`` and its errata kit.

Each side (a git revision or a folder) is read without touching the working
tree (:mod:`.sides`), then built in a process of its own by the installed
deckgen into a *snapshot* (:mod:`.snapshot`): the hash of every rendered
face, the copies and data of every card, and the texts of every booklet
section.  :mod:`.compare` turns two snapshots into a report; :mod:`.html`
shows it with pictures, and :mod:`.errata` writes what the people who
printed the old version need: a reprint of exactly the changed cards, an
errata sheet in each language and the list of cards to take out.
"""
