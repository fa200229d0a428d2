"""Rasterize card SVGs, in memory, in a process pool.

The renderer is the one :mod:`deckgen.render.face_route` picks for the face's
vector drawing: librsvg, in-process, for an SVG of the elements it draws as
cairosvg does (two to six times faster at 100 dpi, 1.1 to 2 times at 300 dpi
where compression takes much of the time: ``benchmarks/raster_route.py``; the
bundled faces match cairosvg's pixels within tests/pixelmatch.py's
threshold), cairosvg for the rest and
whenever librsvg is missing or ``DECKGEN_FACE_ROUTE=cairosvg`` is set.
cairo draws into an image surface; its pixels go to reportlab as a
Flate-compressed RGB stream (no PNG encode/decode round trip).  Each
result is a :class:`RasterImage` that a PDF writer can embed as is.

The SVG check bounds what a face may ask of cairo (deckgen.render.svgwalk);
should drawing still fail — cairo out of memory, a reference loop it was not
told of — the failure is a :class:`DrawingError` naming the face, never a
traceback or a broken process pool.
"""

from __future__ import annotations

import hashlib
import os
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Callable, TypeVar

from deckgen.errors import DeckgenError, Problem
from deckgen.interrupt import ignore_interrupt
from deckgen.render.store import RasterImage  # noqa: F401 (kept here too: where callers have found it)


#: Below this many images a pool costs more than it saves.
POOL_THRESHOLD = 6

#: One face for a worker: (svg, width px, height px, cache key, cache file or None to return the bytes).
RasterJob = tuple[str, int, int, str, str | None]

T = TypeVar("T")


class DrawingError(DeckgenError):
    """cairosvg could not draw a face; ``reason`` says why (it pickles: it crosses process pools)."""

    def __init__(self, reason: str):
        super().__init__(f"a face could not be drawn: {reason}")
        self.args, self.reason = (reason,), reason


def drawing(draw: Callable[[], T]) -> T:
    """``draw()``, with any failure of cairosvg or cairo turned into a DrawingError."""
    try:
        return draw()
    except MemoryError:
        raise DrawingError("out of memory while drawing it: make it simpler or its pictures smaller") from None
    except RecursionError:
        raise DrawingError("its elements refer to each other without end (or nest too deep to draw)") from None
    except Exception as exc:  # cairo.Error, defusedxml's refusals, Pillow's: all come from the face's content
        reason = str(exc).strip() or type(exc).__name__
        if "NO_MEMORY" in reason.upper():
            reason = "cairo ran out of memory (a picture or the face too large to draw)"
        raise DrawingError(f"cairo could not draw it: {reason[:200]}") from None


def drawing_problem(file: str | None, subject: str | None, exc: BaseException) -> Problem:
    """The located problem of a face that could not be drawn (``exc``: a DrawingError, or a worker that
    died)."""
    reason = exc.reason if isinstance(exc, DrawingError) else (
        "the drawing process stopped while drawing it (out of memory?): make it simpler or its pictures smaller")
    return Problem(file, None, None, None, f"{subject or 'a face'}: {reason}")


def configure_fontconfig(fonts_dir: Path, cache_dir: Path) -> None:
    """Let cairo see only the project's fonts (a stray <text> never uses system fonts).

    Card text is emitted as outlines, so this is a guard: it must run
    before cairo first touches fontconfig in this process.
    """
    cache_dir.mkdir(parents=True, exist_ok=True)
    conf = cache_dir / "fonts.conf"
    text = (
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        f"  <dir>{Path(fonts_dir).resolve()}</dir>\n"
        f"  <cachedir>{(cache_dir / 'fc-cache').resolve()}</cachedir>\n"
        "</fontconfig>\n"
    )
    if not conf.exists() or conf.read_text() != text:
        from deckgen.render.store import write_atomic_bytes

        write_atomic_bytes(conf, text.encode("utf-8"))
    os.environ["FONTCONFIG_FILE"] = str(conf.resolve())


def rasterize(svg: str, width_px: int, height_px: int, key: str | None = None) -> RasterImage:
    """Draw ``svg`` at exactly ``width_px`` x ``height_px`` on white; ``key`` names it (default: its SVG's hash).
    DrawingError when cairo cannot."""
    from deckgen.render.store import flate

    rgb = _librsvg_pixels(svg, width_px, height_px)
    if rgb is None:
        rgb = drawing(lambda: _cairosvg_pixels(svg, width_px, height_px))
    digest = key or hashlib.sha256(f"{width_px}x{height_px}".encode() + svg.encode("utf-8")).hexdigest()
    return RasterImage(width_px, height_px, flate(rgb), digest)


def _librsvg_pixels(svg: str, width_px: int, height_px: int) -> bytes | None:
    """The face's RGB pixels drawn by librsvg, or None where the route gives it to cairosvg (or librsvg
    refuses it)."""
    from deckgen.render import face_route, librsvg
    from deckgen.render.opacity_fold import fold_leaf_opacity

    if face_route.route(svg) != "librsvg":
        return None
    return librsvg.svg_to_rgb(fold_leaf_opacity(svg).encode("utf-8"), width_px, height_px)


def _cairosvg_pixels(svg: str, width_px: int, height_px: int) -> bytes:
    """The face's RGB pixels drawn by cairosvg."""
    import cairosvg.parser  # here, not at import: a build with nothing to draw never loads cairo
    import cairosvg.surface

    tree = cairosvg.parser.Tree(bytestring=svg.encode("utf-8"), unsafe=False)
    surface = cairosvg.surface.PNGSurface(
        tree, None, 96, output_width=width_px, output_height=height_px, background_color="white")
    cairo_surface = surface.cairo
    cairo_surface.flush()
    stride = cairo_surface.get_stride()
    data = cairo_surface.get_data()
    pixels = _bgra_to_rgb(data, width_px, height_px, stride)
    surface.finish()
    return pixels


def _bgra_to_rgb(data, width: int, height: int, stride: int) -> bytes:
    from PIL import Image  # Pillow comes with reportlab

    image = Image.frombuffer("RGBA", (width, height), data, "raw", "BGRA", stride, 1)
    return image.convert("RGB").tobytes()


def _load_renderer() -> None:
    """Load what this process's faces will most likely be drawn with: librsvg where the face route uses it
    (loading it takes milliseconds; cairo is imported only if a face then needs cairosvg), else cairosvg."""
    from deckgen.render import face_route, librsvg

    if face_route.librsvg_on():
        librsvg.available()
        return
    import cairosvg.parser  # noqa: F401 - loaded for the faces to come
    import cairosvg.surface  # noqa: F401


def raster_job(job: RasterJob) -> tuple[str, bytes | None]:
    """Worker: draw one face; write it to the cache file ``path`` (and return None) or return its bytes."""
    from deckgen.render.store import encode_raster, write_atomic_bytes

    svg, width, height, key, path = job
    image = rasterize(svg, width, height, key=key)
    data = encode_raster(image.width, image.height, image.flate_rgb)
    if path is None:
        return key, data
    write_atomic_bytes(Path(path), data)
    return key, None


#: Set in a worker process of the build (deckgen.outputs.jobs): its pools draw in it, never in processes of
#: their own (a pool forked from a pool's worker can hang on what the fork copied mid-use).
_DRAW_HERE = False


def draw_here() -> None:
    """Every drawing pool of this process draws in it (a worker process of the build calls this)."""
    global _DRAW_HERE
    _DRAW_HERE = True


class RasterPool:
    """One process pool for a whole build: faces are queued as soon as they are rendered.

    ``submit`` queues a face (once per key); ``wait(keys)`` blocks until those
    faces are in the store.  With one worker, or only a few faces, the work
    runs in this process.
    """

    def __init__(self, store, workers: int | None = None, progress: Callable[[int], None] | None = None):
        self.store = store
        self.workers = 1 if _DRAW_HERE else workers or os.cpu_count() or 1
        self.progress = progress
        self._pool: ProcessPoolExecutor | None = None
        self._pending: dict[str, Future[tuple[str, bytes | None]] | RasterJob] = {}  # key -> Future or a job to run here
        self._names: dict[str, tuple[str | None, str | None]] = {}  # key -> (template file, face) for messages
        self.drawn = 0

    def warm(self) -> None:
        """Start the workers now where they must import cairosvg (a quarter of a second each: a build calls
        this when it is about to render a face, so the import overlaps the rendering instead of delaying the
        first drawing).  Where librsvg draws, there is nothing to overlap: the pool starts with the
        :data:`POOL_THRESHOLD`-th face, and a build of fewer faces draws them in this process."""
        from deckgen.render.face_route import librsvg_on

        if self.workers > 1 and self._pool is None and not librsvg_on():
            self._start()

    def _start(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers, initializer=ignore_interrupt)
            for _ in range(self.workers):
                self._pool.submit(_load_renderer)
        return self._pool

    def submit(self, svg: str, width: int, height: int, key: str,
               name: tuple[str | None, str | None] | None = None) -> None:
        """Queue a face; ``name`` (template file, face) says which one when it cannot be drawn."""
        if key in self._pending or self.store.has_raster(key):
            return
        if name is not None:
            self._names[key] = name
        path = self.store.raster_path(key)
        job: RasterJob = (svg, width, height, key, str(path) if path is not None else None)
        if self._pool is not None:
            self._pending[key] = self._pool.submit(raster_job, job)
            return
        self._pending[key] = job
        if self.workers == 1:
            return
        # no pool yet: the few faces queued so far wait here (drawn here if waited for) until there are enough
        here = [(k, queued) for k, queued in self._pending.items() if not isinstance(queued, Future)]
        if len(here) >= POOL_THRESHOLD:
            pool = self._start()
            for waiting, queued in here:
                self._pending[waiting] = pool.submit(raster_job, queued)

    def raster(self, key: str, width: int, height: int):
        """The face ``key`` for a PDF writer: its pixels are waited for only when the writer reads them,
        so a deck's PDF is written while its later faces are still being drawn."""
        if key in self._pending:
            return PendingRaster(self, key, width, height)
        return self.store.stored_raster(key)

    def queued(self, key: str) -> bool:
        """Is the face ``key`` waiting to be drawn (or being drawn)?"""
        return key in self._pending

    def wait(self, keys) -> None:
        for key in keys:
            pending = self._pending.pop(key, None)
            if pending is None:
                continue
            try:
                key_done, data = pending.result() if isinstance(pending, Future) else raster_job(pending)
            except (DrawingError, BrokenProcessPool) as exc:
                raise DeckgenError(drawing_problem(*self._names.get(key, (None, None)), exc)) from None
            if data is not None:
                self.store.keep_raster(key_done, data)
            self.drawn += 1
            if self.progress:
                self.progress(1)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


class PendingRaster:
    """A face still being drawn: its size and digest at hand, its pixels waited for when first read."""

    def __init__(self, pool: RasterPool, key: str, width: int, height: int):
        self.pool, self.digest, self.width, self.height = pool, key, width, height

    def _stored(self):
        self.pool.wait([self.digest])
        return self.pool.store.stored_raster(self.digest)

    @property
    def flate_rgb(self) -> bytes:
        return self._stored().flate_rgb

    def rgb(self) -> bytes:
        return self._stored().rgb()

