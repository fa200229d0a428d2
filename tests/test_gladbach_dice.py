"""Gladbach: the dice after rounds 3 and 6 in the simulator, and ``deckgen simulate gladbach``.

The simulator rolls two real dice (a double one time in six) and, on a
double, every player discards the hand and draws as many cards as they held;
the descriptor reports each game with the shared record keys and adds how
often the dice gave a double and how large the pot was.  Properties: chips
are conserved in every simulated game, and a seed always plays the same games.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.cli import main
from deckgen.games.gladbach.engine import CATEGORIES, DICE_ROUNDS, MAX_PLAYERS, START_HAND_SIZE
from deckgen.games.gladbach.sim import roll_dice, simulate
from deckgen.loader import load_project
from deckgen.registry import SIMULATION_RECORD_KEYS, SimulationRequest
from deckgen.simulate import format_summary, run
from tests.conftest import copy_project


@pytest.fixture(scope="module")
def proj(tmp_path_factory):
    return copy_project(tmp_path_factory.mktemp("gladbach") / "p", "gladbach")


@pytest.fixture(scope="module")
def loaded(proj):
    project = load_project(proj)
    game = project.games["gladbach"]
    descriptor = project.descriptor(game)
    return descriptor, descriptor.data_for(game)


def request(data, players=3, games=20, seed=0, strategy=None, progress=None, **options):
    return SimulationRequest(players=players, games=games, seed=seed, data=data, options=options,
                             strategy=strategy, progress=progress)


# ------------------------------------------------------------------ dice


def test_real_dice_give_a_double_one_time_in_six():
    rng = random.Random(1)
    rolls = [roll_dice(rng) for _ in range(12000)]
    doubles = sum(a == b for a, b in rolls) / len(rolls)
    assert abs(doubles - 1 / 6) < 0.01
    faces = Counter(f for roll in rolls for f in roll)
    assert set(faces) == set(range(1, 7)) and all(abs(n - 4000) < 250 for n in faces.values())


def test_forced_and_forbidden_doubles():
    rng = random.Random(2)
    assert all(a == b for a, b in (roll_dice(rng, "always") for _ in range(300)))
    never = [roll_dice(rng, "never") for _ in range(3000)]
    assert all(a != b and 1 <= a <= 6 and 1 <= b <= 6 for a, b in never)
    assert Counter(b - a for a, b in never if a == 1).keys() == {1, 2, 3, 4, 5}
    with pytest.raises(ValueError, match="dice mode"):
        roll_dice(rng, "loaded")


def test_a_rolled_double_makes_everyone_redraw_their_hand_size(loaded):
    """Players who always draw and never discard hold 2 + r cards after round r, so every double
    after round 3 costs 5 cards a player and after round 6 eight: the cards drawn show which rolls
    were doubles, and they are exactly the dice recorded."""
    _, data = loaded
    players, seen = 3, Counter()
    for seed in range(60):
        r = simulate(players, seed, composition=data["composition"], strategy="always_draw")
        assert len(r.dice) == len(DICE_ROUNDS) and all(1 <= f <= 6 for roll in r.dice for f in roll)
        redraws = sum(START_HAND_SIZE + rnd for roll, rnd in zip(r.dice, DICE_ROUNDS) if roll[0] == roll[1])
        assert r.cards_drawn == players * (START_HAND_SIZE + 9 + redraws)
        assert r.doubles == sum(a == b for a, b in r.dice) and all(len(h) == START_HAND_SIZE + 9 for h in r.hands)
        seen[r.doubles] += 1
    assert seen[0] and seen[1]  # some games had a double, most had none


def test_doubles_are_reported_at_their_probability(loaded):
    descriptor, data = loaded
    records = descriptor.simulate(request(data, players=2, games=800))
    rolls = [roll for r in records for roll in r["dice"]]
    assert len(rolls) == 2 * 800
    share = sum(a == b for a, b in rolls) / len(rolls)
    assert abs(share - 1 / 6) < 0.025
    tables = descriptor.summarize(records, request(data, players=2, games=800))
    dice = {row["dice"]: row for row in tables["dice after rounds 3 and 6 (share of games)"]}
    assert dice["after round 3: a double"]["expected"] == pytest.approx(1 / 6)
    game_share = dice["a double in the game (everyone redrew)"]
    assert game_share["expected"] == pytest.approx(11 / 36)
    assert game_share["games"] == sum(r["doubles"] > 0 for r in records) / 800
    assert abs(game_share["games"] - 11 / 36) < 0.04


# ------------------------------------------------------------ descriptor


def test_records_and_options(loaded):
    descriptor, data = loaded
    calls = []
    records = descriptor.simulate(request(data, players=4, games=15, progress=calls.append))
    assert calls == [1] * 15
    for record in records:
        assert {"winners", "category", "length", "money_change", "deck_ran_out"} <= set(record)
        assert set(record) - set(SIMULATION_RECORD_KEYS) == {"pot", "payouts", "dice", "doubles"}
        assert record["winners"] and set(record["winners"]) <= {"P1", "P2", "P3", "P4"}
        assert record["category"] in CATEGORIES and record["length"] == 9
        assert record["money_change"] == 0 and record["deck_ran_out"] is False
        assert record["pot"] == 4 * 9  # the default bet: one chip a turn
    rising = descriptor.simulate(request(data, players=4, games=5, bet="rising"))
    assert {r["pot"] for r in rising} == {4 * (3 * 1 + 3 * 2 + 3 * 3)}
    poor = descriptor.simulate(request(data, players=4, games=5, chips=1))
    assert {r["pot"] for r in poor} == {4} and all(r["money_change"] == 0 for r in poor)
    never = descriptor.simulate(request(data, games=30, doubles="never"))
    always = descriptor.simulate(request(data, games=30, doubles="always"))
    assert {r["doubles"] for r in never} == {0} and {r["doubles"] for r in always} == {2}
    assert descriptor.simulate(request(data, strategy="random")) != descriptor.simulate(request(data))
    assert descriptor.simulate(request(data, strategy="greedy")) == descriptor.simulate(request(data))


def test_summary_tables(loaded):
    descriptor, data = loaded
    summary = run(descriptor, data, 4, 40, 5, options={"bet": "random"})
    assert summary.length == 9 and summary.length_unit == "rounds" and summary.strategy == "greedy"
    assert summary.conserved and summary.deck_ran_out == 0
    assert set(summary.tables) == {"dice after rounds 3 and 6 (share of games)", "pot (chips)",
                                   "settlement (share of games)"}
    pot = summary.tables["pot (chips)"][0]
    assert 4 * 9 <= pot["min"] <= pot["median"] <= pot["max"] <= 4 * 27
    settled = summary.tables["settlement (share of games)"]
    assert sum(row["games"] for row in settled) == pytest.approx(1)
    assert settled[0]["games"] == pytest.approx(1 - summary.ties)
    text = "\n".join(format_summary(summary))
    assert "after round 6: a double" in text and "all nine fields" in text


def test_the_command_line(proj):
    result = CliRunner().invoke(main, ["simulate", "gladbach", "--players", "3", "--games", "30", "--doubles",
                                       "always", "--bet", "rising", "--strategy", "random", "--project", str(proj)])
    assert result.exit_code == 0, result.output
    assert re.search(r"a double in the game \(everyone redrew\)\s+100\.0 %\s+100\.0 %", result.output)
    assert "average length: 9.00 rounds" in result.output and "money conserved in every game: yes" in result.output
    bad = CliRunner().invoke(main, ["simulate", "gladbach", "--doubles", "sometimes", "--project", str(proj)])
    assert bad.exit_code == 2 and "--doubles" in bad.output


# ------------------------------------------------------------ properties


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(players=st.integers(2, MAX_PLAYERS), seed=st.integers(0, 10**6),
       strategy=st.sampled_from(["greedy", "always_draw", "random"]),
       bet=st.sampled_from(["fixed", "random", "rising"]), doubles=st.sampled_from(["roll", "always", "never"]),
       chips=st.integers(1, 40))
def test_chips_are_conserved_in_every_simulated_game(loaded, players, seed, strategy, bet, doubles, chips):
    descriptor, data = loaded
    for record in descriptor.simulate(request(data, players, 3, seed, strategy, bet=bet, doubles=doubles,
                                              chips=chips)):
        assert record["money_change"] == 0
        assert sum(record["payouts"]) == record["pot"] <= players * chips
        assert all(record["payouts"][int(seat[1:]) - 1] > 0 or record["pot"] == 0 for seat in record["winners"])


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(players=st.integers(2, MAX_PLAYERS), seed=st.integers(0, 10**6),
       bet=st.sampled_from(["fixed", "random", "rising"]), doubles=st.sampled_from(["roll", "always", "never"]))
def test_a_seed_plays_the_same_games(loaded, players, seed, bet, doubles):
    descriptor, data = loaded
    first = descriptor.simulate(request(data, players, 4, seed, bet=bet, doubles=doubles))
    assert descriptor.simulate(request(data, players, 4, seed, bet=bet, doubles=doubles)) == first
    # game i of a batch is the game of seed + i on its own
    assert descriptor.simulate(request(data, players, 1, seed + 3, bet=bet, doubles=doubles)) == first[3:]
