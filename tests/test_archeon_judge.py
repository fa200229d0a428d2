"""`deckgen judge archeon`: JSON output, located mistakes in the showdown file, the decisions and the check."""

from __future__ import annotations

import json

from click.testing import CliRunner
import pytest

from deckgen.cli import main
from tests.conftest import ROOT

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)


def judge_file(tmp_path, text, *args):
    path = tmp_path / "showdown.yaml"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["judge", "archeon", str(path), "--project", str(ROOT), *args])


def located(project, tmp_path, text) -> str:
    """The located problem `deckgen judge` reports for a showdown file (as the command maps it), or ''."""
    from deckgen.decisions import judge_showdown
    from deckgen.errors import ShowdownError
    from deckgen.yamlpos import load_yaml

    path = tmp_path / "showdown.yaml"
    path.write_text(text, encoding="utf-8")
    doc = load_yaml(path, "showdown.yaml")
    game = project.games["archeon"]
    descriptor = project.descriptor(game)
    try:
        judge_showdown(descriptor, doc.data, descriptor.data_for(game), {})
    except ShowdownError as exc:
        return str(doc.problem(exc.path, exc.message))
    return ""


def test_judge_prints_winners_steps_and_penalties(tmp_path):
    out = judge_file(tmp_path, """\
players:
  - {name: A, hand: [0-0-0, bakko], chips: 12}
  - {name: B, hand: [{family: blood, value: 4, sign: facet, era: civil-war}, {family: sand, impostor: true, dice: [2, 5], choose: 2}], chips: 12}
  - {name: C, hand: [a-oic, 99-99]}
planet: kamino
round: 3
multiplier: 2
tokens: [{name: surcharge, by: A, target: C}]
""")
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result["winners"] == ["A"]
    steps = {h["name"]: (h["step"], h["step_name"]) for h in result["hands"]}
    # Kamino fixes B's Impostor at 6 whatever B chose: 4 and 6, no pair
    assert steps == {"A": (4, "mirror"), "B": (1, "no-pair"), "C": (1, "no-pair")}
    assert result["penalties"] == {"B": 4, "C": 3 * 2 + 2}
    assert result["ante"] == 1 and result["multiplier"] == 2 and result["planet"] == "kamino"
    assert result["chips_after"] == {"A": 12 + 12, "B": 8}


def test_judge_locates_a_bad_hand_in_the_file(project, tmp_path):
    problem = located(project, tmp_path, """\
players:
  - {name: A, hand: [0-0-0, bakko]}
  - name: B
    hand: [a-oic, 8d-8d]
""")
    assert problem.startswith("showdown.yaml:4:") and "players.1.hand" in problem
    assert "one Blood and one Sand card; this one has two Blood cards" in problem


def test_judge_locates_an_unknown_token(project, tmp_path):
    problem = located(project, tmp_path, """\
players:
  - {name: A, hand: [0-0-0, bakko]}
  - {name: B, hand: [a-oic, 99-99]}
tokens:
  - major-fraud
  - minor-frawd
""")
    assert problem.startswith("showdown.yaml:6:") and "no token 'minor-frawd'" in problem


def test_judge_refuses_too_many_players(project, tmp_path):
    players = "".join(f"  - {{name: P{i}, hand: [{{family: blood, value: 1}}, {{family: sand, value: 2}}]}}\n"
                      for i in range(7))
    assert "2 to 6 players" in located(project, tmp_path, "players:\n" + players)


def test_decisions_are_judged_and_worded_in_every_language():
    out = CliRunner().invoke(main, ["decisions", "archeon", "--lang", "en,de,fr,ru", "--project", str(ROOT)])
    assert out.exit_code == 0, out.output
    assert "MISMATCH" not in out.output
    assert "Kessel" in out.output and "Kamino" in out.output
    assert "Corellianische System" in out.output and "Système corellien" in out.output
    assert "Кореллианская система" in out.output and "Прайм-сабакк" in out.output


def test_the_game_specific_checks_pass(project):
    from deckgen.checks import run_checks
    from deckgen.games.archeon.checks import CHECKS

    problems = run_checks(project, ["archeon"], only={c.name for c in CHECKS} | {"rule decisions", "translations"})
    assert [str(p) for p in problems if not p.warning] == []
