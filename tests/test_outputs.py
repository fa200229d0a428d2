"""Outputs as generators: ``deckgen build --plan`` lists every file a build then writes, with its pages, and a
project plugin adds an output kind that build and --plan both use."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from tests.conftest import ROOT, fixture_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def planned(output: str) -> dict[Path, str]:
    """{path: the rest of the line} of a --plan listing (an export's order summary follows as # lines)."""
    lines = [l for l in output.splitlines() if l.strip() and not l.startswith("#")]
    return {Path(l.split("  ")[0]): l.split("  ", 1)[1] for l in lines}


def written(out: Path) -> set[Path]:
    return {p for p in out.rglob("*") if p.is_file() and ".cache" not in p.parts}


def pdf_pages(path: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", path.read_bytes()))


def assert_plan_matches_build(plan: dict[Path, str], out: Path) -> None:
    """Every planned file was written, nothing else was, and every page count the plan knows is right."""
    assert set(plan) == written(out)
    known = 0
    for path, rest in plan.items():
        pages = re.search(r"(\d+) pages?$", rest)
        if pages and path.suffix == ".pdf":
            assert pdf_pages(path) == int(pages.group(1)), (path, rest)
            known += 1
    assert known > 0


@pytest.fixture
def plugin_project(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKGEN_TRUST", "1")
    return fixture_project("outputs", tmp_path / "project")


def test_plan_writes_nothing_and_lists_what_the_build_writes(tmp_path):
    out = tmp_path / "out"
    # Three of pazaak's eight decks, one of each kind of plan: main (no words: main-a4.pdf, with a tuck box),
    # smuggler (a deck picked from the side catalogue, in a language, with a tuck box) and score (no tuck box).
    # test_plan_matches_the_build_of_every_bundled_game (slow) compares every deck of every game.
    args = ("pazaak", "--decks", "main,score,smuggler", "--lang", "en", "--vector", "--no-booklets", "--out", str(out),
            "--project", str(ROOT))
    result = run("build", "--plan", *args)
    assert result.exit_code == 0, result.output
    assert not out.exists()  # --plan writes nothing, not even the cache
    plan = planned(result.output)
    kinds = {rest.split("  ")[0] for rest in plan.values()}
    assert {"sheets", "single cards", "tuck box"} <= kinds
    assert plan[out / "pazaak" / "main-a4.pdf"] == "sheets  paper a4  duplex long  10 pages"
    result = run("build", "-q", *args)
    assert result.exit_code == 0, result.output
    assert_plan_matches_build(plan, out)


def test_plugin_output_kind_is_planned_and_built(plugin_project, tmp_path):
    out = tmp_path / "out"
    args = ("--lang", "en", "--out", str(out), "--project", str(plugin_project))
    result = run("build", "--plan", *args)
    assert result.exit_code == 0, result.output
    plan = planned(result.output)
    checklist = out / "demo" / "demo-en-checklist.txt"
    assert plan[checklist] == "checklist  paper -  duplex -  1 page"
    booklet = out / "demo" / "demo-rules-en.pdf"
    assert plan[booklet] == "booklet  paper a5  duplex -  pages unknown until laid out"
    assert not out.exists()
    result = run("build", "-q", *args)
    assert result.exit_code == 0, result.output
    assert_plan_matches_build(plan, out)
    assert checklist.read_text(encoding="utf-8") == "Demo Game: demo\n[ ] 2 x Ember\n[ ] 1 x Tide\n[ ] 1 x Crown\n"


def test_plugin_output_kind_stays_in_its_project(plugin_project, tmp_path):
    assert run("build", "--plan", "--project", str(plugin_project)).exit_code == 0  # its plugin is loaded
    other = tmp_path / "other"
    shutil.copytree(plugin_project, other, ignore=shutil.ignore_patterns("plugins"))
    text = (other / "deckgen.yaml").read_text(encoding="utf-8")
    (other / "deckgen.yaml").write_text(text.replace("plugins: [plugins/cardlist.py]\n", ""), encoding="utf-8")
    result = run("build", "--plan", "--project", str(other))
    assert result.exit_code == 0, result.output
    assert "checklist" not in result.output
    assert "demo-en-a4.pdf  sheets" in result.output


def test_plugin_output_failure_is_located_and_nothing_is_written(plugin_project, tmp_path):
    plugin = plugin_project / "plugins" / "cardlist.py"
    plugin.write_text(plugin.read_text(encoding="utf-8").replace(
        'lines = [f"{game.name(lang)}: {deck_id}"]', 'lines = [1 / 0]'), encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", "--lang", "en", "--out", str(out), "--project", str(plugin_project))
    assert result.exit_code == 2, result.output
    assert "render() of output kind 'checklist' failed: ZeroDivisionError: division by zero (cardlist.py:" \
           in result.output
    assert "Traceback" not in result.output
    assert not [p for p in written(out) if p.suffix in (".pdf", ".txt")]


def test_plugin_plan_of_the_wrong_type_is_refused(plugin_project):
    plugin = plugin_project / "plugins" / "cardlist.py"
    plugin.write_text(plugin.read_text(encoding="utf-8").replace("files.append(PlannedFile(path, self.kind, "
                                                                 "paper=None, duplex=None, pages=1))",
                                                                 "files.append(str(path))"), encoding="utf-8")
    result = run("build", "--plan", "--project", str(plugin_project))
    assert result.exit_code == 2, result.output
    assert "plan() of output kind 'checklist' gave a str, not a PlannedFile" in result.output


def test_plan_refuses_what_the_build_refuses(plugin_project, tmp_path):
    # the small project: to name the games it has, an unknown game's command loads every game of the project
    result = run("build", "--plan", "nosuchgame", "--project", str(plugin_project), "--out", str(tmp_path / "o"))
    assert result.exit_code == 2
    assert "unknown game 'nosuchgame'" in result.output


@pytest.mark.slow
def test_plan_matches_the_build_of_every_bundled_game(tmp_path):
    out = tmp_path / "out"
    args = ("--lang", "en,de", "--out", str(out), "--project", str(ROOT))
    result = run("build", "--plan", *args)
    assert result.exit_code == 0, result.output
    plan = planned(result.output)
    assert run("build", "-q", *args).exit_code == 0
    assert_plan_matches_build(plan, out)


def test_plugins_doc_shows_the_example_the_tests_build():
    doc = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    code = (ROOT / "tests" / "projects" / "outputs" / "plugins" / "cardlist.py").read_text(encoding="utf-8")
    assert "# plugins/cardlist.py\n" + code in doc


@pytest.mark.parametrize("how", [("--format", "svg"), ("--preset", "mpc")])
def test_export_plan_lists_what_the_export_writes(plugin_project, tmp_path, how):
    """The small demo game (an export renders every face of its decks, pazaak's 79): two of its cards, in two
    languages, so two decks in the order (demo-en, demo-de)."""
    out = tmp_path / "out"
    args = ("demo", *how, "--lang", "en,de", "--cards", "ember,tide", "--out", str(out), "--project",
            str(plugin_project))
    result = run("export", "--plan", *args)
    assert result.exit_code == 0, result.output
    assert not out.exists()
    plan = planned(result.output)
    assert len(plan) >= 6  # two fronts and at least one back in each language
    result = run("export", *args)
    assert result.exit_code == 0, result.output
    assert set(plan) == written(out)


def test_rules_plan_names_the_booklets_the_rules_command_writes(plugin_project, tmp_path):
    out = tmp_path / "out"
    args = ("--lang", "en", "--paper", "letter", "--out", str(out), "--project", str(plugin_project))
    result = run("rules", "--plan", *args)
    assert result.exit_code == 0, result.output
    plan = planned(result.output)
    assert plan[out / "demo" / "demo-rules-en-booklet-letter.pdf"] == \
        "booklet imposed  paper letter  duplex short  pages unknown until laid out"
    assert not out.exists()
    result = run("rules", *args)
    assert result.exit_code == 0, result.output
    assert set(plan) == written(out)
