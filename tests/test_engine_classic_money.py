"""Tests of classic sabacc pot settlement and the seeded shift simulator."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.games.classic.engine import judge
from deckgen.games.classic.cards import copies_in_deck, parse_card
from deckgen.games.classic.settle import (
    MAIN_POT,
    SABACC_POT,
    Outcome,
    Stake,
    outcome_from_judgement,
    settle,
    stakes_from,
)
from deckgen.games.classic.rules import make_rules
from deckgen.games.classic.sim import SimConfig, simulate
from deckgen.errors import ShowdownError


def conserved(s) -> bool:
    return sum(v for _, v in s.net) + (s.sabacc_pot_after - s.sabacc_pot_before) == 0


# ---------------------------------------------------------------- settlement


def test_plain_win_with_ante_into_an_empty_sabacc_pot():
    s = settle([Stake("A", 2), Stake("B", 2), Stake("C", 0, folded=True)], Outcome(winners=("A",)))
    # main pot: 3 antes + 4 bets = 7; sabacc pot: 3 antes + 1 fold fee
    assert s.main_pot == 7
    assert s.net_of("A") == 7 - 1 - 1 - 2
    assert s.net_of("B") == -4 and s.net_of("C") == -3
    assert s.sabacc_pot_after == 4 and conserved(s)


def test_bomb_out_pays_the_main_pot_and_pure_sabacc_takes_both_pots():
    s = settle([Stake("A", 1), Stake("B", 1)], Outcome(winners=("A",), bombed_out=("B",), sabacc_pot_won=True), sabacc_pot=10)
    # no sabacc ante (pot not empty); main pot 4; B pays 4 into the sabacc pot; A takes 4 + 14
    assert s.net_of("B") == -2 - 4
    assert s.net_of("A") == -2 + 4 + 14
    assert s.sabacc_pot_after == 0 and conserved(s)


def test_caller_who_loses_pays_like_a_bomb_out_but_only_once():
    s = settle([Stake("A"), Stake("B"), Stake("C")], Outcome(winners=("A",), bombed_out=("C",), caller="B"), sabacc_pot=5)
    assert [f.reason for f in s.flows if f.payer == "B" and f.payee == SABACC_POT] == ["called and did not win"]
    both = settle([Stake("A"), Stake("B")], Outcome(winners=("A",), bombed_out=("B",), caller="B"), sabacc_pot=5)
    assert len([f for f in both.flows if f.payer == "B" and f.payee == SABACC_POT]) == 1


def test_no_winner_moves_the_main_pot_and_ties_split_with_remainder():
    s = settle([Stake("A", 1), Stake("B", 1)], Outcome(bombed_out=("A", "B")), sabacc_pot=3)
    assert s.sabacc_pot_after == 3 + 4 + 4 + 4 and conserved(s)
    tie = settle([Stake("A", 0), Stake("B", 0), Stake("C", 2)], Outcome(winners=("A", "B")), sabacc_pot=3)
    # main pot 5: 2 each, the odd credit goes into the sabacc pot
    assert tie.net_of("A") == tie.net_of("B") == -1 + 2
    assert [f.amount for f in tie.flows if f.reason == "main pot remainder"] == [1]
    assert tie.sabacc_pot_after == 4 and conserved(tie)


def test_last_seat_standing_wins_without_a_showdown_and_fixed_penalty():
    s = settle([Stake("A", 3), Stake("B", 0, folded=True)], None, sabacc_pot=2)
    assert s.net_of("A") == 1 and s.net_of("B") == -2 and conserved(s)
    fixed = settle([Stake("A"), Stake("B")], Outcome(winners=("A",), bombed_out=("B",)), sabacc_pot=2, penalty=1)
    assert fixed.net_of("B") == -2


@pytest.mark.parametrize(
    "stakes, outcome, path",
    [
        ([Stake("A", -1)], None, ("stakes", 0, "bet")),
        ([Stake("A"), Stake("A")], None, ("stakes", 1, "name")),
        ([Stake("A"), Stake("B", folded=True)], Outcome(winners=("B",)), ("outcome", "winners")),
        ([Stake("A"), Stake("B")], Outcome(winners=("Z",)), ("outcome", "winners")),
        ([Stake("A"), Stake("B")], None, ("outcome",)),
    ],
)
def test_settlement_rejects_bad_input(stakes, outcome, path):
    with pytest.raises(ShowdownError) as err:
        settle(stakes, outcome)
    assert err.value.path == path


def test_settlement_from_a_judgement_and_stakes_document():
    res = judge({"players": [{"name": "A", "hand": ["face:idiot", "coins:2", "coins:3"]}, {"name": "B", "hand": ["coins:ace", "sabers:ace"]}]})
    s = settle(stakes_from([{"name": "A", "bet": 2}, {"name": "B", "bet": 2}]), outcome_from_judgement(res, caller="B"), sabacc_pot=6)
    assert s.net_of("B") == -3 - 6  # ante + bets, then penalty 6 (bombed and caller: once)
    assert s.net_of("A") == -3 + 6 + 12 and conserved(s)


seats = st.lists(st.tuples(st.integers(0, 9), st.booleans()), min_size=2, max_size=6)


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(seats, st.data(), st.integers(0, 30), st.sampled_from([None, 0, 2]))
def test_money_is_conserved(raw, data, pot, penalty):
    stakes = [Stake(f"P{i}", bet, folded) for i, (bet, folded) in enumerate(raw)]
    active = [s.name for s in stakes if not s.folded]
    if len(active) == 1:
        outcome = None
    else:
        if not active:
            stakes[0] = Stake("P0", stakes[0].bet)
            active = ["P0"]
            outcome = None
        else:
            winners = data.draw(st.lists(st.sampled_from(active), unique=True, max_size=3))
            losers = [n for n in active if n not in winners]
            bombed = data.draw(st.lists(st.sampled_from(losers), unique=True)) if losers else []
            caller = data.draw(st.sampled_from(active + [None]))
            outcome = Outcome(tuple(winners), tuple(bombed), data.draw(st.booleans()), caller)
    s = settle(stakes, outcome, sabacc_pot=pot, penalty=penalty)
    assert conserved(s)
    assert s.sabacc_pot_after >= 0
    main_in = sum(f.amount for f in s.flows if f.payee == MAIN_POT)
    main_out = sum(f.amount for f in s.flows if f.payer == MAIN_POT)
    assert main_in == main_out == s.main_pot


# ----------------------------------------------------------------- simulator


@pytest.mark.parametrize("rules", ["weg", "dice"])
def test_simulation_is_deterministic_and_plays_a_real_hand(rules):
    config = SimConfig(rules=make_rules(rules))
    a = simulate(11, config)
    assert a == simulate(11, config)
    assert a.winners and set(a.winners) <= {n for n, _ in a.hands}
    assert any(e.kind in ("draw", "exchange") for e in a.events)
    assert all(len(cards) >= 2 for _, cards in a.hands)
    assert conserved(a.settlement)


@pytest.mark.parametrize("rules", ["weg", "dice"])
def test_simulated_hands_respect_the_deck(rules):
    shifted = 0
    for seed in range(25):
        r = simulate(seed, SimConfig(rules=make_rules(rules), players=6))
        seen = Counter(parse_card(c) for _, cards in r.hands for c in cards)
        assert all(n <= copies_in_deck(card) for card, n in seen.items())
        assert r.shifts == sum(e.kind == "shift" for e in r.events)
        shifted += r.shifts
    assert shifted > 0


def test_disruptor_field_cards_survive_shifts():
    checked = 0
    for seed in range(40):
        r = simulate(seed, SimConfig(rules=make_rules("dice")))
        hands = dict(r.hands)
        locked: dict[str, list[str]] = {}
        for e in r.events:
            if e.kind == "lock":
                locked.setdefault(e.player, []).append(e.detail)
            elif e.kind == "unlock":
                locked[e.player].remove(e.detail)
            elif e.kind == "shift":
                checked += sum(map(len, locked.values()))
        for name, field in r.fields:
            assert Counter(field) <= Counter(hands[name])
            assert sorted(field) == sorted(locked.get(name, []))  # nothing left the field but by an unlock
    assert checked > 0


def test_weg_rule_uses_no_field_and_config_is_validated():
    r = simulate(5)
    assert all(not field for _, field in r.fields)
    assert not any(e.kind in ("lock", "unlock") for e in r.events)
    with pytest.raises(ValueError):
        SimConfig(strategy="reckless")
    with pytest.raises(ValueError):
        SimConfig(players=1)
    with pytest.raises(ValueError):
        SimConfig(players=9)
    with pytest.raises(ValueError):
        SimConfig(rules=make_rules("dice"), max_rounds=4)  # no round left after the pot-building rounds


def test_descriptor_simulation_conserves_money_and_is_seeded():
    from pathlib import Path

    from deckgen.games.classic.data import load_data
    from deckgen.loader import load_project
    from deckgen.registry import SimulationRequest, installed_games

    game = load_project(Path(__file__).resolve().parents[1]).games["classic"]
    descriptor = installed_games()["classic"]
    data = load_data(game)
    for options in ({}, {"rules": "dice", "location": "mos-eisley"}):
        request = SimulationRequest(players=4, games=6, seed=3, data=data, options=options)
        records = descriptor.simulate(request)
        assert records == descriptor.simulate(request) and len(records) == 6
        assert all(r["money_change"] == 0 for r in records)
        assert all(set(r["winners"]) <= {"P1", "P2", "P3", "P4"} for r in records)
