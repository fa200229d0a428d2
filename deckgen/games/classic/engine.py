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

Equal keys tie; tied winners go to sudden demise (:func:`resolve`): each
tied player gets one more card and the best new hand wins; a new tie plays
on; when every player of a round bombs out, the next best hand of the round
before wins (a live hand is never dropped).  Under the dice rules' "hold
'em" field a player may add any cards of the other players' disruptor
fields to the hand (:func:`best_evaluation`).  A table seats 2 to 8
players.  Every choice the sources leave open is stated, with judged
examples, in ``data/classic/decisions.yaml``.

The rule sets live in ``rules``, settlement of the pots in ``settle``, the
seeded simulator in ``sim``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations
from typing import Any, Mapping, Sequence

from deckgen.games.classic.cards import (
    Card,
    classic_face_values,
    copies_in_deck,
    deck_cards,
    face_sets,
    parse_card,
    standard_deck,
)
from deckgen.games.classic.locations import Location, parse_locations
from deckgen.games.classic.rules import DICE, Rules, make_rules
from deckgen.errors import ShowdownError

__all__ = [
    "BOMBED_OUT",
    "IDIOTS_ARRAY",
    "NORMAL",
    "PURE_SABACC",
    "Card",
    "Evaluation",
    "Resolution",
    "best_evaluation",
    "card_value",
    "deck_cards",
    "deck_rows",
    "evaluate",
    "hand_total",
    "parse_card",
    "parse_hand",
    "parse_locations",
    "resolve",
    "standard_deck",
]

BOMBED_OUT = "bombed out"
NORMAL = "normal"
PURE_SABACC = "pure sabacc"
IDIOTS_ARRAY = "idiot's array"
LIMIT = 23
MIN_PLAYERS, MAX_PLAYERS = 2, 8  # seed 001: "between 2 and 8 players"
IDIOTS_ARRAY_SIZE = 3

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
    if card.face not in face_sets()[face_set]:
        raise ShowdownError((), f"{card.id} is not in the {face_set} face set used here.")
    if location is None:
        return classic_face_values()[card.face]
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
    borrowed: tuple[Card, ...] = ()  # hold 'em: cards of other players' fields used in this hand

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
    category, key = total_category(total)
    return Evaluation(hand, total, category, key)


def total_category(total: int) -> tuple[str, tuple[int, int, int]]:
    """Category and ranking key of a hand that is no array, from its total alone."""
    if abs(total) == LIMIT:
        return PURE_SABACC, (LEVEL_PURE, LIMIT, int(total > 0))
    if is_bomb_total(total):
        return BOMBED_OUT, (LEVEL_BOMBED, 0, 0)
    return NORMAL, (LEVEL_NORMAL, abs(total), int(total > 0))


def compare(a: Evaluation, b: Evaluation) -> int:
    """1 if ``a`` beats ``b``, -1 if ``b`` beats ``a``, 0 for a tie."""
    return (a.key > b.key) - (a.key < b.key)


#: every total that does not bomb out, the best first (+23, -23, 22, -22, ..., 1, -1)
LIVE_TOTALS_BEST_FIRST = tuple(sign * m for m in range(LIMIT, 0, -1) for sign in (1, -1))


@lru_cache(maxsize=4096)
def _pool_totals(pool: tuple[Card, ...], location: Location | None) -> dict[int, tuple[Card, ...]]:
    """Every total a subset of ``pool`` can add, with one subset that adds it (read only)."""
    reachable: dict[int, tuple[Card, ...]] = {0: ()}
    for card in pool:
        value = card_value(card, location)
        for subtotal, picked in list(reachable.items()):
            reachable.setdefault(subtotal + value, picked + (card,))
    return reachable


def best_evaluation(own: Sequence[Card | str], pool: Sequence[Card | str] = (),
                    location: Location | None = None) -> Evaluation:
    """The best hand of ``own`` cards plus any of the ``pool`` cards (hold 'em field), judged.

    Arrays need an exact set of cards, so only the few ways to complete one
    are tried; every other hand counts by its total alone, so one set of
    pool cards per reachable total is enough.  Without a pool this is
    :func:`evaluate`.  ``borrowed`` of the result names the pool cards used
    (none when the own cards alone are as good).
    """
    own_cards = tuple(parse_card(c) for c in own)
    best = evaluate(own_cards, location)
    pool_cards = tuple(parse_card(c) for c in pool)
    if not pool_cards:
        return best
    candidates: list[tuple[Card, ...]] = []
    sizes = {IDIOTS_ARRAY_SIZE} | ({location.array.size} if location and location.array else set())
    for size in sorted(sizes):
        if size > len(own_cards):
            candidates.extend(combinations(pool_cards, size - len(own_cards)))
    reachable = _pool_totals(pool_cards, location)
    base = hand_total(own_cards, location)
    target = next((t for t in LIVE_TOTALS_BEST_FIRST if t - base in reachable), None)
    if target is not None:
        candidates.append(reachable[target - base])
    for picked in candidates:
        trial = evaluate(own_cards + picked, location)
        if trial.key > best.key:
            best = replace(trial, borrowed=picked)
    return best


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
    because extra cards ran out (``pending`` then names who lacks a card),
    or none when every hand bombed out.
    """

    winners: tuple[str, ...]
    evaluations: tuple[tuple[str, Evaluation], ...]
    rounds: tuple[DemiseRound, ...] = ()
    pending: tuple[str, ...] = ()
    special: bool = False
    used_extra: tuple[tuple[str, int], ...] = field(default=())


def _pools(hands: Mapping[str, Any], community: Mapping[str, Sequence[Card | str]] | None) -> dict[str, tuple]:
    """Per player, the cards of the other players' fields that the player may add (hold 'em)."""
    shown = {n: tuple(parse_card(c) for c in (community or {}).get(n, ())) for n in hands}
    return {n: tuple(c for other in hands if other != n for c in shown[other]) for n in hands}


def resolve(
    hands: Mapping[str, Sequence[Card | str]],
    extra: Mapping[str, Sequence[Card | str]] | None = None,
    location: Location | None = None,
    community: Mapping[str, Sequence[Card | str]] | None = None,
) -> Resolution:
    """Find the winner, running sudden demise for ties (seed 001 rules).

    ``extra[name]`` lists the cards that player receives, one per
    sudden-demise round the player takes part in, in order; cards left over
    are never dealt.  The best live hand wins; tied best hands play a
    sudden-demise round with one more card each, and the round is judged
    the same way.  Only when every player of a round bombs out does the
    next best live hand of the round before win (at the first level: the
    next best hand of the showdown), so a live hand is never dropped.

    ``community`` (the hold 'em field): per player, the field cards that
    player shows; every other player may add any of them to the hand.  The
    choice is made once, at the showdown: a sudden-demise card joins the
    hand as it was shown.
    """
    dealt = {k: [parse_card(c) for c in v] for k, v in (extra or {}).items()}
    own = {n: tuple(parse_card(c) for c in h) for n, h in hands.items()}
    pools = _pools(own, community)
    evals = {n: best_evaluation(own[n], pools[n], location) for n in own}
    used = {n: 0 for n in own}
    rounds: list[DemiseRound] = []

    def play(group: dict[str, tuple[tuple[Card, ...], Evaluation]]) -> tuple[list[str], list[str]] | None:
        """(winners, pending) of one level of the showdown, or None when every hand bombed out."""
        live = [n for n in group if not group[n][1].bombed_out]
        while live:
            best = max(group[n][1].key for n in live)
            tied = [n for n in live if group[n][1].key == best]
            live = [n for n in live if n not in tied]
            if len(tied) == 1:
                return tied, []
            lacking = [n for n in tied if used[n] >= len(dealt.get(n, ()))]
            if lacking:
                return tied, lacking
            enlarged = {}
            for n in tied:
                cards = group[n][0] + (dealt[n][used[n]],)
                used[n] += 1
                enlarged[n] = (cards, evaluate(cards, location))
            rounds.append(DemiseRound(tuple(tied), tuple((n, ev) for n, (_, ev) in enlarged.items())))
            outcome = play(enlarged)
            if outcome is not None:
                return outcome
        return None

    winners, pending = play({n: (evals[n].cards, evals[n]) for n in own}) or ([], [])
    special = bool(winners) and evals[winners[0]].special
    return Resolution(tuple(winners), tuple(evals.items()), tuple(rounds), tuple(pending), special,
                      tuple((n, k) for n, k in used.items() if k))


# -------------------------------------------------------------------- input


def parse_hand(tokens: Any, path: tuple, location: Location | None = None) -> list[Card]:
    """Parse a list of card tokens; faces must belong to the face set in play."""
    if not isinstance(tokens, list):
        raise ShowdownError(path, "a hand must be a list of cards.")
    cards = []
    face_set = face_set_of(location)
    for i, token in enumerate(tokens):
        card = parse_card(token, path + (i,))
        if card.is_face and card.face not in face_sets()[face_set]:
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


def _player_count(players: list) -> None:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ShowdownError(("players",), f"classic sabacc is played by {MIN_PLAYERS} to {MAX_PLAYERS} players; "
                                          f"this showdown has {len(players)}.")


@dataclass
class _Showdown:
    """A showdown document, read and checked."""

    hands: dict[str, list[Card]]  # every card a player holds, the field cards included
    fields: dict[str, list[Card]]
    extra: dict[str, list[Card]]
    caller: str | None


def _read_player(player: Any, i: int, seen: Mapping[str, Any], location: Location | None, rules: Rules):
    path = ("players", i)
    if not isinstance(player, dict):
        raise ShowdownError(path, "a player must be a mapping with 'name' and 'hand'.")
    name = player.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ShowdownError(path + ("name",), "a player needs a non-empty 'name'.")
    if name in seen:
        raise ShowdownError(path + ("name",), f"the name '{name}' is used twice.")
    if "hand" not in player:
        raise ShowdownError(path + ("hand",), f"player '{name}' needs a 'hand'.")
    held = parse_hand(player["hand"], path + ("hand",), location)
    field_cards: list[Card] = []
    if player.get("field") is not None:
        if rules.name != DICE:
            raise ShowdownError(path + ("field",), "the disruptor field belongs to the dice rules (--rules dice).")
        field_cards = parse_hand(player["field"], path + ("field",), location)
    if len(held) + len(field_cards) < 2:
        raise ShowdownError(path + ("hand",), f"the hand of '{name}' holds {len(held) + len(field_cards)} card(s); "
                                              f"at least 2 are needed.")
    entries = [(path + ("hand", j), c) for j, c in enumerate(held)]
    entries += [(path + ("field", j), c) for j, c in enumerate(field_cards)]
    return name, held + field_cards, field_cards, entries


def _read_showdown(showdown: Any, location: Location | None, compositions=None, rules: Rules = Rules()) -> _Showdown:
    if not isinstance(showdown, dict):
        raise ShowdownError((), "a showdown must be a mapping with 'players'.")
    for key in ("wild", "clone"):
        if key in showdown:
            raise ShowdownError((key,), f"'{key}' is the dealer's announcement of the 42-card deck: judge it with "
                                        f"--deck adapted-42.")
    players = showdown.get("players")
    if not isinstance(players, list) or not players:
        raise ShowdownError(("players",), "'players' must be a non-empty list.")
    _player_count(players)
    hands: dict[str, list[Card]] = {}
    fields: dict[str, list[Card]] = {}
    entries: list[tuple[tuple, Card]] = []
    for i, player in enumerate(players):
        name, cards, field_cards, found = _read_player(player, i, hands, location, rules)
        hands[name], fields[name] = cards, field_cards
        entries += found
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
    return _Showdown(hands, fields, extra, read_caller(showdown, hands))


def read_caller(showdown: Mapping[str, Any], hands: Mapping[str, Any]) -> str | None:
    """Who called the hand (``caller:``), a player of the showdown, or None.

    Calling follows the classic (WEG) rules: a caller who does not win pays
    the bomb-out penalty, once, even when also bombed out.
    """
    caller = showdown.get("caller")
    if caller is None:
        return None
    if not isinstance(caller, str):
        raise ShowdownError(("caller",), "the caller is the name of one player, as text.")
    if caller not in hands:
        raise ShowdownError(("caller",), f"the caller '{caller}' is not a player of this showdown.")
    return caller


def _eval_json(name: str, ev: Evaluation, field_cards: Sequence[Card] = ()) -> dict:
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
    if field_cards:
        out["field"] = [c.id for c in field_cards]
    if ev.borrowed:
        out["borrowed"] = [c.id for c in ev.borrowed]
    return out


def penalized(res: Resolution, caller: str | None, rules: Rules) -> list[str]:
    """Who pays the bomb-out penalty: every bombed-out showdown hand, and (WEG) a caller who does not win."""
    out = [n for n, ev in res.evaluations if ev.bombed_out]
    if caller is not None and rules.caller_pays and caller not in res.winners and caller not in out:
        out.append(caller)
    return out


def judge(showdown: Any, location: Location | str | None = None,
          locations: Mapping[str, Location] | None = None,
          compositions: Mapping[str, Mapping[Card, int]] | None = None,
          rules: Rules | str | None = None, field: str | None = None) -> dict:
    """Judge a showdown document.

    ``showdown`` is ``{"players": [{"name": "A", "hand": ["coins:11", "sabers:ace"]}, ...],
    "extra": {"A": ["flasks:2"]}, "location": "imperial", "caller": "A"}``
    (``extra``: the cards a tied player receives, one per sudden-demise
    round; ``location`` optional, the argument wins; ``caller`` optional,
    who called the hand).  Under the dice rules a player may also list
    ``field``: cards of the hand lying face up in the disruptor field; with
    ``field="hold-em"`` every player may add any of the others' field cards.
    ``rules`` is a :class:`Rules` or a rule-set name (default weg).
    ``compositions`` (face set -> card -> copies, from the printed decks)
    limits how often a card may appear; without it the standard 76-card
    deck does.  The result holds ``winners`` (several if a tie is left open
    because extra cards ran out -- then ``needs_extra`` names who lacks one;
    none if every hand bombed out), ``sabacc_pot_won``, ``penalized`` (who
    pays the bomb-out penalty), per player ``total``, ``category`` and
    ``rank`` (the key [level, magnitude, positive]; larger is better) and
    the ``sudden_demise`` rounds.
    """
    if not isinstance(rules, Rules):
        rules = make_rules(rules, field=field)
    if location is None and isinstance(showdown, dict):
        location = showdown.get("location")
    loc = _location(location, locations)
    read = _read_showdown(showdown, loc, compositions, rules)
    community = read.fields if rules.hold_em else None
    res = resolve(read.hands, read.extra, loc, community)
    evals = dict(res.evaluations)
    return {
        "game": "classic",
        "rules": rules.name,
        "location": loc.id if loc else None,
        "winners": list(res.winners),
        "winning_category": evals[res.winners[0]].category if res.winners else None,
        "sabacc_pot_won": res.special,
        "tied": len(res.winners) > 1,
        "needs_extra": list(res.pending),
        "bombed_out": [n for n, ev in res.evaluations if ev.bombed_out],
        "caller": read.caller,
        "penalized": penalized(res, read.caller, rules),
        "players": [_eval_json(n, ev, read.fields[n]) for n, ev in res.evaluations],
        "sudden_demise": [
            {"players": list(r.players), "hands": [_eval_json(n, ev) for n, ev in r.hands]} for r in res.rounds
        ],
    }
