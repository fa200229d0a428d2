"""The progress of a long command: its stages, what each counts, the time they took, and an estimate of the
whole job.

A command makes one :class:`Progress` (``deckgen.commands.common.progress_for``) and hands it to the work:
``progress.stage(label, total, unit)`` (or the older shape ``progress(label, total)``) announces a stage
and answers its ``tick(n=1, game=None, kind=None)``.  Each tick with a ``game`` charges that game with the
time since the last such tick (and one with a ``kind`` — of file, of check — that kind, with the time since
the last such tick within its stage), so the closing :class:`Summary` says where the time went per stage,
per game and per kind.

What is shown is a renderer's job: :class:`LiveView` draws one live view on a terminal (rich: a bar per
stage saying what it counts, and a line for the whole job with its elapsed time and an estimate);
:class:`PlainLines` writes one line as each stage starts (and one every half minute in a long stage)
when stderr is not a terminal; nothing is shown with ``--quiet``.

The whole job's estimate: the longest time left among the running stages (each at its own rate so
far), plus what the last run of the same job spent after the stages announced so far had ended
(:meth:`Progress.expect`, from :meth:`Progress.record`), when there was one.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import IO, Any, Callable, Protocol

#: What a stage announced in the older shape ``progress(label, total)`` counts.
UNITS = {"rendering": "decks", "drawing": "faces", "files": "files", "builds": "builds", "print runs": "files"}


def counted(n: int, unit: str) -> str:
    """``1 face``, ``2 faces``: a count with its unit (given in the plural)."""
    return f"{n} {unit[:-1]}" if n == 1 and unit.endswith("s") else f"{n} {unit}"


def duration(seconds: float) -> str:
    """``0:07``, ``3:05``, ``1:02:05``: a duration as a clock shows it."""
    whole = max(0, int(round(seconds)))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class Renderer(Protocol):
    """What a way of showing progress is told."""

    def started(self, job: "Progress", stage: "Stage") -> None: ...

    def ticked(self, job: "Progress", stage: "Stage") -> None: ...

    def finished(self, job: "Progress", stage: "Stage") -> None: ...

    def close(self, job: "Progress") -> None: ...


@dataclass
class Stage:
    """One stage of a job: ``total`` things of ``unit`` to do; ``done`` so far."""

    label: str
    unit: str
    total: int
    job: "Progress"
    started: float = 0.0
    last: float = 0.0  # the time of the last tick
    done: int = 0
    ended: float | None = None

    def __call__(self, n: int = 1, game: str | None = None, kind: str | None = None) -> None:
        self.tick(n, game, kind)

    def tick(self, n: int = 1, game: str | None = None, kind: str | None = None) -> None:
        """``n`` more done; ``game``: the game they were done for, ``kind``: what kind of thing (a file's
        output kind): each is charged with the time since the last tick that named a game (a kind)."""
        self.job._ticked(self, n, game, kind)

    @property
    def seconds(self) -> float:
        """From the stage's start to its end (or to its last tick while it runs)."""
        end = self.ended if self.ended is not None else self.last
        return max(0.0, end - self.started)

    def left(self) -> float | None:
        """Seconds this stage still needs at its rate so far (a stall slows it down); None before its first
        tick."""
        if self.ended is not None or self.done >= self.total:
            return 0.0
        if self.done <= 0:
            return None
        return (self.job.clock() - self.started) / self.done * (self.total - self.done)


@dataclass
class Summary:
    """Where a job's time went: per stage, per game and per kind (of file, of check)."""

    seconds: float
    stages: list[dict[str, Any]] = field(default_factory=list)
    games: dict[str, float] = field(default_factory=dict)
    kinds: dict[str, float] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"seconds": round(self.seconds, 2), "stages": self.stages,
                "games": {g: round(s, 2) for g, s in self.games.items()},
                "kinds": {k: round(s, 2) for k, s in self.kinds.items()}}

    def lines(self) -> list[str]:
        """The summary in words: the whole, then a line each for the stages, the games and the kinds."""
        out = [f"time: {self.seconds:.1f} s in all"]
        if self.stages:
            out.append("  by stage: " + ", ".join(
                f"{s['stage']} {s['seconds']:.1f} s ({counted(s['done'], s['unit'])})" for s in self.stages))
        if self.games:
            out.append("  by game: " + ", ".join(f"{g} {s:.1f} s" for g, s in self.games.items()))
        if self.kinds:
            out.append("  by kind: " + ", ".join(f"{k} {s:.1f} s" for k, s in self.kinds.items()))
        return out


class Progress:
    """One job's stages and timings, shown by ``renderer`` (none: only recorded)."""

    def __init__(self, renderer: Renderer | None = None, clock: Callable[[], float] = time.perf_counter):
        self.renderer = renderer
        self.clock = clock
        self.start = clock()
        self.stages: list[Stage] = []
        self.games: dict[str, float] = {}
        self.kinds: dict[str, float] = {}
        self._game_mark = self._kind_mark = self.start
        self._expected: dict[str, Any] = {}
        self._expected_from = 0  # the first stage of the part of the job the expectation is about
        self._part_start = self.start
        self.closed = False

    # ------------------------------------------------------------ announcing and ticking

    def stage(self, label: str, total: int, unit: str | None = None) -> Stage:
        """Announce a stage of ``total`` things (``unit``: what they are, e.g. faces) and answer its tick."""
        now = self.clock()
        stage = Stage(label, unit or UNITS.get(label, "items"), max(0, int(total)), self, now, now)
        self.stages.append(stage)
        if self.renderer is not None:
            self.renderer.started(self, stage)
        if stage.total == 0:
            self._finish(stage, now)
        return stage

    def __call__(self, label: str, total: int) -> Stage:
        """The older callback shape the build code uses: ``progress(label, total)`` -> ``tick(n)``."""
        return self.stage(label, total)

    def _ticked(self, stage: Stage, n: int, game: str | None, kind: str | None = None) -> None:
        now = self.clock()
        stage.done += n
        stage.last = now
        if game is not None:
            self.games[game] = self.games.get(game, 0.0) + (now - self._game_mark)
            self._game_mark = now
        if kind is not None:
            self.kinds[kind] = self.kinds.get(kind, 0.0) + (now - max(self._kind_mark, stage.started))
            self._kind_mark = now
        if self.renderer is not None and stage.ended is None:
            self.renderer.ticked(self, stage)
        if stage.ended is None and stage.done >= stage.total:
            self._finish(stage, now)

    def _finish(self, stage: Stage, now: float) -> None:
        stage.ended = now
        stage.last = now
        if self.renderer is not None:
            self.renderer.finished(self, stage)

    # ------------------------------------------------------------ time

    @property
    def elapsed(self) -> float:
        return self.clock() - self.start

    def estimate(self) -> float | None:
        """Seconds the whole job still needs, as far as can be told (None before anything can be told)."""
        running = [s for s in self.stages if s.ended is None]
        lefts = [s.left() for s in running]
        known = [x for x in lefts if x is not None]
        if running and not known and not self._expected:
            return None
        now_left = max(known, default=0.0)
        after = 0.0
        ends = self._expected.get("ends", {})
        total = self._expected.get("seconds")
        if total is not None:
            part = self.stages[self._expected_from:]
            announced = [ends[s.label] for s in part if s.label in ends]
            after = max(0.0, float(total) - max(announced, default=0.0))
            if running and not known:  # a running stage with no pace yet: last time's end of it
                into = self.clock() - self._part_start
                now_left = max(0.0, max(ends.get(s.label, 0.0) for s in running) - into)
        return now_left + after

    def expect(self, record: dict[str, Any] | None) -> None:
        """What the last run of the part of the job starting now took (:meth:`record`), for the estimate of
        the stages still to come (a kit's job is several builds: each part remembered on its own)."""
        self._expected_from, self._part_start = len(self.stages), self.clock()
        if isinstance(record, dict) and isinstance(record.get("ends"), dict):
            self._expected = record

    def record(self) -> dict[str, Any]:
        """The timings of the part of the job since :meth:`expect` (all of it, without one), to remember for
        the next run's estimate: its seconds and when each of its stages ended."""
        ends: dict[str, float] = {}
        for s in self.stages[self._expected_from:]:
            ends[s.label] = round(max(ends.get(s.label, 0.0), (s.ended or s.last) - self._part_start), 3)
        return {"seconds": round(self.clock() - self._part_start, 3), "ends": ends}

    # ------------------------------------------------------------ the end

    def summary(self) -> Summary:
        """Where the time went: every stage (its count and seconds) and every game's share."""
        stages = [{"stage": s.label, "unit": s.unit, "done": s.done, "total": s.total,
                   "seconds": round(s.seconds, 2)} for s in self.stages]
        return Summary(self.elapsed, stages, dict(self.games), dict(self.kinds))

    def close(self) -> None:
        """End every stage still open (their last tick is their end) and let the renderer finish."""
        if self.closed:
            return
        self.closed = True
        for stage in self.stages:
            if stage.ended is None:
                stage.ended = stage.last
        if self.renderer is not None:
            self.renderer.close(self)

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class PlainLines:
    """One line as each stage starts (``drawing: 1104 faces…``) and, every ``every`` seconds, one for each
    stage still running (``drawing: 412/1104 faces, 2:10 elapsed, about 3:05 left in all…``), on ``stream``:
    for a log or a pipe, where a bar would be noise.  Every line ends with an ellipsis: what follows is the
    work's own output.  The half-minute lines come from a thread of their own (``beat``), so a stage that
    ticks seldom (a booklet) still shows the job is alive; ``every=0``: none."""

    def __init__(self, stream: IO[str], every: float = 30.0):
        self.stream = stream
        self.every = every
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _say(self, text: str) -> None:
        with self._lock:
            self.stream.write(text + "\n")
            self.stream.flush()

    def started(self, job: Progress, stage: Stage) -> None:
        if stage.total:
            self._say(f"{stage.label}: {counted(stage.total, stage.unit)}…")
        if self.every > 0 and self._thread is None:
            self._thread = threading.Thread(target=self._beating, args=(job,), name="deckgen-progress",
                                            daemon=True)
            self._thread.start()

    def _beating(self, job: Progress) -> None:
        while not self._stop.wait(self.every):
            self.beat(job)

    def beat(self, job: Progress) -> None:
        """A line for each stage still running: its count so far and the whole job's time."""
        for stage in [s for s in job.stages if s.ended is None and s.total]:
            self._say(f"{stage.label}: {stage.done}/{counted(stage.total, stage.unit)}, {_job_time(job)}…")

    def ticked(self, job: Progress, stage: Stage) -> None:
        pass

    def finished(self, job: Progress, stage: Stage) -> None:
        pass  # the closing summary says what each stage took

    def close(self, job: Progress) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None


def _job_time(job: Progress) -> str:
    left = job.estimate()
    told = f"{duration(job.elapsed)} elapsed"
    return told if left is None else f"{told}, about {duration(left)} left in all"


class LiveView:
    """The live view on a terminal (rich): a line for the whole job (elapsed, estimate) and a bar per stage
    with its count and unit."""

    def __init__(self, console=None):
        from rich.console import Console
        from rich.progress import Progress as Bars, TextColumn

        self.console = console if console is not None else Console(stderr=True)
        self.bars = Bars(TextColumn("{task.description:<10}"), *_columns(),
                         console=self.console, refresh_per_second=4, transient=False)
        self._tasks: dict[int, Any] = {}
        self._job_task: Any = None
        self._running = False

    def _ensure(self, job: Progress) -> None:
        if not self._running:
            self._job_task = self.bars.add_task("whole job", total=None, job=job, stage=None)
            self.bars.start()
            self._running = True

    def started(self, job: Progress, stage: Stage) -> None:
        self._ensure(job)
        self._tasks[id(stage)] = self.bars.add_task(stage.label, total=max(stage.total, 1), job=job, stage=stage)

    def ticked(self, job: Progress, stage: Stage) -> None:
        self.bars.update(self._tasks[id(stage)], completed=stage.done)

    def finished(self, job: Progress, stage: Stage) -> None:
        self.bars.update(self._tasks[id(stage)], completed=max(stage.total, 1))

    def close(self, job: Progress) -> None:
        if self._running:
            self.bars.refresh()
            self.bars.stop()
            self._running = False


def _columns() -> tuple:
    """The columns of the live view (made here: rich is imported only for a terminal)."""
    from rich.progress import BarColumn, ProgressColumn
    from rich.text import Text

    class Bar(BarColumn):
        """A stage's bar; the whole job's: elapsed against elapsed plus the estimate."""

        def render(self, task):
            from rich.progress_bar import ProgressBar

            job, stage = task.fields["job"], task.fields["stage"]
            if stage is None:
                left = job.estimate()
                done = job.elapsed
                return ProgressBar(total=None if left is None else done + left, completed=done,
                                   width=self.bar_width, pulse=left is None, animation_time=task.get_time())
            return super().render(task)

    class Count(ProgressColumn):
        """``412/1104 faces``; for the whole job, its stages."""

        def render(self, task):
            job, stage = task.fields["job"], task.fields["stage"]
            if stage is None:
                finished = sum(1 for s in job.stages if s.ended is not None)
                return Text(f"{finished}/{len(job.stages)} stages")
            return Text(f"{stage.done}/{stage.total} {stage.unit}")

    class Time(ProgressColumn):
        """Elapsed time, and the time left (the stage's at its rate, the whole job's estimate)."""

        def render(self, task):
            job, stage = task.fields["job"], task.fields["stage"]
            if stage is None:
                left = job.estimate()
                told = duration(job.elapsed)
                return Text(told if left is None else f"{told}, about {duration(left)} left", style="bold")
            if stage.ended is not None:
                return Text(f"{duration(stage.seconds)} done")
            left = stage.left()
            told = duration(job.clock() - stage.started)
            return Text(told if left is None else f"{told}, {duration(left)} left")

    return Bar(bar_width=24), Count(), Time()


def progress_for_stream(stream: IO[str], quiet: bool = False) -> Progress:
    """The progress of a command writing to ``stream`` (stderr): a live view on a terminal, plain lines
    elsewhere, nothing shown with ``quiet`` (the timings are kept all the same, for ``--json``)."""
    if quiet:
        return Progress()
    if stream.isatty():
        return Progress(LiveView())
    return Progress(PlainLines(stream))
