"""Does a card placed as vector graphics print like its raster?  A pixel comparison at 300 dpi.

The vector side is the single-card PDF page deckgen writes with the face
placed as a form (the face route's PDF of the SVG), rendered by poppler
(``pdftoppm -r 300``); the raster side is the face as the raster build
draws it (onto white by the same route, :func:`deckgen.render.raster.rasterize`).

The threshold (:data:`MAX_DELTA_E`, :data:`SHARE`, :data:`MAX_BLOCK_DELTA_E`):

* colour: CIEDE2000 ΔE ≤ 2 on at least 99.9 % of the pixels away from
  edges — an edge pixel is one within 2 px of a step of more than 6 in L*
  in the raster (the two renderers smooth the edges of glyphs and shapes
  differently, a fraction of a pixel that no print shows);
* nothing lost or added: at 75 dpi (4 × 4 pixel means, edges included) ΔE
  ≤ 6 everywhere — a missing hairline or glyph changes a block by far more.
"""

from __future__ import annotations

import subprocess
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

MAX_DELTA_E = 2.0
SHARE = 0.999
EDGE_STEP_L = 3.0
EDGE_REACH_PX = 2
BLOCK_PX = 8
MAX_BLOCK_DELTA_E = 6.0


@dataclass(frozen=True)
class Match:
    """How a vector rendering compares with its raster."""

    share_within: float  # of the pixels away from edges, those with ΔE ≤ MAX_DELTA_E
    edge_share: float  # of all pixels, those near an edge (left out of share_within)
    worst_block: float  # the largest ΔE between 4 × 4 means
    size: tuple[int, int]

    @property
    def ok(self) -> bool:
        return self.share_within >= SHARE and self.worst_block <= MAX_BLOCK_DELTA_E

    def __str__(self) -> str:
        return (f"{self.share_within:.4%} of pixels away from edges within ΔE2000 {MAX_DELTA_E} "
                f"(edges {self.edge_share:.1%}); worst 4x4 block ΔE {self.worst_block:.2f}")


def lab(rgb: np.ndarray) -> np.ndarray:
    """CIE L*a*b* (D65) of sRGB pixels (uint8, ... x 3)."""
    c = rgb.astype(np.float64) / 255.0
    c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4124564, 0.3575761, 0.1804375],
                  [0.2126729, 0.7151522, 0.0721750],
                  [0.0193339, 0.1191920, 0.9503041]])
    xyz = c @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def delta_e2000(lab1: np.ndarray, lab2: np.ndarray) -> np.ndarray:
    """CIEDE2000 colour difference (kL = kC = kH = 1) of two arrays of L*a*b* colours."""
    l1, a1, b1 = np.moveaxis(lab1, -1, 0)
    l2, a2, b2 = np.moveaxis(lab2, -1, 0)
    c_mean = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_mean ** 7 / (c_mean ** 7 + 25.0 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dlp, dcp = l2 - l1, c2p - c1p
    dh = h2p - h1p
    dh = np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh))
    dh = np.where(c1p * c2p == 0, 0.0, dh)
    dhp = 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(dh / 2))
    lp, cp = (l1 + l2) / 2, (c1p + c2p) / 2
    hsum = h1p + h2p
    hp = np.where(np.abs(h1p - h2p) > 180, np.where(hsum < 360, (hsum + 360) / 2, (hsum - 360) / 2), hsum / 2)
    hp = np.where(c1p * c2p == 0, hsum, hp)
    t = (1 - 0.17 * np.cos(np.radians(hp - 30)) + 0.24 * np.cos(np.radians(2 * hp))
         + 0.32 * np.cos(np.radians(3 * hp + 6)) - 0.20 * np.cos(np.radians(4 * hp - 63)))
    sl = 1 + 0.015 * (lp - 50) ** 2 / np.sqrt(20 + (lp - 50) ** 2)
    sc, sh = 1 + 0.045 * cp, 1 + 0.015 * cp * t
    rt = (-2 * np.sqrt(cp ** 7 / (cp ** 7 + 25.0 ** 7))
          * np.sin(np.radians(60 * np.exp(-(((hp - 275) / 25) ** 2)))))
    return np.sqrt((dlp / sl) ** 2 + (dcp / sc) ** 2 + (dhp / sh) ** 2 + rt * (dcp / sc) * (dhp / sh))


def _near_edges(lightness: np.ndarray) -> np.ndarray:
    """Pixels within EDGE_REACH_PX of a step of more than EDGE_STEP_L in L* to a neighbour."""
    step = np.zeros(lightness.shape, bool)
    step[:, 1:] |= np.abs(np.diff(lightness, axis=1)) > EDGE_STEP_L
    step[:, :-1] |= np.abs(np.diff(lightness, axis=1)) > EDGE_STEP_L
    step[1:, :] |= np.abs(np.diff(lightness, axis=0)) > EDGE_STEP_L
    step[:-1, :] |= np.abs(np.diff(lightness, axis=0)) > EDGE_STEP_L
    near = step.copy()
    for _ in range(EDGE_REACH_PX):
        grown = near.copy()
        grown[1:, :] |= near[:-1, :]
        grown[:-1, :] |= near[1:, :]
        grown[:, 1:] |= near[:, :-1]
        grown[:, :-1] |= near[:, 1:]
        near = grown
    return near


def _blocks(image: np.ndarray) -> np.ndarray:
    h, w = (image.shape[0] // BLOCK_PX) * BLOCK_PX, (image.shape[1] // BLOCK_PX) * BLOCK_PX
    cut = image[:h, :w].astype(np.float64)
    return cut.reshape(h // BLOCK_PX, BLOCK_PX, w // BLOCK_PX, BLOCK_PX, 3).mean(axis=(1, 3))


def compare(raster: np.ndarray, vector: np.ndarray) -> Match:
    """Compare two RGB images (uint8, h x w x 3) of one face; the vector one may be a pixel larger."""
    h, w = min(raster.shape[0], vector.shape[0]), min(raster.shape[1], vector.shape[1])
    assert abs(raster.shape[0] - vector.shape[0]) <= 1 and abs(raster.shape[1] - vector.shape[1]) <= 1, (
        raster.shape, vector.shape)
    raster, vector = raster[:h, :w], vector[:h, :w]
    lab_r, lab_v = lab(raster), lab(vector)
    edges = _near_edges(lab_r[..., 0]) | _near_edges(lab_v[..., 0])
    delta = delta_e2000(lab_r, lab_v)
    away = ~edges
    within = float((delta[away] <= MAX_DELTA_E).mean()) if away.any() else 1.0
    reference = lab(_blocks(raster[1:-1, 1:-1]).round().astype(np.uint8))
    blocks = np.min([delta_e2000(reference, lab(_blocks(vector[1 + dy:h - 1 + dy, 1 + dx:w - 1 + dx])
                                                 .round().astype(np.uint8)))
                     for dy in (-1, 0, 1) for dx in (-1, 0, 1)], axis=0)
    return Match(within, float(edges.mean()), float(blocks.max()), (w, h))


def raster_pixels(svg: str, width: int, height: int) -> np.ndarray:
    """The face as the raster build draws it."""
    from deckgen.render.raster import rasterize

    image = rasterize(svg, width, height)
    return np.frombuffer(zlib.decompress(image.flate_rgb), np.uint8).reshape(height, width, 3)


def pdf_page_pixels(pdf: bytes, page: int = 1, dpi: int = 300, size: tuple[int, int] | None = None) -> np.ndarray:
    """Page ``page`` (1-based) of ``pdf`` as poppler renders it at ``dpi`` (scaled to exactly ``size`` pixels,
    width and height, when given: the whole pixels a raster is drawn at)."""
    from PIL import Image

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "in.pdf"
        source.write_bytes(pdf)
        scale = ["-scale-to-x", str(size[0]), "-scale-to-y", str(size[1])] if size else []
        subprocess.run(["pdftoppm", "-r", str(dpi), *scale, "-f", str(page), "-l", str(page), "-png", "-singlefile",
                        str(source), str(Path(folder) / "page")], check=True, capture_output=True)
        with Image.open(Path(folder) / "page.png") as image:
            return np.asarray(image.convert("RGB"))


def face_match(svg: str, size, dpi: int = 300) -> Match:
    """Compare one face as deckgen places it as a vector (a one-card file) with its raster at ``dpi``."""
    from deckgen.layout.pdfimage import VectorFace
    from deckgen.layout.pdfcanvas import register_font
    from deckgen.layout.single import write_single_cards

    import hashlib

    font = register_font("DeckgenVectorTest", _any_font())
    face = VectorFace(svg, hashlib.sha256(svg.encode()).hexdigest())
    pdf = write_single_cards(size, "match", [face], None, font)
    assert pdf is not None
    w, h = size.pixels(dpi)
    return compare(raster_pixels(svg, w, h), pdf_page_pixels(pdf, 1, dpi, (w, h)))


def _any_font() -> Path:
    return next((Path(__file__).resolve().parent.parent / "deckgen" / "starters").rglob("*.ttf"))
