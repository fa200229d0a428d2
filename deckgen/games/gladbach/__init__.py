"""Gladbach tournament sabacc: the coloured deck, nine rounds, a chip board.

Modules: ``engine`` (cards, hand values, ranking, the chip settlement,
judging a showdown), ``sim`` (seeded games and the deck-sufficiency check)
and ``checks``.
The board and the ranking card are templates (``templates/gladbach/``); the
ranking rows they print are the ``summary`` of ``data/gladbach/decisions.yaml``,
judged by this engine like every rule example.  This module declares the
game to deckgen.
"""

from __future__ import annotations

from statistics import median
from typing import Any, Mapping

from deckgen.errors import DeckgenError, Problem
from deckgen.games.gladbach import engine, sim
from deckgen.games.gladbach.checks import CHECKS, composition_of, deck_of
from deckgen.games.gladbach import faces
from deckgen.games import schemas
from deckgen.registry import DocumentKind, GameDescriptor, SimulationRequest, register_game

SHOWDOWN_EXAMPLE = """\
players:
  - {name: A, hand: [green:3, red:1]}
  - {name: B, hand: [blue:0, green:2]}
"""


def judge(showdown: Any, data: Mapping[str, Any], options: Mapping[str, Any]) -> dict:
    """The engine's judge, with the deck data's copies of each card (``data["composition"]``)."""
    return engine.judge(showdown, data.get("composition") or None)


def composition(game) -> dict[str, int]:
    deck = deck_of(game)
    return composition_of(deck) if deck else {}


def facts(game) -> dict[str, Any]:
    """Numbers the rule texts quote: players, starting hand, copies of each card, deck size."""
    comp = composition(game) if game is not None else {}
    copies = sorted(set(comp.values()))
    return {"min_players": engine.MIN_PLAYERS, "max_players": engine.MAX_PLAYERS,
            "start_hand": engine.START_HAND_SIZE, "rounds": engine.ROUNDS,
            "copies": copies[0] if len(copies) == 1 else "/".join(map(str, copies)),
            "deck_size": sum(comp.values())}


def load_data(game) -> dict[str, Any]:
    return {"composition": composition(game) if game is not None else {}, "facts": facts(game)}


#: Strategies of ``deckgen simulate gladbach --strategy NAME``, the default first.
STRATEGIES = tuple(sim.STRATEGIES)

SIMULATE_OPTIONS: dict[str, dict[str, Any]] = {
    "bet": {"type": "string", "enum": list(sim.BETS), "default": "fixed",
            "description": "chips a player places each turn: fixed 1, random 1-3, or rising "
                           "(1 in rounds 1-3, 2 in 4-6, 3 in 7-9)"},
    "doubles": {"type": "string", "enum": list(sim.DOUBLES), "default": "roll",
                "description": "the dice after rounds 3 and 6: roll two real dice (a double one time in six), "
                               "always a double, or never"},
    "chips": {"type": "integer", "minimum": 1, "maximum": 10000, "default": sim.START_CHIPS,
              "description": "chips each player starts with"},
}


def simulate(request: SimulationRequest) -> list[dict]:
    """Seeded nine-round games (game ``i`` plays seed ``request.seed + i``), one record each.

    Besides the shared keys (``winners``, ``category`` -- see
    :func:`engine.category` --, ``length`` in rounds, ``money_change``, the
    chips all players together gained, always 0, and ``deck_ran_out``) a
    record holds the ``pot``, the ``payouts`` by seat, the ``dice`` rolled
    after rounds 3 and 6 and how many were ``doubles``, read by :func:`summarize`.
    """
    options = request.options
    strategy = request.strategy or STRATEGIES[0]
    records = []
    for i in range(request.games):
        try:
            result = sim.simulate(request.players, request.seed + i, composition=request.data["composition"],
                                  strategy=strategy, bet=options.get("bet", "fixed"),
                                  doubles=options.get("doubles", "roll"),
                                  start_chips=options.get("chips", sim.START_CHIPS))
        except ValueError as exc:
            raise DeckgenError(Problem.at(f"cannot simulate gladbach: {exc}")) from None
        records.append({"winners": [f"P{s + 1}" for s in result.winners],
                        "category": result.category,
                        "length": len(result.fields),
                        "money_change": sum(result.chips_after) - sum(result.chips_before),
                        "deck_ran_out": result.draw_pile_ran_empty,
                        "pot": result.pot,
                        "payouts": list(result.payouts),
                        "dice": [list(roll) for roll in result.dice],
                        "doubles": result.doubles})
        if request.progress is not None:
            request.progress(1)
    return records


def _expected_doubles(mode: str) -> tuple[float, float]:
    """(chance that one roll is a double, chance of at least one double in a game) for a dice mode."""
    one = {"roll": 1 / 6, "always": 1.0, "never": 0.0}[mode]
    return one, 1 - (1 - one) ** len(engine.DICE_ROUNDS)


def summarize(records: list[dict], request: SimulationRequest) -> dict[str, list[dict]]:
    """The game's own tables: how often the dice gave a double, how large the pot was, how it was paid."""
    n = len(records) or 1
    one, any_ = _expected_doubles(request.options.get("doubles", "roll"))
    dice_rows = []
    for k, rnd in enumerate(engine.DICE_ROUNDS):
        rolled = [r["dice"][k] for r in records if len(r["dice"]) > k]
        dice_rows.append({"dice": f"after round {rnd}: a double",
                          "games": sum(d[0] == d[1] for d in rolled) / (len(rolled) or 1), "expected": one})
    dice_rows.append({"dice": "a double in the game (everyone redrew)",
                      "games": sum(r["doubles"] > 0 for r in records) / n, "expected": any_})
    dice_rows.append({"dice": "two doubles in the game",
                      "games": sum(r["doubles"] > 1 for r in records) / n, "expected": one * one})
    pots = sorted(r["pot"] for r in records) or [0]
    pot_rows = [{"chips": "all nine fields", "average": sum(pots) / len(pots), "min": pots[0],
                 "median": median(pots), "max": pots[-1]}]
    pay_rows = [
        {"pot went to": "one winner", "games": sum(len(r["winners"]) == 1 for r in records) / n},
        {"pot went to": "tied winners, evenly", "games": sum(
            len(r["winners"]) > 1 and r["pot"] % len(r["winners"]) == 0 for r in records) / n},
        {"pot went to": "tied winners, remainder by turn order", "games": sum(
            len(r["winners"]) > 1 and r["pot"] % len(r["winners"]) != 0 for r in records) / n},
    ]
    return {"dice after rounds 3 and 6 (share of games)": dice_rows, "pot (chips)": pot_rows,
            "settlement (share of games)": pay_rows}


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
    simulate_options=SIMULATE_OPTIONS,
    strategies=STRATEGIES,
    length_unit="rounds",
    summarize=summarize,
    card_face=faces.card_face,
    module=__name__,
    showdown_schema=schemas.GLADBACH,
))
