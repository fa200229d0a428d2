"""Place SVG faces as vector graphics on PDF pages: librsvg or cairosvg draws, pikepdf composes.

Each distinct SVG is drawn once (by :mod:`deckgen.render.face_route`'s renderer) into a one-page PDF, which
becomes a form XObject of the output; every page then places forms with a
transformation (position and scale, in millimetres) and an optional clip
rectangle.  Text in the SVGs is already glyph outlines, so the output needs
no fonts.  Pages carry TrimBox, BleedBox and ArtBox when given.  The same
inputs give the same bytes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any, Callable

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
#: The cache's entry kind of drawn pages (deckgen.render.store).
DRAWN_KIND = "drawn"


class KnownSvg:
    """An SVG known by its content digest (:func:`deckgen.render.store.hash_text` of its text) before its text:
    ``render()`` makes the text only if it is needed — its drawing is neither drawn in this process nor in the
    cache (a booklet's card picture whose face the deck's build drew)."""

    def __init__(self, digest: str, render: Callable[[], str]):
        self.digest = digest
        self._render: Callable[[], str] | None = render
        self._text: str | None = None

    @property
    def text(self) -> str:
        if self._text is None:
            assert self._render is not None
            self._text, self._render = self._render(), None
        return self._text


def svg_text(svg: "str | KnownSvg") -> str:
    """The text of an SVG given as text or as a :class:`KnownSvg`."""
    return svg if isinstance(svg, str) else svg.text


def svg_to_pdf(svg: "str | KnownSvg") -> bytes:
    """One PDF page drawn by cairo from ``svg`` (its size is the SVG's width and height).

    Drawing a text-heavy page takes cairosvg about a second, so each distinct
    SVG is drawn once: kept for this process (a board on A3 and tiled), and
    in the build's cache folder when one is active (deckgen.render.store.using_cache) — a booklet places
    the drawing its deck's sheets made, and a later run or another language's booklet reads it back.
    A :class:`KnownSvg` is rendered only when its drawing is found in neither.  DrawingError when cairo cannot.
    """
    from deckgen.render.store import active_cache, hash_text

    if isinstance(svg, KnownSvg):
        found = _kept(svg.digest, active_cache())
        if found is not None:
            return found
        svg = svg.text  # drawn from its text, kept under the text's own digest
    digest = hash_text(svg)
    store = active_cache()
    found = _kept(digest, store)
    if found is None:
        text = svg
        found = drawing(lambda: draw_pdf(text))
        if store is not None:
            store.put_bytes(DRAWN_KIND, _drawn_key(digest), found)
        _remember(digest, found)
    return found


def _drawn_key(digest: str) -> str:
    from deckgen.render.face_route import route_id
    from deckgen.render.store import drawer_id, drawn_key

    return drawn_key(digest, f"{drawer_id()}; {route_id()}")


def _kept(digest: str, store) -> bytes | None:
    """The drawing of the SVG with ``digest``: this process's, else the cache's (then remembered here)."""
    if digest in _DRAWN:
        return _DRAWN[digest]
    data = store.get_bytes(DRAWN_KIND, _drawn_key(digest)) if store is not None else None
    if data is not None:
        _remember(digest, data)
    return data


def is_drawn(digest: str, store) -> bool:
    """Whether the SVG with ``digest`` is drawn in this process or has an entry in ``store`` (not read)."""
    return digest in _DRAWN or (store is not None and store.has_bytes(DRAWN_KIND, _drawn_key(digest)))


def _remember(digest: str, data: bytes) -> None:
    if len(_DRAWN) >= _DRAWN_MAX:
        _DRAWN.pop(next(iter(_DRAWN)))
    _DRAWN[digest] = data


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
