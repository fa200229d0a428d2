"""Benchmark: a cold `deckgen build classic` (one language, base deck) at 300 dpi.

Runs the build in a fresh subprocess (cold: no warm caches, new process
pool), reports wall time, cards per second and the peak resident memory
of the build process and its rasterizing children.

    python benchmarks/build_classic.py [--dpi 300] [--lang en] [--runs 3]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_once(dpi: int, lang: str, jobs: int | None) -> tuple[float, float, int]:
    with tempfile.TemporaryDirectory() as out:
        code = ("import sys, resource; sys.argv = ['deckgen'] + sys.argv[1:]; "
                "from deckgen.cli import main\n"
                "try:\n    main()\nexcept SystemExit as e:\n    code = e.code\n"
                "r = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
                "c = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
                "print('PEAK_KB', max(r, c), file=sys.stderr)\n"
                "sys.exit(code or 0)")
        args = ["build", "classic", "--lang", lang, "--dpi", str(dpi), "--out", out, "--project", str(ROOT)]
        if jobs:
            args += ["--jobs", str(jobs)]
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT)
        elapsed = time.perf_counter() - start
        if proc.returncode != 0:
            sys.exit(f"build failed:\n{proc.stdout}\n{proc.stderr}")
        peak_kb = int(next(l for l in proc.stderr.splitlines() if l.startswith("PEAK_KB")).split()[1])
        pdfs = list(Path(out).rglob("*-cards.pdf"))
        return elapsed, peak_kb / 1024, len(pdfs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from deckgen.build import selected_decks
    from deckgen.loader import load_project

    project = load_project(ROOT)
    decks = selected_decks(project.games["classic"], None)
    cards = sum(d.total_cards for d in decks)
    times, peaks = [], []
    for i in range(args.runs):
        elapsed, peak, n = run_once(args.dpi, args.lang, args.jobs)
        times.append(elapsed)
        peaks.append(peak)
        print(f"run {i + 1}: {elapsed:.2f} s, {cards / elapsed:.1f} cards/s, peak {peak:.0f} MiB ({n} decks)")
    best = min(times)
    print(f"classic, {cards} physical cards in {len(decks)} deck(s), {args.dpi} dpi, lang {args.lang}: "
          f"best {best:.2f} s = {cards / best:.1f} cards/s; median {sorted(times)[len(times) // 2]:.2f} s; "
          f"peak RSS {max(peaks):.0f} MiB")


if __name__ == "__main__":
    main()
