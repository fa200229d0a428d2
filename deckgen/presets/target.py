"""A deck as a preset prints it, and what a preset export did."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from deckgen.errors import Problem
from deckgen.model import Card, Deck
from deckgen.presets import ShopSize
from deckgen.presets.order import OrderSummary
from deckgen.render.decks import DeckTarget
from deckgen.render.store import raster_key


@dataclass
class PresetReport:
    """What a preset export did: files written, warnings, and each deck's darkest face (CMYK presets)."""

    folder: list[Path] = field(default_factory=list)  # OUT/GAME/PRESET per game
    written: list[Path] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    darkest: dict[str, tuple[str, float]] = field(default_factory=dict)  # DECK-LANG -> (face, max ink %)
    summary: OrderSummary | None = None  # the order sent: decks, cards, products, files, decks left out


@dataclass
class PresetDeck:
    """One deck in one language as a preset prints it."""

    gid: str
    deck: Deck  # the deck as its game defines it
    shop: ShopSize
    target: DeckTarget  # rendered at the shop's size
    cards: list[Card]  # the cards asked for (--cards)

    @property
    def lang(self) -> str:
        return self.target.lang

    def key(self, svg_hash: str, renderer: str) -> str:
        return raster_key(svg_hash, *self.shop.pixels, renderer)
