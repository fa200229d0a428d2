"""Pazaak's shared main deck as value -> copies, counted from the deck's data (``data/pazaak/main.yaml``).

:func:`main_deck` counts a loaded game's printed main deck; the engine, the
simulator and the checks get that.  :func:`bundled_main_deck` is the bundled
game's deck, read once, for an engine called without a game's data.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable

from deckgen.games.bundled_decks import bundled_cards, copies

GAME_ID = "pazaak"
MAIN_DECK_ID = "main"


def count_values(cards: Iterable[tuple[Any, int]]) -> dict[int, int]:
    """value -> copies of (value, count) pairs, in the order the values first come; non-numbers are skipped."""
    out: dict[int, int] = {}
    for value, count in cards:
        if isinstance(value, int) and not isinstance(value, bool):
            out[value] = out.get(value, 0) + count
    return out


def main_deck(game) -> dict[int, int]:
    """value -> copies of the printed main deck of a loaded game (empty without one)."""
    deck = game.decks.get(MAIN_DECK_ID) if game is not None else None
    return count_values((card.value, card.count) for card in (deck.cards if deck else ()))


@lru_cache(maxsize=1)
def _bundled() -> tuple[tuple[int, int], ...]:
    return tuple(count_values((e.get("value"), copies(e)) for e in bundled_cards(GAME_ID, MAIN_DECK_ID)).items())


def bundled_main_deck() -> dict[int, int]:
    """value -> copies of the bundled game's main deck (a fresh dict; the files are read once)."""
    return dict(_bundled())
