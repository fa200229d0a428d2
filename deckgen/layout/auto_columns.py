"""Column widths from content, the way browsers size an automatic table: one algorithm for booklet
tables (deckgen.rulebook.table_widths, reportlab paragraphs) and card-face tables (deckgen.render.table,
the ``table`` template verb with ``columns="auto"``).

Each column has a minimum (its longest unbreakable unit) and a maximum (its longest cell set on one
line).  When the maxima fit, every column gets its maximum and the spare room in proportion; when only
the minima fit, every column gets its minimum and the rest in proportion to what it would still like
(maximum − minimum); when not even the minima fit, the columns that may still break (``soft``) give
way first, else the minima are scaled down together.
"""

from __future__ import annotations

from typing import Sequence


def share_widths(low: Sequence[float], high: Sequence[float], soft: Sequence[bool], available: float) -> list[float]:
    """Widths adding up to ``available`` for columns with minima ``low``, maxima ``high`` and ``soft``
    (may be squeezed below its minimum)."""
    if not low:
        return []
    if sum(high) <= available:
        total = sum(high)
        return [h + (available - total) * h / total for h in high]
    if sum(low) >= available:  # columns that cannot break keep their minimum, the others share the rest
        rigid = sum(lo for lo, squeeze in zip(low, soft) if not squeeze)
        flexible = sum(lo for lo, squeeze in zip(low, soft) if squeeze)
        if flexible and rigid < available:
            scale = (available - rigid) / flexible
            return [lo * scale if squeeze else lo for lo, squeeze in zip(low, soft)]
        total = sum(low)
        return [lo * available / total for lo in low]
    wish = [h - lo for h, lo in zip(high, low)]
    spare = available - sum(low)
    return [lo + spare * w / sum(wish) for lo, w in zip(low, wish)]
