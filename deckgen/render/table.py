"""``table(...)``: rows and columns of ``text()`` cells for fixed-layout templates.

A reference sheet is mostly a table: the local-rules sheet lists ten
locations with a value per face card, an array and a discard rule.  The
template hands the rows (already-localized strings, from its data) to
:func:`layout_table`, which measures every cell with the real fonts, gives
each row the height its tallest cell needs, shrinks all type together
until the table fits ``max_height``, spreads spare height over the rows,
and draws backgrounds, rules and the cells' text with the same ``text()``
as everything else — so glyph, overflow and safe-zone checks cover tables.

Rows are mappings::

    {"cells": [CELL, ...],        # one per column
     "fill": "#f2ecf7",           # row background (optional)
     "radius": 1.2,               # rounded background corners (optional)
     "gap_before": 2.5,           # space above the row, mm (optional)
     "min_height": 8}             # mm (optional)

and a CELL is a string or a mapping::

    {"text": "Sith array", "font": "body-bold", "scale": 1.0, "fill": "#24112f",
     "align": "left", "valign": "middle",
     "lines": ["first paragraph", "second"],   # instead of text: stacked texts, each
     "styles": [{...}, {...}],                 #   with its own font/scale/fill
     "icon": {"name": "jedi-master", "size": 6, "fill": "#f3d98b"}}   # drawn above the text

All sizes are the table's ``size`` (mm) times a cell's ``scale``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from markupsafe import Markup, escape

SCALES = (1.0, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6)


@dataclass
class Table:
    """The drawn table: its SVG, total height (mm), base text size and each row's (top, height)."""

    svg: Markup
    height: float
    size: float
    rows: list[tuple[float, float]] = field(default_factory=list)
    fits: bool = True

    def __html__(self) -> str:  # {{ table(...) }} draws it
        return str(self.svg)

    def __str__(self) -> str:
        return str(self.svg)


@dataclass
class _Part:
    text: str
    font: str
    scale: float
    fill: str


@dataclass
class _Cell:
    parts: list[_Part]
    align: str
    valign: str
    icon: Mapping[str, Any] | None


def _cell(raw: Any, font: str, fill: str) -> _Cell:
    if raw is None:
        raw = ""
    if isinstance(raw, str):
        return _Cell([_Part(raw, font, 1.0, fill)], "left", "middle", None)
    base = {"font": raw.get("font", font), "scale": float(raw.get("scale", 1.0)), "fill": raw.get("fill", fill)}
    if "lines" in raw:
        styles = list(raw.get("styles", []))
        parts = []
        for i, text in enumerate(raw["lines"]):
            style = {**base, **(styles[i] if i < len(styles) else {})}
            parts.append(_Part(str(text), style["font"], float(style["scale"]), style["fill"]))
    else:
        parts = [_Part("" if raw.get("text") is None else raw["text"], base["font"], base["scale"], base["fill"])]
    return _Cell(parts, raw.get("align", "left"), raw.get("valign", "middle"), raw.get("icon"))


def _column_edges(x: float, w: float, columns: Sequence[float]) -> list[float]:
    widths = [float(c) for c in columns]
    total = sum(widths)
    if total <= 1.0001:  # fractions of the width
        widths = [c * w for c in widths]
    else:
        widths = [c * w / total for c in widths]
    edges = [x]
    for cw in widths:
        edges.append(edges[-1] + cw)
    return edges


def layout_table(text: Callable[..., Markup], measure: Callable[..., float], icon: Callable[..., Markup],
                 x: float, y: float, w: float,
                 columns: Sequence[float], rows: Sequence[Mapping[str, Any]], *, max_height: float | None = None,
                 size: float = 3.0, font: str = "body", fill: str = "#000000", pad_x: float = 1.4,
                 pad_y: float = 1.0, line_height: float = 1.15, part_gap: float = 0.5, icon_gap: float = 1.0,
                 rule: str | None = None, rule_width: float = 0.15, separators: str | None = None,
                 max_stretch: float = 6.0) -> Table:
    """Lay out and draw a table at (x, y), ``w`` wide; see the module docstring for rows and cells."""
    edges = _column_edges(x, w, columns)
    parsed = [[_cell(c, font, fill) for c in row.get("cells", [])] for row in rows]
    scales = SCALES if max_height is not None else (1.0,)
    for scale in scales:
        s = size * scale
        heights = [_row_height(measure, cells, row, edges, s, pad_x, pad_y, line_height, part_gap, icon_gap)
                   for cells, row in zip(parsed, rows)]
        total = sum(heights) + sum(float(r.get("gap_before", 0.0)) for r in rows)
        if max_height is None or total <= max_height + 1e-6:
            break
    fits = max_height is None or total <= max_height + 1e-6
    if max_height is not None and fits and rows:
        extra = min(max_stretch, (max_height - total) / len(rows))
        heights = [h + extra for h in heights]
        total += extra * len(rows)
    out: list[str] = []
    placed: list[tuple[float, float]] = []
    top = y
    for cells, row, height in zip(parsed, rows, heights):
        top += float(row.get("gap_before", 0.0))
        placed.append((top, height))
        if row.get("fill"):
            radius = float(row.get("radius", 0.0))
            out.append(f'<rect x="{x:.3f}" y="{top:.3f}" width="{w:.3f}" height="{height:.3f}" rx="{radius:g}" '
                       f'fill="{escape(row["fill"])}"/>')
        if rule and not row.get("fill_header"):
            out.append(f'<line x1="{x:.3f}" y1="{top + height:.3f}" x2="{x + w:.3f}" y2="{top + height:.3f}" '
                       f'stroke="{escape(rule)}" stroke-width="{rule_width:g}"/>')
        if separators and not row.get("no_separators"):
            for edge in edges[1:-1]:
                out.append(f'<line x1="{edge:.3f}" y1="{top + 1:.3f}" x2="{edge:.3f}" y2="{top + height - 1:.3f}" '
                           f'stroke="{escape(separators)}" stroke-width="{rule_width:g}"/>')
        for i, cell in enumerate(cells):
            out.append(_draw_cell(text, measure, icon, cell, edges[i], edges[i + 1], top, height, size * scale,
                                  pad_x, pad_y, line_height, part_gap, icon_gap))
        top += height
    return Table(Markup("\n".join(out)), top - y, size * scale, placed, fits)


def _part_heights(measure, cell: _Cell, width: float, s: float, line_height: float) -> list[float]:
    return [measure(p.text, width, font=p.font, size=s * p.scale, line_height=line_height) if p.text else 0.0
            for p in cell.parts]


def _row_height(measure, cells, row, edges, s, pad_x, pad_y, line_height, part_gap, icon_gap) -> float:
    best = float(row.get("min_height", 0.0))
    for i, cell in enumerate(cells):
        inner = edges[i + 1] - edges[i] - 2 * pad_x
        parts = [h for h in _part_heights(measure, cell, inner, s, line_height) if h > 0]
        body = sum(parts) + part_gap * max(0, len(parts) - 1)
        if cell.icon:
            body += float(cell.icon.get("size", 5.0)) * s / 3.0 + (icon_gap if parts else 0.0)
        best = max(best, body + 2 * pad_y)
    return best


def _draw_cell(text, measure, icon, cell: _Cell, x0: float, x1: float, top: float, height: float, s: float,
               pad_x: float, pad_y: float, line_height: float, part_gap: float, icon_gap: float) -> str:
    inner_w = x1 - x0 - 2 * pad_x
    heights = _part_heights(measure, cell, inner_w, s, line_height)
    shown = [(p, h) for p, h in zip(cell.parts, heights) if h > 0]
    body = sum(h for _, h in shown) + part_gap * max(0, len(shown) - 1)
    icon_h = float(cell.icon.get("size", 5.0)) * s / 3.0 if cell.icon else 0.0
    if cell.icon:
        body += icon_h + (icon_gap if shown else 0.0)
    inner_top, inner_h = top + pad_y, height - 2 * pad_y
    if cell.valign == "top":
        cursor = inner_top
    elif cell.valign == "bottom":
        cursor = inner_top + inner_h - body
    else:
        cursor = inner_top + (inner_h - body) / 2
    out = []
    if cell.icon:
        cx = (x0 + x1) / 2
        out.append(str(icon(cell.icon["name"], cx, cursor + icon_h / 2, icon_h, fill=cell.icon.get("fill"))))
        cursor += icon_h + (icon_gap if shown else 0.0)
    for part, h in shown:
        out.append(str(text(part.text, x0 + pad_x, cursor, inner_w, h + 0.05, font=part.font, size=s * part.scale,
                            align=cell.align, valign="top", fill=part.fill, line_height=line_height)))
        cursor += h + part_gap
    return "\n".join(out)
