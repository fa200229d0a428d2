"""Numbered marks beside a card picture, so that a numbered legend next to it points at the card's parts.

A table cell ``{"card": ID, "width": MM, "marks": [[N, X, Y], ...]}`` draws the card with a small
numbered disc for each part, the part's point (X, Y) given as fractions of the card's width and height
from its top left (the game says where its template prints each part: e.g. Archeon's ``ANATOMY_MARKS``).
The discs sit in the margins beside the card, never on it — left of the card for a point in its left
half, right of it otherwise, at the point's height (spread apart where two would touch) — and a thin
leader runs from each disc to its point, so no disc covers a word in any language.  Card faces are drawn
onto the pages after layout (:func:`deckgen.rulebook.pdf.place_faces`), so the marks are recorded the
same way, as a transparent SVG placed right after the card and thus on top of it.
"""

from __future__ import annotations

from typing import Any, Sequence
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable

from deckgen.rulebook.pdf import PlacedFace

#: Radius of a mark and its number's size (points).
MARK_RADIUS_PT = 5.4
MARK_FONT_PT = 7.0
#: Room between a disc and the card's edge, and between two discs on one side (points).
MARK_GAP_PT = 1.5
#: The margin each side of the card holds its discs in (points).
MARGIN_PT = 2 * MARK_RADIUS_PT + 2 * MARK_GAP_PT


def disc_places(card_width: float, height: float, marks: Sequence[Sequence[Any]]) -> list[tuple[Any, float, float,
                                                                                                  float, float]]:
    """For each mark (number, x, y): (number, disc centre x, disc centre y, point x, point y) in points of a
    picture ``card_width`` + two margins wide whose card starts at the left margin; y from the top."""
    placed: dict[int, tuple[Any, float, float, float, float]] = {}
    for left in (True, False):
        side = sorted((i for i, (_, x, _) in enumerate(marks) if (float(x) < 0.5) == left),
                      key=lambda i: float(marks[i][2]))
        lowest = -1e9
        for i in side:
            number, x, y = marks[i]
            px, py = MARGIN_PT + float(x) * card_width, float(y) * height
            cy = max(py, lowest + 2 * MARK_RADIUS_PT + MARK_GAP_PT, MARK_RADIUS_PT)
            lowest = cy
            cx = MARK_RADIUS_PT + MARK_GAP_PT if left else MARGIN_PT + card_width + MARK_GAP_PT + MARK_RADIUS_PT
            placed[i] = (number, cx, cy, px, py)
    return [placed[i] for i in range(len(marks))]  # in the order the marks were given


def marks_svg(card_width: float, height: float, marks: Sequence[Sequence[Any]], fill: str) -> str:
    """An SVG the card's width plus a margin each side wide and ``height`` points tall: a numbered disc beside
    the card for each mark and a leader from it to the mark's point, nothing else."""
    width = card_width + 2 * MARGIN_PT
    parts = []
    for number, cx, cy, px, py in disc_places(card_width, height, marks):
        edge = cx + MARK_RADIUS_PT if px > cx else cx - MARK_RADIUS_PT
        parts.append(f'<line x1="{edge:.2f}" y1="{cy:.2f}" x2="{px:.2f}" y2="{py:.2f}" stroke="{escape(fill)}" '
                     f'stroke-width="0.8"/><circle cx="{px:.2f}" cy="{py:.2f}" r="1.3" fill="{escape(fill)}" '
                     f'stroke="#ffffff" stroke-width="0.5"/>'
                     f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{MARK_RADIUS_PT}" fill="{escape(fill)}" '
                     f'stroke="#ffffff" stroke-width="0.8"/>'
                     f'<text x="{cx:.2f}" y="{cy + MARK_FONT_PT * 0.36:.2f}" font-family="sans-serif" '
                     f'font-weight="bold" font-size="{MARK_FONT_PT}" fill="#ffffff" '
                     f'text-anchor="middle">{escape(str(number))}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.2f}pt" height="{height:.2f}pt" '
            f'viewBox="0 0 {width:.2f} {height:.2f}">{"".join(parts)}</svg>')


class MarkedCard(Flowable):
    """``card`` (a one-card picture row ``card_width`` points wide) with numbered discs beside it."""

    def __init__(self, card: Flowable, card_width: float, marks: Sequence[Sequence[Any]], sink: list[PlacedFace],
                 fill: str):
        super().__init__()
        self.card, self.card_width, self.marks, self.sink, self.fill = card, card_width, list(marks), sink, fill
        self.width = float(sum(getattr(card, "_colWidths", None) or [card_width])) + 2 * MARGIN_PT
        self.height = 0.0

    def wrap(self, available_width, available_height):
        width, self.height = self.card.wrap(available_width - 2 * MARGIN_PT, available_height)
        self.width = width + 2 * MARGIN_PT
        return self.width, self.height

    def draw(self):
        self.card.drawOn(self.canv, MARGIN_PT, 0)  # the card's face is recorded first, the marks after it: on top
        x, y = self.canv.absolutePosition(0, 0)
        self.sink.append(PlacedFace(self.canv.getPageNumber() - 1, x, y, self.card_width + 2 * MARGIN_PT,
                                    self.height, marks_svg(self.card_width, self.height, self.marks, self.fill)))
