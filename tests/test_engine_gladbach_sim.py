"""Tests for the Gladbach simulator and the deck-sufficiency check."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.engines import gladbach
from deckgen.games.gladbach.engine import CARD_KINDS, DEFAULT_COMPOSITION, MAX_PLAYERS, compare
from deckgen.games.gladbach.sim import (
    ROUNDS,
    deck_sufficiency,
    simulate,
    smallest_uniform_composition,
    split_pot,
    worst_case_draws,
)


def test_same_seed_same_game():
    a = simulate(5, seed=42, bet="random")
    b = simulate(5, seed=42, bet="random")
    assert a.to_dict() == b.to_dict()


def test_different_seeds_differ():
    results = {json.dumps(simulate(4, seed=s, bet="random").to_dict()["hands"]) for s in range(10)}
    assert len(results) > 5


def test_result_shape():
    r = simulate(3, seed=1)
    d = r.to_dict()
    json.dumps(d)
    assert len(r.fields) == ROUNDS and all(len(f) == 3 for f in r.fields)
    assert len(r.hands) == 3 and all(r.hands)
    assert len(r.dice) == 2
    assert r.winners and all(0 <= w < 3 for w in r.winners)
    assert isinstance(r.dice_double, bool)
    assert 0 <= r.min_draw_pile <= len(gladbach.build_deck(DEFAULT_COMPOSITION))


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, MAX_PLAYERS),
    seed=st.integers(0, 10**6),
    strategy=st.sampled_from(["greedy", "always_draw", "random"]),
    bet=st.sampled_from(["fixed", "random"]),
    force=st.booleans(),
)
def test_chip_conservation_and_winners(players, seed, strategy, bet, force):
    r = simulate(players, seed, strategy=strategy, bet=bet, force_doubles=force)
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
    if force:
        assert r.dice_double and all(d[0] == d[1] for d in r.dice)


def test_split_pot_remainder_to_earliest_seats():
    assert split_pot(10, [3, 1, 4]) == {1: 4, 3: 3, 4: 3}
    assert split_pot(9, [0, 2, 5]) == {0: 3, 2: 3, 5: 3}
    assert sum(split_pot(101, [0, 1, 2, 3, 4, 5]).values()) == 101


def test_double_redraws_same_hand_sizes():
    # always-draw keeps every card, so after forced doubles the size is 2 + 9
    r = simulate(4, seed=3, strategy="always_draw", force_doubles=True)
    assert all(len(h) == 2 + ROUNDS for h in r.hands)
    assert r.cards_drawn == worst_case_draws(4) == 96


def test_greedy_never_holds_an_empty_hand():
    for s in range(20):
        r = simulate(MAX_PLAYERS, seed=s, strategy="greedy")
        assert all(len(h) >= 1 for h in r.hands)


def test_mixed_strategies():
    r = simulate(3, seed=5, strategy=["greedy", "always_draw", "random"])
    assert r.strategies == ["greedy", "always_draw", "random"]
    assert len(r.hands[1]) == 2 + ROUNDS
    with pytest.raises(ValueError):
        simulate(3, seed=5, strategy=["greedy"])
    with pytest.raises(ValueError):
        simulate(3, seed=5, strategy="psychic")


def test_small_deck_reshuffles_and_reports_it():
    comp = {kind: 1 for kind in CARD_KINDS}  # 19 cards
    r = simulate(6, seed=0, composition=comp, strategy="always_draw")
    assert r.draw_pile_ran_empty and r.min_draw_pile == 0
    assert r.reshuffles + r.failed_draws > 0
    with pytest.raises(ValueError, match="deal"):
        simulate(6, seed=0, composition={"blue:0": 5})


def test_default_composition_suffices_at_max_players_worst_case():
    report = deck_sufficiency(DEFAULT_COMPOSITION, MAX_PLAYERS, games=100, seed=7)
    assert report.force_doubles and report.strategy == "always_draw"
    assert report.sufficient and report.games_ran_empty == 0
    assert report.min_draw_pile >= 1
    assert report.max_cards_drawn == report.worst_case_draws == 24 * MAX_PLAYERS
    json.dumps(report.to_dict())


def test_one_copy_fewer_is_not_enough():
    fewer = {k: n - 1 for k, n in DEFAULT_COMPOSITION.items()}
    assert not deck_sufficiency(fewer, MAX_PLAYERS, games=5).sufficient
    assert smallest_uniform_composition(MAX_PLAYERS, games=5) == DEFAULT_COMPOSITION


def test_realistic_play_uses_far_fewer_cards():
    report = deck_sufficiency(
        DEFAULT_COMPOSITION, MAX_PLAYERS, games=50, strategy="greedy", force_doubles=False
    )
    assert report.sufficient
    assert report.max_cards_drawn < report.worst_case_draws


def test_engine_module_wrappers():
    assert gladbach.simulate(2, seed=9).to_dict() == simulate(2, seed=9).to_dict()
    assert gladbach.deck_sufficiency(games=3).sufficient
