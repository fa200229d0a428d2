"""Benchmark: the raster route, cairosvg against librsvg, per face of each bundled design, with their pixels compared.

For each design (a game's distinct faces in one language, as the build renders them) it draws
``--faces`` faces at ``--dpi`` onto white by cairosvg (the route before) and by the face route
(:func:`deckgen.render.raster.rasterize`: librsvg where it draws the same, cairosvg elsewhere), times each in
CPU milliseconds per face (compression included, as the build stores them), and compares the two
images with tests/pixelmatch.py (ΔE2000 ≤ 2 on 99.9 % of the pixels away from edges, no 4 × 4 block off by
more than ΔE 6).

    python benchmarks/raster_route.py [--games archeon,classic] [--lang en] [--dpi 300] [--faces 20]
"""

from __future__ import annotations

import argparse
import re
import resource
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

_SIZE = re.compile(r'width="([\d.]+)mm" height="([\d.]+)mm"')


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


def main() -> None:
    import numpy as np

    from deckgen.render import raster
    from deckgen.render.face_route import route
    from deckgen.render.store import flate
    from face_route import design_faces
    from pixelmatch import compare

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="archeon,classic,gladbach,pazaak")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--faces", type=int, default=20)
    args = parser.parse_args()
    print(f"{'design':10} {'faces':>5} {'librsvg':>7} {'cairosvg ms':>11} {'route ms':>8} {'speed-up':>8}  pixels")
    for game in args.games.split(","):
        faces = design_faces(game, args.lang)
        picked = faces[:: max(1, len(faces) // args.faces)][: args.faces]
        before = after = 0.0
        matching, worst = 0, 0.0
        for svg in picked:
            size = _SIZE.search(svg)
            assert size, "a face without a width and height in mm"
            w, h = (round(float(v) / 25.4 * args.dpi) for v in size.groups())
            start = _cpu()
            theirs = raster._cairosvg_pixels(svg, w, h)
            flate(theirs)
            before += _cpu() - start
            start = _cpu()
            ours = zlib.decompress(raster.rasterize(svg, w, h).flate_rgb)
            after += _cpu() - start
            match = compare(np.frombuffer(theirs, np.uint8).reshape(h, w, 3), np.frombuffer(ours, np.uint8).reshape(h, w, 3))
            matching += match.ok
            worst = max(worst, match.worst_block)
        routed = sum(route(svg) == "librsvg" for svg in picked)
        n = len(picked)
        print(f"{game:10} {n:5} {routed:7} {1000 * before / n:11.1f} {1000 * after / n:8.1f} {before / after:7.1f}x"
              f"  {matching}/{n} within the threshold, worst 4x4 block ΔE {worst:.2f}")


if __name__ == "__main__":
    main()
