"""The ``text(...)`` function card templates call to place laid-out text.

Problems (overflow, missing glyphs, unknown icons, ink outside the safe zone)
are appended to a report list as "<where>: <name or first words>: <problem>".
"""

from __future__ import annotations

from typing import Callable

from markupsafe import Markup

from .fonts import FontSet
from .layout import Icon, TextBox, layout_text
from .markup import parse, plain
from .plurals import plural


def _label(s: str, name: str | None) -> str:
    if name:
        return name
    items, _ = parse(s)
    words = plain(items).split()
    label = ""
    for w in words:
        if label and len(label) + 1 + len(w) > 32:
            return label + "…"
        label = f"{label} {w}" if label else w
    return label


def safe_zone_excess(boxes, safe_rect) -> float:
    """How far (mm) the farthest ink box reaches outside ``safe_rect``; 0 if inside."""
    x0, y0, x1, y1 = safe_rect
    worst = 0.0
    for bx0, by0, bx1, by1 in boxes:
        worst = max(worst, x0 - bx0, y0 - by0, bx1 - x1, by1 - y1)
    return worst


def make_text_function(fonts: FontSet, icons: dict[str, Icon], lang: str, report: list,
                       safe_rect: tuple[float, float, float, float] | None = None, where: str = "") -> Callable:
    """Build ``text(s, x, y, w, h, ...)`` for a template rendering one card in ``lang``."""

    def text(s, x, y, w, h, font="body", size=3.2, min_size=None, align="center", valign="middle",
             fill="#000", line_height=1.2, letter_spacing=0, name=None, max_lines=None) -> Markup:
        s = "" if s is None else str(s)
        res = layout_text(s, TextBox(float(x), float(y), float(w), float(h)), fonts=fonts, icons=icons,
                          font=font, size=float(size), min_size=None if min_size is None else float(min_size),
                          align=align, valign=valign, lang=lang, line_height=float(line_height), fill=fill,
                          letter_spacing=float(letter_spacing), max_lines=max_lines)
        label = _label(s, name)
        prefix = f"{where}: {label}" if where else label
        for problem in res.problems:
            report.append(f"{prefix}: {problem}")
        if safe_rect is not None:
            excess = safe_zone_excess(res.ink_boxes, safe_rect)
            if excess > 0.01:
                report.append(f"{prefix}: outside the safe zone by {excess:.2f} mm")
        return Markup(res.svg)

    return text


def make_plural_function(lang: str) -> Callable:
    """``plural(n, one=..., few=..., many=..., other=...)`` for templates."""

    def _plural(n, **forms):
        return plural(n, lang, forms)

    return _plural
