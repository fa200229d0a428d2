"""``deckgen export``: every card face as its own file, or as a print shop wants it (``--preset``).

``--format svg`` writes the faces as the templates render them (millimetre
SVG with the bleed, text as outlines); ``--format png`` draws them at
``--dpi`` (with the bleed).  Files are named ``DECK-LANG-CARD.svg`` —
``DECK-CARD.svg`` for a deck without words — and ``DECK-LANG-back.svg``
for the deck's back (``DECK-LANG-CARD-back.svg`` for a card with its own).
PNGs come from the build's raster cache, so an export after a build draws
nothing again.

``--preset NAME`` (:mod:`deckgen.presets`) writes OUT/GAME/NAME/: the
faces re-rendered at the shop's trim, bleed and safe zone when they differ
from the deck's (the templates are drawn from ``geo``, so a design that
does not fit there is a located problem, never a stretched image), drawn
at the shop's pixel size, converted to CMYK with the preset's ICC profile
when it asks (:mod:`deckgen.colour`: total ink checked against its limit,
cards whose colours shift most named in warnings), and written by its
writer — a PNG per face with a CSV manifest, one PDF per deck, or a fronts
and a backs PDF — with PDF/X metadata and an output intent where asked
(:mod:`deckgen.presets.pdf`).  Nothing is written if anything has a problem.
"""

from __future__ import annotations

import io
from pathlib import Path

from deckgen.errors import DeckgenError
from deckgen.model import Project
from deckgen.output import write_atomic
from deckgen.outputs.faces import FORMATS, face_files, face_names  # noqa: F401 (face_names: found here too)
from deckgen.outputs.plan import Selection
from deckgen.outputs.selection import BuildOptions, deck_languages, selected_decks
from deckgen.presets.run import export_preset  # noqa: F401 (deckgen export --preset, found here too)
from deckgen.presets.target import PresetReport  # noqa: F401
from deckgen.render.decks import Fingerprints, options_store, render_deck
from deckgen.render.store import raster_key, renderer_id


def export(project: Project, game_ids: list[str], fmt: str, options: BuildOptions, progress=None) -> list[Path]:
    """Write every face of the games' decks; returns the files written.  ``progress``: a
    :class:`deckgen.progress.Progress`, told of each deck rendered, face drawn and file written."""
    if fmt not in FORMATS:
        raise DeckgenError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    store = options_store(options)
    prints = Fingerprints(project)
    renderer = renderer_id()
    written: list[Path] = []
    targets = {}
    problems = []
    decks = [(gid, deck, lang) for gid in game_ids for deck in selected_decks(project.games[gid], options.variant)
             for lang in deck_languages(project, deck, options.languages)]
    stage = progress.stage if progress is not None else _no_stage
    rendered = stage("rendering", len(decks), "decks")
    for gid, deck, lang in decks:
        target = render_deck(project, project.games[gid], deck, lang, store, prints, force=True)
        problems += [p for p in target.problems if not p.warning]
        targets[gid, id(deck), lang] = target
        rendered(1, game=gid)
    if problems:
        raise DeckgenError(problems)
    jobs = []  # (path without suffix, svg hash, target, deck): the files deckgen.outputs.faces plans
    for face in face_files(Selection(project, tuple(game_ids), options)):
        target = targets[face.game.id, id(face.deck), face.lang]
        assert face.card is not None, "every exported face names the card it belongs to"
        svg_hash = target.backs[face.card] if face.back else target.fronts[face.card]
        jobs.append((face.path, svg_hash, target, face.deck))
    if fmt == "svg":
        files = stage("files", len(jobs), "files")
        for path, svg_hash, target, _deck in jobs:
            data = target.svgs[svg_hash].encode("utf-8")
            write_atomic(path.with_suffix(".svg"), data)
            written.append(path.with_suffix(".svg"))
            files(1, game=target.game.id)
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
        pool.progress = stage("drawing", len(set(keys) & set(pool._pending)), "faces")
        pool.wait(dict.fromkeys(keys))
        files = stage("files", len(jobs), "files")
        for (path, _svg_hash, target, _deck), key in zip(jobs, keys):
            image = store.load_raster(key)
            buffer = io.BytesIO()
            Image.frombytes("RGB", (image.width, image.height), image.rgb()).save(
                buffer, "PNG", dpi=(options.dpi, options.dpi), compress_level=6)
            write_atomic(path.with_suffix(".png"), buffer.getvalue())
            written.append(path.with_suffix(".png"))
            files(1, game=target.game.id)
    finally:
        pool.close()
    return written


def _no_stage(label: str, total: int, unit: str):
    """No progress shown: a stage whose ticks do nothing."""
    return lambda n=1, game=None: None


# ------------------------------------------------------------------ --preset


