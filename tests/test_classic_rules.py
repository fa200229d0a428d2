"""Classic sabacc's flow-of-play rules as pure code: rule sets, draws and discards, the field, betting, money.

The simulator plays only what these functions allow; here every rule is
tried directly, the moves it refuses included.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.errors import ShowdownError
from deckgen.games.classic.betting import (
    BET,
    CHECK,
    FOLD,
    MATCH,
    RAISE,
    Choice,
    betting_round,
    folded_in,
    paid,
    weg_bet_phase,
)
from deckgen.games.classic.cards import parse_card
from deckgen.games.classic.engine import best_evaluation, judge
from deckgen.games.classic.locations import parse_locations
from deckgen.games.classic.rules import Rules, make_rules, rules_from_options
from deckgen.games.classic.settle import SABACC_POT, Outcome, Stake, settle
from deckgen.games.classic.turns import (
    RuleViolation,
    check_draw,
    check_field_moves,
    dice_may_call,
    exchange_sizes,
    weg_may_call,
)

ROOT = Path(__file__).resolve().parents[1]
LOCATIONS = parse_locations(yaml.safe_load((ROOT / "data/classic/locations.yaml").read_text(encoding="utf-8")))
WEG, DICE = make_rules("weg"), make_rules("dice")


def cards(*tokens):
    return [parse_card(t) for t in tokens]


# ---------------------------------------------------------------- rule sets


def test_the_two_rule_sets_differ_where_the_seeds_do():
    assert (WEG.bet_cap, WEG.pot_building, WEG.fold_fee, WEG.caller_pays, WEG.sabacc_ante_always) == (3, 1, 1, True, False)
    assert (DICE.bet_cap, DICE.pot_building, DICE.fold_fee, DICE.caller_pays, DICE.sabacc_ante_always) == \
        (None, 4, 0, False, True)
    assert WEG.shift_chance == Fraction(1, 2) and DICE.shift_chance == Fraction(1, 6)
    assert make_rules("dice", dice=12).shift_chance == Fraction(1, 12)
    assert make_rules() == WEG == Rules()


def test_variants_are_options_and_the_dice_ones_need_the_dice_rules():
    rules = rules_from_options({"rules": "dice", "bet-cap": 5, "penalty": 2, "pot-building": 2, "dice": 10,
                                "dice-count": 1, "field": "hold-em"})
    assert (rules.bet_cap, rules.penalty, rules.pot_building, rules.dice_sides, rules.dice_count, rules.hold_em) == \
        (5, 2, 2, 10, 1, True)
    for option, value in (("dice", 10), ("dice-count", 1), ("field", "hold-em")):
        with pytest.raises(ShowdownError) as err:
            rules_from_options({option: value})
        assert err.value.path == (option,) and "--rules dice" in err.value.message
    for options, where in (({"rules": "pazaak"}, "rules"), ({"bet-cap": 0}, "bet-cap"), ({"pot-building": 0}, "pot-building"),
                           ({"rules": "dice", "dice": 8}, "dice"), ({"rules": "dice", "dice-count": 3}, "dice-count")):
        with pytest.raises(ShowdownError) as err:
            rules_from_options(options)
        assert err.value.path == (where,)
    assert make_rules("dice", **{"pot-building": 0}).pot_building == 0  # seed 001: "increased or decreased"


def test_call_timing():
    # WEG: only once every player, the dealer included, has completed a turn; never the active player
    assert not weg_may_call("P2", "P4", 1, WEG)  # round 1: the dealer (P4) is still playing his first turn
    assert weg_may_call("P2", "P1", 2, WEG) and not weg_may_call("P1", "P1", 2, WEG)
    assert not weg_may_call("P2", "P1", 2, make_rules(**{"pot-building": 2}))
    # dice rules: four pot-building rounds, then any betting round
    assert [dice_may_call(r, DICE) for r in range(1, 7)] == [False] * 4 + [True] * 2


# ------------------------------------------------------ draws and discards


def test_without_local_rules_a_draw_adds_one_card_or_exchanges_one():
    hand = cards("coins:5", "sabers:9")
    assert exchange_sizes(hand) == (1,)
    check_draw(hand, 1, [])  # add
    check_draw(hand, 1, cards("coins:5"))  # exchange
    for drawn, discarded in ((2, cards("coins:5", "sabers:9")), (1, cards("coins:6")), (0, cards("coins:5"))):
        with pytest.raises(RuleViolation):
            check_draw(hand, drawn, discarded)


@pytest.mark.parametrize("loc_id, hand, sizes", [
    ("imperial", ["coins:5", "sabers:9"], (2,)),
    ("rebel-alliance", ["coins:5", "sabers:9"], (1, 2)),  # 0-3, but a hand of two cannot give three
    ("corellian", ["coins:5", "sabers:9", "flasks:1", "staves:2"], (2, 3, 4)),
    ("new-republic", ["coins:5", "sabers:9", "flasks:1"], (1, 3)),
    ("old-republic", ["coins:5", "sabers:9", "flasks:1", "staves:2"], (1, 2)),
    ("old-republic", ["face:jedi-master", "sabers:9", "flasks:1", "staves:2"], (1, 2, 3, 4)),
    ("cloud-city-casino", ["coins:5", "sabers:9", "flasks:1"], (2,)),
    ("corporate-sector", ["coins:5", "sabers:9"], ()),
    ("crseih-station", ["coins:5", "sabers:9"], (1, 2)),
    ("mos-eisley", ["coins:5", "sabers:9", "flasks:1"], (1,)),
    ("mos-eisley", ["face:smuggler", "sabers:9", "flasks:1"], (1, 2, 3)),
    ("casino", ["coins:5", "sabers:9"], (1,)),
])
def test_local_discard_limits_are_the_exchange_sizes(loc_id, hand, sizes):
    loc = LOCATIONS[loc_id]
    assert exchange_sizes(cards(*hand), loc) == sizes
    check_draw(cards(*hand), 1, [], loc)  # adding a card is always allowed
    for k in range(1, len(hand) + 1):
        attempt = lambda: check_draw(cards(*hand), k, cards(*hand[:k]), loc)  # noqa: E731
        if k in sizes:
            attempt()
        else:
            with pytest.raises(RuleViolation):
                attempt()


def test_the_holding_condition_is_read_before_the_draw_and_field_cards_stay():
    mos = LOCATIONS["mos-eisley"]
    hand = cards("face:bounty-hunter", "coins:5", "sabers:9")
    check_draw(hand, 3, cards("face:bounty-hunter", "coins:5", "sabers:9"), mos)  # holding it before the draw
    with pytest.raises(RuleViolation):
        check_draw(cards("coins:4", "coins:5", "sabers:9"), 3, cards("coins:4", "coins:5", "sabers:9"), mos)
    with pytest.raises(RuleViolation):  # a card in the disruptor field cannot be traded away
        check_draw(hand, 1, cards("coins:5"), None, field=cards("coins:5"))
    assert exchange_sizes(hand, None, tradeable=0) == ()


def test_one_card_into_and_one_out_of_the_field_per_turn():
    check_field_moves(cards("coins:5"), cards("sabers:9"))
    check_field_moves([], [])
    with pytest.raises(RuleViolation):
        check_field_moves(cards("coins:5", "coins:6"), [])
    with pytest.raises(RuleViolation):
        check_field_moves([], cards("coins:5", "coins:6"))


# ------------------------------------------------------------------ betting


def test_weg_only_the_active_player_bets_and_the_others_match_or_fold():
    actions = weg_bet_phase("P2", ["P3", "P1"], WEG, lambda p: 3, lambda p, bet: p == "P3")
    assert [(a.player, a.kind, a.amount) for a in actions] == [("P2", BET, 3), ("P3", MATCH, 3), ("P1", FOLD, 0)]
    assert all(a.kind in (MATCH, FOLD) for a in actions[1:])  # nobody raises in another player's bet phase
    assert folded_in(actions) == ["P1"] and paid(actions) == {"P2": 3, "P3": 3, "P1": 0}
    quiet = weg_bet_phase("P1", ["P2"], WEG, lambda p: 0, lambda p, bet: True)
    assert [a.kind for a in quiet] == [CHECK, CHECK]
    assert [a.kind for a in weg_bet_phase("P1", ["P2"], WEG, lambda p: None, lambda p, bet: True)] == [FOLD]


@pytest.mark.parametrize("bet", [4, -1, 1.5])
def test_weg_bets_above_the_cap_are_refused(bet):
    with pytest.raises(RuleViolation):
        weg_bet_phase("P1", ["P2"], WEG, lambda p: bet, lambda p, b: True)


def test_dice_betting_round_raises_reopen_the_action_until_all_match():
    script = {"P1": [Choice(RAISE, 2)], "P2": [Choice(RAISE, 5)], "P3": [Choice(MATCH)],
              "P1+": [Choice(MATCH)]}
    seen = []

    def choose(player, to_match, level):
        seen.append((player, to_match, level))
        key = player + "+" if player == "P1" and len(seen) > 1 else player
        return script[key].pop(0)

    actions = betting_round(["P1", "P2", "P3"], DICE, choose)
    assert [(a.player, a.kind, a.amount) for a in actions] == [("P1", BET, 2), ("P2", RAISE, 7), ("P3", MATCH, 7),
                                                               ("P1", MATCH, 5)]
    assert seen == [("P1", 0, 0), ("P2", 2, 2), ("P3", 7, 7), ("P1", 5, 7)]
    assert paid(actions) == {"P1": 7, "P2": 7, "P3": 7}


def test_dice_betting_caps_calls_and_folds():
    capped = make_rules("dice", **{"bet-cap": 2})
    with pytest.raises(RuleViolation):
        betting_round(["P1", "P2"], capped, lambda p, m, lv: Choice(RAISE, 3))
    with pytest.raises(RuleViolation):  # no call of the hand during the pot-building rounds
        betting_round(["P1", "P2"], DICE, lambda p, m, lv: Choice(MATCH, call_hand=True), may_call=False)
    with pytest.raises(RuleViolation):  # one call per hand
        betting_round(["P1", "P2"], DICE, lambda p, m, lv: Choice(MATCH, call_hand=True), may_call=True)
    called = betting_round(["P1", "P2"], DICE, lambda p, m, lv: Choice(MATCH, call_hand=p == "P2"), may_call=True)
    assert [a.calls_hand for a in called] == [False, True]
    alone = betting_round(["P1", "P2", "P3"], DICE,
                          lambda p, m, lv: Choice(RAISE, 1) if p == "P1" else Choice(FOLD))
    assert folded_in(alone) == ["P2", "P3"]
    with pytest.raises(RuleViolation):  # a round that never ends is a broken strategy
        betting_round(["P1", "P2"], DICE, lambda p, m, lv: Choice(RAISE, 1))


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(st.lists(st.tuples(st.sampled_from([FOLD, MATCH, RAISE]), st.integers(1, 3)), min_size=1, max_size=40),
       st.integers(2, 6), st.integers(1, 3))
def test_betting_never_exceeds_the_cap_and_everyone_still_in_pays_alike(script, players, cap):
    rules = make_rules("dice", **{"bet-cap": cap})
    moves = iter(script)
    raises: dict[str, int] = {}

    def choose(player, to_match, level):
        kind, by = next(moves, (MATCH, 0))
        if kind == RAISE and raises.get(player, 0) < 2:
            raises[player] = raises.get(player, 0) + 1
            return Choice(RAISE, min(by, cap))
        return Choice(FOLD if kind == FOLD else MATCH)

    order = [f"P{i + 1}" for i in range(players)]
    actions = betting_round(order, rules, choose)
    assert all(a.raised_by <= cap for a in actions)
    staying = [p for p in order if p not in folded_in(actions)]
    totals = paid(actions)
    assert len({totals.get(p, 0) for p in staying}) == 1 or len(staying) == 1


# -------------------------------------------------------------------- money


def test_dice_rules_ante_into_both_pots_every_hand_and_fold_for_free():
    stakes = [Stake("A", 2), Stake("B", 2), Stake("C", 1, folded=True)]
    weg = settle(stakes, Outcome(winners=("A",)), sabacc_pot=5)
    dice = settle(stakes, Outcome(winners=("A",)), sabacc_pot=5, fold_fee=DICE.fold_fee,
                  sabacc_ante_always=DICE.sabacc_ante_always)
    assert weg.sabacc_pot_after == 5 + 1  # no ante into a full sabacc pot; C pays the fold fee
    assert dice.sabacc_pot_after == 5 + 3  # an ante from everybody, no fold fee
    assert not [f for f in dice.flows if f.reason == "fold"]
    empty = settle(stakes, Outcome(winners=("A",)), sabacc_pot=0)
    assert [f.payer for f in empty.flows if f.payee == SABACC_POT and f.reason.startswith("ante")] == ["A", "B", "C"]


# ------------------------------------------------------- judge: rules, field


def showdown(*players, **more):
    return {"players": [dict(zip(("name", "hand", "field"), p)) for p in players], **more}


def test_a_caller_who_does_not_win_is_penalized_only_under_weg():
    doc = showdown(("A", ["coins:10", "sabers:10"]), ("B", ["flasks:10", "staves:11"]), caller="A")
    weg = judge(doc)
    assert weg["winners"] == ["B"] and weg["penalized"] == ["A"] and weg["caller"] == "A"
    assert judge(doc, rules="dice")["penalized"] == []
    bombed = judge(showdown(("A", ["coins:ace", "sabers:ace"]), ("B", ["flasks:10", "staves:11"]), caller="A"))
    assert bombed["penalized"] == ["A"]  # once, though also bombed out
    assert judge({**doc, "caller": "B"})["penalized"] == []


def test_hold_em_field_cards_are_community_cards():
    doc = showdown(("A", ["coins:10", "sabers:10"]), ("B", ["flasks:9", "staves:9"], ["coins:3"]))
    private = judge(doc, rules="dice")
    assert private["winners"] == ["B"] and private["players"][1]["field"] == ["coins:3"]
    shared = judge(doc, rules="dice", field="hold-em")
    assert shared["winners"] == ["A"] and shared["sabacc_pot_won"]
    assert shared["players"][0]["borrowed"] == ["coins:3"] and shared["players"][0]["total"] == 23
    # using a field card is a choice: nobody must take one that bombs the hand
    doc = showdown(("A", ["coins:10", "sabers:11"]), ("B", ["flasks:9", "staves:9"], ["coins:4"]))
    res = judge(doc, rules="dice", field="hold-em")
    assert res["winners"] == ["B"] and "borrowed" not in res["players"][0]


def test_hold_em_can_complete_an_array():
    idiot = best_evaluation(cards("face:idiot", "coins:2"), cards("sabers:3", "flasks:9"))
    assert idiot.category == "idiot's array" and idiot.borrowed == tuple(cards("sabers:3"))
    imperial = LOCATIONS["imperial"]
    sith = best_evaluation(cards("face:lord-of-sith", "coins:commander"), cards("flasks:ace"), imperial)
    assert sith.array == "sith-array"


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(st.lists(st.sampled_from([c for c in cards(*[f"{s}:{r}" for s in ("coins", "sabers", "flasks", "staves")
                                                     for r in range(1, 16)])]), min_size=2, max_size=9, unique=True))
def test_hold_em_best_hand_is_never_worse_than_the_own_cards(deal):
    own, pool = deal[:2], deal[2:]
    best = best_evaluation(own, pool)
    plain = best_evaluation(own)
    assert best.key >= plain.key
    assert set(best.borrowed) <= set(pool) and list(best.cards) == own + list(best.borrowed)
