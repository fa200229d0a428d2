"""The smallest size printed text may have: ``min_text_pt`` in deckgen.yaml.

Text under about 6.5 pt is hard to read across a table, so every text a
template lays out is held to a floor, in points (1 pt = 25.4/72 mm)::

    min_text_pt: 6.5            # one number: the floor of cards, documents and booklets alike
    min_text_pt:                # or each kind its own (every key optional)
      cards: 6.5                # card faces: small, read across the table
      documents: 7              # boards and reference sheets: read across the table, with room to spare
      booklets: 7.5             # rule booklets: read in the hand, but in long runs

The layout engine (:func:`deckgen.text.layout.layout_text`) reports the size
a text ended at; a text that had to go under the floor to fit (or was set
under it) is a located warning in ``format: 2`` projects and an error from
``format: 3`` on (:func:`floor_is_error`).  Faces re-rendered at a print
shop's trim are held to the same floor.  Booklets are set in fixed styles
and never shrink: a style under the floor is raised to it
(:func:`raise_to_floor`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

#: Millimetres in one point (the floors are in points; layouts are in mm).
MM_PER_PT = 25.4 / 72
#: The format from which a text under the floor is an error (a warning before).
STRICT_FORMAT = 3
KINDS = ("cards", "documents", "booklets")
#: Words every floor message holds (:func:`floor_message`): how checks and exports pick them out.
FLOOR_WORDS = "floor of printed text"


@dataclass(frozen=True)
class TextFloor:
    """The smallest text size, in points, of each kind of print."""

    cards: float = 6.5
    documents: float = 7.0
    booklets: float = 7.5

    @classmethod
    def from_settings(cls, value: Any) -> "TextFloor":
        """The floor ``min_text_pt`` of deckgen.yaml states (the schema has checked its shape)."""
        if value is None:
            return cls()
        if isinstance(value, (int, float)):
            return cls(float(value), float(value), float(value))
        if isinstance(value, Mapping):
            return cls(**{k: float(v) for k, v in value.items() if k in KINDS})
        return cls()

    def pt(self, kind: str) -> float:
        return float(getattr(self, kind))

    def mm(self, kind: str) -> float:
        """The floor of ``kind`` as a font size in mm (what templates give ``text()``)."""
        return self.pt(kind) * MM_PER_PT


def project_floor(project: Any) -> TextFloor:
    """The project's floor (the defaults for a project object without one)."""
    floor = getattr(project, "min_text", None)
    return floor if isinstance(floor, TextFloor) else TextFloor()


def floor_is_error(project: Any) -> bool:
    """Whether text under the floor stops a build (``format: 3`` and later) or is a warning (before)."""
    return int(getattr(project, "format", 1) or 1) >= STRICT_FORMAT


def pt(size_mm: float) -> float:
    """A font size in mm, in points."""
    return size_mm / MM_PER_PT


def under_floor(size_mm: float, floor_mm: float | None) -> bool:
    """Whether a text set at ``size_mm`` is under ``floor_mm`` (by more than a rounding step)."""
    return floor_mm is not None and math.isfinite(size_mm) and size_mm < floor_mm - 1e-6


def floor_message(size_mm: float, designed_mm: float, floor_mm: float, kind: str) -> str:
    """Why a text at ``size_mm`` (designed at ``designed_mm``) is under the floor of ``kind``."""
    how = (f"is set at {pt(size_mm):.1f} pt" if size_mm >= designed_mm - 1e-6
           else f"shrinks to {pt(size_mm):.1f} pt to fit (designed at {pt(designed_mm):.1f} pt)")
    return (f"{how}, under the {pt(floor_mm):.1f} pt {FLOOR_WORDS} on {kind} (min_text_pt in "
            f"deckgen.yaml): give its box more room, shorten the text or set it larger")


def raise_to_floor(styles: Iterable[Any], floor_pt: float) -> None:
    """Raise every reportlab ``ParagraphStyle`` under ``floor_pt`` to it, its leading in proportion."""
    for style in styles:
        size = float(getattr(style, "fontSize", 0) or 0)
        if 0 < size < floor_pt:
            style.leading = float(style.leading) * floor_pt / size
            style.fontSize = floor_pt
