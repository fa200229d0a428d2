"""Reference engine for classic sabacc (76-card deck, WEG rules, local rules).

Judges a showdown: hand totals, bomb-outs, Pure Sabacc, the Idiot's Array,
a location's special array, the ranking of all hands and sudden demise for
tied winners.  Pure: no file I/O; the local-rules table is passed in as the
dict returned by :func:`parse_locations`.

Ranking (best first), as a key ``(level, magnitude, positive)``:

* level 4 -- Idiot's Array (exactly Idiot + any suit's 2 + any suit's 3)
* level 3 -- the location's special array (exactly its cards; any total)
* level 2 -- Pure Sabacc, total +23 or -23; +23 ranks above -23
* level 1 -- any other total from -22 to 22 except 0: larger |total| is
  better, and at equal |total| the positive total wins
* level 0 -- bombed out (total above 23, below -23, or exactly 0); never wins

Equal keys tie; tied winners go to sudden demise (:func:`resolve`).
Every choice the sources leave open is stated, with judged examples, in
``data/classic/decisions.yaml``.

Settlement of the pots lives in ``settle``, the seeded shift simulator in
``sim``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from deckgen.games.classic.cards import (
    CLASSIC_FACE_VALUES,
    FACE_SETS,
    STANDARD_DECK,
    Card,
    copies_in_deck,
    deck_cards,
    parse_card,
)
from deckgen.games.classic.locations import Location, parse_locations
from deckgen.errors import ShowdownError

__all__ = [
    "BOMBED_OUT",
    "IDIOTS_ARRAY",
    "NORMAL",
    "PURE_SABACC",
    "STANDARD_DECK",
    "Card",
    "Evaluation",
    "Resolution",
    "card_value",
    "deck_cards",
    "deck_rows",
    "evaluate",
    "hand_total",
    "parse_card",
    "parse_hand",
    "parse_locations",
    "resolve",
]

BOMBED_OUT = "bombed out"
NORMAL = "normal"
PURE_SABACC = "pure sabacc"
IDIOTS_ARRAY = "idiot's array"
LIMIT = 23

LEVEL_BOMBED, LEVEL_NORMAL, LEVEL_PURE, LEVEL_LOCATION, LEVEL_IDIOT = range(5)
SPECIAL_LEVEL = LEVEL_PURE  # this level and above win the sabacc pot

# ------------------------------------------------------------------- values


def _location(location: Location | str | None, locations: Mapping[str, Location] | None) -> Location | None:
    if location is None or isinstance(location, Location):
        return location
    if not isinstance(location, str):
        raise ShowdownError(("location",), f"{location!r} is not a location id.")
    if not locations:
        raise ShowdownError(("location",), f"location '{location}' needs the local-rules table, and none was given.")
    if "locations" in locations and not isinstance(locations["locations"], Location):
        locations = parse_locations(locations)  # the raw YAML document was passed
    if location not in locations:
        raise ShowdownError(("location",), f"unknown location '{location}'; known: {', '.join(sorted(locations))}.")
    return locations[location]


def face_set_of(location: Location | None) -> str:
    return location.face_set if location else "classic"


def card_value(card: Card | str, location: Location | None = None) -> int:
    """Value of one card; Cloud City face cards need a location."""
    card = parse_card(card)
    if not card.is_face:
        return card.rank
    face_set = face_set_of(location)
    if card.face not in FACE_SETS[face_set]:
        raise ShowdownError((), f"{card.id} is not in the {face_set} face set used here.")
    if location is None:
        return CLASSIC_FACE_VALUES[card.face]
    return location.face_value(card.face)


def deck_rows(location: Location | None = None) -> list[dict[str, Any]]:
    """The deck as data rows ``{suit, rank, face, value, count}`` for deck checks.

    Same field names as ``data/classic/cards.yaml``: face cards have
    ``suit: face`` and ``rank: None``; suited cards ``face: None``.
    """
    rows: list[dict[str, Any]] = []
    seen: set[Card] = set()
    for card in deck_cards(face_set_of(location)):
        if card in seen:
            continue
        seen.add(card)
        rows.append({
            "suit": "face" if card.is_face else card.suit,
            "rank": None if card.is_face else card.rank,
            "face": card.face or None,
            "value": card_value(card, location),
            "count": copies_in_deck(card, face_set_of(location)),
        })
    return rows


def hand_total(cards: Sequence[Card], location: Location | None = None) -> int:
    return sum(card_value(c, location) for c in cards)


# ------------------------------------------------------------------ ranking


@dataclass(frozen=True)
class Evaluation:
    """A judged hand: its total, category and ranking key (larger is better)."""

    cards: tuple[Card, ...]
    total: int
    category: str
    key: tuple[int, int, int]
    array: str | None = None  # id of a location array

    @property
    def bombed_out(self) -> bool:
        return self.key[0] == LEVEL_BOMBED

    @property
    def special(self) -> bool:
        return self.key[0] >= SPECIAL_LEVEL


def is_idiots_array(cards: Sequence[Card]) -> bool:
    """Exactly an Idiot, a suited 2 and a suited 3."""
    faces = [c for c in cards if c.is_face]
    if len(cards) != 3 or len(faces) != 1 or faces[0].face != "idiot":
        return False
    return sorted(c.rank for c in cards if not c.is_face) == [2, 3]


def is_bomb_total(total: int) -> bool:
    return total > LIMIT or total < -LIMIT or total == 0


def evaluate(cards: Sequence[Card | str], location: Location | None = None) -> Evaluation:
    """Judge one hand (cards as Card objects or tokens) under ``location``."""
    hand = tuple(parse_card(c) for c in cards)
    total = hand_total(hand, location)
    if is_idiots_array(hand):
        return Evaluation(hand, total, IDIOTS_ARRAY, (LEVEL_IDIOT, 0, 0))
    if location is not None and location.array is not None and location.array.matches(hand):
        arr = location.array
        return Evaluation(hand, total, arr.id, (LEVEL_LOCATION, 0, 0), arr.id)
    if abs(total) == LIMIT:
        return Evaluation(hand, total, PURE_SABACC, (LEVEL_PURE, LIMIT, int(total > 0)))
    if is_bomb_total(total):
        return Evaluation(hand, total, BOMBED_OUT, (LEVEL_BOMBED, 0, 0))
    return Evaluation(hand, total, NORMAL, (LEVEL_NORMAL, abs(total), int(total > 0)))


def compare(a: Evaluation, b: Evaluation) -> int:
    """1 if ``a`` beats ``b``, -1 if ``b`` beats ``a``, 0 for a tie."""
    return (a.key > b.key) - (a.key < b.key)


# ------------------------------------------------------------ sudden demise


@dataclass(frozen=True)
class DemiseRound:
    """One sudden-demise round: who took part and their enlarged hands."""

    players: tuple[str, ...]
    hands: tuple[tuple[str, Evaluation], ...]


@dataclass(frozen=True)
class Resolution:
    """Outcome of a showdown after sudden demise.

    ``winners`` holds one name, or several when a tie could not be broken
    because extra cards ran out (``pending`` then names who needs a card),
    or none when every hand bombed out.
    """

    winners: tuple[str, ...]
    evaluations: tuple[tuple[str, Evaluation], ...]
    rounds: tuple[DemiseRound, ...] = ()
    pending: tuple[str, ...] = ()
    special: bool = False
    used_extra: tuple[tuple[str, int], ...] = field(default=())


def resolve(
    hands: Mapping[str, Sequence[Card | str]],
    extra: Mapping[str, Sequence[Card | str]] | None = None,
    location: Location | None = None,
) -> Resolution:
    """Find the winner, running sudden demise for ties (seed 001 rules).

    ``extra[name]`` lists the cards that player receives, one per
    sudden-demise round, in order.  Extra cards of players who never enter a
    sudden demise are ignored.
    """
    extra = {k: [parse_card(c) for c in v] for k, v in (extra or {}).items()}
    evals = {n: evaluate(h, location) for n, h in hands.items()}
    used = {n: 0 for n in hands}
    rounds: list[DemiseRound] = []
    pool = [n for n in hands if not evals[n].bombed_out]

    def result(winners, pending=()):
        special = bool(winners) and evals[winners[0]].special
        return Resolution(tuple(winners), tuple(evals.items()), tuple(rounds), tuple(pending), special,
                          tuple((n, k) for n, k in used.items() if k))

    while pool:
        best = max(evals[n].key for n in pool)
        tied = [n for n in pool if evals[n].key == best]
        pool = [n for n in pool if n not in tied]
        if len(tied) == 1:
            return result(tied)
        current = {n: list(evals[n].cards) for n in tied}
        while True:
            lacking = [n for n in tied if used[n] >= len(extra.get(n, ()))]
            if lacking:
                return result(tied, pending=tied)
            for n in tied:
                current[n].append(extra[n][used[n]])
                used[n] += 1
            now = {n: evaluate(current[n], location) for n in tied}
            rounds.append(DemiseRound(tuple(tied), tuple(now.items())))
            alive = [n for n in tied if not now[n].bombed_out]
            if not alive:
                break  # all bombed out: the best of the others wins
            top = max(now[n].key for n in alive)
            tied = [n for n in alive if now[n].key == top]
            if len(tied) == 1:
                return result(tied)
    return result([])


# -------------------------------------------------------------------- input


def parse_hand(tokens: Any, path: tuple, location: Location | None = None) -> list[Card]:
    """Parse a list of card tokens; faces must belong to the face set in play."""
    if not isinstance(tokens, list):
        raise ShowdownError(path, "a hand must be a list of cards.")
    cards = []
    face_set = face_set_of(location)
    for i, token in enumerate(tokens):
        card = parse_card(token, path + (i,))
        if card.is_face and card.face not in FACE_SETS[face_set]:
            where = f"at {location.id}" if location else "without a location"
            raise ShowdownError(path + (i,), f"{card.id} is not in the {face_set} face set used {where}.")
        cards.append(card)
    return cards


def _check_copies(entries: list[tuple[tuple, Card]], location: Location | None,
                  compositions: Mapping[str, Mapping[Card, int]] | None = None) -> None:
    """No card more often than the deck in play holds it (the printed deck's counts when given)."""
    seen: Counter = Counter()
    face_set = face_set_of(location)
    deck = (compositions or {}).get(face_set)
    for path, card in entries:
        seen[card] += 1
        allowed = deck.get(card, 0) if deck else copies_in_deck(card, face_set)
        if seen[card] > allowed:
            copies = "one copy" if allowed == 1 else f"{allowed} copies"
            raise ShowdownError(path, f"{card.id} appears {seen[card]} times; the deck holds {copies}.")


def _read_showdown(showdown: Any, location: Location | None, compositions=None):
    if not isinstance(showdown, dict):
        raise ShowdownError((), "a showdown must be a mapping with 'players'.")
    players = showdown.get("players")
    if not isinstance(players, list) or not players:
        raise ShowdownError(("players",), "'players' must be a non-empty list.")
    hands: dict[str, list[Card]] = {}
    entries: list[tuple[tuple, Card]] = []
    for i, player in enumerate(players):
        path = ("players", i)
        if not isinstance(player, dict):
            raise ShowdownError(path, "a player must be a mapping with 'name' and 'hand'.")
        name = player.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ShowdownError(path + ("name",), "a player needs a non-empty 'name'.")
        if name in hands:
            raise ShowdownError(path + ("name",), f"the name '{name}' is used twice.")
        if "hand" not in player:
            raise ShowdownError(path + ("hand",), f"player '{name}' needs a 'hand'.")
        cards = parse_hand(player["hand"], path + ("hand",), location)
        if len(cards) < 2:
            raise ShowdownError(path + ("hand",), f"the hand of '{name}' holds {len(cards)} card(s); at least 2 are needed.")
        hands[name] = cards
        entries += [(path + ("hand", j), c) for j, c in enumerate(cards)]
    extra_raw = showdown.get("extra") or {}
    if not isinstance(extra_raw, dict):
        raise ShowdownError(("extra",), "'extra' must map player names to lists of cards.")
    extra: dict[str, list[Card]] = {}
    for name, tokens in extra_raw.items():
        if name not in hands:
            raise ShowdownError(("extra", name), f"'{name}' is not a player of this showdown.")
        extra[name] = parse_hand(tokens, ("extra", name), location)
        entries += [(("extra", name, j), c) for j, c in enumerate(extra[name])]
    _check_copies(entries, location, compositions)
    return hands, extra


def _eval_json(name: str, ev: Evaluation) -> dict:
    out = {
        "name": name,
        "cards": [c.id for c in ev.cards],
        "total": ev.total,
        "category": ev.category,
        "rank": list(ev.key),
        "bombed_out": ev.bombed_out,
    }
    if ev.array:
        out["array"] = ev.array
    return out


def judge(showdown: Any, location: Location | str | None = None,
          locations: Mapping[str, Location] | None = None,
          compositions: Mapping[str, Mapping[Card, int]] | None = None) -> dict:
    """Judge a showdown document.

    ``showdown`` is ``{"players": [{"name": "A", "hand": ["coins:11", "sabers:ace"]}, ...],
    "extra": {"A": ["flasks:2"]}, "location": "imperial"}`` (``extra``: the
    cards a tied player receives, one per sudden-demise round; ``location``
    optional, the argument wins).  ``compositions`` (face set -> card ->
    copies, from the printed decks) limits how often a card may appear;
    without it the standard 76-card deck does.  The result holds ``winners``
    (several if a tie is left open because extra cards ran out -- then
    ``needs_extra`` names them; none if every hand bombed out),
    ``sabacc_pot_won``, per player ``total``, ``category`` and ``rank`` (the
    key [level, magnitude, positive]; larger is better) and the
    ``sudden_demise`` rounds.
    """
    if location is None and isinstance(showdown, dict):
        location = showdown.get("location")
    loc = _location(location, locations)
    hands, extra = _read_showdown(showdown, loc, compositions)
    res = resolve(hands, extra, loc)
    evals = dict(res.evaluations)
    return {
        "game": "classic",
        "location": loc.id if loc else None,
        "winners": list(res.winners),
        "winning_category": evals[res.winners[0]].category if res.winners else None,
        "sabacc_pot_won": res.special,
        "tied": len(res.winners) > 1,
        "needs_extra": list(res.pending),
        "bombed_out": [n for n, ev in res.evaluations if ev.bombed_out],
        "players": [_eval_json(n, ev) for n, ev in res.evaluations],
        "sudden_demise": [
            {"players": list(r.players), "hands": [_eval_json(n, ev) for n, ev in r.hands]} for r in res.rounds
        ],
    }
