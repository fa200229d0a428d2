"""Keep-with-next for booklet headings: a heading never ends a page.

reportlab's ``keepWithNext`` keeps a heading with the flowable after it only while both fit a page; when
what follows is long (a numbered list whose first item does not fit, a long table) it lets them part and
the heading is left alone at the foot of the page.  :func:`keep_headings_with_next` puts a conditional
page break before every heading that asks for room for the heading (and the headings right after it)
plus the first part of what follows that cannot be split: two lines of a paragraph, a list's first item,
a table's header and first row, a block kept together whole.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, ListFlowable, Paragraph, Spacer, Table

HEADING_STYLES = ("h1", "h2", "h3")
#: Lines of a paragraph that must follow its heading on the same page (as the orphan rule asks).
LINES_AFTER = 2


def is_heading(flowable: Any) -> bool:
    return isinstance(flowable, Paragraph) and getattr(flowable.style, "name", "") in HEADING_STYLES


def _glue(flowable: Any) -> bool:
    """A flowable that takes no room between a heading and what follows (an empty spacer, a page break test)."""
    return isinstance(flowable, CondPageBreak) or (isinstance(flowable, Spacer) and not flowable.height)


def _height(flowable: Flowable, width: float) -> float:
    _w, h = flowable.wrap(width, 10_000)
    return float(h) + float(flowable.getSpaceBefore() or 0)


def first_part(flowable: Any, width: float) -> float:
    """The height of the first part of ``flowable`` that a page must hold with a heading above it (pt);
    0 for what cannot be measured before it is drawn."""
    try:
        return _first_part(flowable, width)
    except Exception:  # noqa: BLE001 - a flowable that needs its canvas to measure asks for no room
        return 0.0


def _first_part(flowable: Any, width: float) -> float:
    if callable(getattr(flowable, "first_part", None)):  # a flowable that knows (deckgen.rulebook.lead_in)
        return float(flowable.first_part(width))
    if isinstance(flowable, Paragraph):
        flowable.wrap(width, 10_000)
        lines = len(getattr(flowable.blPara, "lines", []) or [])
        return min(lines, LINES_AFTER) * flowable.style.leading + float(flowable.style.spaceBefore or 0)
    if isinstance(flowable, ListFlowable):
        items = getattr(flowable, "_content", None) or []
        indent = float(getattr(flowable, "_leftIndent", 0) or getattr(flowable, "leftIndent", 0) or 0)
        return _height(items[0], width - indent) if items else 0.0
    if isinstance(flowable, Table):
        flowable.wrap(width, 10_000)
        heights = getattr(flowable, "_rowHeights", None) or []
        return float(sum(heights[:2]))
    if isinstance(flowable, KeepTogether):  # kept whole: all of it (measured part by part, without a canvas)
        return sum(first_part(part, width) if isinstance(part, KeepTogether) else _height(part, width)
                   for part in flowable._content)
    return _height(flowable, width)


def _room(story: list, at: int, width: float) -> float:
    """Room the heading at ``at`` needs: itself, the headings right after it, then the first part of the rest."""
    need = 0.0
    i = at
    while i < len(story) and (is_heading(story[i]) or _glue(story[i])):
        if is_heading(story[i]):
            need += _height(story[i], width) + float(story[i].style.spaceAfter or 0)
        i += 1
    if i < len(story):
        need += first_part(story[i], width)
    return need


def keep_headings_with_next(story: list, width: float) -> list:
    """``story`` with a conditional page break before each heading that starts a run of headings."""
    out: list = []
    after_heading = False
    for i, flowable in enumerate(story):
        if is_heading(flowable) and not after_heading:
            out.append(CondPageBreak(_room(story, i, width)))
        out.append(flowable)
        if not _glue(flowable):
            after_heading = is_heading(flowable)
    return out
