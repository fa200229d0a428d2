"""A booklet's table of contents that keeps to one page.

reportlab's TableOfContents is a table of one row per heading; when a booklet has more headings than
the page holds at the normal spacing, the last rows ran onto a page of their own (de Archeon: two
lines alone on page 3).  :class:`OnePageContents` first narrows the padding between rows, then the
leading of its entries, step by step, until the whole list fits the page it starts on; only a list
that would need entries smaller than :data:`SMALLEST_SCALE` of their size runs on.
"""

from __future__ import annotations

import copy

from reportlab.platypus import TableStyle
from reportlab.platypus.tableofcontents import TableOfContents

#: the row padding (points, above and below each entry) tried in turn, the first being reportlab's own
PADDINGS = (3.0, 2.0, 1.0, 0.5)
#: the leadings tried after the paddings, as fractions of the entries' own
SCALES = (1.0, 0.94, 0.88, 0.82)
SMALLEST_SCALE = SCALES[-1]


class OnePageContents(TableOfContents):
    """A table of contents that tightens its spacing to stay on one page (see the module docstring)."""

    def __init__(self, base_style: list, **kw):
        super().__init__(**kw)
        self._base_style = list(base_style)
        self._own_levels: list | None = None

    def wrap(self, availWidth, availHeight):
        if self._own_levels is None:
            self._own_levels = list(getattr(self, "levelStyles"))
        size = (0.0, 0.0)
        for scale in SCALES:
            self.levelStyles = [_scaled(style, scale) for style in self._own_levels]
            for padding in PADDINGS:
                self.tableStyle = TableStyle(self._base_style + [("TOPPADDING", (0, 0), (-1, -1), padding),
                                                                 ("BOTTOMPADDING", (0, 0), (-1, -1), padding)])
                size = super().wrap(availWidth, availHeight)
                if size[1] <= availHeight:
                    return size
        return size


def _scaled(style, scale: float):
    if scale == 1.0:
        return style
    tighter = copy.copy(style)
    tighter.leading = style.leading * scale
    tighter.spaceBefore = (style.spaceBefore or 0) * scale
    return tighter
