"""Paper sizes in millimetres (portrait), by the names the command line takes."""

from __future__ import annotations

PAPERS_MM: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "legal": (215.9, 355.6),
}

MM_TO_PT = 72.0 / 25.4


def paper_size(name: str) -> tuple[float, float]:
    """Width and height of a named paper in mm; KeyError for unknown names."""
    return PAPERS_MM[name.lower()]


def mm(value: float) -> float:
    """Millimetres to PDF points."""
    return value * MM_TO_PT
