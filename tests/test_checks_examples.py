"""The general rule-examples check covers every engine, classic locations included."""

from __future__ import annotations

from deckgen import engines
from deckgen.decisions import example_problems, example_showdown
from deckgen.engines import classic
from deckgen.loader import load_engine_data


def test_every_engine_example_is_judged_as_claimed(project):
    for game in project.games.values():
        engine = engines.get(game.engine)
        assert example_problems(engine, load_engine_data(game)) == []


def test_example_forms_are_normalised():
    showdown, claimed, options = example_showdown(
        {"hands": {"A": ["coins:1"]}, "winner": None, "location": "imperial", "extra": {"A": ["coins:2"]}})
    assert showdown == {"players": [{"name": "A", "hand": ["coins:1"]}], "extra": {"A": ["coins:2"]}}
    assert claimed == [] and options == {"location": "imperial"}


def test_a_wrong_classic_example_under_a_location_is_reported(project, monkeypatch):
    game = project.games["classic"]
    wrong = {"id": "made-up", "rule": "", "examples": [
        {"hands": {"A": ["face:lord-of-sith", "coins:commander", "flasks:ace"], "B": ["coins:11", "sabers:10"]},
         "winner": "B", "location": "imperial"}]}
    monkeypatch.setattr(classic, "DECISIONS", [wrong])
    problems = example_problems(engines.get("classic"), load_engine_data(game))
    assert len(problems) == 1
    assert problems[0].startswith("deckgen/engines/classic.py: DECISIONS 'made-up' example 1")
    assert "['A']" in problems[0]
