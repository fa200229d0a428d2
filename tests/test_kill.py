"""A build killed (SIGKILL) at any moment leaves every PDF under its final name complete: old or new.

The demo project is built once to completion, then rebuilt with changed words and killed at seeded random
moments across the build; after every kill each ``*.pdf`` (temporary files start with a dot) must pass
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


def build(project: Path, out: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "deckgen.cli", "build", "--project", str(project), "--dpi", "300",
                             "--jobs", "1", "--no-cache", "-q", "--out", str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_build_leaves_old_or_new_complete_pdfs(tmp_path):
    project = tmp_path / "demo"
    shutil.copytree(PROJECTS / "format1", project)
    os.symlink(ROOT / "fonts", project / "fonts")
    out = tmp_path / "out"
    start = time.monotonic()
    first = build(project, out)
    assert first.wait(timeout=300) == 0, first.stderr.read()
    length = time.monotonic() - start
    before = {p: p.read_bytes() for p in final_pdfs(out)}
    assert len(before) == 4 and all(valid_pdf(p) for p in before)
    rng = random.Random(18)
    lang = project / "data/demo/lang/en.yaml"
    killed = 0
    for n in range(REPETITIONS):
        lang.write_text(lang.read_text(encoding="utf-8").replace("{name: Tide", f"{{name: Tide{n}"), encoding="utf-8")
        proc = build(project, out)
        time.sleep(rng.uniform(0.1, 1.0) * length)
        proc.send_signal(signal.SIGKILL)
        code = proc.wait(timeout=60)
        killed += code == -signal.SIGKILL
        pdfs = final_pdfs(out)
        assert {p.name for p in pdfs} == {p.name for p in before}, "a final PDF went missing"
        bad = [p.name for p in pdfs if not valid_pdf(p)]
        assert not bad, f"kill {n}: truncated PDFs under a final name: {bad}"
    assert killed >= REPETITIONS // 2, "the kills came after the builds had ended"
    print(f"\nkill test: {REPETITIONS} builds, {killed} killed mid-build, every PDF complete after each")
