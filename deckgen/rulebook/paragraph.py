"""A reportlab Paragraph that breaks its lines afresh at every wrap.

reportlab keeps the words it split at the last wrap and glues them back together before the next;
gluing a head that ends with the word's own hyphen ("Jedi-" + "Ritter") drops that hyphen, so a
table cell measured twice printed "JediRit-ter".  This Paragraph starts every wrap from the words it
was made with, so a compound keeps its hyphen however often it is measured.

A paragraph split over a page never leaves a hyphenated word at the foot of the page: the split
moves up a line until the page's last line is whole (de „aus-“ | „gibst“ over a page turn), or the
whole paragraph moves on when its widow and orphan rules leave no other place.

Its lines keep the rules of :mod:`deckgen.rulebook.line_rules`: no more than two hyphenated lines in a
row (the word that would end a third is not divided, and the paragraph breaks again), no divided
word's tail alone on a line, and no justified
line stretched beyond its word-space limit (set flush left instead).
"""

from __future__ import annotations

import copy

from reportlab.lib.enums import TA_JUSTIFY
from reportlab.platypus import Paragraph as _Paragraph

from deckgen.rulebook import hyphen_words, line_rules

hyphen_words.widen()

#: how often a paragraph breaks again to end a run of hyphenated lines (each time sparing more words)
REBREAKS = 6


class Paragraph(_Paragraph):
    """reportlab's Paragraph, each wrap from its first words (see the module docstring)."""

    def wrap(self, availWidth, availHeight):
        first = self.__dict__.get("_deckgen_frags")
        if first is None:
            self._deckgen_frags = list(self.__dict__["frags"])
        else:
            self.__dict__["frags"] = list(first)
        return super().wrap(availWidth, availHeight)

    def breakLines(self, width):
        frags = list(self.__dict__["frags"])
        bl_para = super().breakLines(width)
        hyphenator = getattr(self.style, "hyphenationLang", "")
        if callable(hyphenator):
            spared: set[str] = set()
            for _ in range(REBREAKS):
                over = line_rules.words_to_spare(bl_para.lines, lambda key: self._fits_whole(key, width)) - spared
                if not over:
                    break
                spared |= over
                bl_para = self._break_sparing(width, frags, hyphenator, spared)
        if self.style.alignment == TA_JUSTIFY:
            line_rules.loosen(bl_para)
        return bl_para

    def _fits_whole(self, key: str, width) -> bool:
        """Whether a word (its letters, :func:`line_rules.word_key`) fits a line undivided: a word wider than
        the column (a narrow table cell) must stay divisible, or reportlab cuts it without a hyphen."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        narrowest = min(width) if isinstance(width, (list, tuple)) else width
        return stringWidth(key.capitalize(), self.style.fontName, self.style.fontSize) * 1.08 <= narrowest

    def _break_sparing(self, width, frags, hyphenator, spared):
        """Break again from ``frags`` with a hyphenator that leaves the words of ``spared`` whole."""
        style = self.__dict__["style"]
        spared_style = copy.copy(style)
        spared_style.hyphenationLang = line_rules.sparing(hyphenator, spared)
        self.__dict__["frags"] = list(frags)
        self.__dict__["style"] = spared_style
        try:
            return super().breakLines(width)
        finally:
            self.__dict__["style"] = style

    def split(self, availWidth, availHeight):
        parts = super().split(availWidth, availHeight)
        leading = float(self.style.leading) or 1.0
        while len(parts) == 2 and ends_hyphenated(parts[0]) and availHeight > leading:
            availHeight -= leading
            parts = super().split(availWidth, availHeight)
        return parts


def ends_hyphenated(part) -> bool:
    """Whether the last line of a (split-off) paragraph ends with a hyphen: a divided word or a
    compound parted at its own hyphen."""
    lines = getattr(getattr(part, "blPara", None), "lines", None)
    if not lines:
        return False
    last = lines[-1]
    words = last[1] if isinstance(last, tuple) else getattr(last, "words", None)
    for word in reversed(words or []):  # a line of fragments may close with empty ones
        text = str(word if isinstance(word, str) else getattr(word, "text", "")).rstrip()
        if text:
            return text.endswith("-")
    return False
