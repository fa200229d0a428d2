"""Registry of reference rule engines, one module per game.

Like OpenSpiel's ``register_game``: each engine module calls
:func:`register` at import time; :func:`get` imports the known modules
lazily and returns the engine by game name.

An engine is any object with:

``name``
    the game name (``classic``, ``gladbach``, ``pazaak``, ...)
``judge(showdown: dict, **options) -> dict``
    judges a showdown document (already parsed from YAML/JSON) and returns
    a JSON-serialisable result with at least ``winners`` (list of names).
    Bad input raises :class:`deckgen.errors.ShowdownError` with a path.

Engines are pure: no file, terminal or rendering code.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

_REGISTRY: dict[str, Any] = {}
_KNOWN_MODULES = {
    "classic": "deckgen.engines.classic",
    "gladbach": "deckgen.engines.gladbach",
    "pazaak": "deckgen.engines.pazaak",
}


class Engine(Protocol):
    name: str

    def judge(self, showdown: dict, **options: Any) -> dict: ...


def register(engine: Any) -> Any:
    """Register an engine object (or class, instantiated) under its name."""
    obj = engine() if isinstance(engine, type) else engine
    _REGISTRY[obj.name] = obj
    return engine


def get(name: str) -> Engine:
    """Return the engine for ``name``; raises KeyError if there is none."""
    if name not in _REGISTRY and name in _KNOWN_MODULES:
        importlib.import_module(_KNOWN_MODULES[name])
    return _REGISTRY[name]


def names() -> list[str]:
    """Names of all engines that can be loaded."""
    return sorted(set(_KNOWN_MODULES) | set(_REGISTRY))
