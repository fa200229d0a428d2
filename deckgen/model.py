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
    shape: str = "rect"  # "round": the cut is the ellipse (circle) inscribed in the trim (a token)

    @property
    def round(self) -> bool:
        """Whether the card is cut round (a token): along the ellipse inscribed in its trim."""
        return self.shape == "round"

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
    back: str | None = None  # the card's own back template (None: the deck's)
    run: str | None = None  # the generated run of its card list that made it (its texts follow runs.RUN)

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
    expected_count: int | None = None  # game.yaml's `count:`, the number of cards the deck is meant to have
    count_at: tuple[str, int | None, int | None] | None = None  # (file, line, column) of that `count:`

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
    """One language's words for a game: names, template labels and rule decisions.

    ``doc`` is the parsed language file with the line of every key, so a
    problem with a text can name the line it was written on.
    """

    lang: str
    game: str
    decks: Mapping[str, str]
    strings: Mapping[str, str]
    source: Source | None = None
    decisions: Mapping[str, str] = field(default_factory=dict)
    doc: Any = None  # deckgen.yamlpos.Located of the file

    def position(self, *path: str) -> tuple[str | None, int | None, int | None]:
        """(file, line, column) of a key of the file, e.g. ``position("strings", "ref.title")``."""
        if self.doc is None:
            return (self.source.file if self.source else None, None, None)
        return self.doc.file, self.doc.line(path), self.doc.column(path)


@dataclass(frozen=True)
class DocumentSpec:
    """A printed document of a game other than a deck (board, reference sheet).

    Its page is an SVG template, rendered like a card face: ``page`` is
    ``"paper"`` (the chosen paper in ``orientation``) or a fixed size in mm;
    a fixed-size page is printed in each of ``prints`` (``sheet``: on the
    chosen paper, ``large``: on the next larger paper, ``tiled``: over
    several sheets of the chosen paper).
    """

    id: str
    kind: str | None
    template: str
    page: Any = "paper"  # "paper" or (width, height) in mm
    orientation: str = "portrait"
    prints: tuple[str, ...] = ("sheet",)
    stem: str = ""
    safe: float = 10.0
    options: Mapping[str, Any] = field(default_factory=dict)
    source: Source | None = None


@dataclass(frozen=True)
class Example:
    """A showdown whose outcome a rule decision claims: judged by the engine, printed by the rulebooks."""

    showdown: Mapping[str, Any]  # in the judge's format (what `deckgen judge` reads)
    winners: tuple[str, ...]
    options: Mapping[str, Any]
    source: Source
    field: str  # dotted path in the decisions file


@dataclass(frozen=True)
class Decision:
    """A rule the sources leave open, decided: its words live in the lang files' ``decisions``."""

    id: str
    examples: tuple[Example, ...]
    source: Source


@dataclass(frozen=True)
class SummaryRow:
    """A row of a printed rule summary (a ranking card): a string key and an example it shows."""

    text: str
    example: Example


@dataclass(frozen=True)
class Decisions:
    """A game's ``decisions.yaml``: the decisions with their examples, and the printed summary."""

    file: str
    decisions: tuple[Decision, ...] = ()
    summary: tuple[SummaryRow, ...] = ()

    def examples(self) -> list[Example]:
        """Every example: the decisions' and the summary's."""
        return [e for d in self.decisions for e in d.examples] + [r.example for r in self.summary]


@dataclass(frozen=True)
class Game:
    """A game: its decks, its words per language and its engine name."""

    id: str
    directory: Path
    decks: Mapping[str, Deck]
    strings: Mapping[str, Strings]  # lang -> Strings
    engine: str | None = None
    card_texts: tuple[str, ...] = ("name",)
    optional_texts: frozenset[str] = frozenset()  # card_texts a card may lack (in every language alike)
    documents: Mapping[str, DocumentSpec] = field(default_factory=dict)
    engine_data: Mapping[str, str] = field(default_factory=dict)  # kwarg -> file in the game folder
    style: Mapping[str, Any] = field(default_factory=dict)  # style.yaml: named colours and layout boxes
    decisions: Decisions | None = None
    source: Source | None = None  # game.yaml

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
    engines: Mapping[str, Any] = field(default_factory=dict)  # engine name -> deckgen.registry.GameDescriptor
    format: int = 1
    bundled: bool = False  # the games shipped inside the deckgen package
    notes: tuple[Any, ...] = ()  # warnings found while loading (deckgen.errors.Problem)
    limits: Any = None  # deckgen.limits.Limits of deckgen.yaml's ``limits:`` (None: the defaults)
    needs_trust: tuple[str, ...] = ()  # games left out: their engine comes from plugins not yet trusted
    parts: Any = None  # deckgen.parts.Parts: the verbs, card sources and checks the project's plugins add
    min_text: Any = None  # deckgen.text.floor.TextFloor of deckgen.yaml's ``min_text_pt`` (None: the defaults)
    cache_limit: int | None = None  # bytes the build cache is pruned to (``cache: limit:``; None: the default)

    def descriptor(self, game: Game) -> Any:
        """The registered descriptor of ``game``'s engine, or None for a game without one."""
        return self.engines.get(game.engine) if game.engine else None

    @property
    def templates_dir(self) -> Path:
        return self.root / "templates"

    @property
    def fonts_dir(self) -> Path:
        return self.root / "fonts"
