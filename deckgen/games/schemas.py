"""The JSON Schemas of the bundled engines' judge input (showdowns and match records).

One schema per engine, published by ``deckgen schema`` as
``showdown.ENGINE.schema.json`` and checked by
:mod:`deckgen.showdown_schema` before the engine reads a document: keys,
types and sizes.  What depends on the rules (card notation, copies in the
deck, who may call) stays with each engine.  Building blocks here; each
game's ``__init__`` hands its schema to its descriptor.
"""

from __future__ import annotations

from typing import Any

SCHEMA_URI = "https://json-schema.org/draft/2020-12/schema"

#: a player's name at the table
NAME = {"type": "string", "minLength": 1, "maxLength": 200, "description": "a player's name, text"}
#: a whole number of chips a rule may hold (big enough for any table, small enough for any arithmetic)
CHIPS = {"type": "integer", "minimum": 0, "maximum": 1_000_000, "description": "chips, 0 or more"}


def strict(properties: dict[str, Any], required: tuple[str, ...] = (), description: str | None = None,
           **more: Any) -> dict[str, Any]:
    """A mapping with exactly these keys (an unknown key is refused)."""
    out: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        out["required"] = list(required)
    if description:
        out["description"] = description
    out.update(more)
    return out


def listing(items: dict[str, Any], description: str, low: int = 0, high: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "array", "items": items, "description": description}
    if low:
        out["minItems"] = low
    if high is not None:
        out["maxItems"] = high
    return out


def document(title: str, body: dict[str, Any]) -> dict[str, Any]:
    return {"$schema": SCHEMA_URI, "title": title, **body}


# ------------------------------------------------------------------ classic

_CLASSIC_CARD = {"type": ["string", "integer"],
                 "description": "a card: SUIT:RANK or face:NAME (76-card deck), a rank 1-6 or ace (42-card deck)"}
_CLASSIC_CARDS = listing(_CLASSIC_CARD, "a list of cards", high=64)

CLASSIC = document("a classic sabacc showdown (deckgen judge classic)", strict({
    "players": listing(strict({"name": NAME, "hand": _CLASSIC_CARDS,
                               "field": {**_CLASSIC_CARDS, "description": "dice rules: the hand's cards in the "
                                                                         "disruptor field"}},
                              required=("name", "hand"), description="a player: name and hand"),
                       "the players at the table", low=1, high=64),
    "extra": {"type": ["object", "null"], "additionalProperties": _CLASSIC_CARDS,
              "description": "sudden-demise cards: player name -> list of cards"},
    "location": {"type": "string", "description": "the local rules (a location id)"},
    "caller": {**NAME, "description": "the player who called the hand"},
    "wild": listing({"type": ["string", "integer"]}, "42-card deck: the two wild ranks", high=8),
    "clone": {"type": ["string", "integer"], "description": "42-card deck: the clone rank"},
}, required=("players",), description="a showdown: players, and optionally extra, location, caller"))

# ------------------------------------------------------------------ gladbach

_GLADBACH_CARDS = listing({"type": "string", "description": "a card, COLOUR:N like green:3"},
                          "a hand: a list of cards like green:3", low=1, high=64)

GLADBACH = document("a Gladbach sabacc showdown (deckgen judge gladbach)", strict({
    "players": listing(strict({"name": NAME, "hand": _GLADBACH_CARDS,
                               "chips": listing(CHIPS, "chips placed on the fields of rounds 1, 2, ...", high=64)},
                              required=("name", "hand"), description="a player: name, hand and optionally chips"),
                       "the players at the table", low=1, high=64),
    "payouts": {"type": "object", "additionalProperties": CHIPS,
                "description": "player name -> the chips you expect the settlement to pay"},
}, required=("players",), description="a showdown: players, and optionally payouts"))

# ------------------------------------------------------------------ pazaak

_PAZAAK_TOKEN = {"type": ["string", "integer"], "description": "a card: a main-deck number 1-10 or a side card "
                                                               "like +2, -3, +/-1:-1"}
_PAZAAK_TABLE = listing(_PAZAAK_TOKEN, "the cards on the table, in the order laid", high=64)
_PAZAAK_SET = strict({"players": listing(strict({"name": NAME, "table": _PAZAAK_TABLE}, required=("name", "table"),
                                                description="a player of a set: name and table"),
                                         "the two players and their tables", low=1, high=64)},
                     required=("players",), description="a set: {players: [{name, table}, {name, table}]}")
_PAZAAK_MATCH = strict({
    "players": listing(strict({"name": NAME,
                               "hand": listing({"type": ["string", "integer"]}, "the side cards in hand", high=64),
                               "side_deck": {"type": ["string", "array"], "items": {"type": ["string", "integer"]},
                                             "maxItems": 64,
                                             "description": "a named side deck or a list of side cards"}},
                              required=("name", "hand"), description="a match player: name, hand, side_deck"),
                       "the two players of the match", low=1, high=64),
    "sets": listing(_PAZAAK_SET, "the sets played, in order", low=1, high=1000),
}, required=("players", "sets"), description="a match record: players (name, hand, side_deck) and sets")

PAZAAK = document("a Pazaak set or match record (deckgen judge pazaak)", {
    "if": {"anyOf": [{"type": "object", "required": ["sets"]},
                     {"type": "object", "required": ["players"],
                      "properties": {"players": {"type": "array",
                                                 "contains": {"type": "object", "required": ["hand"]}}}}]},
    "then": _PAZAAK_MATCH,
    "else": _PAZAAK_SET,
})

# ------------------------------------------------------------------ archeon

_DIE = {"type": "integer", "minimum": 1, "maximum": 6, "description": "a die, 1 to 6"}
_ARCHEON_CARD = {"anyOf": [
    {"type": "string", "description": "an archive card id"},
    strict({"card": {"type": "string", "description": "an archive card id"},
            "family": {"type": "string", "description": "blood or sand"},
            "value": {"type": "integer", "description": "a value, 1 to 6"},
            "impostor": {"type": "boolean"}, "sylop": {"type": "boolean"},
            "sign": {"type": "string"}, "era": {"type": "string"},
            "dice": listing(_DIE, "the dice an Impostor rolled", high=6),
            "choose": {"type": "integer", "description": "the die chosen"}},
           description="a card: {family, value | impostor | sylop, sign, era} or {card: ID, dice, choose}"),
], "description": "a card: an archive id or a mapping of attributes"}
_ARCHEON_PLAY = strict({"ability": {"type": "string"}, "sign": {"type": "string"},
                        "tier": {"type": "integer", "description": "a tier, 1 to 3"},
                        "target": NAME, "card": {"type": "string", "description": "blood or sand"},
                        "by": {"type": "integer", "minimum": -6, "maximum": 6},
                        "cancel": {"type": "string", "description": "the token to cancel, or planet"}},
                       description="an entourage card acting at the reveal: {ability: NAME, tier: N, ...}")
_ARCHEON_TOKEN = {"anyOf": [
    {"type": "string", "description": "a token's name"},
    strict({"name": {"type": "string"}, "by": NAME, "target": NAME, "value": {"type": "integer"},
            "dice": listing(_DIE, "the two dice rolled", high=6), "choose": {"type": "integer"}},
           required=("name",), description="a token: {name, by, target, value | dice + choose}"),
], "description": "a token: its name or {name: NAME, by: PLAYER, target: PLAYER}"}

ARCHEON_PLAYER_PROPERTIES: dict[str, Any] = {
    "name": NAME,
    "hand": listing(_ARCHEON_CARD, "a hand: one Blood and one Sand card", high=16),
    "chips": CHIPS,
    "entourage": listing(_ARCHEON_PLAY, "the entourage cards played this round", high=64),
    "stake": {"type": "string", "description": "an archive card staked on the round"},
    "drew": {"type": "boolean", "description": "whether the player drew this round"},
}
ARCHEON_TOP_PROPERTIES: dict[str, Any] = {
    "players": None,  # filled below
    "planet": {"type": "string", "description": "the round's planet, by its English name in kebab case"},
    "round": {"type": "integer", "minimum": 1, "maximum": 1000, "description": "the round, 1 or more"},
    "multiplier": {"type": "integer", "description": "the spike's multiplier"},
    "tokens": listing(_ARCHEON_TOKEN, "the tokens played", high=64),
    "bank": CHIPS,
    "bakura": {"enum": ["blood", "sand"], "description": "the family passed on Bakura"},
    "talk": None,  # filled below
}
_CLAIM = {"anyOf": [
    {"type": "string", "description": "an archive card id"},
    strict({"family": {"type": "string", "description": "blood or sand"},
            "value": {"type": "integer", "description": "a value, 1 to 6"},
            "impostor": {"type": "boolean"}, "sylop": {"type": "boolean"},
            "sign": {"type": "string"}, "era": {"type": "string"}},
           required=("family",), description="the card named: {family, value | impostor | sylop, sign, era}"),
], "description": "the card named aloud"}
_WRONG = {"type": "string", "description": "who was wrong (a player, or nobody): checked against the judge"}
ARCHEON_TALK = listing({"anyOf": [
    strict({"declare": NAME, "card": _CLAIM, "check": NAME, "shown": _ARCHEON_CARD,
            "forced": {"type": "boolean", "description": "a declaration the round made (Bothawui, Order)"},
            "wrong": _WRONG},
           required=("declare", "card"), description="a declaration: {declare: PLAYER, card: ..., check: PLAYER}"),
    strict({"plant": NAME, "to": NAME, "card": _CLAIM, "planted": _ARCHEON_CARD,
            "answer": {"enum": ["believe", "liar"]}, "wrong": _WRONG},
           required=("plant", "to", "card", "answer"),
           description="a plant: {plant: PLAYER, to: PLAYER, card: ..., answer: believe or liar}"),
], "description": "a declaration or a plant"}, "the table talk of the round, in order", high=256)


def archeon_schema() -> dict[str, Any]:
    """The Archeon showdown schema (its player and top-level keys from the two tables above)."""
    top = dict(ARCHEON_TOP_PROPERTIES)
    top["talk"] = ARCHEON_TALK
    top["players"] = listing(strict(dict(ARCHEON_PLAYER_PROPERTIES), required=("name", "hand"),
                                    description="a player: name, hand, and optionally chips, entourage, stake"),
                             "the players at the table", low=1, high=64)
    return document("a Sabacc Archeon showdown (deckgen judge archeon)",
                    strict(top, required=("players",), description="a showdown: players, planet, round, tokens"))


ARCHEON = archeon_schema()
