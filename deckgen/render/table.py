"""``table(...)``: rows and columns of ``text()`` cells for fixed-layout templates.

A reference sheet is mostly a table: the local-rules sheet lists ten
locations with a value per face card, an array and a discard rule.  The
template hands the rows (already-localized strings, from its data) to
:func:`layout_table`, which measures every cell with the real fonts, gives
each row the height its tallest cell needs, shrinks all type together
until the table fits ``max_height``, spreads spare height over the rows,
and draws backgrounds, rules and the cells' text with the same ``text()``
as everything else — so glyph, overflow and safe-zone checks cover tables.

In a template::

    {% set tab = table(geo.safe.x, top, geo.safe.w, [0.2, 0.5, 0.3], rows,
                       max_height=geo.safe.y1 - top, size=3.4, rule="#c9b6d8") %}
    {{ tab }}                      {# draws it #}
    {{ tab.bottom }} {{ tab.size }} {{ tab.fits }}   {# where it ends, the type size used, whether it fit #}

``columns`` are the columns' widths: fractions of ``w`` when they add up to
at most 1, else relative weights; or ``"auto"``: sized by their content
(deckgen.render.table_auto, the booklets' algorithm), so a long name in a
narrow column stays whole.  Rows are mappings (every key optional)::

    {"cells": [CELL, ...],        # one per column (a cell with "span" covers several);
                                  #   missing cells at the end are empty
     "style": {...},              # defaults for every cell of the row (any CELL key but text/lines/span)
     "fill": "#f2ecf7",           # row background
     "radius": 1.2,               # rounded background corners, mm
     "gap_before": 2.5,           # space above the row, mm
     "min_height": 8,             # mm
     "rule": True,                # the rule below the row (when the table has ``rule``)
     "separators": True,          # the column separators (when the table has ``separators``)
     "stretch": True}             # takes a share of the spare height when the table is stretched

and a CELL is a string or a mapping::

    {"text": "Sith array", "font": "body-bold", "scale": 1.0, "fill": "#24112f",
     "align": "left", "valign": "middle",       # align: left/center/right/justify; valign: top/middle/bottom
     "span": 1,                                 # columns covered
     "pad_x": 0.5,                              # the table's pad_x for this cell
     "whole": True,                             # columns="auto": each line is kept whole (a name)
     "lines": ["first paragraph", "second"],    # instead of text: stacked texts, each
     "styles": [{...}, {...}],                  #   with its own font/scale/fill
     "min_scale": 0.75,                         # shrink the text (down to 0.75 of its size) until no word
     "max_lines": 2,                            #   is broken and it takes at most this many lines
     "icon": {"name": "jedi-master", "size": 6, "fill": "#f3d98b",
              "place": "above"}}                # "above" the text, centred, or "left" of it

Sizes: the text of a cell is the table's ``size`` (mm, the current size
once shrunk) times its ``scale``; an icon's ``size`` is its height in mm at
a table size of 3 mm and shrinks with the type (an icon placed ``left``
takes a square of that size).  A cell with ``min_scale`` is set in the
largest size (in steps of :data:`CELL_SCALES`, not below ``min_scale``)
at which none of its words has to be broken and, with ``max_lines``, it
takes at most that many lines; its lines then break between words only,
never hyphenating one: for headers over narrow columns, where a name
should rather shrink a little than break.  Breaking after a hyphen
('Jedi-|Meister') counts as no break of a word.  If even ``min_scale``
does not do, the text wraps and hyphenates as usual.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from markupsafe import Markup, escape

from deckgen.render.table_auto import auto_columns
from deckgen.strings import Text, where_of

#: The factors tried on ``size``, largest first, until the table fits ``max_height``.
SCALES = (1.0, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6)
#: The factors tried on a cell with ``min_scale``, largest first (not below its ``min_scale``).
CELL_SCALES = (1.0, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5)
#: Text and icon sizes are given for this table size (mm).
REFERENCE_SIZE = 3.0
_STYLE_KEYS = ("font", "scale", "fill", "align", "valign", "min_scale", "max_lines", "icon", "pad_x", "whole")


@dataclass
class Table:
    """The drawn table: its SVG, total height (mm), base text size and each row's (top, height).

    ``y`` is its top, ``bottom`` its bottom edge, ``edges`` the x of every
    column edge (left edge first), ``fits`` whether it fitted ``max_height``.
    """

    svg: Markup
    height: float
    size: float
    rows: list[tuple[float, float]] = field(default_factory=list)
    fits: bool = True
    y: float = 0.0
    edges: list[float] = field(default_factory=list)

    @property
    def bottom(self) -> float:
        return self.y + self.height

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
    first: int = 0  # index of the first column covered
    last: int = 1  # index of the edge after the last column covered
    min_scale: float | None = None
    max_lines: int | None = None
    pad_x: float | None = None
    whole: bool = False  # with columns="auto": its lines are its column's minimum (a name kept whole)

    def icon_size(self, s: float) -> float:
        return float(self.icon.get("size", 5.0)) * s / REFERENCE_SIZE if self.icon else 0.0

    @property
    def icon_left(self) -> bool:
        return bool(self.icon and self.icon.get("place", "above") == "left")


def _str(value: Any) -> str:
    """A cell's text; a string of a language file keeps its location (for text() to report at)."""
    return "" if value is None else value if isinstance(value, str) else str(value)


def _cell(raw: Any, row_style: Mapping[str, Any], font: str, fill: str) -> tuple[_Cell, int]:
    """A parsed cell and the number of columns it spans."""
    if raw is None:
        raw = ""
    if isinstance(raw, str):
        raw = {"text": raw}
    raw = {**{k: v for k, v in row_style.items() if k in _STYLE_KEYS}, **raw}
    base = {"font": raw.get("font", font), "scale": float(raw.get("scale", 1.0)), "fill": raw.get("fill", fill)}
    if "lines" in raw:
        styles = list(raw.get("styles", []))
        parts = []
        for i, text in enumerate(raw["lines"]):
            style = {**base, **(styles[i] if i < len(styles) else {})}
            parts.append(_Part(_str(text), style["font"], float(style["scale"]), style["fill"]))
    else:
        parts = [_Part(_str(raw.get("text")), base["font"], base["scale"], base["fill"])]
    min_scale = raw.get("min_scale")
    max_lines = raw.get("max_lines")
    span = int(raw.get("span", 1))
    if span < 1:
        raise ValueError(f"a table cell's span must be at least 1, not {span}")
    cell = _Cell(parts, raw.get("align", "left"), raw.get("valign", "middle"), raw.get("icon"),
                 min_scale=None if min_scale is None else float(min_scale),
                 max_lines=None if max_lines is None else int(max_lines),
                 pad_x=None if raw.get("pad_x") is None else float(raw["pad_x"]),
                 whole=bool(raw.get("whole", False)))
    return cell, span


def _row_cells(row: Mapping[str, Any], index: int, ncols: int, font: str, fill: str) -> list[_Cell]:
    cells, col = [], 0
    style = row.get("style") or {}
    for raw in row.get("cells", []):
        cell, span = _cell(raw, style, font, fill)
        cell.first, cell.last = col, col + span
        col += span
        cells.append(cell)
    if col > ncols:
        raise ValueError(f"table row {index + 1} has cells for {col} columns, but the table has {ncols}")
    return cells


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


def _count_columns(rows: Sequence[Mapping[str, Any]]) -> int:
    """The columns ``rows`` cover (spans counted)."""
    most = 0
    for row in rows:
        covered = 0
        for raw in row.get("cells", []):
            covered += int(raw.get("span", 1)) if isinstance(raw, Mapping) else 1
        most = max(most, covered)
    return most


def _flag(row: Mapping[str, Any], key: str, legacy: str | None = None) -> bool:
    """A row's on/off key (default on); ``legacy`` is an older key that turned it off."""
    if legacy and row.get(legacy):
        return False
    return bool(row.get(key, True))


def layout_table(text: Callable[..., Markup], measure: Callable[..., float], icon: Callable[..., Markup],
                 x: float, y: float, w: float,
                 columns: Sequence[float] | str, rows: Sequence[Mapping[str, Any]], *, max_height: float | None = None,
                 size: float = 3.0, font: str = "body", fill: str = "#000000", pad_x: float = 1.4,
                 pad_y: float = 1.0, line_height: float = 1.15, part_gap: float = 0.5, icon_gap: float = 1.0,
                 rule: str | None = None, rule_width: float = 0.15, separators: str | None = None,
                 max_stretch: float = 6.0, separator_after: Sequence[int] | None = None,
                 min_scale: float = SCALES[-1]) -> Table:
    """Lay out and draw a table at (x, y), ``w`` wide; see the module docstring for rows and cells.

    ``size``: the body text size (mm), shrunk in the steps of :data:`SCALES`
    (down to ``min_scale`` times it) until the table fits ``max_height``;
    then spare height, at most ``max_stretch`` mm a row, is shared out to the
    rows.  ``rule``: colour of a rule below each row; ``separators``: colour
    of vertical lines between columns — after every column, or only after
    the columns (0-based) listed in ``separator_after``.  ``pad_x``/``pad_y``,
    ``part_gap`` (between a cell's stacked texts) and ``icon_gap`` are mm.
    """
    if isinstance(columns, str):
        if columns != "auto":
            raise ValueError(f'a table\'s columns are widths or "auto", not {columns!r}')
        parsed = [_row_cells(row, i, _count_columns(rows), font, fill) for i, row in enumerate(rows)]
        columns = auto_columns(measure, parsed, w, size, pad_x, line_height, icon_gap)
    edges = _column_edges(x, w, columns)
    parsed = [_row_cells(row, i, len(columns), font, fill) for i, row in enumerate(rows)]
    scales = ([sc for sc in SCALES if sc >= min_scale - 1e-9] or [1.0]) if max_height is not None else [1.0]
    gaps = sum(float(r.get("gap_before", 0.0)) for r in rows)
    for scale in scales:
        s = size * scale
        heights = [_row_height(measure, cells, row, edges, s, pad_x, pad_y, line_height, part_gap, icon_gap)
                   for cells, row in zip(parsed, rows)]
        total = sum(heights) + gaps
        if max_height is None or total <= max_height + 1e-6:
            break
    s = size * scale
    fits = max_height is None or total <= max_height + 1e-6
    stretchy = [i for i, row in enumerate(rows) if _flag(row, "stretch")]
    if max_height is not None and fits and stretchy:
        extra = max(0.0, min(max_stretch, (max_height - total) / len(stretchy)))
        for i in stretchy:
            heights[i] += extra
        total += extra * len(stretchy)
    inner_edges = set(range(1, len(edges) - 1)) if separator_after is None else \
        {int(c) + 1 for c in separator_after if 0 <= int(c) < len(edges) - 2}
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
        if rule and _flag(row, "rule", "fill_header"):
            out.append(f'<line x1="{x:.3f}" y1="{top + height:.3f}" x2="{x + w:.3f}" y2="{top + height:.3f}" '
                       f'stroke="{escape(rule)}" stroke-width="{rule_width:g}"/>')
        if separators and _flag(row, "separators", "no_separators"):
            spanned = {e for c in cells for e in range(c.first + 1, c.last)}
            inset = min(1.0, height / 4)
            for e in sorted(inner_edges - spanned):
                out.append(f'<line x1="{edges[e]:.3f}" y1="{top + inset:.3f}" x2="{edges[e]:.3f}" '
                           f'y2="{top + height - inset:.3f}" stroke="{escape(separators)}" '
                           f'stroke-width="{rule_width:g}"/>')
        for cell in cells:
            out.append(_draw_cell(text, measure, icon, cell, edges[cell.first], edges[cell.last], top, height, s,
                                  pad_x, pad_y, line_height, part_gap, icon_gap))
        top += height
    return Table(Markup("\n".join(out)), top - y, s, placed, fits, y, edges)


def _text_width(cell: _Cell, x0: float, x1: float, s: float, pad_x: float, icon_gap: float) -> float:
    inner = x1 - x0 - 2 * (pad_x if cell.pad_x is None else cell.pad_x)
    if cell.icon_left:
        inner -= cell.icon_size(s) + icon_gap
    return inner


UNLIMITED = 1e6  # mm: a width no text fills
_PIECES = re.compile(r"(?<=-)|[ \t]+")  # where a line may break: ordinary spaces, after hyphens


def _one_line(measure, text: str, part: _Part, width: float, size: float, line_height: float) -> bool:
    """Whether ``text`` at ``size`` fits ``width`` in one line.

    The text in the cell against the same text set with no width limit: a
    further line adds size x line_height, give or take the ink of accents
    and descenders.
    """
    def height(w: float) -> float:
        return measure(text, w, font=part.font, size=size, line_height=line_height)

    return height(width) - height(UNLIMITED) <= 0.5 * size * line_height


def _unbroken(measure, part: _Part, width: float, size: float, line_height: float,
              max_lines: int | None) -> tuple[str, bool] | None:
    """``part``'s text broken into lines between words only, and whether it keeps to ``max_lines``;
    None if a word (or a piece of a hyphenated compound) is too wide at ``size``."""
    out: list[str] = []
    for para in part.text.split("\n"):
        words = [w for w in para.split(" ") if w]
        if any(not _one_line(measure, piece, part, width, size, line_height)
               for w in words for piece in _PIECES.split(w) if piece):
            return None
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if line and not _one_line(measure, trial, part, width, size, line_height):
                out.append(line)
                trial = word
            line = trial
        out.append(line)
    text = "\n".join(out)
    where = where_of(part.text)
    if text != part.text and where is not None:
        text = Text(text, where)
    if max_lines is None:
        return text, True
    # counted by height: the layout may still break a compound after its hyphen
    more = measure(text, width, font=part.font, size=size, line_height=line_height) \
        - measure(text, UNLIMITED, font=part.font, size=size, line_height=line_height)
    return text, more <= (max_lines - 0.5) * size * line_height


def _fitted(measure, cell: _Cell, width: float, s: float, line_height: float) -> tuple[float, list[str]]:
    """The factor on the cell's text sizes and its texts as set.

    1 and the texts as given, unless the cell has ``min_scale``: then the
    largest factor at which no word breaks and the cell keeps to
    ``max_lines`` (else the smallest at which no word breaks), with the
    texts broken between words by hand, so the layout never hyphenates
    them; if a word breaks even at ``min_scale``, that and the texts as given.
    """
    texts = [p.text for p in cell.parts]
    if cell.min_scale is None:
        return 1.0, texts
    factors = [f for f in CELL_SCALES if f >= cell.min_scale - 1e-9] or [1.0]
    best: tuple[float, list[str]] | None = None
    for f in factors:
        results = [_unbroken(measure, p, width, s * p.scale * f, line_height, cell.max_lines) if p.text
                   else ("", True) for p in cell.parts]
        if any(r is None for r in results):
            continue
        best = (f, [r[0] for r in results])  # type: ignore[index]
        if all(r[1] for r in results):  # type: ignore[index]
            return best
    return best or (factors[-1], texts)


def _part_heights(measure, cell: _Cell, width: float, s: float, line_height: float) -> list[float]:
    f, texts = _fitted(measure, cell, width, s, line_height)
    return [measure(t, width, font=p.font, size=s * p.scale * f, line_height=line_height) if t else 0.0
            for p, t in zip(cell.parts, texts)]


def _body_height(measure, cell: _Cell, width: float, s: float, line_height: float, part_gap: float,
                 icon_gap: float) -> tuple[float, list[float]]:
    """The height of the cell's content (texts and icon) and of each of its texts."""
    heights = _part_heights(measure, cell, width, s, line_height)
    shown = [h for h in heights if h > 0]
    body = sum(shown) + part_gap * max(0, len(shown) - 1)
    if cell.icon_left:
        body = max(body, cell.icon_size(s))
    elif cell.icon:
        body += cell.icon_size(s) + (icon_gap if shown else 0.0)
    return body, heights


def _row_height(measure, cells, row, edges, s, pad_x, pad_y, line_height, part_gap, icon_gap) -> float:
    best = float(row.get("min_height", 0.0))
    for cell in cells:
        width = _text_width(cell, edges[cell.first], edges[cell.last], s, pad_x, icon_gap)
        body, _ = _body_height(measure, cell, width, s, line_height, part_gap, icon_gap)
        best = max(best, body + 2 * pad_y)
    return best


def _draw_cell(text, measure, icon, cell: _Cell, x0: float, x1: float, top: float, height: float, s: float,
               pad_x: float, pad_y: float, line_height: float, part_gap: float, icon_gap: float) -> str:
    inner_w = _text_width(cell, x0, x1, s, pad_x, icon_gap)
    body, heights = _body_height(measure, cell, inner_w, s, line_height, part_gap, icon_gap)
    shown = [(p, h) for p, h in zip(cell.parts, heights) if h > 0]
    texts_h = sum(h for _, h in shown) + part_gap * max(0, len(shown) - 1)
    icon_h = cell.icon_size(s)
    inner_top, inner_h = top + pad_y, height - 2 * pad_y
    if cell.valign == "top":
        cursor = inner_top
    elif cell.valign == "bottom":
        cursor = inner_top + inner_h - body
    else:
        cursor = inner_top + (inner_h - body) / 2
    out = []
    tx = x0 + (pad_x if cell.pad_x is None else cell.pad_x)
    if cell.icon and cell.icon_left:
        out.append(str(icon(cell.icon["name"], tx + icon_h / 2, cursor + body / 2, icon_h,
                            fill=cell.icon.get("fill"))))
        tx += icon_h + icon_gap
        cursor += (body - texts_h) / 2
    elif cell.icon:
        out.append(str(icon(cell.icon["name"], (x0 + x1) / 2, cursor + icon_h / 2, icon_h,
                            fill=cell.icon.get("fill"))))
        cursor += icon_h + (icon_gap if shown else 0.0)
    f, texts = _fitted(measure, cell, inner_w, s, line_height)
    for (part, h), t in zip(shown, [t for t, h in zip(texts, heights) if h > 0]):
        out.append(str(text(t, tx, cursor, inner_w, h + 0.05, font=part.font, size=s * part.scale * f,
                            align=cell.align, valign="top", fill=part.fill, line_height=line_height)))
        cursor += h + part_gap
    return "\n".join(out)
