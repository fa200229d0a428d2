"""Write print-and-play sheets: fronts pages, each followed by its backs page.

Cards are placed by :mod:`deckgen.layout.geometry`; this module only draws:
card images clipped to their slot (the bleed showing on every edge with no
card next to it), hairline crop marks (with a white halo where they run
over a card's bleed), rulers, registration marks, and a slug line naming
deck, sheet and build settings.  A round card (a token) is clipped to its
round bleed and gets a circular cut guide along its cut on the fronts
page; the slug's words are in the language of the deck (slug.yaml).  A printer profile (:mod:`deckgen.layout.printer`) moves and scales
every backs page.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import BinaryIO, Callable, Mapping, Sequence

from deckgen.layout.geometry import Ruler, SheetPlan, Slot
from deckgen.layout.papers import mm
from deckgen.layout.pdfcanvas import open_canvas
from deckgen.layout.pdfimage import VectorFace, draw_face, finish, finish_to
from deckgen.layout.slug import sheet_line, slug_words
from deckgen.render.raster import RasterImage

MARK_WIDTH_PT = 0.25
HALO_WIDTH_PT = 1.4
SLUG_SIZE_PT = 6.0
SLUG_MIN_PT = 4.0
#: Round cards' cut guides: the line's width, and the black dashes over the white line (mm on, mm off).
GUIDE_WIDTH_PT = 0.6
GUIDE_DASH_MM = (1.2, 1.2)


@dataclass(frozen=True)
class SheetJob:
    """What to put on the sheets."""

    title: str  # e.g. "Classic Sabacc - Classic deck (en)"
    fronts: list[RasterImage | VectorFace]  # one per physical card, in deck order
    backs: list[RasterImage | VectorFace] | None  # each card's back, in the same order; None: no backs pages
    duplex: str  # long | short | none
    settings: str  # e.g. "A4 - 300 dpi - duplex long - poker 63x88 mm + 3 mm bleed"
    profile: object = None  # a PrinterProfile applied to every backs page, or None
    instructions: tuple[str, ...] = ()  # a first page: its title, then its paragraphs (none: no such page)
    lang: str = "en"  # the language of the slug line's words (deckgen.layout.slug)


def sheet_count(plan: SheetPlan, job: SheetJob) -> int:
    return max(1, -(-len(job.fronts) // plan.per_sheet))


def write_sheets(plan: SheetPlan, job: SheetJob, font_name: str, sheets: Sequence[int] | None = None,
                 out: BinaryIO | None = None) -> bytes | None:
    """Return the PDF bytes of the sheets of ``job`` (all, or those in ``sheets``, 0-based); or, given a
    file ``out``, write them there as they are made (nothing held: see pdfimage.finish_to)."""
    buffer = io.BytesIO()
    canvas = open_canvas((mm(plan.paper_w), mm(plan.paper_h)), font_name, job.title, buffer)
    per = plan.per_sheet
    n_sheets = sheet_count(plan, job)
    with_backs = job.backs is not None and job.duplex != "none"
    words = slug_words(job.lang)

    def slug(side: str | None, sheet: int) -> str:
        return sheet_line(job.title, side, sheet + 1, n_sheets, job.settings, words, job.lang)

    wanted = list(sheets if sheets is not None else range(n_sheets))
    if job.instructions and wanted and wanted[0] == 0:
        _draw_instructions(canvas, plan, font_name, job)
        if with_backs and plan.fold is None:  # its own sheet: a blank back, so every card back stays behind
            canvas.showPage()                 # its fronts when the whole file is printed double-sided
    for sheet in wanted:
        batch = job.fronts[sheet * per:(sheet + 1) * per]
        for slot, image in zip(plan.front_slots(len(batch)), batch):
            _draw_slot(canvas, slot, image, round_card=plan.card.round)
        _draw_cut_guides(canvas, plan, len(batch))
        if plan.fold is not None:  # gutter-fold: the backs on this page, across the fold line
            backs = (job.backs or [])[sheet * per:(sheet + 1) * per]
            for slot, image in zip(plan.back_slots("same", len(backs)), backs):
                _draw_slot(canvas, slot, image, round_card=plan.card.round)
            _draw_fold(canvas, plan)
            _draw_furniture(canvas, plan, font_name, slug(None, sheet), words)
            canvas.showPage()
            continue
        _draw_furniture(canvas, plan, font_name, slug("fronts", sheet), words)
        canvas.showPage()
        if with_backs and job.backs is not None:
            backs = job.backs[sheet * per:(sheet + 1) * per]
            canvas.saveState()
            _correct(canvas, plan, job.profile)
            for slot, image in zip(plan.back_slots(job.duplex, len(backs)), backs):
                _draw_slot(canvas, slot, image, _placement(plan, job.profile),  # behind front slot i
                           round_card=plan.card.round)
            _draw_furniture(canvas, plan, font_name, slug("backs", sheet), words)
            canvas.restoreState()
            canvas.showPage()
    if out is not None:
        finish_to(canvas, buffer, out)
        return None
    return finish(canvas, buffer)


def _correct(canvas, plan: SheetPlan, profile) -> None:
    """Move (and scale about the page centre) a backs page as the printer profile says."""
    if profile is None or profile.is_identity:
        return
    cx, cy = mm(plan.paper_w / 2), mm(plan.paper_h / 2)
    canvas.translate(mm(profile.shift_x), mm(profile.shift_y))
    if (profile.scale_x, profile.scale_y) != (1.0, 1.0):
        canvas.translate(cx, cy)
        canvas.scale(profile.scale_x, profile.scale_y)
        canvas.translate(-cx, -cy)


#: (x, y, w, h) in mm of the sheet -> (x, y, w, h) in points of the page
_Placement = Callable[[float, float, float, float], tuple[float, float, float, float]]


def _placement(plan: SheetPlan, profile) -> _Placement | None:
    """Where a rectangle of a corrected backs page lands on the page (points), for faces placed after the
    page is drawn (vector faces ignore the canvas transform); None when nothing is corrected."""
    if profile is None or profile.is_identity:
        return None
    cx, cy = plan.paper_w / 2, plan.paper_h / 2

    def place(x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
        return (mm(profile.shift_x + cx + profile.scale_x * (x - cx)),
                mm(profile.shift_y + cy + profile.scale_y * (y - cy)), mm(w * profile.scale_x), mm(h * profile.scale_y))

    return place


def _draw_instructions(canvas, plan: SheetPlan, font_name: str, job: SheetJob) -> None:
    """A page of printing instructions in the deck's language, before the first sheet."""
    from reportlab.lib.utils import simpleSplit

    from deckgen.layout.geometry import EDGE_MM

    margin = max(20.0, EDGE_MM + 10)
    width = mm(plan.paper_w - 2 * margin)
    y = mm(plan.paper_h - margin - 10)
    canvas.setFillColorRGB(0.1, 0.1, 0.1)
    canvas.setFont(font_name, 18)
    canvas.drawString(mm(margin), y, job.instructions[0])
    y -= 20
    canvas.setFont(font_name, 9)
    canvas.setFillColorRGB(0.35, 0.35, 0.35)
    for line in simpleSplit(job.title, font_name, 9, width):
        canvas.drawString(mm(margin), y, line)
        y -= 12
    y -= 10
    canvas.setFillColorRGB(0.1, 0.1, 0.1)
    for number, paragraph in enumerate(job.instructions[1:], 1):
        canvas.setFont(font_name, 11)
        canvas.drawString(mm(margin), y, f"{number}.")
        for line in simpleSplit(paragraph, font_name, 11, width - mm(8)):
            canvas.drawString(mm(margin + 8), y, line)
            y -= 15
        y -= 8
    canvas.showPage()


def _draw_fold(canvas, plan: SheetPlan) -> None:
    """The dashed fold line, from the slug band's edge to EDGE_MM from the far paper edge."""
    from deckgen.layout.geometry import BAND_MM, EDGE_MM

    canvas.saveState()
    canvas.setLineWidth(0.4)
    canvas.setStrokeColorRGB(0.45, 0.45, 0.45)
    canvas.setDash(3, 2)
    f = plan.fold_at
    if plan.fold == "vertical":
        canvas.line(mm(f), mm(EDGE_MM + BAND_MM), mm(f), mm(plan.paper_h - EDGE_MM))
    else:
        canvas.line(mm(EDGE_MM + BAND_MM), mm(f), mm(plan.paper_w - EDGE_MM), mm(f))
    canvas.restoreState()


def _draw_cut_guides(canvas, plan: SheetPlan, count: int) -> None:
    """Round cards: a circle (ellipse) along each filled slot's cut, on the fronts side only (a ring on the
    backs would show wherever duplex printing is a little off).  White under black dashes, so it shows on
    a light and on a dark card alike."""
    if not plan.card.round or count <= 0:
        return
    slots = plan.front_slots(count)[:count]
    canvas.saveState()
    canvas.setLineWidth(GUIDE_WIDTH_PT)
    for colour, dash in (((1, 1, 1), ()), ((0, 0, 0), GUIDE_DASH_MM)):
        canvas.setStrokeColorRGB(*colour)
        canvas.setDash([mm(d) for d in dash])
        for slot in slots:
            t = slot.trim
            canvas.ellipse(mm(t.x), mm(t.y), mm(t.x1), mm(t.y1), stroke=1, fill=0)
    canvas.restoreState()


def _draw_slot(canvas, slot: Slot, image: RasterImage | VectorFace, placement: _Placement | None = None,
               round_card: bool = False) -> None:
    canvas.saveState()
    path = canvas.beginPath()
    clip = slot.clip
    path.rect(mm(clip.x), mm(clip.y), mm(clip.w), mm(clip.h))
    canvas.clipPath(path, stroke=0, fill=0)
    im = slot.image
    if round_card:  # a token: its bleed is a ring round the cut, not a square
        ring = canvas.beginPath()
        ring.ellipse(mm(im.x), mm(im.y), mm(im.w), mm(im.h))
        canvas.clipPath(ring, stroke=0, fill=0)
    if slot.rotate == 180:  # turned about the slot's centre
        canvas.translate(mm(im.x + im.w / 2), mm(im.y + im.h / 2))
        canvas.rotate(180)
        canvas.translate(-mm(im.x + im.w / 2), -mm(im.y + im.h / 2))
    # a vector face goes under the page's marks and guides, as a raster drawn here does
    if placement is not None and isinstance(image, VectorFace):
        box = placement(im.x, im.y, im.w, im.h)
        draw_face(canvas, image, *box, clip=placement(clip.x, clip.y, clip.w, clip.h),
                  ellipse=box if round_card else None, under=True, turned=slot.rotate == 180)
    else:
        box = (mm(im.x), mm(im.y), mm(im.w), mm(im.h))
        draw_face(canvas, image, *box, clip=(mm(clip.x), mm(clip.y), mm(clip.w), mm(clip.h)),
                  ellipse=box if round_card else None, under=True, turned=slot.rotate == 180)
    canvas.restoreState()


def _draw_furniture(canvas, plan: SheetPlan, font_name: str, slug: str, words: Mapping[str, str]) -> None:
    _draw_marks(canvas, plan)
    _draw_registration(canvas, plan)
    for ruler in plan.rulers:
        _draw_ruler(canvas, ruler, font_name, words.get(f"ruler {ruler.label}", ruler.label))
    _draw_slug(canvas, plan, font_name, slug)


def _draw_marks(canvas, plan: SheetPlan) -> None:
    if not plan.marks:
        return
    canvas.saveState()
    halo = [m for m in plan.marks if m.over_bleed]
    if halo:  # white under the marks that cross a card's bleed, so they show on a dark one
        canvas.setLineWidth(HALO_WIDTH_PT)
        canvas.setStrokeColorRGB(1, 1, 1)
        for m in halo:
            canvas.line(mm(m.x0), mm(m.y0), mm(m.x1), mm(m.y1))
    canvas.setLineWidth(MARK_WIDTH_PT)
    canvas.setStrokeColorRGB(0, 0, 0)
    for m in plan.marks:
        canvas.line(mm(m.x0), mm(m.y0), mm(m.x1), mm(m.y1))
    canvas.restoreState()


def _draw_registration(canvas, plan: SheetPlan) -> None:
    if plan.registration is None:
        return
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    for r in plan.registration.rects(plan.paper_w, plan.paper_h):
        canvas.rect(mm(r.x), mm(r.y), mm(r.w), mm(r.h), stroke=0, fill=1)
    canvas.restoreState()


def _draw_ruler(canvas, ruler: Ruler, font_name: str, label: str) -> None:
    """Ticks as thin filled bars (so they are never mistaken for crop marks), the label after the end.

    The ruler's line lies on the side of the paper edge; ticks and label grow inwards from it.
    """
    canvas.saveState()
    canvas.setFillColorRGB(0.25, 0.25, 0.25)
    canvas.translate(mm(ruler.x), mm(ruler.y))
    inward = -1.0  # a horizontal ruler at the top: inwards is down
    if ruler.vertical:  # along y at the right-hand side: turned, inwards (left) is the local +y
        canvas.rotate(90)
        inward = 1.0
    bar = 0.12
    ticks = int(round(ruler.length / ruler.step))
    half = ruler.major // 2 if ruler.major % 2 == 0 else 0

    def bar_rect(x: float, length: float, width: float) -> None:
        y0 = 0.0 if inward > 0 else -length
        canvas.rect(mm(x), mm(y0), mm(width), mm(length), stroke=0, fill=1)

    bar_rect(0.0, bar, ruler.length)
    for i in range(ticks + 1):
        tall = 1.6 if i % ruler.major == 0 else (1.1 if half and i % half == 0 else 0.7)
        bar_rect(i * ruler.step - bar / 2, tall, bar)
    canvas.setFont(font_name, 5)
    canvas.drawString(mm(ruler.length + 1.2), mm(0.2 if inward > 0 else -1.9), label)
    canvas.restoreState()


def _draw_slug(canvas, plan: SheetPlan, font_name: str, text: str) -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    size = SLUG_SIZE_PT
    room = mm(plan.slug_length) if plan.slug_length > 0 else None
    if room is not None:
        while size > SLUG_MIN_PT and stringWidth(text, font_name, size) > room:
            size -= 0.25
        while stringWidth(text, font_name, size) > room and len(text) > 8:
            text = text[: max(8, int(len(text) * room / stringWidth(text, font_name, size)) - 2)].rstrip(" ·") + "…"
    canvas.saveState()
    x, y = plan.slug_anchor
    canvas.translate(mm(x), mm(y))
    if plan.slug_vertical:
        canvas.rotate(90)
    if plan.slug_knockout:  # over the outer bleed: on white, so it reads on a dark card
        canvas.setFillColorRGB(1, 1, 1)
        canvas.rect(-1, -size * 0.28, stringWidth(text, font_name, size) + 2, size * 1.05, stroke=0, fill=1)
    canvas.setFillColorRGB(0.35, 0.35, 0.35)
    canvas.setFont(font_name, size)
    canvas.drawString(0, 0, text)
    canvas.restoreState()
