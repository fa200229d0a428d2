"""Write one card per page at trim + bleed size, for print shops.

Each page's MediaBox and BleedBox are the full bleed size; the TrimBox is
the card's cut size, inset by the bleed.  The pages are every physical
card's front in deck order, followed by one page with the deck's back.
"""

from __future__ import annotations

import io

from deckgen.layout.papers import mm
from deckgen.layout.pdfcanvas import open_canvas
from deckgen.layout.pdfimage import draw_raster
from deckgen.model import CardSize
from deckgen.render.raster import RasterImage


def write_single_cards(size: CardSize, title: str, fronts: list[RasterImage],
                       back: RasterImage | None, font_name: str) -> bytes:
    """Return the PDF bytes: one page per front, then the back."""
    buffer = io.BytesIO()
    w, h, b = mm(size.full_width), mm(size.full_height), mm(size.bleed)
    canvas = open_canvas((w, h), font_name, title, buffer)
    pages = list(fronts) + ([back] if back is not None else [])
    for image in pages:
        canvas.setBleedBox((0, 0, w, h))
        canvas.setTrimBox((b, b, w - b, h - b))
        draw_raster(canvas, image, 0, 0, w, h)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
