"""Where a game's rule sources are and what its booklets are called: read by the booklet builder and by the
build's plan (deckgen.outputs.books) alike."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from deckgen.layout.papers import READING_PAGE, booklet_page

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.model import Game

RULES_DIR = "rules"
#: The page every booklet is laid out on, in reading order (deckgen.layout.papers names it).


def source_path(game: Game, lang: str) -> Path:
    return Path(game.directory) / RULES_DIR / f"{lang}.md"


def has_rulebook(game: Game) -> bool:
    return (Path(game.directory) / RULES_DIR).is_dir()


def booklet_stem(game: Game, lang: str) -> str:
    return f"{game.id}-rules-{lang}"


def imposed_paper(paper: str) -> str:
    """The sheet a booklet is imposed on, two pages a side: letter for --paper letter, else A4."""
    return booklet_page(paper)[1]


def booklet_names(game: Game, lang: str, paper: str) -> tuple[str, str]:
    """(reading-order file, imposed file) of a booklet."""
    stem = booklet_stem(game, lang)
    return f"{stem}.pdf", f"{stem}-booklet-{imposed_paper(paper)}.pdf"
