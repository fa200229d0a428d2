"""The plan of a whole build and the rendering of its files, whichever generator makes them.

:func:`plan_build` asks every generator of the project what it writes
(``deckgen build --plan``); :func:`render_files` asks each to render every
file it planned (bytes, nothing written) and gathers every problem, so
the build writes all of them atomically, or nothing.  A plugin
generator's own bug is one located line naming its kind and its line.
"""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from deckgen.errors import DeckgenError, PluginError, Problem
from deckgen.output import PendingFiles, inside
from deckgen.outputs.plan import PlannedFile, Selection
from deckgen.outputs.builtin import BUILTIN
from deckgen.outputs.registry import registered_outputs
from deckgen.outputs.selection import BuildOptions, check_options

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.model import Project


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


def render_files(selection: Selection, generators: list, planned: list[list[PlannedFile]] | None = None,
                 keep: Callable[[Path, bytes], None] | None = None) -> list[tuple[Path, bytes | None]]:
    """(path, bytes) of every file the ``generators`` plan for ``selection``, in plan order (bytes None: on
    disk as it would be written); nothing written.  A DeckgenError with every problem of every file.

    The order they render in is not quite the plan's: generators marked ``after_drawing`` (made from the
    drawn rasters) render last, so the others' work overlaps the drawing; and files whose generators'
    ``batch(selection, planned)`` name the same batch (deckgen's deck kinds: the deck) render one after
    another, so what they share is let go before the next batch.  With ``keep``, each file's bytes are handed
    to ``keep(path, bytes)`` as soon as it is rendered and answered as ``b""``."""
    out = selection.options.out
    plans = planned if planned is not None else [_planned(g, selection) for g in generators]
    made: dict[tuple[int, int], list[tuple[Path, bytes | None]]] = {}
    problems: list[Problem] = []
    for n, k in _render_order(selection, generators, plans):
        made[(n, k)] = []
        try:
            for path, data in render_one(generators[n], selection, plans[n][k]):
                if keep is not None and data is not None:
                    keep(inside(out, path), data)
                    data = b""
                made[(n, k)].append((inside(out, path), data))
        except DeckgenError as exc:
            problems += [p for p in exc.problems if p not in problems]
    if problems:
        raise DeckgenError(problems)
    return [file for n, each in enumerate(plans) for k in range(len(each)) for file in made[(n, k)]]


def _render_order(selection: Selection, generators: list, plans: list[list[PlannedFile]]) -> list[tuple[int, int]]:
    """(generator, planned file) index pairs in the order to render them (see :func:`render_files`)."""
    jobs = [(n, k) for late in (False, True) for n, g in enumerate(generators)
            if bool(getattr(g, "after_drawing", False)) == late for k in range(len(plans[n]))]
    first: dict[object, int] = {}
    order: list[tuple[int, ...]] = []
    for i, (n, k) in enumerate(jobs):
        batch = getattr(generators[n], "batch", None)
        key = batch(selection, plans[n][k]) if batch is not None else None
        order.append((i,) if key is None else (first.setdefault(key, i), i))
    return [jobs[i] for i in sorted(range(len(jobs)), key=lambda i: order[i])]


def render_one(generator, selection: Selection, planned: PlannedFile) -> list[tuple[Path, bytes | None]]:
    """What ``generator`` renders for ``planned``, as (path, bytes) pairs (several for a file in parts)."""
    if generator in BUILTIN:
        made = generator.render(selection, planned)
    else:
        try:
            made = generator.render(selection, planned)
        except DeckgenError:
            raise
        except Exception as exc:
            raise _plugin_failure(generator, "render", exc) from None
    if isinstance(made, bytes):
        return [(planned.path, made)]
    if isinstance(made, list) and all(isinstance(m, tuple) and len(m) == 2 and isinstance(m[0], Path)
                                      and isinstance(m[1], (bytes, type(None))) for m in made):
        stray = [path for path, _ in made if Path(path).parent != Path(planned.path).parent]
        if stray:
            raise PluginError(Problem.at(f"render() of output kind {generator.kind!r} made {stray[0]}, not beside "
                                         f"the planned {planned.path}", field="plugins"))
        return made
    raise PluginError(Problem.at(f"render() of output kind {generator.kind!r} returned {type(made).__name__}, "
                                 f"not bytes or a list of (path, bytes)", field="plugins"))


def _planned(generator, selection: Selection) -> list[PlannedFile]:
    try:
        planned = list(generator.plan(selection))
    except DeckgenError:
        raise
    except Exception as exc:
        raise _plugin_failure(generator, "plan", exc) from None
    wrong = [p for p in planned if not isinstance(p, PlannedFile)]
    if wrong:
        raise PluginError(Problem.at(f"plan() of output kind {generator.kind!r} gave a {type(wrong[0]).__name__}, "
                                     f"not a PlannedFile", field="plugins"))
    return planned


def _plugin_failure(generator, step: str, exc: Exception) -> PluginError:
    """A plugin generator's own bug, named with the innermost line of its code."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/deckgen/" not in f.filename]
    where = f" ({Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    return PluginError(Problem.at(f"{step}() of output kind {generator.kind!r} failed: "
                                  f"{type(exc).__name__}: {exc}{where}", field="plugins"))
