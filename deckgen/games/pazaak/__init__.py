"""Pazaak: the 40-card main deck, the side-card catalogue and named side decks.

Modules: ``engine`` (card notation, a set judged from the two tables),
``sim`` (seeded matches with a simple strategy) and ``checks``.  This module
declares the game to deckgen.
"""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.games.pazaak import engine
from deckgen.games.pazaak.checks import CHECKS, MAIN_DECK_ID, named_side_decks, side_codes
from deckgen.registry import GameDescriptor, SimulationRequest, register_game

SHOWDOWN_EXAMPLE = """\
players:
  - {name: A, table: ["7", "10", "+2"]}
  - {name: B, table: ["5", "D"]}
"""


def main_deck(game) -> dict[int, int]:
    """value -> copies of the printed main deck."""
    deck = game.decks.get(MAIN_DECK_ID) if game is not None else None
    out: dict[int, int] = {}
    for card in deck.cards if deck else ():
        if isinstance(card.value, int):
            out[card.value] = out.get(card.value, 0) + card.count
    return out


def load_data(game) -> dict[str, Any]:
    if game is None:
        return {}
    return {"main_deck": main_deck(game),
            "side_decks": {deck.id: side_codes(deck) for deck in named_side_decks(game)}}


def judge(showdown: Any, data: Mapping[str, Any], options: Mapping[str, Any]) -> dict:
    return engine.judge(showdown, main_deck=data.get("main_deck") or None)


def composition(game) -> dict[str, int]:
    """The main deck in the engine's notation (the value as a token) with copies."""
    return {str(value): copies for value, copies in main_deck(game).items()}


def simulate(request: SimulationRequest) -> list[dict]:
    """Seeded matches between two named side decks (``options["decks"]``, default the first two).

    ``conserved`` says that every hand card was played at most once and that
    every set that was not void gave its winner exactly one set.
    """
    from deckgen.games.pazaak.sim import simulate_match

    decks = request.data.get("side_decks", {})
    chosen = list(request.options.get("decks") or list(decks)[:2])
    records = []
    for i in range(request.games):
        match = simulate_match([decks[chosen[0]], decks[chosen[1]]], request.seed + i,
                               main_deck=request.data.get("main_deck") or None)
        played = {n: [t for s in match.sets for t in s.tables[k] if not t.isdigit()]
                  for k, n in enumerate(match.names)}
        used_once = all(len(played[n]) <= engine.HAND_SIZE for n in match.names)
        wins = sum(match.set_wins.values()) == sum(1 for s in match.sets if not s.void)
        records.append({"winners": [match.winner], "sets": len(match.sets), "conserved": used_once and wins})
    return records


GAME = register_game(GameDescriptor(
    engine="pazaak",
    title="Pazaak (main deck, side decks)",
    judge=judge,
    players=(2, 2),
    showdown_example=SHOWDOWN_EXAMPLE,
    load_data=load_data,
    composition=composition,
    checks=CHECKS,
    simulate=simulate,
    module=__name__,
))
