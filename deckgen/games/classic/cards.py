"""Cards of the classic 76-card sabacc deck: identities, notation, deck lists.

A card is written ``SUIT:RANK`` (``coins:11``, ``sabers:ace``,
``flasks:commander``; ranks 1-11 or commander/mistress/master/ace, which may
also be given as 12-15) or ``face:NAME`` (``face:idiot``,
``face:the-evil-one``).  Parsing ignores case and surrounding spaces; in face
names spaces and underscores count as hyphens.

Two face sets exist: the classic set (The Star ... Idiot, fixed values) and
the Cloud City set (Idiot, Jedi Master, ...), whose values depend on the
local rules of a location.  The Idiot belongs to both sets.

What the deck holds -- suits, ranks, face sets, printed face values and
copies -- is stated only in the data (``suits.yaml`` and the face files);
:mod:`deckgen.games.classic.bundled` reads the bundled game's once, and the
functions here answer from it.  Only the notation (rank words) and the rule
line between numbered and court cards are code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from deckgen.errors import ShowdownError
from deckgen.games.classic.bundled import BASE_FACE_SET, classic_deck

RANK_NAMES: dict[int, str] = {12: "commander", 13: "mistress", 14: "master", 15: "ace"}
HIGHEST_NUMBERED = 11


def suits() -> tuple[str, ...]:
    """The suits in the order the deck's data gives them."""
    return classic_deck().suits


def ranks() -> tuple[int, ...]:
    """The ranks of the suited cards, lowest first."""
    return classic_deck().ranks


def face_sets() -> Mapping[str, tuple[str, ...]]:
    """face set -> its face names, in the data's order (the base deck's set is 'classic')."""
    return classic_deck().face_names


def face_copies(face_set: str) -> Mapping[str, int]:
    """face name -> copies in a deck with ``face_set`` (empty for an unknown set)."""
    return classic_deck().face_copies.get(face_set, {})


def classic_face_values() -> Mapping[str, int]:
    """The printed values of the classic face set (the Cloud City faces' depend on the location)."""
    return classic_deck().face_values


def all_faces() -> frozenset[str]:
    """Every face card of every face set."""
    return classic_deck().all_faces


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
        if name not in all_faces():
            raise ShowdownError(path, f"unknown face card '{rest}' in '{token.strip()}'; faces are {', '.join(sorted(all_faces()))}.")
        return face(name)
    if kind not in suits():
        raise ShowdownError(path, f"unknown suit '{kind}' in '{token.strip()}'; suits are {', '.join(suits())} (or face).")
    if rest in _RANK_WORDS:
        return suited(kind, _RANK_WORDS[rest])
    if rest.isdigit() and int(rest) in ranks():
        return suited(kind, int(rest))
    raise ShowdownError(path, f"unknown rank '{rest}' in '{token.strip()}'; ranks are {ranks()[0]}-{ranks()[-1]} "
                              f"or commander, mistress, master, ace.")


def suited_cards() -> list[Card]:
    """The suited cards (60, one of each), suit by suit, as the data lists them."""
    return [suited(s, r) for s, r, n in classic_deck().suited for _ in range(n)]


def deck_cards(face_set: str = BASE_FACE_SET) -> list[Card]:
    """All physical cards of a deck with the given face set (76: each face twice), in the data's order."""
    faces = [face(n) for n, copies in classic_deck().face_sets[face_set] for _ in range(copies)]
    return suited_cards() + faces


def copies_in_deck(card: Card, face_set: str = BASE_FACE_SET) -> int:
    """How many copies of ``card`` a deck with ``face_set`` holds (0 if none)."""
    if card.is_face:
        return face_copies(face_set).get(card.face, 0)
    return classic_deck().suited_copies.get((card.suit, card.rank), 0)


def standard_deck() -> list[tuple[str, int, int]]:
    """(card id, value, copies) for the standard deck with the classic face set."""
    deck = classic_deck()
    return ([(suited(s, r).id, r, n) for s, r, n in deck.suited]
            + [(f"face:{name}", deck.face_values[name], n) for name, n in deck.face_sets[BASE_FACE_SET]])
