"""Emit SVG for laid-out text: glyph outlines as <path>, icons as nested groups.

No input text ever reaches the SVG as characters: glyphs are outlines, so
XML specials in a card text cannot become markup.
"""

from __future__ import annotations

from xml.sax.saxutils import quoteattr


def _num(v: float, digits: int = 3) -> str:
    text = f"{v:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def glyph_path(d: str, x: float, y: float, scale: float) -> str:
    """A glyph outline in font units (y up) placed with its origin at (x, y) mm."""
    return f'<path transform="matrix({_num(scale, 7)} 0 0 {_num(-scale, 7)} {_num(x)} {_num(y)})" d="{d}"/>'


def icon_group(icon, x: float, top: float, height: float) -> str:
    """An icon's SVG fragment scaled so its viewbox is ``height`` mm high, top-left at (x, top)."""
    vx, vy, _vw, vh = icon.viewbox
    k = height / vh if vh else 0.0
    return (f'<g transform="matrix({_num(k, 6)} 0 0 {_num(k, 6)} {_num(x - vx * k)} {_num(top - vy * k)})">'
            f"{icon.svg}</g>")


def wrap_group(parts: list[str], fill: str) -> str:
    """The whole text block as one <g> carrying the text colour (its class marks it as words, which an
    ink-saving build keeps filled)."""
    return f'<g class="deckgen-text" fill={quoteattr(fill)} stroke="none">' + "".join(parts) + "</g>"
