"""Write print-and-play sheets: fronts pages, each followed by its backs page.

Cards are placed by :mod:`deckgen.layout.geometry`; this module only draws:
card images clipped to their slot, hairline crop marks in the margin, and
a slug line naming deck, page and build settings.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from deckgen.layout.geometry import SheetPlan, Slot
from deckgen.layout.papers import mm
from deckgen.layout.pdfcanvas import open_canvas
from deckgen.layout.pdfimage import draw_face, finish
from deckgen.render.raster import RasterImage

MARK_WIDTH_PT = 0.25


@dataclass(frozen=True)
class SheetJob:
    """What to put on the sheets."""

    title: str  # e.g. "Classic Sabacc - Classic deck (en)"
    fronts: list[RasterImage]  # one per physical card, in deck order
    backs: list[RasterImage] | None  # each card's back, in the same order; None: no backs pages
    duplex: str  # long | short | none
    settings: str  # e.g. "A4 - 300 dpi - duplex long - poker 63x88 mm + 3 mm bleed"


def write_sheets(plan: SheetPlan, job: SheetJob, font_name: str) -> bytes:
    """Return the PDF bytes of all sheets for ``job``."""
    buffer = io.BytesIO()
    canvas = open_canvas((mm(plan.paper_w), mm(plan.paper_h)), font_name, job.title, buffer)
    per = plan.per_sheet
    n_sheets = max(1, -(-len(job.fronts) // per))
    fronts = plan.front_slots()
    backs = plan.back_slots(job.duplex) if job.backs is not None and job.duplex != "none" else None
    for sheet in range(n_sheets):
        batch = job.fronts[sheet * per:(sheet + 1) * per]
        for slot, image in zip(fronts, batch):
            _draw_slot(canvas, slot, image)
        _draw_marks(canvas, plan)
        _draw_slug(canvas, plan, font_name, f"{job.title}  ·  fronts  ·  sheet {sheet + 1}/{n_sheets}  ·  {job.settings}")
        canvas.showPage()
        if backs is not None:
            for slot, image in zip(backs, job.backs[sheet * per:(sheet + 1) * per]):
                _draw_slot(canvas, slot, image)  # back slot i lies behind front slot i
            _draw_marks(canvas, plan)
            _draw_slug(canvas, plan, font_name, f"{job.title}  ·  backs  ·  sheet {sheet + 1}/{n_sheets}  ·  {job.settings}")
            canvas.showPage()
    return finish(canvas, buffer)


def _draw_slot(canvas, slot: Slot, image: RasterImage) -> None:
    canvas.saveState()
    path = canvas.beginPath()
    clip = slot.clip
    path.rect(mm(clip.x), mm(clip.y), mm(clip.w), mm(clip.h))
    canvas.clipPath(path, stroke=0, fill=0)
    im = slot.image
    draw_face(canvas, image, mm(im.x), mm(im.y), mm(im.w), mm(im.h),
              clip=(mm(clip.x), mm(clip.y), mm(clip.w), mm(clip.h)))
    canvas.restoreState()


def _draw_marks(canvas, plan: SheetPlan) -> None:
    canvas.saveState()
    canvas.setLineWidth(MARK_WIDTH_PT)
    canvas.setStrokeColorRGB(0, 0, 0)
    for m in plan.marks:
        canvas.line(mm(m.x0), mm(m.y0), mm(m.x1), mm(m.y1))
    canvas.restoreState()


def _draw_slug(canvas, plan: SheetPlan, font_name: str, text: str) -> None:
    canvas.saveState()
    canvas.setFillColorRGB(0.35, 0.35, 0.35)
    canvas.setFont(font_name, 6)
    x, y = plan.slug_anchor
    if plan.slug_vertical:
        canvas.translate(mm(x), mm(y))
        canvas.rotate(90)
        canvas.drawString(0, 0, text)
    else:
        canvas.drawString(mm(x), mm(y), text)
    canvas.restoreState()
