"""The validated model: frozen dataclasses that everything downstream reads.

Geometry is in millimetres throughout (names end in ``_mm`` where a unit
could be mistaken).  The model never refers back to YAML: positions of
values are kept separately (``Source``) only so that checks can point at
the line a problem comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

CARD_SIZES_MM: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "poker-us": (63.5, 88.9),
    "bridge": (57.0, 89.0),
    "tarot": (70.0, 120.0),
    "mini": (44.0, 68.0),
    "square": (70.0, 70.0),
}


@dataclass(frozen=True)
class Source:
    """Where a piece of data came from (for messages)."""

    file: str
    line: int | None = None


@dataclass(frozen=True)
class CardSize:
    """Trim size of a card, with bleed and safe margin, in millimetres."""

    width: float
    height: float
    bleed: float = 3.0
    safe: float = 3.0
    name: str = "custom"

    @property
    def full_width(self) -> float:
        """Width including bleed on both sides."""
        return self.width + 2 * self.bleed

    @property
    def full_height(self) -> float:
        """Height including bleed on both sides."""
        return self.height + 2 * self.bleed

    def pixels(self, dpi: int) -> tuple[int, int]:
        """Pixel size of the full (bleed) card at ``dpi``."""
        return (round(self.full_width / 25.4 * dpi), round(self.full_height / 25.4 * dpi))


@dataclass(frozen=True)
class Card:
    """One card kind of a deck; ``count`` physical copies are printed."""

    id: str
    count: int
    fields: Mapping[str, Any]
    texts: Mapping[str, Mapping[str, str]]  # lang -> field -> text
    front: str | None = None
    source: Source | None = None

    def text(self, lang: str, key: str = "name") -> str:
        """Localized text ``key`` of this card in ``lang`` ('' if absent)."""
        return self.texts.get(lang, {}).get(key, "")

    def __getattr__(self, name: str) -> Any:  # card.suit in templates
        try:
            return self.__dict__["fields"][name]
        except KeyError:
            raise AttributeError(name) from None


@dataclass(frozen=True)
class Deck:
    """A printable deck: cards, their size and templates."""

    id: str
    game_id: str
    cards: tuple[Card, ...]
    size: CardSize
    front: str
    back: str
    localized: bool = True
    style: Mapping[str, Any] = field(default_factory=dict)
    source: Source | None = None
    variant: str | None = None  # set on a variant deck (e.g. "cloud-city")
    variants: Mapping[str, "Deck"] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """Deck id plus variant, as used in file names: ``classic-cloud-city``."""
        return f"{self.id}-{self.variant}" if self.variant else self.id

    @property
    def total_cards(self) -> int:
        """Number of physical cards (copies included)."""
        return sum(c.count for c in self.cards)

    def physical_cards(self) -> list[Card]:
        """Every physical card in deck order, copies repeated."""
        return [c for c in self.cards for _ in range(c.count)]


@dataclass(frozen=True)
class Strings:
    """One language's words for a game: names and template labels."""

    lang: str
    game: str
    decks: Mapping[str, str]
    strings: Mapping[str, str]
    source: Source | None = None


@dataclass(frozen=True)
class DocumentSpec:
    """A printed document of a game other than a deck (board, reference sheet)."""

    id: str
    kind: str
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Game:
    """A game: its decks, its words per language and its engine name."""

    id: str
    directory: Path
    decks: Mapping[str, Deck]
    strings: Mapping[str, Strings]  # lang -> Strings
    engine: str | None = None
    card_texts: tuple[str, ...] = ("name",)
    documents: Mapping[str, DocumentSpec] = field(default_factory=dict)
    engine_data: Mapping[str, str] = field(default_factory=dict)  # kwarg -> file in the game folder

    def name(self, lang: str) -> str:
        """The game's name in ``lang`` (falls back to the id)."""
        s = self.strings.get(lang)
        return s.game if s else self.id


@dataclass(frozen=True)
class Project:
    """A deckgen project folder: deckgen.yaml, data/, templates/, fonts/."""

    root: Path
    name: str
    languages: tuple[str, ...]
    games: Mapping[str, Game]
    fonts: Mapping[str, str]  # role -> file name in fonts/

    @property
    def templates_dir(self) -> Path:
        return self.root / "templates"

    @property
    def fonts_dir(self) -> Path:
        return self.root / "fonts"
