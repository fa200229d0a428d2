"""The classic sabacc simulator plays by the rules: read from the event log of seeded hands.

Properties over random tables (rule set, players, strategy, location,
variants): money is conserved, a seed gives the same hand, no bet or raise
exceeds the cap, and nobody calls on their own turn or too early.  Then
the rules one by one, and the descriptor's options, records and tables.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.cli import main
from deckgen.games.classic.locations import parse_locations
from deckgen.games.classic.rules import make_rules
from deckgen.games.classic.sim import UNCONTESTED, SimConfig, simulate
from deckgen.games.classic.simulation import SIMULATE_OPTIONS
from deckgen.games.classic.strategies import STRATEGY_NAMES
from deckgen.games.classic.turns import exchange_sizes
from deckgen.games.classic.cards import parse_card
from deckgen.registry import SimulationRequest, installed_games

ROOT = Path(__file__).resolve().parents[1]
LOCATIONS = parse_locations(yaml.safe_load((ROOT / "data/classic/locations.yaml").read_text(encoding="utf-8")))
DESCRIPTOR = installed_games()["classic"]
DATA = {"locations": LOCATIONS}


@st.composite
def tables(draw):
    name = draw(st.sampled_from(["weg", "dice"]))
    variants = {"bet-cap": draw(st.sampled_from([None, 1, 2, 5])), "penalty": draw(st.sampled_from([None, 0, 3]))}
    if name == "dice":
        variants.update({"dice": draw(st.sampled_from([6, 10, 12])), "dice-count": draw(st.sampled_from([1, 2])),
                         "field": draw(st.sampled_from(["private", "hold-em"]))})
    location = draw(st.sampled_from([None, *sorted(LOCATIONS)]))
    return SimConfig(players=draw(st.integers(2, 8)), rules=make_rules(name, **variants),
                     location=LOCATIONS.get(location), strategy=draw(st.sampled_from(STRATEGY_NAMES)),
                     sabacc_pot=draw(st.sampled_from([0, 7])))


def conserved(money) -> bool:
    return sum(v for _, v in money.net) + money.sabacc_pot_after - money.sabacc_pot_before == 0


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(tables(), st.integers(0, 10_000))
def test_every_simulated_hand_keeps_the_rules_and_the_money(config, seed):
    result = simulate(seed, config)
    assert result == simulate(seed, config)  # reproducible
    assert conserved(result.settlement)
    cap = config.rules.bet_cap
    for event in result.events:
        if event.kind in ("bet", "raise"):
            assert 1 <= event.raised_by and (cap is None or event.raised_by <= cap)
        if event.kind == "call":
            assert event.player != event.turn  # never on one's own turn
            assert event.round > config.rules.pot_building  # only once every player has had a turn
            assert event.player not in result.folded or config.rules.uses_dice
    if result.category != UNCONTESTED:
        assert result.caller is not None
    assert set(result.winners) <= {n for n, _ in result.hands}


# ------------------------------------------------------------------ WEG


def weg_hands(count=30, **kw):
    return [simulate(seed, SimConfig(**kw)) for seed in range(count)]


def test_weg_turns_follow_the_four_phases_and_only_the_active_player_bets():
    for r in weg_hands(players=5, strategy="mixed"):
        for e in r.events:
            if e.kind in ("bet", "check") and e.turn == e.player:
                continue
            if e.kind in ("bet", "raise"):
                pytest.fail(f"{e.player} bets in the turn of {e.turn}")
            if e.kind in ("draw", "exchange", "stand"):
                assert e.player == e.turn  # only the active player draws
        first_call = [e for e in r.events if e.kind == "call"]
        assert len(first_call) <= 1


def test_weg_every_seat_rolls_in_its_turn_even_after_folding():
    folded_and_rolled = 0
    for r in weg_hands(60, players=6, strategy="mixed"):
        fold_round = {e.player: e.round for e in r.events if e.kind == "fold"}
        rolls = Counter((e.round, e.player) for e in r.events if e.kind == "roll")
        for player, rnd in fold_round.items():
            later = [k for (rr, p), k in rolls.items() if p == player and rr > rnd]
            folded_and_rolled += len(later)
        for e in r.events:
            if e.kind == "roll":
                assert e.player == e.turn and 1 <= int(e.detail) <= 6
    assert folded_and_rolled > 0


def test_weg_shifts_happen_on_one_to_three_and_keep_hand_sizes():
    for r in weg_hands():
        rolls = [e for e in r.events if e.kind == "roll"]
        shifts = [e for e in r.events if e.kind == "shift"]
        low = [e for e in rolls if int(e.detail) <= 3]
        assert len(shifts) <= len(low) and (len(shifts) == len(low) or r.folded)


def test_weg_folding_costs_a_credit_and_a_losing_caller_pays_the_main_pot():
    lost = 0
    for r in weg_hands(80, players=4, strategy="mixed"):
        flows = r.settlement.flows
        assert Counter(f.payer for f in flows if f.reason == "fold") == Counter(r.folded)
        assert all(f.amount == 1 for f in flows if f.reason == "fold")
        if r.caller and r.caller not in r.winners:
            lost += 1
            fine = [f for f in flows if f.payer == r.caller and f.payee == "sabacc pot"
                    and f.reason in ("bombed out", "called and did not win")]
            assert [f.amount for f in fine] == [r.settlement.main_pot]
    assert lost > 0


def test_sabacc_pot_ante_only_when_it_is_empty():
    empty = simulate(4, SimConfig())
    full = simulate(4, SimConfig(sabacc_pot=10))
    ante = lambda r: [f for f in r.settlement.flows if f.reason == "ante to the sabacc pot"]  # noqa: E731
    assert len(ante(empty)) == 4 and ante(full) == []
    dice = simulate(4, SimConfig(rules=make_rules("dice"), sabacc_pot=10))
    assert len(ante(dice)) == 4  # the dice rules ante into both pots every hand


def test_a_player_left_alone_takes_the_main_pot_without_a_showdown():
    seen = 0
    for seed in range(60):
        r = simulate(seed, SimConfig(rules=make_rules("dice"), players=5))
        if r.category == UNCONTESTED:
            seen += 1
            (winner,) = r.winners
            assert winner not in r.folded and len(r.folded) == 4
            assert not any(e.kind == "showdown" for e in r.events)
            assert not any(f.payer == "sabacc pot" and f.payee == winner for f in r.settlement.flows)
    assert seen > 0


# ------------------------------------------------------------- dice rules


def test_dice_rules_roll_once_after_each_play_once_per_betting_round_and_once_after_a_call():
    for seed in range(30):
        r = simulate(seed, SimConfig(rules=make_rules("dice"), players=4))
        if r.category == UNCONTESTED:
            continue
        (call,) = [i for i, e in enumerate(r.events) if e.kind == "call"]
        after = r.events[call + 1:]
        assert [e.kind for e in after if e.kind in ("roll", "showdown")] == ["roll", "showdown"]
        assert after[[e.kind for e in after].index("roll")].player == "P4"  # the dealer
        assert r.events[call].round > 4  # after the four pot-building rounds
        for rnd in range(1, r.rounds + 1):
            rolls = [e.player for e in r.events if e.kind == "roll" and e.round == rnd]
            plays = [e.player for e in r.events if e.kind in ("draw", "exchange", "stand") and e.round == rnd]
            assert rolls == plays + ["P4"]


def test_dice_shifts_follow_the_dice_and_keep_the_field():
    for sides, count in ((6, 2), (10, 2), (12, 1)):
        rules = make_rules("dice", dice=sides, **{"dice-count": count})
        for seed in range(15):
            r = simulate(seed, SimConfig(rules=rules))
            rolls = [e for e in r.events if e.kind == "roll"]
            for e in rolls:
                values = [int(v) for v in e.detail.split("+")]
                assert len(values) == count and all(1 <= v <= sides for v in values)
            matches = sum(1 for e in rolls if (len(set(e.detail.split("+"))) == 1 if count == 2 else e.detail == "1"))
            assert matches == r.shifts


def test_the_field_moves_one_card_in_and_one_out_per_turn_at_most():
    moved = 0
    for seed in range(30):
        r = simulate(seed, SimConfig(rules=make_rules("dice"), players=5))
        per_turn = Counter((e.round, e.player, e.kind) for e in r.events if e.kind in ("lock", "unlock"))
        assert all(k == 1 for k in per_turn.values())
        moved += len(per_turn)
    assert moved > 0


def test_hold_em_lets_players_use_the_field_cards_of_others():
    used = 0
    for seed in range(40):
        r = simulate(seed, SimConfig(rules=make_rules("dice", field="hold-em"), players=5))
        fields = dict(r.fields)
        for name, cards in r.borrowed:
            others = Counter(c for n, f in fields.items() if n != name for c in f)
            assert Counter(cards) <= others
            used += 1
    assert used > 0
    private = [simulate(seed, SimConfig(rules=make_rules("dice"), players=5)) for seed in range(10)]
    assert not any(r.borrowed for r in private)


# ----------------------------------------------------------- local rules


@pytest.mark.parametrize("loc_id", ["imperial", "corporate-sector", "mos-eisley", "cloud-city-casino"])
def test_local_discard_limits_are_applied_in_play(loc_id):
    loc = LOCATIONS[loc_id]
    sizes = Counter()
    for seed in range(30):
        r = simulate(seed, SimConfig(location=loc, strategy="bold"))
        for e in (e for e in r.events if e.kind == "exchange"):
            out, _, drawn = e.detail.partition(" -> ")
            assert len(out.split()) == len(drawn.split())
            sizes[len(out.split())] += 1
    assert sizes and set(sizes) <= set(loc.discard.counts) | set(loc.discard.counts_if_holding)


def test_imperial_exchanges_exactly_two_cards():
    exchanges = [e for seed in range(30) for e in simulate(seed, SimConfig(location=LOCATIONS["imperial"])).events
                 if e.kind == "exchange"]
    assert exchanges and all(len(e.detail.split(" -> ")[0].split()) == 2 for e in exchanges)
    assert exchange_sizes([parse_card("coins:1"), parse_card("coins:2")], LOCATIONS["imperial"]) == (2,)


# ------------------------------------------------------------ descriptor


def request(games=40, players=4, **options):
    strategy = options.pop("strategy", None)
    return SimulationRequest(players=players, games=games, seed=5, data=DATA, options=options, strategy=strategy)


def test_descriptor_records_and_summary_tables():
    assert DESCRIPTOR.strategies == STRATEGY_NAMES and DESCRIPTOR.strategies[0] == "cautious"
    assert DESCRIPTOR.length_unit == "rounds" and set(DESCRIPTOR.simulate_options) == set(SIMULATE_OPTIONS)
    ticks = []
    req = SimulationRequest(players=3, games=25, seed=1, data=DATA, options={"rules": "dice"},
                            progress=ticks.append)
    records = DESCRIPTOR.simulate(req)
    assert len(ticks) == 25 and sum(ticks) == 25
    for r in records:
        assert r["money_change"] == 0 and isinstance(r["deck_ran_out"], bool)
        assert set(r["winners"]) <= {"P1", "P2", "P3"} and r["length"] >= 1
        assert r["category"] in {"normal", "pure sabacc", "idiot's array", UNCONTESTED, None}
    tables = DESCRIPTOR.summarize(records, req)
    assert set(tables) == {"per hand", "money by seat"} and len(tables["money by seat"]) == 3
    mixed = DESCRIPTOR.simulate(request(strategy="mixed"))
    assert mixed[0]["strategies"] == ["cautious", "bold", "cautious", "bold"]


def test_every_hand_has_a_winner_at_the_smallest_table():
    records = DESCRIPTOR.simulate(SimulationRequest(players=2, games=40, seed=3, data=DATA))
    assert sum(1 for r in records if not r["winners"]) <= 1


def run(*args):
    return CliRunner().invoke(main, ["simulate", "classic", *args, "--project", str(ROOT)])


def test_cli_takes_the_rule_set_and_variants_as_options():
    out = run("--players", "3", "--games", "30", "--rules", "dice", "--dice", "10", "--field", "hold-em",
              "--bet-cap", "2", "--strategy", "bold", "--json")
    assert out.exit_code == 0, out.output
    summary = json.loads(out.output)
    assert summary["options"] == {"rules": "dice", "dice": 10, "field": "hold-em", "bet-cap": 2}
    assert summary["conserved"] and summary["length_unit"] == "rounds" and "per hand" in summary["tables"]
    bad = run("--games", "3", "--dice", "10")
    assert bad.exit_code != 0 and "--dice" in bad.output and "--rules dice" in bad.output
    unknown = run("--games", "3", "--location", "hoth")
    assert unknown.exit_code != 0 and "--location" in unknown.output


def test_mixed_strategies_are_compared_seat_by_seat():
    records = DESCRIPTOR.simulate(request(games=60, strategy="mixed"))
    net = defaultdict(int)
    for r in records:
        for seat, credits in r["net"].items():
            net[r["strategies"][int(seat[1:]) - 1]] += credits
    assert set(net) == {"cautious", "bold"}
