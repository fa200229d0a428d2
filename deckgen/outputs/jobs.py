"""The whole build as one set of jobs on every core (``deckgen build --jobs N``, default: the cores).

Each deck in each language is a job (its faces rendered from the templates, drawn, and all its files
composed: sheets, single cards, cut files, tuck box), and so are each game's documents and each game's rule
booklets.  The build plans every file first; then :func:`render_jobs` forks ``N`` worker processes, which
inherit the loaded project, the plan and the template sandbox as they are (nothing is loaded twice, no
template crosses a pipe), and hands them the jobs longest first, so that the booklets, the longest, start at
once and the many small deck jobs even out the end.  Each file's bytes come back as soon as its job is done and
go straight to a temporary name (:class:`deckgen.output.PendingFiles`); only once every job is done without a
problem are they all put in place, as by :func:`deckgen.outputs.rendering.render_files` in one process.

What runs where: the main process plans, hands out jobs, writes the temporary files, keeps the progress bars
and the report, and makes the files of a project plugin's output kinds (plugins run where they always ran).
The workers render faces (in the same sandbox, under the same limits), draw them (cairo sees the project's
fonts: fontconfig is set up before the fork) and compose PDFs; a worker draws its own deck's rasters (with
``--raster``) instead of a drawing pool of its own.  A worker ignores Ctrl-C: the build stops them and
leaves only the files it had before; a worker that dies (out of memory) is a located problem, nothing
written.  Problems are said as the one-process build says them (every deck's face problems, and only those,
if any face cannot be printed; otherwise every file's, in the order the files render), and the files are the
same bytes.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Callable

from deckgen.errors import DeckgenError, Problem, unique
from deckgen.output import inside
from deckgen.outputs.plan import PlannedFile, Selection

#: Rough CPU seconds of the jobs, to hand out the longest first (measured on the bundled games, vector): a
#: deck's, per card; a document's, per language (its page is drawn once for all its papers); a booklet's
#: (reading order and imposed), per language and per kilobyte of its source.
COST_PER_CARD = 0.05
COST_PER_DOCUMENT = 3.0
COST_PER_BOOKLET = 1.0
COST_PER_RULES_KB = 0.3

#: Below this many estimated seconds of jobs a default build (no ``--jobs``) makes them in one process.
PARALLEL_FROM = 6.0

#: What a forked worker inherited from the build: the selection, its generators and their plans.
_STATE: dict[str, Any] = {}


@dataclass
class Job:
    """Files that are made together, in one process: a deck's, a game's documents', a game's booklets'."""

    label: str
    files: list[tuple[int, int]]  # (generator, planned file) indices, in the order they render
    deck: int | None = None  # the deck it renders first (its place among the selection's decks)
    game: str | None = None  # the game of documents and booklets (for the progress bar)
    cost: float = 0.0


@dataclass
class Done:
    """What a job made and found, handed back to the build."""

    files: list[tuple[tuple[int, int], list[tuple[Path, bytes | None]]]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: the deck's faces', size's and words' problems (a deck job)
    deck_problems: tuple[list[Problem], list[Problem], list[Problem]] | None = None
    report: dict[str, int] = field(default_factory=dict)  # what to add to the build's report
    rasters: set[str] = field(default_factory=set)  # the raster keys the job's files used (BuildReport.rasters)
    drawn: int = 0
    after: list = field(default_factory=list)  # entries for BuildContext.after
    seconds: float = 0.0


def render_jobs(selection: Selection, generators: list, plans: list[list[PlannedFile]],
                keep: Callable[[Path, bytes], None], workers: int | None, faces_first: bool = False
                ) -> list[tuple[Path, bytes | None]]:
    """What :func:`deckgen.outputs.rendering.render_files` answers (every planned file in plan order, each file's
    bytes handed to ``keep`` and answered as ``b""``), made by ``workers`` processes at once (None: the
    cores, when the jobs are worth a process each, see :func:`worker_count`, and the cards are placed as
    vector forms: rasters are drawn by the drawing pool of one process, which draws a face shared by several
    decks once); in this process when one is enough, every deck's faces rendered first with ``faces_first``."""
    from deckgen.outputs.rendering import render_files

    jobs, here = plan_jobs(selection, generators, plans)
    if workers is None and not selection.options.vector and any(job.deck is not None for job in jobs):
        workers = 1  # rasters: one drawing pool shares every face among the decks (a deck's variant, its backs)
    count = worker_count(jobs, workers)
    if count < 2:
        if faces_first:
            from deckgen.outputs.context import deck_targets

            deck_targets(selection)  # every face's problems said first, as a build in one process does
        return render_files(selection, generators, plans, keep)
    return _Run(selection, generators, plans, keep, jobs, here).run(count)


def worker_count(jobs: list[Job], workers: int | None) -> int:
    """How many worker processes make ``jobs``: ``workers`` (``--jobs``), but never more than there are jobs;
    by default as many as the machine has cores, unless all the jobs together are estimated to take less
    than :data:`PARALLEL_FROM` seconds (a small project: starting the processes would cost more)."""
    if workers is None:
        if sum(job.cost for job in jobs) < PARALLEL_FROM:
            return 1
        workers = cores()
    return max(1, min(workers, len(jobs)))


def cores() -> int:
    """The cores this process may run on (those a container or ``taskset`` leaves it, where the system says)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def plan_jobs(selection: Selection, generators: list, plans: list[list[PlannedFile]]
              ) -> tuple[list[Job], list[tuple[int, int]]]:
    """The jobs for worker processes, longest first, and the files this process makes itself (a plugin's)."""
    from deckgen.outputs.builtin import BUILTIN
    from deckgen.outputs.context import selection_decks
    from deckgen.outputs.deckfiles import deck_batch, deck_index
    from deckgen.outputs.rendering import _render_order

    out = Path(selection.options.out)
    decks = selection_decks(selection)
    jobs: dict[object, Job] = {("deck", i): Job(f"{game.id} {deck.id} [{lang}]", [], deck=i)
                               for i, (game, deck, lang) in enumerate(decks)}
    here: list[tuple[int, int]] = []
    for n, k in _render_order(selection, generators, plans):
        generator, planned = generators[n], plans[n][k]
        if generator not in BUILTIN:
            here.append((n, k))
            continue
        sheets = deck_batch(selection, planned)
        if sheets is not None:
            key: object = ("deck", deck_index(selection, sheets))
        else:
            game = Path(planned.path).relative_to(out).parts[0]
            key = (generator.kind, game)
            jobs.setdefault(key, Job(f"{generator.kind}s of {game}", [], game=game))
        jobs[key].files.append((n, k))
    for job in jobs.values():
        job.cost = _cost(selection, generators, job)
    return sorted(jobs.values(), key=lambda job: -job.cost), here


def _cost(selection: Selection, generators: list, job: Job) -> float:
    """The job's estimated CPU seconds (:data:`COST_PER_CARD` and the others)."""
    if job.deck is not None:
        from deckgen.outputs.context import selection_decks

        _, deck, _ = selection_decks(selection)[job.deck]
        return COST_PER_CARD * (1 + len(deck.cards)) * (2 if job.files else 1)
    if any(generators[n].kind == "document" for n, _ in job.files) or job.game is None:
        game = selection.project.games.get(job.game or "")
        languages = len(selection.options.languages or selection.project.languages)
        return COST_PER_DOCUMENT * (len(game.documents) * languages if game is not None else len(job.files))
    from deckgen.outputs.books import booklet_sources
    from deckgen.rulebook.files import source_path

    game = selection.project.games[job.game]
    return sum(COST_PER_BOOKLET + COST_PER_RULES_KB * source_path(game, lang).stat().st_size / 1000
               for gid, lang in booklet_sources(selection) if gid == job.game)


class _Run:
    """One run of the jobs: the worker processes, what came back, the progress bars."""

    def __init__(self, selection: Selection, generators: list, plans: list[list[PlannedFile]],
                 keep: Callable[[Path, bytes], None], jobs: list[Job], here: list[tuple[int, int]]):
        self.selection, self.generators, self.plans, self.keep = selection, generators, plans, keep
        self.jobs, self.here = jobs, here
        self.context = selection.memo.get("context")
        self.done: dict[int, Done] = {}
        self.bars: dict[str, Callable[[int], None]] = {}
        self.games_ticked: set[str] = set()
        self.failing = False  # a deck's faces have a problem: nothing will be written

    def run(self, workers: int) -> list[tuple[Path, bytes | None]]:
        _STATE.update(selection=self.selection, generators=self.generators, plans=self.plans)
        _load_drawing()
        gc.collect()
        gc.freeze()  # what the workers inherit stays shared: their collections do not touch (and copy) it
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"),
                                   initializer=_start_worker)
        try:
            self._collect(pool, workers)
        except BaseException:
            _stop(pool)
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
            _STATE.clear()
            gc.unfreeze()
        return self._answer(self._make_here())

    def _collect(self, pool: ProcessPoolExecutor, workers: int) -> None:
        """Hand out the jobs, longest first, one more than there are workers at a time (a worker never waits
        for its next job); once a deck's faces have a problem, the jobs left only render their decks' faces
        (every deck's problems are said, as in one process, without making files that will not be written)."""
        waiting = list(range(len(self.jobs)))
        running: dict[Future, int] = {}
        while waiting or running:
            while waiting and len(running) <= workers:
                i = waiting.pop(0)
                job = self.jobs[i]
                if self.failing and job.deck is None:
                    continue
                running[pool.submit(run_job, replace(job, files=[]) if self.failing else job)] = i
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                i = running.pop(future)
                job = self.jobs[i]
                try:
                    done = future.result()
                except BrokenProcessPool:  # which of the running jobs it was, the pool does not say
                    making = ", ".join(self.jobs[k].label for k in sorted({i, *running.values()}))
                    raise DeckgenError(Problem(None, None, None, "--jobs", f"a process of the build stopped "
                                               f"(out of memory?) while making {making}: try --jobs 1")) from None
                done.files = [(nk, self._kept(made)) for nk, made in done.files]
                self.done[i] = done
                self.failing = self.failing or any(not p.warning for each in done.deck_problems or () for p in each)
                self._account(job, done)

    def _make_here(self) -> Done:
        """The plugin kinds' files, made in this process once the workers are done (as they always were)."""
        from deckgen.outputs.rendering import render_one

        done = Done()
        if self.failing:
            return done
        for n, k in self.here:
            try:
                made = render_one(self.generators[n], self.selection, self.plans[n][k])
            except DeckgenError as exc:
                done.problems += [p for p in exc.problems if p not in done.problems]
                continue
            done.files.append(((n, k), self._kept(made)))
        return done

    def _kept(self, made: list[tuple[Path, bytes | None]]) -> list[tuple[Path, bytes | None]]:
        out = self.selection.options.out
        kept: list[tuple[Path, bytes | None]] = []
        for path, data in made:
            if data is not None:
                self.keep(inside(out, path), data)
                data = b""
            kept.append((inside(out, path), data))
        return kept

    def _account(self, job: Job, done: Done) -> None:
        """The job's report, records and progress, added to the build's."""
        context = self.context
        if context is None:
            return
        for name, value in done.report.items():
            setattr(context.report, name, getattr(context.report, name) + value)
        context.drawn_elsewhere += done.drawn
        context.report.rasters.update(done.rasters)
        context.after += done.after
        if context.progress is None:
            return
        if job.deck is not None:
            self._tick("rendering", sum(1 for j in self.jobs if j.deck is not None), 1)
            if done.drawn:
                self._tick("drawing", self._faces_estimate(), done.drawn)
        elif job.game is not None and job.game not in self.games_ticked:
            self.games_ticked.add(job.game)
            self._tick("documents", len(self.selection.game_ids), 1)

    def _tick(self, label: str, total: int, n: int) -> None:
        if label not in self.bars:
            assert self.context is not None and self.context.progress is not None
            tick = self.context.progress(label, total)
            count = [0]

            def bounded(k: int) -> None:  # an estimated total is never overrun
                k = min(k, total - count[0])
                if k > 0:
                    count[0] += k
                    tick(k)
            self.bars[label] = bounded
        self.bars[label](n)

    def _faces_estimate(self) -> int:
        from deckgen.outputs.decks import deck_plans

        return sum(len(d.one_deck) + 1 for d in deck_plans(self.selection))

    def _answer(self, here: Done) -> list[tuple[Path, bytes | None]]:
        """Every file in plan order, or a DeckgenError with the problems in the order one process says them."""
        from deckgen.outputs.rendering import _render_order

        deck_jobs = sorted((i for i, job in enumerate(self.jobs) if job.deck is not None),
                           key=lambda i: self.jobs[i].deck or 0)
        kinds: list[list[Problem]] = [[], [], []]
        for i in deck_jobs:
            for found, more in zip(kinds, self.done[i].deck_problems or ([], [], [])):
                found += more
        errors = [p for p in unique(p for each in kinds for p in each) if not p.warning]
        if errors:
            raise DeckgenError(errors)
        order = {nk: place for place, nk in enumerate(_render_order(self.selection, self.generators, self.plans))}
        first = {i: min((order[nk] for nk in job.files), default=len(order)) for i, job in enumerate(self.jobs)}
        problems: list[Problem] = []
        for i in sorted(self.done, key=lambda i: first[i]):
            problems += self.done[i].problems
        problems += here.problems
        if problems:
            raise DeckgenError(unique(problems))
        made = {nk: files for done in [*self.done.values(), here] for nk, files in done.files}
        return [file for n, each in enumerate(self.plans) for k in range(len(each)) for file in made[(n, k)]]


def _load_drawing() -> None:
    """Load the drawing and PDF libraries before the fork: every worker has them at once, shared, instead of
    each loading its own copy."""
    import deckgen.render.vector  # noqa: F401 - cairosvg and pikepdf
    import reportlab.pdfgen.canvas  # noqa: F401


def _start_worker() -> None:
    """A worker: Ctrl-C is the build's to answer; it draws its own rasters and shows no progress."""
    from deckgen.render.raster import RasterPool, draw_here

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    draw_here()
    context = _STATE["selection"].memo.get("context")
    if context is not None:
        context.pool = RasterPool(context.store, 1)
        context.progress = None


def run_job(job: Job) -> Done:
    """Worker: make the files of ``job`` (its deck rendered first, when it has one)."""
    from deckgen.outputs.context import deck_target, forget_target, target_problems
    from deckgen.outputs.rendering import render_one

    start = time.process_time()
    selection, generators, plans = _STATE["selection"], _STATE["generators"], _STATE["plans"]
    context = selection.memo.get("context")
    before = _counts(context.report) if context is not None else {}
    after_from = len(context.after) if context is not None else 0
    drawn_from = context.pool.drawn if context is not None else 0
    done = Done()
    try:
        if job.deck is not None:
            done.deck_problems = target_problems(selection, deck_target(selection, job.deck))
            if any(not p.warning for each in done.deck_problems for p in each):
                return done
        for n, k in job.files:
            try:
                made = render_one(generators[n], selection, plans[n][k])
            except DeckgenError as exc:
                done.problems += [p for p in exc.problems if p not in done.problems]
                continue
            done.files.append(((n, k), made))
    finally:
        if job.deck is not None:
            target = selection.memo.get("target_of", {}).get(job.deck)  # never rendered here just to be counted
            if context is not None and target is not None:  # faces rendered now and taken from the cache
                context.report.rendered += target.rendered
                context.report.remembered += target.remembered
            forget_target(selection, job.deck)
        _forget_documents(selection, job)
        if context is not None:
            done.report = {name: value - before[name] for name, value in _counts(context.report).items()
                           if value != before[name]}
            done.after = context.after[after_from:]
            del context.after[after_from:]
            done.drawn = context.pool.drawn - drawn_from
            done.rasters = set(context.report.rasters)
            context.report.rasters.clear()
        done.seconds = time.process_time() - start
        if done.seconds > LET_GO_AFTER:
            _let_go()
    return done


#: After a job of more CPU seconds than this a worker hands back what it no longer holds (see _let_go).
LET_GO_AFTER = 2.0


def _let_go() -> None:
    """A worker's memory after a large job: the faces it drew for it (a later job draws its own), the
    garbage it left, and the freed heap handed back to the system (glibc keeps it otherwise), so that the
    build's processes together stay small."""
    import sys

    drawn = getattr(sys.modules.get("deckgen.render.vector"), "_DRAWN", None)
    if isinstance(drawn, dict):
        drawn.clear()
    gc.collect()
    try:
        import ctypes

        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):  # not glibc
        pass


def _forget_documents(selection: Selection, job: Job) -> None:
    """Let go of the bytes of a game's documents or booklets once handed out (their problems stay known)."""
    made = selection.memo.get("game_documents", {})
    for key, (files, problems) in list(made.items()):
        if job.game is not None and key[0] == job.game:
            made[key] = ({path: None for path in files}, problems)


def _counts(report) -> dict[str, int]:
    return {f.name: getattr(report, f.name) for f in fields(report) if isinstance(getattr(report, f.name), int)}


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the workers this build started (Ctrl-C, or a failure): nothing they make is wanted any more."""
    for process in list(getattr(pool, "_processes", {}).values()):
        if process.is_alive():
            try:
                os.kill(process.pid, signal.SIGTERM)
            except OSError:
                pass
