"""Benchmark: routes from one SVG face to a one-page PDF, timed per face and compared at 300 dpi.

For each design (a game's distinct faces in one language, as the build renders them) it times:

* ``cairosvg``: ``cairosvg.svg2pdf``, today's route;
* ``rsvg-convert``: ``rsvg-convert -f pdf`` in a process per face (Debian ``librsvg2-bin``; left out
  when the binary is missing);
* ``librsvg``: librsvg called in-process (:mod:`deckgen.render.librsvg`);
* ``shared glyphs``: cairosvg on the face rewritten so each glyph outline is defined once
  (``<defs><path id=…>``) and placed by ``<use>``;
* ``no glyphs``: cairosvg on the face without its glyph outlines at all — the floor of any route that
  keeps cairosvg for the rest and draws glyphs as shared PDF forms;
* ``chosen``: :func:`deckgen.render.face_route.draw_pdf`, what ``svg_to_pdf`` now calls.

The size is that of the one-page PDF (before it is placed as a form).  Times are CPU milliseconds per face (user + system, of this process and of the rsvg-convert
processes), each face the fastest of ``--repeat`` runs, and wall milliseconds beside them.  Each
route's PDF of ``--compare`` faces per design (every face with ``--compare 0``) is rendered by poppler
at 300 dpi and compared with cairosvg's by tests/pixelmatch.py (its threshold: ΔE2000 ≤ 2 on 99.9 % of
the pixels away from edges, no 4 × 4 block off by more than ΔE 6).

``--estimate`` also renders every game in every language, counts the distinct faces of the whole build
and prints what drawing them takes by each route, and the whole build's CPU and wall time with the
chosen route, from ``--build-cpu`` (the measured CPU seconds of the whole build with cairosvg;
issue 36 measured 372 s for ``--vector --no-cache``) and ``--cores``.

    python benchmarks/face_route.py [--games archeon,classic] [--lang en] [--repeat 3] [--compare 40] [--estimate]
"""

from __future__ import annotations

import argparse
import re
import resource
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

_GLYPH = re.compile(r'<path transform="(matrix\([^"]*\))" d="([^"]*)"/>')
_TEXT_GROUP = re.compile(r'(<g class="deckgen-text"[^>]*>)(.*?)(</g>)', re.DOTALL)


def shared_glyphs(svg: str) -> str:
    """``svg`` with each distinct glyph outline defined once in <defs> and placed by <use>."""
    ids: dict[str, str] = {}

    def use(match: re.Match) -> str:
        d = match.group(2)
        ids.setdefault(d, f"dg-glyph-{len(ids)}")
        return f'<use href="#{ids[d]}" transform="{match.group(1)}"/>'

    body = _GLYPH.sub(use, svg)
    defs = "<defs>" + "".join(f'<path id="{i}" d="{d}"/>' for d, i in ids.items()) + "</defs>"
    end = body.index(">", body.index("<svg")) + 1
    return body[:end] + defs + body[end:]


def no_glyphs(svg: str) -> str:
    """``svg`` without its glyph outlines (icons in the text stay)."""
    return _TEXT_GROUP.sub(lambda m: m.group(1) + _GLYPH.sub("", m.group(2)) + m.group(3), svg)


def _cairosvg(svg: str) -> bytes:
    import cairosvg

    return cairosvg.svg2pdf(bytestring=svg.encode("utf-8"), unsafe=False)


def _rsvg_convert(svg: str) -> bytes:
    return subprocess.run(["rsvg-convert", "-f", "pdf"], input=svg.encode("utf-8"), capture_output=True,
                          check=True).stdout


def _librsvg(svg: str) -> bytes:
    from deckgen.render import librsvg

    pdf = librsvg.svg_to_pdf(svg.encode("utf-8"))
    assert pdf is not None, "librsvg refused a face"
    return pdf


def _chosen(svg: str) -> bytes:
    from deckgen.render.face_route import draw_pdf

    return draw_pdf(svg)


def routes() -> dict[str, Callable[[str], bytes]]:
    """The routes measured here (rsvg-convert only where it is installed)."""
    found: dict[str, Callable[[str], bytes]] = {"cairosvg": _cairosvg}
    if shutil.which("rsvg-convert"):
        found["rsvg-convert"] = _rsvg_convert
    found["librsvg"] = _librsvg
    found["shared glyphs"] = lambda svg: _cairosvg(shared_glyphs(svg))
    found["no glyphs"] = lambda svg: _cairosvg(no_glyphs(svg))
    found["chosen"] = _chosen
    return found


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@dataclass
class RouteResult:
    cpu_ms: list[float] = field(default_factory=list)
    wall_ms: list[float] = field(default_factory=list)
    size: list[int] = field(default_factory=list)
    compared: int = 0
    matching: int = 0
    lowest_share: float = 1.0
    worst_block: float = 0.0

    @property
    def cpu(self) -> float:
        return sum(self.cpu_ms) / len(self.cpu_ms)

    @property
    def wall(self) -> float:
        return sum(self.wall_ms) / len(self.wall_ms)


def design_faces(game: str, lang: str) -> list[str]:
    """The distinct faces of ``game``'s decks in ``lang``, as the build renders them."""
    from deckgen.build import render_targets
    from deckgen.loader import load_project

    project = load_project(ROOT, only=[game])
    faces: dict[str, str] = {}
    for target in render_targets(project, [game], (lang,)):
        faces.update(target.svgs)
    return list(faces.values())


def measure(faces: list[str], repeat: int, compare: int) -> dict[str, RouteResult]:
    import pixelmatch

    results = {name: RouteResult() for name in routes()}
    for index, svg in enumerate(faces):
        reference = None
        for name, draw in routes().items():
            best_cpu = best_wall = float("inf")
            for _ in range(repeat):
                cpu, wall = _cpu(), time.perf_counter()
                pdf = draw(svg)
                best_cpu, best_wall = min(best_cpu, _cpu() - cpu), min(best_wall, time.perf_counter() - wall)
            result = results[name]
            result.cpu_ms.append(best_cpu * 1000)
            result.wall_ms.append(best_wall * 1000)
            result.size.append(len(pdf))
            if compare and index >= compare or name == "no glyphs":
                continue
            pixels = pixelmatch.pdf_page_pixels(pdf, 1, 300)
            if reference is None:
                reference = pixels
            match = pixelmatch.compare(reference, pixels)
            result.compared += 1
            result.matching += match.ok
            result.lowest_share = min(result.lowest_share, match.share_within)
            result.worst_block = max(result.worst_block, match.worst_block)
    return results


def report(label: str, faces: int, results: dict[str, RouteResult]) -> None:
    base = results["cairosvg"].cpu
    print(f"\n{label}: {faces} measured")
    print(f"  {'route':<14} {'CPU ms/face':>11} {'wall ms/face':>12} {'speed-up':>8} {'KB/face':>8}   "
          "pixels vs cairosvg at 300 dpi")
    for name, r in results.items():
        pixels = ("(not drawn the same: a floor)" if name == "no glyphs" else
                  f"{r.matching}/{r.compared} within threshold; lowest share {r.lowest_share:.4%}, "
                  f"worst block ΔE {r.worst_block:.2f}")
        print(f"  {name:<14} {r.cpu:11.1f} {r.wall:12.1f} {base / r.cpu:7.2f}x {sum(r.size) / len(r.size) / 1024:8.1f}   "
              f"{pixels}")


def whole_build_faces() -> dict[str, int]:
    """Distinct faces of each game over every language it builds in (the decks of the whole build)."""
    from deckgen.build import render_targets
    from deckgen.loader import load_project

    project = load_project(ROOT)
    counts = {}
    for game in project.games:
        counts[game] = len({svg for t in render_targets(project, [game]) for svg in t.svgs})
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="archeon,classic")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each face by each route; the fastest counts")
    parser.add_argument("--compare", type=int, default=40, help="faces per design compared at 300 dpi (0: all)")
    parser.add_argument("--faces", type=int, default=0, help="faces per design measured (0: all)")
    parser.add_argument("--estimate", action="store_true", help="estimate the whole build from the figures")
    parser.add_argument("--build-cpu", type=float, default=372.0,
                        help="CPU seconds of the whole build with cairosvg (for --estimate)")
    parser.add_argument("--cores", type=int, default=2)
    args = parser.parse_args()
    per_face: dict[str, dict[str, float]] = {}
    for game in args.games.split(","):
        every = design_faces(game, args.lang)
        faces = every[:args.faces] if args.faces else every
        results = measure(faces, args.repeat, args.compare)
        report(f"{game} ({args.lang}, {len(every)} distinct faces)", len(faces), results)
        sys.stdout.flush()
        per_face[game] = {name: r.cpu for name, r in results.items()}
    if args.estimate:
        counts = whole_build_faces()
        fallback = per_face[args.games.split(",")[0]]
        print(f"\nwhole build: distinct deck faces per game over all languages: {counts}")
        totals = {name: sum(n * per_face.get(g, fallback)[name] for g, n in counts.items()) / 1000
                  for name in fallback}
        for name, seconds in totals.items():
            print(f"  drawing every deck face by {name:<14} {seconds:7.1f} s CPU")
        saved = totals["cairosvg"] - totals["chosen"]
        cpu = args.build_cpu - saved
        print(f"  whole build: {args.build_cpu:.0f} s CPU with cairosvg -> about {cpu:.0f} s CPU with the chosen "
              f"route, {cpu / args.cores:.0f} s wall on {args.cores} fully busy cores")


if __name__ == "__main__":
    main()
