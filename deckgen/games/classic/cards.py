"""Cards of the classic 76-card sabacc deck: identities, notation, deck lists.

A card is written ``SUIT:RANK`` (``coins:11``, ``sabers:ace``,
``flasks:commander``; ranks 1-11 or commander/mistress/master/ace, which may
also be given as 12-15) or ``face:NAME`` (``face:idiot``,
``face:the-evil-one``).  Parsing ignores case and surrounding spaces; in face
names spaces and underscores count as hyphens.

Two face sets exist: the classic set (The Star ... Idiot, fixed values) and
the Cloud City set (Idiot, Jedi Master, ...), whose values depend on the
local rules of a location.  The Idiot belongs to both sets.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.errors import ShowdownError

SUITS: tuple[str, ...] = ("sabers", "flasks", "coins", "staves")
RANK_NAMES: dict[int, str] = {12: "commander", 13: "mistress", 14: "master", 15: "ace"}
RANKS: tuple[int, ...] = tuple(range(1, 16))
HIGHEST_NUMBERED = 11

CLASSIC_FACE_VALUES: dict[str, int] = {
    "the-star": -17,
    "the-evil-one": -15,
    "moderation": -14,
    "demise": -13,
    "balance": -11,
    "endurance": -8,
    "queen-of-air-and-darkness": -2,
    "idiot": 0,
}
CLOUD_CITY_FACES: tuple[str, ...] = (
    "idiot",
    "jedi-master",
    "jedi-knight",
    "smuggler",
    "bounty-hunter",
    "lord-of-sith",
    "rancor",
    "dark-jedi",
)
FACE_SETS: dict[str, tuple[str, ...]] = {
    "classic": tuple(CLASSIC_FACE_VALUES),
    "cloud-city": CLOUD_CITY_FACES,
}
FACE_COPIES = 2
ALL_FACES: frozenset[str] = frozenset(CLASSIC_FACE_VALUES) | frozenset(CLOUD_CITY_FACES)


@dataclass(frozen=True, order=True)
class Card:
    """One sabacc card: a suited card (suit + rank 1-15) or a face card."""

    suit: str = ""
    rank: int = 0
    face: str = ""

    @property
    def is_face(self) -> bool:
        return bool(self.face)

    @property
    def is_numbered(self) -> bool:
        """A suited card of rank 1-11 (not Commander, Mistress, Master, Ace)."""
        return not self.face and 1 <= self.rank <= HIGHEST_NUMBERED

    @property
    def id(self) -> str:
        """Canonical notation, e.g. ``coins:11``, ``sabers:ace``, ``face:idiot``."""
        if self.face:
            return f"face:{self.face}"
        return f"{self.suit}:{RANK_NAMES.get(self.rank, self.rank)}"

    def __str__(self) -> str:
        return self.id


def suited(suit: str, rank: int) -> Card:
    return Card(suit=suit, rank=rank)


def face(name: str) -> Card:
    return Card(face=name)


_RANK_WORDS = {name: rank for rank, name in RANK_NAMES.items()}


def parse_card(token: object, path: tuple = ()) -> Card:
    """Parse one card token; a bad token raises ShowdownError at ``path``."""
    if isinstance(token, Card):
        return token
    if not isinstance(token, str):
        raise ShowdownError(path, f"{token!r} is not a card; write SUIT:RANK or face:NAME.")
    text = token.strip().lower()
    kind, sep, rest = text.partition(":")
    kind, rest = kind.strip(), rest.strip()
    if not sep:
        raise ShowdownError(path, f"'{token.strip()}' is not a card; write SUIT:RANK like coins:11 or face:NAME like face:idiot.")
    if kind == "face":
        name = "-".join(rest.replace("_", " ").replace("-", " ").split())
        if name not in ALL_FACES:
            raise ShowdownError(path, f"unknown face card '{rest}' in '{token.strip()}'; faces are {', '.join(sorted(ALL_FACES))}.")
        return face(name)
    if kind not in SUITS:
        raise ShowdownError(path, f"unknown suit '{kind}' in '{token.strip()}'; suits are {', '.join(SUITS)} (or face).")
    if rest in _RANK_WORDS:
        return suited(kind, _RANK_WORDS[rest])
    if rest.isdigit() and 1 <= int(rest) <= 15:
        return suited(kind, int(rest))
    raise ShowdownError(path, f"unknown rank '{rest}' in '{token.strip()}'; ranks are 1-15 or commander, mistress, master, ace.")


def suited_cards() -> list[Card]:
    """The 60 suited cards, one of each, suit by suit."""
    return [suited(s, r) for s in SUITS for r in RANKS]


def deck_cards(face_set: str = "classic") -> list[Card]:
    """All 76 physical cards of a deck with the given face set (faces twice)."""
    faces = [face(n) for n in FACE_SETS[face_set] for _ in range(FACE_COPIES)]
    return suited_cards() + faces


def copies_in_deck(card: Card, face_set: str = "classic") -> int:
    """How many copies of ``card`` a deck with ``face_set`` holds (0 if none)."""
    if card.is_face:
        return FACE_COPIES if card.face in FACE_SETS[face_set] else 0
    return 1


# (card id, value, copies) for the standard deck with the classic face set.
STANDARD_DECK: list[tuple[str, int, int]] = [
    (c.id, c.rank, 1) for c in suited_cards()
] + [(f"face:{n}", v, FACE_COPIES) for n, v in CLASSIC_FACE_VALUES.items()]
