"""Gladbach: the judge refuses impossible showdowns, and the chips are settled at the end of round nine.

* too many players: the engine's own judge refuses them (decision
  max-players), not only the shared judge in front of it;
* more copies of a card than the printed deck holds: refused, with the
  copies read from the deck data (``cards.yaml``), never from code;
* the settlement (decisions "settlement" and "full-tie"): the best hand
  takes every chip of every field; tied winners share evenly and the odd
  chips go one each in turn order -- as a pure function and in the judge.
"""

from __future__ import annotations

import json
import re

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.cli import main
from deckgen.decisions import example_problems
from deckgen.errors import ShowdownError
from deckgen.games.gladbach.engine import CARD_KINDS, MAX_PLAYERS, ROUNDS, judge, settle, split_pot
from deckgen.loader import load_project
from tests.conftest import copy_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)


@pytest.fixture(scope="module")
def proj(tmp_path_factory):
    """A copy of the bundled project holding only Gladbach (its deck: 8 copies of each card)."""
    return copy_project(tmp_path_factory.mktemp("gladbach") / "p", "gladbach")


@pytest.fixture(scope="module")
def loaded(proj):
    project = load_project(proj)
    game = project.games["gladbach"]
    descriptor = project.descriptor(game)
    return descriptor, descriptor.data_for(game)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def write(tmp_path, showdown) -> str:
    path = tmp_path / "showdown.yaml"
    path.write_text(showdown if isinstance(showdown, str) else yaml.safe_dump(showdown), encoding="utf-8")
    return str(path)


# ------------------------------------------------------------- validation


def test_the_engine_itself_refuses_nine_players(loaded):
    descriptor, data = loaded
    showdown = {"players": [{"name": f"P{i}", "hand": ["green:1"]} for i in range(9)]}
    for judged in (lambda: judge(showdown), lambda: descriptor.judge(showdown, data, {})):
        with pytest.raises(ShowdownError) as err:
            judged()
        assert err.value.path == ("players",)
        assert f"2 to {MAX_PLAYERS} players" in err.value.message and "has 9" in err.value.message
    six = {"players": showdown["players"][:MAX_PLAYERS]}
    assert judge(six)["winners"] == [p["name"] for p in six["players"]]


def test_ten_blue_zeros_from_a_deck_of_eight_are_refused(loaded):
    descriptor, data = loaded
    assert data["composition"]["blue:0"] == 8
    showdown = {"players": [{"name": "A", "hand": ["blue:0"] * 6}, {"name": "B", "hand": ["blue:0"] * 4}]}
    with pytest.raises(ShowdownError) as err:
        descriptor.judge(showdown, data, {})
    assert err.value.path == ("players", 1, "hand", 2)  # the ninth blue 0 shown
    assert "blue:0 is shown 10 times" in err.value.message and "only 8 copies" in err.value.message
    eight = {"players": [{"name": "A", "hand": ["blue:0"] * 6}, {"name": "B", "hand": ["blue:0"] * 2}]}
    assert descriptor.judge(eight, data, {})["winners"] == ["B"]


def test_the_copies_come_from_the_deck_data(tmp_path):
    proj = copy_project(tmp_path / "p", "gladbach")
    cards = proj / "data/gladbach/cards.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("{id: green-7, colour: green, number: 7, value: 7, count: 8}",
                                  "{id: green-7, colour: green, number: 7, value: 7, count: 2}"), encoding="utf-8")
    project = load_project(proj)
    game = project.games["gladbach"]
    descriptor = project.descriptor(game)
    data = descriptor.data_for(game)
    assert data["composition"]["green:7"] == 2
    two = {"players": [{"name": "A", "hand": ["green:7", "red:7"]}, {"name": "B", "hand": ["green:7", "red:6"]}]}
    assert descriptor.judge(two, data, {})["winners"] == ["A"]
    three = {"players": [two["players"][0], {"name": "B", "hand": ["red:6", "green:7", "green:7"]}]}
    with pytest.raises(ShowdownError, match=r"green:7 is shown 3 times, but the deck holds only 2 copies") as err:
        descriptor.judge(three, data, {})
    assert err.value.path == ("players", 1, "hand", 2)
    # a card the deck does not hold at all
    with pytest.raises(ShowdownError, match="red:9 is shown 1 times, but the deck holds none"):
        judge({"players": [{"name": "A", "hand": ["red:9"]}, {"name": "B", "hand": ["green:1"]}]},
              {kind: 1 for kind in CARD_KINDS if kind != "red:9"})


def test_without_deck_data_the_copies_are_not_checked():
    assert judge({"players": [{"name": "A", "hand": ["blue:0"] * 10}, {"name": "B", "hand": ["red:1"]}]},
                 None)["winners"] == ["A"]


def test_the_command_line_locates_both_refusals(proj, tmp_path):
    nine = "players:\n" + "".join(f"  - {{name: P{i}, hand: [green:1]}}\n" for i in range(9))
    result = run("judge", "gladbach", write(tmp_path, nine), "--project", proj)
    assert result.exit_code == 2 and re.search(r"showdown\.yaml:1:1: players: gladbach is played by 2 to 6",
                                               result.output), result.output
    ten = "players:\n  - {name: A, hand: [blue:0, blue:0, blue:0, blue:0, blue:0]}\n" \
          "  - {name: B, hand: [blue:0, blue:0, blue:0, blue:0, blue:0]}\n"
    result = run("judge", "gladbach", write(tmp_path, ten), "--project", proj)
    assert result.exit_code == 2
    assert re.search(r"showdown\.yaml:3:46: players\.1\.hand\.3: blue:0 is shown 10 times", result.output), \
        result.output


# ------------------------------------------------------------- settlement


def test_split_pot_gives_the_odd_chips_in_turn_order():
    assert split_pot(10, [3, 1, 4]) == {1: 4, 3: 3, 4: 3}
    assert split_pot(9, [0, 2, 5]) == {0: 3, 2: 3, 5: 3}
    assert split_pot(0, [1, 2]) == {1: 0, 2: 0}
    assert split_pot(7, [2]) == {2: 7}
    with pytest.raises(ValueError):
        split_pot(5, [])
    with pytest.raises(ValueError):
        split_pot(-1, [0])


def test_settle_takes_every_field():
    fields = [[1, 2, 3]] * ROUNDS  # nine rounds, three seats
    assert settle(fields, [1], 3) == [0, 54, 0]
    assert settle(fields, [2, 0], 3) == [27, 0, 27]
    assert settle([[1, 1, 1]], [1, 2], 3) == [0, 2, 1]  # the odd chip: seat 1 plays before seat 2
    assert settle([], [0], 2) == [0, 0]
    for bad in (([[1, 1]], [0], 3), ([[1, -1, 1]], [0], 3), ([[1, 1, 1]], [3], 3), ([[1, 1, 1]], [], 3)):
        with pytest.raises(ValueError):
            settle(*bad)


def test_the_judge_settles_the_chips(loaded):
    descriptor, data = loaded
    showdown = {"players": [
        {"name": "A", "hand": ["green:4"], "chips": [2] * 9},
        {"name": "B", "hand": ["blue:0"], "chips": [1] * 9},
        {"name": "C", "hand": ["blue:0"], "chips": [1] * 8},
    ]}
    result = descriptor.judge(showdown, data, {})
    assert result["winners"] == ["B", "C"]
    assert result["pot"] == 35 and result["fields"] == [4] * 8 + [3]
    assert result["payouts"] == {"A": 0, "B": 18, "C": 17}
    assert [(p["placed"], p["payout"], p["net"]) for p in result["players"]] == [(18, 0, -18), (9, 18, 9), (8, 17, 9)]
    # a player without chips placed none; claims that match pass, others are refused at the entry
    showdown["players"][0].pop("chips")
    assert descriptor.judge(dict(showdown, payouts={"B": 9, "C": 8}), data, {})["pot"] == 17
    with pytest.raises(ShowdownError) as err:
        descriptor.judge(dict(showdown, payouts={"B": 8, "C": 9}), data, {})
    assert err.value.path == ("payouts", "B") and "pays B 9 chips, not 8" in err.value.message


def test_the_command_line_prints_each_payout(proj, tmp_path):
    showdown = ("players:\n"
                "  - {name: A, hand: [green:3, red:1], chips: [1, 1, 1, 1, 1, 1, 1, 1, 1]}\n"
                "  - {name: B, hand: [green:6, red:4], chips: [1, 1, 1, 1, 1, 1, 1, 1, 1]}\n"
                "  - {name: C, hand: [green:5], chips: [1, 1, 1, 1, 1, 1, 1, 1, 1]}\n")
    result = run("judge", "gladbach", write(tmp_path, showdown), "--project", proj)
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["winners"] == ["A", "B"] and out["payouts"] == {"A": 14, "B": 13, "C": 0}
    wrong = showdown + "payouts: {A: 13, B: 14}\n"
    result = run("judge", "gladbach", write(tmp_path, wrong), "--project", proj)
    assert result.exit_code == 2
    assert re.search(r"showdown\.yaml:5:\d+: payouts\.A: the settlement pays A 14 chips, not 13", result.output)


def test_a_wrong_payout_in_the_decisions_fails_the_check_at_its_line(tmp_path):
    proj = copy_project(tmp_path / "p", "gladbach")
    decisions = proj / "data/gladbach/decisions.yaml"
    text = decisions.read_text(encoding="utf-8")
    assert "payouts: {A: 14, B: 13}" in text
    decisions.write_text(text.replace("payouts: {A: 14, B: 13}", "payouts: {A: 13, B: 14}"), encoding="utf-8")
    line = next(i for i, l in enumerate(decisions.read_text(encoding="utf-8").splitlines(), 1)
                if "payouts: {A: 13" in l)
    project = load_project(proj)
    game = project.games["gladbach"]
    descriptor = project.descriptor(game)
    # what `deckgen check` reports for the rule examples (the check "rule decisions")
    problems = example_problems(game, descriptor, descriptor.data_for(game))
    assert len(problems) == 1
    # the example starts four lines above its payouts (at "players:", then its three players)
    assert (problems[0].file, problems[0].line) == ("data/gladbach/decisions.yaml", line - 4)
    assert "pays A 14 chips, not 13" in problems[0].message


seat_fields = st.integers(2, MAX_PLAYERS).flatmap(lambda n: st.tuples(
    st.just(n),
    st.lists(st.lists(st.integers(0, 50), min_size=n, max_size=n), max_size=ROUNDS),
    st.sets(st.integers(0, n - 1), min_size=1),
))


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(seat_fields)
def test_the_settlement_pays_out_exactly_the_pot(case):
    players, fields, winners = case
    payouts = settle(fields, winners, players)
    pot = sum(map(sum, fields))
    assert sum(payouts) == pot and len(payouts) == players
    assert all(payouts[s] == 0 for s in range(players) if s not in winners)
    shares = [payouts[s] for s in sorted(winners)]
    assert max(shares) - min(shares) <= 1 and shares == sorted(shares, reverse=True)  # odd chips go first
    assert min(shares) == pot // len(winners)


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(st.lists(st.tuples(st.lists(st.sampled_from(CARD_KINDS), min_size=1, max_size=4),
                          st.lists(st.integers(0, 9), max_size=ROUNDS)), min_size=2, max_size=MAX_PLAYERS))
def test_the_judge_pays_the_pot_to_its_winners(players):
    showdown = {"players": [{"name": f"P{i}", "hand": hand, "chips": chips}
                            for i, (hand, chips) in enumerate(players)]}
    result = judge(showdown)
    assert sum(result["payouts"].values()) == result["pot"] == sum(sum(c) for _, c in players)
    assert sum(result["fields"]) == result["pot"] and len(result["fields"]) == ROUNDS
    assert sum(p["net"] for p in result["players"]) == 0  # chips only move between players
    assert {n for n, v in result["payouts"].items() if v} <= set(result["winners"])
