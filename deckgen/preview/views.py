"""What the gallery shows: games, decks in a language, card tiles with their faces and problems, thumbnails.

Plain data filled in by :mod:`deckgen.preview.gallery` and read by the page
template (:mod:`deckgen.preview.page`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from deckgen.errors import Problem
from deckgen.model import Deck, Game, Project
from deckgen.preview.images import DEFAULT_PALETTE, Palette

DEFAULT_DPI = 150

#: A problem's words naming a document page: ``document ID [LANG]`` (``document ID sheet N [LANG]``).
_DOCUMENT = re.compile(r"\bdocument ([^\s\[\]]+)(?: sheet \d+)? \[([\w-]+)\]")


def document_language(problem: Problem) -> str | None:
    """The language of the document page a problem names (None: it names none)."""
    m = _DOCUMENT.search(problem.message)
    return m.group(2) if m else None


@dataclass
class Face:
    """A face's picture (path relative to the gallery) and its miscut view."""

    key: str
    picture: str
    miscut: str | None = None


@dataclass
class Tile:
    """One card kind of a deck in one language."""

    game: str
    deck: str  # the deck's label (id, or id-variant)
    lang: str
    localized: bool
    card: str
    name: str
    count: int
    source: str
    front: Face | None = None
    back: Face | None = None
    problems: list[Problem] = field(default_factory=list)  # what `deckgen check` says about the card
    errors: list[Problem] = field(default_factory=list)  # why a face of it could not be rendered now

    @property
    def uid(self) -> str:
        return f"{self.game}/{self.deck}/{self.lang}/{self.card}"

    @property
    def all_problems(self) -> list[Problem]:
        return self.errors + [p for p in self.problems if p not in self.errors]

    @property
    def status(self) -> str:
        if self.errors or any(not p.warning for p in self.problems):
            return "error"
        return "warning" if self.problems else "ok"


@dataclass
class DeckView:
    deck: Deck
    name: str
    lang: str
    tiles: list[Tile] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # the deck's design: templates, layout boxes, its back
    templates: set[str] = field(default_factory=set)
    found: list[Problem] = field(default_factory=list)  # problems found rendering its faces now

    @property
    def label(self) -> str:
        return self.deck.label

    @property
    def uid(self) -> str:
        return f"{self.deck.game_id}/{self.deck.label}/{self.lang}"


@dataclass
class Thumb:
    """A document page or a rulebook page."""

    title: str
    lang: str
    picture: str
    width: int
    height: int


@dataclass
class GameView:
    game: Game
    name: str
    palette: Palette = DEFAULT_PALETTE
    decks: list[DeckView] = field(default_factory=list)
    documents: list[Thumb] = field(default_factory=list)
    document_problems: dict[str, list[Problem]] = field(default_factory=dict)  # document id -> problems
    rulebook: dict[str, list[Thumb]] = field(default_factory=dict)  # lang -> pages
    rulebook_problems: list[Problem] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # everything else
    checked: bool = True  # False while the checks of its current inputs have not run

    @property
    def id(self) -> str:
        return self.game.id

    def document_problems_in(self, doc_id: str, lang: str) -> list[Problem]:
        """The problems of a document that concern its page in ``lang`` (those naming no language too)."""
        return [p for p in self.document_problems.get(doc_id, []) if document_language(p) in (None, lang)]


@dataclass
class Gallery:
    project: Project
    languages: tuple[str, ...]
    games: list[GameView] = field(default_factory=list)
    errors: list[Problem] = field(default_factory=list)  # problems that stopped a face from being drawn
    dpi: int = DEFAULT_DPI
    cards: tuple[str, ...] = ()
    drawn: int = 0  # faces drawn now
    encoded: int = 0  # pictures written now
    seconds: float = 0.0
    pictures: set[str] = field(default_factory=set)  # every picture the page shows

    @property
    def tiles(self) -> list[Tile]:
        return [t for g in self.games for d in g.decks for t in d.tiles]

    def line(self) -> str:
        tiles = self.tiles
        flagged = sum(1 for t in tiles if t.all_problems)
        decks = len({(g.id, d.label) for g in self.games for d in g.decks})
        return (f"{_count(len(tiles), 'card')} of {_count(decks, 'deck')} in {_count(len(self.languages), 'language')}, "
                f"{flagged} with problems; {_count(self.drawn, 'face')} drawn, "
                f"{_count(self.encoded, 'picture')} written; {self.seconds:.1f} s")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


@dataclass(frozen=True)
class GalleryOptions:
    out: Path
    languages: tuple[str, ...] = ()  # empty: the project's first
    cards: tuple[str, ...] = ()
    variant: str | None = None
    dpi: int = DEFAULT_DPI
    checks: str = "run"  # run | cached (use results only if current) | off
    documents: str = "run"  # run | cached | off: document and rulebook thumbnails
    workers: int | None = None
    live: bool = False  # the page is served by `deckgen serve`
    page: int = 0  # under `deckgen serve`: which rebuild this page is (the open page fetches a newer one)

