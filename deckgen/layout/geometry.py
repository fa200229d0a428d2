"""Pure sheet geometry: the card grid, duplex mirroring, crop marks, slug, rulers, registration marks.

All values are millimetres in PDF orientation (origin bottom-left, y up).
Nothing here draws; the PDF writer reads these plans.  How cards sit on
the sheet is a :class:`~deckgen.layout.layouts.SheetLayout` (data): the
default ``grid`` has cards touching, sharing their cut lines, as home
print-and-play on A4/Letter needs; ``gutters`` gives every card its own
bleed.  The rules every layout keeps:

* the card grid and its outer bleed stay inside the printer margin;
* every edge of a card that has no card next to it shows the full bleed,
  on partial sheets too, so a cut along it never leaves white;
* nothing printed outside the cards (crop marks, slug line, rulers) comes
  closer than :data:`EDGE_MM` to the paper edge, where many printers do
  not print.  Crop marks sit outside the bleed where the margin allows; in
  a narrow margin (Letter above and below a 3x3 poker grid) they run over
  the outer bleed, stopping short of the trim, and are drawn with a white
  halo so they show on a dark bleed;
* the slug line and the rulers live in a band along the roomier pair of
  margins, clear of the crop marks;
* round cards (tokens, a deck's ``shape: round``) share no cut line: they
  sit at least twice the bleed apart, each with its whole bleed round it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from deckgen.model import CardSize

#: Home printers do not print closer than this to the paper edge: the bleed stays inside it.
PRINTER_MARGIN_MM = 4.0
#: Nothing besides the cards' bleed comes closer than this to the paper edge.
EDGE_MM = 5.0
#: Crop marks start this far outside the card grid when they sit beyond the bleed.
MARK_OFFSET_MM = 3.5
MARK_MAX_MM = 5.0
#: A mark beyond the bleed is at least this long; one over the bleed at least MARK_MIN_OVER_MM.
MARK_MIN_MM = 2.0
MARK_MIN_OVER_MM = 1.5
#: A mark over the bleed stops this far from the trim.
MARK_GAP_MM = 0.75
#: Room for the slug line (and, opposite, the rulers): a band from EDGE_MM inwards.
BAND_MM = 3.0


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
    clip: Rect  # what of the image is visible: bleed on every edge without a card next to it
    rotate: int = 0  # degrees the face is turned on the sheet (gutter-fold backs folded over a horizontal line)


@dataclass(frozen=True)
class Mark:
    """A crop mark line segment from (x0, y0) to (x1, y1); ``over_bleed`` when it runs over a card's bleed."""

    x0: float
    y0: float
    x1: float
    y1: float
    over_bleed: bool = False


@dataclass(frozen=True)
class Ruler:
    """A ruler of ``length`` mm from (x, y) along x (or along y when ``vertical``); ticks every ``step`` mm,
    every ``major`` tick longer; ``label`` after its end ("10 cm", "3 in")."""

    x: float
    y: float
    length: float
    step: float
    major: int
    label: str
    vertical: bool


#: How far the slug line and rulers stay from a print-and-cut registration mark (mm): a cutter's sensor
#: that finds text 1 mm from a mark can misread it.
FURNITURE_CLEARANCE_MM = 6.0


@dataclass(frozen=True)
class Registration:
    """Print-and-cut registration marks (Silhouette style), mm: a filled square in the top-left corner
    and an L in the top-right and bottom-left corners, ``inset`` from the paper edges; nothing else is
    printed within ``clearance`` of them."""

    inset: float = 10.0
    square: float = 5.0
    length: float = 20.0
    thickness: float = 0.5
    clearance: float = 2.0

    def rects(self, paper_w: float, paper_h: float) -> list[Rect]:
        """The filled rectangles that draw the three marks."""
        i, s, n, t = self.inset, self.square, self.length, self.thickness
        return [Rect(i, paper_h - i - s, s, s),  # top left: the square
                Rect(paper_w - i - n, paper_h - i - t, n, t), Rect(paper_w - i - t, paper_h - i - n, t, n),
                Rect(i, i, n, t), Rect(i, i, t, n)]

    @property
    def keep_out(self) -> float:
        """Distance from the paper edge inside which only the marks are printed."""
        return self.inset + max(self.square, self.thickness) + self.clearance

    @property
    def arm(self) -> float:
        """Distance from the paper edge, along an edge, that the corner marks and their clearance take."""
        return self.inset + max(self.length, self.square) + self.clearance

    @property
    def furniture_arm(self) -> float:
        """Distance from the paper edge, along an edge, that the slug line and rulers leave to the corner marks:
        a cutter's optical sensor scans round a mark, so printed text keeps FURNITURE_CLEARANCE_MM from it
        (the cards, kept ``clearance`` away, are not moved)."""
        return self.inset + max(self.length, self.square) + max(self.clearance, FURNITURE_CLEARANCE_MM)


@dataclass(frozen=True)
class SheetPlan:
    """Everything about one paper layout for one card size."""

    paper_w: float
    paper_h: float
    card: CardSize
    cols: int
    rows: int
    grid: Rect  # from the first trim's outer corner to the last: the cards and the gutters between them
    marks: tuple[Mark, ...]
    slug_anchor: tuple[float, float]
    slug_vertical: bool
    gutter: float = 0.0  # mm between neighbouring trims (0: shared cut lines)
    landscape: bool = False
    layout: str = "grid"
    rulers: tuple[Ruler, ...] = ()
    registration: Registration | None = None
    slug_length: float = 0.0  # mm the slug line may take along its band
    cut_x: tuple[float, ...] = field(default=())  # every vertical cut line
    cut_y: tuple[float, ...] = field(default=())  # every horizontal cut line
    slug_knockout: bool = False  # the slug sits on white over the outer bleed (no band beside it)
    fold: str | None = None  # gutter-fold: "vertical" or "horizontal" fold line; backs on the same page
    fold_at: float = 0.0  # x (vertical) or y (horizontal) of the fold line
    front: Rect | None = None  # the fronts' grid when it is not the whole grid (gutter-fold)

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def front_slots(self, count: int | None = None) -> list[Slot]:
        """The slots of a fronts page; with ``count``, only the first ``count`` are filled and an edge
        whose neighbour is empty gets its bleed."""
        cells = list(self._cells())
        filled = set(cells[: self.per_sheet if count is None else count])
        return [self._slot(i, c, r, filled) for i, (c, r) in enumerate(cells)]

    def back_slots(self, duplex: str, count: int | None = None) -> list[Slot]:
        """Slots of the backs page; slot i lies behind front slot i when printed duplex.

        ``long``: the sheet turns over its long edge (columns mirror on a
        portrait page, rows on a landscape one); ``short``: over its short
        edge; ``same``: no mirroring.  On a gutter-fold plan the backs share
        the fronts' page: each back is the mirror of its front across the
        fold line (``duplex`` does not matter), turned 180° when the fold
        line is horizontal, so that it reads upright when the folded card
        is turned over.
        """
        if self.fold is not None:
            return [self._folded(s) for s in self.front_slots(count)]
        if duplex not in ("long", "short", "same"):
            raise ValueError(f"unknown duplex mode {duplex!r}")
        mirror_cols = (duplex == "long") != self.landscape if duplex != "same" else False
        mirror_rows = duplex != "same" and not mirror_cols
        cells = []
        for c, r in self._cells():
            cells.append((self.cols - 1 - c if mirror_cols else c, self.rows - 1 - r if mirror_rows else r))
        filled = set(cells[: self.per_sheet if count is None else count])
        return [self._slot(i, c, r, filled) for i, (c, r) in enumerate(cells)]

    def _cells(self):
        for r in range(self.rows):
            for c in range(self.cols):
                yield c, r

    def _folded(self, slot: Slot) -> Slot:
        f = self.fold_at

        def mirror(r: Rect) -> Rect:
            if self.fold == "vertical":
                return Rect(2 * f - r.x1, r.y, r.w, r.h)
            return Rect(r.x, 2 * f - r.y1, r.w, r.h)

        return Slot(slot.index, slot.col, slot.row, mirror(slot.trim), mirror(slot.image), mirror(slot.clip),
                    180 if self.fold == "horizontal" else 0)

    def _slot(self, index: int, col: int, row: int, filled: set) -> Slot:
        w, h, b, g = self.card.width, self.card.height, self.card.bleed, self.gutter
        front = self.front or self.grid
        x = front.x + col * (w + g)
        y = front.y1 - (row + 1) * h - row * g
        trim = Rect(x, y, w, h)
        image = Rect(x - b, y - b, w + 2 * b, h + 2 * b)
        inner = min(b, g / 2)  # bleed shown towards a filled neighbour: half the gutter at most

        def side(neighbour: tuple[int, int]) -> float:
            return inner if neighbour in filled else b

        left, right = side((col - 1, row)), side((col + 1, row))
        top, bottom = side((col, row - 1)), side((col, row + 1))
        clip = Rect(x - left, y - bottom, w + left + right, h + top + bottom)
        return Slot(index, col, row, trim, image, clip)


class LayoutError(ValueError):
    """The card does not fit the paper."""


@dataclass(frozen=True)
class SheetLayout:
    """One arrangement of cards on a sheet (see the module docstring)."""

    name: str = "grid"
    description: str = ""
    gutter: float | None = 0.0  # mm between trims; None: twice the deck's bleed
    orientation: str = "portrait"  # portrait | landscape | auto
    crop_marks: bool = True
    rulers: bool = True
    registration: Registration | None = None
    fold: str = "none"  # gutter-fold: none | vertical | horizontal | auto (backs on the fronts' page)
    fold_gap: float = 4.0  # mm from the fold line to the nearest trim

    def gutter_for(self, card: CardSize) -> float:
        return 2 * card.bleed if self.gutter is None else float(self.gutter)


#: The default layout (deckgen.layout.layouts reads the others from data), also when no layout file can be read (tests, plans without a project).
GRID = SheetLayout()


def plan_sheet(paper_w: float, paper_h: float, card: CardSize, layout=None,
               printer_margin: float = PRINTER_MARGIN_MM) -> SheetPlan:
    """Plan the largest centred grid of cards on the paper, as ``layout`` arranges them.

    ``layout`` is a :class:`~deckgen.layout.layouts.SheetLayout` (default:
    the shared-cut grid).  With orientation ``auto`` the paper is turned to
    landscape when that holds more cards.  Raises :class:`LayoutError` if
    not even one card fits, or if the crop marks find no room.
    """
    layout = layout or GRID
    orientations = {"portrait": [False], "landscape": [True], "auto": [False, True]}[layout.orientation]
    fold_choices: dict[str, list[str | None]] = {"none": [None], "vertical": ["vertical"],
                                                 "horizontal": ["horizontal"], "auto": ["vertical", "horizontal"]}
    folds = fold_choices[getattr(layout, "fold", "none") or "none"]
    plans, errors = [], []
    for landscape in orientations:
        pw, ph = (paper_h, paper_w) if landscape else (paper_w, paper_h)
        for fold in folds:
            try:
                plans.append(_plan(pw, ph, card, layout, printer_margin, landscape, fold))
            except LayoutError as exc:
                errors.append(exc)
    if not plans:
        raise errors[0]
    return max(plans, key=lambda p: (p.per_sheet, not p.landscape, p.fold != "horizontal"))


def _count(room: float, size: float, gutter: float) -> int:
    return int(math.floor((room + gutter) / (size + gutter) + 1e-9))


#: Gutter-fold: the least distance from the fold line to the nearest trim (the bleed must stay clear of it).
FOLD_GAP_MM = 4.0


def _plan(pw: float, ph: float, card: CardSize, layout, printer_margin: float, landscape: bool,
          fold: str | None = None) -> SheetPlan:
    w, h, b = card.width, card.height, card.bleed
    g = layout.gutter_for(card)
    if getattr(card, "shape", "rect") == "round":  # a round token has no shared cut: its own bleed all round
        g = max(g, 2 * b)
    reg = layout.registration
    # The least margin a side needs: the bleed inside the printer margin, a crop mark outside it.
    need = printer_margin + b
    if layout.crop_marks:
        need = max(need, EDGE_MM + MARK_MIN_OVER_MM + MARK_GAP_MM)
    if reg is not None:
        need = max(need, reg.keep_out + b)
        if layout.crop_marks:
            need = max(need, reg.keep_out + MARK_MIN_OVER_MM + MARK_GAP_MM)
    fold_need = max(getattr(layout, "fold_gap", FOLD_GAP_MM) or FOLD_GAP_MM, b + 1.0)
    room_w, room_h = pw - 2 * need, ph - 2 * need
    if fold == "vertical":
        room_w = pw / 2 - need - fold_need
    elif fold == "horizontal":
        room_h = ph / 2 - need - fold_need
    cols, rows = _count(room_w, w, g), _count(room_h, h, g)
    if cols < 1 or rows < 1:
        raise LayoutError(f"a {w:g}x{h:g} mm card with {b:g} mm bleed does not fit on {pw:g}x{ph:g} mm paper"
                          + (f" with the {layout.name} layout" if layout.name != "grid" else ""))
    grid_w, grid_h = cols * w + (cols - 1) * g, rows * h + (rows - 1) * g
    front = None
    fold_at = 0.0
    if fold == "vertical":  # fronts in the left half, their backs mirrored into the right one
        fold_at = pw / 2
        front = Rect(need + (room_w - grid_w) / 2, (ph - grid_h) / 2, grid_w, grid_h)
        grid = Rect(front.x, front.y, 2 * (fold_at - front.x), grid_h)
    elif fold == "horizontal":  # fronts in the top half, their backs turned into the bottom one
        fold_at = ph / 2
        front = Rect((pw - grid_w) / 2, fold_at + fold_need + (room_h - grid_h) / 2, grid_w, grid_h)
        grid = Rect(front.x, 2 * fold_at - front.y1, grid_w, 2 * (front.y1 - fold_at))
    else:
        grid = Rect((pw - grid_w) / 2, (ph - grid_h) / 2, grid_w, grid_h)
    margin_x, margin_y = grid.x, grid.y
    # The slug goes into the roomier margin pair (left: vertical text; bottom: horizontal), the rulers
    # opposite; each takes a band from EDGE_MM inwards, if the margin has room for it beside a mark.
    slug_vertical = margin_x > margin_y + 2.0
    band_room = (margin_x if slug_vertical else margin_y) - EDGE_MM - BAND_MM
    bands = band_room >= max(b, MARK_MIN_OVER_MM + MARK_GAP_MM if layout.crop_marks else 0.0)
    band = BAND_MM if bands else 0.0
    base = front or grid
    xs = {base.x + c * (w + g) for c in range(cols)} | {base.x + c * (w + g) + w for c in range(cols)}
    ys = {base.y + r * (h + g) for r in range(rows)} | {base.y + r * (h + g) + h for r in range(rows)}
    if fold == "vertical":
        xs |= {2 * fold_at - x for x in xs}
    elif fold == "horizontal":
        ys |= {2 * fold_at - y for y in ys}
    cut_x, cut_y = sorted(xs), sorted(ys)
    marks: list[Mark] = []
    if layout.crop_marks:
        # vertical marks above and below the grid, horizontal ones left and right; the band of the
        # slug line (and of the rulers opposite) is kept free on its pair of sides
        edge = max(EDGE_MM, reg.keep_out) if reg is not None else EDGE_MM
        vertical = _side_marks(margin_y, 0.0 if slug_vertical else band, b, edge)
        horizontal = _side_marks(margin_x, band if slug_vertical else 0.0, b, edge)
        if vertical is None or horizontal is None:
            raise LayoutError(f"no room for crop marks around {cols}x{rows} {w:g}x{h:g} mm cards on "
                              f"{pw:g}x{ph:g} mm paper")
        if vertical is not None:
            inner, length = vertical
            for x in cut_x:
                marks.append(Mark(x, grid.y - inner, x, grid.y - inner - length, inner < b))
                marks.append(Mark(x, grid.y1 + inner, x, grid.y1 + inner + length, inner < b))
        if horizontal is not None:
            inner, length = horizontal
            for y in cut_y:
                marks.append(Mark(grid.x - inner, y, grid.x - inner - length, y, inner < b))
                marks.append(Mark(grid.x1 + inner, y, grid.x1 + inner + length, y, inner < b))
    # Slug baseline inside its band (6 pt text: ~1.6 mm above the baseline, ~0.5 mm below).  Without a
    # band beside the bleed, the slug goes on a white knock-out over the outer bleed (cut away with it),
    # along the first card only, so it crosses no crop mark.
    start = reg.furniture_arm if reg is not None else 0.0
    along = cut_y if slug_vertical else cut_x
    if slug_vertical:
        low = max(grid.y, start)
        anchor = (EDGE_MM + 1.7, low)
        slug_length = ph - low - max(EDGE_MM, start)
    else:
        low = max(grid.x, start)
        anchor = (low, EDGE_MM + 0.6)
        slug_length = pw - low - max(EDGE_MM, start)
    knockout = not bands
    if knockout:
        low = along[0] + 1.0
        slug_length = max(0.0, along[1] - along[0] - 2.0)
        anchor = (EDGE_MM + 1.7, low) if slug_vertical else (low, EDGE_MM + 0.6)
    if fold is not None and (fold == "vertical") != slug_vertical:  # the slug runs across the fold line
        slug_length = min(slug_length, fold_at - low - 2.0)
    rulers = _rulers(pw, ph, grid, slug_vertical, reg) if layout.rulers and bands and fold is None else ()
    return SheetPlan(pw, ph, card, cols, rows, grid, tuple(marks), anchor, slug_vertical, g, landscape,
                     layout.name, rulers, reg, slug_length, tuple(cut_x), tuple(cut_y), knockout,
                     fold, fold_at, front)


def _side_marks(margin: float, band: float, bleed: float, edge: float = EDGE_MM) -> tuple[float, float] | None:
    """(distance of the mark's inner end from the trim, its length) on a side, or None without room.

    Beyond the bleed when the margin allows a mark of MARK_MIN_MM there;
    else over the bleed, stopping MARK_GAP_MM short of the trim.
    """
    room = margin - edge - band  # from the trim out to where nothing may be printed
    start = max(MARK_OFFSET_MM, bleed + 0.5)
    if room - start >= MARK_MIN_MM:
        return start, min(MARK_MAX_MM, room - start)
    inner = max(MARK_GAP_MM, min(start, room - MARK_MIN_MM))
    length = min(MARK_MAX_MM, room - inner)
    if length < MARK_MIN_OVER_MM - 1e-9:
        return None
    return inner, length


def _rulers(pw: float, ph: float, grid: Rect, slug_vertical: bool, reg: Registration | None) -> tuple[Ruler, ...]:
    """A 10 cm and a 3 in ruler (or what fits of them) in the band opposite the slug line."""
    wanted = [(100.0, 1.0, 10, "10 cm"), (76.2, 25.4 / 8, 8, "3 in")]
    low = max(grid.y if slug_vertical else grid.x, reg.furniture_arm if reg is not None else 0.0)
    high = (ph if slug_vertical else pw) - max(EDGE_MM, reg.furniture_arm if reg is not None else 0.0)
    label_room, gap = 9.0, 6.0
    rulers, at = [], low
    # the ruler's line runs EDGE_MM + 0.2 from the paper edge; its ticks grow inwards from it
    line = (pw - EDGE_MM - 0.2) if slug_vertical else (ph - EDGE_MM - 0.2)
    for length, step, major, label in wanted:
        if at + length + label_room > high:
            continue
        if slug_vertical:
            rulers.append(Ruler(line, at, length, step, major, label, True))
        else:
            rulers.append(Ruler(at, line, length, step, major, label, False))
        at += length + label_room + gap
    return tuple(rulers)
