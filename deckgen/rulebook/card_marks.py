"""Numbered marks on a card picture, so that a numbered legend beside it points at the card's parts.

A table cell ``{"card": ID, "width": MM, "marks": [[N, X, Y], ...]}`` draws the card with a small
numbered disc at each (X, Y), given as fractions of the card's width and height from its top left
(the game says where its template prints each part: e.g. Archeon's ``ANATOMY_MARKS``). Card faces
are drawn onto the pages after layout (:func:`deckgen.rulebook.pdf.place_faces`), so the marks are
recorded the same way, as a transparent SVG placed right after the card and thus on top of it.
"""

from __future__ import annotations

from typing import Any, Sequence
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable

from deckgen.rulebook.pdf import PlacedFace

#: Radius of a mark and its number's size (points).
MARK_RADIUS_PT = 5.4
MARK_FONT_PT = 7.0


def marks_svg(width: float, height: float, marks: Sequence[Sequence[Any]], fill: str) -> str:
    """An SVG ``width`` × ``height`` points: a numbered disc at each mark, nothing else."""
    discs = []
    for number, x, y in marks:
        cx, cy = float(x) * width, float(y) * height
        discs.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{MARK_RADIUS_PT}" fill="{escape(fill)}" '
                     f'stroke="#ffffff" stroke-width="0.8"/>'
                     f'<text x="{cx:.2f}" y="{cy + MARK_FONT_PT * 0.36:.2f}" font-family="sans-serif" '
                     f'font-weight="bold" font-size="{MARK_FONT_PT}" fill="#ffffff" '
                     f'text-anchor="middle">{escape(str(number))}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.2f}pt" height="{height:.2f}pt" '
            f'viewBox="0 0 {width:.2f} {height:.2f}">{"".join(discs)}</svg>')


class MarkedCard(Flowable):
    """``card`` (a one-card picture row ``card_width`` points wide) with numbered discs over it."""

    def __init__(self, card: Flowable, card_width: float, marks: Sequence[Sequence[Any]], sink: list[PlacedFace],
                 fill: str):
        super().__init__()
        self.card, self.card_width, self.marks, self.sink, self.fill = card, card_width, list(marks), sink, fill
        self.width = float(sum(getattr(card, "_colWidths", None) or [card_width]))  # for the table's widths
        self.height = 0.0

    def wrap(self, available_width, available_height):
        self.width, self.height = self.card.wrap(available_width, available_height)
        return self.width, self.height

    def draw(self):
        self.card.drawOn(self.canv, 0, 0)  # the card's face is recorded first, the marks after it: on top
        x, y = self.canv.absolutePosition(0, 0)
        self.sink.append(PlacedFace(self.canv.getPageNumber() - 1, x, y, self.card_width, self.height,
                                    marks_svg(self.card_width, self.height, self.marks, self.fill)))
