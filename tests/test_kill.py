"""A build killed (SIGKILL) at any moment leaves every PDF under its final name complete: old or new.

The demo project is built once to completion, then rebuilt with changed words and killed — at seeded random
moments across the build, and, every other time, just as a file in the output folder starts changing (the
moments a non-atomic writer would leave half a file); after every kill each ``*.pdf`` (temporary files start with a dot) must pass
``qpdf --check`` (or, without qpdf, be read page by page by pypdf).  Nothing here asserts a duration: the
first build's length only spreads the kill points over a build.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import PROJECTS, ROOT

REPETITIONS = 6


def valid_pdf(path: Path) -> bool:
    if shutil.which("qpdf"):
        done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True)
        return done.returncode in (0, 3)  # 3: warnings only
    from pypdf import PdfReader

    try:
        reader = PdfReader(str(path), strict=True)
        return all(page.extract_text() is not None for page in reader.pages)
    except Exception:
        return False


def final_pdfs(out: Path) -> list[Path]:
    return [p for p in out.rglob("*.pdf") if not p.name.startswith(".")]


#: Runs deckgen with every file write slowed to 16 KiB per 2 ms, so that the moments while a file is being
#: written are long enough for a kill to land in them (a writer that truncates a final name would show).
SLOW_WRITES = """
import builtins, os, sys, time

class Slow:
    def __init__(self, f):
        self.f = f
    def write(self, data):
        for i in range(0, len(data), 16384):
            self.f.write(data[i:i + 16384])
            self.f.flush()
            time.sleep(0.002)
        return len(data)
    def __getattr__(self, name):
        return getattr(self.f, name)
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return self.f.__exit__(*exc)

_fdopen, _open = os.fdopen, builtins.open
os.fdopen = lambda *a, **k: Slow(_fdopen(*a, **k))
builtins.open = lambda file, mode="r", *a, **k: (Slow if "w" in mode else (lambda f: f))(_open(file, mode, *a, **k))
sys.argv = ["deckgen", *sys.argv[1:]]
from deckgen.cli import main
main()
"""


def build(project: Path, out: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", SLOW_WRITES, "build", "--project", str(project), "--dpi", "300",
                             "--jobs", "1", "--no-cache", "-q", "--out", str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def state(out: Path) -> dict[str, tuple[int, int]]:
    return {str(p): (p.stat().st_size, p.stat().st_mtime_ns) for p in out.rglob("*.pdf*") if p.is_file()}


def wait_for_writing(out: Path, proc: subprocess.Popen, length: float) -> None:
    """Return when a PDF (or its temporary file) in ``out`` appears or changes, or when the build ends."""
    before = state(out)
    deadline = time.monotonic() + 10 * length
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            if state(out) != before:
                return
        except FileNotFoundError:  # a temporary file renamed while looking
            return
        time.sleep(0.002)


@pytest.mark.slow  # it waits for builds to run (little CPU, but a minute): .ci/run runs it
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_build_leaves_old_or_new_complete_pdfs(tmp_path):
    project = tmp_path / "demo"
    shutil.copytree(PROJECTS / "format1", project)
    shutil.copytree(ROOT / "fonts", project / "fonts")  # a link out of the project would be refused
    out = tmp_path / "out"
    start = time.monotonic()
    first = build(project, out)
    assert first.wait(timeout=300) == 0, first.stderr.read()
    length = time.monotonic() - start
    before = {p: p.read_bytes() for p in final_pdfs(out)}
    assert len(before) == 4 and all(valid_pdf(p) for p in before)
    rng = random.Random(18)
    lang = project / "data/demo/lang/en.yaml"
    killed = mid_write = 0
    for n in range(REPETITIONS):
        lang.write_text(lang.read_text(encoding="utf-8").replace("{name: Tide", f"{{name: Tide{n}"), encoding="utf-8")
        proc = build(project, out)
        if n % 2:  # at a random moment of the build
            time.sleep(rng.uniform(0.1, 1.0) * length)
        else:  # as files are being written: the moment a file in the output folder changes, plus a little
            wait_for_writing(out, proc, length)
            time.sleep(rng.uniform(0.0, 0.05))
        proc.send_signal(signal.SIGKILL)
        code = proc.wait(timeout=60)
        killed += code == -signal.SIGKILL
        temporaries = [p for p in out.rglob(".*.tmp")]
        mid_write += bool(temporaries)
        for p in temporaries:  # what a killed write leaves: a temporary name, never a final one
            p.unlink()
        pdfs = final_pdfs(out)
        assert {p.name for p in pdfs} == {p.name for p in before}, "a final PDF went missing"
        bad = [p.name for p in pdfs if not valid_pdf(p)]
        assert not bad, f"kill {n}: truncated PDFs under a final name: {bad}"
    assert killed >= REPETITIONS // 2, "the kills came after the builds had ended"
    print(f"\nkill test: {REPETITIONS} builds, {killed} killed mid-build ({mid_write} while writing a file), every "
          f"PDF complete after each")
