"""The progress of long commands (deckgen.progress): plain lines, the live view, the whole job's estimate, the
time summary and ``deckgen build --json``; the build's cache counts say what they mean."""

from __future__ import annotations

import io
import json
from pathlib import Path
import time

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.outputs.report import BuildReport
from deckgen.progress import LiveView, PlainLines, Progress, duration


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_plain_lines_say_what_each_stage_counts_and_keep_a_long_stage_alive():
    clock, out = Clock(), io.StringIO()
    lines = PlainLines(out, every=0)  # no beating thread: the test beats by hand
    job = Progress(lines, clock=clock)
    rendering = job("rendering", 2)  # the older callback shape: its unit known by its label
    clock.now += 4
    rendering(1, game="classic")
    clock.now += 6
    rendering(1, game="pazaak")
    drawing = job.stage("drawing", 100, "faces")
    for _ in range(30):
        clock.now += 1
        drawing(1)
    clock.now += 10  # a stall: the pace slows
    lines.beat(job)
    job.close()
    assert out.getvalue().splitlines() == [
        "rendering: 2 decks…",
        "drawing: 100 faces…",
        "drawing: 30/100 faces, 0:50 elapsed, about 1:33 left in all…",  # 40 s for 30 faces: 70 to go
    ]


def test_plain_lines_beat_on_their_own_while_a_stage_runs():
    out = io.StringIO()
    job = Progress(PlainLines(out, every=0.01))
    job.stage("files", 3, "files")
    deadline = time.monotonic() + 5
    while out.getvalue().count("\n") < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    job.close()
    said = out.getvalue().splitlines()
    assert said[0] == "files: 3 files…" and said[1].startswith("files: 0/3 files, 0:00 elapsed"), said


def test_the_summary_says_where_the_time_went_per_stage_and_per_game():
    clock = Clock()
    job = Progress(clock=clock)
    tick = job.stage("rendering", 3, "decks")
    clock.now += 2
    tick(1, game="classic")
    clock.now += 5
    tick(2, game="archeon")
    files = job.stage("files", 2, "files")
    clock.now += 1.5
    files(1, game="classic", kind="sheets")
    clock.now += 0.5
    files(1, game="classic", kind="booklet")
    summary = job.summary()
    assert summary.as_json() == {
        "seconds": 9.0,
        "stages": [{"stage": "rendering", "unit": "decks", "done": 3, "total": 3, "seconds": 7.0},
                   {"stage": "files", "unit": "files", "done": 2, "total": 2, "seconds": 2.0}],
        "games": {"classic": 4.0, "archeon": 5.0},
        "kinds": {"sheets": 1.5, "booklet": 0.5}}
    assert json.loads(json.dumps(summary.as_json())) == summary.as_json()
    assert summary.lines() == ["time: 9.0 s in all",
                               "  by stage: rendering 7.0 s (3 decks), files 2.0 s (2 files)",
                               "  by game: classic 4.0 s, archeon 5.0 s",
                               "  by kind: sheets 1.5 s, booklet 0.5 s"]


def test_untagged_ticks_leave_the_games_time_alone():
    clock = Clock()
    job = Progress(clock=clock)
    files, drawing = job.stage("files", 2, "files"), job.stage("drawing", 2, "faces")
    clock.now += 1
    drawing(1)  # a face drawn while the classic deck waits for it: still classic's time
    clock.now += 2
    files(1, game="classic")
    assert job.games == {"classic": 3.0}


def test_the_whole_jobs_estimate_runs_at_each_stages_pace_and_remembers_the_last_run():
    clock = Clock()
    job = Progress(clock=clock)
    tick = job.stage("rendering", 10, "decks")
    assert job.estimate() is None  # nothing done yet, no earlier run: nothing to tell
    clock.now += 4
    tick(2)
    assert job.estimate() == pytest.approx(16.0)  # 2 s a deck, 8 to go
    clock = Clock()
    again = Progress(clock=clock)
    again.expect({"seconds": 100.0, "ends": {"rendering": 20.0, "files": 100.0}})  # the last run of this build
    tick = again.stage("rendering", 10, "decks")
    clock.now += 4
    tick(2)
    assert again.estimate() == pytest.approx(16.0 + 80.0)  # and what came after rendering last time
    tick(8)
    again.stage("files", 5, "files")
    assert again.estimate() == pytest.approx(100.0 - 4.0)  # no pace yet: last time's end of the stage
    record = again.record()
    assert record["ends"]["rendering"] == pytest.approx(4.0) and "files" in record["ends"]


def test_the_live_view_draws_the_whole_job_and_each_stage_on_a_terminal():
    from rich.console import Console

    clock, screen = Clock(), io.StringIO()
    view = LiveView(Console(file=screen, force_terminal=True, width=100, color_system=None))
    job = Progress(view, clock=clock)
    tick = job.stage("drawing", 10, "faces")
    clock.now += 3
    tick(4)
    job.stage("files", 2, "files")
    job.close()
    shown = screen.getvalue()
    for words in ("whole job", "0/2 stages", "about 0:04 left", "drawing", "4/10 faces", "0:03, 0:04 left",
                  "0/2 files"):
        assert words in shown, shown


def test_durations_read_as_a_clock():
    assert [duration(s) for s in (7, 185, 3725)] == ["0:07", "3:05", "1:02:05"]


def test_the_closing_line_counts_faces_as_made_now_or_reused():
    cold = BuildReport(decks=1, cards=4, pages=2, vector=True, rendered=4)
    assert "4 faces rendered, 0 reused from the cache" in cold.line()
    warm = BuildReport(decks=2, cards=8, pages=4, drawn=1, reused=7)
    assert warm.line().startswith("2 decks, 8 cards, 4 pages;")
    assert "1 face drawn, 7 reused from the cache" in warm.line()


# ------------------------------------------------------------------ a starter project, built


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    root = tmp_path_factory.mktemp("progress") / "starter"
    assert CliRunner().invoke(main, ["new", str(root)]).exit_code == 0
    return root


def built(starter, out, *args) -> dict:
    result = CliRunner().invoke(main, ["build", "--project", str(starter), "--lang", "en", "--no-booklets",
                                       "--out", str(out), "--cache", str(Path(out).parent / "cache"), "--json",
                                       *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_build_json_says_what_was_done_and_where_the_time_went(starter, tmp_path):
    first = built(starter, tmp_path / "out")
    assert first["decks"] == 1 and first["written"] and first["bytes"] > 0
    assert first["faces"] == {"placed": "vector", "rendered": 4, "drawn": 0, "reused": 0}  # no cache yet
    stages = {s["stage"]: s for s in first["time"]["stages"]}
    assert stages["rendering"]["unit"] == "decks" and stages["rendering"]["done"] == 1
    assert stages["files"]["done"] == len(first["written"])
    assert set(first["time"]["games"]) == {"demo"}
    assert {"sheets", "document"} <= set(first["time"]["kinds"])
    again = built(starter, tmp_path / "out")
    assert again["faces"]["rendered"] == 0 and again["faces"]["reused"] == 4
    assert again["written"] == [] and len(again["unchanged"]) == len(first["written"])


def test_a_cold_raster_build_reuses_nothing_and_a_warm_one_draws_nothing(starter, tmp_path):
    cold = built(starter, tmp_path / "out", "--raster", "--dpi", "72")
    assert (cold["faces"]["drawn"], cold["faces"]["reused"]) == (4, 0)
    warm = built(starter, tmp_path / "out", "--raster", "--dpi", "72")
    assert (warm["faces"]["drawn"], warm["faces"]["reused"]) == (0, 4)


def test_piped_build_output_says_the_stages_and_the_time(starter, tmp_path):
    result = CliRunner().invoke(main, ["build", "--project", str(starter), "--lang", "en", "--no-booklets",
                                       "--out", str(tmp_path / "out"), "--cache", str(tmp_path / "cache")])
    assert result.exit_code == 0, result.output
    assert "rendering: 1 deck…" in result.stderr and "files: " in result.stderr
    assert "time: " in result.stderr and "by game: demo" in result.stderr
    assert "4 faces rendered, 0 reused from the cache" in result.stdout
    quiet = CliRunner().invoke(main, ["build", "--project", str(starter), "--lang", "en", "--no-booklets",
                                      "--out", str(tmp_path / "out"), "--quiet"])
    assert quiet.exit_code == 0 and quiet.output == ""


def test_check_shows_a_stage_per_game_and_charges_each_check(starter):
    from deckgen.checks import run_checks
    from deckgen.loader import load_project

    job = Progress()
    run_checks(load_project(starter), ["demo"], only={"translations", "card count"}, progress=job)
    [stage] = job.stages
    assert (stage.label, stage.unit, stage.done, stage.total) == ("checking demo", "checks", 2, 2)
    assert set(job.kinds) == {"translations", "card count"} and set(job.games) == {"demo"}


def test_export_counts_decks_and_files(starter, tmp_path):
    from deckgen.build import BuildOptions
    from deckgen.export import export
    from deckgen.loader import load_project

    job = Progress()
    written = export(load_project(starter), ["demo"], "svg", BuildOptions(out=tmp_path, languages=("en",)), job)
    assert [(s.label, s.unit, s.done) for s in job.stages] == [("rendering", "decks", 1), ("files", "files",
                                                                                         len(written))]


def test_each_part_of_a_job_is_remembered_on_its_own():
    clock = Clock()
    job = Progress(clock=clock)
    job.stage("files", 1, "files")(1)  # an earlier build of a kit
    clock.now += 50
    job.expect({"seconds": 10.0, "ends": {"rendering": 4.0, "files": 10.0}})
    tick = job.stage("rendering", 2, "decks")
    assert job.estimate() == pytest.approx(4.0 + 6.0)  # its files stage is still to come
    clock.now += 3
    tick(2)
    assert job.record() == {"seconds": 3.0, "ends": {"rendering": 3.0}}
