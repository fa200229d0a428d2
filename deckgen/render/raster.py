"""Rasterize card SVGs with cairosvg, in memory, in a process pool.

cairo draws into an image surface; its pixels go to reportlab as a
Flate-compressed RGB stream (no PNG encode/decode round trip).  Each
result is a :class:`RasterImage` that a PDF writer can embed as is.
"""

from __future__ import annotations

import hashlib
import os
import zlib
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import cairosvg.parser
import cairosvg.surface

#: Below this many images a pool costs more than it saves.
POOL_THRESHOLD = 6


@dataclass(frozen=True)
class RasterImage:
    """An opaque RGB image, 8 bits per channel, Flate-compressed rows."""

    width: int
    height: int
    flate_rgb: bytes
    digest: str

    def rgb(self) -> bytes:
        """Uncompressed RGB bytes (for tests and PNG export)."""
        return zlib.decompress(self.flate_rgb)


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
        conf.write_text(text)
    os.environ["FONTCONFIG_FILE"] = str(conf.resolve())


def rasterize(svg: str, width_px: int, height_px: int, level: int = 6) -> RasterImage:
    """Draw ``svg`` at exactly ``width_px`` x ``height_px`` on white."""
    tree = cairosvg.parser.Tree(bytestring=svg.encode("utf-8"), unsafe=False)
    surface = cairosvg.surface.PNGSurface(
        tree, None, 96, output_width=width_px, output_height=height_px, background_color="white")
    cairo_surface = surface.cairo
    cairo_surface.flush()
    stride = cairo_surface.get_stride()
    data = bytes(cairo_surface.get_data())
    surface.finish()
    rgb = _bgra_to_rgb(data, width_px, height_px, stride)
    return RasterImage(width_px, height_px, zlib.compress(rgb, level), hashlib.sha256(rgb).hexdigest())


def _bgra_to_rgb(data: bytes, width: int, height: int, stride: int) -> bytes:
    from PIL import Image  # Pillow comes with reportlab

    image = Image.frombuffer("RGBA", (width, height), data, "raw", "BGRA", stride, 1)
    return image.convert("RGB").tobytes()


def _rasterize_job(job: tuple[str, int, int]) -> RasterImage:
    return rasterize(*job)


def rasterize_many(jobs: list[tuple[str, int, int]], workers: int | None = None,
                   progress: Callable[[int], None] | None = None) -> list[RasterImage]:
    """Rasterize (svg, width, height) jobs, in parallel when worthwhile; keeps order."""
    workers = workers or os.cpu_count() or 1
    results: list[RasterImage] = []
    if workers == 1 or len(jobs) < POOL_THRESHOLD:
        for job in jobs:
            results.append(_rasterize_job(job))
            if progress:
                progress(1)
        return results
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for image in pool.map(_rasterize_job, jobs, chunksize=2):
            results.append(image)
            if progress:
                progress(1)
    return results
