"""Column widths of a booklet table from its content, the way browsers size an automatic table.

Each column has a minimum (its longest unbreakable unit: a word, or words joined by no-break
spaces such as "Dunkler Jedi 12") and a maximum (its longest cell set on one line).  When the
maxima fit, every column gets its maximum and the spare room in proportion; when only the minima
fit, every column gets its minimum and the rest in proportion to what it would still like
(maximum − minimum); when not even the minima fit, the minima are scaled down together.  A cell
that is not text (a card picture) has the fixed width it was drawn at.
"""

from __future__ import annotations

from typing import Any, Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth
from deckgen.rulebook.paragraph import Paragraph

#: Characters a line may break at inside a table cell (no-break spaces are not among them).
BREAKING = {" ", "\t", "\n"}
#: Room added to a column's minimum so that rounding in reportlab's line breaking never splits its longest unit.
SLACK = 0.5


def text_extent(para: Paragraph) -> tuple[float, float]:
    """(longest unbreakable unit, longest line set unbroken) of a paragraph, in points."""
    longest_unit = longest_line = 0.0
    unit = line = 0.0
    for frag in getattr(para, "frags", []) or []:
        if getattr(frag, "lineBreak", False):
            longest_unit, longest_line = max(longest_unit, unit), max(longest_line, line)
            unit = line = 0.0
            continue
        text = getattr(frag, "text", "") or ""
        font, size = frag.fontName, frag.fontSize
        for ch in text:
            width = stringWidth(ch, font, size)
            line += width
            if ch in BREAKING:
                longest_unit = max(longest_unit, unit)
                unit = 0.0
            else:
                unit += width
        if getattr(frag, "cbDefn", None) is not None:  # an inline image
            width = float(getattr(frag.cbDefn, "width", 0) or 0)
            unit += width
            line += width
    return max(longest_unit, unit), max(longest_line, line)


def cell_extent(cell: Any) -> tuple[float, float]:
    """(minimum, maximum) width a cell's content asks for, in points."""
    if isinstance(cell, Paragraph):
        return text_extent(cell)
    widths = getattr(cell, "_colWidths", None) or getattr(cell, "_argW", None)
    if widths:
        fixed = float(sum(w for w in widths if isinstance(w, (int, float))))
        return fixed, fixed
    width = float(getattr(cell, "width", 0) or 0)
    return width, width


def auto_widths(rows: Sequence[Sequence[Any]], available: float, padding: float = 6.0) -> list[float]:
    """Widths of the columns of ``rows`` (cells of Paragraphs or drawn pictures) adding up to ``available``;
    ``padding`` is a cell's left plus right padding."""
    columns = max((len(r) for r in rows), default=0)
    if not columns:
        return []
    low, high = [padding] * columns, [padding] * columns
    for row in rows:
        for c, cell in enumerate(row):
            least, most = cell_extent(cell)
            low[c] = max(low[c], least + padding + SLACK)
            high[c] = max(high[c], most + padding, low[c])
    if sum(high) <= available:
        total = sum(high)
        return [h + (available - total) * h / total for h in high]
    if sum(low) >= available:
        total = sum(low)
        return [lo * available / total for lo in low]
    wish = [h - lo for h, lo in zip(high, low)]
    spare = available - sum(low)
    return [lo + spare * w / sum(wish) for lo, w in zip(low, wish)]
