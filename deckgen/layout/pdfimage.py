"""Put card faces on a reportlab canvas: vector faces placed afterwards, or pre-compressed rasters.

reportlab would decode, re-encode and (by default) ASCII85-wrap every
image; here the Flate stream made in the raster workers goes into the PDF
as is, and an image drawn many times (a deck's back) is stored once.

A :class:`VectorFace` (what ``deckgen build`` places unless ``--raster``) is not drawn by reportlab:
its place and clip are recorded, and :func:`finish` draws it afterwards as
a form XObject made by cairosvg — each distinct face stored once.
"""

from __future__ import annotations

import contextvars
from typing import BinaryIO

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from deckgen.render.raster import RasterImage


class VectorFace:
    """A card face to place as vector graphics: its SVG and a name that is the same for the same SVG."""

    def __init__(self, svg: str, digest: str):
        self.svg, self.digest = svg, digest


def draw_face(canvas: Canvas, face, x: float, y: float, w: float, h: float,
              clip: tuple[float, float, float, float] | None = None,
              ellipse: tuple[float, float, float, float] | None = None, under: bool = False,
              turned: bool = False) -> None:
    """Draw a raster face now, or record a vector face's place (points) for :func:`finish`.

    A vector face is clipped to ``clip`` and to ``ellipse`` (x, y, w, h: the
    ellipse inscribed in that box, for a round card) when given; with
    ``under`` it goes beneath everything drawn on the page, as a raster
    drawn first would (the marks and cut guides of a sheet stay on top).  A vector face is placed apart
    from the canvas's transformation: ``turned`` turns it 180° about its box's centre (a raster is turned by
    the canvas).
    """
    if isinstance(face, VectorFace):
        placed = canvas.__dict__.setdefault("_deckgen_vectors", [])
        placed.append((canvas.getPageNumber() - 1, x, y, w, h, clip, face.svg, ellipse, under, turned))
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


def finish_to(canvas: Canvas, buffer, out: BinaryIO) -> None:
    """Save the canvas straight into the file ``out``, each object written as it is formatted: the
    PDF is never whole in memory, and each raster's pixels are read only while written.  (Vector
    faces are placed into the whole PDF afterwards: that one is made in ``buffer`` first.)"""
    if canvas.__dict__.get("_deckgen_vectors"):
        out.write(finish(canvas, buffer))
        return
    token = _SINK.set(out)
    try:
        canvas.save()
    finally:
        _SINK.reset(token)


#: The open file a PDF being saved is written to, object by object (see :func:`finish_to`).
_SINK: contextvars.ContextVar[BinaryIO | None] = contextvars.ContextVar("deckgen_pdf_sink", default=None)


class _StreamingFile(pdfdoc.PDFFile):
    """reportlab's output collector; while :data:`_SINK` is set it writes each piece to that file at once
    (the same bytes, in the same order) instead of keeping them all until the end."""

    strings: list[bytes]  # reportlab's pieces of the file, written or kept

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._sink = _SINK.get()
        if self._sink is not None:
            for piece in self.strings:
                self._sink.write(piece)
            self.strings = []
            self.write = self._sink.write

    def format(self, document):
        return b"" if self._sink is not None else super().format(document)


pdfdoc.PDFFile = _StreamingFile  # PDFDocument.format looks the class up here when it saves


class _FlateImage(pdfdoc.PDFImageXObject):
    def __init__(self, name: str, image: RasterImage):
        super().__init__(name, source=None, mask=None)
        self.width = image.width
        self.height = image.height
        self.bitsPerComponent = 8
        self.colorSpace = "DeviceRGB"
        self._filters = ("FlateDecode",)
        self._image = image
        self.streamContent: bytes | None = None
        self.mask = None

    def format(self, document):
        self.streamContent = self._image.flate_rgb  # read now (from the cache file), let go when written
        try:
            return super().format(document)
        finally:
            self.streamContent = None


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
