"""The plan of a whole build and the rendering of its files, whichever generator makes them.

:func:`plan_build` asks every generator of the project what it writes
(``deckgen build --plan``); :func:`render_files` asks each to render every
file it planned (bytes, nothing written) and gathers every problem, so
the build writes all of them atomically, or nothing.  A plugin
generator's own bug is one located line naming its kind and its line.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from deckgen.output import PendingFiles, inside
from deckgen.outputs.plan import PlannedFile, Selection
from deckgen.outputs.builtin import BUILTIN
from deckgen.outputs.registry import registered_outputs
from deckgen.outputs.rendering import _planned, _render_order, render_files, render_one
from deckgen.outputs.selection import BuildOptions, check_options

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.model import Project

#: Kept importable from here (deckgen.outputs.rendering renders the files).
__all__ = ["builtin_kind", "make_files", "output_generators", "plan_build", "plan_each", "render_files",
           "render_one"]


def output_generators(project: Project) -> list:
    """Every output kind of ``project``: deckgen's own, then installed packages', then its plugins'."""
    return [*BUILTIN, *registered_outputs(project)]


def plan_build(project: Project, game_ids: list[str], options: BuildOptions) -> list[PlannedFile]:
    """Every file a build of ``game_ids`` with ``options`` writes, in the order it writes them; nothing is
    rendered or written.  The same DeckgenError as the build for options it cannot build with."""
    check_options(project, game_ids, options)
    selection = Selection(project, tuple(game_ids), options)
    return [planned for each in plan_each(selection, output_generators(project)) for planned in each]


def plan_each(selection: Selection, generators: list) -> list[list[PlannedFile]]:
    """What each of ``generators`` plans for ``selection`` (every path under the output folder)."""
    found = [_planned(generator, selection) for generator in generators]
    for planned in (p for each in found for p in each):
        inside(selection.options.out, planned.path)
    return found


def make_files(selection: Selection, generators: list, planned: list[list[PlannedFile]] | None = None,
               workers: int | None = 1, faces_first: bool = False) -> list[tuple[Path, int | None]]:
    """Render every file the ``generators`` plan for ``selection`` and, once all rendered without a problem,
    put them all in place through the atomic writer (each goes to a temporary name as soon as it is rendered,
    so no file's bytes are held longer), with what the selection's build context says to do once they are in
    place; every (path, size) made, size None for a file on disk already (not written again).  With
    ``workers`` > 1 the files are made by that many processes at once, with None by as many as the machine
    has cores when that is worth it (:mod:`deckgen.outputs.jobs`); with ``faces_first`` (a build) every deck's
    faces are rendered, and their problems said, before any file when they are made in one process."""
    from deckgen.outputs.jobs import render_jobs

    pending = PendingFiles()
    sizes: dict[Path, int] = {}

    def keep(path: Path, data: bytes) -> None:
        pending.add(path, data)
        sizes[path] = len(data)

    try:
        if workers != 1:
            plans = planned if planned is not None else [_planned(g, selection) for g in generators]
            files = render_jobs(selection, generators, plans, keep, workers, faces_first)
        else:
            if faces_first:
                from deckgen.outputs.context import deck_targets

                deck_targets(selection)
            files = render_files(selection, generators, planned, keep)
    except BaseException:
        pending.discard()
        raise
    context = selection.memo.get("context")
    after = context.after if context is not None else []
    pending.commit([old for gone, _ in after for old in gone],
                   lambda: [context.then(then) for _, then in after] if context is not None else None)
    return [(path, None if data is None else sizes[path]) for path, data in files]


def builtin_kind(kind: str):
    """deckgen's own generator of ``kind``."""
    return next(g for g in BUILTIN if g.kind == kind)
