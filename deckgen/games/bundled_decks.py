"""The card lists of the bundled games, read once: what an engine uses when it runs without a project.

A game's engine gets its deck from the game's loaded data.  Only an engine
called without a project (a test, a plugin, ``judge`` without data) falls
back on the bundled game's own card files, read here and nowhere else: the
counts of a deck are stated once, in its YAML.  The files are read the way
the loader reads them (a card without ``count`` is one copy), once per
process.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError, Problem
from deckgen.project import BUNDLED_ROOT
from deckgen.yamlpos import load_yaml


def _fail(message: str) -> DeckgenError:
    return DeckgenError(Problem(None, None, None, None, message))


def _game_dir(game_id: str) -> Path:
    if BUNDLED_ROOT is None:
        raise _fail(f"this deckgen has no bundled games, so the {game_id} engine has no deck to fall back on: "
                    f"give it the game's data")
    return BUNDLED_ROOT / "data" / game_id


@lru_cache(maxsize=None)
def _deck_spec(game_id: str, deck_id: str) -> dict[str, Any]:
    game_file = _game_dir(game_id) / "game.yaml"
    spec = (load_yaml(game_file, f"data/{game_id}/game.yaml").data.get("decks") or {}).get(deck_id)
    if not isinstance(spec, dict) or "cards" not in spec:
        raise _fail(f"the bundled {game_id} game has no deck {deck_id!r} with a card list")
    return spec


def bundled_variants(game_id: str, deck_id: str) -> tuple[str, ...]:
    """The names of the variants of the bundled game's deck, in the order game.yaml gives them."""
    return tuple(_deck_spec(game_id, deck_id).get("variants") or ())


@lru_cache(maxsize=None)
def bundled_cards(game_id: str, deck_id: str, variant: str | None = None) -> tuple[dict[str, Any], ...]:
    """The card entries of ``deck_id`` (with ``variant``'s file swaps) of the bundled game ``game_id``.

    Entries are the card files' mappings in file order; do not change them.
    """
    spec = _deck_spec(game_id, deck_id)
    game_dir = _game_dir(game_id)
    files = [spec["cards"]] if isinstance(spec["cards"], str) else list(spec["cards"])
    if variant is not None:
        swaps = (spec.get("variants") or {}).get(variant)
        if not isinstance(swaps, dict):
            raise _fail(f"the bundled {game_id} deck {deck_id!r} has no variant {variant!r}")
        files = [swaps.get(name, name) for name in files]
    cards: list[dict[str, Any]] = []
    for name in files:
        entries = load_yaml(game_dir / name, f"data/{game_id}/{name}").data
        cards.extend(entry for entry in entries or () if isinstance(entry, dict))
    return tuple(cards)


def copies(entry: dict[str, Any]) -> int:
    """How many copies a card entry stands for (``count``, else one)."""
    return int(entry.get("count", 1))
