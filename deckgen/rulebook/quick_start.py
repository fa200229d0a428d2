"""The booklet's quick start: one page between the contents and the first chapter.

A level-1 section with the id ``quick-start`` (``# Quick start {#quick-start}``)
is the booklet's quick start, wherever it stands in the source: the story
sets it on a page of its own right after the contents, with an unnumbered
heading (bookmarked, but not listed in the contents it follows), so the
chapters keep their numbers.  Its
subsections (any level) are set as unnumbered subheadings.  Its text may name
a chapter by number with ``{chapter-ID}`` (``{chapter-showdown}`` -> "4"), so a
pointer to the full rules cannot drift when chapters move.

The quick start must fit one page: when its flowables, measured at the
page's width, are taller than the page's frame, the problem is reported at
the section's heading (the build stops there, as for any booklet problem);
the check holds it to every booklet page size (A5 and half-letter).
"""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any, Sequence

from reportlab.platypus import Flowable, KeepTogether, PageBreak

from deckgen.errors import Problem
from deckgen.layout.papers import BOOKLET_PAGES_MM, READING_PAGE
from deckgen.layout.papers import MM_TO_PT as mm
from deckgen.rulebook.glossary_page import SectionHeading
from deckgen.rulebook.paragraph import Paragraph
from deckgen.rulebook.pdf import Layout
from deckgen.rulebook.source import Block


QUICK_START_ID = "quick-start"


def every_frame() -> list[tuple[float, float]]:
    """The body frames of every booklet page size (A5, half-letter): what ``deckgen check`` holds a quick
    start to, whichever paper it is built for."""
    return [frame_size(trim) for trim in BOOKLET_PAGES_MM]


def frame_size(trim: str = READING_PAGE) -> tuple[float, float]:
    """(width, height) in points of the body frame of a booklet page of ``trim``."""
    w, h = BOOKLET_PAGES_MM[trim]
    layout = Layout(w * mm, h * mm)
    return layout.trim_w - 2 * layout.margin_x, layout.trim_h - layout.margin_top - layout.margin_bottom


class Bookmark(Flowable):
    """A PDF bookmark and outline entry (level 0) where it is drawn, without a line in the contents: the
    quick start stands right after the contents page, which it would only lengthen."""

    def __init__(self, text: str, key: str):
        super().__init__()
        self.text, self.key = text, key
        self.width = self.height = 0

    def wrap(self, *args: Any) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self.canv.bookmarkPage(self.key)
        self.canv.addOutlineEntry(self.text, self.key, level=0, closed=False)


def quick_start_span(blocks: Sequence[Block]) -> tuple[int, int] | None:
    """(first, end) indexes of the quick-start section's blocks (its heading first), or None."""
    for start, block in enumerate(blocks):
        if block.kind == "heading" and block.id == QUICK_START_ID and block.level == 1:
            end = next((i for i in range(start + 1, len(blocks))
                        if blocks[i].kind == "heading" and blocks[i].level <= 1), len(blocks))
            return start, end
    return None


def chapter_numbers(blocks: Sequence[Block]) -> dict[str, str]:
    """``chapter-ID`` -> the printed number of every numbered chapter (level-1 sections but the quick start)."""
    span = quick_start_span(blocks) or (-1, -1)
    numbers: dict[str, str] = {}
    count = 0
    for i, block in enumerate(blocks):
        if block.kind == "heading" and block.level == 1 and not span[0] <= i < span[1]:
            count += 1
            numbers[f"chapter-{block.id}"] = str(count)
    return numbers


def _height(flow: Sequence[Any], width: float) -> float:
    """The height (pt) the flowables take one below the other on a page ``width`` wide."""
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(io.BytesIO())  # some flowables (lists) measure their parts on a canvas
    total = 0.0
    for n, flowable in enumerate(flow):
        _w, h = flowable.wrapOn(canvas, width, 100_000)
        before = float(flowable.getSpaceBefore() or 0) if n else 0.0  # a page's top drops the first one's
        total += float(h) + before + float(flowable.getSpaceAfter() or 0)
    return total


def quick_start_page(builder: Any, blocks: Sequence[Block],
                     pages: Sequence[tuple[float, float]]) -> list:
    """The quick start's flowables (heading, text, page break), or [] when the source has none; a problem
    at its heading when it does not fit one page of each of ``pages`` (frame width, height in pt)."""
    span = quick_start_span(blocks)
    if span is None:
        return []
    head, *body = blocks[span[0]:span[1]]
    ctx = builder.ctx
    builder.keys += 1
    key = f"s{builder.keys}-{head.id}"
    xml = ctx.xml(head.text, head)
    title = SectionHeading(f'<a name="{key}"/>{xml}', builder.styles["h1"], head.id, builder.pages)
    plain = Paragraph(xml, builder.styles["body"]).getPlainText().replace("\u00a0", " ").replace("\u202f", " ")
    numbers = list(builder.numbers)
    flow: list = [title, Bookmark(plain, key)]
    for block in body:
        if block.kind == "heading":  # an unnumbered subheading, whatever its level
            flow += [f for f in builder.heading(replace(block, level=3)) if f is not None]
        else:
            flow += builder.block(block)
    builder.numbers = numbers
    for width, height in pages:
        taken = _height(flow, width)
        if taken > height + 0.5:
            ctx.problems.append(Problem(ctx.source.file, head.line, None, None,
                                        f"the quick start takes {taken / mm:.0f} mm, one page holds "
                                        f"{height / mm:.0f} mm: shorten it to fit one page"))
            break
    return [KeepTogether(flow), PageBreak()]
