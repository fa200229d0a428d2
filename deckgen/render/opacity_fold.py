"""A shape's own ``opacity`` folded into its fill and stroke opacity, as cairosvg draws it.

cairosvg draws a childless shape with ``opacity="x"`` by multiplying its
fill and stroke opacity by x; librsvg 2.54 draws every such shape into a
transparency group of its own, which in a PDF is a form XObject per shape (a
starfield of a hundred faint dots doubles the size of an Archeon planet's
page).  :func:`fold_leaf_opacity` rewrites those shapes the way cairosvg
draws them, so librsvg's page is as small as cairosvg's and drawn the same.
Inherited ``fill-opacity`` and ``stroke-opacity`` are followed through the
enclosing elements.  An SVG that sets any opacity in a ``style`` attribute,
or holds a comment, is returned unchanged (not followed here).
"""

from __future__ import annotations

import re

#: The shapes whose own opacity cairosvg folds into their paint (when they have no children).
SHAPES = frozenset("path line rect circle ellipse polygon polyline".split())
_TAG = re.compile(r"<(/?)([A-Za-z][\w.:-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*?)(/?)>")
_ATTRIBUTE = re.compile(r"""\s([\w:.-]+)\s*=\s*("[^"]*"|'[^']*')""")
_STYLED_OPACITY = re.compile(r"""\sstyle\s*=\s*(["'])[^"']*opacity""")
_PAINT = ("fill-opacity", "stroke-opacity")


def _number(text: str | None, default: float) -> float:
    try:
        return default if text is None else max(0.0, min(1.0, float(text.strip())))
    except ValueError:
        return default


def _format(value: float) -> str:
    return f"{value:.6f}".rstrip("0").rstrip(".") or "0"


def fold_leaf_opacity(svg: str) -> str:
    """``svg`` with each childless shape's ``opacity`` multiplied into its fill and stroke opacity."""
    if " opacity=" not in svg or "<!--" in svg or _STYLED_OPACITY.search(svg):
        return svg
    inherited: list[tuple[float, float]] = [(1.0, 1.0)]
    pieces: list[str] = []
    last = 0
    for tag in _TAG.finditer(svg):
        closing, name, body, empty = tag.groups()
        if closing:
            if len(inherited) > 1:
                inherited.pop()
            continue
        attributes = {m.group(1): m.group(2)[1:-1] for m in _ATTRIBUTE.finditer(body)}
        fill = _number(attributes.get("fill-opacity"), inherited[-1][0])
        stroke = _number(attributes.get("stroke-opacity"), inherited[-1][1])
        if not empty:
            inherited.append((fill, stroke))
            continue
        if name not in SHAPES or "opacity" not in attributes:
            continue
        opacity = _number(attributes["opacity"], 1.0)
        kept = _ATTRIBUTE.sub(lambda m: "" if m.group(1) in ("opacity", *_PAINT) else m.group(0), body)
        pieces.append(svg[last:tag.start()])
        pieces.append(f'<{name}{kept} fill-opacity="{_format(fill * opacity)}" '
                      f'stroke-opacity="{_format(stroke * opacity)}"/>')
        last = tag.end()
    pieces.append(svg[last:])
    return "".join(pieces)
