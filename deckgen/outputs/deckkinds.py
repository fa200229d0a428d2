"""deckgen's own deck kinds: sheets, single-card files, cut files and tuck boxes.

Each plans its files from :func:`deckgen.outputs.decks.deck_plans` (the
data alone) and renders one by asking the deck composer
(:func:`deckgen.outputs.deckfiles.deck_files`), which makes all of a deck's
files at once, from its rasters loaded once.
"""

from __future__ import annotations

from deckgen.outputs.deckfiles import deck_batch, deck_files
from deckgen.outputs.decks import card_paper, cut_path, deck_plans, split_kind, tuckbox_net, tuckbox_path
from deckgen.outputs.plan import PlannedFile, Rendered, Selection
from deckgen.outputs.selection import deck_paths, instruction_pages


class _DeckFile:
    """What the four kinds of a deck's files share: composed from the deck's drawn rasters (so rendered after
    the other kinds), a deck's files rendered together, each made by the deck's one composition."""

    after_drawing = True  # composed from the drawn rasters: rendered after the other kinds
    batch = staticmethod(deck_batch)  # a deck's files rendered together

    def render(self, selection: Selection, planned: PlannedFile) -> Rendered:
        return deck_files(selection, planned.path)


class DeckSheets(_DeckFile):
    """Sheets of cards with crop marks, fronts and backs pages (``DECK-LANG-PAPER.pdf``)."""

    kind = "sheets"

    def plan(self, selection: Selection) -> list[PlannedFile]:
        options = selection.options
        found = []
        for d in deck_plans(selection):
            pages = d.sheets if d.folded or options.duplex == "none" else 2 * d.sheets
            split = options.max_file_mb is not None  # parts only the written size decides
            found.append(PlannedFile(deck_paths(d.game, d.deck, d.lang, options)[0], split_kind(self.kind, options),
                                     options.paper, "folded" if d.folded else options.duplex,
                                     None if split else pages + instruction_pages(options, d.folded)))
        return found


class SingleCards(_DeckFile):
    """One card a page with bleed, for print shops (``DECK-LANG-cards.pdf``)."""

    kind = "single cards"

    def plan(self, selection: Selection) -> list[PlannedFile]:
        options = selection.options
        found = []
        for d in deck_plans(selection):
            own_backs = any(c.back for c in d.one_deck)
            pages = None if own_backs or options.max_file_mb is not None else len(d.one_deck) + 1
            found.append(PlannedFile(deck_paths(d.game, d.deck, d.lang, options)[1], split_kind(self.kind, options),
                                     card_paper(d.deck), None, pages))
        return found


class CutFiles(_DeckFile):
    """With ``--cut-file``: an SVG of each sheet's cut lines for a cutting machine."""

    kind = "cut file"

    def plan(self, selection: Selection) -> list[PlannedFile]:
        options = selection.options
        if not options.cut_file:
            return []
        found = []
        for d in deck_plans(selection):
            sheets_path = deck_paths(d.game, d.deck, d.lang, options)[0]
            found += [PlannedFile(cut_path(sheets_path, n), self.kind,
                                  options.paper, None, 1) for n in range(1, d.sheets + 1)]
        return found


class TuckBoxes(_DeckFile):
    """A tuck box net for each whole deck (``DECK-LANG-tuckbox-PAPER.pdf``)."""

    kind = "tuck box"

    def plan(self, selection: Selection) -> list[PlannedFile]:
        options = selection.options
        found = []
        for d in deck_plans(selection):
            net = tuckbox_net(d.deck, d.one_deck, options)
            if net is not None:
                found.append(PlannedFile(tuckbox_path(d.game, d.deck, d.lang, options, net), self.kind, net.paper,
                                         "none", 1))
        return found
