"""Rulebook page layout with reportlab Platypus: pages with bleed, contents, bookmarks, card pictures.

A page is the trim size (A5, or half-letter for Letter booklets) plus the
bleed on every side; each page carries its TrimBox and BleedBox.  The
front and back covers are full-bleed colour fields; body pages have a
running footer with the page number on the outer edge (right on odd,
left-hand pages on even numbers).  The story's last flowable, a
:class:`deckgen.rulebook.furniture.BackMatter`, becomes notes pages and the
back cover once the page it falls on is known.  Headings become PDF bookmarks and clickable contents
entries.  Card pictures are reserved as boxes while Platypus lays out the
pages and drawn afterwards as vector graphics (the same SVG faces the
cards print), so a booklet's cards are exactly the printed ones.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

import pikepdf
from reportlab.lib.colors import HexColor
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, NextPageTemplate, PageTemplate

from deckgen.layout.papers import MM_TO_PT as mm
from deckgen.render.vector import MM, KnownSvg, svg_to_pdf
from deckgen.rulebook.theme import Theme  # noqa: F401  (re-exported: the booklet's colours and fonts)

BLEED_MM = 3.0


@dataclass
class PlacedFace:
    """A card face to draw on a page after layout: page index (0-based), box in page points, SVG.

    The box is the card's trim; the SVG includes the bleed (``bleed`` mm on
    each side), which is clipped away, and the corners are rounded.
    """

    page: int
    x: float
    y: float
    w: float
    h: float
    svg: str | KnownSvg  # a KnownSvg: a face drawn already, rendered only if need be
    bleed: float = 0.0
    radius: float = 0.0  # mm at the card's real size


class FaceBox(Flowable):
    """A card face's place in the flow: reserves its size, records where it landed."""

    def __init__(self, svg: str | KnownSvg, width_mm: float, height_mm: float, sink: list[PlacedFace], bleed: float = 0.0,
                 radius: float = 3.0):
        super().__init__()
        self.svg, self.sink, self.bleed, self.radius = svg, sink, bleed, radius
        self.width, self.height = width_mm * mm, height_mm * mm

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        x, y = self.canv.absolutePosition(0, 0)
        self.sink.append(PlacedFace(self.canv.getPageNumber() - 1, x, y, self.width, self.height, self.svg,
                                    self.bleed, self.radius))


class Heading(Flowable):
    """Marker placed before a heading paragraph: its outline level, text and bookmark key."""

    def __init__(self, level: int, text: str, key: str):
        super().__init__()
        self.level, self.text, self.key = level, text, key
        self.width = self.height = 0

    def wrap(self, *args):
        return 0, 0

    def draw(self):
        pass


@dataclass
class Layout:
    """Page geometry of one booklet, in points."""

    trim_w: float
    trim_h: float
    bleed: float = BLEED_MM * mm
    margin_x: float = 15 * mm
    margin_top: float = 15 * mm
    margin_bottom: float = 17 * mm

    @property
    def page_w(self) -> float:
        return self.trim_w + 2 * self.bleed

    @property
    def page_h(self) -> float:
        return self.trim_h + 2 * self.bleed


class RulebookDocument(BaseDocTemplate):
    """Platypus document: a cover template and a body template, contents and bookmarks."""

    def __init__(self, buffer, layout: Layout, theme: Theme, title: str, footer: str,
                 faces: list[PlacedFace] | None = None, **kw):
        self.layout, self.theme, self.footer = layout, theme, footer
        self.faces: list[PlacedFace] = faces if faces is not None else []  # where FaceBoxes record
        super().__init__(buffer, pagesize=(layout.page_w, layout.page_h), title=title, author="deckgen",
                         creator="deckgen", invariant=1, pageCompression=1, **kw)
        b = layout.bleed
        body = Frame(b + layout.margin_x, b + layout.margin_bottom, layout.trim_w - 2 * layout.margin_x,
                     layout.trim_h - layout.margin_top - layout.margin_bottom, id="body",
                     leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        cover = Frame(b + 14 * mm, b + 14 * mm, layout.trim_w - 28 * mm, layout.trim_h - 28 * mm, id="cover",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([
            PageTemplate("cover", [cover], onPage=self._cover_page),
            PageTemplate("body", [body], onPage=self._body_page),
            PageTemplate("back", [cover], onPage=self._cover_page),
        ])
        self._headings = 0

    # ------------------------------------------------------------------ hooks

    def beforeDocument(self):
        self.faces.clear()  # multiBuild lays out several times; only the last pass counts

    def filterFlowables(self, flowables):
        from deckgen.rulebook.furniture import BackMatter

        if flowables and isinstance(flowables[0], BackMatter):  # the page it falls on is known now
            matter = flowables.pop(0)
            flowables[0:0] = matter.pages(self.page, bool(getattr(self.frame, "_atTop", False)))

    def afterFlowable(self, flowable):
        # the heading paragraph itself carries its entry, so a heading pushed to the next page (kept with
        # what follows it) is listed, bookmarked and linked on the page it is printed on
        entry = flowable if isinstance(flowable, Heading) else getattr(flowable, "deckgen_heading", None)
        if entry is not None:
            self.canv.bookmarkPage(entry.key)
            self.canv.addOutlineEntry(entry.text, entry.key, level=entry.level, closed=False)
            self.notify("TOCEntry", (entry.level, entry.text, self.page, entry.key))

    def _boxes(self, canvas):
        lay = self.layout
        canvas.setBleedBox((0, 0, lay.page_w, lay.page_h))
        canvas.setTrimBox((lay.bleed, lay.bleed, lay.bleed + lay.trim_w, lay.bleed + lay.trim_h))

    def _cover_page(self, canvas, doc):
        self._boxes(canvas)
        canvas.saveState()
        canvas.setFillColor(HexColor(self.theme.accent))
        canvas.rect(0, 0, self.layout.page_w, self.layout.page_h, stroke=0, fill=1)
        canvas.restoreState()

    def _body_page(self, canvas, doc):
        self._boxes(canvas)
        lay, theme = self.layout, self.theme
        canvas.saveState()
        y = lay.bleed + 9 * mm
        canvas.setStrokeColor(HexColor(theme.rule))
        canvas.setLineWidth(0.4)
        canvas.line(lay.bleed + lay.margin_x, y + 4.2 * mm, lay.bleed + lay.trim_w - lay.margin_x, y + 4.2 * mm)
        canvas.setFillColor(HexColor(theme.ink))
        number = canvas.getPageNumber()
        inner, outer = folio_x(lay, number)
        canvas.setFont(theme.body_font, 7.5)
        (canvas.drawString if inner < outer else canvas.drawRightString)(inner, y, self.footer)
        canvas.setFont(theme.bold_font, 8.5)
        (canvas.drawRightString if inner < outer else canvas.drawString)(outer, y, str(number))
        canvas.restoreState()


def folio_x(layout: Layout, page: int) -> tuple[float, float]:
    """(x of the running title at the spine side, x of the page number at the outer edge) of page
    ``page`` (1-based; odd pages are right-hand pages, their outer edge on the right)."""
    left, right = layout.bleed + layout.margin_x, layout.bleed + layout.trim_w - layout.margin_x
    return (left, right) if page % 2 else (right, left)


def next_body() -> NextPageTemplate:
    return NextPageTemplate("body")


def place_faces(pdf: bytes, faces: list[PlacedFace]) -> bytes:
    """Draw each recorded card face (SVG, as vectors) into its box on its page."""
    if not faces:
        return pdf
    out = pikepdf.open(io.BytesIO(pdf))
    forms: dict[str | KnownSvg, Any] = {}
    for n, face in enumerate(faces):
        key = face.svg
        if key not in forms:
            with pikepdf.open(io.BytesIO(svg_to_pdf(face.svg))) as src:
                forms[key] = (out.copy_foreign(src.pages[0].as_form_xobject()),
                              [float(v) for v in src.pages[0].mediabox], pikepdf.Name(f"/DeckgenFace{len(forms)}"))
        form, box, name = forms[key]  # named by order of first use: the same book gives the same bytes
        page = out.pages[face.page]
        page.add_resource(form, pikepdf.Name.XObject, name=name)
        bleed = face.bleed * MM
        full_w, full_h = box[2] - box[0], box[3] - box[1]
        s = face.w / (full_w - 2 * bleed)  # the trim fills the box
        r = min(face.radius * MM * s, min(face.w, face.h) / 2)  # half the side: a round token's circle
        ops = ["q", _rounded_rect(face.x, face.y, face.w, face.h, r), "W n",
               f"{s:.6f} 0 0 {s:.6f} {face.x - bleed * s:.4f} {face.y - bleed * s:.4f} cm {name} Do Q"]
        page.contents_add(out.make_stream("\n".join(ops).encode("ascii")), prepend=False)
    buffer = io.BytesIO()
    out.save(buffer, deterministic_id=True, compress_streams=True)
    return buffer.getvalue()


def _rounded_rect(x: float, y: float, w: float, h: float, r: float) -> str:
    """PDF path operators of a rectangle with rounded corners (radius ``r``)."""
    k = 0.5523 * r
    x1, y1 = x + w, y + h
    return " ".join([
        f"{x + r:.3f} {y:.3f} m", f"{x1 - r:.3f} {y:.3f} l",
        f"{x1 - r + k:.3f} {y:.3f} {x1:.3f} {y + r - k:.3f} {x1:.3f} {y + r:.3f} c",
        f"{x1:.3f} {y1 - r:.3f} l", f"{x1:.3f} {y1 - r + k:.3f} {x1 - r + k:.3f} {y1:.3f} {x1 - r:.3f} {y1:.3f} c",
        f"{x + r:.3f} {y1:.3f} l", f"{x + r - k:.3f} {y1:.3f} {x:.3f} {y1 - r + k:.3f} {x:.3f} {y1 - r:.3f} c",
        f"{x:.3f} {y + r:.3f} l", f"{x:.3f} {y + r - k:.3f} {x + r - k:.3f} {y:.3f} {x + r:.3f} {y:.3f} c", "h"])


def face_size(width_mm: float, card_w: float, card_h: float) -> tuple[float, float]:
    """Width and height (mm) of a card picture ``width_mm`` wide, card aspect kept."""
    return width_mm, width_mm * card_h / card_w


__all__ = ["BLEED_MM", "FaceBox", "Heading", "Layout", "MM", "PlacedFace", "RulebookDocument", "Theme",
           "face_size", "folio_x", "next_body", "place_faces"]
