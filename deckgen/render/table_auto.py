"""Content-sized columns for card-face tables (the ``table`` verb's ``columns="auto"``).

Each column's minimum is its longest unbreakable unit (a word, or the piece of a compound after its
own hyphen, at the cell's full size; a ``whole`` cell's
lines, for names) and its maximum its longest text set on
one line; deckgen.layout.auto_columns shares the width out as booklet tables do.  Widths are
measured with the ``measure`` verb (the real fonts and the text engine): the narrowest width at which
a text still takes one line.  A cell spanning several columns does not size them.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from deckgen.layout.auto_columns import share_widths

#: Where a line may break inside a cell: spaces, and after a compound's own hyphen.
_UNITS = re.compile(r"(?<=-)|[ \t]+")
#: Room (mm) added to a column's minimum, so rounding in the text engine never breaks its longest unit.
SLACK = 0.3
#: Steps of the search for a text's one-line width.
_STEPS = 14


def one_line_width(measure: Callable[..., float], text: str, font: str, size: float, line_height: float) -> float:
    """The narrowest width (mm) at which ``text`` takes one line at ``size``."""
    if not text.strip():
        return 0.0
    single = measure(text, 1e6, font=font, size=size, line_height=line_height)
    limit = 0.5 * size * line_height

    def fits(width: float) -> bool:
        return measure(text, width, font=font, size=size, line_height=line_height) - single <= limit

    low, high = 0.0, max(size, len(text) * size * 0.8)
    while not fits(high):
        high *= 2
    for _ in range(_STEPS):
        mid = (low + high) / 2
        low, high = (low, mid) if fits(mid) else (mid, high)
    return high


def auto_columns(measure: Callable[..., float], parsed: Sequence[Sequence[Any]], w: float, size: float,
                 pad_x: float, line_height: float, icon_gap: float) -> list[float]:
    """Column widths (mm, adding up to ``w``) for the parsed rows (deckgen.render.table._Cell lists)."""
    columns = max((c.last for cells in parsed for c in cells), default=0)
    low, high = [0.0] * columns, [0.0] * columns
    for cells in parsed:
        for cell in cells:
            if cell.last - cell.first != 1:
                continue
            pad = 2 * (pad_x if cell.pad_x is None else cell.pad_x)
            if cell.icon_left:
                pad += cell.icon_size(size) + icon_gap
            least, most = _extent(measure, cell, size, line_height)
            if cell.icon and not cell.icon_left:
                least = max(least, cell.icon_size(size))
                most = max(most, cell.icon_size(size))
            low[cell.first] = max(low[cell.first], least + pad + SLACK)
            high[cell.first] = max(high[cell.first], most + pad + SLACK, low[cell.first])
    low = [max(v, 0.1) for v in low]
    high = [max(h, lo) for h, lo in zip(high, low)]
    return share_widths(low, high, [False] * columns, w)


def _extent(measure, cell, size: float, line_height: float) -> tuple[float, float]:
    """(longest unit, longest line) of a cell's texts, in mm."""
    least = most = 0.0
    for part in cell.parts:
        s = size * part.scale
        for line in str(part.text).split("\n"):
            units = [u for u in _UNITS.split(line) if u]
            if not units:
                continue
            whole = one_line_width(measure, line, part.font, s, line_height)
            unit = whole if cell.whole else max(one_line_width(measure, u, part.font, s, line_height) for u in units)
            least, most = max(least, unit), max(most, whole)
    return least, most
