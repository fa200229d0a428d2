"""Which renderer draws a face: librsvg where it draws the same as cairosvg, cairosvg elsewhere.

:func:`draw_pdf` is what :func:`deckgen.render.vector.svg_to_pdf` calls; the
raster build (:func:`deckgen.render.raster.rasterize`) asks :func:`route` too.
librsvg (in-process, :mod:`deckgen.render.librsvg`) draws a face full of
glyph outlines four to five times faster than cairosvg, and draws the
bundled designs within the pixel comparison's threshold of cairosvg's PDF
(``benchmarks/face_route.py`` measures both).  It draws only SVGs made of
the elements measured so (shapes, paths, groups, gradients, clip paths).
cairosvg draws the rest:

* text, pictures, filters, masks, patterns, markers, style sheets and blend
  modes, which the two draw differently;
* what may refer to itself without end (``<use>``, a clip path that refers
  to anything): cairosvg reports such a face as one it cannot draw, where
  librsvg would silently leave the loop out;
* everything, when librsvg is missing here or refuses the SVG, or when
  ``DECKGEN_FACE_ROUTE=cairosvg`` is set.

A shape's own ``opacity`` reaches librsvg folded into its paint, as cairosvg
draws it (:mod:`deckgen.render.opacity_fold`): the page stays as small.
"""

from __future__ import annotations

import os
import re

from deckgen.render import librsvg
from deckgen.render.opacity_fold import fold_leaf_opacity

#: The SVG elements librsvg draws as cairosvg does (measured on every bundled design and planted cases).
LIBRSVG_ELEMENTS = frozenset("""svg g defs path line rect circle ellipse polygon polyline linearGradient
    radialGradient stop clipPath title desc metadata""".split())
#: Properties cairosvg ignores and librsvg honours: an SVG naming one goes to cairosvg.
_DIFFERING_PROPERTIES = re.compile(r"mix-blend-mode|isolation|paint-order|vector-effect|<!\[CDATA\[")
#: A clip path that refers to anything: it may refer to itself, which cairosvg reports as a face that cannot
#: be drawn and librsvg silently leaves out (so does a loop of <use>, left out of LIBRSVG_ELEMENTS).
_REFERRING_CLIP = re.compile(r"<clipPath\b(?:(?!</clipPath>).)*?(?:url\(|href=)", re.DOTALL)
_ELEMENT = re.compile(r"<([A-Za-z][\w.:-]*)")
#: The environment variable that forces a route: "cairosvg", or "auto" (the default).
ROUTE_VARIABLE = "DECKGEN_FACE_ROUTE"


def librsvg_draws_same(svg: str) -> bool:
    """Whether ``svg`` uses only what librsvg draws as cairosvg does."""
    if _DIFFERING_PROPERTIES.search(svg) or _REFERRING_CLIP.search(svg):
        return False
    return all(name in LIBRSVG_ELEMENTS for name in set(_ELEMENT.findall(svg)))


def librsvg_on() -> bool:
    """Whether this process draws with librsvg at all: it loads here and no one forced cairosvg."""
    return os.environ.get(ROUTE_VARIABLE, "auto") != "cairosvg" and librsvg.available()


def route(svg: str) -> str:
    """The renderer that will draw ``svg``: "librsvg" or "cairosvg"."""
    return "librsvg" if librsvg_on() and librsvg_draws_same(svg) else "cairosvg"


def draw_pdf(svg: str) -> bytes:
    """One PDF page of ``svg`` at its own size, by :func:`route`'s renderer (cairosvg when librsvg refuses it).
    Raises what cairosvg raises for an SVG it cannot draw."""
    if route(svg) == "librsvg":
        pdf = librsvg.svg_to_pdf(fold_leaf_opacity(svg).encode("utf-8"))
        if pdf is not None:
            return pdf
    import cairosvg  # here, not above: loading cairo costs half a second a build with nothing to draw

    return cairosvg.svg2pdf(bytestring=svg.encode("utf-8"), unsafe=False)


def route_id() -> str:
    """Which renderers this process draws with (part of a drawing's cache key)."""
    return f"librsvg {librsvg.version()} where it draws the same, else cairosvg" if librsvg_on() else "cairosvg"
