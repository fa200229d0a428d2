"""One conformance suite over every registered game: deckgen's own and a project plugin's.

The suite itself is deckgen's (deckgen.checks.conformance, which ``deckgen
check`` runs on every game): this file runs it on each bundled game and the
fixture plugin, and adds what needs the command line: a showdown of the
game's own example round-trips through ``deckgen judge``.
"""

from __future__ import annotations

import json

import pytest
import yaml
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.checks.conformance import conformance_problems
from deckgen.decisions import example_problems, judge_showdown
from deckgen.loader import load_project
from tests.conftest import ROOT, PROJECTS, fixture_project, bundled_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

BUNDLED = bundled_project()  # the bundled project, loaded once per test process
CASES = [("bundled", gid) for gid in BUNDLED.games] + [("plugin", "duel")]


@pytest.fixture(scope="module", autouse=True)
def trusted_plugins():
    """The plugin project's own plugin runs here: trusted as a user's CI trusts it (DECKGEN_TRUST=1)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DECKGEN_TRUST", "1")
        yield


@pytest.fixture(scope="module")
def projects(tmp_path_factory):
    return {"bundled": BUNDLED, "plugin": load_project(fixture_project("plugin", tmp_path_factory.mktemp("p") / "p"))}


@pytest.fixture(params=CASES, ids=[f"{p}-{g}" for p, g in CASES])
def case(request, projects):
    project = projects[request.param[0]]
    game = project.games[request.param[1]]
    descriptor = project.descriptor(game)
    return project, game, descriptor, descriptor.data_for(game)


def test_every_bundled_game_is_registered_through_the_entry_points():
    assert {g.engine for g in BUNDLED.games.values()} <= set(BUNDLED.engines)
    for game in BUNDLED.games.values():
        assert BUNDLED.engines[game.engine].module.startswith("deckgen.games.")


def test_judge_round_trip(case, tmp_path):
    project, game, descriptor, data = case
    showdown = yaml.safe_load(descriptor.showdown_example)
    result = judge_showdown(descriptor, showdown, data, {})
    names = [p["name"] for p in showdown["players"]]
    assert result["winners"] and set(result["winners"]) <= set(names)
    path = tmp_path / "showdown.yaml"
    path.write_text(descriptor.showdown_example)
    out = CliRunner().invoke(main, ["judge", game.id, str(path), "--project", str(project.root)])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output) == json.loads(json.dumps(result))


def test_too_many_players_are_refused(case):
    project, game, descriptor, data = case
    from deckgen.errors import ShowdownError

    showdown = yaml.safe_load(descriptor.showdown_example)
    players = showdown["players"]
    showdown["players"] = [dict(players[i % len(players)], name=f"P{i}") for i in range(descriptor.players[1] + 1)]
    with pytest.raises(ShowdownError) as err:
        judge_showdown(descriptor, showdown, data, {})
    assert err.value.path == ("players",)


def test_every_rule_example_is_judged_as_stated(case):
    project, game, descriptor, data = case
    assert game.decisions is not None and game.decisions.examples()
    assert example_problems(game, descriptor, data) == []


def test_the_game_passes_the_packaged_conformance_suite(case):
    """Composition = deck data, its own example judged, a seeded simulation reproducible and conserving
    money: the suite deckgen check runs (deckgen.checks.conformance)."""
    project, game, descriptor, data = case
    assert descriptor.composition is not None and descriptor.simulate is not None
    assert conformance_problems(project, game, descriptor, data) == []
