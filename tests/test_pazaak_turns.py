"""Pazaak: the bust is judged at every turn end, and side cards written as YAML numbers read right.

Two wrong answers of the set judge, each pinned by a test that failed
before the fix: a table that went over 20 and came back down with a side
card (seed 004: over 20 at the end of a turn loses the set at once), and
side cards written without quotes in YAML (``+2`` was read as main-deck 2,
``-4`` was called an out-of-range main-deck card).
"""

from __future__ import annotations

import pytest

from deckgen.errors import ShowdownError
from deckgen.games.pazaak.engine import judge as judge_set
from deckgen.games.pazaak.engine import parse_card, parse_table, turn_ends, turn_totals
from deckgen.yamlpos import WrittenInt, parse_yaml


def judge(a: list, b: list) -> dict:
    return judge_set({"players": [{"name": "A", "table": a}, {"name": "B", "table": b}]})


# --- where a turn ends ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "table, ends",
    [
        (["7"], [1]),
        (["7", "+2"], [2]),
        (["7", "10", "+2"], [1, 3]),
        (["10", "10", "5", "1", "-6"], [1, 2, 3, 5]),
        (["6", "+3", "8", "-1"], [2, 4]),
    ],
)
def test_every_main_deck_card_starts_a_turn(table, ends):
    assert turn_ends(parse_table(table)) == ends


def test_turn_totals_use_the_values_of_that_moment():
    # the 2&4 played in turn 3 flips the 4 of turn 1: turn 1 still ended at 4
    assert turn_totals(parse_table(["4", "10", "9", "2&4"])) == [4, 14, 15]
    assert turn_totals(parse_table(["10", "10", "5", "1", "-6"])) == [10, 20, 25, 20]


# --- the bust at a turn end ----------------------------------------------------------------


def test_a_bust_at_an_earlier_turn_end_is_not_undone_by_a_later_side_card():
    # was: A wins with "higher total" 20 against 19
    result = judge(["10", "10", "5", "1", "-6"], ["10", "9"])
    assert result["winners"] == ["B"] and result["reason"] == "bust"
    a = result["players"][0]
    assert a["status"] == "bust" and a["bust_turn"] == 3
    assert a["turn_totals"] == [10, 20, 25, 20] and a["total"] == 20


def test_a_nine_card_table_after_an_earlier_bust_is_a_bust():
    # was: A wins as a nine-card table at 18
    table = ["9", "8", "5", "1", "-6", "1", "1", "1", "-2"]
    result = judge(table, ["10", "9"])
    assert result["winners"] == ["B"] and result["reason"] == "bust"
    assert result["players"][0]["status"] == "bust" and result["players"][0]["total"] == 18


def test_a_side_card_in_the_same_turn_still_saves_the_bust():
    result = judge(["10", "8", "5", "-4"], ["10", "8"])
    assert result["winners"] == ["A"] and result["players"][0]["bust_turn"] is None


def test_both_players_over_20_at_some_turn_end_is_void():
    result = judge(["10", "10", "5", "1", "-6"], ["9", "9", "5", "1", "-4"])
    assert result["winners"] == [] and result["reason"] == "both bust"


# --- side cards written as YAML numbers ---------------------------------------------------


def yaml_table(text: str) -> list:
    return parse_yaml(text, "t.yaml").data


def test_the_loader_keeps_the_written_sign():
    table = yaml_table("[7, +2, 10, -4]")
    assert isinstance(table[1], WrittenInt) and table[1].written == "+2"
    assert type(table[3]) is int and table[3] == -4


def test_unquoted_plus_card_is_the_side_card_not_a_main_deck_card():
    # was: +2 read as a main-deck 2, giving two main-deck cards in a row
    cards = parse_table(yaml_table("[7, +2]"))
    assert [c.token for c in cards] == ["7", "+2"] and not cards[1].is_main
    result = judge(yaml_table("[7, 10, +2]"), ["10", "8"])
    assert result["winners"] == ["A"] and result["players"][0]["total"] == 19


def test_unquoted_minus_card_is_the_side_card():
    # was: "main-deck card -4 is out of range"
    assert parse_card(-4).token == "-4"
    assert judge(yaml_table("[10, 8, 5, -4]"), ["10", "8"])["winners"] == ["A"]


@pytest.mark.parametrize(
    "token, needles",
    [
        (WrittenInt(7, "+7"), ["'+7'", "+1", "-1", "write"]),
        (-7, ["'-7'", "-1", "write"]),
        (0, ["'0'", "1 to 10", "+2"]),
        (11, ["'11'", "1 to 10", "write"]),
        ("12", ["'12'", "1 to 10", "write"]),
        ("±4", ["±4:+4", "write"]),
        ("±4:+5", ["±4:+4", "±4:-4", "write"]),
        ("D:+1", ["'D'", "write"]),
        ("X", ["'X'", "write"]),
        (2.5, ["2.5", "write"]),
    ],
)
def test_every_card_error_says_how_to_write_it(token, needles):
    with pytest.raises(ShowdownError) as err:
        parse_card(token, ("players", 0, "table", 1))
    assert err.value.path == ("players", 0, "table", 1)
    for needle in needles:
        assert needle in err.value.message, (needle, err.value.message)
