"""The bundled classic game's decks, counted from its card files and read once.

The 76-card deck (``suits.yaml`` with ``faces.yaml``, or a variant's face
file: one face set each) and the 42-card adaptation (``adapted-42.yaml``)
are stated only in the data.  An engine given a game's data uses that; these
are what it falls back on without one, and the rules the checks hold a
project's printed decks to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Mapping

from deckgen.games.bundled_decks import bundled_cards, bundled_variants, copies

GAME_ID = "classic"
DECK_ID = "classic"
BASE_FACE_SET = "classic"  # the base deck's face set; each variant of the deck is a face set of its own name
ADAPTED_42_ID = "adapted-42"


@dataclass(frozen=True)
class ClassicDeck:
    """The 76-card deck as its data gives it, entries in file order.

    ``suited`` holds (suit, rank, copies); ``face_sets`` maps each face set to
    its (face, copies); ``face_values`` the printed values of the base face set.
    The rest are lookups made from them once.
    """

    suits: tuple[str, ...]
    ranks: tuple[int, ...]
    suited: tuple[tuple[str, int, int], ...]
    face_sets: Mapping[str, tuple[tuple[str, int], ...]]
    face_values: Mapping[str, int]
    face_names: Mapping[str, tuple[str, ...]] = field(init=False)
    face_copies: Mapping[str, Mapping[str, int]] = field(init=False)
    all_faces: frozenset[str] = field(init=False)
    suited_copies: Mapping[tuple[str, int], int] = field(init=False)

    def __post_init__(self) -> None:
        lookups = {
            "face_names": {name: tuple(face for face, _ in faces) for name, faces in self.face_sets.items()},
            "face_copies": {name: MappingProxyType(dict(faces)) for name, faces in self.face_sets.items()},
            "all_faces": frozenset(face for faces in self.face_sets.values() for face, _ in faces),
            "suited_copies": {(suit, rank): n for suit, rank, n in self.suited},
        }
        for name, value in lookups.items():
            object.__setattr__(self, name, MappingProxyType(value) if isinstance(value, dict) else value)


def _faces(entries: tuple[dict[str, Any], ...]) -> tuple[tuple[str, int], ...]:
    return tuple((str(e["face"]), copies(e)) for e in entries if e.get("suit") == "face")


@lru_cache(maxsize=1)
def classic_deck() -> ClassicDeck:
    """The bundled classic deck with every face set (read once)."""
    base = bundled_cards(GAME_ID, DECK_ID)
    suited = tuple((str(e["suit"]), int(e["rank"]), copies(e)) for e in base if e.get("suit") != "face")
    face_sets = {BASE_FACE_SET: _faces(base)}
    for variant in bundled_variants(GAME_ID, DECK_ID):
        face_sets[variant] = _faces(bundled_cards(GAME_ID, DECK_ID, variant))
    return ClassicDeck(
        suits=tuple(dict.fromkeys(suit for suit, _, _ in suited)),
        ranks=tuple(sorted({rank for _, rank, _ in suited})),
        suited=suited,
        face_sets=MappingProxyType(face_sets),
        face_values=MappingProxyType({str(e["face"]): int(e["value"]) for e in base if e.get("suit") == "face"}),
    )


@lru_cache(maxsize=1)
def _adapted_42() -> tuple[tuple[int, int], ...]:
    out: dict[int, int] = {}
    for entry in bundled_cards(GAME_ID, ADAPTED_42_ID):
        rank = entry.get("rank")
        if isinstance(rank, int) and not isinstance(rank, bool):
            out[rank] = out.get(rank, 0) + copies(entry)
    return tuple(sorted(out.items()))


def adapted_42_composition() -> dict[int, int]:
    """rank -> copies of the bundled 42-card deck (a fresh dict; the file is read once)."""
    return dict(_adapted_42())
