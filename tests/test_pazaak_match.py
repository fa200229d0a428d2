"""The Pazaak match judge: whole match records (hands, sets, score), good and bad, with located errors."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.cli import main
from deckgen.errors import ShowdownError
from deckgen.games.pazaak.engine import CATALOGUE_IDS
from deckgen.games.pazaak.match import is_match_record, judge_match
from deckgen.games.pazaak.sim import STRATEGIES, simulate_match
from deckgen.registry import installed_games
from deckgen.yamlpos import parse_yaml

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "pazaak-match.yaml"
DESCRIPTOR = installed_games()["pazaak"]
SIDE_DECKS = {"minus": ["-1", "-2", "-3", "-3", "-4", "-4", "-5", "-6", "±2", "±1T"]}


def a_set(a: list, b: list) -> dict:
    return {"players": [{"name": "A", "table": a}, {"name": "B", "table": b}]}


A_WINS = a_set(["10", "9"], ["10", "8"])
B_WINS = a_set(["10", "7"], ["10", "8"])
VOID = a_set(["10", "9"], ["9", "10"])


def record(*sets, hand_a=("+1", "-1", "+2", "-2"), hand_b=("+3", "-3", "+4", "-4")) -> dict:
    return {"players": [{"name": "A", "hand": list(hand_a)}, {"name": "B", "hand": list(hand_b)}],
            "sets": [copy.deepcopy(s) for s in sets]}


def error(doc, side_decks=SIDE_DECKS) -> ShowdownError:
    with pytest.raises(ShowdownError) as err:
        judge_match(doc, side_decks=side_decks)
    return err.value


# --- the example file of docs/pazaak-match.md ----------------------------------------------


def test_the_documented_example_is_judged_from_the_command_line():
    out = CliRunner().invoke(main, ["judge", "pazaak", str(EXAMPLE), "--project", str(ROOT)])
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result["winners"] == ["Revan"] and result["finished"] is True
    assert result["score"] == {"Revan": 3, "Bastila": 1} and result["decided_by"] == "tiebreaker"
    assert [s["opener"] for s in result["sets"]] == ["Revan", "Bastila", "Revan", "Bastila", "Revan"]
    assert [s["reason"] for s in result["sets"]] == ["higher total", "bust", "tie", "higher total", "tiebreaker"]
    revan, bastila = result["players"]
    assert [p["card"] for p in revan["played"]] == ["+3", "D", "±1T"] and revan["unused"] == ["-2"]
    assert bastila["unused"] == ["±1T"]


def test_the_example_uses_unquoted_side_cards_and_a_named_side_deck():
    text = EXAMPLE.read_text()
    assert "hand: [+3, -2" in text and "side_deck: veteran" in text


# --- the match rules -------------------------------------------------------------------------


def test_first_to_three_sets_wins_and_void_sets_do_not_count():
    result = judge_match(record(A_WINS, VOID, B_WINS, A_WINS, VOID, A_WINS))
    assert result["winners"] == ["A"] and result["score"] == {"A": 3, "B": 1}
    assert [s["void"] for s in result["sets"]] == [False, True, False, False, True, False]
    assert [s["score"]["A"] for s in result["sets"]] == [1, 1, 1, 2, 2, 3]
    assert result["decided_by"] == "higher total"


def test_openers_alternate_void_sets_included():
    result = judge_match(record(VOID, VOID, A_WINS))
    assert [s["opener"] for s in result["sets"]] == ["A", "B", "A"]


def test_a_record_that_stops_early_is_a_match_in_progress():
    result = judge_match(record(A_WINS, B_WINS, A_WINS))
    assert result["winners"] == [] and result["finished"] is False and result["decided_by"] is None
    assert result["score"] == {"A": 2, "B": 1}


def test_the_deciding_set_says_how_it_was_won():
    bust = a_set(["10", "9"], ["10", "8", "5"])
    result = judge_match(record(A_WINS, A_WINS, bust))
    assert result["winners"] == ["A"] and result["decided_by"] == "bust"


def test_each_hand_card_is_played_once_and_listed():
    doc = record(a_set(["10", "8", "+2"], ["10", "8"]), a_set(["10", "8", "+1"], ["10", "9", "-1"]), A_WINS,
                 hand_a=("+1", "+2", "+2", "-2"), hand_b=("-1", "-2", "-3", "-4"))
    doc["sets"][2] = a_set(["9", "8", "+2"], ["10", "8"])
    result = judge_match(doc)
    assert result["winners"] == ["A"]
    assert [p["card"] for p in result["players"][0]["played"]] == ["+2", "+1", "+2"]
    assert result["players"][0]["unused"] == ["-2"] and result["players"][1]["unused"] == ["-2", "-3", "-4"]


def test_the_bust_is_judged_at_every_turn_end_inside_a_match():
    late_save = a_set(["10", "10", "5", "1", "-1"], ["10", "9"])  # A's third turn ends on 25
    result = judge_match(record(late_save, B_WINS, B_WINS))
    assert result["winners"] == ["B"] and result["sets"][0]["reason"] == "bust"


def test_hand_from_a_named_or_listed_side_deck():
    doc = record(A_WINS, A_WINS, A_WINS, hand_b=("-3", "-3", "±2", "±1T"))
    doc["players"][1]["side_deck"] = "minus"
    assert judge_match(doc, side_decks=SIDE_DECKS)["winners"] == ["A"]
    doc["players"][1]["side_deck"] = list(SIDE_DECKS["minus"])
    assert judge_match(doc)["winners"] == ["A"]


def test_the_descriptor_reads_a_match_or_a_set():
    data = {"side_decks": SIDE_DECKS}
    doc = record(A_WINS, A_WINS, A_WINS)
    assert is_match_record(doc) and not is_match_record(A_WINS)
    assert DESCRIPTOR.judge(doc, data, {})["score"] == {"A": 3, "B": 0}
    assert DESCRIPTOR.judge(A_WINS, data, {})["reason"] == "higher total"


# --- bad match records: every error located --------------------------------------------------


def _with(doc: dict, path: tuple, value) -> dict:
    doc = copy.deepcopy(doc)
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


GOOD = record(A_WINS, a_set(["10", "8", "+2"], ["10", "7", "+3"]), A_WINS, A_WINS)

BAD = [
    # (change: path -> value, where the error is, words the message must hold)
    (("sets", 2, "players", 0, "table"), ["10", "8", "+2"], ("sets", 2, "players", 0, "table", 2),
     ["already played (set 2)", "once per match"]),
    (("sets", 0, "players", 1, "table"), ["10", "5", "+5"], ("sets", 0, "players", 1, "table", 2),
     ["'+5'", "not in B's hand", "+3 -3 +4 -4"]),
    (("players", 0, "hand"), ["+1", "-1", "+2"], ("players", 0, "hand"), ["exactly 4"]),
    (("players", 0, "hand"), ["+1", "-1", "±2:+2", "-2"], ("players", 0, "hand", 2), ["write just '±2'"]),
    (("players", 0, "hand"), ["+1", "-1", 2, "-2"], ("players", 0, "hand", 2), ["main-deck number", "+2"]),
    (("players", 0, "hand"), ["+1", "-1", "+9", "-2"], ("players", 0, "hand", 2), ["'+9'", "±1T"]),
    (("players", 1, "side_deck"), "nosuch", ("players", 1, "side_deck"), ["no named side deck", "minus"]),
    (("players", 1, "side_deck"), SIDE_DECKS["minus"], ("players", 1, "hand", 0),
     ["'+3'", "not in B's side deck"]),
    (("players", 1, "side_deck"), ["-1"] * 9, ("players", 1, "side_deck"), ["exactly 10"]),
    (("players", 0, "table"), ["10"], ("players", 0, "table"), ["per set"]),
    (("players", 0, "hands"), ["+1"], ("players", 0, "hands"), ["unknown key", "hand"]),
    (("set",), [], ("set",), ["unknown key", "sets"]),
    (("sets",), [], ("sets",), ["needs 'sets'"]),
    (("sets", 1), "A wins", ("sets", 1), ["{players:"]),
    (("sets", 1, "players", 1, "name"), "C", ("sets", 1, "players", 1, "name"), ["'C'", "'A' or 'B'"]),
    (("sets", 1, "players", 1, "table", 0), "11", ("sets", 1, "players", 1, "table", 0), ["1 to 10", "write"]),
    (("sets", 1, "players", 1, "table"), ["10", "10", "-3", "10", "10"], ("sets", 1, "players", 1, "table", 4),
     ["more than 4 times"]),
    (("sets", 1, "players"), [{"name": "A", "table": ["9"]}], ("sets", 1, "players"), ["two players"]),
    (("players",), [{"name": "A", "hand": ["+1", "+1", "+1", "+1"]}], ("players",), ["two players"]),
    (("players", 1, "name"), "A", ("players", 1, "name"), ["used twice"]),
]


@pytest.mark.parametrize("change, value, path, needles", BAD, ids=[".".join(map(str, b[0])) for b in BAD])
def test_bad_match_records_are_refused_where_they_are_wrong(change, value, path, needles):
    assert judge_match(GOOD)["winners"] == ["A"]
    err = error(_with(GOOD, change, value))
    assert err.path == path
    for needle in needles:
        assert needle in err.message, (needle, err.message)


def test_no_set_after_the_third_win():
    err = error(record(A_WINS, A_WINS, A_WINS, B_WINS))
    assert err.path == ("sets", 3) and "over after set 3" in err.message


def test_a_missing_hand_is_refused():
    doc = record(A_WINS)
    del doc["players"][1]["hand"]
    assert error(doc).path == ("players", 1)


def test_errors_in_a_match_file_name_file_line_and_column(tmp_path):
    text = EXAMPLE.read_text().replace('table: [10, 8, 1, "±1T:+1"]', "table: [10, 8, 1, +3]")
    bad = tmp_path / "match.yaml"
    bad.write_text(text)
    out = CliRunner().invoke(main, ["judge", "pazaak", str(bad), "--project", str(ROOT)])
    assert out.exit_code == 2
    line = next(i + 1 for i, l in enumerate(text.splitlines()) if "[10, 8, 1, +3]" in l)
    assert f"match.yaml:{line}:" in out.output
    assert "sets.4.players.0.table.3" in out.output and "already played (set 1)" in out.output


def test_unquoted_side_cards_in_a_match_file():
    doc = parse_yaml("players: [{name: A, hand: [+1, -1, +2, -2]}, {name: B, hand: [+3, -3, +4, -4]}]\n"
                     "sets:\n"
                     "  - players: [{name: A, table: [10, 8, +2]}, {name: B, table: [10, 9]}]\n", "m.yaml").data
    result = judge_match(doc)
    assert result["score"] == {"A": 1, "B": 0}
    assert result["players"][0]["played"] == [{"card": "+2", "token": "+2", "set": 1}]


# --- simulated matches, judged: the simulator and the judge agree -----------------------------

side_decks = st.lists(st.sampled_from(CATALOGUE_IDS), min_size=10, max_size=10)


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(side_decks, side_decks, st.integers(0, 2**32), st.sampled_from(sorted(STRATEGIES)))
def test_every_simulated_match_is_a_valid_record_with_the_same_result(deck_a, deck_b, seed, strategy):
    play = STRATEGIES[strategy]
    match = simulate_match([deck_a, deck_b], seed=seed, names=("P1", "P2"), strategies=[play, play])
    doc = yaml.safe_load(yaml.safe_dump(match.to_record(), allow_unicode=True))
    result = judge_match(doc)
    assert result["winners"] == [match.winner] and result["score"] == match.set_wins
    assert [s["winners"] for s in result["sets"]] == [s.winners for s in match.sets]
    for player, hand in zip(result["players"], match.hands):
        # each hand card played at most once, and only cards of the hand
        played = Counter(p["card"] for p in player["played"])
        assert not played - Counter(hand)
        assert sorted(player["unused"]) == sorted((Counter(hand) - played).elements())
    for judged in result["sets"]:
        for player in judged["players"]:
            if player["name"] in judged["winners"]:
                # a set winner never ended a turn over 20
                assert player["bust_turn"] is None and max(player["turn_totals"]) <= 20


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(st.integers(0, 2**16), st.data())
def test_a_hand_card_played_more_often_than_the_hand_holds_it_is_refused(seed, data):
    match = simulate_match([SIDE_DECKS["minus"], list(CATALOGUE_IDS[:10])], seed=seed)
    doc = match.to_record()
    k = data.draw(st.sampled_from([0, 1]))
    played = [(s, j, t) for s, set_ in enumerate(doc["sets"]) for j, p in enumerate(set_["players"])
              if p["name"] == doc["players"][k]["name"] for t in p["table"] if not t.isdigit()]
    hand = doc["players"][k]["hand"]
    used = Counter(t.split(":")[0] for _, _, t in played)
    used_up = sorted(c for c in used if used[c] == hand.count(c))
    if not used_up:
        return
    card = data.draw(st.sampled_from(used_up))
    # take one copy of that card out of the hand: the record now plays it once too often
    spare = next(c for c in CATALOGUE_IDS if c not in {t.split(":")[0] for _, _, t in played})
    hand[hand.index(card)] = spare
    del doc["players"][k]["side_deck"]
    with pytest.raises(ShowdownError) as err:
        judge_match(doc)
    _, s, _, j, _, t = err.value.path
    assert doc["sets"][s]["players"][j]["table"][t].split(":")[0] == card
    assert "once per match" in err.value.message or "not in" in err.value.message
