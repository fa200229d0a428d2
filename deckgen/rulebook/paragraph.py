"""A reportlab Paragraph that breaks its lines afresh at every wrap.

reportlab keeps the words it split at the last wrap and glues them back together before the next;
gluing a head that ends with the word's own hyphen ("Jedi-" + "Ritter") drops that hyphen, so a
table cell measured twice printed "JediRit-ter".  This Paragraph starts every wrap from the words it
was made with, so a compound keeps its hyphen however often it is measured.
"""

from __future__ import annotations

from reportlab.platypus import Paragraph as _Paragraph


class Paragraph(_Paragraph):
    """reportlab's Paragraph, each wrap from its first words (see the module docstring)."""

    def wrap(self, availWidth, availHeight):
        first = self.__dict__.get("_deckgen_frags")
        if first is None:
            self._deckgen_frags = list(self.__dict__["frags"])
        else:
            self.__dict__["frags"] = list(first)
        return super().wrap(availWidth, availHeight)
