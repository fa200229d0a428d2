"""Classic sabacc: the 76-card deck, the West End Games rules and the local rules of ten locations.

Modules: ``cards`` (card identities and notation), ``locations`` (the
local-rules table and array patterns), ``engine`` (judging a showdown),
``settle`` (the two pots), ``sim`` (a seeded hand with the WEG or dice
shift), ``data`` (what the engine reads from the game's files), ``checks``
and ``documents`` (the local-rules sheet's data).  This module declares the
game to deckgen.
"""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.games.classic import engine
from deckgen.games.classic.checks import CHECKS
from deckgen.games.classic.data import card_token, decks_by_face_set, load_data
from deckgen.games.classic.documents import DOCUMENTS
from deckgen.registry import GameDescriptor, SimulationRequest, register_game

SHOWDOWN_EXAMPLE = """\
players:
  - {name: A, hand: [coins:11, sabers:ace]}
  - {name: B, hand: ["face:idiot", flasks:2, staves:3]}
extra: {}          # optional: sudden-demise cards, one per round, by player
"""


def judge(showdown: Any, data: Mapping[str, Any], options: Mapping[str, Any]) -> dict:
    return engine.judge(showdown, location=options.get("location"), locations=data.get("locations"),
                        compositions=data.get("compositions"))


def composition(game) -> dict[str, int]:
    """The base deck's cards in the engine's notation, with their copies."""
    deck = decks_by_face_set(game).get("classic")
    out: dict[str, int] = {}
    for card in deck.cards if deck else ():
        out[card_token(card)] = out.get(card_token(card), 0) + card.count
    return out


def simulate(request: SimulationRequest) -> list[dict]:
    """Seeded hands from ante to settlement; ``money_change`` is what all holdings gained (always 0)."""
    from deckgen.games.classic.sim import SimConfig, simulate as play

    locations = request.data.get("locations") or {}
    location = request.options.get("location")
    config = SimConfig(players=request.players, shift=request.options.get("shift", "weg"),
                       location=locations.get(location) if location else None)
    records = []
    for i in range(request.games):
        result = play(request.seed + i, config)
        money = result.settlement
        names = [f"P{k + 1}" for k in range(request.players)]
        change = sum(money.net_of(n) for n in names) + money.sabacc_pot_after - money.sabacc_pot_before
        records.append({"winners": list(result.winners), "categories": dict(result.categories),
                        "money_change": change, "shifts": result.shifts})
    return records


GAME = register_game(GameDescriptor(
    engine="classic",
    title="Classic sabacc (West End Games rules, local rules)",
    judge=judge,
    players=(2, 8),
    judge_options={"location": {"type": "string", "description": "the local rules to judge under, a location of "
                                                                   "the game's locations file (e.g. imperial)"}},
    showdown_example=SHOWDOWN_EXAMPLE,
    load_data=load_data,
    composition=composition,
    checks=CHECKS,
    documents=DOCUMENTS,
    simulate=simulate,
    module=__name__,
))
