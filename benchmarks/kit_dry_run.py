"""Benchmark: `deckgen kit classic:6 pazaak:4 --lang de,en --dry-run`, the plan an organiser tries out.

Runs the command in a fresh subprocess each time (cold: the project loaded
anew) and reports the wall time of each run and the best; nothing is built
or written.

    python benchmarks/kit_dry_run.py [--runs 3] [TABLES ...]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_once(tables: list[str]) -> float:
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "deckgen", "kit", *tables, "--lang", "de,en", "--dry-run",
                        "--out", out], cwd=ROOT, check=True, capture_output=True)
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("tables", nargs="*", default=["classic:6", "pazaak:4"])
    args = parser.parse_args()
    times = [run_once(args.tables) for _ in range(args.runs)]
    for n, seconds in enumerate(times, 1):
        print(f"run {n}: {seconds:.2f} s")
    print(f"best: {min(times):.2f} s for {' '.join(args.tables)}")


if __name__ == "__main__":
    main()
