"""Build both sides of a diff, each in a process of its own, and compare them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from deckgen.diffing.sides import Side
from deckgen.errors import DeckgenError, Problem


def snapshot(side: Side, scratch: Path, languages: tuple[str, ...], cache: Path | None) -> dict[str, Any]:
    """Build ``side`` with the installed deckgen in a new process; its problems are located errors naming it."""
    out = scratch / f"{side.role.lower()}.json"
    args = [sys.executable, "-m", "deckgen.diffing.snapshot", str(side.root), str(out)]
    if languages:
        args += ["--lang", ",".join(languages)]
    if cache is not None:
        args += ["--cache", str(cache)]
    run_side(side, args)
    return json.loads(out.read_text(encoding="utf-8"))


def pictures(side: Side, spec: list[list[str]], folder: Path, scratch: Path) -> None:
    """PNG pictures of the faces in ``spec`` of ``side`` (built in a process of its own)."""
    if not spec:
        return
    spec_file = scratch / f"{side.role.lower()}-pictures.json"
    spec_file.write_text(json.dumps(spec), encoding="utf-8")
    run_side(side, [sys.executable, "-m", "deckgen.diffing.snapshot", str(side.root), "-", "--pictures",
                str(spec_file), str(folder)])


def run_side(side: Side, args: list[str]) -> None:
    """Run ``args`` for ``side``; its problems come back as located errors naming the side (OLD or NEW)."""
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode != 0:
        lines = [l for l in done.stderr.splitlines() if l.strip()]
        tail = lines[-1] if lines else f"exit {done.returncode}"
        problems = [Problem(None, None, None, side.role, f"{side.label} does not build: {line}")
                    for line in (lines if done.returncode == 2 else [tail])]
        raise DeckgenError(problems)
