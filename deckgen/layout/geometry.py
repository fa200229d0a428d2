"""Pure sheet geometry: the card grid, duplex mirroring, crop marks, slug.

All values are millimetres in PDF orientation (origin bottom-left, y up).
Nothing here draws; the PDF writer reads these plans.  Cards touch on the
sheet (shared cut lines, as home print-and-play needs on A4/Letter); the
outer edge of the grid gets the full bleed, so a guillotine cut along any
outer line never leaves white.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from deckgen.model import CardSize

#: Home printers do not print closer than this to the paper edge.
PRINTER_MARGIN_MM = 4.0
#: Crop marks start this far outside the card grid (beyond the bleed).
MARK_OFFSET_MM = 3.5
MARK_MAX_MM = 5.0
MARK_MIN_MM = 2.0
#: Room kept for the slug line in the margin that carries it.
SLUG_BAND_MM = 3.0


@dataclass(frozen=True)
class Rect:
    """Axis-aligned rectangle, mm, origin bottom-left."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    def overlaps(self, other: "Rect", eps: float = 1e-6) -> bool:
        return (self.x < other.x1 - eps and other.x < self.x1 - eps
                and self.y < other.y1 - eps and other.y < self.y1 - eps)


@dataclass(frozen=True)
class Slot:
    """One card position: trim rectangle, image rectangle and clip rectangle."""

    index: int  # position on the sheet in reading order (row-major from the top)
    col: int
    row: int  # 0 = top row
    trim: Rect
    image: Rect  # trim + bleed on all sides: where the bleed image is drawn
    clip: Rect  # what of the image is visible: bleed only on the grid's outer edges


@dataclass(frozen=True)
class Mark:
    """A crop mark line segment from (x0, y0) to (x1, y1)."""

    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class SheetPlan:
    """Everything about one paper layout for one card size."""

    paper_w: float
    paper_h: float
    card: CardSize
    cols: int
    rows: int
    grid: Rect  # union of the trim rectangles
    marks: tuple[Mark, ...]
    slug_anchor: tuple[float, float]
    slug_vertical: bool

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def front_slots(self) -> list[Slot]:
        return [self._slot(i, c, r) for i, (c, r) in enumerate(self._cells())]

    def back_slots(self, duplex: str) -> list[Slot]:
        """Slots of the backs page; slot i lies behind front slot i when printed duplex."""
        slots = []
        for i, (c, r) in enumerate(self._cells()):
            if duplex == "long":  # flip around the long (vertical) edge: columns mirror
                c = self.cols - 1 - c
            elif duplex == "short":  # flip around the short edge: rows mirror
                r = self.rows - 1 - r
            elif duplex != "same":
                raise ValueError(f"unknown duplex mode {duplex!r}")
            slots.append(self._slot(i, c, r))
        return slots

    def _cells(self):
        for r in range(self.rows):
            for c in range(self.cols):
                yield c, r

    def _slot(self, index: int, col: int, row: int) -> Slot:
        w, h, b = self.card.width, self.card.height, self.card.bleed
        x = self.grid.x + col * w
        y = self.grid.y1 - (row + 1) * h
        trim = Rect(x, y, w, h)
        image = Rect(x - b, y - b, w + 2 * b, h + 2 * b)
        left = b if col == 0 else 0.0
        right = b if col == self.cols - 1 else 0.0
        bottom = b if row == self.rows - 1 else 0.0
        top = b if row == 0 else 0.0
        clip = Rect(x - left, y - bottom, w + left + right, h + top + bottom)
        return Slot(index, col, row, trim, image, clip)


class LayoutError(ValueError):
    """The card does not fit the paper."""


def plan_sheet(paper_w: float, paper_h: float, card: CardSize,
               printer_margin: float = PRINTER_MARGIN_MM) -> SheetPlan:
    """Plan the largest centred grid of touching cards on the paper.

    The grid plus its outer bleed must stay inside the printer margin, and
    the crop marks (at least ``MARK_MIN_MM`` long) must stay on the paper.
    Raises :class:`LayoutError` if not even one card fits.
    """
    start = max(MARK_OFFSET_MM, card.bleed + 0.5)
    # Each side keeps room for the bleed inside the printer margin, and for crop marks on the page.
    margin = max(printer_margin + card.bleed, start + MARK_MIN_MM)
    usable_w = paper_w - 2 * margin
    usable_h = paper_h - 2 * margin
    cols = int(math.floor(usable_w / card.width + 1e-9))
    rows = int(math.floor(usable_h / card.height + 1e-9))
    if cols < 1 or rows < 1:
        raise LayoutError(f"a {card.width:g}x{card.height:g} mm card with {card.bleed:g} mm bleed "
                          f"does not fit on {paper_w:g}x{paper_h:g} mm paper")
    grid_w, grid_h = cols * card.width, rows * card.height
    grid = Rect((paper_w - grid_w) / 2, (paper_h - grid_h) / 2, grid_w, grid_h)
    margin_x, margin_y = grid.x, grid.y
    # The slug goes into the roomier margin pair: bottom (horizontal) or left (vertical).
    slug_vertical = margin_x > margin_y + 2.0
    length_x = _mark_length(margin_x - start - printer_margin - (SLUG_BAND_MM if slug_vertical else 0.0))
    length_y = _mark_length(margin_y - start - printer_margin - (0.0 if slug_vertical else SLUG_BAND_MM))
    marks = []
    xs = [grid.x + c * card.width for c in range(cols + 1)]
    ys = [grid.y + r * card.height for r in range(rows + 1)]
    for x in xs:  # vertical marks above and below the grid
        marks.append(Mark(x, grid.y - start, x, grid.y - start - length_y))
        marks.append(Mark(x, grid.y1 + start, x, grid.y1 + start + length_y))
    for y in ys:  # horizontal marks left and right of the grid
        marks.append(Mark(grid.x - start, y, grid.x - start - length_x, y))
        marks.append(Mark(grid.x1 + start, y, grid.x1 + start + length_x, y))
    # Slug baseline: inside the printable area, clear of the marks (6 pt text is ~2 mm tall).
    if slug_vertical:
        anchor = (printer_margin + 2.2, grid.y)
    else:
        anchor = (grid.x, printer_margin + 0.5)
    return SheetPlan(paper_w, paper_h, card, cols, rows, grid, tuple(marks), anchor, slug_vertical)


def _mark_length(room: float) -> float:
    return max(MARK_MIN_MM, min(MARK_MAX_MM, room))
