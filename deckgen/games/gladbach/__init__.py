"""Gladbach tournament sabacc: the coloured deck, nine rounds, a chip board.

Modules: ``engine`` (cards, hand values, ranking, judging a showdown),
``sim`` (seeded games and the deck-sufficiency check) and ``checks``.
The board and the ranking card are templates (``templates/gladbach/``); the
ranking rows they print are the ``summary`` of ``data/gladbach/decisions.yaml``,
judged by this engine like every rule example.  This module declares the
game to deckgen.
"""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.games.gladbach import engine
from deckgen.games.gladbach.checks import CHECKS, composition_of, deck_of
from deckgen.registry import DocumentKind, GameDescriptor, SimulationRequest, register_game

SHOWDOWN_EXAMPLE = """\
players:
  - {name: A, hand: [green:3, red:1]}
  - {name: B, hand: [blue:0, green:2]}
"""


def judge(showdown: Any, data: Mapping[str, Any], options: Mapping[str, Any]) -> dict:
    return engine.judge(showdown)


def composition(game) -> dict[str, int]:
    deck = deck_of(game)
    return composition_of(deck) if deck else {}


def facts(game) -> dict[str, Any]:
    """Numbers the rule texts quote: players, starting hand, copies of each card, deck size."""
    comp = composition(game) if game is not None else {}
    copies = sorted(set(comp.values()))
    return {"min_players": 2, "max_players": engine.MAX_PLAYERS, "start_hand": engine.START_HAND_SIZE,
            "copies": copies[0] if len(copies) == 1 else "/".join(map(str, copies)),
            "deck_size": sum(comp.values())}


def load_data(game) -> dict[str, Any]:
    return {"composition": composition(game) if game is not None else {}, "facts": facts(game)}


def simulate(request: SimulationRequest) -> list[dict]:
    """Seeded nine-round games; ``money_change`` is the chips gained by all players together (always 0)."""
    from deckgen.games.gladbach.sim import simulate as play

    records = []
    for i in range(request.games):
        result = play(request.players, request.seed + i, composition=request.data["composition"],
                      strategy=request.options.get("strategy", "greedy"))
        records.append({"winners": [f"P{s + 1}" for s in result.winners],
                        "money_change": sum(result.chips_after) - sum(result.chips_before),
                        "draw_pile_ran_empty": result.draw_pile_ran_empty})
    return records


GAME = register_game(GameDescriptor(
    engine="gladbach",
    title="Gladbach tournament sabacc (coloured deck)",
    judge=judge,
    players=(2, engine.MAX_PLAYERS),
    showdown_example=SHOWDOWN_EXAMPLE,
    load_data=load_data,
    composition=composition,
    checks=CHECKS,
    documents={
        # the round board: one A3 sheet (Tabloid for Letter) or two sheets of the chosen paper, glued
        "gladbach-board": DocumentKind(template="board.svg.j2", page=(277.0, 360.0), prints=("large", "tiled"),
                                       stem="board", safe=8.0, options={"overlap_mm": 10}),
    },
    simulate=simulate,
    module=__name__,
))
