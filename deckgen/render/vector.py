"""Place SVG faces as vector graphics on PDF pages: cairosvg draws, pikepdf composes.

Each distinct SVG is drawn once by cairosvg into a one-page PDF, which
becomes a form XObject of the output; every page then places forms with a
transformation (position and scale, in millimetres) and an optional clip
rectangle.  Text in the SVGs is already glyph outlines, so the output needs
no fonts.  Pages carry TrimBox, BleedBox and ArtBox when given.  The same
inputs give the same bytes.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field
from typing import Any

import pikepdf

from deckgen.layout.papers import MM_TO_PT
from deckgen.render.face_route import draw_pdf
from deckgen.render.raster import drawing

MM = MM_TO_PT  # points per millimetre


@dataclass(frozen=True)
class Box:
    """A rectangle in page millimetres, origin bottom-left."""

    x: float
    y: float
    w: float
    h: float

    def points(self) -> list[float]:
        return [round(v * MM, 4) for v in (self.x, self.y, self.x + self.w, self.y + self.h)]


@dataclass(frozen=True)
class Placement:
    """Form ``source`` drawn with its bottom-left corner at (x, y) mm, scaled, optionally clipped."""

    source: int
    x: float
    y: float
    scale: float = 1.0
    clip: Box | None = None


@dataclass
class Page:
    """One output page: size in mm, what is placed on it, and its boxes."""

    width: float
    height: float
    placements: list[Placement] = field(default_factory=list)
    trim: Box | None = None
    bleed: Box | None = None
    art: Box | None = None


_DRAWN: dict[str, bytes] = {}
_DRAWN_MAX = 512


def svg_to_pdf(svg: str) -> bytes:
    """One PDF page drawn by cairo from ``svg`` (its size is the SVG's width and height).

    Drawing a text-heavy page takes cairosvg about a second, so a page placed
    in several files (a board on A3 and tiled) is drawn once per process.  DrawingError when cairo cannot.
    """
    key = hashlib.sha256(svg.encode("utf-8")).hexdigest()
    if key not in _DRAWN:
        if len(_DRAWN) >= _DRAWN_MAX:
            _DRAWN.pop(next(iter(_DRAWN)))
        _DRAWN[key] = drawing(lambda: draw_pdf(svg))
    return _DRAWN[key]


def compose(pages: list[Page], sources: list[str], title: str = "") -> bytes:
    """A PDF of ``pages`` placing the SVG ``sources`` (each drawn once) as form XObjects."""
    out = pikepdf.new()
    forms = []
    for svg in sources:
        with pikepdf.open(io.BytesIO(svg_to_pdf(svg))) as src:
            forms.append(out.copy_foreign(src.pages[0].as_form_xobject()))
    for spec in pages:
        page = out.add_blank_page(page_size=(round(spec.width * MM, 4), round(spec.height * MM, 4)))
        xobjects = pikepdf.Dictionary()
        ops = []
        for i, p in enumerate(spec.placements):
            name = f"/Fx{p.source}"
            xobjects[name] = forms[p.source]
            ops.append("q")
            if p.clip is not None:
                x0, y0, x1, y1 = p.clip.points()
                ops.append(f"{x0} {y0} {round(x1 - x0, 4)} {round(y1 - y0, 4)} re W n")
            ops.append(f"{p.scale:.6f} 0 0 {p.scale:.6f} {p.x * MM:.4f} {p.y * MM:.4f} cm {name} Do Q")
        page.obj.Resources = pikepdf.Dictionary(XObject=xobjects)
        page.obj.Contents = out.make_stream("\n".join(ops).encode("ascii"))
        for key, box in (("/TrimBox", spec.trim), ("/BleedBox", spec.bleed), ("/ArtBox", spec.art)):
            if box is not None:
                page.obj[key] = pikepdf.Array(box.points())
    if title:
        out.docinfo["/Title"] = title
    out.docinfo["/Creator"] = "deckgen"
    out.docinfo["/Producer"] = "deckgen (cairosvg, pikepdf)"
    buffer = io.BytesIO()
    out.save(buffer, deterministic_id=True, compress_streams=True)
    return buffer.getvalue()


#: A quarter circle as a cubic Bézier: the control points' distance, as a share of the radius.
KAPPA = 0.5522847498


def ellipse_ops(x: float, y: float, w: float, h: float) -> str:
    """PDF path operators of the ellipse inscribed in the box (x, y, w, h), four Bézier arcs, closed."""
    rx, ry = w / 2, h / 2
    cx, cy = x + rx, y + ry
    kx, ky = rx * KAPPA, ry * KAPPA
    pts = [
        f"{cx + rx:.4f} {cy:.4f} m",
        f"{cx + rx:.4f} {cy + ky:.4f} {cx + kx:.4f} {cy + ry:.4f} {cx:.4f} {cy + ry:.4f} c",
        f"{cx - kx:.4f} {cy + ry:.4f} {cx - rx:.4f} {cy + ky:.4f} {cx - rx:.4f} {cy:.4f} c",
        f"{cx - rx:.4f} {cy - ky:.4f} {cx - kx:.4f} {cy - ry:.4f} {cx:.4f} {cy - ry:.4f} c",
        f"{cx + kx:.4f} {cy - ry:.4f} {cx + rx:.4f} {cy - ky:.4f} {cx + rx:.4f} {cy:.4f} c",
        "h",
    ]
    return " ".join(pts)


def overlay(pdf: bytes, placed: list[tuple]) -> bytes:
    """Draw SVG faces into an existing PDF: each ``(page, x, y, w, h, clip, svg, ellipse, under[, turned])`` in
    points, the SVG scaled to fill the box (turned 180° about its centre when ``turned``) and clipped to
    ``clip`` (x, y, w, h) and to the ellipse inscribed in ``ellipse`` when given; ``under`` faces go beneath
    the page's own drawing, in their order, the others over it.  Each distinct SVG is stored once."""
    out = pikepdf.open(io.BytesIO(pdf))
    forms: dict[str, Any] = {}
    names: dict[tuple[int, str], Any] = {}
    streams: dict[tuple[int, bool], list[str]] = {}
    for page_index, x, y, w, h, clip, svg, ellipse, under, *rest in placed:
        turned = bool(rest and rest[0])
        if svg not in forms:
            with pikepdf.open(io.BytesIO(svg_to_pdf(svg))) as src:
                forms[svg] = (out.copy_foreign(src.pages[0].as_form_xobject()),
                              [float(v) for v in src.pages[0].mediabox])
        form, box = forms[svg]
        page = out.pages[page_index]
        key = (page_index, svg)
        if key not in names:
            # named by the face's place among the file's faces: pikepdf's random names would differ from
            # one build to the next within one process
            names[key] = page.add_resource(form, pikepdf.Name.XObject, pikepdf.Name(f"/DgFace{list(forms).index(svg)}"))
        sx, sy = w / (box[2] - box[0]), h / (box[3] - box[1])
        ops = ["q"]
        if clip is not None:
            cx, cy, cw, ch = clip
            ops.append(f"{cx:.4f} {cy:.4f} {cw:.4f} {ch:.4f} re W n")
        if ellipse is not None:
            ops.append(f"{ellipse_ops(*ellipse)} W n")
        if turned:  # x' = x + w - sx·u, y' = y + h - sy·v: the box onto itself, upside down
            ops.append(f"{-sx:.6f} 0 0 {-sy:.6f} {x + w:.4f} {y + h:.4f} cm {names[key]} Do Q")
        else:
            ops.append(f"{sx:.6f} 0 0 {sy:.6f} {x:.4f} {y:.4f} cm {names[key]} Do Q")
        streams.setdefault((page_index, bool(under)), []).extend(ops)
    for (page_index, under), ops in streams.items():
        out.pages[page_index].contents_add(out.make_stream("\n".join(ops).encode("ascii")), prepend=under)
    buffer = io.BytesIO()
    out.save(buffer, deterministic_id=True, compress_streams=True)
    return buffer.getvalue()
