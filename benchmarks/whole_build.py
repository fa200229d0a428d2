"""Benchmark: the README's whole build (``deckgen build --lang all``), cold, unchanged and after one edit.

The bundled project is copied to a temporary folder (so the edit never touches the checkout) and
built there by ``python -m deckgen`` in a fresh process each time:

* ``cold``: an empty output folder and cache (the project's ``output/.cache``, which every ``--out`` shares);
* ``unchanged``: the same build again;
* ``one card``: after one card's English name changed.

For each it prints wall seconds, CPU seconds (user + system of the build and its pool), how busy the
cores were (CPU / (wall × cores)), the peak resident memory of any one process and of all the build's
processes together (sampled; shared pages of forked workers counted in each), the size of what was
written (``output/`` without its cache) and the size of the cache.  Each figure is the fastest of
``--repeat`` runs (default 1: a cold whole build takes minutes).

    python benchmarks/whole_build.py [--repeat 1] [--games classic,pazaak] [--vector] [-- EXTRA BUILD ARGS]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT_PARTS = ("deckgen.yaml", "data", "templates", "fonts", "glossary", "layouts", "plugins")


def folder_size(folder: Path, skip: str | None = None) -> int:
    total = 0
    for path in folder.rglob("*"):
        if skip and skip in path.relative_to(folder).parts:
            continue
        if path.is_file() and not path.is_symlink():
            total += path.stat().st_size
    return total


def copy_project(target: Path) -> Path:
    target.mkdir(parents=True)
    for part in PROJECT_PARTS:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, target / part)
        elif source.is_file():
            shutil.copy2(source, target / part)
    return target


def tree_kib(pid: int, field: str = "VmRSS:") -> int:
    """The resident memory (KiB) of process ``pid`` and all its descendants, summed (Linux /proc; 0 elsewhere)."""
    total, todo = 0, [pid]
    while todo:
        each = todo.pop()
        try:
            with open(f"/proc/{each}/status") as status:
                total += next((int(line.split()[1]) for line in status if line.startswith(field)), 0)
            with open(f"/proc/{each}/task/{each}/children") as children:
                todo += [int(c) for c in children.read().split()]
        except (OSError, ValueError):
            continue
    return total


def run(project: Path, out: Path, games: list[str], extra: list[str]) -> dict[str, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    build = subprocess.Popen([sys.executable, "-m", "deckgen", "build", *games, "--lang", "all", "--project",
                              str(project), "--out", str(out), "--quiet", *extra], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=project)
    summed = 0
    while build.poll() is None:  # the build's processes together (its workers with it), sampled 4 times a second
        summed = max(summed, tree_kib(build.pid))
        time.sleep(0.25)
    stdout, stderr = build.communicate()
    proc = subprocess.CompletedProcess(build.args, build.returncode, stdout, stderr)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"build failed:\n{proc.stdout}\n{proc.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    cache = next((c for c in (project / "output" / ".cache", out / ".cache") if c.is_dir()), None)  # the project's
    return {"wall": wall, "cpu": cpu, "busy": cpu / (wall * (os.cpu_count() or 1)),
            "peak_mib": after.ru_maxrss / 1024, "summed_mib": summed / 1024,
            "out_mib": folder_size(out, ".cache") / 2**20,
            "cache_mib": folder_size(cache) / 2**20 if cache is not None else 0.0}


def edit_one_card(project: Path, games: list[str]) -> None:
    """Change the first card name in the English language file of the first built game that names cards."""
    for game in games or ["classic", "pazaak", "archeon"]:
        path = project / "data" / game / "lang" / "en.yaml"
        text = path.read_text(encoding="utf-8")
        if "{name: " in text:
            break
    else:
        sys.exit(f"none of {', '.join(games)} names its cards: nothing to edit")
    at = text.index("{name: ") + len("{name: ")
    path.write_text(text[:at] + "Edited " + text[at:], encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument("--vector", action="store_true", help="pass --vector to the build")
    parser.add_argument("extra", nargs="*", help="more build arguments (after --)")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    extra = (["--vector"] if args.vector else []) + args.extra
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "deckgen")], check=False)
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory(prefix="deckgen-whole-") as tmp:
            project = copy_project(Path(tmp) / "project")
            out = Path(tmp) / "out"
            for name in ("cold", "unchanged", "one card"):
                if name == "one card":
                    edit_one_card(project, games)
                result = run(project, out, games, extra)
                if name not in best or result["wall"] < best[name]["wall"]:
                    best[name] = result
    print(f"whole build ({', '.join(games) or 'all games'}, --lang all{' ' + ' '.join(extra) if extra else ''}; "
          f"{os.cpu_count()} cores; fastest of {args.repeat})")
    print(f"{'':<10} {'wall s':>8} {'CPU s':>8} {'busy':>6} {'peak MiB':>9} {'summed MiB':>11} {'output MiB':>11} "
          f"{'cache MiB':>10}")
    for name, r in best.items():
        print(f"{name:<10} {r['wall']:>8.1f} {r['cpu']:>8.1f} {r['busy']:>6.0%} {r['peak_mib']:>9.0f} "
              f"{r['summed_mib']:>11.0f} {r['out_mib']:>11.1f} {r['cache_mib']:>10.1f}")


if __name__ == "__main__":
    main()
