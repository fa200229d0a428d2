"""Unit tests for the Pazaak reference engine: cards, table notation, judge, rule decisions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

import deckgen.games.pazaak as pazaak
from deckgen.errors import ShowdownError
from deckgen.games.pazaak.engine import (
    CATALOGUE,
    CATALOGUE_IDS,
    parse_card,
    parse_table,
    play_tokens,
    resolve,
    validate_side_deck,
)
from deckgen.games.pazaak.engine import judge as judge_showdown
from deckgen.games.pazaak.deck_counts import bundled_main_deck
from deckgen.registry import installed_games
from tests.conftest import bundled_project

PROJECT = bundled_project()  # the bundled project, loaded once per test process
GAME = PROJECT.games["pazaak"]
DESCRIPTOR = installed_games()["pazaak"]
DATA = DESCRIPTOR.data_for(GAME)


def judge(a: list, b: list) -> dict:
    return judge_showdown({"players": [{"name": "A", "table": a}, {"name": "B", "table": b}]})


def values(table: list) -> list[int]:
    return resolve(parse_table(table))


# --- registry, constants, catalogue -------------------------------------------------


def test_registered_under_pazaak():
    assert DESCRIPTOR.engine == "pazaak" and PROJECT.descriptor(GAME) is DESCRIPTOR
    assert DESCRIPTOR.players == (2, 2)
    showdown = yaml.safe_load(DESCRIPTOR.showdown_example)
    assert DESCRIPTOR.judge(showdown, DATA, {}) == judge_showdown(showdown)
    assert judge_showdown(showdown)["winners"] == ["A"]


def test_main_deck_is_four_of_each_1_to_10():
    assert bundled_main_deck() == {v: 4 for v in range(1, 11)}
    assert sum(bundled_main_deck().values()) == 40
    # the printed main deck (data/pazaak/main.yaml) is the rules' deck
    assert pazaak.main_deck(GAME) == DATA["main_deck"] == bundled_main_deck()
    assert DESCRIPTOR.composition(GAME) == {str(v): 4 for v in range(1, 11)}


def test_named_side_decks_are_valid():
    assert DATA["side_decks"]
    for deck_id, cards in DATA["side_decks"].items():
        assert validate_side_deck(cards) == [], deck_id


def test_catalogue_ids_exact():
    expected = (
        [f"+{n}" for n in range(1, 7)]
        + [f"-{n}" for n in range(1, 7)]
        + [f"±{n}" for n in range(1, 7)]
        + ["±1T", "D", "2&4", "3&6", "1±2"]
    )
    assert list(CATALOGUE_IDS) == expected
    assert len({c.id for c in CATALOGUE}) == len(CATALOGUE)


def test_catalogue_kinds_and_parameters():
    entries = {c.id: c.to_dict() for c in CATALOGUE}
    assert entries["+3"] == {"id": "+3", "kind": "plus", "choices": [3], "flips": []}
    assert entries["-6"]["choices"] == [-6]
    assert entries["±4"]["kind"] == "plus-or-minus" and sorted(entries["±4"]["choices"]) == [-4, 4]
    assert entries["±1T"]["kind"] == "tiebreaker"
    assert entries["D"]["kind"] == "double"
    assert entries["2&4"]["flips"] == [2, 4] and entries["3&6"]["flips"] == [3, 6]
    assert sorted(entries["1±2"]["choices"]) == [-2, -1, 1, 2]
    assert json.loads(json.dumps(list(entries.values())))


@pytest.mark.parametrize("card", CATALOGUE, ids=lambda c: c.id)
def test_every_side_card_parses_in_each_of_its_forms(card):
    for token in play_tokens(card.id):
        played = parse_card(token)
        assert played.card == card.id
        assert played.token == token
        if card.choices:
            assert played.chosen in card.choices
        else:
            assert played.chosen is None


# --- card values --------------------------------------------------------------------


@pytest.mark.parametrize(
    "table, expected",
    [
        (["7"], [7]),
        ([7, 10], [7, 10]),
        (["5", "+3"], [5, 3]),
        (["5", "-6"], [5, -6]),
        (["5", "±4:+4"], [5, 4]),
        (["5", "±4:-4"], [5, -4]),
        (["5", "1±2:+1"], [5, 1]),
        (["5", "1±2:-1"], [5, -1]),
        (["5", "1±2:+2"], [5, 2]),
        (["5", "1±2:-2"], [5, -2]),
        (["5", "±1T:-1"], [5, -1]),
        (["5", "D"], [5, 5]),
        (["4", "2&4"], [-4, 0]),
        (["6", "3&6"], [-6, 0]),
    ],
)
def test_card_values(table, expected):
    assert values(table) == expected


@pytest.mark.parametrize(
    "token, canonical",
    [
        ("+-4:-4", "±4:-4"),
        ("+/-4:+4", "±4:+4"),
        ("\u22123", "-3"),
        ("±2:\u22122", "±2:-2"),
        ("1+-2:-1", "1±2:-1"),
        ("1+/-2:+2", "1±2:+2"),
        ("+-1T:+1", "±1T:+1"),
        ("±1t:-1", "±1T:-1"),
        ("d", "D"),
        (" 7 ", "7"),
    ],
)
def test_aliases_are_accepted(token, canonical):
    assert parse_card(token).token == canonical


def test_flip_turns_main_deck_and_side_cards():
    # the drawn 4 and the +2 both flip; the 10 does not
    assert values(["4", "+2", "10", "2&4"]) == [-4, -2, 10, 0]
    # a -3 side card flips to +3, a drawn 6 to -6
    assert values(["6", "-3", "9", "3&6"]) == [-6, 3, 9, 0]


def test_flip_uses_current_value_and_two_flips_restore():
    assert values(["4", "2&4", "10", "2&4", "6"]) == [4, 0, 10, 0, 6]
    # a ±2 played as -2 is a 2 for flipping; 1±2 chosen +2 as well; 1±2 chosen -1 is not
    assert values(["7", "±2:-2", "8", "1±2:+2", "3", "2&4"]) == [7, 2, 8, -2, 3, 0]
    assert values(["7", "1±2:-1", "2", "2&4"]) == [7, -1, -2, 0]


def test_flip_never_touches_later_cards():
    assert values(["9", "2&4", "4"]) == [9, 0, 4]


def test_flip_affects_only_its_own_table():
    result = judge(["4", "2&4"], ["4", "2"])
    assert [c["value"] for c in result["players"][1]["cards"]] == [4, 2]
    assert result["players"][0]["total"] == -4


def test_double_copies_previous_card():
    assert values(["8", "D"]) == [8, 8]


def test_double_after_a_flip_copies_the_later_draw():
    assert values(["4", "2&4", "6", "D", "2"]) == [-4, 0, 6, 6, 2]


def test_double_copy_is_flipped_again_by_a_later_flip():
    assert values(["2", "D", "10", "2&4", "8"]) == [-2, -2, 10, 0, 8]


def test_double_as_first_card_is_rejected():
    with pytest.raises(ShowdownError) as err:
        judge(["D", "5"], ["9"])
    assert err.value.path == ("players", 0, "table", 0)
    assert "'D'" in err.value.message


# --- judging a set ------------------------------------------------------------------


def test_higher_total_wins():
    result = judge(["7", "10", "+2"], ["5", "D"])
    assert result["winners"] == ["A"] and result["reason"] == "higher total"
    assert [p["total"] for p in result["players"]] == [19, 10]


def test_bust_loses_even_against_lower_total():
    result = judge(["10", "8", "5"], ["3"])
    assert result["winners"] == ["B"]
    assert result["players"][0]["status"] == "bust"


def test_minus_card_saves_bust():
    result = judge(["10", "8", "5", "-4"], ["10", "8"])
    assert result["players"][0]["status"] == "stood"
    assert result["winners"] == ["A"]


def test_both_bust_is_void():
    result = judge(["10", "10", "3"], ["9", "9", "5"])
    assert result["winners"] == [] and result["void"] is True


def test_tie_is_void():
    result = judge(["10", "9"], ["9", "10"])
    assert result == {**result, "winners": [], "void": True, "reason": "tie"}


def test_exactly_20_is_not_bust():
    result = judge(["10", "10"], ["10", "9"])
    assert result["players"][0]["status"] == "stood" and result["winners"] == ["A"]


def test_nine_cards_win_at_once():
    nine = ["1", "1", "2", "2", "3", "1", "2", "3", "1"]
    result = judge(nine, ["10", "10"])
    assert result["players"][0]["status"] == "nine-card"
    assert result["winners"] == ["A"] and result["reason"] == "nine-card"


def test_nine_cards_over_20_are_a_bust():
    result = judge(["1", "1", "2", "2", "3", "1", "2", "3", "6"], ["10", "9"])
    assert result["players"][0]["status"] == "bust" and result["winners"] == ["B"]


def test_nine_cards_with_side_cards_count():
    table = ["5", "-4", "5", "-4", "5", "-4", "5", "-4", "6"]
    assert len(table) == 9
    result = judge(table, ["10", "9"])
    assert result["players"][0]["status"] == "nine-card" and result["winners"] == ["A"]


def test_both_nine_cards_compare_totals():
    result = judge(
        ["1", "1", "2", "2", "3", "1", "2", "3", "1"],
        ["5", "5", "-4", "5", "-2", "5", "-2", "2", "3"],
    )
    assert [p["status"] for p in result["players"]] == ["nine-card", "nine-card"]
    assert result["winners"] == ["B"] and result["reason"] == "higher total"


def test_tiebreaker_wins_a_tie_when_last():
    result = judge(["10", "9", "±1T:+1"], ["10", "10"])
    assert result["winners"] == ["A"] and result["reason"] == "tiebreaker"


def test_tiebreaker_as_minus_one_also_breaks_ties():
    result = judge(["10", "10", "1", "±1T:-1"], ["10", "10"])
    assert result["winners"] == ["A"] and result["reason"] == "tiebreaker"


def test_tiebreaker_not_last_is_a_plain_plus_minus_one():
    result = judge(["10", "±1T:+1", "9"], ["10", "10"])
    assert result["winners"] == [] and result["void"]


def test_tiebreaker_on_both_sides_is_void():
    result = judge(["10", "9", "±1T:+1"], ["10", "9", "±1T:+1"])
    assert result["winners"] == []


def test_tiebreaker_does_not_beat_higher_total_or_save_bust():
    assert judge(["10", "8", "±1T:+1"], ["10", "10"])["winners"] == ["B"]
    assert judge(["10", "10", "±1T:+1"], ["5"])["winners"] == ["B"]


def test_negative_totals_compare_normally():
    assert judge(["2", "-5"], ["1"])["winners"] == ["B"]


# --- JSON shape ---------------------------------------------------------------------


def test_judge_result_shape_is_json():
    result = judge(["7", "±4:-4", "6", "D"], ["5", "+2"])
    assert json.loads(json.dumps(result)) == result
    assert set(result) == {"winners", "void", "reason", "players"}
    for player in result["players"]:
        assert set(player) == {"name", "total", "status", "turn_totals", "bust_turn", "cards"}
        assert player["total"] == sum(c["value"] for c in player["cards"])
        assert player["turn_totals"][-1] == player["total"] and player["bust_turn"] is None
        for card in player["cards"]:
            assert set(card) == {"token", "value"}
    assert result["players"][0]["cards"] == [
        {"token": "7", "value": 7},
        {"token": "±4:-4", "value": -4},
        {"token": "6", "value": 6},
        {"token": "D", "value": 6},
    ]


# --- errors -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "token, needle",
    [
        ("±4", "±4"),
        ("1±2", "1±2"),
        ("±1T", "±1T"),
        ("±4:+5", "+5"),
        ("±4:4", "'4'"),
        ("1±2:+3", "+3"),
        ("+2:+2", "+2"),
        ("D:+1", "D"),
        ("+7", "+7"),
        ("11", "11"),
        ("0", "0"),
        ("X", "X"),
        ("\u00b2", "\u00b2"),
        ("\u0663", "\u0663"),
        ("±2:+\u00b2", "\u00b2"),
        ("", "''"),
    ],
)
def test_bad_token_error_names_token_and_path(token, needle):
    with pytest.raises(ShowdownError) as err:
        judge(["5", token], ["9"])
    assert err.value.path == ("players", 0, "table", 1)
    assert needle in err.value.message
    assert err.value.message.endswith(".")


def test_non_string_tokens_rejected():
    for bad in (True, None, 2.5, ["7"]):
        with pytest.raises(ShowdownError) as err:
            judge(["5"], ["9", bad])
        assert err.value.path == ("players", 1, "table", 1)


def test_missing_choice_message_lists_allowed_values():
    with pytest.raises(ShowdownError) as err:
        judge(["5", "1±2"], ["9"])
    for allowed in ("+1", "-1", "+2", "-2"):
        assert allowed in err.value.message


def test_side_card_cannot_open_a_table():
    with pytest.raises(ShowdownError) as err:
        judge(["9"], ["+2", "9"])
    assert err.value.path == ("players", 1, "table", 0)


def test_two_side_cards_in_a_row_rejected():
    with pytest.raises(ShowdownError) as err:
        judge(["9", "+2", "-1"], ["9"])
    assert err.value.path == ("players", 0, "table", 2)
    assert "'-1'" in err.value.message and "'+2'" in err.value.message


def test_more_than_nine_cards_rejected():
    with pytest.raises(ShowdownError) as err:
        judge(["1", "1", "1", "1", "2", "2", "2", "2", "3", "3"], ["9"])
    assert err.value.path == ("players", 0, "table")


def test_empty_or_non_list_table_rejected():
    for table in ([], "7 10", None):
        with pytest.raises(ShowdownError) as err:
            judge(["9"], table)
        assert err.value.path == ("players", 1, "table")


def test_fifth_copy_of_a_main_card_across_tables_rejected():
    with pytest.raises(ShowdownError) as err:
        judge(["7", "7", "-4", "7"], ["7", "7"])
    assert err.value.path == ("players", 1, "table", 1)
    assert "'7'" in err.value.message


def test_the_given_main_deck_limits_the_copies():
    showdown = {"players": [{"name": "A", "table": ["7", "7"]}, {"name": "B", "table": ["7", "3"]}]}
    assert DESCRIPTOR.judge(showdown, DATA, {})["winners"] == ["A"]
    with pytest.raises(ShowdownError) as err:
        judge_showdown(showdown, main_deck={**DATA["main_deck"], 7: 2})
    assert err.value.path == ("players", 1, "table", 0)
    assert "2 times" in err.value.message
    with pytest.raises(ShowdownError) as err:
        DESCRIPTOR.judge(showdown, {"main_deck": {**DATA["main_deck"], 7: 2}}, {})
    assert err.value.path == ("players", 1, "table", 0)


@pytest.mark.parametrize("count", [0, 1, 3])
def test_exactly_two_players(count):
    players = [{"name": f"P{i}", "table": ["5"]} for i in range(count)]
    with pytest.raises(ShowdownError) as err:
        judge_showdown({"players": players})
    assert err.value.path == ("players",)
    assert "two players" in err.value.message


@pytest.mark.parametrize(
    "showdown, path",
    [
        ({}, ()),
        ([], ()),
        ({"players": "AB"}, ("players",)),
        ({"players": [{"name": "A", "table": ["5"]}, "B"]}, ("players", 1)),
        ({"players": [{"name": "A", "table": ["5"]}, {"table": ["5"]}]}, ("players", 1, "name")),
        ({"players": [{"name": "A", "table": ["5"]}, {"name": "", "table": ["5"]}]}, ("players", 1, "name")),
        ({"players": [{"name": "A", "table": ["5"]}, {"name": "A", "table": ["5"]}]}, ("players", 1, "name")),
        ({"players": [{"name": "A"}, {"name": "B", "table": ["5"]}]}, ("players", 0)),
    ],
)
def test_showdown_structure_errors(showdown, path):
    with pytest.raises(ShowdownError) as err:
        judge_showdown(showdown)
    assert err.value.path == path


# --- side decks ---------------------------------------------------------------------


def test_valid_side_deck_has_no_problems():
    assert validate_side_deck(["+1", "-2", "±3", "±1T", "D", "2&4", "3&6", "1±2", "+-5", "\u22126"]) == []


def test_side_deck_may_repeat_cards():
    assert validate_side_deck(["+1"] * 10) == []


def test_side_deck_wrong_size_and_unknown_cards():
    problems = validate_side_deck(["+1", "+7", "5"])
    assert any("exactly 10" in p for p in problems)
    assert any("'+7'" in p for p in problems)
    assert any("'5'" in p for p in problems)
    assert validate_side_deck("+1 +2") != []


# --- rule decisions (data/pazaak/decisions.yaml) -------------------------------------

EXAMPLES = [(d.id, ex) for d in GAME.decisions.decisions for ex in d.examples]


def test_decisions_shape():
    ids = [d.id for d in GAME.decisions.decisions]
    assert len(ids) == len(set(ids))
    for _, example in EXAMPLES:
        # a single set, or a whole match record with its sets
        assert set(example.showdown) in ({"players"}, {"players", "sets"}) and not example.options
        assert len(example.winners) <= 1
        assert set(example.winners) <= {p["name"] for p in example.showdown["players"]}
    assert len(EXAMPLES) >= 15
    assert {"turn-ends", "match", "match-record", "hand-for-match"} <= set(ids)


@pytest.mark.parametrize("decision_id, example", EXAMPLES, ids=[f"{d}-{ex.field}" for d, ex in EXAMPLES])
def test_every_decision_example_is_judged_as_stated(decision_id, example):
    result = DESCRIPTOR.judge(dict(example.showdown), DATA, example.options)
    assert result["winners"] == list(example.winners), decision_id
    if "sets" in example.showdown:
        assert result["finished"] == bool(example.winners)
    else:
        assert result["void"] == (not example.winners)


def test_main_card_with_trailing_control_whitespace_parses():
    # str.strip() removes \x1f; the value must be read from the stripped token
    from deckgen.games.pazaak.engine import parse_card

    assert parse_card("7\x1f").chosen == 7
