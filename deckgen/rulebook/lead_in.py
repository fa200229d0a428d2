"""A table and the paragraph that introduces it, kept together as far as the table's first rows.

A short table used to be kept whole with its introduction: one that did not fit the rest of a page
moved to the next and left a third of a page empty (ru review A-L12).  :class:`LeadIn` keeps the
paragraph with the table's header and its first :data:`ROWS_WITH_INTRO` rows; when those fit, the
table may split there (reportlab repeats its header on the next page), else both move on.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable, Table

#: Body rows of a table that must follow its introduction on the same page.
ROWS_WITH_INTRO = 3


class LeadIn(Flowable):
    """The paragraph ``intro`` and the ``table`` after it: split after at least ROWS_WITH_INTRO rows."""

    def __init__(self, intro: Flowable, table: Table, rows: int = ROWS_WITH_INTRO):
        super().__init__()
        self.intro, self.table, self.rows = intro, table, rows
        self._content = [intro, table]  # what the heading rules measure (deckgen.rulebook.keep)

    def _gap(self) -> float:
        return float(self.intro.getSpaceAfter() or 0) + float(self.table.getSpaceBefore() or 0)

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        _w, intro_h = self.intro.wrap(aw, ah)
        _w, table_h = self.table.wrap(aw, ah)
        self.width, self.height = aw, intro_h + self._gap() + table_h
        self._intro_h = intro_h
        return self.width, self.height

    def first_part(self, width: float) -> float:
        """Room the introduction and the table's header and first rows need (pt)."""
        _w, intro_h = self.intro.wrap(width, 10_000)
        self.table.wrap(width, 10_000)
        heads = int(getattr(self.table, "repeatRows", 0) or 0)
        rows = list(getattr(self.table, "_rowHeights", None) or [])
        return float(self.intro.getSpaceBefore() or 0) + intro_h + self._gap() + sum(rows[:heads + self.rows])

    def getSpaceBefore(self) -> float:
        return float(self.intro.getSpaceBefore() or 0)

    def getSpaceAfter(self) -> float:
        return float(self.table.getSpaceAfter() or 0)

    def split(self, aw: float, ah: float) -> list[Any]:
        if self.first_part(aw) - self.getSpaceBefore() > ah + 1e-6:
            return []  # not even the first rows fit: all of it moves to the next page
        _w, intro_h = self.intro.wrap(aw, ah)
        parts = self.table.split(aw, ah - intro_h - self._gap())
        if not parts:
            return []
        return [self.intro, *parts]

    def draw(self) -> None:
        _w, table_h = self.table.wrap(self.width, self.height)
        self.table.drawOn(self.canv, 0, 0)
        self.intro.drawOn(self.canv, 0, table_h + self._gap())
