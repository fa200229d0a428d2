"""Ink-saving faces: a rendered card SVG turned into outlines and text, or into light greys.

``deckgen build --ink low`` runs every face through :func:`low_ink` before
it is drawn (``--ink grey`` through :func:`grey_ink`), so any template —
the bundled ones and a project's own — gets an ink-saving version without
being written twice.  ``low``:

* words (the text layout's glyph groups, ``<text>``) are set in near-black;
* every other filled shape loses its fill and keeps a thin dark outline,
  so a suit symbol or a frame still reads, but no area is inked;
* strokes turn dark grey, gradients and pictures (``<image>``) go, and
  faint decoration (hatching, glows: less than 25 % opaque) is dropped.

``grey``: the whole design in greys for a prototype on a black-and-white
printer — every area (and gradient) becomes a light grey of its own
lightness, so the layout still shows; lines a darker grey; words
near-black; icons (``icon()``) a dark grey; pictures faded.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
TEXT_CLASS = "deckgen-text"
ICON_CLASS = "deckgen-icon"
TEXT_INK = "#111111"
LINE_INK = "#3a3a3a"
OUTLINE_MM = 0.22
FAINT = 0.25
SHAPES = {"rect", "circle", "ellipse", "path", "polygon", "polyline", "line"}

ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _opacity(el: ET.Element, name: str) -> float:
    try:
        return float(el.get(name, "1"))
    except ValueError:
        return 1.0


def _is_none(value: str | None) -> bool:
    return value is not None and value.strip().lower() in ("none", "transparent")


def low_ink(svg: str) -> str:
    """The face ``svg`` as outlines and text (see the module docstring)."""
    root = ET.fromstring(svg)
    _walk(root, in_text=False, opacity=1.0, inherited_fill=None, scale=1.0)
    return ET.tostring(root, encoding="unicode")


def _walk(el: ET.Element, in_text: bool, opacity: float, inherited_fill: str | None, scale: float) -> None:
    for child in list(el):
        tag = _local(child.tag)
        if tag in ("image", "filter", "mask"):
            el.remove(child)
            continue
        if tag in ("defs", "clipPath", "linearGradient", "radialGradient", "pattern", "title", "desc", "style"):
            continue
        child.attrib.pop("filter", None)
        child.attrib.pop("mask", None)
        alpha = opacity * _opacity(child, "opacity")
        text = in_text or tag in ("text", "tspan") or TEXT_CLASS in child.get("class", "").split()
        fill = child.get("fill", inherited_fill)
        if text:
            if alpha < FAINT:
                el.remove(child)
                continue
            if fill is not None and not _is_none(fill):
                child.set("fill", TEXT_INK)
            if child.get("stroke") and not _is_none(child.get("stroke")):
                child.set("stroke", TEXT_INK)
            child.set("opacity", "1")
            child.attrib.pop("fill-opacity", None)
            _walk(child, True, 1.0, TEXT_INK if fill is not None and not _is_none(fill) else fill, scale)
            continue
        if tag in SHAPES:
            fill_alpha = alpha * _opacity(child, "fill-opacity")
            stroke_alpha = alpha * _opacity(child, "stroke-opacity")
            stroke = child.get("stroke")
            stroked = stroke is not None and not _is_none(stroke) and stroke_alpha >= FAINT
            filled = (fill is None or not _is_none(fill)) and tag != "line" and fill_alpha >= FAINT
            if not stroked and not filled:
                el.remove(child)
                continue
            child.set("fill", "none")
            child.attrib.pop("fill-opacity", None)
            child.set("stroke", LINE_INK)
            child.set("opacity", "1")
            child.attrib.pop("stroke-opacity", None)
            if not stroked:  # the outline is OUTLINE_MM wide on the card, whatever the shape's own scale
                child.set("stroke-width", f"{OUTLINE_MM / (scale * _scale_of(child)):.4g}")
            continue
        if alpha < FAINT and tag == "g":
            el.remove(child)
            continue
        if tag in ("g", "svg", "a", "switch", "symbol", "use"):
            if child.get("fill") and not _is_none(child.get("fill")):
                child.set("fill", LINE_INK)
            if child.get("stroke") and not _is_none(child.get("stroke")):
                child.set("stroke", LINE_INK)
            child.set("opacity", "1")
            _walk(child, False, 1.0, child.get("fill", inherited_fill), scale * _scale_of(child))


_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_TRANSFORM = re.compile(r"(matrix|scale)\(([^)]*)\)")


def _scale_of(el: ET.Element) -> float:
    """How much ``el``'s own transform enlarges a line (1 without one)."""
    factor = 1.0
    for kind, args in _TRANSFORM.findall(el.get("transform", "")):
        values = [float(v) for v in re.findall(_NUMBER, args)]
        if kind == "matrix" and len(values) == 6:
            factor *= abs(values[0] * values[3] - values[1] * values[2]) ** 0.5 or 1.0
        elif kind == "scale" and values:
            factor *= (abs(values[0] * (values[1] if len(values) > 1 else values[0]))) ** 0.5 or 1.0
    return factor


# ---------------------------------------------------------------------- grey

_HEX = re.compile(r"#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")


def _luma(colour: str) -> float | None:
    m = _HEX.match(colour.strip())
    if not m:
        return None
    h = m.group(1)
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _grey(level: float) -> str:
    v = max(0, min(255, round(level * 255)))
    return f"#{v:02x}{v:02x}{v:02x}"


def _area(colour: str) -> str:
    y = _luma(colour)
    return colour if y is None else _grey(0.80 + 0.18 * y)


def _line(colour: str) -> str:
    y = _luma(colour)
    return colour if y is None else _grey(0.18 + 0.35 * y)


def grey_ink(svg: str) -> str:
    """The face ``svg`` in light greys (see the module docstring)."""
    root = ET.fromstring(svg)
    _grey_walk(root, "area")
    return ET.tostring(root, encoding="unicode")


def _grey_walk(el: ET.Element, mode: str) -> None:
    for child in list(el):
        tag = _local(child.tag)
        classes = child.get("class", "").split()
        kind = "text" if (mode == "text" or TEXT_CLASS in classes) else \
            "icon" if (mode == "icon" or ICON_CLASS in classes) else "area"
        if tag == "image":
            child.set("opacity", f"{0.3 * _opacity(child, 'opacity'):g}")
            continue
        if tag == "stop":
            stop_colour = child.get("stop-color")
            if stop_colour:
                child.set("stop-color", _area(stop_colour))
            continue
        fill = child.get("fill")
        if fill and not _is_none(fill) and not fill.startswith("url("):
            child.set("fill", TEXT_INK if kind == "text" else _line(fill) if kind == "icon" else _area(fill))
        stroke = child.get("stroke")
        if stroke and not _is_none(stroke) and not stroke.startswith("url("):
            child.set("stroke", TEXT_INK if kind == "text" else _line(stroke))
        _grey_walk(child, kind if kind != "area" else "area")
