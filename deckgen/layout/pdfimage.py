"""Put card faces on a reportlab canvas: pre-compressed rasters, or vector faces placed afterwards.

reportlab would decode, re-encode and (by default) ASCII85-wrap every
image; here the Flate stream made in the raster workers goes into the PDF
as is, and an image drawn many times (a deck's back) is stored once.

A :class:`VectorFace` (``deckgen build --vector``) is not drawn by reportlab:
its place and clip are recorded, and :func:`finish` draws it afterwards as
a form XObject made by cairosvg — each distinct face stored once.
"""

from __future__ import annotations

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from deckgen.render.raster import RasterImage


class VectorFace:
    """A card face to place as vector graphics: its SVG and a name that is the same for the same SVG."""

    def __init__(self, svg: str, digest: str):
        self.svg, self.digest = svg, digest


def draw_face(canvas: Canvas, face, x: float, y: float, w: float, h: float,
              clip: tuple[float, float, float, float] | None = None,
              ellipse: tuple[float, float, float, float] | None = None, under: bool = False) -> None:
    """Draw a raster face now, or record a vector face's place (points) for :func:`finish`.

    A vector face is clipped to ``clip`` and to ``ellipse`` (x, y, w, h: the
    ellipse inscribed in that box, for a round card) when given; with
    ``under`` it goes beneath everything drawn on the page, as a raster
    drawn first would (the marks and cut guides of a sheet stay on top).
    """
    if isinstance(face, VectorFace):
        placed = canvas.__dict__.setdefault("_deckgen_vectors", [])
        placed.append((canvas.getPageNumber() - 1, x, y, w, h, clip, face.svg, ellipse, under))
    else:
        draw_raster(canvas, face, x, y, w, h)


def finish(canvas: Canvas, buffer) -> bytes:
    """Save the canvas and draw the recorded vector faces into it; the PDF bytes."""
    canvas.save()
    data = buffer.getvalue()
    placed = canvas.__dict__.get("_deckgen_vectors")
    if not placed:
        return data
    from deckgen.render.vector import overlay

    return overlay(data, placed)


class _FlateImage(pdfdoc.PDFImageXObject):
    def __init__(self, name: str, image: RasterImage):
        super().__init__(name, source=None, mask=None)
        self.width = image.width
        self.height = image.height
        self.bitsPerComponent = 8
        self.colorSpace = "DeviceRGB"
        self._filters = ("FlateDecode",)
        self.streamContent = image.flate_rgb
        self.mask = None


def draw_raster(canvas: Canvas, image: RasterImage, x: float, y: float, w: float, h: float) -> None:
    """Draw ``image`` into the rectangle (points); the same image is embedded once."""
    name = "img" + image.digest[:24]
    reg_name = canvas._doc.getXObjectName(name)
    if canvas._doc.idToObject.get(reg_name) is None:
        obj = _FlateImage(name, image)
        canvas._setXObjects(obj)
        canvas._doc.Reference(obj, reg_name)
        canvas._doc.addForm(name, obj)
    canvas._currentPageHasImages = 1
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(w, h)
    canvas._code.append(f"/{reg_name} Do")
    canvas.restoreState()
    canvas._formsinuse.append(name)
