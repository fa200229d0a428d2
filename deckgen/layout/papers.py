"""Paper sizes in millimetres (portrait), by the names the command line takes."""

from __future__ import annotations

PAPERS_MM: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "legal": (215.9, 355.6),
    "tabloid": (279.4, 431.8),
    "a2": (420.0, 594.0),
}

#: The paper a large document (a board) goes on when the chosen paper is too small for it.
LARGER_PAPER: dict[str, str] = {"a4": "a3", "a3": "a2", "a2": "a2", "letter": "tabloid", "legal": "tabloid",
                                "tabloid": "tabloid"}

MM_TO_PT = 72.0 / 25.4


def mm(value: float) -> float:
    """Millimetres to PDF points."""
    return value * MM_TO_PT
