"""Benchmark: the README's test command (the fast suite), its wall time and the CPU time of every test file.

The fast suite runs as the README says (``pytest``: ``-n auto --dist loadfile``, each file whole on one
worker), so the slowest files bound the wall time.  On a shared machine the wall time says little; the
CPU time does not depend on what else runs.  With ``--files`` every test file runs alone in a fresh
process (``-n 0``), and its CPU time (the process and its children: the rasterizing pools) is listed,
largest first, with the total: no file should need more than about 50 s, the whole well under 200 s.

    python benchmarks/suite.py              # the README's command, timed
    python benchmarks/suite.py --files      # CPU seconds per test file, one process each
    python benchmarks/suite.py --files tests/test_cli.py tests/test_build.py
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(args: list[str]) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of the child and its children, exit code) of ``python -m pytest ARGS``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pytest", *args], cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode not in (0, 5):  # 5: no tests collected (a file of slow tests only)
        print(proc.stdout[-3000:], file=sys.stderr)
    return wall, cpu, proc.returncode


def suite() -> int:
    wall, cpu, code = run(["-q", "-p", "no:cacheprovider"])
    print(f"pytest (the fast suite, {os.cpu_count()} cores): {wall:.0f} s wall, {cpu:.0f} s CPU, exit {code}")
    return code


def per_file(files: list[str]) -> int:
    paths = files or sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob("test_*.py"))
    rows, worst = [], 0
    for path in paths:
        wall, cpu, code = run([path, "-n", "0", "-q", "-p", "no:cacheprovider", "-m", "not slow"])
        rows.append((cpu, wall, path, code))
        worst = max(worst, 0 if code in (0, 5) else code)
        print(f"{cpu:7.1f} s CPU {wall:7.1f} s wall  {path}{'' if code in (0, 5) else f'  (exit {code})'}",
              file=sys.stderr)
    print("\nCPU s   wall s  file (largest first)")
    for cpu, wall, path, code in sorted(rows, reverse=True):
        print(f"{cpu:6.1f}  {wall:6.1f}  {path}{'' if code in (0, 5) else f'  (exit {code})'}")
    print(f"{sum(r[0] for r in rows):6.1f}  {sum(r[1] for r in rows):6.1f}  total of {len(rows)} files")
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", nargs="*", metavar="FILE", help="CPU time per test file (default: every file)")
    args = parser.parse_args()
    sys.exit(per_file(args.files) if args.files is not None else suite())


if __name__ == "__main__":
    main()
