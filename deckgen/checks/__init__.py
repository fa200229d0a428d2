"""``deckgen check``: a registry of checks, one function per concern.

A check takes the project and a game and returns problem lines (strings).
Game-specific checks register under the game's engine name; general checks
(schema, translations, text fit and glyphs) run for every game.
"""

from __future__ import annotations

from typing import Callable

from deckgen.model import Game, Project

CheckFn = Callable[[Project, Game], list[str]]

_GENERAL: list[tuple[str, CheckFn]] = []
_BY_ENGINE: dict[str, list[tuple[str, CheckFn]]] = {}


def check(name: str, engine: str | None = None) -> Callable[[CheckFn], CheckFn]:
    """Decorator: register a check for all games, or for games using ``engine``."""
    def wrap(fn: CheckFn) -> CheckFn:
        if engine is None:
            _GENERAL.append((name, fn))
        else:
            _BY_ENGINE.setdefault(engine, []).append((name, fn))
        return fn
    return wrap


def checks_for(game: Game) -> list[tuple[str, CheckFn]]:
    """All checks that apply to ``game``, general ones first."""
    _import_all()
    return list(_GENERAL) + list(_BY_ENGINE.get(game.engine or "", []))


def _import_all() -> None:
    """Import every module of this package once, so their checks register."""
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


def run_checks(project: Project, game_ids: list[str]) -> list[str]:
    """Run every applicable check; returns all problem lines."""
    problems: list[str] = []
    for gid in game_ids:
        game = project.games[gid]
        for _name, fn in checks_for(game):
            problems.extend(fn(project, game))
    return problems
