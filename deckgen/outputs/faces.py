"""``deckgen export``'s files: every card face as its own SVG or PNG (``DECK-LANG-CARD``, the deck's shared
back once as ``DECK-LANG-back``, a card's own back as ``DECK-LANG-CARD-back``), planned from the data alone."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from deckgen.model import Deck, Game
from deckgen.outputs.decks import card_paper
from deckgen.outputs.plan import PlannedFile, Selection
from deckgen.outputs.selection import deck_languages, deck_stem, selected_decks

FORMATS = ("svg", "png")


def face_names(deck: Deck, lang: str, card_id: str | None, back: bool) -> str:
    """``DECK-LANG-CARD`` (``DECK-CARD`` for a deck without words); ``…-back`` for a back."""
    stem = deck_stem(deck, lang)
    if card_id is None:
        return f"{stem}-back"
    return f"{stem}-{card_id}-back" if back else f"{stem}-{card_id}"


@dataclass(frozen=True)
class FaceFile:
    """One exported face: its path without the suffix, and which face it is (``card`` None: the deck's back)."""

    path: Path
    game: Game
    deck: Deck
    lang: str
    card: str | None
    back: bool


def face_files(selection: Selection) -> list[FaceFile]:
    """Every face ``deckgen export`` writes for the selection, in the order it writes them."""
    options, project = selection.options, selection.project
    files = []
    for gid in selection.game_ids:
        game = project.games[gid]
        folder = Path(options.out) / gid
        for deck in selected_decks(game, options.variant):
            for lang in deck_languages(project, deck, options.languages):
                shared_back = False
                for card in deck.cards:
                    if options.cards and card.id not in options.cards:
                        continue
                    files.append(FaceFile(folder / face_names(deck, lang, card.id, False), game, deck, lang,
                                          card.id, False))
                    if card.back:
                        files.append(FaceFile(folder / face_names(deck, lang, card.id, True), game, deck, lang,
                                              card.id, True))
                    elif not shared_back:
                        shared_back = True
                        files.append(FaceFile(folder / face_names(deck, lang, None, True), game, deck, lang,
                                              card.id, True))
    return files


class FaceExports:
    """Every face as its own file, in ``fmt`` (svg or png)."""

    kind = "face"

    def __init__(self, fmt: str = "png"):
        self.fmt = fmt

    def plan(self, selection: Selection) -> list[PlannedFile]:
        return [PlannedFile(f.path.with_suffix(f".{self.fmt}"), "back" if f.back else "face", card_paper(f.deck),
                            None, 1) for f in face_files(selection)]

    def render(self, selection: Selection, planned: PlannedFile) -> bytes:
        raise NotImplementedError("faces are written by deckgen.export, drawn in one process pool")
