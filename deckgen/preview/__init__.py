"""Looking at the cards while designing them.

* :mod:`deckgen.preview.gallery` — ``deckgen preview``: a static HTML gallery (opens from disk) of
  every card, front, back and miscut, with the check results on the cards, documents and rulebook pages;
* :mod:`deckgen.preview.server` — ``deckgen serve``: the gallery on 127.0.0.1, rebuilt when a file of
  data/, templates/ or fonts/ changes, the open page updating itself;
* :mod:`deckgen.preview.showcase` — ``deckgen showcase``: a PNG of a fan of cards;
* :mod:`deckgen.preview.views`, :mod:`~deckgen.preview.placement`, :mod:`~deckgen.preview.images`,
  :mod:`~deckgen.preview.extras`, :mod:`~deckgen.preview.page` — the gallery's parts;
* :mod:`deckgen.preview.contact` — the old one-PNG contact sheet (``deckgen preview GAME CARD… -o FILE``).
"""

from deckgen.preview.contact import contact_sheet, write_png  # noqa: F401  (what `deckgen.preview` offered)
