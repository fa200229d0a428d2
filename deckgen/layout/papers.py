"""Paper sizes in millimetres (portrait), by the names the command line takes, and the mm→pt factor.

Every size deckgen prints on is named here once: the sheet papers
(:data:`PAPERS_MM`, those ``--paper`` offers in :data:`CHOICES`), the larger
paper a board goes on (:data:`LARGER_PAPER`), and the pages of a rule
booklet (:data:`BOOKLET_PAGES_MM`), printed two per side of a sheet paper
(:func:`booklet_page`).
"""

from __future__ import annotations

PAPERS_MM: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "legal": (215.9, 355.6),
    "tabloid": (279.4, 431.8),
    "a2": (420.0, 594.0),
}

#: The papers ``--paper`` offers (a2 is only where a board goes when a3 is too small).
CHOICES: tuple[str, ...] = ("a4", "letter", "a3", "legal", "tabloid")

#: The paper a large document (a board) goes on when the chosen paper is too small for it.
LARGER_PAPER: dict[str, str] = {"a4": "a3", "a3": "a2", "a2": "a2", "letter": "tabloid", "legal": "tabloid",
                                "tabloid": "tabloid"}

#: The pages of a rule booklet (portrait, mm): half a sheet of A4 or of Letter.
BOOKLET_PAGES_MM: dict[str, tuple[float, float]] = {"a5": (148.0, 210.0), "half-letter": (139.7, 215.9)}

#: The sheet paper a booklet page is printed on, two per side; any other paper prints A5 pages on A4.
_BOOKLET_SHEETS = {"letter": "half-letter", "a4": "a5"}

#: The booklet page read on screen (the reading PDF, the preview).
READING_PAGE = "a5"

MM_TO_PT = 72.0 / 25.4


def mm(value: float) -> float:
    """Millimetres to PDF points."""
    return value * MM_TO_PT


def booklet_page(paper: str) -> tuple[str, str]:
    """(booklet page, sheet paper) of a booklet for ``paper``: ("half-letter", "letter") or ("a5", "a4")."""
    sheet = paper if paper in _BOOKLET_SHEETS else "a4"
    return _BOOKLET_SHEETS[sheet], sheet


def landscape(paper: str) -> tuple[float, float]:
    """(width, height) mm of ``paper`` turned landscape."""
    w, h = PAPERS_MM[paper]
    return max(w, h), min(w, h)


def paper_label(paper: str) -> str:
    """The paper as a page's notes name it: ``A4``, ``Letter``."""
    return paper.upper() if paper != "letter" else "Letter"
