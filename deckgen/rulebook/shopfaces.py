"""A shop booklet's card pictures: each face drawn at 300 ppi, converted to CMYK and placed as an opaque image.

The home booklet places the faces as cairo's vector drawings, which carry
transparency groups, soft masks and RGB shadings — none of which a PDF/X-1a
file may hold, and all of which a shop's RIP would convert itself.  Here
each distinct face is drawn once by cairo at the resolution the card files
use, converted with the preset's profile exactly as the card files are (thin
neutral strokes in black ink alone, see :meth:`deckgen.colour.Converter.to_cmyk`),
held to the ink limit, and placed as one DeviceCMYK image clipped to the
card's rounded trim (a clipping path, not transparency).
"""

from __future__ import annotations

import io
import zlib

import numpy as np
import pikepdf

from deckgen.colour import Converter
from deckgen.render.vector import MM, KnownSvg, svg_text, svg_to_pdf
from deckgen.rulebook.cmyk import limit_ink_pixels
from deckgen.rulebook.pdf import PlacedFace, _rounded_rect

#: Resolution of the card pictures in a shop booklet (pixels per inch at their printed size).
FACE_PPI = 300


def place_faces_cmyk(pdf: pikepdf.Pdf, faces: list[PlacedFace], converter: Converter, ink_limit: float | None,
                     ppi: int = FACE_PPI) -> None:
    """Draw each recorded face into its box on its page as a CMYK image (in place)."""
    from deckgen.render.raster import rasterize

    images: dict[tuple[str | KnownSvg, int, int], pikepdf.Object] = {}
    for face in faces:
        with pikepdf.open(io.BytesIO(svg_to_pdf(face.svg))) as src:
            box = [float(v) for v in src.pages[0].mediabox]
        bleed = face.bleed * MM
        full_w, full_h = box[2] - box[0], box[3] - box[1]
        s = face.w / (full_w - 2 * bleed)  # the trim fills the box
        width_px = max(1, round(full_w * s / 72 * ppi))
        height_px = max(1, round(full_h * s / 72 * ppi))
        key = (face.svg, width_px, height_px)
        if key not in images:
            rgb = rasterize(svg_text(face.svg), width_px, height_px).rgb()
            cmyk = np.frombuffer(converter.to_cmyk(rgb, width_px, height_px), dtype=np.uint8).reshape(-1, 4)
            data = limit_ink_pixels(cmyk, ink_limit).tobytes()
            images[key] = pdf.make_indirect(pikepdf.Stream(pdf, zlib.compress(data, 6), pikepdf.Dictionary(
                Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image, Width=width_px, Height=height_px,
                ColorSpace=pikepdf.Name.DeviceCMYK, BitsPerComponent=8, Filter=pikepdf.Name.FlateDecode)))
        name = pikepdf.Name(f"/DeckgenCard{list(images).index(key)}")
        page = pdf.pages[face.page]
        page.add_resource(images[key], pikepdf.Name.XObject, name=name)
        r = min(face.radius * MM * s, min(face.w, face.h) / 2)
        ops = ["q", _rounded_rect(face.x, face.y, face.w, face.h, r), "W n",
               f"{full_w * s:.4f} 0 0 {full_h * s:.4f} {face.x - bleed * s:.4f} {face.y - bleed * s:.4f} cm {name} Do Q"]
        page.contents_add(pdf.make_stream("\n".join(ops).encode("ascii")), prepend=False)


__all__ = ["FACE_PPI", "place_faces_cmyk"]
