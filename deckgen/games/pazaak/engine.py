"""Reference rule engine for Pazaak: card catalogue, table notation, set judge.

Pure code only (no file I/O, no printing): the main deck comes with the
game's data; without it the bundled game's, read once elsewhere.  The engine reads a player's
*table* -- the cards in the order they were laid down -- in a compact
notation, resolves every card to its current value and judges a set between
two players.  The turn-by-turn match simulator lives in
:mod:`deckgen.games.pazaak.sim`.

Table notation
    ``"7"`` (or the integer 7)  a main-deck card, 1 to 10
    ``+2`` / ``-3``              fixed side cards (in YAML with or without quotes:
                                 the loader keeps the written ``+``, and a
                                 negative number is always a side card)
    ``±4:-4``                    a plus-or-minus card with the chosen value
    ``1±2:+2``                   add or subtract one or two (+1, -1, +2, -2)
    ``±1T:+1``                   the tiebreaker with its chosen value
    ``D``                        the double card
    ``2&4`` / ``3&6``            the flip cards

``+-`` and ``+/-`` are accepted for ``±``, and U+2212 for ``-``.

Turns
    Every main-deck card on a table starts a turn; the turn ends just before
    the next main-deck card (or with the table's last card).  The bust is
    judged at every turn end (:func:`turn_totals`): the first turn that ends
    over 20 loses the set, whatever a later card does to the total.

Whole matches (first to three sets, each hand card once) are judged by
:mod:`deckgen.games.pazaak.match`.

Every rule the source leaves open is settled in ``data/pazaak/decisions.yaml``, with
example sets that the rulebooks quote and the tests judge with this engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from deckgen.errors import ShowdownError
from deckgen.games.pazaak.deck_counts import bundled_main_deck
from deckgen.yamlpos import WrittenInt

TARGET = 20
"""The total every player aims for; anything above it is a bust."""

MAX_TABLE = 9
"""Number of card slots on a table; filling them without busting wins."""

SETS_TO_WIN = 3
HAND_SIZE = 4
SIDE_DECK_SIZE = 10

STATUS_STOOD = "stood"
STATUS_BUST = "bust"
STATUS_NINE = "nine-card"


@dataclass(frozen=True)
class SideCard:
    """One entry of the side-card catalogue.

    ``choices`` are the values the card may take when played (one value for a
    fixed card, several when the player picks); ``flips`` are the numbers a
    flip card turns over.  The double card has neither.
    """

    id: str
    kind: str
    choices: tuple[int, ...] = ()
    flips: tuple[int, ...] = ()

    @property
    def needs_choice(self) -> bool:
        return len(self.choices) > 1

    def to_dict(self) -> dict:
        """JSON-friendly form: ``{"id", "kind", "choices", "flips"}``."""
        return {"id": self.id, "kind": self.kind, "choices": list(self.choices), "flips": list(self.flips)}


def _build_catalogue() -> list[SideCard]:
    cards = [SideCard(f"+{n}", "plus", (n,)) for n in range(1, 7)]
    cards += [SideCard(f"-{n}", "minus", (-n,)) for n in range(1, 7)]
    cards += [SideCard(f"±{n}", "plus-or-minus", (n, -n)) for n in range(1, 7)]
    cards += [
        SideCard("±1T", "tiebreaker", (1, -1)),
        SideCard("D", "double"),
        SideCard("2&4", "flip", flips=(2, 4)),
        SideCard("3&6", "flip", flips=(3, 6)),
        SideCard("1±2", "one-or-two", (1, -1, 2, -2)),
    ]
    return cards


CATALOGUE: list[SideCard] = _build_catalogue()
CATALOGUE_IDS: tuple[str, ...] = tuple(card.id for card in CATALOGUE)
_BY_ID: dict[str, SideCard] = {card.id: card for card in CATALOGUE}

_ALLOWED = (
    "a main-deck number 1 to 10 or a side card with its sign "
    "(+1..+6, -1..-6, ±1..±6, ±1T, D, 2&4, 3&6, 1±2; the ± cards with the chosen value, e.g. ±4:-4)"
)
_SIDE_HINT = "write side cards with their sign, e.g. +2, -4 or ±3:+3"


@dataclass(frozen=True)
class Played:
    """A card as laid on a table.

    ``card`` is ``"7"`` for a main-deck card or the catalogue id of a side
    card; ``chosen`` is the value picked or printed (``None`` for D and the
    flip cards, whose value depends on the table).
    """

    token: str
    card: str
    side: SideCard | None
    chosen: int | None

    @property
    def is_main(self) -> bool:
        return self.side is None


def normalise_id(text: str) -> str:
    """Spell a side-card name the catalogue way (``+-4`` -> ``±4``, ``d`` -> ``D``)."""
    s = text.strip().replace("+/-", "±").replace("+-", "±").replace("\u2212", "-")
    return s.replace("t", "T").replace("d", "D")


def format_value(value: int) -> str:
    """A chosen value as written after the colon: ``+4``, ``-2``."""
    return f"{value:+d}"


def play_tokens(card_id: str) -> list[str]:
    """All table tokens one side card can be played as (one per choice)."""
    card = _BY_ID[normalise_id(card_id)]
    if card.needs_choice:
        return [f"{card.id}:{format_value(v)}" for v in card.choices]
    return [card.id]


_CHOICE_RE = re.compile(r"[+-][0-9]+")
_MAIN_RE = re.compile(r"[0-9]+")


def card_text(token: Any) -> str | None:
    """The text a table or hand token was written as, or None if it is no text or number.

    A YAML number keeps its written form: ``+2`` (a :class:`WrittenInt`)
    reads ``"+2"``, the plain integers ``-4`` and ``7`` read ``"-4"`` and ``"7"``.
    """
    if isinstance(token, bool) or not isinstance(token, (int, str)):
        return None
    if isinstance(token, WrittenInt):
        return token.written
    return str(token)


def parse_card(token: Any, path: tuple = ()) -> Played:
    """Parse one table token; raise :class:`ShowdownError` at ``path`` if bad.

    Every error message says how the card is written.
    """
    text = card_text(token)
    if text is None:
        raise ShowdownError(path, f"{token!r} is not a card: write {_ALLOWED}.")
    text = text.strip().replace("\u2212", "-")
    if _MAIN_RE.fullmatch(text):
        value = int(text)
        if not 1 <= value <= 10:
            raise ShowdownError(
                path, f"main-deck card {text!r} is out of range: write a main-deck card as a number "
                      f"from 1 to 10; {_SIDE_HINT}.",
            )
        return Played(str(value), str(value), None, value)
    head, colon, choice = text.partition(":")
    card_id = normalise_id(head)
    card = _BY_ID.get(card_id)
    if card is None:
        raise ShowdownError(path, f"{text!r} is not a card: write {_ALLOWED}.")
    if not card.needs_choice:
        if colon:
            raise ShowdownError(
                path, f"side card {card.id!r} in {text!r} takes no chosen value: write just {card.id!r}."
            )
        chosen = card.choices[0] if card.choices else None
        return Played(card.id, card.id, card, chosen)
    forms = " or ".join(play_tokens(card.id))
    if not colon:
        raise ShowdownError(
            path,
            f"side card {text!r} needs, after a colon, the value chosen when it was played: "
            f"write {forms}.",
        )
    choice = choice.strip()
    if not _CHOICE_RE.fullmatch(choice) or int(choice) not in card.choices:
        raise ShowdownError(
            path,
            f"{choice!r} is not a value side card {card.id!r} can take in {text!r}: write {forms}.",
        )
    value = int(choice)
    return Played(f"{card.id}:{format_value(value)}", card.id, card, value)


def parse_table(table: Any, path: tuple = ()) -> list[Played]:
    """Parse a table and check it could have been laid in play.

    A table holds one to nine cards, starts with a main-deck card and never
    has two side cards in a row (each turn is one draw plus at most one hand
    card).
    """
    if not isinstance(table, (list, tuple)):
        raise ShowdownError(path, "a table must be a list of cards, e.g. ['7', '10', '+2'].")
    if not table:
        raise ShowdownError(
            path, "a table needs at least one card: every turn starts with a main-deck draw."
        )
    if len(table) > MAX_TABLE:
        raise ShowdownError(path, f"a table holds at most {MAX_TABLE} cards, this one has {len(table)}.")
    cards = [parse_card(token, path + (j,)) for j, token in enumerate(table)]
    for j, card in enumerate(cards):
        if card.is_main:
            continue
        if j == 0:
            raise ShowdownError(
                path + (j,),
                f"side card {card.token!r} cannot open a table: "
                "the first card is always a main-deck draw.",
            )
        if not cards[j - 1].is_main:
            raise ShowdownError(
                path + (j,),
                f"side card {card.token!r} follows side card {cards[j - 1].token!r}: "
                "only one hand card may be played per turn, after that turn's draw.",
            )
    return cards


def resolve(cards: list[Played]) -> list[int]:
    """Current value of every card on one table, in play order.

    D copies the current value of the card before it; a flip card counts 0
    and turns over the sign of every earlier card on the same table whose
    current value is plus or minus one of its numbers.
    """
    values: list[int] = []
    for card in cards:
        side = card.side
        if side is None or side.choices:
            assert card.chosen is not None  # parse_card gives main cards and chosen-value cards their value
            values.append(int(card.chosen))
        elif side.kind == "double":
            if not values:
                raise ValueError("D needs a card before it")
            values.append(values[-1])
        else:  # flip
            values = [-v if abs(v) in side.flips else v for v in values]
            values.append(0)
    return values


def turn_ends(cards: list[Played]) -> list[int]:
    """Where each turn of a table ends: the number of cards on the table at that moment.

    A turn is one main-deck draw plus at most one hand card, so every
    main-deck card starts a new turn and the turn before it ends there.
    """
    return [j for j in range(1, len(cards)) if cards[j].is_main] + ([len(cards)] if cards else [])


def turn_totals(cards: list[Played]) -> list[int]:
    """The table's total at the end of every turn, with the card values of that moment.

    (A flip card changes earlier cards, so a turn's total is not a prefix
    sum of the final values.)
    """
    return [sum(resolve(cards[:end])) for end in turn_ends(cards)]


def bust_turn(totals: list[int]) -> int | None:
    """The first turn (1-based) that ended over 20, or None."""
    return next((i + 1 for i, total in enumerate(totals) if total > TARGET), None)


def status_of(total: int, n_cards: int, busted: bool = False) -> str:
    """``bust`` if a turn ended over 20 (``busted``) or the total is over 20,
    ``nine-card`` for a full table that never bust, else ``stood``."""
    if busted or total > TARGET:
        return STATUS_BUST
    if n_cards >= MAX_TABLE:
        return STATUS_NINE
    return STATUS_STOOD


def _ends_with_tiebreaker(cards: list[Played]) -> bool:
    return bool(cards) and cards[-1].card == "±1T"


def judge_tables(named_tables: list[tuple[str, list[Played]]]) -> dict:
    """Judge one set between two parsed tables; see :func:`judge`."""
    players = []
    for name, cards in named_tables:
        values = resolve(cards)
        total = sum(values)
        totals = turn_totals(cards)
        busted = bust_turn(totals)
        players.append(
            {
                "name": name,
                "total": total,
                "status": status_of(total, len(cards), busted is not None),
                "turn_totals": totals,
                "bust_turn": busted,
                "cards": [{"token": c.token, "value": v} for c, v in zip(cards, values)],
            }
        )
    winners, reason = _decide(players, [_ends_with_tiebreaker(c) for _, c in named_tables])
    return {"winners": winners, "void": not winners, "reason": reason, "players": players}


def _decide(players: list[dict], tiebreakers: list[bool]) -> tuple[list[str], str]:
    a, b = players
    bust = [p["status"] == STATUS_BUST for p in players]
    if all(bust):
        return [], "both bust"
    if any(bust):
        return [players[bust.index(False)]["name"]], "bust"
    nine = [p["status"] == STATUS_NINE for p in players]
    if nine.count(True) == 1:
        return [players[nine.index(True)]["name"]], "nine-card"
    if a["total"] != b["total"]:
        return [max(players, key=lambda p: p["total"])["name"]], "higher total"
    if tiebreakers.count(True) == 1:
        return [players[tiebreakers.index(True)]["name"]], "tiebreaker"
    return [], "tie"


def judge(showdown: Any, main_deck: dict[int, int] | None = None) -> dict:
    """Judge one Pazaak set from the two players' final tables.

    ``judge({"players": [{"name": "A", "table": ["7", "10", "+2"]},
    {"name": "B", "table": ["5", "D"]}]})`` returns ``{"winners": [...],
    "void": bool, "reason": str, "players": [{"name", "total", "status",
    "turn_totals", "bust_turn", "cards": [{"token", "value"}]}]}``.
    ``total`` is the table's final total, ``turn_totals`` its total at every
    turn end and ``bust_turn`` the first turn that ended over 20 (None if
    none did): such a player is ``bust`` whatever came after.  ``winners``
    is empty when the set is void.  ``reason`` is one of ``bust``, ``both bust``, ``nine-card``,
    ``higher total``, ``tiebreaker``, ``tie``.  Exactly two players.
    ``main_deck`` (value -> copies, from the printed deck) limits how often a
    main-deck value may appear on the two tables; without it the bundled
    game's main deck (:func:`~deckgen.games.pazaak.deck_counts.bundled_main_deck`) does.
    """
    if not isinstance(showdown, dict) or "players" not in showdown:
        raise ShowdownError((), "a showdown must be a mapping with a 'players' list.")
    players = showdown["players"]
    if not isinstance(players, list) or len(players) != 2:
        got = f"this showdown has {len(players)}" if isinstance(players, list) else "'players' is not a list"
        raise ShowdownError(("players",), f"pazaak is played by exactly two players; {got}.")
    named_tables = []
    seen: set[str] = set()
    for i, player in enumerate(players):
        if not isinstance(player, dict):
            raise ShowdownError(("players", i), "each player must be a mapping with 'name' and 'table'.")
        name = player.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ShowdownError(("players", i, "name"), "each player needs a non-empty name.")
        if name in seen:
            raise ShowdownError(
                ("players", i, "name"), f"player name {name!r} is used twice; names must differ."
            )
        seen.add(name)
        if "table" not in player:
            raise ShowdownError(("players", i), f"player {name!r} has no 'table' list.")
        named_tables.append((name, parse_table(player["table"], ("players", i, "table"))))
    _check_main_deck(named_tables, main_deck)
    return judge_tables(named_tables)


def _check_main_deck(named_tables: list[tuple[str, list[Played]]], main_deck: dict[int, int] | None = None) -> None:
    """Both tables draw from one shared main deck: no value more often than the deck holds it."""
    limit = dict(main_deck or bundled_main_deck())
    seen: dict[int, int] = {}
    for i, (_, cards) in enumerate(named_tables):
        for j, card in enumerate(cards):
            if card.is_main and card.chosen is not None:  # a main card always has its value
                seen[card.chosen] = seen.get(card.chosen, 0) + 1
                if seen[card.chosen] > limit.get(card.chosen, 0):
                    raise ShowdownError(
                        ("players", i, "table", j),
                        f"main-deck card {card.token!r} is on the tables more than "
                        f"{limit.get(card.chosen, 0)} times, "
                        f"but the shared main deck holds only {limit.get(card.chosen, 0)} of each value.",
                    )


def validate_side_deck(cards: list[str]) -> list[str]:
    """Problems with a side deck: it needs exactly ten catalogue cards.

    Aliases (``+-3``, ``+/-3``, U+2212) are accepted; the same card may appear
    more than once.  Returns an empty list for a good deck.
    """
    if not isinstance(cards, (list, tuple)):
        return [f"a side deck must be a list of {SIDE_DECK_SIZE} cards."]
    problems = []
    if len(cards) != SIDE_DECK_SIZE:
        problems.append(f"a side deck has exactly {SIDE_DECK_SIZE} cards, this one has {len(cards)}.")
    for i, card in enumerate(cards):
        if not isinstance(card, str) or normalise_id(card) not in _BY_ID:
            problems.append(
                f"card {i + 1} {card!r} is not a side card: allowed are {', '.join(CATALOGUE_IDS)}."
            )
    return problems


def normalise_side_deck(cards: list[str]) -> list[str]:
    """A valid side deck spelt with catalogue ids (raises ValueError if invalid)."""
    problems = validate_side_deck(cards)
    if problems:
        raise ValueError("; ".join(problems))
    return [normalise_id(card) for card in cards]
