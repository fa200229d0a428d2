"""`deckgen simulate pazaak`: the descriptor's records, the --decks option, strategies and the side-deck table."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.games.pazaak import pairings
from deckgen.games.pazaak.sim import STRATEGIES, simulate_match
from deckgen.loader import load_project
from deckgen.registry import SIMULATION_RECORD_KEYS, SimulationRequest, installed_games
from deckgen.simulate import run

ROOT = Path(__file__).resolve().parents[1]
DESCRIPTOR = installed_games()["pazaak"]


@pytest.fixture(scope="module")
def data():
    return DESCRIPTOR.data_for(load_project(ROOT).games["pazaak"])


def simulate(data, games=10, seed=0, strategy=None, **options):
    return DESCRIPTOR.simulate(SimulationRequest(players=2, games=games, seed=seed, data=data,
                                                 options=options, strategy=strategy))


def test_the_descriptor_declares_sets_strategies_and_the_decks_option():
    assert DESCRIPTOR.length_unit == "sets"
    assert len(DESCRIPTOR.strategies) >= 2 and DESCRIPTOR.strategies[0] == "standard"
    assert set(DESCRIPTOR.strategies) == set(STRATEGIES)
    assert "decks" in DESCRIPTOR.simulate_options and DESCRIPTOR.summarize is not None


def test_records_hold_the_shared_keys(data):
    names = list(data["side_decks"])
    for record in simulate(data, games=12, decks=f"{names[0]},{names[1]}"):
        assert set(record) <= set(SIMULATION_RECORD_KEYS)
        assert record["winners"] in (["P1"], ["P2"])
        assert record["category"] in ("bust", "nine-card", "higher total", "tiebreaker")
        assert record["length"] >= 3 and record["conserved"] is True and record["deck_ran_out"] is False
        assert record["matchup"] == (names[0], names[1])


def test_a_record_is_the_match_played_with_p1_opening_set_one(data):
    names = list(data["side_decks"])
    record = simulate(data, games=1, seed=5, strategy="bold", decks=[names[2], names[3]])[0]
    bold = STRATEGIES["bold"]
    match = simulate_match([data["side_decks"][names[2]], data["side_decks"][names[3]]], 5, names=("P1", "P2"),
                           strategies=[bold, bold], main_deck=data["main_deck"])
    assert match.sets[0].opener == "P1"
    assert record["winners"] == [match.winner] and record["length"] == len(match.sets)
    assert record["category"] == match.sets[-1].reason


def test_all_plays_every_deck_against_every_other_in_both_seats(data):
    names = list(data["side_decks"])
    pairs = pairings("all", data["side_decks"])
    assert len(pairs) == len(names) * (len(names) - 1) == len(set(pairs))
    assert all(a != b and (b, a) in pairs for a, b in pairs)
    records = simulate(data, games=2 * len(pairs), decks="all")
    assert Counter(r["matchup"] for r in records) == {p: 2 for p in pairs}


def test_default_is_the_first_two_named_decks(data):
    names = list(data["side_decks"])
    assert pairings(None, data["side_decks"]) == [(names[0], names[1])]
    assert {r["matchup"] for r in simulate(data, games=3)} == {(names[0], names[1])}


@pytest.mark.parametrize("option, needle", [("starter", "two named side decks"), ("starter,nosuch", "'nosuch'"),
                                            (["a", "b", "c"], "two named side decks")])
def test_bad_decks_option_is_a_located_problem(data, option, needle):
    with pytest.raises(DeckgenError) as err:
        simulate(data, games=1, decks=option)
    assert err.value.problems[0].field == "--decks" and needle in err.value.problems[0].message


def test_the_seeded_simulation_is_reproducible(data):
    first = simulate(data, games=30, seed=7, decks="all")
    assert simulate(data, games=30, seed=7, decks="all") == first
    assert simulate(data, games=30, seed=8, decks="all") != first


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(st.integers(0, 2**31), st.sampled_from(sorted(STRATEGIES)))
def test_any_seed_and_strategy_reproduce_and_conserve(data, seed, strategy):
    records = simulate(data, games=4, seed=seed, strategy=strategy, decks="all")
    assert records == simulate(data, games=4, seed=seed, strategy=strategy, decks="all")
    assert all(r["conserved"] for r in records)


def test_strategies_play_differently(data):
    runs = {name: simulate(data, games=40, seed=1, strategy=name, decks="all") for name in STRATEGIES}
    assert len({json.dumps(r, sort_keys=True) for r in runs.values()}) == len(STRATEGIES)


def test_progress_is_reported_after_every_game(data):
    calls = []
    DESCRIPTOR.simulate(SimulationRequest(players=2, games=6, seed=0, data=data, progress=calls.append))
    assert calls == [1] * 6


def test_the_side_deck_table_counts_both_seats(data):
    request = SimulationRequest(players=2, games=60, seed=3, data=data, options={"decks": "all"})
    records = DESCRIPTOR.simulate(request)
    (title, rows), = DESCRIPTOR.summarize(records, request).items()
    assert "side deck" in title
    names = list(data["side_decks"])
    assert [row["side deck"] for row in rows] == names
    by_deck = {row["side deck"]: row for row in rows}
    for a in names:
        for b in names:
            cell = by_deck[a][f"vs {b}"]
            if a == b:
                assert cell is None
                continue
            games = [r for r in records if set(r["matchup"]) == {a, b}]
            won = sum(1 for r in games if r["matchup"][int(r["winners"][0][1]) - 1] == a)
            assert cell == pytest.approx(won / len(games))
            assert cell + by_deck[b][f"vs {a}"] == pytest.approx(1)
        total = sum(1 for r in records if a in r["matchup"])
        assert by_deck[a]["matches"] == total
        wins = sum(1 for r in records if r["matchup"][int(r["winners"][0][1]) - 1] == a)
        assert by_deck[a]["overall"] == pytest.approx(wins / total)


def test_run_refuses_an_unknown_strategy(data):
    with pytest.raises(DeckgenError) as err:
        run(DESCRIPTOR, data, 2, 2, 0, strategy="reckless")
    assert "standard" in str(err.value)


def test_the_command_line_prints_the_side_deck_table():
    out = CliRunner().invoke(main, ["simulate", "pazaak", "--games", "40", "--decks", "all", "--strategy",
                                    "cautious", "--json", "--project", str(ROOT)])
    assert out.exit_code == 0, out.output
    summary = json.loads(out.output)
    assert summary["length_unit"] == "sets" and summary["conserved"] is True
    assert summary["strategy"] == "cautious" and summary["options"] == {"decks": "all"}
    (rows,) = summary["tables"].values()
    assert {row["side deck"] for row in rows} == {"starter", "charge", "bulwark", "smuggler", "veteran"}
    assert sum(summary["seats"].values()) == pytest.approx(1)


def test_named_strategies_differ_where_they_say():
    from deckgen.games.pazaak.sim import View, table_total

    def view(table, hand, opponent_total=0, opponent_stood=False):
        return View(tuple(table), table_total(table), tuple(hand), ("9",), opponent_total, opponent_stood)

    standard, cautious, bold = STRATEGIES["standard"], STRATEGIES["cautious"], STRATEGIES["bold"]
    assert bold.choose_card(view(["10", "7"], ["+2"])) == "+2"  # a card for 19
    assert standard.choose_card(view(["10", "7"], ["+2"])) is None
    assert standard.choose_card(view(["10", "6"], ["+2"], 17, True)) == "+2"  # passes a standing 17
    assert cautious.choose_card(view(["10", "6"], ["+2"], 17, True)) is None
    assert standard.choose_card(view(["10", "10"], ["2&4"])) is None  # no card for nothing
    assert cautious.should_stand(view(["10", "5"], [])) and not standard.should_stand(view(["10", "5"], []))
    assert standard.should_stand(view(["10", "7"], [])) and not bold.should_stand(view(["10", "7"], []))
