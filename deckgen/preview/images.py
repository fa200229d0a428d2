"""The gallery's pictures: a card face as a WebP file, its miscut view, a document page, a palette.

Every picture is named by the raster key of what it shows (the SVG's hash,
the pixel size and the renderer, :func:`deckgen.render.store.raster_key`),
so a picture that exists is up to date and an unchanged card costs nothing.
A face is drawn at most once: its raster goes to the build cache
(:class:`deckgen.render.store.Store`), where a later gallery, another
``--out`` or a build at the same size finds it.  Drawing and encoding run
in worker processes.
"""

from __future__ import annotations

import colorsys
import io
import os
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, cast

from PIL import Image, ImageDraw

from deckgen.interrupt import ignore_interrupt

#: mm the trim is moved in the miscut view.
MISCUT_MM = 1.0
#: mm corner radius of a cut card (what a 3 mm corner rounder gives).
CORNER_MM = 3.0
#: The four miscuts shown, as (label, dx, dy) in mm: where the cut lines moved to.
MISCUTS = (("left", -1, 0), ("right", 1, 0), ("up", 0, -1), ("down", 0, 1))
WEBP_QUALITY = 88
#: The miscut view is drawn at half the card pictures' resolution: its four cuts share one tile.
MISCUT_REDUCE = 2
#: Below this many jobs a pool costs more than it saves.
POOL_THRESHOLD = 6


@dataclass(frozen=True)
class FaceJob:
    """Draw (or load from the cache) one face and write its pictures.

    ``svg`` is None when the raster is in the cache at ``raster_path``.
    ``miscut`` is the path of the miscut picture (None: not wanted);
    ``bleed_mm``/``width_mm``/``height_mm`` give the card's trim inside the raster.
    """

    key: str
    svg: str | None
    width_px: int
    height_px: int
    raster_path: str | None
    picture: str
    miscut: str | None
    width_mm: float
    height_mm: float
    bleed_mm: float


def rgb_image(width: int, height: int, rgb: bytes) -> Image.Image:
    return Image.frombytes("RGB", (width, height), rgb)


def _face_image(job: FaceJob) -> tuple[Image.Image, bytes | None]:
    """The face's RGB image, and its encoded raster if it was drawn now (None if it came from the cache)."""
    from deckgen.render.raster import rasterize
    from deckgen.render.store import decode_raster, encode_raster, write_atomic_bytes

    if job.svg is None:
        from deckgen.render.raster import RasterImage

        assert job.raster_path is not None, "a face without an SVG comes from the cache"
        raster = decode_raster(Path(job.raster_path).read_bytes(), job.key, RasterImage)
        return rgb_image(raster.width, raster.height, raster.rgb()), None
    raster = rasterize(job.svg, job.width_px, job.height_px, key=job.key)
    data = encode_raster(raster.width, raster.height, raster.flate_rgb)
    if job.raster_path:
        write_atomic_bytes(Path(job.raster_path), data)
    return rgb_image(raster.width, raster.height, raster.rgb()), data


def save_webp(image: Image.Image, path: Path, quality: int = WEBP_QUALITY) -> None:
    from deckgen.render.store import write_atomic_bytes

    buffer = io.BytesIO()
    image.save(buffer, "WEBP", quality=quality, method=2)
    write_atomic_bytes(Path(path), buffer.getvalue())


def run_face_job(job: FaceJob) -> tuple[str, bytes | None]:
    """Worker: write the job's pictures; return (key, the encoded raster when there is no cache file for it)."""
    image, data = _face_image(job)
    save_webp(image, Path(job.picture))
    if job.miscut:
        save_webp(miscut_sheet(image, job.width_mm, job.height_mm, job.bleed_mm), Path(job.miscut))
    return job.key, data if job.raster_path is None else None


# ------------------------------------------------------------------ cut cards


@lru_cache(maxsize=16)
def rounded_mask(width: int, height: int, radius: float, scale: int = 3) -> Image.Image:
    """An antialiased mask of a rounded rectangle (one per card size: do not change it)."""
    big = Image.new("L", (width * scale, height * scale), 0)
    ImageDraw.Draw(big).rounded_rectangle([0, 0, width * scale - 1, height * scale - 1],
                                          radius=max(0.0, radius * scale), fill=255)
    return big.resize((width, height), Image.Resampling.LANCZOS)


def cut_card(image: Image.Image, width_mm: float, height_mm: float, bleed_mm: float, dx_mm: float = 0.0,
             dy_mm: float = 0.0, corner_mm: float = CORNER_MM) -> Image.Image:
    """The card as a cutter leaves it: the trim (moved by dx, dy mm) cropped out of the bleed image,
    with rounded corners, on transparency."""
    px_per_mm = image.width / (width_mm + 2 * bleed_mm)
    x0 = round((bleed_mm + dx_mm) * px_per_mm)
    y0 = round((bleed_mm + dy_mm) * px_per_mm)
    w, h = round(width_mm * px_per_mm), round(height_mm * px_per_mm)
    card = image.crop((x0, y0, x0 + w, y0 + h)).convert("RGBA")
    card.putalpha(rounded_mask(w, h, round(corner_mm * px_per_mm, 2)))
    return card


def miscut_sheet(image: Image.Image, width_mm: float, height_mm: float, bleed_mm: float,
                 shift_mm: float = MISCUT_MM, reduce: int = MISCUT_REDUCE) -> Image.Image:
    """Four cuts of the card, each with the trim moved ``shift_mm`` left, right, up and down, two by two
    (in the order of :data:`MISCUTS`), on transparency; at 1/``reduce`` of the image's resolution."""
    shift = min(shift_mm, bleed_mm)
    if reduce > 1:
        image = image.reduce(reduce)
    cuts = [cut_card(image, width_mm, height_mm, bleed_mm, dx * shift, dy * shift) for _, dx, dy in MISCUTS]
    w, h = cuts[0].size
    gap = max(2, round(w * 0.06))
    sheet = Image.new("RGBA", (2 * w + gap, 2 * h + gap), (0, 0, 0, 0))
    for i, cut in enumerate(cuts):
        row, col = divmod(i, 2)
        sheet.paste(cut, (col * (w + gap), row * (h + gap)))
    return sheet


# ------------------------------------------------------------------ palettes


@dataclass(frozen=True)
class Palette:
    """Colours of a game for the gallery and the showcase, read off its cards."""

    deep: str  # a dark ground
    accent: str  # a vivid colour, light enough to read on the page's dark ground
    glow: str  # a mid colour for gradients

    def css(self) -> str:
        return f"--deep:{self.deep};--accent:{self.accent};--glow:{self.glow}"


DEFAULT_PALETTE = Palette("#15171d", "#e8c572", "#2a2f3a")


def _hex(rgb) -> str:
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in rgb[:3])


def palette_of(images: list[Image.Image]) -> Palette:
    """The colours a game's cards are made of: the most common dark colour (the ground) and the most
    vivid one (the accent), lightened or darkened until each reads on the page."""
    if not images:
        return DEFAULT_PALETTE
    thumbs = [im.convert("RGB").resize((48, 66)) for im in images[:8]]
    strip = Image.new("RGB", (48 * len(thumbs), 66))
    for i, im in enumerate(thumbs):
        strip.paste(im, (48 * i, 0))
    quant = strip.quantize(colors=10, method=Image.Quantize.MEDIANCUT)
    pal, found = quant.getpalette(), quant.getcolors()
    assert pal is not None and found is not None, "a quantized image has a palette and at most 10 colours"
    counts = sorted(cast("list[tuple[int, int]]", found), reverse=True)  # (pixels, palette index)
    total = sum(n for n, _ in counts)
    colours = [(n / total, tuple(pal[3 * i:3 * i + 3])) for n, i in counts]
    hsv = [(share, rgb, colorsys.rgb_to_hsv(*(c / 255 for c in rgb))) for share, rgb in colours]
    # accent: saturated and bright, and not a speck
    accent = max((c for c in hsv if c[0] >= 0.015), key=lambda c: c[2][1] * (0.35 + c[2][2]) * (0.5 + c[0]),
                 default=hsv[0])
    h, s, v = accent[2]
    accent_rgb = colorsys.hsv_to_rgb(h, min(1.0, max(s, 0.45)), max(v, 0.86))
    # ground: the hue of the most common colour (or the accent's, for a light card), kept dark
    base = max(hsv, key=lambda c: c[0])
    bh, bs, bv = base[2] if base[2][1] > 0.12 else (h, s, v)
    deep = colorsys.hsv_to_rgb(bh, min(0.75, max(bs, 0.35)), 0.13)
    glow = colorsys.hsv_to_rgb(bh, min(0.8, max(bs, 0.45)), 0.32)
    return Palette(_hex([c * 255 for c in deep]), _hex([c * 255 for c in accent_rgb]),
                   _hex([c * 255 for c in glow]))


# ------------------------------------------------------------------ the pool


class PicturePool:
    """Runs face jobs in worker processes (in this one for a few) and collects what they hand back."""

    def __init__(self, store, workers: int | None = None):
        self.store = store
        self.workers = workers or os.cpu_count() or 1
        self._pool: ProcessPoolExecutor | None = None
        self._jobs: list[FaceJob] = []
        self._futures: list[Future] = []
        self.drawn = 0
        self.encoded = 0

    def submit(self, job: FaceJob) -> None:
        self._jobs.append(job)
        if job.svg is not None:
            self.drawn += 1
        self.encoded += 1

    def start(self) -> None:
        """Start the queued jobs (in workers when there are enough); :meth:`wait` collects them."""
        if self.workers > 1 and len(self._jobs) >= POOL_THRESHOLD:
            self._pool = ProcessPoolExecutor(max_workers=self.workers, initializer=ignore_interrupt)
            self._futures = [self._pool.submit(run_face_job, job) for job in self._jobs]
            self._jobs = []

    @property
    def queued(self) -> int:
        """How many jobs :meth:`wait` still collects."""
        return len(self._futures) + len(self._jobs)

    def wait(self, tick: Callable[[int], None] | None = None) -> None:
        """Collect every job (``tick(1)`` after each: the gallery's progress)."""
        results = []
        for future in self._futures:
            results.append(future.result())
            if tick is not None:
                tick(1)
        for job in self._jobs:
            results.append(run_face_job(job))
            if tick is not None:
                tick(1)
        self._jobs, self._futures = [], []
        for key, data in results:
            if data is not None:
                self.store.keep_raster(key, data)
        self.close()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None
