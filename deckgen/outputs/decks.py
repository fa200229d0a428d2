"""Each deck of a selection as the sheets hold it, and the names of its files, worked out from the data alone
(the deck kinds, :mod:`deckgen.outputs.deckkinds`, plan with it; :mod:`deckgen.outputs.deckfiles` composes).

The page counts follow the deck composer: sheets hold
``per_sheet`` cards a page, with a backs page after each fronts page when
printed duplex (a gutter-fold layout puts the backs on the same page); the
single-card file has a page per card and then the shared back, or each
card's own back after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from deckgen.errors import DeckgenError, Problem
from deckgen.layout.papers import PAPERS_MM
from deckgen.model import Card, Deck, Game
from deckgen.outputs.plan import Selection
from deckgen.outputs.selection import BuildOptions, build_decks, deck_paths, deck_stem, picked_cards, sheet_cards

#: Decks with fewer physical cards get no tuck box (a reference or score card).
TUCKBOX_MIN_CARDS = 5


@dataclass(frozen=True)
class DeckPlan:
    """One deck in one language as the sheets hold it."""

    game: Game
    deck: Deck
    lang: str
    cards: list[Card]  # the physical cards printed on the sheets (chosen cards, copies)
    on_sheets: list[Card]  # the cards on the sheets (a single-card deck fills its sheet)
    one_deck: list[Card]  # the cards of one copy (the single-card file, the tuck box)
    per_sheet: int
    folded: bool

    @property
    def sheets(self) -> int:
        return max(1, -(-len(self.on_sheets) // self.per_sheet))


def deck_plans(selection: Selection) -> list[DeckPlan]:
    """Every deck of the selection that has cards to print, laid out on the paper (a located problem for each
    card size that does not fit); worked out once per selection (sheets, single cards, cut files and tuck boxes
    all ask)."""
    if "deck_plans" not in selection.memo:
        selection.memo["deck_plans"] = _deck_plans(selection)
    return selection.memo["deck_plans"]


def _deck_plans(selection: Selection) -> list[DeckPlan]:
    from deckgen.layout.geometry import LayoutError, plan_sheet
    from deckgen.layout.layouts import load_layout

    options = selection.options
    layout = load_layout(options.layout, selection.project.root)
    paper_w, paper_h = PAPERS_MM[options.paper]
    plans = []
    problems: list[Problem] = []
    for game, deck, lang in build_decks(selection.project, list(selection.game_ids), options):
        cards = picked_cards(deck, options)
        if not cards:
            continue
        try:
            plan = plan_sheet(paper_w, paper_h, deck.size, layout)
        except LayoutError as exc:
            src = deck.source
            found = Problem(src.file if src else None, src.line if src else None, None, "size", str(exc))
            problems += [found] if found not in problems else []
            continue
        plans.append(DeckPlan(game, deck, lang, cards, sheet_cards(deck, cards, plan.per_sheet, options),
                              picked_cards(deck, options, copies=1), plan.per_sheet, plan.fold is not None))
    if problems:  # every deck that does not fit, not only the first
        raise DeckgenError(problems)
    return plans


def card_paper(deck: Deck) -> str:
    """The page of a card-sized file: the card's size name, or its trim in mm."""
    size = deck.size
    return size.name if size.name != "custom" else f"{size.width:g}x{size.height:g}mm"


def split_kind(kind: str, options: BuildOptions) -> str:
    """The kind of a file that ``--max-file-mb`` may split into ``-partN`` files (only its size tells)."""
    return f"{kind} (as -partN files if over {options.max_file_mb:g} MB)" if options.max_file_mb else kind


def tuckbox_net(deck: Deck, cards: list[Card], options: BuildOptions):
    """The tuck box net of a deck whose one copy is ``cards`` — for a whole deck in full ink — or None (a
    reprint, low ink, a token deck, fewer than TUCKBOX_MIN_CARDS cards, or one no paper holds)."""
    from deckgen.layout.tuckbox import plan_tuckbox

    if options.cards or options.ink != "full" or len(cards) < TUCKBOX_MIN_CARDS or deck.size.round:
        return None
    try:
        return plan_tuckbox(deck.size.width, deck.size.height, len(cards), options.paper)
    except ValueError:
        return None


def tuckbox_path(game: Game, deck: Deck, lang: str, options: BuildOptions, net) -> Path:
    return Path(options.out) / game.id / f"{deck_stem(deck, lang)}-tuckbox-{net.paper}.pdf"


def cut_path(sheets_path: Path, n: int) -> Path:
    """The cut file of sheet ``n`` (from 1) of a sheets PDF: ``DECK-LANG-PAPER-cut-N.svg``."""
    return sheets_path.with_name(f"{sheets_path.stem}-cut-{n}.svg")


def deck_owners(selection: Selection) -> dict[Path, Path]:
    """{planned path of every deck file (sheets, single cards, cut files, tuck box): its deck's sheets path},
    worked out once per selection; the sheets path names the deck the composer makes all of them for."""
    if "deck_owners" not in selection.memo:
        options = selection.options
        owners: dict[Path, Path] = {}
        for d in deck_plans(selection):
            sheets, single = deck_paths(d.game, d.deck, d.lang, options)
            owners[sheets] = owners[single] = sheets
            if options.cut_file:
                owners.update({cut_path(sheets, n): sheets for n in range(1, d.sheets + 1)})
            net = tuckbox_net(d.deck, d.one_deck, options)
            if net is not None:
                owners[tuckbox_path(d.game, d.deck, d.lang, options, net)] = sheets
        selection.memo["deck_owners"] = owners
    return selection.memo["deck_owners"]
