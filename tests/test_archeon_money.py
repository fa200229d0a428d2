"""Sabacc Archeon chips: the ante by round, penalty order and caps, the bank, the spike, card stakes, placings."""

from __future__ import annotations

import pytest

from deckgen.games.archeon import money
from deckgen.games.archeon.judge import judge

DATA: dict = {}


@pytest.fixture(scope="module", autouse=True)
def _archeon_data(project):
    """The archeon engine data, from the session's project (loaded once per worker)."""
    game = project.games["archeon"]
    DATA.clear()
    DATA.update(project.descriptor(game).data_for(game))


def rules():
    return DATA["archeon"].rules


def B(v):
    return {"family": "blood", "value": v}


def S(v):
    return {"family": "sand", "value": v}


def run(*players, **top):
    return judge({"players": [{"name": "ABCD"[i], **p} for i, p in enumerate(players)], **top}, DATA, {})


def test_ante_steps_then_doubling_after_round_eleven():
    assert [money.ante(rules(), r) for r in range(1, 12)] == list(rules().ante_steps)
    assert [money.ante(rules(), r) for r in (12, 13, 14)] == [12, 24, 48]
    assert money.ante(rules(), 14, frozen=True) == rules().ante_steps[0]


def test_penalty_pair_or_difference_times_multiplier():
    r = run({"hand": [B(1), S(1)]}, {"hand": [B(2), S(2)]}, {"hand": [B(1), S(6)]}, multiplier=4)
    assert r["penalties"] == {"B": 4, "C": 20}


def test_penalty_order_doubling_additions_reductions_caps():
    def paid(entourage, tokens=(), planet=None, chips=None, multiplier=1):
        loser = {"hand": [B(1), S(6)], "entourage": entourage}
        if chips is not None:
            loser["chips"] = chips
        top = {"tokens": list(tokens), "multiplier": multiplier}
        if planet:
            top["planet"] = planet
        return run({"hand": [B(1), S(1)]}, loser, **top)["penalties"]["B"]

    assert paid([]) == 5
    assert paid([{"ability": "advance", "tier": 1}]) == 10
    assert paid([{"ability": "insurance", "tier": 2}]) == 3
    assert paid([{"ability": "stabilisation", "tier": 2}]) == 2
    assert paid([], planet="mon-calamari") == 4
    assert paid([], tokens=[{"name": "surcharge", "by": "A", "target": "B"}]) == 7
    # ×2, Advance ×2 = 20, Surcharge +2 = 22, Insurance -3 = 19, Stabilisation cap 3
    assert paid([{"ability": "advance", "tier": 2}, {"ability": "insurance", "tier": 3},
                  {"ability": "stabilisation", "tier": 1}], tokens=[{"name": "surcharge", "by": "A", "target": "B"}],
                multiplier=2) == 3
    # Advance doubles before Insurance subtracts: (5×2)-2 = 8, not (5-2)×2 = 6
    assert paid([{"ability": "insurance", "tier": 2}, {"ability": "advance", "tier": 1}]) == 8
    # Hedge caps at the ante (round 1: 1)
    assert paid([], tokens=[{"name": "hedge", "by": "B"}]) == 1
    # never below 0, never above the chips
    assert paid([{"ability": "insurance", "tier": 3}], planet="mon-calamari", tokens=[]) == 1
    r = run({"hand": [B(1), S(1)]}, {"hand": [B(2), S(2)], "entourage": [{"ability": "insurance", "tier": 3}]})
    assert r["penalties"] == {"B": 0}
    assert paid([], chips=3) == 3
    # without chips the penalty is not capped
    assert paid([], multiplier=8) == 40


def test_elimination_and_chips_after():
    r = run({"hand": [B(1), S(1)], "chips": 10}, {"hand": [B(1), S(6)], "chips": 2}, {"hand": [B(3), S(3)], "chips": 1})
    assert r["penalties"] == {"B": 2, "C": 1} and r["payout"] == {"A": 3}
    assert r["chips_after"] == {"A": 13, "B": 0, "C": 0} and r["eliminated"] == ["B", "C"]


def test_split_remainder_goes_in_seat_order():
    assert money.split(5, ["A", "B"]) == {"A": 3, "B": 2}
    assert money.split(7, ["C", "A", "B"]) == {"C": 3, "A": 2, "B": 2}
    r = run({"hand": [B(3), S(3)]}, {"hand": [B(3), S(3)]}, {"hand": [B(1), S(5)]}, bank=4)
    assert r["bank"] == 8 and r["payout"] == {"A": 4, "B": 4}
    r = run({"hand": [B(3), S(3)]}, {"hand": [B(3), S(3)]}, {"hand": [B(1), S(6)]}, bank=4)
    assert r["payout"] == {"A": 5, "B": 4}


def test_credit_line_debt_is_paid_at_the_settlement():
    r = run({"hand": [B(1), S(1)], "chips": 5, "entourage": [{"ability": "credit-line", "tier": 1}]},
            {"hand": [B(1), S(3)], "chips": 5})
    assert r["debts"] == {"A": 3} and r["chips_after"] == {"A": 5 + 2 - 3, "B": 3}


def test_spike_doubles_when_someone_accepts():
    s = money.spike(rules(), 1, "A", [("B", True), ("C", False), ("D", True)])
    assert (s.multiplier, s.exited, s.right, s.raised) == (2, ("C",), "D", True)
    s = money.spike(rules(), 2, "A", [("B", False), ("C", False)])
    assert (s.multiplier, s.exited, s.raised) == (2, ("B", "C"), False)
    assert money.spike(rules(), 8, "A", [("B", True)]).multiplier == 8  # eight is the ceiling
    assert money.spike(rules(), 2, "A", [("B", True)], frozen=True).multiplier == 2  # the Ceiling token
    chain = 1
    for _ in range(5):
        chain = money.spike(rules(), chain, "A", [("B", True)]).multiplier
    assert chain == 8


def test_card_stakes():
    assert money.stakes({"A": "bakko", "B": "0-0-0", "C": "a-oic"}, ["A"]) == {"A": ["bakko", "0-0-0", "a-oic"]}
    assert money.stakes({"A": "bakko", "B": "0-0-0"}, ["A", "B"]) == {"A": ["bakko"], "B": ["0-0-0"]}
    r = run({"hand": [B(1), S(1)], "stake": "bakko"}, {"hand": [B(1), S(6)], "stake": "0-0-0"})
    assert r["stakes"] == {"A": ["bakko", "0-0-0"]}


def test_placings_by_elimination_order():
    assert money.placings({"P1": None, "P2": 3, "P3": 5, "P4": 3}) == {"P1": 1, "P3": 2, "P2": 3, "P4": 3}


@pytest.mark.parametrize("planet, bank, reserve", [("vorzyd-v", 14, 7), ("rodia", 8, 1), ("hutta", 6, -1), (None, 7, 0)])
def test_bank_planets_move_chips_through_the_reserve(planet, bank, reserve):
    top = {"bank": 3}
    if planet:
        top["planet"] = planet
    r = run({"hand": [B(1), S(1)], "chips": 10}, {"hand": [B(2), S(6)], "chips": 10}, **top)
    assert r["bank"] == bank and r.get("from_reserve", 0) == reserve
    assert sum(r["chips_after"].values()) == 20 + 3 + reserve
