#!/usr/bin/env python3
"""Colour-blindness check for the Gladbach deck: are green and red faces still apart?

Simulates deuteranopia and protanopia (Machado, Oliveira & Fernandes 2009,
severity 1.0, applied in linear RGB) on rendered card PNGs and prints the
smallest colour difference (CIEDE2000, in CIELAB) between any green face and
any red face, before and after simulation, plus the faces' lightness.

A face's colour is the mean of its coloured pixels (near-white ink and the
white medallion are left out), so the number is about the card's
background, which is what a player sees across the table.

Usage::

    python scripts/colorblind.py                     # render the deck, report
    python scripts/colorblind.py --save /tmp/cvd     # also write simulated PNGs
    python scripts/colorblind.py card-green-3.png card-red-3.png ...

PNG files are classified by the word green / red / blue in their name.
Needs Pillow (a dependency of cairosvg).  Exit status 1 if the smallest
green/red difference after simulation is below ``--min`` (default 20).
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
from pathlib import Path

from PIL import Image

#: Machado et al. 2009, severity 1.0, linear RGB -> linear RGB.
MATRICES = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
}
COLOURS = ("green", "red", "blue")
SAMPLE = (96, 132)  # faces are scaled down to this many pixels before averaging


# ------------------------------------------------------------------ colour maths


def to_linear(c: float) -> float:
    """sRGB component 0..1 -> linear."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def to_srgb(c: float) -> float:
    """Linear component -> sRGB 0..1 (clamped)."""
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(rgb: tuple[float, float, float], kind: str | None) -> tuple[float, float, float]:
    """sRGB 0..1 as seen with ``kind`` (None: unchanged)."""
    if kind is None:
        return rgb
    lin = [to_linear(c) for c in rgb]
    m = MATRICES[kind]
    return tuple(to_srgb(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """sRGB 0..1 -> CIELAB (D65)."""
    r, g, b = (to_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e2000(lab1, lab2) -> float:
    """CIEDE2000 colour difference."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    else:
        dhp = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    lm, cmp_ = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    else:
        hm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hm - 30)) + 0.24 * math.cos(math.radians(2 * hm))
         + 0.32 * math.cos(math.radians(3 * hm + 6)) - 0.20 * math.cos(math.radians(4 * hm - 63)))
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc = 1 + 0.045 * cmp_
    sh = 1 + 0.015 * cmp_ * t
    rt = (-2 * math.sqrt(cmp_ ** 7 / (cmp_ ** 7 + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((hm - 275) / 25) ** 2)))))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dh / sh) ** 2 + rt * (dc / sc) * (dh / sh))


# ------------------------------------------------------------------ faces


def _pixels(img: Image.Image):
    """The image's pixels in row order (Pillow 12+ renamed getdata)."""
    getter = getattr(img, "get_flattened_data", None) or img.getdata
    return getter()


def face_colour(path: Path, kind: str | None) -> tuple[float, float, float]:
    """Mean sRGB of the coloured pixels of a face, as seen with ``kind``."""
    img = Image.open(path).convert("RGB").resize(SAMPLE)
    total, n = [0.0, 0.0, 0.0], 0
    for px in _pixels(img):
        rgb = tuple(v / 255 for v in px)
        if min(rgb) > 0.85:  # white medallion and light ink
            continue
        seen = simulate(rgb, kind)
        total = [t + c for t, c in zip(total, seen)]
        n += 1
    return tuple(t / max(n, 1) for t in total)


def save_simulated(path: Path, kind: str, out_dir: Path) -> Path:
    """Write ``path`` as seen with ``kind`` (a lookup per colour keeps it quick)."""
    img = Image.open(path).convert("RGB")
    cache: dict = {}
    data = []
    for px in _pixels(img):
        if px not in cache:
            cache[px] = tuple(round(255 * c) for c in simulate(tuple(v / 255 for v in px), kind))
        data.append(cache[px])
    out = Image.new("RGB", img.size)
    out.putdata(data)
    target = out_dir / f"{path.stem}-{kind}.png"
    out.save(target)
    return target


def classify(path: Path) -> str | None:
    name = path.name.lower()
    return next((c for c in COLOURS if c in name), None)


def render_deck(project: Path, out_dir: Path) -> list[Path]:
    """Render the gladbach deck's fronts to PNGs in ``out_dir`` (card id in the name)."""
    import cairosvg

    sys.path.insert(0, str(project))
    from deckgen.render.decks import render_targets
    from deckgen.loader import load_project

    proj = load_project(project)
    paths = []
    for target in render_targets(proj, ["gladbach"]):
        if target.deck.id != "gladbach":
            continue
        for card_id, svg_hash in target.fronts.items():
            svg = target.svgs[svg_hash]  # fronts name each card's SVG by its hash
            path = out_dir / f"{card_id}.png"
            cairosvg.svg2png(bytestring=svg.encode(), write_to=str(path), output_width=276, output_height=376)
            paths.append(path)
    return paths


def report(paths: list[Path]) -> tuple[list[str], float]:
    """Lines of the report and the smallest green/red difference after simulation."""
    groups: dict[str, list[Path]] = {c: [p for p in paths if classify(p) == c] for c in COLOURS}
    if not groups["green"] or not groups["red"]:
        raise SystemExit("need at least one green and one red face (named ...green... / ...red...)")
    lines = [f"{len(groups['green'])} green, {len(groups['red'])} red, {len(groups['blue'])} blue faces; "
             "CIEDE2000 between mean face colours (Machado 2009, severity 1)"]
    worst_after = math.inf
    for kind in (None, "deuteranopia", "protanopia"):
        labs = {c: [(p, lab(face_colour(p, kind))) for p in groups[c]] for c in COLOURS}
        label = kind or "normal vision"
        pairs = [("green", "red"), ("blue", "green"), ("blue", "red")]
        parts = []
        for a, b in pairs:
            if not labs[a] or not labs[b]:
                continue
            d, pa, pb = min((delta_e2000(la, lb), pa, pb) for pa, la in labs[a] for pb, lb in labs[b])
            parts.append(f"min {a}/{b} dE00 {d:5.1f} ({pa.stem} vs {pb.stem})")
            if (a, b) == ("green", "red") and kind:
                worst_after = min(worst_after, d)
        lightness = ", ".join(f"{c} L* {sum(l[0] for _, l in labs[c]) / len(labs[c]):4.1f}"
                              for c in COLOURS if labs[c])
        lines.append(f"{label:14s} " + "; ".join(parts) + f"; mean {lightness}")
    return lines, worst_after


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pngs", nargs="*", type=Path, help="card face PNGs (default: render the gladbach deck)")
    ap.add_argument("--project", type=Path, default=Path(__file__).resolve().parents[1])
    ap.add_argument("--save", type=Path, help="write rendered and simulated PNGs here")
    ap.add_argument("--min", type=float, default=20.0, help="smallest acceptable green/red dE00 after simulation")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = args.save or Path(tmp)
        out_dir.mkdir(parents=True, exist_ok=True)
        paths = args.pngs or render_deck(args.project, out_dir)
        lines, worst = report(paths)
        for line in lines:
            print(line)
        if args.save:
            for p in paths:
                for kind in MATRICES:
                    save_simulated(p, kind, args.save)
            print(f"simulated PNGs in {args.save}")
    verdict = "ok" if worst >= args.min else "TOO CLOSE"
    print(f"{verdict}: smallest green/red difference under simulation is {worst:.1f} (minimum {args.min:g})")
    return 0 if worst >= args.min else 1


if __name__ == "__main__":
    sys.exit(main())
