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

The module is pure: no file I/O, no printing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

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
    "MAX_PLAYERS",
    "START_HAND_SIZE",
    "judge",
]

BLUE, GREEN, RED = "blue", "green", "red"
#: Colours, best first: blue beats green beats red.
COLOURS = (BLUE, GREEN, RED)
_SIGN = {BLUE: 0, GREEN: 1, RED: -1}
_ALLOWED = "blue:0, green:1 to green:9, or red:1 to red:9"

#: Most players a single game is published for (decision "max-players" of decisions.yaml).
MAX_PLAYERS = 6
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


# --------------------------------------------------------------------- judge


def _parse_showdown(showdown: Any) -> list[tuple[str, list[Card]]]:
    if not isinstance(showdown, Mapping):
        raise ShowdownError((), "a showdown must be a mapping with a 'players' list")
    if "players" not in showdown:
        raise ShowdownError(("players",), "missing: a list of players, each with name and hand")
    players = showdown["players"]
    if not isinstance(players, list) or not players:
        raise ShowdownError(("players",), "must be a non-empty list of players")
    parsed: list[tuple[str, list[Card]]] = []
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
        parsed.append((name, parse_hand(hand, at + ("hand",))))
    return parsed


def judge(showdown: Mapping[str, Any]) -> dict:
    """Judge ``{"players": [{"name": ..., "hand": [...]}, ...]}``.

    Returns ``{"winners": [names], "players": [{"name", "value", "cards",
    "rank_key", "place"}]}`` with players in input order; ``place`` is 1 for
    the winners and uses standard competition ranking (1, 1, 3, ...).
    """
    parsed = _parse_showdown(showdown)
    keys = [rank_key(hand) for _, hand in parsed]
    best = min(keys)
    players_out = []
    for (name, hand), key in zip(parsed, keys):
        players_out.append(
            {
                "name": name,
                "value": sum(c.value for c in hand),
                "cards": len(hand),
                "rank_key": list(key),
                "place": 1 + sum(1 for other in keys if other < key),
            }
        )
    winners = [name for (name, _), key in zip(parsed, keys) if key == best]
    return {"winners": winners, "players": players_out}
