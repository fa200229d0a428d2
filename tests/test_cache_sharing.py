"""The build cache of a project: one folder whatever ``--out`` is (the project's output/.cache), bounded by
deckgen.yaml's ``cache: limit:`` (least recently used entries pruned at the end of a build, never one the
build used), ``deckgen clean`` saying what it freed, and Ctrl-C leaving no half-written file anywhere."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.loader import load_project
from deckgen.output import CACHE_ENV, CACHE_TAG, cache_folder, mark_cache
from deckgen.project import cache_home
from deckgen.render.cachelimit import DEFAULT_LIMIT, format_size, parse_size, prune
from deckgen.scaffold import create_project

ROOT = Path(__file__).resolve().parent.parent
CARDS_ONLY = ("--lang", "en", "--raster", "--dpi", "72", "--no-booklets", "--jobs", "1")
DAY = 24 * 3600


@pytest.fixture
def starter(tmp_path, monkeypatch) -> Path:
    monkeypatch.delenv(CACHE_ENV, raising=False)
    create_project(tmp_path / "proj")
    return tmp_path / "proj"


def deckgen(*args) -> str:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def build(project: Path, out: Path) -> int:
    """Build the starter's cards into ``out``; the number of faces drawn."""
    output = deckgen("build", *CARDS_ONLY, "--project", project, "--out", out)
    return int(re.search(r"(\d+) faces (?:drawn|rendered)", output).group(1))


def pdfs(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}


def entries(cache: Path) -> list[Path]:
    return [p for kind in ("rasters", "faces", "builds") for p in (cache / kind).glob("*/*") if p.is_file()]


def age(paths, seconds: float) -> None:
    for path in paths:
        then = time.time() - seconds
        os.utime(path, (then, then))


# --- one cache per project ----------------------------------------------------------------------

def test_output_folders_share_the_projects_cache_within_its_limit_and_clean_says_what_it_freed(starter, tmp_path):
    settings = starter / "deckgen.yaml"
    settings.write_text(settings.read_text(encoding="utf-8") + "cache:\n  limit: 1 kB\n", encoding="utf-8")
    assert build(starter, tmp_path / "one") > 0
    cache = starter / "output" / ".cache"
    made = entries(cache)
    assert (cache / CACHE_TAG).is_file() and sum(p.stat().st_size for p in made) > 1000, \
        "the build keeps all it used, even over the limit"
    age(made, DAY)  # a day later: the next build touches what it uses
    stranger = plant(cache, "rasters", "ee" * 32, 5000, 2 * DAY)
    assert build(starter, tmp_path / "two") == 0, "the second output folder uses the faces the first drew"
    assert not stranger.exists(), "an entry no build used for two days goes"
    assert not (tmp_path / "one" / ".cache").exists() and not (tmp_path / "two" / ".cache").exists()
    assert pdfs(tmp_path / "one") == pdfs(tmp_path / "two")
    faces = {p.name for p in made if p.parent.parent.name in ("rasters", "faces")}
    assert faces <= {p.name for p in entries(cache)}, "the faces the second build used are all still there"
    older = tmp_path / "old"  # an output folder with the cache an earlier deckgen kept in it
    mark_cache(older / ".cache")
    plant(older / ".cache", "rasters", "ab" * 32, 3000, 0)
    lines = deckgen("clean", "--project", starter, "--out", older).splitlines()
    assert re.fullmatch(r"emptied \S*output/\.cache: freed \d+\.\d (kB|MB) in \d+ files", lines[0]), lines
    assert re.search(r"old/\.cache: freed [34]\.\d kB in 1 file$", lines[1]), lines  # 3000 bytes: a block or so
    assert not entries(cache) and (cache / CACHE_TAG).is_file()
    assert (tmp_path / "two" / "demo").is_dir(), "output files stay"


def test_the_named_cache_wins_then_the_environment_then_the_project(tmp_path, monkeypatch):
    monkeypatch.delenv(CACHE_ENV, raising=False)
    home, out = tmp_path / "proj" / "output", tmp_path / "elsewhere"
    assert cache_folder(out, home=home) == home / ".cache"
    assert cache_folder(out) == out / ".cache"  # no project: the output folder's own
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "shared"))
    assert cache_folder(out, home=home) == tmp_path / "shared"
    assert cache_folder(out, tmp_path / "named", home=home) == tmp_path / "named"


def test_a_project_that_cannot_be_written_keeps_each_output_folders_cache(tmp_path, monkeypatch):
    (tmp_path / "proj").mkdir()
    assert cache_home(tmp_path / "proj") == (tmp_path / "proj" / "output").resolve()
    monkeypatch.setattr(os, "access", lambda path, mode: False)  # (the tests may run as root: chmod alone is not enough)
    assert cache_home(tmp_path / "proj") is None
    (tmp_path / "proj" / "output").symlink_to(tmp_path)  # an output link leading out: refused, so no home either
    monkeypatch.undo()
    assert cache_home(tmp_path / "proj") is None



def test_the_installed_bundled_games_make_no_output_folder_where_the_user_stands(tmp_path, monkeypatch):
    import deckgen.project as where

    installed = where._PACKAGE / "bundled"
    monkeypatch.setattr(where, "BUNDLED_ROOT", installed.resolve())
    assert cache_home(installed, cwd=tmp_path) is None, "no output/ here: each --out keeps its own cache"
    (tmp_path / "output").mkdir()
    assert cache_home(installed, cwd=tmp_path) == (tmp_path / "output").resolve()


# --- the limit ----------------------------------------------------------------------------------

def test_the_limit_is_an_optional_size_in_deckgen_yaml(starter):
    assert load_project(starter).cache_limit is None  # format 2, no key: builds as before, default limit
    assert parse_size("500 MB") == 500 * 10**6 and parse_size("1.5 GiB") == 3 * 2**29 and parse_size(2048) == 2048
    settings = starter / "deckgen.yaml"
    text = settings.read_text(encoding="utf-8")
    settings.write_text(text + "cache:\n  limit: 20 kB\n", encoding="utf-8")
    assert load_project(starter).cache_limit == 20_000
    settings.write_text(text + "cache:\n  limit: lots\n", encoding="utf-8")
    with pytest.raises(DeckgenError) as caught:
        load_project(starter)
    where = str(caught.value.problems[0])
    assert where.startswith(f"deckgen.yaml:{text.count(chr(10)) + 2}:") and "cache.limit" in where, where
    assert DEFAULT_LIMIT >= 10**9 // 2 and format_size(288_400_000) == "288.4 MB"


def plant(cache: Path, kind: str, name: str, size: int, used_ago: float) -> Path:
    path = cache / kind / name[:2] / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"x" * size)
    age([path], used_ago)
    return path


def test_pruning_deletes_the_least_recently_used_first_and_never_what_the_build_used(tmp_path):
    cache = tmp_path / "cache"
    mark_cache(cache)
    oldest = plant(cache, "rasters", "aa" * 32, 4000, 3 * DAY)
    older = plant(cache, "faces", "bb" * 32 + ".json", 4000, 2 * DAY)
    old = plant(cache, "builds", "cc" * 32 + ".json", 4000, DAY)
    used = plant(cache, "rasters", "dd" * 32, 9000, 0)
    started = time.time() - 60
    done = prune(cache, 10_000, started)
    assert done.files == 3 and done.bytes >= 12_000, "the used entry alone is over the limit: it stays all the same"
    assert used.exists() and not any(p.exists() for p in (oldest, older, old))
    fine = plant(cache, "rasters", "ee" * 32, 500, DAY)
    assert prune(cache, 100_000, time.time()).files == 0 and fine.exists(), "under the limit: nothing goes"


def test_pruning_leaves_a_folder_deckgen_did_not_mark_and_links_alone(tmp_path):
    theirs = tmp_path / "theirs"
    kept = plant(theirs, "rasters", "aa" * 32, 4000, DAY)
    assert prune(theirs, 0, time.time()).files == 0 and kept.exists()
    cache, outside = tmp_path / "cache", tmp_path / "outside"
    mark_cache(cache)
    precious = plant(outside, "faces", "ab" * 32 + ".json", 4000, DAY)
    os.symlink(outside / "faces", cache / "faces")  # a kind's folder planted as a link
    (cache / "rasters").mkdir()
    os.symlink(outside / "faces" / "ab", cache / "rasters" / "ab")  # a key folder planted as a link
    assert prune(cache, 0, time.time()).files == 0 and precious.exists()


# --- an unchanged build ------------------------------------------------------------------------

def test_an_unchanged_vector_build_renders_no_face_and_a_new_folder_gets_the_same_bytes(starter, tmp_path,
                                                                                          monkeypatch):
    from deckgen.render.templates import DeckRenderer

    rendered: list[str] = []
    front = DeckRenderer.render_front
    monkeypatch.setattr(DeckRenderer, "render_front", lambda self, card: rendered.append(card.id) or front(self, card))
    vector = ("build", "--lang", "en", "--no-booklets", "-q", "--project", starter, "--out")
    deckgen(*vector, tmp_path / "one")
    cold = len(rendered)
    deckgen(*vector, tmp_path / "one")
    assert cold > 0 and len(rendered) == cold, "every file unchanged: no face rendered"
    deckgen(*vector, tmp_path / "two")  # new files: the faces the cache knows by hash are rendered for them
    assert len(rendered) == 2 * cold
    assert pdfs(tmp_path / "one") == pdfs(tmp_path / "two")


# --- Ctrl-C ------------------------------------------------------------------------------------

def _default_sigint() -> None:
    """In the build's process: Ctrl-C as a terminal has it (a test run in the background starts with SIGINT
    ignored, which the build would inherit)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.slow  # a build in a process of its own: about 2 s of CPU, over the fast suite's share
def test_ctrl_c_mid_build_leaves_no_partial_file_and_says_one_line(starter, tmp_path):
    """SIGINT to the whole process group (as a terminal sends it) as soon as the build writes: exit 130, one
    line, no traceback (not from the drawing workers either), no temporary file, no broken PDF or cache entry."""
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(CACHE_ENV, None)
    process = subprocess.Popen([sys.executable, "-m", "deckgen", "build", "--lang", "en", "--raster", "--dpi", "150",
                                "--no-booklets", "--jobs", "2", "-q", "--project", str(starter), "--out", str(out)],
                               stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
                               start_new_session=True, preexec_fn=_default_sigint)
    cache = starter / "output" / ".cache"
    deadline = time.monotonic() + 60
    while process.poll() is None and time.monotonic() < deadline:
        if (cache / "rasters").is_dir() or out.is_dir():  # drawing, or writing: mid-build
            break
        time.sleep(0.005)
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert err.strip().splitlines() == ["interrupted; finished files were kept, unfinished ones not written"]
    leftovers = [p for folder in (out, starter) for p in folder.rglob("*") if p.name.endswith(".tmp")]
    assert not leftovers
    from pypdf import PdfReader

    for pdf in out.rglob("*.pdf"):
        assert len(PdfReader(str(pdf), strict=True).pages) > 0
    for entry in entries(cache):
        if entry.suffix == ".json":
            json.loads(entry.read_text(encoding="utf-8"))
        else:
            assert entry.read_bytes()[:4] == b"DGR1" and entry.stat().st_size > 12


def test_a_ctrl_c_caught_after_it_hit_an_exec_still_exits_130(tmp_path):
    """CPython records a KeyboardInterrupt inside exec() of a string (dataclasses and attrs make methods so
    while modules load) as unhandled and, run with -m as `python -m deckgen` is, kills its process with SIGINT
    at exit (status -2); the handler clears that."""
    (tmp_path / "caught.py").write_text("import sys\nfrom deckgen.interrupt import interrupted\n"
                                        "try:\n    exec('raise KeyboardInterrupt')\n"
                                        "except KeyboardInterrupt:\n    sys.exit(interrupted())\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "caught"], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (done.returncode, done.stderr) == (130, "interrupted; finished files were kept, unfinished ones not "
                                                   "written\n")
