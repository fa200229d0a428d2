"""Games as plugins: a project brings its own engine, check and document kind; engines are found by name."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from deckgen.cli import main
from deckgen.loader import load_project
from tests.conftest import ROOT, copy_project, fixture_project


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(autouse=True)
def trusted_plugins(monkeypatch):
    """The plugins of these projects run: trusted as a user's CI trusts them (DECKGEN_TRUST=1)."""
    monkeypatch.setenv("DECKGEN_TRUST", "1")


@pytest.fixture
def duel(tmp_path):
    return fixture_project("plugin", tmp_path / "duel")


def test_a_project_plugin_brings_engine_check_document_and_decisions(duel, tmp_path):
    listed = run("list", "--project", duel)
    assert listed.exit_code == 0, listed.output
    assert "duel: Duel  engine: duel" in listed.output and "document scores (duel-scores)" in listed.output
    checked = run("check", "--project", duel)
    assert checked.exit_code == 0, checked.output
    showdown = tmp_path / "s.yaml"
    showdown.write_text("players:\n  - {name: A, card: low}\n  - {name: B, card: high}\n")
    judged = run("judge", "duel", showdown, "--project", duel)
    assert judged.exit_code == 0, judged.output
    assert json.loads(judged.output)["winners"] == ["B"]
    decided = run("decisions", "duel", "--lang", "de", "--project", duel)
    assert decided.exit_code == 0 and "tie: Gleiche Karten teilen den Pot." in decided.output
    out = tmp_path / "out"
    built = run("build", "--lang", "en", "--dpi", "72", "--out", out, "--project", duel, "--jobs", "1")  # no workers
    assert built.exit_code == 0, built.output
    scores = PdfReader(out / "duel" / "scores-en-a4.pdf")
    art = [float(v) * 25.4 / 72 for v in scores.pages[0].artbox]
    assert art[2] - art[0] == pytest.approx(100, abs=0.01) and art[3] - art[1] == pytest.approx(70, abs=0.01)
    assert (out / "duel" / "duel-en-cards.pdf").is_file()


def test_the_plugins_check_runs(duel):
    cards = duel / "data/duel/cards.yaml"
    cards.write_text(cards.read_text() + "- {id: middle, value: 1}\n")
    for lang in ("en", "de"):
        path = duel / f"data/duel/lang/{lang}.yaml"
        path.write_text(path.read_text().replace("  low: {name:", "  middle: {name: Mitte}\n  low: {name:"))
    result = run("check", "--project", duel)
    assert result.exit_code == 2
    assert "data/duel/game.yaml: decks: a duel deck is one high and one low card" in result.output


def test_a_plugin_that_fails_to_import_is_located_in_deckgen_yaml(duel):
    (duel / "plugins/duel.py").write_text("import nowhere_to_be_found\n")
    result = run("list", "--project", duel)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.output.startswith("deckgen.yaml:6:")
    assert "plugin 'plugins/duel.py' failed to load: ModuleNotFoundError" in result.output
    assert "(duel.py:1)" in result.output


def test_a_missing_plugin_file_is_located(duel):
    text = (duel / "deckgen.yaml").read_text().replace("plugins/duel.py", "plugins/nothing.py")
    (duel / "deckgen.yaml").write_text(text)
    result = run("check", "--project", duel)
    assert result.exit_code == 2 and result.output.startswith("deckgen.yaml:6:")
    assert "no plugin 'plugins/nothing.py'" in result.output


def test_a_plugin_game_stays_in_its_project(duel):
    assert "duel" in load_project(duel).engines
    assert "duel" not in load_project(ROOT).engines


def test_an_unknown_engine_name_is_a_located_error(project_copy):
    game = project_copy / "data/classic/game.yaml"
    game.write_text(game.read_text().replace("engine: classic", "engine: gladbak"))
    line = next(i for i, l in enumerate(game.read_text().splitlines(), 1) if l.startswith("engine:"))
    result = run("check", "--project", project_copy)
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"data/classic/game.yaml:{line}:1: engine: unknown engine 'gladbak' (known: ")


def test_a_game_is_judged_by_its_engine_whatever_its_id(tmp_path):
    """`deckgen judge mysabacc` judges with the classic engine and mysabacc's own data (its locations)."""
    proj = copy_project(tmp_path / "p", "classic")
    shutil.move(proj / "data/classic", proj / "data/mysabacc")
    shutil.move(proj / "templates/classic", proj / "templates/mysabacc")
    text = (proj / "deckgen.yaml").read_text().replace("games: [classic]", "games: [mysabacc]")
    (proj / "deckgen.yaml").write_text(text)
    showdown = tmp_path / "s.yaml"
    showdown.write_text("players:\n  - {name: A, hand: [face:lord-of-sith, coins:commander, sabers:ace]}\n"
                        "  - {name: B, hand: [coins:ace, sabers:8]}\n")
    result = run("judge", "mysabacc", showdown, "--location", "imperial", "--project", proj)
    assert result.exit_code == 0, result.output
    judged = json.loads(result.output)
    assert judged["winners"] == ["A"] and judged["location"] == "imperial"
    assert run("check", "--lang", "en", "--project", proj).exit_code == 0


def test_judge_options_come_from_the_engine(tmp_path):
    showdown = tmp_path / "s.yaml"
    showdown.write_text("players:\n  - {name: A, hand: [green:1]}\n  - {name: B, hand: [red:1]}\n")
    result = run("judge", "gladbach", showdown, "--location", "imperial", "--project", ROOT)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.output.startswith("--location: gladbach has no such option (its options: none)")
    help_text = run("judge", "--help").output
    assert "classic: --location" in help_text
