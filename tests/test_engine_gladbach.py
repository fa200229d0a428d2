"""Tests for the Gladbach engine: cards, ranking, decisions, composition, judge."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import deckgen.games.gladbach as gladbach
from deckgen.games.gladbach.checks import composition_of, deck_of
from deckgen.games.gladbach.engine import (
    CARD_KINDS,
    CATEGORIES,
    MAX_PLAYERS,
    Card,
    build_deck,
    category,
    compare,
    hand_value,
    judge,
    parse_card,
    rank_key,
    validate_composition,
)
from deckgen.errors import ShowdownError
from deckgen.registry import installed_games
from tests.conftest import bundled_project

PROJECT = bundled_project()  # the bundled project, loaded once per test process
GAME = PROJECT.games["gladbach"]
DESCRIPTOR = installed_games()["gladbach"]
DATA = DESCRIPTOR.data_for(GAME)


@pytest.fixture(scope="module")
def composition():
    """The bundled deck's composition (data/gladbach/cards.yaml)."""
    return gladbach.composition(GAME)


def judge_via_descriptor(showdown) -> dict:
    return DESCRIPTOR.judge(showdown, DATA, {})


def H(*tokens: str) -> list[Card]:
    return [parse_card(t) for t in tokens]


# ------------------------------------------------------------------ cards


@pytest.mark.parametrize(
    "token, colour, number, value",
    [
        ("green:3", "green", 3, 3),
        ("red:3", "red", 3, -3),
        ("blue:0", "blue", 0, 0),
        ("GREEN:9", "green", 9, 9),
        ("  Red : 1 ", "red", 1, -1),
    ],
)
def test_parse_card(token, colour, number, value):
    card = parse_card(token)
    assert (card.colour, card.number, card.value) == (colour, number, value)
    assert str(card) == f"{colour}:{number}"


@pytest.mark.parametrize(
    "token",
    ["red:0", "blue:5", "purple:1", "green:10", "green", "green:", ":3", "green:x",
     "green:-1", "red:²", 3, None],
)
def test_bad_card_names_token_and_allowed(token):
    with pytest.raises(ShowdownError) as err:
        parse_card(token, ("players", 0, "hand", 1))
    assert err.value.path == ("players", 0, "hand", 1)
    assert repr(token) in err.value.message
    assert "blue:0" in err.value.message and "red:1" in err.value.message


def test_signed_number_explained():
    with pytest.raises(ShowdownError, match="without a sign"):
        parse_card("red:-3")


def test_card_kinds_are_the_19():
    assert len(CARD_KINDS) == 19 and len(set(CARD_KINDS)) == 19
    assert [parse_card(k).value for k in CARD_KINDS] == [0, *range(1, 10), *range(-1, -10, -1)]


def test_hand_value_sums():
    assert hand_value(["green:3", "red:2", "blue:0"]) == 1
    assert hand_value(["red:9", "red:9"]) == -18


# ---------------------------------------------------------------- ranking


def beats(a, b) -> bool:
    return compare(H(*a), H(*b)) == 1


def test_zero_beats_everything_nonzero():
    for kind in CARD_KINDS[1:]:
        assert beats(["blue:0"], [kind])
        assert beats(["green:4", "red:4"], [kind])


def test_required_examples():
    assert beats(["green:1"], ["green:2"])
    assert beats(["green:1"], ["red:1"])
    assert beats(["red:1"], ["red:2"])
    assert beats(["green:3"], ["green:2", "green:1"])
    assert beats(["blue:0"], ["green:1", "red:1"])
    # and the reverse direction really loses
    assert compare(H("green:2"), H("green:1")) == -1
    assert compare(H("red:1"), H("green:1")) == -1


def test_colour_of_total_comes_before_card_count():
    # +2 in two cards beats -2 in one card: value and hand colour first.
    assert beats(["green:5", "red:3"], ["red:2"])


def test_card_colours_break_equal_total_and_count():
    assert beats(["blue:0", "green:1"], ["green:2", "red:1"])
    assert beats(["green:5", "green:1"], ["green:9", "red:3"])
    assert compare(H("green:3", "red:1"), H("green:6", "red:4")) == 0


def test_rank_key_sorts_best_first():
    hands = [
        H("red:2"), H("green:1"), H("green:2", "green:1"), H("blue:0"), H("red:1"), H("green:3")
    ]
    ordered = [list(map(str, h)) for h in sorted(hands, key=rank_key)]
    assert ordered == [
        ["blue:0"],
        ["green:1"],
        ["red:1"],
        ["red:2"],
        ["green:3"],
        ["green:2", "green:1"],
    ]


card_st = st.sampled_from(CARD_KINDS)
hand_st = st.lists(card_st, min_size=1, max_size=7)


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(hand_st, hand_st, hand_st)
def test_compare_is_a_total_order_agreeing_with_keys(a, b, c):
    ka, kb, kc = rank_key(a), rank_key(b), rank_key(c)
    assert isinstance(ka, tuple) and all(isinstance(x, int) for x in ka)
    # compare agrees with the key order
    assert compare(a, b) == (ka < kb) - (ka > kb)
    # antisymmetry and totality
    assert compare(a, b) == -compare(b, a)
    assert compare(a, a) == 0
    # transitivity of "at least as good"
    if compare(a, b) >= 0 and compare(b, c) >= 0:
        assert compare(a, c) >= 0


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(hand_st, st.randoms(use_true_random=False))
def test_card_order_does_not_matter(hand, rnd):
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert rank_key(shuffled) == rank_key(hand)
    assert compare(shuffled, hand) == 0


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(hand_st, hand_st)
def test_ranking_consistent_with_written_rules(a, b):
    va, vb = hand_value(a), hand_value(b)
    if abs(va) != abs(vb):
        # closer to 0 wins whatever the card count
        assert compare(a, b) == (1 if abs(va) < abs(vb) else -1)
    elif va != vb:
        # same distance: positive beats negative
        assert compare(a, b) == (1 if va > vb else -1)
    elif len(a) != len(b):
        assert compare(a, b) == (1 if len(a) < len(b) else -1)
    if va == 0 and vb != 0:
        assert compare(a, b) == 1


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(hand_st, hand_st)
def test_categories_follow_the_ranking(a, b):
    # a hand of an earlier category never loses to a hand of a later one
    ca, cb = CATEGORIES.index(category(a)), CATEGORIES.index(category(b))
    if ca < cb:
        assert compare(a, b) == 1
    assert (hand_value(a) == 0) == (ca < CATEGORIES.index("1 from zero"))


def test_category_names():
    assert [category(h) for h in (["blue:0"], ["green:1", "red:1"], ["blue:0", "blue:0", "blue:0"],
                                  ["green:1"] * 2 + ["red:1"] * 2, ["red:1"], ["green:4", "red:2"], ["red:9"])] \
        == list(CATEGORIES)


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(hand_st)
def test_adding_a_blue_zero_costs(hand):
    # a blue 0 does not change the value but adds a card: never better
    assert compare(hand + ["blue:0"], hand) == -1


# --------------------------------------------------------------- decisions
# The decisions are data (data/gladbach/decisions.yaml): examples and the printed ranking summary.

EXAMPLES = GAME.decisions.examples()  # the decisions' examples and the summary rows'


def test_decisions_shape():
    ids = [d.id for d in GAME.decisions.decisions]
    assert len(ids) == len(set(ids))
    assert {"value", "hand-colour", "card-count", "card-colours", "full-tie"} <= set(ids)
    for d in GAME.decisions.decisions:
        for ex in d.examples:
            # a showdown, optionally with chips per player and the payouts the rule claims
            assert set(ex.showdown) <= {"players", "payouts"} and not ex.options
            assert set(ex.winners) <= {p["name"] for p in ex.showdown["players"]}
            assert set(ex.showdown.get("payouts", {})) <= set(ex.winners)
            json.dumps(dict(ex.showdown))
    # every ranking and chip rule is shown by examples, and the printed summary has examples too
    ruled = {"value", "hand-colour", "card-count", "card-colours", "full-tie", "settlement"}
    assert ruled <= set(ids)
    assert all(d.examples for d in GAME.decisions.decisions if d.id in ruled)
    for rule in ("full-tie", "settlement"):  # chips and claimed payouts in the examples
        assert any("payouts" in ex.showdown for d in GAME.decisions.decisions if d.id == rule for ex in d.examples)
    assert GAME.decisions.summary


@pytest.mark.parametrize("example", EXAMPLES, ids=[ex.field for ex in EXAMPLES])
def test_decision_example_judged(example):
    result = judge_via_descriptor(dict(example.showdown))
    assert result["winners"] == list(example.winners), example.field


# ------------------------------------------------------------- composition


def test_validate_composition_ok(composition):
    assert validate_composition(composition) == []
    assert validate_composition({"Blue : 0": 2, "green:1": 3, "red:9": 3}) == []


@pytest.mark.parametrize(
    "comp, fragment",
    [
        ({"red:0": 1}, "red:0"),
        ({"blue:5": 1}, "blue:5"),
        ({"green:3": 0}, "positive"),
        ({"green:3": -2}, "positive"),
        ({"green:3": 1.5}, "positive"),
        ({"green:3": True}, "positive"),
        ({"green:3": 1, "GREEN:3": 2}, "twice"),
        ({}, "empty"),
        (["green:3"], "mapping"),
    ],
)
def test_validate_composition_problems(comp, fragment):
    problems = validate_composition(comp)
    assert problems and any(fragment in p for p in problems)


def test_build_deck(composition):
    deck = build_deck({"blue:0": 2, "green:1": 3, "red:9": 1})
    assert [str(c) for c in deck] == ["blue:0"] * 2 + ["green:1"] * 3 + ["red:9"]
    assert len(build_deck(composition)) == 19 * 8
    with pytest.raises(ValueError, match="purple"):
        build_deck({"purple:1": 1})


def test_bundled_composition_is_symmetric(composition):
    assert set(composition) == set(CARD_KINDS)
    for n in range(1, 10):
        assert composition[f"green:{n}"] == composition[f"red:{n}"]


def test_composition_is_read_from_the_deck_data(composition):
    assert composition == {kind: 8 for kind in CARD_KINDS}  # 8 copies of each of the 19 kinds
    assert composition_of(deck_of(GAME)) == composition == DESCRIPTOR.composition(GAME) == DATA["composition"]
    assert DATA["facts"]["deck_size"] == 19 * 8 and DATA["facts"]["copies"] == 8


# ------------------------------------------------------------------- judge


def test_judge_shape_and_json():
    result = judge_via_descriptor(
        {
            "players": [
                {"name": "A", "hand": ["green:3", "red:2"]},
                {"name": "B", "hand": ["blue:0"]},
                {"name": "C", "hand": ["green:1"]},
                {"name": "D", "hand": ["red:1"]},
            ]
        }
    )
    assert json.loads(json.dumps(result)) == result
    assert result["winners"] == ["B"]
    assert [p["name"] for p in result["players"]] == ["A", "B", "C", "D"]
    a, b, c, d = result["players"]
    assert set(a) == {"name", "value", "total", "cards", "rank_key", "category", "place"}
    assert a["total"] == a["value"]  # the printable total of the judgement contract (deckgen.judgement)
    assert "pot" not in result and "payouts" not in result  # no chips, no settlement
    assert (a["value"], a["cards"]) == (1, 2)
    assert (a["category"], b["category"]) == ("1 from zero", "blue 0 alone")
    assert b["rank_key"] == list(rank_key(["blue:0"]))
    assert [p["place"] for p in result["players"]] == [3, 1, 2, 4]


def test_judge_ties_share_place():
    result = judge(
        {
            "players": [
                {"name": "A", "hand": ["green:2"]},
                {"name": "B", "hand": ["green:2"]},
                {"name": "C", "hand": ["red:2"]},
            ]
        }
    )
    assert result["winners"] == ["A", "B"]
    assert [p["place"] for p in result["players"]] == [1, 1, 3]


def test_registered_engine():
    assert DESCRIPTOR.engine == "gladbach" and PROJECT.descriptor(GAME) is DESCRIPTOR
    assert DESCRIPTOR.players == (2, MAX_PLAYERS)
    assert DESCRIPTOR.judge_options == {}  # the judge takes no options
    assert DESCRIPTOR.strategies[0] == "greedy" and DESCRIPTOR.length_unit == "rounds"
    assert set(DESCRIPTOR.simulate_options) == {"bet", "doubles", "chips"} and DESCRIPTOR.summarize
    example = judge_via_descriptor(yaml.safe_load(DESCRIPTOR.showdown_example))
    assert example["winners"] == ["B"]  # both are worth 2 in two cards: B's blue card wins


B = {"name": "B", "hand": ["green:2"]}


@pytest.mark.parametrize(
    "showdown, path",
    [
        ([], ()),
        ({}, ("players",)),
        ({"players": []}, ("players",)),
        ({"players": "A"}, ("players",)),
        ({"players": [{"name": "A", "hand": ["blue:0"]}]}, ("players",)),  # one player is no game
        ({"players": ["A", B]}, ("players", 0)),
        ({"players": [{"hand": ["blue:0"]}, B]}, ("players", 0, "name")),
        ({"players": [{"name": "", "hand": ["blue:0"]}, B]}, ("players", 0, "name")),
        ({"players": [{"name": 7, "hand": ["blue:0"]}, B]}, ("players", 0, "name")),
        ({"players": [{"name": "A"}, B]}, ("players", 0, "hand")),
        ({"players": [{"name": "A", "hand": []}, B]}, ("players", 0, "hand")),
        ({"players": [{"name": "A", "hand": "green:1"}, B]}, ("players", 0, "hand")),
        (
            {"players": [{"name": "A", "hand": ["blue:0"]}, {"name": "A", "hand": ["green:1"]}]},
            ("players", 1, "name"),
        ),
        (
            {
                "players": [
                    {"name": "A", "hand": ["blue:0"]},
                    {"name": "B", "hand": ["green:1", "red:0"]},
                ]
            },
            ("players", 1, "hand", 1),
        ),
        ({"players": [{"name": "A", "hand": ["purple:1"]}, B]}, ("players", 0, "hand", 0)),
        ({"players": [{"name": "A", "hand": ["blue:5"]}, B]}, ("players", 0, "hand", 0)),
        # chips: a list of at most nine whole numbers, 0 or more
        ({"players": [{"name": "A", "hand": ["blue:0"], "chips": 3}, B]}, ("players", 0, "chips")),
        ({"players": [B, {"name": "A", "hand": ["blue:0"], "chips": [1, -1]}]}, ("players", 1, "chips", 1)),
        ({"players": [B, {"name": "A", "hand": ["blue:0"], "chips": [1, True]}]}, ("players", 1, "chips", 1)),
        ({"players": [B, {"name": "A", "hand": ["blue:0"], "chips": [1, "2"]}]}, ("players", 1, "chips", 1)),
        ({"players": [B, {"name": "A", "hand": ["blue:0"], "chips": [1] * 10}]}, ("players", 1, "chips", 9)),
        # payouts claimed: a mapping of player names to chips, matching the settlement
        ({"players": [B, {"name": "A", "hand": ["blue:0"]}], "payouts": [1]}, ("payouts",)),
        ({"players": [B, {"name": "A", "hand": ["blue:0"]}], "payouts": {"Z": 0}}, ("payouts", "Z")),
        ({"players": [B, {"name": "A", "hand": ["blue:0"]}], "payouts": {"A": -1}}, ("payouts", "A")),
        ({"players": [dict(B, chips=[2]), {"name": "A", "hand": ["blue:0"]}], "payouts": {"A": 1}},
         ("payouts", "A")),
        ({"players": [dict(B, chips=[2]), {"name": "A", "hand": ["blue:0"]}], "payouts": {"B": 2}},
         ("payouts", "B")),
        ({"players": [dict(B, chips=[2]), {"name": "A", "hand": ["blue:0"]}], "payouts": {}}, ("payouts",)),
    ],
)
def test_judge_error_paths(showdown, path):
    with pytest.raises(ShowdownError) as err:
        judge_via_descriptor(showdown)
    assert err.value.path == path
    assert err.value.message
