"""The ``deckgen`` commands, a module per kind of job; :mod:`deckgen.cli` puts them into one group."""
