"""Rendering every planned file of a selection in one process, whichever generator plans it: the order
they render in, one file's rendering, and a plugin generator's own bug as one located line
(:func:`deckgen.outputs.extra.make_files` writes them; :mod:`deckgen.outputs.jobs` spreads them over
processes)."""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Callable

from deckgen.errors import DeckgenError, PluginError, Problem
from deckgen.output import inside
from deckgen.outputs.builtin import BUILTIN
from deckgen.outputs.plan import PlannedFile, Selection


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
    progress = selection.memo.get("progress")
    tick = progress("files", sum(len(each) for each in plans)) if progress is not None else None
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
        if tick is not None:
            tick(1, game=game_of(out, plans[n][k].path), kind=str(getattr(generators[n], "kind", "file")))
    if problems:
        raise DeckgenError(problems)
    return [file for n, each in enumerate(plans) for k in range(len(each)) for file in made[(n, k)]]


def game_of(out: Path, path: Path) -> str | None:
    """The game a planned file belongs to (its first folder under the output folder), for the time summary."""
    try:
        parts = Path(path).relative_to(out).parts
    except ValueError:
        return None
    return parts[0] if len(parts) > 1 else None


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
    """What ``generator`` renders for ``planned``, as (path, bytes) pairs (several for a file in parts); what it
    draws and computes deep down (vector faces, a booklet's odds) is kept in the selection's cache."""
    from deckgen.render.store import using_cache

    with using_cache(selection_cache(selection)):
        return _render_one(generator, selection, planned)


def selection_cache(selection: Selection):
    """The cache the selection reads and fills: its build context's, else the one its options name (an empty
    one with ``--no-cache``), made once."""
    context = selection.memo.get("context")
    if context is not None:
        return context.store
    if "cache" not in selection.memo:
        from deckgen.render.decks import options_store

        selection.memo["cache"] = options_store(selection.options)
    return selection.memo["cache"]


def _render_one(generator, selection: Selection, planned: PlannedFile) -> list[tuple[Path, bytes | None]]:
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
