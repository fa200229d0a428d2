"""Embed pre-compressed raster images in a reportlab canvas.

reportlab would decode, re-encode and (by default) ASCII85-wrap every
image; here the Flate stream made in the raster workers goes into the PDF
as is, and an image drawn many times (a deck's back) is stored once.
"""

from __future__ import annotations

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from deckgen.render.raster import RasterImage


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
