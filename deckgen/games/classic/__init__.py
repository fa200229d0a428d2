"""Classic sabacc: the 76-card deck, the West End Games rules and the local rules of ten locations.

Modules: ``cards`` (card identities and notation), ``locations`` (the
local-rules table and array patterns), ``engine`` (judging a showdown),
``rules`` (the WEG and dice rule sets and their variants), ``turns``
(drawing, the disruptor field, who may call), ``betting``, ``settle`` (the
two pots), ``sim`` (a seeded hand under either rule set), ``strategies``,
``simulation`` (``deckgen simulate``'s options, records and tables),
``data`` (what the engine reads from the game's files), ``checks`` and
``documents`` (the local-rules sheet's data).  This module declares the
game to deckgen.
"""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.games.classic import adapted42, engine
from deckgen.games.classic.checks import CHECKS
from deckgen.games.classic.data import card_token, decks_by_face_set, load_data
from deckgen.games.classic.documents import DOCUMENTS
from deckgen.games.classic.engine import MAX_PLAYERS, MIN_PLAYERS
from deckgen.games.classic.rules import FIELD_MODES, RULE_SETS
from deckgen.games.classic.simulation import SIMULATE_OPTIONS, simulate, summarize
from deckgen.games.classic.strategies import STRATEGY_NAMES
from deckgen.games.classic import faces, rulebook
from deckgen.games import schemas
from deckgen.errors import ShowdownError
from deckgen.registry import GameDescriptor, register_game

SHOWDOWN_EXAMPLE = """\
players:
  - {name: A, hand: [coins:11, sabers:ace]}
  - {name: B, hand: ["face:idiot", flasks:2, staves:3]}
extra: {}          # optional: sudden-demise cards, one per round, by player
# caller: A        # optional: who called the hand (pays the penalty if not winning; both decks)
"""


def judge(showdown: Any, data: Mapping[str, Any], options: Mapping[str, Any]) -> dict:
    if options.get("deck") == adapted42.DECK_ID:  # the 42-card adaptation from two poker decks
        for name in ("rules", "field"):
            if options.get(name) is not None:
                raise ShowdownError((name,), "the rule sets and the disruptor field belong to the 76-card deck; "
                                             "the 42-card deck plays the WEG calls alone")
        return adapted42.judge(showdown, composition=data.get(adapted42.DECK_ID), location=options.get("location"))
    return engine.judge(showdown, location=options.get("location"), locations=data.get("locations"),
                        compositions=data.get("compositions"), rules=options.get("rules"),
                        field=options.get("field"))


def composition(game) -> dict[str, int]:
    """The base deck's cards in the engine's notation, with their copies."""
    deck = decks_by_face_set(game).get("classic")
    out: dict[str, int] = {}
    for card in deck.cards if deck else ():
        out[card_token(card)] = out.get(card_token(card), 0) + card.count
    return out


GAME = register_game(GameDescriptor(
    engine="classic",
    title="Classic sabacc (West End Games rules, local rules)",
    judge=judge,
    players=(MIN_PLAYERS, MAX_PLAYERS),
    judge_options={"location": {"type": "string", "description": "the local rules to judge under, a location of "
                                                                   "the game's locations file (e.g. imperial)"},
                   "rules": {"enum": list(RULE_SETS), "description": "the rule set: weg (default) or dice (seed "
                                                                     "001; players may list their field cards)"},
                   "field": {"enum": list(FIELD_MODES), "description": "dice rules: private, or hold-em (every "
                                                                       "player may use the others' field cards)"},
                   "deck": {"enum": ["classic", adapted42.DECK_ID], "default": "classic",
                            "description": "the deck whose rules judge: classic (76 cards) or adapted-42 (two poker "
                                           "decks, target 11, wild and clone ranks)"}},
    showdown_example=SHOWDOWN_EXAMPLE,
    load_data=adapted42.with_deck_counts(load_data),
    composition=composition,
    checks=CHECKS,
    documents=DOCUMENTS,
    simulate=simulate,
    simulate_options=SIMULATE_OPTIONS,
    strategies=STRATEGY_NAMES,
    length_unit="rounds",
    summarize=summarize,
    card_face=faces.card_face,
    rulebook_tables=rulebook.TABLES,
    module=__name__,
    showdown_schema=schemas.CLASSIC,
))
