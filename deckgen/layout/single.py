"""Write one card per page at trim + bleed size, for print shops.

Each page's MediaBox and BleedBox are the full bleed size; the TrimBox is
the card's cut size, inset by the bleed.  The pages are every physical
card's front in deck order, followed by one page with the deck's back; in a
deck whose cards have different backs, each front is followed by its own
back instead.
"""

from __future__ import annotations

import io
from typing import BinaryIO

from deckgen.layout.papers import mm
from deckgen.layout.pdfcanvas import open_canvas
from deckgen.layout.pdfimage import draw_face, finish, finish_to
from deckgen.model import CardSize
from deckgen.render.raster import RasterImage


def page_order(fronts: list[RasterImage], backs: list[RasterImage] | None) -> list[RasterImage]:
    """Fronts then the one back; or front, back, front, back ... when the backs differ."""
    if not backs:
        return list(fronts)
    if len({b.digest for b in backs}) == 1:
        return list(fronts) + [backs[0]]
    return [image for pair in zip(fronts, backs) for image in pair]


def write_single_cards(size: CardSize, title: str, fronts: list[RasterImage],
                       backs: list[RasterImage] | None, font_name: str, out: BinaryIO | None = None) -> bytes | None:
    """Return the PDF bytes: one page per front, then the back (see :func:`page_order`); or, given a
    file ``out``, write them there as they are made."""
    buffer = io.BytesIO()
    w, h, b = mm(size.full_width), mm(size.full_height), mm(size.bleed)
    canvas = open_canvas((w, h), font_name, title, buffer)
    pages = page_order(fronts, backs)
    for image in pages:
        canvas.setBleedBox((0, 0, w, h))
        canvas.setTrimBox((b, b, w - b, h - b))
        draw_face(canvas, image, 0, 0, w, h)
        canvas.showPage()
    if out is not None:
        finish_to(canvas, buffer, out)
        return None
    return finish(canvas, buffer)
