"""Benchmark: build speed and memory, against the floor of drawing the same faces.

For the classic deck, for the bundled game with the most distinct faces (found by
rendering every game), and for a synthetic deck of 500 distinct faces, it prints in one run:

* ``cold``: a build of the game's cards in English (no documents) in a fresh process with an empty
  cache, loading only that game as ``deckgen build GAME`` does;
* ``floor``: cairo drawing the same SVGs into raw surfaces plus Flate level 1 on the RGB bytes,
  over all cores, measured alongside; and ``cold / floor``;
* ``unchanged``: the same build again (nothing to do);
* ``one card``: the build after one card's text changed;
* peak resident memory of the cold build (process and pool);
* MiB per distinct face in the raster PDF and in the vector PDF (``--vector``).

Each time is the fastest of ``--repeat`` runs (default 3), cold build and floor taken in turn, so
that a busy moment of the machine does not decide a ratio.  deckgen's modules are compiled to bytecode
first, as ``pip install`` does for an installed deckgen (a checkout run with PYTHONDONTWRITEBYTECODE
would otherwise compile every module on every run).

    python benchmarks/build_speed.py [--dpi 300] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zlib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BUILD = """
import sys, resource, time
from pathlib import Path
from deckgen.loader import load_project
from deckgen.build import BuildOptions, BuildReport, build
root, game, out, dpi, vector = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5] == "1"
start = time.perf_counter()
report = BuildReport()
build(load_project(Path(root), only=[game]), [game], BuildOptions(dpi=dpi, out=Path(out), languages=("en",), documents=False,
      vector=vector), report=report)
seconds = time.perf_counter() - start
peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
print(seconds, peak, report.drawn, sum(p.stat().st_size for p in report.written))
"""


def run_build(root: Path, game: str, out: Path, dpi: int, vector: bool = False) -> tuple[float, int, int, int]:
    proc = subprocess.run([sys.executable, "-c", BUILD, str(root), game, str(out), str(dpi), "1" if vector else "0"],
                          capture_output=True, text=True, cwd=ROOT)
    if proc.returncode != 0:
        sys.exit(f"build failed:\n{proc.stdout}\n{proc.stderr}")
    seconds, peak, drawn, size = proc.stdout.split()
    return float(seconds), int(peak), int(drawn), int(size)


def _floor_job(job):
    import cairosvg.parser
    import cairosvg.surface

    svg, w, h = job
    tree = cairosvg.parser.Tree(bytestring=svg.encode("utf-8"), unsafe=False)
    surface = cairosvg.surface.PNGSurface(tree, None, 96, output_width=w, output_height=h, background_color="white")
    surface.cairo.flush()
    zlib.compress(bytes(surface.cairo.get_data()), 1)
    surface.finish()
    return 0


def floor(root: Path, game: str, dpi: int) -> tuple[float, int]:
    """Seconds to draw the deck's distinct faces raw over all cores, and how many there are."""
    sys.path.insert(0, str(ROOT))
    from deckgen.build import render_targets
    from deckgen.loader import load_project

    project = load_project(root, only=[game])
    targets = render_targets(project, [game], ("en",))
    jobs = {}
    for t in targets:
        w, h = t.deck.size.pixels(dpi)
        for svg in t.svgs.values():
            jobs[svg] = (svg, w, h)
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        list(pool.map(_floor_job, jobs.values(), chunksize=2))
    return time.perf_counter() - start, len(jobs)


def largest_game(root: Path) -> str:
    """The bundled game whose English decks have the most distinct faces."""
    from deckgen.build import render_targets
    from deckgen.loader import load_project

    project = load_project(root)
    counts = {g: len({svg for t in render_targets(project, [g], ("en",)) for svg in t.svgs}) for g in project.games}
    return max(counts, key=counts.get)


def synthetic(folder: Path, faces: int) -> Path:
    """The demo project of `deckgen new` with ``faces`` distinct cards."""
    shutil.copytree(ROOT / "tests" / "projects" / "format1", folder)
    shutil.copytree(ROOT / "fonts", folder / "fonts")
    colours = ("red", "blue", "gold")
    cards = "".join(f"- {{id: c{i}, colour: {colours[i % 3]}, value: {i % 10}}}\n" for i in range(faces))
    (folder / "data/demo/cards.yaml").write_text(cards)
    for lang in ("en", "de"):
        names = "".join(f"  c{i}: {{name: Card {i}}}\n" for i in range(faces))
        text = (folder / f"data/demo/lang/{lang}.yaml").read_text()
        (folder / f"data/demo/lang/{lang}.yaml").write_text(text.split("cards:")[0] + "cards:\n" + names)
    return folder


def edit_one_card(root: Path, game: str) -> None:
    """Change the name of the first card of the English language file."""
    import re

    lang = root / "data" / game / "lang" / "en.yaml"
    text = lang.read_text(encoding="utf-8")
    cards = text.index("\ncards:")
    match = re.compile(r"name: \"?").search(text, cards)
    lang.write_text(text[:match.end()] + "X" + text[match.end():], encoding="utf-8")


def bench(label: str, root: Path, game: str, dpi: int, tmp: Path, repeat: int = 3) -> None:
    colds, bases, peaks = [], [], []
    for n in range(repeat):  # cold build and floor in turn; the fastest of each
        out = tmp / f"out-{label}-{n}"
        cold, peak, drawn, size = run_build(root, game, out, dpi)
        base, faces = floor(root, game, dpi)
        colds.append(cold)
        bases.append(base)
        peaks.append(peak)
    cold, base, peak = min(colds), min(bases), max(peaks)
    unchanged, drawn_again = min((run_build(root, game, out, dpi)[::2] for _ in range(repeat)))
    ones = []
    for _ in range(repeat):
        edit_one_card(root, game)
        ones.append(run_build(root, game, out, dpi)[::2])
    one, drawn_one = min(ones)
    _, _, _, vector_size = run_build(root, game, tmp / f"vec-{label}", dpi, vector=True)
    print(f"{label:<22} faces {faces:4d}  cold {cold:6.2f} s  floor {base:6.2f} s  ratio {cold / base:4.2f}  "
          f"unchanged {unchanged:5.2f} s ({drawn_again} drawn)  one card {one:5.2f} s ({drawn_one} drawn)  "
          f"peak {peak / 1024:5.0f} MiB  raster {size / 1024 / 1024 / faces:5.2f} MiB/face  "
          f"vector {vector_size / 1024 / 1024 / faces:5.2f} MiB/face")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measurement; the fastest counts")
    args = parser.parse_args()
    import compileall

    compileall.compile_dir(ROOT / "deckgen", quiet=1)  # as an installed deckgen has it
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        project = tmp / "bundled"
        project.mkdir()
        for name in ("deckgen.yaml", "data", "templates", "fonts"):
            (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(ROOT / name, project / name)
        bench("classic (en)", project, "classic", args.dpi, tmp, args.repeat)
        largest = largest_game(project)
        bench(f"largest: {largest} (en)", project, largest, args.dpi, tmp, args.repeat)
        bench("500 distinct faces", synthetic(tmp / "big", 500), "demo", args.dpi, tmp, args.repeat)


if __name__ == "__main__":
    main()
