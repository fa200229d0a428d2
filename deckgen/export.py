"""``deckgen export``: every card face as its own file, for people who edit or upload cards one by one.

``--format svg`` writes the faces as the templates render them (millimetre
SVG with the bleed, text as outlines); ``--format png`` draws them at
``--dpi`` (with the bleed).  Files are named ``DECK-LANG-CARD.svg`` —
``DECK-CARD.svg`` for a deck without words — and ``DECK-LANG-back.svg``
for the deck's back (``DECK-LANG-CARD-back.svg`` for a card with its own).
PNGs come from the build's raster cache, so an export after a build draws
nothing again.
"""

from __future__ import annotations

import io
from pathlib import Path

from deckgen.build import BuildOptions, Fingerprints, _store, deck_languages, render_deck, selected_decks
from deckgen.errors import DeckgenError
from deckgen.model import Project
from deckgen.output import write_atomic
from deckgen.render.store import raster_key, renderer_id

FORMATS = ("svg", "png")


def face_names(deck, lang: str, card_id: str | None, back: bool) -> str:
    """``DECK-LANG-CARD`` (``DECK-CARD`` for a deck without words); ``…-back`` for a back."""
    stem = f"{deck.label}-{lang}" if deck.localized else deck.label
    if card_id is None:
        return f"{stem}-back"
    return f"{stem}-{card_id}-back" if back else f"{stem}-{card_id}"


def export(project: Project, game_ids: list[str], fmt: str, options: BuildOptions) -> list[Path]:
    """Write every face of the games' decks; returns the files written."""
    if fmt not in FORMATS:
        raise DeckgenError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    store = _store(options)
    prints = Fingerprints(project)
    renderer = renderer_id()
    written: list[Path] = []
    jobs = []  # (path, svg hash, svg text, size)
    problems = []
    for gid in game_ids:
        game = project.games[gid]
        for deck in selected_decks(game, options.variant):
            for lang in deck_languages(project, deck, options.languages):
                target = render_deck(project, game, deck, lang, store, prints, force=True)
                problems += [p for p in target.problems if not p.warning]
                folder = Path(options.out) / gid
                shared_back = None
                for card in deck.cards:
                    if options.cards and card.id not in options.cards:
                        continue
                    jobs.append((folder / face_names(deck, lang, card.id, False), target.fronts[card.id], target, deck))
                    if card.back:
                        jobs.append((folder / face_names(deck, lang, card.id, True), target.backs[card.id], target,
                                     deck))
                    elif shared_back is None:
                        shared_back = target.backs[card.id]
                        jobs.append((folder / face_names(deck, lang, None, True), shared_back, target, deck))
    if problems:
        raise DeckgenError(problems)
    if fmt == "svg":
        for path, svg_hash, target, _deck in jobs:
            data = target.svgs[svg_hash].encode("utf-8")
            write_atomic(path.with_suffix(".svg"), data)
            written.append(path.with_suffix(".svg"))
        return written
    from PIL import Image

    from deckgen.render.raster import RasterPool

    pool = RasterPool(store, options.workers)
    try:
        keys = []
        for path, svg_hash, target, deck in jobs:
            w, h = deck.size.pixels(options.dpi)
            key = raster_key(svg_hash, w, h, renderer)
            pool.submit(target.svgs[svg_hash], w, h, key)
            keys.append(key)
        pool.wait(dict.fromkeys(keys))
        for (path, _svg_hash, _target, _deck), key in zip(jobs, keys):
            image = store.load_raster(key)
            buffer = io.BytesIO()
            Image.frombytes("RGB", (image.width, image.height), image.rgb()).save(
                buffer, "PNG", dpi=(options.dpi, options.dpi), compress_level=6)
            write_atomic(path.with_suffix(".png"), buffer.getvalue())
            written.append(path.with_suffix(".png"))
    finally:
        pool.close()
    return written
