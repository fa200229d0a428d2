"""The judgement contract: a judge's result read into one typed shape, conformance run by ``deckgen check``,
a plugin's mistakes blamed on the plugin, and the complete plugin example of docs/plugins.md built."""

from __future__ import annotations

import json
import re

import pytest
import yaml
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from pypdf import PdfReader

from deckgen.cli import main
from deckgen.errors import PluginError
from deckgen.judgement import JUDGE_OUTPUT_SCHEMA, HandResult, read_judgement, showdown_cards
from deckgen.loader import load_project
from tests.conftest import ROOT, bundled_project, fixture_project

LOCATED = re.compile(r"^[^:\s]+:\d+(:\d+)?: ")



@pytest.fixture(autouse=True)
def trusted(monkeypatch):
    """The plugins of these test projects run: trusted as a user's CI trusts them (DECKGEN_TRUST=1)."""
    monkeypatch.setenv("DECKGEN_TRUST", "1")

def run(*args):
    """The command line, as a user runs it: every test of a plugin project goes through here."""
    return CliRunner().invoke(main, [str(a) for a in args])


def problem_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if LOCATED.match(line)]


@pytest.fixture
def duel(tmp_path):
    """The fixture plugin project: its judge returns today's minimal dict, {"winners": [...]}."""
    return fixture_project("plugin", tmp_path / "duel")


@pytest.fixture
def twenty(tmp_path):
    """The complete plugin example of docs/plugins.md."""
    return fixture_project("twenty", tmp_path / "twenty")


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


# ------------------------------------------------------------------ the typed shape


def test_a_minimal_dict_is_a_judgement_with_winners_only():
    judged = read_judgement({"winners": ["A"]})
    assert judged.winners == ("A",) and judged.hands == () and judged.payments == {} and judged.extras == {}


def test_hands_are_typed_and_everything_else_is_extras():
    judged = read_judgement({"winners": ["B"], "reason": "higher",
                             "players": [{"name": "A", "total": 26, "category": "bust", "rank": [0, 0], "seen": 2},
                                         {"name": "B", "total": "5", "category": "pair", "rank": 1}],
                             "payouts": {"A": 0, "B": 4}, "pot": 4})
    assert judged.hands == (HandResult("A", 26, "bust", None, {"rank": [0, 0], "seen": 2}),
                            HandResult("B", "5", "pair", 1, {}))
    assert judged.payments == {"A": 0, "B": 4} and judged.pot == 4 and judged.extras == {"reason": "higher"}


def test_the_sets_of_a_match_are_judgements_too():
    judged = read_judgement({"winners": ["A"], "sets": [{"winners": [], "void": True, "players": [{"name": "A",
                                                                                                    "total": 20}]}]})
    assert judged.sets[0].void and judged.sets[0].hands[0].total == 20


@pytest.mark.parametrize("result", [{}, {"winners": "A"}, {"winners": [1]}, ["A"], None])
def test_a_result_without_a_winners_list_is_a_plugin_error(result):
    with pytest.raises(PluginError) as err:
        read_judgement(result)
    assert len(err.value.problems) == 1 and "winners" in str(err.value)


def test_the_cards_of_a_showdown_player_are_read_in_one_place():
    assert showdown_cards({"hand": ["a", "b"]}) == ["a", "b"]
    assert showdown_cards({"table": [7, "+2"]}) == ["7", "+2"]
    assert showdown_cards({"card": "high"}) == ["high"]
    assert showdown_cards("nonsense") == []


def test_every_bundled_engine_fits_the_published_schema_and_the_typed_shape():
    from deckgen.decisions import judge

    project = bundled_project()
    validator = Draft202012Validator(JUDGE_OUTPUT_SCHEMA)
    for game in project.games.values():
        descriptor = project.descriptor(game)
        showdown = yaml.safe_load(descriptor.showdown_example)
        judged = judge(descriptor, showdown, descriptor.data_for(game), {})
        assert list(validator.iter_errors(json.loads(json.dumps(judged.raw)))) == [], game.id
        assert [h.name for h in judged.hands] == [p["name"] for p in showdown["players"]], game.id
        assert all(h.total is not None or h.category is not None for h in judged.hands), game.id


def test_deckgen_schema_writes_the_schema_of_judges_output(duel, tmp_path):
    result = run("schema", "--out", tmp_path / "schemas", "--project", duel)
    assert result.exit_code == 0, result.output
    written = json.loads((tmp_path / "schemas" / "judgement.schema.json").read_text())
    assert written["required"] == ["winners"] and written == json.loads(json.dumps(JUDGE_OUTPUT_SCHEMA))


# ------------------------------------------------------------------ today's plugins keep working


def test_a_plugin_with_todays_minimal_dict_checks_builds_and_judges(duel, tmp_path):
    assert run("check", "--project", duel).exit_code == 0
    showdown = tmp_path / "s.yaml"
    showdown.write_text("players:\n  - {name: A, card: low}\n  - {name: B, card: high}\n")
    judged = run("judge", "duel", showdown, "--project", duel)
    assert judged.exit_code == 0 and json.loads(judged.output) == {"winners": ["B"]}
    built = run("build", "--no-booklets", "--lang", "en", "--dpi", "72", "--out", tmp_path / "out", "--project", duel)
    assert built.exit_code == 0, built.output
    assert (tmp_path / "out" / "duel" / "duel-en-cards.pdf").is_file()


def test_a_judge_without_winners_is_one_located_error_naming_the_plugin(duel, tmp_path):
    edit(duel / "plugins/duel.py", 'return {"winners": [n for n, v in shown if v == best]}',
         'return {"winner": [n for n, v in shown if v == best]}')
    checked = run("check", "--project", duel)
    assert checked.exit_code == 2
    lines = problem_lines(checked.output)
    assert len(lines) == 1, checked.output
    assert re.match(r"plugins/duel\.py:\d+: winners: the judge of the 'duel' engine returned no 'winners'",
                    lines[0]), lines
    showdown = tmp_path / "s.yaml"
    showdown.write_text("players:\n  - {name: A, card: low}\n  - {name: B, card: high}\n")
    judged = run("judge", "duel", showdown, "--project", duel)
    assert judged.exit_code == 2 and len(problem_lines(judged.output)) == 1
    assert "internal error" not in judged.output + checked.output


# ------------------------------------------------------------------ conformance in deckgen check


def test_a_wrong_composition_fails_check_at_the_engine_line(duel):
    edit(duel / "plugins/duel.py", "    return dict(Counter({c.id: c.count for d in game.decks.values() for c in d.cards}))",
         '    return {"nonsense": -3}')
    result = run("check", "--project", duel)
    assert result.exit_code == 2
    assert problem_lines(result.output) == [
        "data/duel/game.yaml:1: composition: the duel engine's composition has copies that are not whole numbers "
        "above 0 ('nonsense': -3)"]


def test_a_composition_of_another_size_than_the_deck_fails_check(duel):
    edit(duel / "plugins/duel.py", "    return dict(Counter({c.id: c.count for d in game.decks.values() for c in d.cards}))",
         '    return {"high": 1, "low": 2}')
    result = run("check", "--project", duel)
    assert result.exit_code == 2 and "holds 3 cards, but the game's decks hold 2" in result.output


def test_a_wrong_showdown_example_fails_check_at_the_plugins_line(duel):
    edit(duel / "plugins/duel.py", "{name: B, card: low}", "{name: B, card: sand-9}")
    result = run("check", "--project", duel)
    assert result.exit_code == 2
    lines = problem_lines(result.output)
    assert len(lines) == 1 and re.match(
        r"plugins/duel\.py:\d+: showdown_example: the engine rejects its own example: players\.1\.card: "
        r"'sand-9' is not a card", lines[0]), result.output


def test_a_wrong_rule_example_fails_check(duel):
    edit(duel / "data/duel/decisions.yaml", "winners: [B]", "winners: [A]")
    result = run("check", "--project", duel)
    assert result.exit_code == 2
    assert re.search(r"data/duel/decisions\.yaml:\d+: \S+: the rule says A win\(s\), the engine judges B",
                     result.output), result.output


def test_a_simulator_that_loses_money_fails_check(duel):
    edit(duel / "plugins/duel.py", '"money_change": sum(chips.values()) - 5 * len(chips)', '"money_change": 1')
    result = run("check", "--project", duel)
    assert result.exit_code == 2
    assert re.search(r"plugins/duel\.py:\d+: simulate: the simulator does not conserve money in game 1",
                     result.output), result.output


def test_a_plugin_author_runs_the_suite_in_their_own_tests(duel):
    from deckgen.testing import assert_conforms, conformance_problems

    assert_conforms(duel, "duel")
    edit(duel / "plugins/duel.py", "{name: B, card: low}", "{name: B, card: sand-9}")
    assert [p.field for p in conformance_problems(duel)] == ["showdown_example"]
    with pytest.raises(AssertionError, match="sand-9"):
        assert_conforms(duel)


# ------------------------------------------------------------------ a plugin's exceptions are the plugin's


def test_an_exception_in_a_plugins_judge_is_located_in_the_plugin(duel):
    edit(duel / "plugins/duel.py", "    best = max(v for _, v in shown)\n", "    best = max(v for _, v in shown) / 0\n")
    result = run("check", "--project", duel)
    assert result.exit_code == 2, result.output
    lines = problem_lines(result.output)
    assert len(lines) == 1 and re.match(r"plugins/duel\.py:\d+: plugin duel\.py: the plugin's code failed: "
                                        r"ZeroDivisionError", lines[0]), result.output
    assert "Traceback" not in result.output and "bug in deckgen" not in result.output
    debugged = run("--debug", "check", "--project", duel)
    assert debugged.exit_code == 2 and "Traceback" in debugged.output


# ------------------------------------------------------------------ the complete example of docs/plugins.md


def test_the_example_plugin_checks_judges_and_builds_a_booklet_with_totals_and_categories(twenty, tmp_path):
    checked = run("check", "--project", twenty)
    assert checked.exit_code == 0, checked.output
    showdown = tmp_path / "s.yaml"
    showdown.write_text("players:\n  - {name: A, hand: [n10, n9, n3]}\n  - {name: B, hand: [n8, n7]}\n")
    judged = json.loads(run("judge", "twenty", showdown, "--project", twenty).output)
    assert judged["winners"] == ["B"] and judged["payouts"] == {"A": 0, "B": 2}
    out = tmp_path / "out"
    built = run("rules", "--out", out, "--project", twenty)
    assert built.exit_code == 0, built.output
    text = "\n".join(page.extract_text() for page in PdfReader(out / "twenty" / "twenty-rules-en.pdf").pages)
    assert "Ana Bust" in text and "Ben 15" in text  # a category (its printed name), a total
    assert "A hand over 20 is bust" in text  # the decision's words, with the engine's fact


def test_docs_plugins_md_names_every_descriptor_field():
    from dataclasses import fields

    from deckgen.registry import GameDescriptor

    docs = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    missing = [f.name for f in fields(GameDescriptor) if f.name != "module" and f"`{f.name}" not in docs]
    assert missing == []


# ------------------------------------------------------------------ booklet theme and starter macros


def test_a_booklet_without_theme_takes_its_games_style_colours_or_neutral_greys(duel, twenty):
    from deckgen.rulebook.build import theme_for
    from deckgen.rulebook.source import read_source

    fonts = {"body": "Helvetica", "body-bold": "Helvetica-Bold", "display": "Helvetica-Bold"}
    for root, gid, accent in ((twenty, "twenty", "#1f5f4a"), (duel, "duel", "#404040")):
        game = load_project(root).games[gid]
        source = read_source(game.directory / "rules" / "en.md", f"data/{gid}/rules/en.md", "en")
        assert "theme" not in source.meta
        assert theme_for(game, source, fonts).accent == accent


def test_the_starters_macros_are_the_bundled_macros():
    starter = ROOT / "deckgen" / "starters" / "common" / "templates" / "_common" / "macros.svg.j2"
    assert starter.read_text() == (ROOT / "templates" / "_common" / "macros.svg.j2").read_text()
    assert "cy=0.45" in starter.read_text() and "centred=false" in starter.read_text()
