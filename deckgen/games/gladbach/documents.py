"""The Gladbach round board (document kind ``gladbach-board``).

One board per language, drawn as vectors with reportlab:

* ``board-LANG-a3.pdf``: the whole board on one A3 portrait sheet;
* ``board-LANG-a4-tiled.pdf``: the same board over two A4 landscape sheets
  (top and bottom half).  The halves share an overlap strip
  (``overlap_mm``, default 10 mm): sheet 1 is cut along its lower edge line
  and laid over the strip of sheet 2 ("glue here"), where crosshairs
  centred on the cut line make the halves meet exactly.

The board shows the title, the nine round fields for chips (1-9, three
rows of three), a dice reminder after rows one and two (rounds 3 and 6)
and a compact ranking summary with worked examples.  Every word comes from
``data/gladbach/lang/LANG.yaml`` (``board.*``, ``ref.*``, ``tile.*``); the
fonts are the project's embedded TrueType fonts.

Every page's ArtBox is the part of the board it carries (the whole board
on A3, one half plus the overlap on each A4 sheet), so the geometry can be
read back from the PDF.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from deckgen.documents import DocumentContext, document
from deckgen.errors import DeckgenError
from deckgen.layout.papers import mm
from deckgen.layout.pdfcanvas import open_canvas

# --------------------------------------------------------------- geometry (mm)

A3 = (297.0, 420.0)
A4_LANDSCAPE = (297.0, 210.0)
BOARD_W, BOARD_H = 277.0, 360.0
DEFAULT_OVERLAP = 10.0

NAVY = "#1b2436"
PAPER = "#f6f3ec"
COLOURS = {"blue": "#3340b0", "green": "#007f74", "red": "#dc5a28"}
TINT = "#e4e8f2"
INK = "#1c2230"

#: Rule rows of the ranking summary: string key, example hand A, relation, hand B.
RANKING_ROWS = [
    ("ref.r1", [("blue", 0)], ">", [("green", 1)]),
    ("ref.r2", [("green", 1)], ">", [("green", 2)]),
    ("ref.r3", [("green", 1)], ">", [("red", 1)]),
    ("ref.r4", [("green", 3)], ">", [("green", 2), ("green", 1)]),
    ("ref.r5", [("blue", 0), ("green", 1)], ">", [("green", 2), ("red", 1)]),
    ("ref.r6", [("green", 3), ("red", 1)], "=", [("green", 6), ("red", 4)]),
]


@dataclass(frozen=True)
class TilePlan:
    """How the board is split over two A4 landscape sheets (all mm, y down from the board top)."""

    overlap: float
    cut_y: float  # sheet 1 ends here (its lower edge line); sheet 2's glue strip ends here
    parts: tuple[tuple[float, float], tuple[float, float]]  # (y0, y1) of the board on each sheet

    @property
    def part_height(self) -> float:
        return self.parts[0][1] - self.parts[0][0]


def tile_plan(overlap: float = DEFAULT_OVERLAP) -> TilePlan:
    """Two equal parts of the board whose union is the board and whose intersection is ``overlap`` tall."""
    half = (BOARD_H + overlap) / 2
    return TilePlan(overlap, half, ((0.0, half), (BOARD_H - half, BOARD_H)))


# ------------------------------------------------------------------- drawing


class Pen:
    """Draws on a reportlab canvas in board millimetres, y pointing down."""

    def __init__(self, canvas, origin_x: float, origin_top: float, fonts: dict[str, str]):
        self.c = canvas
        self.ox, self.top = origin_x, origin_top  # page mm of the board's top-left corner
        self.fonts = fonts

    def x(self, x: float) -> float:
        return mm(self.ox + x)

    def y(self, y: float) -> float:
        return mm(self.top - y)

    def fill(self, colour: str, alpha: float = 1.0) -> None:
        self.c.setFillColor(HexColor(colour), alpha=alpha)

    def stroke(self, colour: str, width: float, alpha: float = 1.0, dash=None) -> None:
        self.c.setStrokeColor(HexColor(colour), alpha=alpha)
        self.c.setLineWidth(mm(width))
        self.c.setDash([mm(d) for d in dash] if dash else [])

    def rect(self, x, y, w, h, r=0.0, fill=True, stroke=False) -> None:
        if r:
            self.c.roundRect(self.x(x), self.y(y + h), mm(w), mm(h), mm(r), fill=int(fill), stroke=int(stroke))
        else:
            self.c.rect(self.x(x), self.y(y + h), mm(w), mm(h), fill=int(fill), stroke=int(stroke))

    def circle(self, cx, cy, r, fill=True, stroke=False) -> None:
        self.c.circle(self.x(cx), self.y(cy), mm(r), fill=int(fill), stroke=int(stroke))

    def line(self, x0, y0, x1, y1) -> None:
        self.c.line(self.x(x0), self.y(y0), self.x(x1), self.y(y1))

    def width(self, text: str, role: str, size: float) -> float:
        """Width in mm of ``text`` at ``size`` mm."""
        return stringWidth(text, self.fonts[role], mm(size)) / mm(1)

    def text(self, text: str, x: float, baseline: float, role: str, size: float, colour: str,
             align: str = "left") -> None:
        self.c.setFont(self.fonts[role], mm(size))
        self.fill(colour)
        if align == "center":
            self.c.drawCentredString(self.x(x), self.y(baseline), text)
        elif align == "right":
            self.c.drawRightString(self.x(x), self.y(baseline), text)
        else:
            self.c.drawString(self.x(x), self.y(baseline), text)

    def block(self, text: str, x: float, y: float, w: float, h: float, role: str, size: float,
              colour: str, align: str = "left", min_size: float | None = None, leading: float = 1.18,
              valign: str = "top") -> float:
        """Wrap ``text`` into the box, shrinking down to ``min_size`` to fit; returns the size used."""
        size, lines = fit_lines(text, self.fonts[role], w, h, size, min_size or size * 0.7, leading)
        total = len(lines) * size * leading
        top = y + (h - total) / 2 if valign == "middle" else y
        for i, line in enumerate(lines):
            base = top + size * (0.86 + i * leading)
            lx = x + w / 2 if align == "center" else x
            self.text(line, lx, base, role, size, colour, align)
        return size


def fit_lines(text: str, font: str, w: float, h: float, size: float, min_size: float,
              leading: float) -> tuple[float, list[str]]:
    """The largest size (in 0.1 mm steps, >= ``min_size``) at which ``text`` wraps into w x h mm."""
    s = size
    while True:
        lines = simpleSplit(text, font, mm(s), mm(w))
        if len(lines) * s * leading <= h + 1e-6:
            return s, lines
        if s <= min_size:
            raise DeckgenError(f"board: text does not fit in {w:g} x {h:g} mm even at {min_size:g} mm: "
                               f"{text[:48]!r} (shorten it in data/gladbach/lang)")
        s = max(min_size, round(s - 0.1, 2))


def draw_die(pen: Pen, cx: float, cy: float, size: float, pips: int, colour: str, pip_colour: str) -> None:
    """A die face ``size`` mm wide showing ``pips`` (1-6)."""
    pen.fill(colour)
    pen.rect(cx - size / 2, cy - size / 2, size, size, r=size * 0.18)
    q = size * 0.26
    spots = {1: [(0, 0)], 2: [(-q, -q), (q, q)], 3: [(-q, -q), (0, 0), (q, q)],
             4: [(-q, -q), (q, -q), (-q, q), (q, q)], 5: [(-q, -q), (q, -q), (0, 0), (-q, q), (q, q)],
             6: [(-q, -q), (q, -q), (-q, 0), (q, 0), (-q, q), (q, q)]}[pips]
    pen.fill(pip_colour)
    for dx, dy in spots:
        pen.circle(cx + dx, cy + dy, size * 0.09)


def draw_chip_card(pen: Pen, x: float, y: float, colour: str, number: int, w: float = 6.2, h: float = 8.6) -> None:
    """A mini card of the deck: colour, sign and number."""
    pen.fill(COLOURS[colour])
    pen.stroke(PAPER, 0.4)
    pen.rect(x, y, w, h, r=1.0, stroke=True)
    label = f"+{number}" if colour == "green" else (f"\u2212{number}" if colour == "red" else "0")
    pen.text(label, x + w / 2, y + h / 2 + 1.3, "display", 3.6, "#ffffff", "center")


def draw_hand(pen: Pen, x: float, y: float, cards, step: float = 6.8) -> None:
    for i, (colour, number) in enumerate(cards):
        draw_chip_card(pen, x + i * step, y, colour, number)


def draw_board(pen: Pen, s, title: str) -> None:
    """The whole board in board millimetres; ``s(key)`` gives a language string."""
    W, H = BOARD_W, BOARD_H
    pen.fill(PAPER)
    pen.stroke(NAVY, 0.8)
    pen.rect(0, 0, W, H, r=6, stroke=True)
    # header
    pen.fill(NAVY)
    pen.rect(0, 0, W, 36, r=6)
    pen.rect(0, 20, W, 16)
    for i, key in enumerate(("green", "blue", "red")):
        pen.fill(COLOURS[key])
        pen.rect(i * W / 3, 36, W / 3, 2.2)
    pen.block(title, 14, 4, W - 28, 18, "display", 15, "#ffffff", "center", min_size=9, valign="middle")
    pen.block(s("board.subtitle"), 14, 22.5, W - 28, 9, "body", 6, "#c9d3ea", "center", min_size=4.5,
              valign="middle")
    pen.block(s("board.chips"), 20, 40.5, W - 40, 11.5, "body", 4.2, INK, "center", min_size=3.2,
              valign="middle")
    # round fields
    cols = (W / 2 - 88, W / 2, W / 2 + 88)
    row_y = (89.0, 176.0, 263.0)
    radius = 31.0
    for n in range(1, 10):
        cx, cy = cols[(n - 1) % 3], row_y[(n - 1) // 3]
        draw_field(pen, cx, cy, radius, n, s("board.round").replace("{n}", str(n)), dice=n in (3, 6))
    # dice reminders after rows one and two
    for i, n in enumerate((3, 6)):
        draw_dice_banner(pen, 10, row_y[i] + radius + 3.5, W - 20, 15, n, s)
    # ranking summary
    draw_ranking(pen, 10, 299, W - 20, H - 299 - 7, s)


def draw_field(pen: Pen, cx, cy, r, n, label, dice: bool) -> None:
    pen.fill("#000000", 0.08)
    pen.circle(cx + 0.8, cy + 1.2, r)
    pen.fill("#ffffff")
    pen.stroke(NAVY, 2.4)
    pen.circle(cx, cy, r, stroke=True)
    pen.stroke(NAVY, 0.3, dash=(1.2, 1.6))
    pen.circle(cx, cy, r - 4.2, fill=False, stroke=True)
    pen.text(str(n), cx, cy + 12.5, "display", 36, "#d7dce8", "center")
    # label tab at the top of the ring
    tw = pen.width(label, "body-bold", 4.0) + 8
    pen.fill(NAVY)
    pen.rect(cx - tw / 2, cy - r - 3.5, tw, 7.5, r=3.7)
    pen.text(label, cx, cy - r + 1.55, "body-bold", 4.0, "#ffffff", "center")
    if dice:
        pen.fill("#ffffff")
        pen.stroke(NAVY, 1.2)
        pen.circle(cx + r * 0.74, cy + r * 0.74, 7.5, stroke=True)
        draw_die(pen, cx + r * 0.74 - 2.4, cy + r * 0.74 - 1.6, 5.2, 4, NAVY, "#ffffff")
        draw_die(pen, cx + r * 0.74 + 2.4, cy + r * 0.74 + 1.8, 5.2, 4, NAVY, "#ffffff")


def draw_dice_banner(pen: Pen, x, y, w, h, n, s) -> None:
    pen.fill(TINT)
    pen.rect(x, y, w, h, r=3)
    pen.fill(NAVY)
    pen.rect(x, y, 26, h, r=3)
    pen.rect(x + 20, y, 6, h)
    draw_die(pen, x + 8, y + h / 2 - 1.5, 8.5, 5, "#ffffff", NAVY)
    draw_die(pen, x + 17.5, y + h / 2 + 1.5, 8.5, 5, "#ffffff", NAVY)
    title = s("board.dice.title").replace("{n}", str(n))
    pen.block(title, x + 31, y + 1.6, w - 35, 6.2, "body-bold", 5.0, NAVY, min_size=3.6, valign="middle")
    pen.block(s("board.dice.text"), x + 31, y + 8.2, w - 35, h - 9, "body", 4.0, INK,
              min_size=3.0, valign="middle")


def draw_ranking(pen: Pen, x, y, w, h, s) -> None:
    pen.fill("#ffffff")
    pen.stroke(NAVY, 0.5)
    pen.rect(x, y, w, h, r=3, stroke=True)
    pen.block(s("ref.title"), x + 6, y + 2.5, w / 2, 7, "display", 5.6, NAVY, min_size=4,
              valign="middle")
    best = s("ref.best")
    pen.text(best, x + w - 6, y + 7.6, "body", 3.6, "#5a6478", "right")
    col_w = (w - 12) / 2
    row_h = (h - 13) / 3
    for i, (key, a, rel, b) in enumerate(RANKING_ROWS):
        col, row = divmod(i, 3)
        rx, ry = x + 6 + col * col_w, y + 11 + row * row_h
        pen.fill(NAVY)
        pen.circle(rx + 3.2, ry + row_h / 2, 3.2)
        pen.text(str(i + 1), rx + 3.2, ry + row_h / 2 + 1.4, "display", 4.0, "#ffffff", "center")
        ex = rx + col_w - 30
        pen.block(s(key), rx + 8.5, ry + 0.5, ex - rx - 10.5, row_h - 1, "body", 3.8, INK,
                  min_size=2.9, valign="middle")
        ey = ry + (row_h - 8.6) / 2
        draw_hand(pen, ex + 12.2 - 6.8 * len(a), ey, a)
        pen.text(rel, ex + 14.6, ey + 6.2, "display", 5, INK, "center")
        draw_hand(pen, ex + 17.2, ey, b)


# ------------------------------------------------------------------- output


def _fonts(ctx: DocumentContext) -> dict[str, str]:
    return {role: ctx.font(role) for role in ("body", "body-bold", "display")}


def _set_boxes(canvas, page_w: float, page_h: float, art: tuple[float, float, float, float]) -> None:
    """TrimBox/BleedBox = the sheet (nothing is cut to size); ArtBox = the board part (mm, x0 y0 x1 y1 from bottom)."""
    canvas.setTrimBox((0, 0, mm(page_w), mm(page_h)))
    canvas.setBleedBox((0, 0, mm(page_w), mm(page_h)))
    canvas.setArtBox(tuple(mm(v) for v in art))


def build_a3(ctx: DocumentContext) -> bytes:
    """The whole board on one A3 portrait sheet."""
    fonts = _fonts(ctx)
    buf = io.BytesIO()
    title = ctx.game.name(ctx.lang)
    c = open_canvas((mm(A3[0]), mm(A3[1])), fonts["body"], f"{title} – {ctx.s('board.subtitle')} (A3)", buf)
    ox, top = (A3[0] - BOARD_W) / 2, A3[1] - (A3[1] - BOARD_H) / 2
    _set_boxes(c, *A3, (ox, top - BOARD_H, ox + BOARD_W, top))
    draw_board(Pen(c, ox, top, fonts), ctx.s, title)
    c.showPage()
    c.save()
    return buf.getvalue()


def build_tiled(ctx: DocumentContext, overlap: float = DEFAULT_OVERLAP) -> bytes:
    """The board over two A4 landscape sheets with an overlap strip and crosshairs."""
    fonts = _fonts(ctx)
    plan = tile_plan(overlap)
    buf = io.BytesIO()
    title = ctx.game.name(ctx.lang)
    pw, ph = A4_LANDSCAPE
    c = open_canvas((mm(pw), mm(ph)), fonts["body"], f"{title} – {ctx.s('board.subtitle')} (2 × A4)", buf)
    ox = (pw - BOARD_W) / 2
    margin = (ph - plan.part_height) / 2
    for sheet, (y0, y1) in enumerate(plan.parts):
        top = ph - margin + y0  # page mm where the board's top (y=0) would be
        pen = Pen(c, ox, top, fonts)
        _set_boxes(c, pw, ph, (ox, ph - margin - (y1 - y0), ox + BOARD_W, ph - margin))
        c.saveState()
        path = c.beginPath()
        path.rect(pen.x(0), pen.y(y1), mm(BOARD_W), mm(y1 - y0))
        c.clipPath(path, stroke=0, fill=0)
        draw_board(pen, ctx.s, title)
        if sheet == 1:
            draw_glue_strip(pen, plan, ctx.s("tile.glue"))
        draw_crosshairs(pen, plan.cut_y)
        c.restoreState()
        draw_margin_marks(pen, plan, sheet, ctx)
        c.showPage()
    c.save()
    return buf.getvalue()


def draw_glue_strip(pen: Pen, plan: TilePlan, label: str) -> None:
    """Sheet 2: the overlap strip, hatched and labelled, with the edge line for sheet 1."""
    y0, y1 = plan.parts[1][0], plan.cut_y
    pen.fill("#ffffff", 0.55)
    pen.rect(0, y0, BOARD_W, y1 - y0)
    pen.stroke("#8a93a6", 0.25)
    step = 4.0
    x = -plan.overlap
    while x < BOARD_W:
        pen.line(x, y1, x + (y1 - y0), y0)
        x += step
    tw = pen.width(label, "body-bold", 3.4) + 6
    for gx in (BOARD_W * 0.25, BOARD_W * 0.75):
        pen.fill(PAPER)
        pen.rect(gx - tw / 2, y0 + (y1 - y0) / 2 - 2.6, tw, 5.2, r=1.2)
        pen.text(label, gx, y0 + (y1 - y0) / 2 + 1.2, "body-bold", 3.4, "#5a6478", "center")
    pen.stroke(NAVY, 0.35, dash=(2, 1.5))
    pen.line(0, y1, BOARD_W, y1)


def draw_crosshairs(pen: Pen, y: float) -> None:
    """Registration crosshairs centred on the cut line (both sheets)."""
    for x in (14.0, BOARD_W / 2 - 44, BOARD_W / 2 + 44, BOARD_W - 14.0):
        pen.stroke("#ffffff", 1.2)
        pen.circle(x, y, 3.2, fill=False, stroke=True)
        pen.stroke("#000000", 0.3)
        pen.circle(x, y, 3.2, fill=False, stroke=True)
        pen.line(x - 5.5, y, x + 5.5, y)
        pen.line(x, y - 5.5, x, y + 5.5)


def draw_margin_marks(pen: Pen, plan: TilePlan, sheet: int, ctx: DocumentContext) -> None:
    """Cut/align ticks outside the board on the cut line, and the sheet's instruction in its outer margin."""
    y = plan.cut_y
    pen.stroke("#000000", 0.3)
    pen.line(-9.0, y, -1.5, y)
    pen.line(BOARD_W + 1.5, y, BOARD_W + 9.0, y)
    if sheet == 0:
        pen.text(ctx.s("tile.cut"), -1.5, y - 1.2, "body", 2.4, "#000000", "right")
        pen.text(ctx.s("tile.cut"), BOARD_W + 1.5, y - 1.2, "body", 2.4, "#000000", "left")
        # instruction above the board top edge
        pen.block(ctx.s("tile.top"), 0, -8.5, BOARD_W, 6.5, "body", 3.0, "#333333",
                  "center", min_size=2.4, valign="middle")
    else:
        pen.block(ctx.s("tile.bottom"), 0, BOARD_H + 2.0, BOARD_W, 6.5, "body", 3.0,
                  "#333333", "center", min_size=2.4, valign="middle")


@document("gladbach-board")
def build(ctx: DocumentContext) -> list[tuple[str, bytes]]:
    """``board-LANG-a3.pdf`` and ``board-LANG-a4-tiled.pdf``."""
    overlap = float(ctx.options.get("overlap_mm", DEFAULT_OVERLAP))
    return [
        (f"board-{ctx.lang}-a3.pdf", build_a3(ctx)),
        (f"board-{ctx.lang}-a4-tiled.pdf", build_tiled(ctx, overlap)),
    ]
