"""The order a preset export makes, summed up on one screen: decks, cards, products, files, decks left out.

``deckgen export --preset`` (and its ``--plan``) prints it after the
files; ``--json`` prints the same as one JSON object.  A shop's order is
never partial without saying so: a deck left out with ``--skip`` is listed
here with the reason, and a deck no product fits without ``--skip`` stops
the export before this is made (:mod:`deckgen.presets.run`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


@dataclass(frozen=True)
class OrderedDeck:
    """One deck in one language as the order carries it."""

    game: str
    deck: str  # the deck's label (id and variant)
    lang: str  # empty for a deck without words
    stem: str
    cards: int  # card kinds (after --cards)
    printed: int  # physical cards (the counts added up)
    product: str  # the shop's product id
    product_title: str
    size: str  # trim + bleed and image size, as the product gives them
    files: int  # files written for it (manifest included)


@dataclass(frozen=True)
class SkippedDeck:
    """A deck left out of the order, and why."""

    game: str
    deck: str
    size: str
    why: str


@dataclass
class OrderSummary:
    """What an export sends to the shop, for the screen (``lines``) and for ``--json`` (``as_json``)."""

    preset: str
    shop: str
    decks: list[OrderedDeck] = field(default_factory=list)
    skipped: list[SkippedDeck] = field(default_factory=list)
    files: int = 0
    written: bool = False  # False for --plan

    def lines(self) -> list[str]:
        """The summary as text: a heading, a line per deck, the decks left out, the totals."""
        verb = "order" if self.written else "planned order"
        out = [f"{verb} for {self.shop} (preset {self.preset}):"]
        width = max((len(f"{d.game}/{d.stem}") for d in self.decks), default=0)
        for d in self.decks:
            out.append(f"  {d.game + '/' + d.stem:<{width}}  {_n(d.printed, 'card'):>9} ({_n(d.cards, 'kind')})  "
                       f"{d.product_title} [{d.size}]  {_n(d.files, 'file')}")
        for s in self.skipped:
            out.append(f"  skipped {s.game}/{s.deck} ({s.size}): {s.why}")
        printed = sum(d.printed for d in self.decks)
        out.append(f"  {_n(len(self.decks), 'deck')}, {_n(printed, 'card')}, {_n(self.files, 'file')}; "
                   f"{_n(len(self.skipped), 'deck')} skipped")
        return out

    def as_json(self) -> dict[str, Any]:
        """The summary as a JSON-ready mapping."""
        return {"preset": self.preset, "shop": self.shop, "written": self.written, "files": self.files,
                "cards": sum(d.printed for d in self.decks), "decks": [asdict(d) for d in self.decks],
                "skipped": [asdict(s) for s in self.skipped]}
