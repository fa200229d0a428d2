"""deckgen's own output kinds, in the order a build writes them; each renders its files itself (the deck kinds
through :mod:`deckgen.outputs.deckfiles`, documents and booklets through :mod:`deckgen.outputs.docfiles`)."""

from __future__ import annotations

from deckgen.outputs.books import Booklets, Documents
from deckgen.outputs.deckkinds import CutFiles, DeckSheets, SingleCards, TuckBoxes

#: deckgen's own generators.
BUILTIN = (DeckSheets(), SingleCards(), CutFiles(), TuckBoxes(), Documents(), Booklets())
