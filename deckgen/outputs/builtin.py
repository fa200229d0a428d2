"""deckgen's own output kinds, in the order a build writes them (their files are made by the build's deck and
document writers)."""

from __future__ import annotations

from deckgen.outputs.books import Booklets, Documents
from deckgen.outputs.decks import CutFiles, DeckSheets, SingleCards, TuckBoxes

#: deckgen's own generators.
BUILTIN = (DeckSheets(), SingleCards(), CutFiles(), TuckBoxes(), Documents(), Booklets())
