"""A booklet's card pictures taken from the build's cache: a face its deck's build rendered and drew is placed
from that drawing, its SVG not rendered again.

The deck's build records each face's inputs and SVG digest (the cache's
``faces/`` entries, :func:`deckgen.render.decks.render_deck`) and its
drawing (``drawn/``, :func:`deckgen.render.vector.svg_to_pdf`).  Where
both hold for a card's front — the same inputs, the strings it read
unchanged — the booklet places a :class:`deckgen.render.vector.KnownSvg`
that is rendered only if the drawing turns out to be unusable.
"""

from __future__ import annotations

from typing import Callable

from deckgen.model import Card, Deck, Game
from deckgen.render.decks import Fingerprints, face_key
from deckgen.render.store import active_cache
from deckgen.render.vector import KnownSvg, is_drawn


def cached_front(prints: Fingerprints, game: Game, deck: Deck, lang: str, card: Card,
                 render: Callable[[], str]) -> KnownSvg | None:
    """The front of ``card`` as the active cache knows it (drawn, its inputs unchanged), or None."""
    store = active_cache()
    if store is None:
        return None
    entry = store.get("faces", face_key(prints, game, deck, lang, card, "front"))
    strings = game.strings.get(lang)
    current = dict(strings.strings) if strings else {}
    if not isinstance(entry, dict) or not isinstance(entry.get("strings"), dict) or \
            any(current.get(k) != v for k, v in entry["strings"].items()):
        return None
    digest = entry.get("svg")
    return KnownSvg(digest, render) if isinstance(digest, str) and is_drawn(digest, store) else None
