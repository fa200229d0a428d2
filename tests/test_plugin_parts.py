"""Plugins add parts: a template verb, a card source by suffix and a check (tests/projects/parts)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.loader import load_project
from deckgen.render.templates import DeckRenderer
from deckgen.render.verbs import VERBS, verb_table, verbs_for
from deckgen.render.views import TemplateFunction
from tests.conftest import ROOT, fixture_project


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(autouse=True)
def trusted_plugins(monkeypatch):
    """The plugins of these projects run: trusted as a user's CI trusts them (DECKGEN_TRUST=1)."""
    monkeypatch.setenv("DECKGEN_TRUST", "1")


@pytest.fixture
def parts(tmp_path):
    return fixture_project("parts", tmp_path / "parts")


def _front(project_dir: Path, card_id: str):
    project = load_project(project_dir)
    game = project.games["dice"]
    deck = game.decks["dice"]
    card = next(c for c in deck.cards if c.id == card_id)
    return DeckRenderer(project, game, deck, "en").render_front(card)


def _plugin(project: Path) -> Path:
    return project / "plugins" / "parts.py"


# ------------------------------------------------------------------ the three parts at work


def test_check_and_build_use_the_plugins_verb_source_and_check(parts, tmp_path):
    checked = run("check", "--project", parts)
    assert checked.exit_code == 0, checked.output
    assert "ok: dice" in checked.output
    out = tmp_path / "out"
    built = run("build", "--lang", "en", "--dpi", "72", "--out", out, "--project", parts)
    assert built.exit_code == 0, built.output
    assert (out / "dice" / "dice-en-cards.pdf").is_file()
    assert "4 cards" in built.output  # one ×2, three, six: read from dice.cards


def test_the_plugins_verb_draws_the_pips(parts):
    face = _front(parts, "six")
    assert face.problems == []
    assert face.svg.count("<circle") == 6
    assert _front(parts, "three").svg.count("<circle") == 3


def test_the_card_source_reads_the_new_suffix_with_lines(parts):
    project = load_project(parts)
    cards = {c.id: c for c in project.games["dice"].decks["dice"].cards}
    assert cards["one"].count == 2 and cards["six"].fields["pips"] == 6
    assert cards["three"].source is not None and cards["three"].source.line == 3


def test_the_plugins_check_reports_at_the_cards_line(parts):
    (parts / "data/dice/dice.cards").write_text("one pips=1\nthree pips=3\nsix pips=9\n")
    checked = run("check", "--project", parts)
    assert checked.exit_code == 2
    assert "data/dice/dice.cards:3" in checked.output and "a die has 1 to 6 pips, not 9" in checked.output


def test_plugin_parts_belong_to_their_project(parts, tmp_path):
    project = load_project(parts)
    assert "dice" in verbs_for(project) and ".cards" in project.parts.card_sources
    assert "pips" in project.parts.checks
    starter = tmp_path / "starter"
    assert run("new", starter).exit_code == 0
    other = load_project(starter)
    assert "dice" not in verbs_for(other) and not other.parts


def test_verbs_reach_templates_as_template_functions_only(parts, monkeypatch):
    from deckgen.render import templates

    seen = []
    traced = templates.render_traced

    def recording(template, context, *args, **kwargs):
        seen.append(context)
        return traced(template, context, *args, **kwargs)

    monkeypatch.setattr(templates, "render_traced", recording)
    _front(parts, "one")
    assert seen and all(isinstance(seen[0][name], TemplateFunction) for name in [*VERBS, "dice"])
    from deckgen.render.sandbox import FaceEnvironment
    from tests.test_sandbox_allowlist import _reachable_problems

    assert _reachable_problems(FaceEnvironment(), seen[0]) == []


# ------------------------------------------------------------------ mistakes, each one located line


def test_a_call_that_does_not_fit_the_verb_is_located(parts):
    front = parts / "templates/dice/front.svg.j2"
    front.write_text(front.read_text().replace("dice(card.pips, geo.cx, geo.cy - 8, 36)", "dice(card.pips)"))
    checked = run("check", "--project", parts)
    assert checked.exit_code == 2
    assert "templates/dice/front.svg.j2:3: dice() missing a required argument: 'x'" in checked.output
    assert "Traceback" not in checked.output


def test_a_bug_in_a_plugin_verb_is_the_plugins_at_the_template_line(parts):
    plugin = _plugin(parts)
    plugin.write_text(plugin.read_text().replace('    half, r = size / 2, size / 10\n',
                                                 '    half, r = size / 2, size / 10\n    raise RuntimeError("boom")\n'))
    checked = run("check", "--project", parts)
    assert checked.exit_code == 2, checked.output
    assert re.search(r"templates/dice/front\.svg\.j2:3: card one \[en\]: the plugin verb dice\(\) from \S+ "
                     r"failed: RuntimeError: boom \(parts\.py:\d+\)", checked.output), checked.output
    assert "internal error" not in checked.output


@pytest.mark.parametrize("old, new, line", [
    ('            pips = card.fields.get("pips", 1)\n', '            pips = card.fields.get("pips", 1) / 0\n', 52),
    ('    entries = []\n', '    entries = 1 / 0\n', 30),
])
def test_a_bug_in_a_plugin_check_or_source_is_blamed_at_the_plugins_line(parts, old, new, line):
    plugin = _plugin(parts)
    assert old in plugin.read_text()
    plugin.write_text(plugin.read_text().replace(old, new))
    checked = run("check", "--project", parts)
    assert checked.exit_code == 2
    assert f"plugins/parts.py:{line}: plugin parts.py: the plugin's code failed: ZeroDivisionError" in checked.output


def test_a_verb_reports_a_problem_at_the_template_line(parts):
    (parts / "data/dice/dice.cards").write_text("one pips=1\nthree pips=3\nsix pips=8\n")
    face = _front(parts, "six")
    assert [str(p) for p in face.problems] == [
        "templates/dice/front.svg.j2:3: card six [en]: a die has 1 to 6 pips, not 8"]


def test_a_plugin_may_not_take_a_verb_of_deckgens(parts):
    plugin = _plugin(parts)
    plugin.write_text(plugin.read_text() + "\n\n@register_verb\ndef text(face, s):\n    return s\n")
    checked = run("check", "--project", parts)
    assert checked.exit_code == 2
    assert "deckgen.yaml:6:" in checked.output and "'text' is one of deckgen's own template names" in checked.output


def test_a_bad_line_of_the_new_format_is_located_by_the_reader(parts):
    (parts / "data/dice/dice.cards").write_text("one pips=1\nthree pips\n")
    checked = run("check", "--project", parts)
    assert checked.exit_code == 2
    assert "data/dice/dice.cards:2: 'pips' is no key=value" in checked.output


def test_the_new_format_is_checked_against_the_card_schema(parts):
    (parts / "data/dice/dice.cards").write_text("one pips=1\nthree pips=many\n")
    checked = run("check", "--project", parts)
    assert checked.exit_code == 2
    assert "data/dice/dice.cards:2" in checked.output and "pips" in checked.output


def test_a_plugin_source_keeps_the_file_size_limit(parts):
    (parts / "deckgen.yaml").write_text((parts / "deckgen.yaml").read_text() + "limits: {file_bytes: 1000}\n")
    (parts / "data/dice/dice.cards").write_text("one pips=1\n" + "# padding\n" * 200)
    checked = run("check", "--project", parts)
    assert checked.exit_code == 2
    assert "data/dice/dice.cards:1:1: file of 2011 bytes, more than the limit of 1000 (limits.file_bytes in " \
           "deckgen.yaml)" in checked.output


def test_a_plugin_source_keeps_the_string_limit(parts):
    (parts / "deckgen.yaml").write_text((parts / "deckgen.yaml").read_text() + "limits: {string: 50}\n")
    (parts / "data/dice/dice.cards").write_text("one pips=1\nthree pips=3 note=" + "x" * 80 + "\n")
    checked = run("check", "--project", parts)
    assert checked.exit_code == 2
    assert "data/dice/dice.cards:2: a text of 80 characters, more than the limit of 50 (limits.string in " \
           "deckgen.yaml)" in checked.output


def test_a_suffix_no_source_reads_is_located_at_the_game_file(parts):
    (parts / "deckgen.yaml").write_text((parts / "deckgen.yaml").read_text().replace(
        "plugins: [plugins/parts.py]\n", ""))
    checked = run("check", "--project", parts)
    assert checked.exit_code == 2
    assert "data/dice/game.yaml:6:5: decks.dice.cards: no card source reads .cards files (known: .csv, .ods, " \
           ".xlsx, .yaml, .yml; a project's plugin adds one with register_card_source)" in checked.output
    assert len([line for line in checked.output.splitlines() if ": " in line]) == 1


# ------------------------------------------------------------------ the docs list every verb


def test_the_docs_list_every_verb_with_its_parameters():
    """docs/project-format.md holds the table verb_table() makes from the registry."""
    text = (ROOT / "docs" / "project-format.md").read_text(encoding="utf-8")
    assert verb_table() in text
    for name, verb in VERBS.items():
        assert f"`{name}({verb.parameters})`" in text


def test_the_plugin_docs_show_the_example_the_tests_build():
    """docs/plugins.md quotes tests/projects/parts/plugins/parts.py whole."""
    text = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    example = (ROOT / "tests" / "projects" / "parts" / "plugins" / "parts.py").read_text(encoding="utf-8")
    assert f"```python\n{example}```" in text


def test_an_untrusted_projects_source_leaves_its_game_out_of_list(parts, monkeypatch, tmp_path):
    """`deckgen list` runs no plugin: a game whose cards only the plugin reads is listed as needing trust."""
    monkeypatch.delenv("DECKGEN_TRUST")
    monkeypatch.setenv("DECKGEN_CONFIG_DIR", str(tmp_path / "config"))
    listed = run("list", "--project", parts)
    assert listed.exit_code == 0, listed.output
    assert "dice: needs trust (its engine or card source comes from this project's plugins)" in listed.output
    assert "no card source" not in listed.output
