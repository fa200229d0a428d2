"""A printable tuck box for a deck, sized from its card size and card count.

The net, left to right: a glue flap, a side, the front, the other side,
the back; a tuck lid (with its tongue) above the back and one below the
front, a dust flap above and below each side, and a thumb notch in the
front's top edge.  Cut lines are solid, fold lines dashed, the glue flap
hatched.  The colour (and the deck's back on the front and back panels)
runs :data:`BLEED_MM` past every cut line, so a cut a little outside the
line leaves no white edge.  The deck's back is printed on the front and back panels, the
sides and lids take its average colour, the game's name and the deck's.

Inside the box every card has :data:`SLACK_MM` of play; the depth counts
:data:`CARD_THICKNESS_MM` per card (home card stock, sleeves not counted)
plus :data:`SLACK_MM`.  The net is centred on the paper with at least
:data:`~deckgen.layout.geometry.EDGE_MM` to spare, on the build's paper or
— turned, or on the next larger paper — where it fits.
"""

from __future__ import annotations

import io
import zlib
from dataclasses import dataclass

from deckgen.layout.geometry import EDGE_MM, Rect
from deckgen.layout.papers import LARGER_PAPER, PAPERS_MM, mm
from deckgen.layout.pdfcanvas import open_canvas
from deckgen.layout.pdfimage import draw_face, finish

CARD_THICKNESS_MM = 0.32
SLACK_MM = 1.5
GLUE_MM = 12.0
TONGUE_MM = 15.0
NOTCH_MM = 9.0
MIN_DEPTH_MM = 8.0
MARGIN_MM = EDGE_MM + 1.0
#: How far the colour runs past the cut lines (less where the paper's margin is narrower: nothing is printed
#: within EDGE_MM of the paper edge).
BLEED_MM = 3.0


@dataclass(frozen=True)
class TuckBoxNet:
    """The box's panels (mm) on a paper of ``paper_w`` × ``paper_h``."""

    paper: str
    paper_w: float
    paper_h: float
    width: float  # inside: card width + slack
    height: float  # inside: card height + slack
    depth: float  # inside: the stack of cards + slack
    origin: tuple[float, float]  # bottom-left corner of the whole net

    @property
    def size(self) -> tuple[float, float]:
        return net_size(self.width, self.height, self.depth)

    def panels(self) -> dict[str, Rect]:
        """Every panel of the net by name, bottom-left origin, mm."""
        x0, y0 = self.origin
        w, h, d = self.width, self.height, self.depth
        body_y = y0 + TONGUE_MM + d
        xs = {"glue": x0, "side-left": x0 + GLUE_MM, "front": x0 + GLUE_MM + d,
              "side-right": x0 + GLUE_MM + d + w, "back": x0 + GLUE_MM + 2 * d + w}
        flap = 0.8 * d
        return {
            "glue": Rect(xs["glue"], body_y, GLUE_MM, h),
            "side-left": Rect(xs["side-left"], body_y, d, h),
            "front": Rect(xs["front"], body_y, w, h),
            "side-right": Rect(xs["side-right"], body_y, d, h),
            "back": Rect(xs["back"], body_y, w, h),
            "lid-top": Rect(xs["back"], body_y + h, w, d),
            "tongue-top": Rect(xs["back"], body_y + h + d, w, TONGUE_MM),
            "lid-bottom": Rect(xs["front"], body_y - d, w, d),
            "tongue-bottom": Rect(xs["front"], body_y - d - TONGUE_MM, w, TONGUE_MM),
            "dust-left-top": Rect(xs["side-left"], body_y + h, d, flap),
            "dust-right-top": Rect(xs["side-right"], body_y + h, d, flap),
            "dust-left-bottom": Rect(xs["side-left"], body_y - flap, d, flap),
            "dust-right-bottom": Rect(xs["side-right"], body_y - flap, d, flap),
        }


def net_size(width: float, height: float, depth: float) -> tuple[float, float]:
    return GLUE_MM + 2 * depth + 2 * width, 2 * TONGUE_MM + 2 * depth + height


def plan_tuckbox(card_w: float, card_h: float, count: int, paper: str) -> TuckBoxNet:
    """The net for ``count`` cards of ``card_w`` × ``card_h`` mm on ``paper`` (turned, or on a larger
    paper, when it does not fit); ValueError when not even A2 holds it."""
    w, h = card_w + SLACK_MM, card_h + SLACK_MM
    d = max(MIN_DEPTH_MM, count * CARD_THICKNESS_MM + SLACK_MM)
    nw, nh = net_size(w, h, d)
    tried = paper
    while True:
        pw, ph = PAPERS_MM[tried]
        for paper_w, paper_h in ((pw, ph), (ph, pw)):
            if nw + 2 * MARGIN_MM <= paper_w and nh + 2 * MARGIN_MM <= paper_h:
                return TuckBoxNet(tried, paper_w, paper_h, w, h, d, ((paper_w - nw) / 2, (paper_h - nh) / 2))
        bigger = LARGER_PAPER.get(tried, tried)
        if bigger == tried:
            raise ValueError(f"a tuck box for {count} cards of {card_w:g}x{card_h:g} mm ({nw:.0f}x{nh:.0f} mm) "
                             f"fits on no paper up to {tried.upper()}")
        tried = bigger


def net_bleed(net: TuckBoxNet) -> float:
    """How far the colour runs past the net's cut lines: BLEED_MM, or what the paper's margin leaves."""
    x0, y0 = net.origin
    nw, nh = net.size
    margin = min(x0, y0, net.paper_w - x0 - nw, net.paper_h - y0 - nh)
    return max(0.0, min(BLEED_MM, margin - EDGE_MM))


def _grown(r: Rect, by: float, left: float | None = None, right: float | None = None, top: float | None = None,
           bottom: float | None = None) -> Rect:
    """``r`` grown by ``by`` on each side, or by the amount given for that side."""
    le, ri = by if left is None else left, by if right is None else right
    to, bo = by if top is None else top, by if bottom is None else bottom
    return Rect(r.x - le, r.y - bo, r.w + le + ri, r.h + to + bo)


#: The pixels a vector face is drawn at to take its mean colour (the mean does not need more).
VECTOR_SAMPLE_PX = (48, 64)


def average_colour(image) -> tuple[float, float, float]:
    """The mean colour (0..1) of a face, sampled: a raster's pixels, or a vector face drawn small; mid grey
    for neither."""
    data = getattr(image, "flate_rgb", None)
    svg = getattr(image, "svg", None)
    if not data and svg:
        from deckgen.render.raster import rasterize

        data = rasterize(svg, *VECTOR_SAMPLE_PX).flate_rgb
    if not data:
        return (0.3, 0.3, 0.3)
    rgb = zlib.decompress(data)
    step = max(3, (len(rgb) // 3 // 4000) * 3)
    samples = [rgb[i:i + 3] for i in range(0, len(rgb) - 2, step)]
    r, g, b = (sum(s[c] for s in samples) / len(samples) / 255 for c in range(3))
    return r, g, b


def write_tuckbox(net: TuckBoxNet, title: str, subtitle: str, back, card_w: float, card_h: float, bleed: float,
                  font_name: str) -> bytes:
    """The tuck box PDF: one page, the net with the deck's back on its front and back panels."""
    buffer = io.BytesIO()
    canvas = open_canvas((mm(net.paper_w), mm(net.paper_h)), font_name, f"{title} – tuck box", buffer)
    panels = net.panels()
    colour = average_colour(back)
    light = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2] > 0.55
    ink = (0.1, 0.1, 0.1) if light else (0.97, 0.97, 0.97)
    # colour: everything but the glue flap, running past the cut lines by the bleed (not into the glue flap)
    b = net_bleed(net)
    canvas.saveState()
    canvas.setFillColorRGB(*colour)
    for name, r in panels.items():
        if name != "glue":
            c = _grown(r, b, left=0.0 if name == "side-left" else b)
            canvas.rect(mm(c.x), mm(c.y), mm(c.w), mm(c.h), stroke=0, fill=1)
    canvas.restoreState()
    # the deck's back, its trim filling the panel, its own bleed past the panel's cut edges (the front's top,
    # the back's free side and bottom)
    cut_edges = {"front": {"top": b}, "back": {"right": b, "bottom": b}}
    for name in ("front", "back"):
        r = panels[name]
        sx, sy = r.w / card_w, r.h / card_h
        c = _grown(r, 0.0, **{edge: min(v, bleed * (sx if edge in ("left", "right") else sy))
                              for edge, v in cut_edges[name].items()})
        canvas.saveState()
        path = canvas.beginPath()
        path.rect(mm(c.x), mm(c.y), mm(c.w), mm(c.h))
        canvas.clipPath(path, stroke=0, fill=0)
        draw_face(canvas, back, mm(r.x - bleed * sx), mm(r.y - bleed * sy), mm(r.w + 2 * bleed * sx),
                  mm(r.h + 2 * bleed * sy), clip=(mm(c.x), mm(c.y), mm(c.w), mm(c.h)))
        canvas.restoreState()
    _glue(canvas, panels["glue"], font_name)
    _titles(canvas, panels, title, subtitle, ink, font_name)
    _lines(canvas, net, panels)
    canvas.showPage()
    return finish(canvas, buffer)


def _glue(canvas, r: Rect, font_name: str) -> None:
    """The glue flap, hatched (no words: the box is printed in every language)."""
    canvas.saveState()
    canvas.setStrokeColorRGB(0.75, 0.75, 0.75)
    canvas.setLineWidth(0.3)
    step = 3.0
    k = -r.h
    while k < r.w:
        x0, y0 = r.x + max(k, 0), r.y + max(-k, 0)
        length = min(r.w - max(k, 0), r.h - max(-k, 0))
        canvas.line(mm(x0), mm(y0), mm(x0 + length), mm(y0 + length))
        k += step
    canvas.restoreState()


def _fit_font(text: str, font_name: str, size: float, room_mm: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    while size > 4 and stringWidth(text, font_name, size) > mm(room_mm):
        size -= 0.25
    return size


def _titles(canvas, panels: dict[str, Rect], title: str, subtitle: str, ink, font_name: str) -> None:
    canvas.saveState()
    canvas.setFillColorRGB(*ink)
    for name, angle in (("side-left", 90), ("side-right", -90)):
        r = panels[name]
        size = _fit_font(title, font_name, min(16.0, mm(r.w * 0.45)), r.h - 8)
        canvas.saveState()
        canvas.translate(mm(r.x + r.w / 2), mm(r.y + r.h / 2))
        canvas.rotate(angle)
        canvas.setFont(font_name, size)
        canvas.drawCentredString(0, -size * 0.35, title)
        canvas.restoreState()
    lid = panels["lid-top"]
    size = _fit_font(subtitle, font_name, min(14.0, mm(lid.h * 0.4)), lid.w - 6)
    canvas.setFont(font_name, size)
    canvas.drawCentredString(mm(lid.x + lid.w / 2), mm(lid.y + lid.h / 2) - size * 0.35, subtitle)
    canvas.restoreState()


def _lines(canvas, net: TuckBoxNet, p: dict[str, Rect]) -> None:
    """Fold lines (dashed) between panels; the outline (solid) around the net, with the thumb notch."""
    canvas.saveState()
    canvas.setLineWidth(0.4)
    canvas.setStrokeColorRGB(0.35, 0.35, 0.35)
    canvas.setDash(2.5, 1.5)
    folds = [
        (p["glue"].x1, p["glue"].y, p["glue"].x1, p["glue"].y1),
        (p["front"].x, p["front"].y, p["front"].x, p["front"].y1),
        (p["front"].x1, p["front"].y, p["front"].x1, p["front"].y1),
        (p["back"].x, p["back"].y, p["back"].x, p["back"].y1),
        (p["back"].x, p["back"].y1, p["back"].x1, p["back"].y1),
        (p["lid-top"].x, p["lid-top"].y1, p["lid-top"].x1, p["lid-top"].y1),
        (p["front"].x, p["front"].y, p["front"].x1, p["front"].y),
        (p["lid-bottom"].x, p["lid-bottom"].y, p["lid-bottom"].x1, p["lid-bottom"].y),
        (p["side-left"].x, p["side-left"].y1, p["side-left"].x1, p["side-left"].y1),
        (p["side-left"].x, p["side-left"].y, p["side-left"].x1, p["side-left"].y),
        (p["side-right"].x, p["side-right"].y1, p["side-right"].x1, p["side-right"].y1),
        (p["side-right"].x, p["side-right"].y, p["side-right"].x1, p["side-right"].y),
    ]
    for x0, y0, x1, y1 in folds:
        canvas.line(mm(x0), mm(y0), mm(x1), mm(y1))
    canvas.setDash()
    canvas.setLineWidth(0.5)
    canvas.setStrokeColorRGB(0, 0, 0)
    for x0, y0, x1, y1 in _outline(p):
        canvas.line(mm(x0), mm(y0), mm(x1), mm(y1))
    front = p["front"]  # the thumb notch: a half circle into the front's top edge
    canvas.arc(mm(front.x + front.w / 2 - NOTCH_MM), mm(front.y1 - NOTCH_MM), mm(front.x + front.w / 2 + NOTCH_MM),
               mm(front.y1 + NOTCH_MM), startAng=180, extent=180)
    canvas.restoreState()


def _outline(p: dict[str, Rect]) -> list[tuple[float, float, float, float]]:
    """The cut lines around the net (each panel's outer edges; tongues rounded off by a chamfer)."""
    lines = []
    g = p["glue"]
    taper = min(4.0, g.h / 6)
    lines += [(g.x1, g.y1, g.x, g.y1 - taper), (g.x, g.y1 - taper, g.x, g.y + taper), (g.x, g.y + taper, g.x1, g.y)]
    for side, top in (("side-left", True), ("side-right", True), ("side-left", False), ("side-right", False)):
        body = p[side]
        flap = p[f"dust-{side.split('-')[1]}-{'top' if top else 'bottom'}"]
        chamfer = min(flap.h * 0.6, flap.w * 0.3)
        edge = flap.y1 if top else flap.y
        base = flap.y if top else flap.y1
        sign = 1 if top else -1
        lines += [(flap.x, base, flap.x, edge - sign * chamfer), (flap.x, edge - sign * chamfer, flap.x + chamfer, edge),
                  (flap.x + chamfer, edge, flap.x1 - chamfer, edge), (flap.x1 - chamfer, edge, flap.x1, edge - sign * chamfer),
                  (flap.x1, edge - sign * chamfer, flap.x1, base)]
    for lid, tongue, top in (("lid-top", "tongue-top", True), ("lid-bottom", "tongue-bottom", False)):
        l, t = p[lid], p[tongue]
        edge = t.y1 if top else t.y
        base = l.y if top else l.y1
        join = t.y if top else t.y1
        sign = 1 if top else -1
        r = min(6.0, t.h * 0.6)
        lines += [(l.x, base, l.x, join), (l.x1, base, l.x1, join),
                  (t.x, join, t.x + 1.5, edge - sign * r), (t.x + 1.5, edge - sign * r, t.x + r + 1.5, edge),
                  (t.x + r + 1.5, edge, t.x1 - r - 1.5, edge), (t.x1 - r - 1.5, edge, t.x1 - 1.5, edge - sign * r),
                  (t.x1 - 1.5, edge - sign * r, t.x1, join)]
    front, back = p["front"], p["back"]
    notch_l, notch_r = front.x + front.w / 2 - NOTCH_MM, front.x + front.w / 2 + NOTCH_MM
    lines += [(front.x, front.y1, notch_l, front.y1), (notch_r, front.y1, front.x1, front.y1),  # front top
              (back.x1, back.y, back.x1, back.y1),  # the back's free edge
              (back.x, back.y, back.x1, back.y)]  # under the back
    return lines
