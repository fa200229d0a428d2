"""``deckgen simulate classic``: the options, one record per simulated hand, and the game's own tables.

Each simulated game is one hand (:func:`deckgen.games.classic.sim.simulate`)
with seed ``request.seed + i``; the table carries the sabacc pot given by
``--sabacc-pot`` into every hand (0 by default: the pot is empty, so the
ante fills it).  Options choose the rule set (``--rules weg`` or ``dice``),
the location and the agreed variants; ``--strategy`` names how the seats
play (:mod:`~deckgen.games.classic.strategies`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from deckgen.errors import DeckgenError, Problem, ShowdownError
from deckgen.games.classic.rules import DICE_COUNTS, DICE_SIDES, FIELD_MODES, RULE_SETS, rules_from_options
from deckgen.games.classic.settle import SABACC_POT
from deckgen.games.classic.sim import UNCONTESTED, SimConfig, SimResult, simulate as play_hand
from deckgen.games.classic.strategies import STRATEGY_NAMES
from deckgen.games.classic.adapted42 import DECK_ID as DECK_42
from deckgen.games.classic.bundled import adapted_42_composition
from deckgen.games.classic.cards import Card
from deckgen.games.classic.engine import face_set_of
from deckgen.games.classic.sim42 import Deck42Config, simulate as play_hand_42
from deckgen.registry import SimulationRequest

#: the most pot-building rounds a simulation takes (a hand nobody may call for a thousand rounds is no game)
MAX_POT_BUILDING = 1000
#: rounds a simulated hand may go on after the pot-building ones before a call is forced, by default
EXTRA_ROUNDS = 15
#: the most rounds a simulated hand may last
MAX_ROUNDS = MAX_POT_BUILDING + 100

SIMULATE_OPTIONS: dict[str, dict[str, Any]] = {
    "rules": {"enum": list(RULE_SETS), "description": "the rule set: weg (West End Games, the default) or dice "
                                                      "(the dice adaptation of seed 001)"},
    "location": {"type": "string", "description": "the local rules to play under (e.g. imperial): face values, "
                                                  "special array and discard limits"},
    "bet-cap": {"type": "integer", "minimum": 1, "description": "the largest bet or raise (weg: 3; dice: no cap)"},
    "penalty": {"type": "integer", "minimum": 0, "description": "a fixed bomb-out penalty instead of the main pot's "
                                                                "value"},
    "pot-building": {"type": "integer", "minimum": 0, "maximum": MAX_POT_BUILDING,
                     "description": "complete rounds before the hand may be called (weg: 1, at least 1; dice: 4; "
                                    f"at most {MAX_POT_BUILDING})"},
    "rounds": {"type": "integer", "minimum": 1, "maximum": MAX_ROUNDS,
               "description": "the round in which the first player allowed to call must call (neither seed sets "
                              f"one; default: {EXTRA_ROUNDS} rounds after the pot-building ones; at most "
                              f"{MAX_ROUNDS})"},
    "dice": {"type": "integer", "enum": list(DICE_SIDES), "description": "dice rules: sides of the shift dice"},
    "dice-count": {"type": "integer", "enum": list(DICE_COUNTS), "description": "dice rules: 2 dice (a shift on a "
                                                                               "match) or 1 die (a shift on a 1)"},
    "field": {"enum": list(FIELD_MODES), "description": "dice rules: private, or hold-em (field cards are "
                                                        "community cards at the reveal)"},
    "sabacc-pot": {"type": "integer", "minimum": 0, "maximum": 1_000_000,
                   "description": "the sabacc pot carried into every hand (default 0: empty)"},
    "deck": {"enum": ["classic", DECK_42], "default": "classic",
             "description": "the deck: classic (76 cards) or adapted-42 (two poker decks, target 11, wild and "
                            "clone ranks; WEG calls, no bets)"},
}
#: options the 42-card deck does not play (they belong to the 76-card deck's rules and betting)
NOT_42 = ("location", "bet-cap", "dice", "dice-count", "field")


def _option_error(option: str, message: str) -> DeckgenError:
    return DeckgenError(Problem(None, None, None, f"--{option}", message))


def config_from(request: SimulationRequest) -> SimConfig:
    """The table the request describes; a bad option is a DeckgenError naming it."""
    options = request.options
    try:
        rules = rules_from_options(options)
    except ShowdownError as exc:
        raise _option_error(str(exc.path[0]) if exc.path else "rules", exc.message) from None
    locations = request.data.get("locations") or {}
    name = options.get("location")
    if name is not None and name not in locations:
        raise _option_error("location", f"unknown location {name!r} (known: {', '.join(sorted(locations)) or 'none'})")
    rounds = options.get("rounds", rules.pot_building + EXTRA_ROUNDS)
    if rounds <= rules.pot_building:
        raise _option_error("rounds", f"the hand must go on after its {rules.pot_building} pot-building round(s): "
                                      f"give --rounds {rules.pot_building + 1} or more")
    location = locations.get(name) if name else None
    return SimConfig(players=request.players, rules=rules, location=location,
                     strategy=request.strategy, sabacc_pot=int(options.get("sabacc-pot", 0)), max_rounds=rounds,
                     deck=deck_from(request.data.get("compositions"), face_set_of(location)))


def deck_from(compositions: Mapping[str, Mapping[Card, int]] | None, face_set: str) -> tuple[Card, ...]:
    """The physical cards of the game's printed deck of ``face_set``, in its data's order (empty without data)."""
    counts = (compositions or {}).get(face_set) or {}
    return tuple(card for card, copies in counts.items() for _ in range(copies))


def config_42(request: SimulationRequest, table: SimConfig) -> Deck42Config:
    """The 42-card table of the request; an option the 42-card deck does not play is an error naming it."""
    for option in NOT_42:
        if request.options.get(option) is not None:
            raise _option_error(option, "belongs to the 76-card deck; the 42-card deck (--deck adapted-42) "
                                        f"does not play it")
    if table.rules.uses_dice:
        raise _option_error("rules", "the 42-card deck plays the WEG turns and calls, not the dice rules")
    composition = request.data.get(DECK_42) or adapted_42_composition()
    return Deck42Config(table, dict(composition))


def record_of(result: SimResult) -> dict[str, Any]:
    """What one hand reports to ``deckgen simulate`` (the shared keys and classic's own)."""
    money = result.settlement
    names = [n for n, _ in result.hands]
    net = {n: money.net_of(n) for n in names}
    change = sum(net.values()) + money.sabacc_pot_after - money.sabacc_pot_before
    return {
        "winners": list(result.winners),
        "category": result.category,
        "length": result.rounds,
        "money_change": change,
        "deck_ran_out": result.deck_ran_out,
        "main_pot": money.main_pot,
        "sabacc_pot_won": any(f.payer == SABACC_POT and f.payee in net for f in money.flows),
        "sabacc_pot_after": money.sabacc_pot_after,
        "caller": result.caller,
        "caller_lost": result.caller is not None and result.caller not in result.winners,
        "folds": len(result.folded),
        "shifts": result.shifts,
        "bombed_out": sum(1 for _, c in result.categories if c == "bombed out"),
        "net": net,
        "strategies": list(result.strategies),
    }


def simulate(request: SimulationRequest) -> list[dict]:
    """One record per hand, seeded ``request.seed + i``; ``money_change`` is always 0."""
    table = config_from(request)
    play: Callable[[int], SimResult]
    if request.options.get("deck") == DECK_42:
        deck_42 = config_42(request, table)
        play = lambda seed: play_hand_42(seed, deck_42)  # noqa: E731
    else:
        play = lambda seed: play_hand(seed, table)  # noqa: E731
    records = []
    for i in range(request.games):
        records.append(record_of(play(request.seed + i)))
        if request.progress is not None:
            request.progress(1)
    return records


def _average(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _share(fraction: float) -> str:
    return f"{100 * fraction:.1f} %"


def summarize(records: list[dict], request: SimulationRequest) -> Mapping[str, list[dict]]:
    """Classic's own tables: the pots, calls, folds and shifts per hand, and the money by seat."""
    shown = [r for r in records if r["category"] != UNCONTESTED]
    called = [r for r in records if r["caller"] is not None]
    rows = [
        ("main pot at the end of the hand (credits)", f"{_average([r['main_pot'] for r in records]):.2f}"),
        ("sabacc pot won", _share(_average([r["sabacc_pot_won"] for r in records]))),
        ("sabacc pot after the hand (credits)", f"{_average([r['sabacc_pot_after'] for r in records]):.2f}"),
        ("won uncontested (everybody else folded)", _share(_average([r["category"] == UNCONTESTED for r in records]))),
        ("called hands the caller lost", _share(_average([r["caller_lost"] for r in called])) if called else "-"),
        ("bomb-outs per showdown", f"{_average([r['bombed_out'] for r in shown]):.2f}"),
        ("folds per hand", f"{_average([r['folds'] for r in records]):.2f}"),
        ("shifts per hand", f"{_average([r['shifts'] for r in records]):.2f}"),
    ]
    seats = [f"P{k + 1}" for k in range(request.players)]
    by_seat = [{"seat": seat,
                "strategy": records[0]["strategies"][k] if records else STRATEGY_NAMES[0],
                "net credits per hand": f"{_average([r['net'][seat] for r in records]):+.2f}"}
               for k, seat in enumerate(seats)]
    return {"per hand": [{"measure": m, "value": v} for m, v in rows], "money by seat": by_seat}
