"""The build: model -> faces (SVG) -> rasters -> sheet and single-card PDFs; documents -> vector PDFs.

Every requested deck and language is rendered to SVG, and every document
page and booklet too, before anything is written; if anything has a
problem (text that does not fit, a missing glyph, a template error)
nothing is written.  Faces are queued for rasterizing (one process pool
for the whole build) as soon as they are rendered; each deck's PDFs are
then composed one deck at a time, so memory holds one deck's images and
files, not the build's.

A build records what each run wrote (:mod:`deckgen.outputs.record`) and removes the files of
its own earlier run of the same selection that it no longer writes.

A build remembers (:mod:`deckgen.render.store`) what each face was made of
and each raster by its content: an unchanged card is neither rendered nor
drawn again, an unchanged output is not written again, and the same
inputs always give the same bytes.

With more than one worker (``--jobs``, default: the cores) the whole build is one set of jobs
(:mod:`deckgen.outputs.jobs`): each deck (rendered, drawn and composed), each game's documents and each
game's booklets is made by one of the worker processes, longest first, all cores busy from the start.

Every file is made by its output generator (:mod:`deckgen.outputs`):
the build plans every generator of the project (deckgen's own kinds, then
installed packages', then the project's plugins'), renders every planned
file to bytes (each kept under a temporary name as soon as it is made)
and puts them all in place through the one atomic writer
(:class:`deckgen.output.PendingFiles`) only once every file rendered
without a problem.  Work several files share (the faces, each deck's composed files,
each game's documents) is done once in the selection's memo
(:mod:`deckgen.outputs.context`).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

from deckgen.model import Project
from deckgen.output import cache_folders, sweep_stale
from deckgen.outputs.context import new_context
from deckgen.outputs.deckfiles import SLUG_FONT, instruction_page, output_paths
from deckgen.outputs.docfiles import render_documents, render_rulebooks
from deckgen.outputs.extra import make_files, output_generators, plan_each
from deckgen.outputs.plan import Selection
from deckgen.outputs.record import keep_records, stale_files
from deckgen.outputs.report import BuildReport
from deckgen.outputs.selection import (BuildOptions, check_options, check_selection, deck_languages, listed_deck,
                                      selected_decks)
from deckgen.progress import Progress as Job
from deckgen.render.cachelimit import prune_after_build
from deckgen.render.decks import DeckTarget, Fingerprints, default_store, face_key, render_deck, render_targets
from deckgen.render.store import hash_text

#: What deckgen.build offered before its parts became modules of their own (deckgen.outputs, deckgen.render.decks).
__all__ = ["SLUG_FONT", "BuildOptions", "BuildReport", "DeckTarget", "Fingerprints", "build", "check_options",
           "check_selection", "deck_languages", "default_store", "face_key", "instruction_page", "listed_deck",
           "output_paths", "render_deck", "render_documents", "render_rulebooks", "render_targets",
           "selected_decks"]


def build(project: Project, game_ids: list[str], options: BuildOptions,
          progress: Callable[[str, int], Callable[[int], None]] | None = None,
          report: BuildReport | None = None) -> list[Path]:
    """Build the games; returns the files written.  Raises DeckgenError, writing nothing, on problems."""
    start, started = time.perf_counter(), time.time()
    report = report if report is not None else BuildReport()
    check_options(project, game_ids, options)
    selection = Selection(project, tuple(game_ids), options)
    generators = output_generators(project)
    planned = plan_each(selection, generators)
    context = new_context(project, options, progress, report, remember=True)
    selection.memo["context"] = context
    selection.memo["progress"] = progress
    timing_key = hash_text("timings", game_ids, options.languages, options.vector, options.booklets, options.cards)
    if isinstance(progress, Job):  # the last run's timings, for the whole job's estimate
        progress.expect(context.store.get("builds", timing_key))
    sweep_stale([Path(options.out), *(Path(options.out) / g for g in game_ids),
                 *(cache_folders(context.store.folder) if context.store.folder is not None else ())])
    try:  # in one process every face is rendered and queued, its problems said, before anything is composed
        files = make_files(selection, generators, planned, options.workers, faces_first=True)
    finally:
        context.close()
    made = [path for path, _ in files]
    for old in stale_files(context.store, project, game_ids, options, made):  # an earlier run's, not written now
        old.unlink(missing_ok=True)
        report.removed.append(old)
    keep_records(context.store, project, game_ids, options, made)
    prune_after_build(context.store, project, started)  # the cache back to its limit, oldest-used first
    report.unchanged += [path for path, size in files if size is None]
    report.written += [path for path, size in files if size is not None]
    report.bytes += sum(size for _, size in files if size is not None)
    targets = selection.memo.get("targets")  # the decks rendered in this process (workers add theirs to the report)
    here = targets if isinstance(targets, list) else []
    report.vector = options.vector
    report.rendered += sum(t.rendered for t in here)
    report.remembered += sum(t.remembered for t in here)
    report.drawn = context.drawn
    report.reused = max(0, len(report.rasters) - report.drawn)  # of the faces the decks use, those not drawn now
    if isinstance(progress, Job):
        context.store.put("builds", timing_key, progress.record())
    report.seconds = time.perf_counter() - start
    return list(report.written)

