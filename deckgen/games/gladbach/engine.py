"""Reference engine for Gladbach tournament sabacc (the coloured deck).

What it is for: parsing cards (``COLOUR:N``), valuing and ranking hands,
checking deck compositions, and judging a showdown document.  The seeded
game simulator and the deck-sufficiency check live in
:mod:`deckgen.games.gladbach.sim`; how many copies of each card the deck
holds is data (``data/gladbach/cards.yaml``), not code.

The deck has three colours: one neutral blue 0, positive green 1-9 and
negative red 1-9 (a red 3 counts -3).  A hand is worth the sum of its cards.

The source rules are ambiguous about the order of the tie-breaks and about
the "colour" of a hand of several cards.  The project's reading is written
down, with example showdowns, in ``data/gladbach/decisions.yaml``; rulebooks
in every language state these rules and ``deckgen check`` judges every
example with this engine.

Ranking, best first (see :func:`rank_key`):

1. distance of the total from 0 (smaller is better);
2. at the same distance, a positive total beats a negative one -- the hand's
   colour is the colour of its total's sign (0 blue, plus green, minus red);
3. at the same total, fewer cards win;
4. at the same total and card count, more blue cards win, then more green;
5. otherwise the hands tie.

Chips (decisions "settlement" and "full-tie"): every chip placed on the
nine round fields stays there until the end of round 9; then the best hand
takes all of them; tied winners share them evenly, and the chips that do not
divide go one each to the tied winners in turn order, starting with the
player who plays first (:func:`settle`).

A showdown (what ``deckgen judge gladbach`` reads)::

    players:                        # in turn order: the first plays first
      - {name: A, hand: [blue:0], chips: [1, 1, 2]}   # chips: optional, per round
      - {name: B, hand: [green:1, red:2], chips: [1, 1, 1, 1]}
    payouts: {A: 7}                 # optional: the payouts you expect

``chips`` lists what the player placed on the fields of rounds 1, 2, ...
(at most nine numbers); with chips the result holds the settlement.
``payouts`` is a claim, as the decisions file uses it: the judge refuses
the showdown, at the wrong entry, when the settlement pays otherwise
(players left out are claimed to take nothing).  The judge also refuses
more than :data:`MAX_PLAYERS` players, fewer than two, and a showdown
showing more copies of a card than the deck holds (the composition is the
deck data, handed in by the game's descriptor).

The module is pure: no file I/O, no printing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from deckgen.errors import ShowdownError

__all__ = [
    "BLUE",
    "GREEN",
    "RED",
    "COLOURS",
    "CARD_KINDS",
    "Card",
    "parse_card",
    "parse_hand",
    "hand_value",
    "rank_key",
    "compare",
    "validate_composition",
    "build_deck",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "START_HAND_SIZE",
    "ROUNDS",
    "DICE_ROUNDS",
    "category",
    "CATEGORIES",
    "split_pot",
    "settle",
    "judge",
]

BLUE, GREEN, RED = "blue", "green", "red"
#: Colours, best first: blue beats green beats red.
COLOURS = (BLUE, GREEN, RED)
_SIGN = {BLUE: 0, GREEN: 1, RED: -1}
_ALLOWED = "blue:0, green:1 to green:9, or red:1 to red:9"

#: Fewest and most players of one game (decision "max-players" of decisions.yaml).
MIN_PLAYERS = 2
MAX_PLAYERS = 6
#: Rounds of a game; each has its own field of chips on the board.
ROUNDS = 9
#: The rounds after which two dice are rolled (decision "dice-double").
DICE_ROUNDS = (3, 6)
#: Cards dealt to every player before round 1 (decision "deal" of decisions.yaml).
START_HAND_SIZE = 2


@dataclass(frozen=True, order=False)
class Card:
    """One card: a colour and a printed number (blue 0, green/red 1-9)."""

    colour: str
    number: int

    def __post_init__(self) -> None:
        if self.colour not in _SIGN:
            raise ValueError(f"unknown colour {self.colour!r}")
        if self.colour == BLUE and self.number != 0:
            raise ValueError("blue has only the 0")
        if self.colour != BLUE and not 1 <= self.number <= 9:
            raise ValueError(f"{self.colour} cards run from 1 to 9")

    @property
    def value(self) -> int:
        """Signed value: green counts plus, red counts minus, blue 0."""
        return _SIGN[self.colour] * self.number

    def __str__(self) -> str:
        return f"{self.colour}:{self.number}"


#: The 19 card kinds in notation order: blue:0, green:1..9, red:1..9.
CARD_KINDS: tuple[str, ...] = (
    ("blue:0",)
    + tuple(f"green:{n}" for n in range(1, 10))
    + tuple(f"red:{n}" for n in range(1, 10))
)


def parse_card(token: Any, path: tuple = ()) -> Card:
    """Parse ``COLOUR:N`` (case-insensitive, spaces tolerated) into a Card.

    A :class:`Card` is returned unchanged.  Anything else raises
    :class:`ShowdownError` at ``path`` naming the bad token.
    """
    if isinstance(token, Card):
        return token
    if not isinstance(token, str):
        raise ShowdownError(
            path, f"card {token!r} is not text; write COLOUR:N, allowed: {_ALLOWED}"
        )
    colour, sep, number = token.partition(":")
    colour = colour.strip().lower()
    number = number.strip()
    if not sep or not colour or not number:
        raise ShowdownError(path, f"card {token!r} is not COLOUR:N; allowed: {_ALLOWED}")
    if colour not in _SIGN:
        raise ShowdownError(
            path, f"card {token!r}: unknown colour {colour!r}; allowed: {_ALLOWED}"
        )
    if number[:1] in "+-" and number[1:].strip().isdigit():
        raise ShowdownError(
            path,
            f"card {token!r}: write the number without a sign (the colour gives it); "
            f"allowed: {_ALLOWED}",
        )
    if not (number.isascii() and number.isdigit()):
        raise ShowdownError(
            path, f"card {token!r}: {number!r} is not a number; allowed: {_ALLOWED}"
        )
    try:
        return Card(colour, int(number))
    except ValueError as exc:
        raise ShowdownError(path, f"card {token!r}: {exc}; allowed: {_ALLOWED}") from None


def parse_hand(hand: Iterable[Any], path: tuple = ()) -> list[Card]:
    """Parse every card of a hand; card ``j`` errors at ``path + (j,)``."""
    return [parse_card(tok, path + (j,)) for j, tok in enumerate(hand)]


def hand_value(hand: Iterable[Any]) -> int:
    """The hand's value: the sum of its cards' signed values."""
    return sum(parse_card(c).value for c in hand)


def rank_key(hand: Iterable[Any]) -> tuple[int, int, int, int, int]:
    """Sort key: sorting hands by it puts the best hand first.

    ``(distance, sign, cards, -blue, -green)`` where ``distance`` is
    ``abs(total)``, ``sign`` is 1 for a negative total and 0 otherwise,
    ``cards`` the number of cards and ``blue``/``green`` the number of blue
    and green cards.  Equal keys mean a full tie.  The order of cards in the
    hand does not matter.
    """
    cards = [parse_card(c) for c in hand]
    total = sum(c.value for c in cards)
    blue = sum(1 for c in cards if c.colour == BLUE)
    green = sum(1 for c in cards if c.colour == GREEN)
    return (abs(total), 1 if total < 0 else 0, len(cards), -blue, -green)


def compare(a: Iterable[Any], b: Iterable[Any]) -> int:
    """``1`` if hand ``a`` beats ``b``, ``-1`` if ``b`` beats ``a``, ``0`` on a tie."""
    ka, kb = rank_key(a), rank_key(b)
    return (ka < kb) - (ka > kb)


def category(hand: Iterable[Any]) -> str:
    """A designer's name for a hand, by the first two ranking steps.

    A total of 0 is named by how many cards made it -- ``"blue 0 alone"``
    (the best hand there is), ``"zero, 2 cards"``, ``"zero, 3 cards"``,
    ``"zero, 4+ cards"`` -- any other total by its distance from 0:
    ``"1 from zero"``, ``"2 from zero"``, ``"3+ from zero"``.  Sorted by
    :func:`rank_key`, hands of an earlier category never lose to a later one
    (the zero categories are ordered by card count).
    """
    cards = [parse_card(c) for c in hand]
    distance = abs(sum(c.value for c in cards))
    if distance == 0:
        if len(cards) == 1:
            return "blue 0 alone"
        return f"zero, {len(cards)} cards" if len(cards) < 4 else "zero, 4+ cards"
    return f"{distance} from zero" if distance < 3 else "3+ from zero"


#: Every value :func:`category` returns, best first.
CATEGORIES = ("blue 0 alone", "zero, 2 cards", "zero, 3 cards", "zero, 4+ cards",
              "1 from zero", "2 from zero", "3+ from zero")


# --------------------------------------------------------------- composition


def validate_composition(comp: Any) -> list[str]:
    """Problems with a deck composition ``{"green:3": copies, ...}``; [] if fine.

    Keys must be card kinds in ``COLOUR:N`` notation (only the 19 kinds,
    each at most once after normalising case and spaces); counts must be
    positive integers.
    """
    if not isinstance(comp, Mapping):
        return [f"composition must be a mapping of card to copies, not {type(comp).__name__}"]
    if not comp:
        return ["composition is empty"]
    problems: list[str] = []
    seen: dict[str, Any] = {}
    for key, count in comp.items():
        try:
            card = parse_card(key)
        except ShowdownError as exc:
            problems.append(f"{key!r}: {exc.message}")
            continue
        name = str(card)
        if name in seen:
            problems.append(f"{key!r}: card {name} is listed twice (also as {seen[name]!r})")
        seen[name] = key
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            problems.append(f"{key!r}: copies must be a positive whole number, not {count!r}")
    return problems


def build_deck(comp: Mapping[str, int]) -> list[Card]:
    """The cards of a composition, in notation order (unshuffled).

    Raises ``ValueError`` listing the problems of a bad composition.
    """
    problems = validate_composition(comp)
    if problems:
        raise ValueError("bad deck composition: " + "; ".join(problems))
    counts = {str(parse_card(k)): n for k, n in comp.items()}
    return [parse_card(kind) for kind in CARD_KINDS for _ in range(counts.get(kind, 0))]


# ----------------------------------------------------------------- settlement


def _chips(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


def split_pot(pot: int, winners: Iterable[int]) -> dict[int, int]:
    """Shares of ``pot`` for the winning seats (decision "full-tie").

    Seats are numbered in turn order (0 plays first).  Every winner gets
    ``pot // len(winners)``; the ``pot % len(winners)`` chips left over go
    one each to the winners in turn order, starting from seat 0.  The
    shares add up to ``pot`` exactly.  Raises ``ValueError`` for no winner
    or a negative pot.
    """
    seats = sorted(set(winners))
    if not seats:
        raise ValueError("a pot needs at least one winner")
    if not _chips(pot):
        raise ValueError(f"a pot is a whole number of chips, 0 or more, not {pot!r}")
    share, rest = divmod(pot, len(seats))
    return {seat: share + (1 if k < rest else 0) for k, seat in enumerate(seats)}


def settle(fields: Sequence[Sequence[int]], winners: Iterable[int], players: int) -> list[int]:
    """What each seat takes at the end of round 9 (decisions "settlement" and "full-tie").

    ``fields[r][seat]`` are the chips ``seat`` placed on the field of round
    ``r + 1``; ``winners`` the seats with the best hand.  Every chip of
    every field goes to the winners -- however much each of them placed --
    shared by :func:`split_pot`; the others take nothing.  The result lists
    every seat's payout; it adds up to the pot.
    """
    winners = sorted(set(winners))
    if any(not 0 <= w < players for w in winners):
        raise ValueError(f"winner seats {winners} outside 0..{players - 1}")
    pot = 0
    for r, placed in enumerate(fields):
        if len(placed) != players:
            raise ValueError(f"the field of round {r + 1} lists {len(placed)} seats, not {players}")
        for n in placed:
            if not _chips(n):
                raise ValueError(f"round {r + 1}: chips are whole numbers, 0 or more, not {n!r}")
            pot += n
    shares = split_pot(pot, winners)
    return [shares.get(seat, 0) for seat in range(players)]


# --------------------------------------------------------------------- judge


def _parse_chips(player: Mapping[str, Any], at: tuple) -> list[int] | None:
    """The player's chips per round, padded to :data:`ROUNDS`; None if the player lists none."""
    if "chips" not in player:
        return None
    chips = player["chips"]
    where = at + ("chips",)
    if not isinstance(chips, list):
        raise ShowdownError(where, f"chips must be a list: what the player placed on the fields of rounds "
                                   f"1, 2, ... (at most {ROUNDS} numbers), not {chips!r}")
    if len(chips) > ROUNDS:
        raise ShowdownError(where + (ROUNDS,), f"a game has {ROUNDS} rounds, so at most {ROUNDS} numbers, "
                                               f"not {len(chips)}")
    for r, n in enumerate(chips):
        if not _chips(n):
            raise ShowdownError(where + (r,), f"chips placed in round {r + 1} must be a whole number, "
                                              f"0 or more, not {n!r}")
    return list(chips) + [0] * (ROUNDS - len(chips))


def _parse_showdown(showdown: Any) -> list[tuple[str, list[Card], list[int] | None]]:
    if not isinstance(showdown, Mapping):
        raise ShowdownError((), "a showdown must be a mapping with a 'players' list")
    if "players" not in showdown:
        raise ShowdownError(("players",), "missing: a list of players, each with name and hand")
    players = showdown["players"]
    if not isinstance(players, list) or not players:
        raise ShowdownError(("players",), "must be a non-empty list of players")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ShowdownError(("players",), f"Gladbach sabacc is played by {MIN_PLAYERS} to {MAX_PLAYERS} players "
                                          f"(decision max-players); this showdown has {len(players)}")
    parsed: list[tuple[str, list[Card], list[int] | None]] = []
    first_index: dict[str, int] = {}
    for i, player in enumerate(players):
        at = ("players", i)
        if not isinstance(player, Mapping):
            raise ShowdownError(at, "a player must be a mapping with 'name' and 'hand'")
        if "name" not in player:
            raise ShowdownError(at + ("name",), "missing: the player's name")
        name = player["name"]
        if not isinstance(name, str) or not name.strip():
            raise ShowdownError(at + ("name",), f"name must be non-empty text, not {name!r}")
        if name in first_index:
            raise ShowdownError(
                at + ("name",),
                f"duplicate player name {name!r} (already used by players.{first_index[name]})",
            )
        first_index[name] = i
        if "hand" not in player:
            raise ShowdownError(at + ("hand",), "missing: the player's hand, a list of cards")
        hand = player["hand"]
        if not isinstance(hand, list):
            raise ShowdownError(at + ("hand",), "hand must be a list of cards like green:3")
        if not hand:
            raise ShowdownError(at + ("hand",), "hand is empty; a hand holds at least one card")
        parsed.append((name, parse_hand(hand, at + ("hand",)), _parse_chips(player, at)))
    return parsed


def _copies(n: int) -> str:
    return f"{n} cop{'y' if n == 1 else 'ies'}"


def _check_copies(parsed: list[tuple[str, list[Card], Any]], composition: Mapping[str, int]) -> None:
    """Refuse a showdown that shows a card more often than the deck holds it."""
    copies: dict[str, int] = {}
    for key, n in composition.items():
        try:
            copies[str(parse_card(key))] = n
        except ShowdownError:
            continue  # a bad deck: the composition check of `deckgen check` reports it
    shown: dict[str, int] = {}
    for _, hand, _ in parsed:
        for card in hand:
            shown[str(card)] = shown.get(str(card), 0) + 1
    seen: dict[str, int] = {}
    for i, (_, hand, _) in enumerate(parsed):
        for j, card in enumerate(hand):
            kind = str(card)
            seen[kind] = seen.get(kind, 0) + 1
            have = copies.get(kind, 0)
            if seen[kind] > have:
                deck = f"only {_copies(have)}" if have else "none"
                raise ShowdownError(("players", i, "hand", j),
                                    f"{kind} is shown {shown[kind]} times, but the deck holds {deck} of it")


def _check_payouts(claim: Any, names: list[str], payouts: dict[str, int]) -> None:
    """Refuse the showdown where the claimed ``payouts`` differ from the settlement."""
    if not isinstance(claim, Mapping):
        raise ShowdownError(("payouts",), f"payouts must map player names to the chips you expect them to take, "
                                          f"not {claim!r}")
    for name, n in claim.items():
        if name not in payouts:
            raise ShowdownError(("payouts", name), f"no player {name!r} in this showdown")
        if not _chips(n):
            raise ShowdownError(("payouts", name), f"a payout is a whole number of chips, 0 or more, not {n!r}")
    for name in names:
        expected = claim.get(name, 0)
        if payouts[name] != expected:
            raise ShowdownError(("payouts", name) if name in claim else ("payouts",),
                                f"the settlement pays {name} {payouts[name]} chips, not {expected}")


def judge(showdown: Mapping[str, Any], composition: Mapping[str, int] | None = None) -> dict:
    """Judge ``{"players": [{"name": ..., "hand": [...], "chips": [...]}, ...]}``.

    Returns ``{"winners": [names], "players": [{"name", "value", "cards",
    "rank_key", "category", "place"}]}`` with players in input order; ``place``
    is 1 for the winners and uses standard competition ranking (1, 1, 3, ...).
    When a player lists ``chips`` (or the showdown claims ``payouts``) the
    result also holds the settlement: ``pot``, ``fields`` (the chips on each
    round's field), ``payouts`` by name, and every player's ``placed``,
    ``payout`` and ``net`` (payout minus placed).

    ``composition`` (``{"green:3": copies, ...}``, the deck data) limits how
    often a card may be shown; without it the copies are not checked.
    """
    parsed = _parse_showdown(showdown)
    if composition:
        _check_copies(parsed, composition)
    keys = [rank_key(hand) for _, hand, _ in parsed]
    best = min(keys)
    players_out: list[dict[str, Any]] = []
    for (name, hand, _), key in zip(parsed, keys):
        value = sum(c.value for c in hand)
        players_out.append(
            {
                "name": name,
                "value": value,
                "total": value,  # the printable total of the judgement contract (deckgen.judgement)
                "cards": len(hand),
                "rank_key": list(key),
                "category": category(hand),
                "place": 1 + sum(1 for other in keys if other < key),
            }
        )
    winners = [name for (name, _, _), key in zip(parsed, keys) if key == best]
    result: dict[str, Any] = {"winners": winners, "players": players_out}
    has_chips = any(chips is not None for _, _, chips in parsed)
    if has_chips or "payouts" in showdown:
        names = [name for name, _, _ in parsed]
        placed = [chips or [0] * ROUNDS for _, _, chips in parsed]
        fields = [[placed[seat][r] for seat in range(len(parsed))] for r in range(ROUNDS)]
        seats = [seat for seat, key in enumerate(keys) if key == best]
        payouts = settle(fields, seats, len(parsed))
        for seat, out in enumerate(players_out):
            out["placed"] = sum(placed[seat])
            out["payout"] = payouts[seat]
            out["net"] = payouts[seat] - out["placed"]
        result["pot"] = sum(map(sum, fields))
        result["fields"] = [sum(f) for f in fields]
        result["payouts"] = dict(zip(names, payouts))
        if "payouts" in showdown:
            _check_payouts(showdown["payouts"], names, result["payouts"])
    return result
