"""The games bundled with deckgen, one package each (engine, checks, documents, descriptor).

Each package ends by calling :func:`deckgen.registry.register_game` with its
:class:`deckgen.registry.GameDescriptor`; deckgen finds them through the
``deckgen.games`` entry points in ``pyproject.toml``, the same way it finds
games of other installed packages.  Nothing outside a game's package names
the game.
"""
