"""The parts of :func:`deckgen.loader.load_project`, one file each.

:mod:`~deckgen.loading.collector` gathers the problems of one load;
:mod:`~deckgen.loading.game` reads a game's ``game.yaml`` with the help of
:mod:`~deckgen.loading.decks` (card lists), :mod:`~deckgen.loading.texts`
(language files), :mod:`~deckgen.loading.style`,
:mod:`~deckgen.loading.decisions` and :mod:`~deckgen.loading.documents`.
Nothing here is imported by this package file: each part is imported by name.
"""
