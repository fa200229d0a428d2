"""The build: model -> faces (SVG) -> rasters -> sheet and single-card PDFs; documents -> vector PDFs.

Every requested deck and language is rendered to SVG, and every document
page and booklet too, before anything is written; if anything has a
problem (text that does not fit, a missing glyph, a template error)
nothing is written.  Faces are queued for rasterizing (one process pool
for the whole build) as soon as they are rendered; each deck's PDFs are
then composed and written atomically, one deck at a time, so memory holds
one deck's images, not the build's.

A build remembers (:mod:`deckgen.render.store`) what each face was made of
and each raster by its content: an unchanged card is neither rendered nor
drawn again, an unchanged output is not written again, and the same
inputs always give the same bytes.

The parts are modules of their own: what is asked for
(:mod:`deckgen.outputs.selection`), the faces (:mod:`deckgen.render.decks`),
each deck's files (:mod:`deckgen.outputs.deckfiles`), documents and booklets
(:mod:`deckgen.outputs.docfiles`), the files of plugin generators
(:mod:`deckgen.outputs.extra`); this module runs them in order.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

from deckgen.errors import DeckgenError, Problem, unique
from deckgen.layout.papers import PAPERS_MM
from deckgen.model import Deck, Game, Project
from deckgen.output import cache_folder, cache_folders, inside, sweep_stale, write_atomic
from deckgen.outputs.deckfiles import SLUG_FONT, instruction_page, output_paths, write_decks
from deckgen.outputs.docfiles import documents_and_booklets, render_documents, render_rulebooks
from deckgen.outputs.extra import render_extra
from deckgen.outputs.report import BuildReport
from deckgen.outputs.selection import (BuildOptions, check_options, check_selection, deck_languages, listed_deck,
                                      selected_decks, with_documents)
from deckgen.render.decks import (DeckTarget, Fingerprints, default_store, face_key, options_store, render_deck,
                                  render_targets)
from deckgen.render.store import Store, raster_key, renderer_id

#: What deckgen.build offered before its parts became modules of their own (deckgen.outputs, deckgen.render.decks).
__all__ = ["SLUG_FONT", "BuildOptions", "BuildReport", "DeckTarget", "Fingerprints", "build", "check_options",
           "check_selection", "deck_languages", "default_store", "face_key", "instruction_page", "listed_deck",
           "output_paths", "render_deck", "render_documents", "render_rulebooks", "render_targets",
           "selected_decks"]


def build(project: Project, game_ids: list[str], options: BuildOptions,
          progress: Callable[[str, int], Callable[[int], None]] | None = None,
          report: BuildReport | None = None) -> list[Path]:
    """Build the games; returns the files written.  Raises DeckgenError, writing nothing, on problems."""
    start = time.perf_counter()
    report = report if report is not None else BuildReport()
    check_options(project, game_ids, options)
    listed = listed_deck(project, game_ids, options) if options.deck_file is not None else None

    def decks(game: Game) -> list[Deck]:
        return [listed] if listed is not None else selected_decks(game, options.variant)

    store = options_store(options)
    prints = Fingerprints(project)
    renderer = renderer_id()
    ticker = progress("rendering", sum(
        1 for g in game_ids for d in decks(project.games[g])
        for _ in deck_languages(project, d, options.languages))) if progress else None
    from deckgen.render.raster import RasterPool, configure_fontconfig

    # before any drawing process starts: cairo in the workers sees only the project's fonts
    cache = cache_folder(options.out, options.cache, create=True)
    configure_fontconfig(project.fonts_dir, cache)
    sweep_stale([Path(options.out), *(Path(options.out) / g for g in game_ids),
                 *(cache_folders(cache) if options.use_cache else ())])
    pool = RasterPool(store, options.workers, None)
    try:
        targets, problems = [], []
        for gid in game_ids:
            game = project.games[gid]
            for deck in decks(game):
                for lang in deck_languages(project, deck, options.languages):
                    target = render_deck(project, game, deck, lang, store, prints, ink=options.ink,
                                         on_face=None if options.vector else _drawer(pool, deck, options, renderer),
                                         only=options.cards, on_render=None if options.vector else pool.warm)
                    targets.append(target)
                    problems += target.problems
                    if not any(not p.warning for p in target.problems):  # a refused face may never finish drawing
                        _queue(pool, store, target, options, renderer, project, prints)
                    if ticker:
                        ticker(1)
        problems += _plan_problems(project, targets, options)
        problems += _translation_problems(targets)
        if any(not p.warning for p in problems):  # the cards cannot be printed: say so now, not after the books
            raise DeckgenError([p for p in unique(problems) if not p.warning])
        documents: list[tuple[Path, Any]] = []
        if with_documents(options):
            documents, doc_problems = documents_and_booklets(project, game_ids, options, store, prints, report,
                                                              progress)
            problems += doc_problems
        errors = [p for p in unique(problems) if not p.warning]
        if errors:
            raise DeckgenError(errors)
        documents += render_extra(project, game_ids, options)  # the files of the project's plugin generators
        write_decks(project, targets, options, store, pool, renderer, report, progress)
        for path, _data in documents:
            inside(options.out, path)
        for path, data in documents:
            if data is None:
                report.unchanged.append(path)
                continue
            write_atomic(path, data)
            report.written.append(path)
            report.bytes += len(data)
    finally:
        pool.close()
    report.seconds = time.perf_counter() - start
    report.drawn = pool.drawn
    return list(report.written)


def _drawer(pool, deck: Deck, options: BuildOptions, renderer: str) -> Callable[[str, str, tuple[str, str]], None]:
    """Queue a face for drawing the moment it is rendered."""
    w, h = deck.size.pixels(options.dpi)

    def draw(svg_hash: str, svg: str, name: tuple[str, str] | None = None) -> None:
        pool.submit(svg, w, h, raster_key(svg_hash, w, h, renderer), name)

    return draw


def _queue(pool, store: Store, target: DeckTarget, options: BuildOptions, renderer: str, project, prints) -> None:
    """Queue every face of ``target`` whose raster is not in the store (rendering it if only its hash is known);
    in vector mode, make sure every face's SVG is at hand instead."""
    w, h = target.deck.size.pixels(options.dpi)
    for svg_hash in {*target.fronts.values(), *target.backs.values()}:  # a reprint's target holds its cards only
        key = raster_key(svg_hash, w, h, renderer)
        if not options.vector and (store.has_raster(key) or pool.queued(key)):
            continue  # drawn, or being drawn for another deck with the same face
        if svg_hash not in target.svgs:  # remembered face, raster gone (new dpi, cleaned cache): render again
            fresh = render_deck(project, target.game, target.deck, target.lang, store, prints, force=True,
                                ink=target.ink, only=options.cards)
            target.svgs.update(fresh.svgs)
            target.problems.extend(p for p in fresh.problems if p not in target.problems)
        svg = target.svgs.get(svg_hash)
        if svg is not None and not options.vector:
            pool.submit(svg, w, h, key)


def _translation_problems(targets: list[DeckTarget]) -> list[Problem]:
    """What ``deckgen check`` says of the built decks' words: build and check agree, used by a template or not."""
    from deckgen.checks.general import translation_problems

    problems = []
    for t in targets:
        problems += translation_problems(t.game, [t.deck], (t.lang,))
    return problems


def _plan_problems(project: Project, targets: list[DeckTarget], options: BuildOptions) -> list[Problem]:
    from deckgen.layout.geometry import LayoutError, plan_sheet
    from deckgen.layout.layouts import load_layout

    layout = load_layout(options.layout, project.root)
    paper_w, paper_h = PAPERS_MM[options.paper]
    problems = []
    for t in targets:
        try:
            plan_sheet(paper_w, paper_h, t.deck.size, layout)
        except LayoutError as exc:
            src = t.deck.source
            problems.append(Problem(src.file if src else None, src.line if src else None, None, "size", str(exc)))
    return problems


