"""Tests for the Gladbach simulator and the deck-sufficiency check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deckgen.games.gladbach as gladbach
from deckgen.games.gladbach.engine import CARD_KINDS, MAX_PLAYERS, build_deck, compare
from deckgen.games.gladbach.sim import (
    ROUNDS,
    deck_sufficiency,
    simulate,
    smallest_uniform_composition,
    worst_case_draws,
)
from deckgen.loader import load_project
from deckgen.registry import SimulationRequest, installed_games

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def game():
    return load_project(ROOT).games["gladbach"]


@pytest.fixture(scope="module")
def composition(game):
    """The bundled deck's composition (8 copies of each of the 19 kinds)."""
    return gladbach.composition(game)


def test_same_seed_same_game(composition):
    a = simulate(5, seed=42, bet="random", composition=composition)
    b = simulate(5, seed=42, bet="random", composition=composition)
    assert a.to_dict() == b.to_dict()


def test_different_seeds_differ(composition):
    results = {json.dumps(simulate(4, seed=s, bet="random", composition=composition).to_dict()["hands"])
               for s in range(10)}
    assert len(results) > 5


def test_result_shape(composition):
    r = simulate(3, seed=1, composition=composition)
    d = r.to_dict()
    json.dumps(d)
    assert len(r.fields) == ROUNDS and all(len(f) == 3 for f in r.fields)
    assert len(r.hands) == 3 and all(r.hands)
    assert len(r.dice) == 2
    assert r.winners and all(0 <= w < 3 for w in r.winners)
    assert isinstance(r.dice_double, bool)
    assert 0 <= r.min_draw_pile <= len(build_deck(composition))


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(
    players=st.integers(2, MAX_PLAYERS),
    seed=st.integers(0, 10**6),
    strategy=st.sampled_from(["greedy", "always_draw", "random"]),
    bet=st.sampled_from(["fixed", "random"]),
    doubles=st.sampled_from(["roll", "always", "never"]),
)
def test_chip_conservation_and_winners(composition, players, seed, strategy, bet, doubles):
    r = simulate(players, seed, strategy=strategy, bet=bet, doubles=doubles, composition=composition)
    # every placed chip ends with a winner, nothing else moves
    assert sum(r.payouts) == r.pot
    assert sum(r.chips_after) == sum(r.chips_before)
    for seat in range(players):
        placed = sum(f[seat] for f in r.fields)
        assert r.chips_after[seat] == r.chips_before[seat] - placed + r.payouts[seat]
        assert (r.payouts[seat] > 0) <= (seat in r.winners)
        assert all(f[seat] >= 0 for f in r.fields)
    # winners hold the best hands, and all winners tie
    best = r.hands[r.winners[0]]
    for seat, hand in enumerate(r.hands):
        c = compare(best, hand)
        assert c == (0 if seat in r.winners else 1)
    if doubles == "always":
        assert r.dice_double and r.doubles == 2 and all(d[0] == d[1] for d in r.dice)
    if doubles == "never":
        assert not r.dice_double and all(d[0] != d[1] for d in r.dice)


def test_double_redraws_same_hand_sizes(composition):
    # always-draw keeps every card, so after forced doubles the size is 2 + 9
    r = simulate(4, seed=3, strategy="always_draw", doubles="always", composition=composition)
    assert all(len(h) == 2 + ROUNDS for h in r.hands)
    assert r.cards_drawn == worst_case_draws(4) == 96


def test_greedy_never_holds_an_empty_hand(composition):
    for s in range(20):
        r = simulate(MAX_PLAYERS, seed=s, strategy="greedy", composition=composition)
        assert all(len(h) >= 1 for h in r.hands)


def test_mixed_strategies(composition):
    r = simulate(3, seed=5, strategy=["greedy", "always_draw", "random"], composition=composition)
    assert r.strategies == ["greedy", "always_draw", "random"]
    assert len(r.hands[1]) == 2 + ROUNDS
    with pytest.raises(ValueError):
        simulate(3, seed=5, strategy=["greedy"], composition=composition)
    with pytest.raises(ValueError):
        simulate(3, seed=5, strategy="psychic", composition=composition)


def test_small_deck_reshuffles_and_reports_it():
    comp = {kind: 1 for kind in CARD_KINDS}  # 19 cards
    r = simulate(6, seed=0, composition=comp, strategy="always_draw")
    assert r.draw_pile_ran_empty and r.min_draw_pile == 0
    assert r.reshuffles + r.failed_draws > 0
    with pytest.raises(ValueError, match="deal"):
        simulate(6, seed=0, composition={"blue:0": 5})


def test_bundled_composition_suffices_at_max_players_worst_case(composition):
    report = deck_sufficiency(composition, MAX_PLAYERS, games=100, seed=7)
    assert report.force_doubles and report.strategy == "always_draw"
    assert report.sufficient and report.games_ran_empty == 0
    assert report.min_draw_pile >= 1
    assert report.max_cards_drawn == report.worst_case_draws == 24 * MAX_PLAYERS
    json.dumps(report.to_dict())


def test_one_copy_fewer_is_not_enough(composition):
    fewer = {k: n - 1 for k, n in composition.items()}
    assert not deck_sufficiency(fewer, MAX_PLAYERS, games=5).sufficient
    assert smallest_uniform_composition(MAX_PLAYERS, games=5) == composition


def test_realistic_play_uses_far_fewer_cards(composition):
    report = deck_sufficiency(
        composition, MAX_PLAYERS, games=50, strategy="greedy", force_doubles=False
    )
    assert report.sufficient
    assert report.max_cards_drawn < report.worst_case_draws


def test_descriptor_simulation(game, composition):
    descriptor = installed_games()["gladbach"]
    data = descriptor.data_for(game)
    assert data["composition"] == composition
    records = descriptor.simulate(SimulationRequest(players=3, games=4, seed=9, data=data))
    assert len(records) == 4
    for i, record in enumerate(records):
        direct = simulate(3, seed=9 + i, composition=composition)
        assert record["winners"] == [f"P{s + 1}" for s in direct.winners]
        assert record["money_change"] == 0 and record["deck_ran_out"] == direct.draw_pile_ran_empty
        assert record["category"] == direct.category and record["length"] == ROUNDS == 9
    assert deck_sufficiency(composition, games=3).sufficient
