"""Tests for the seeded Pazaak match simulator and its simple strategy."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.games.pazaak.engine import CATALOGUE_IDS, parse_card
from deckgen.games.pazaak.engine import judge as judge_showdown
from deckgen.games.pazaak.sim import SimpleStrategy, View, play_set, simulate_match
from deckgen.loader import load_project
from deckgen.registry import SimulationRequest, installed_games
DECK_A = ["+1", "-2", "±3", "±1T", "D", "2&4", "3&6", "1±2", "-5", "+4"]
DECK_B = ["+2", "+3", "-1", "-3", "±2", "±4", "±6", "-6", "D", "±1T"]
side_decks = st.lists(st.sampled_from(CATALOGUE_IDS), min_size=10, max_size=10)


def deck_from_draws(draws: list[int]) -> list[int]:
    """A main deck whose pops give ``draws`` in order."""
    return list(reversed(draws))


def view(table, hand, opponent_total=0, opponent_stood=False) -> View:
    from deckgen.games.pazaak.sim import table_total

    return View(tuple(table), table_total(table), tuple(hand), ("9",), opponent_total, opponent_stood)


# --- strategy -----------------------------------------------------------------------


def test_strategy_plays_card_reaching_exactly_20():
    assert SimpleStrategy().choose_card(view(["10", "7"], ["-1", "+3"])) == "+3"


def test_strategy_keeps_cards_when_not_useful():
    assert SimpleStrategy().choose_card(view(["10", "5"], ["+3", "-2"])) is None


def test_strategy_saves_bust_with_best_total():
    assert SimpleStrategy().choose_card(view(["10", "8", "6"], ["-3", "-5", "±6"])) == "-5"


def test_strategy_uses_plus_minus_choice_to_reach_20():
    assert SimpleStrategy().choose_card(view(["10", "6"], ["1±2"])) is None
    assert SimpleStrategy().choose_card(view(["10", "8"], ["1±2"])) == "1±2:+2"


def test_strategy_overtakes_standing_opponent():
    assert SimpleStrategy().choose_card(view(["10", "6"], ["+2"], 17, True)) == "+2"


def test_strategy_stands():
    s = SimpleStrategy(stand_at=17)
    assert s.should_stand(view(["10", "7"], []))
    assert not s.should_stand(view(["10", "6"], []))
    assert s.should_stand(view(["10", "5"], [], opponent_total=14, opponent_stood=True))
    assert not s.should_stand(view(["10", "8"], [], opponent_total=19, opponent_stood=True))


# --- single sets with a fixed deck --------------------------------------------------


def test_minus_card_saves_a_bust_in_the_same_turn():
    hands = [["-5"], []]
    strategies = [SimpleStrategy(stand_at=20), SimpleStrategy(stand_at=20)]
    result = play_set(1, ("A", "B"), hands, 0, deck_from_draws([10, 5, 8, 5, 7, 6, 3, 1]), strategies)
    assert result.tables[0] == ["10", "8", "7", "-5"]
    assert result.statuses == ["stood", "stood"]
    assert result.totals == [20, 20]
    assert hands[0] == []  # the card is used up
    assert result.void and result.reason == "tie"


def test_bust_without_a_saving_card_loses_at_once():
    strategies = [SimpleStrategy(stand_at=20), SimpleStrategy(stand_at=20)]
    result = play_set(1, ("A", "B"), [[], []], 0, deck_from_draws([10, 5, 8, 5, 7]), strategies)
    assert result.tables == [["10", "8", "7"], ["5", "5"]]
    assert result.ended_by == "bust" and result.winners == ["B"]
    assert result.statuses == ["bust", "stood"]


def test_nine_cards_end_the_set_with_a_win():
    draws = [1, 3, 1, 3, 1, 3, 1, 4, 2, 4, 2, 2, 2, 3]
    strategies = [SimpleStrategy(stand_at=99), SimpleStrategy(stand_at=17)]
    result = play_set(1, ("A", "B"), [[], []], 0, deck_from_draws(draws), strategies)
    assert result.tables[0] == ["1", "1", "1", "1", "2", "2", "2", "2", "3"]
    assert result.tables[1] == ["3", "3", "3", "4", "4"]
    assert result.totals == [15, 17]
    assert result.ended_by == "nine-card" and result.winners == ["A"]


def test_second_player_opens_when_told():
    result = play_set(2, ("A", "B"), [[], []], 1, deck_from_draws([10, 9, 9, 10]),
                      [SimpleStrategy(), SimpleStrategy()])
    assert result.opener == "B"
    assert result.tables == [["9", "10"], ["10", "9"]]
    assert result.void


def test_strategy_playing_a_card_it_lacks_is_a_bug():
    class Cheater(SimpleStrategy):
        def choose_card(self, view):
            return "+6"

    with pytest.raises(ValueError):
        play_set(1, ("A", "B"), [["+1"], []], 0, deck_from_draws([5] * 18), [Cheater(), SimpleStrategy()])


# --- whole matches ------------------------------------------------------------------


def test_match_is_deterministic_per_seed():
    first = simulate_match([DECK_A, DECK_B], seed=42).to_dict()
    again = simulate_match([DECK_A, DECK_B], seed=42).to_dict()
    assert first == again
    others = {json.dumps(simulate_match([DECK_A, DECK_B], seed=s).to_dict(), sort_keys=True) for s in range(5)}
    assert len(others) > 1


def check_match(result, decks) -> None:
    names = result.names
    wins = result.set_wins
    assert result.winner in names
    assert wins[result.winner] == 3
    assert all(w < 3 for n, w in wins.items() if n != result.winner)
    assert sum(wins.values()) == sum(1 for s in result.sets if not s.void)
    # the match stops the moment someone reaches three
    assert result.sets[-1].winners == [result.winner]
    for i, played in enumerate(result.sets):
        assert played.number == i + 1
        assert played.opener == names[i % 2]
        judged = judge_showdown({"players": [{"name": n, "table": t} for n, t in zip(names, played.tables)]})
        assert judged["winners"] == played.winners
        assert [p["total"] for p in judged["players"]] == played.totals
        assert [p["status"] for p in judged["players"]] == played.statuses
    for p, (hand, deck) in enumerate(zip(result.hands, decks)):
        assert len(hand) == 4
        assert not Counter(hand) - Counter(deck)
        played_cards = Counter(
            parse_card(t).card for s in result.sets for t in s.tables[p] if not t.isdigit()
        )
        assert not played_cards - Counter(hand), "a hand card was played twice"


@pytest.mark.parametrize("seed", range(20))
def test_matches_end_with_three_set_wins(seed):
    result = simulate_match([DECK_A, DECK_B], seed=seed)
    check_match(result, [DECK_A, DECK_B])
    assert json.loads(json.dumps(result.to_dict())) == result.to_dict()


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(side_decks, side_decks, st.integers(0, 2**32))
def test_random_side_decks_give_valid_deterministic_matches(deck_a, deck_b, seed):
    result = simulate_match([deck_a, deck_b], seed=seed, names=("Revan", "Bastila"))
    check_match(result, [deck_a, deck_b])
    assert simulate_match([deck_a, deck_b], seed=seed, names=("Revan", "Bastila")).to_dict() == result.to_dict()


def test_aliases_in_side_decks_are_normalised():
    deck = ["+-1"] * 5 + ["\u22122"] * 5
    result = simulate_match([deck, DECK_B], seed=3)
    assert set(result.hands[0]) <= {"±1", "-2"}


def test_bad_side_deck_or_names_rejected():
    with pytest.raises(ValueError):
        simulate_match([DECK_A[:9], DECK_B], seed=1)
    with pytest.raises(ValueError):
        simulate_match([DECK_A, DECK_B + ["+9"]], seed=1)
    with pytest.raises(ValueError):
        simulate_match([DECK_A, DECK_B], seed=1, names=("A", "A"))
    with pytest.raises(ValueError):
        simulate_match([DECK_A], seed=1)


# --- through the game's descriptor, with the bundled decks --------------------------


@pytest.fixture(scope="module")
def pazaak_data():
    game = load_project(Path(__file__).resolve().parents[1]).games["pazaak"]
    return installed_games()["pazaak"].data_for(game)


def test_match_with_the_printed_main_deck(pazaak_data):
    main_deck = pazaak_data["main_deck"]
    result = simulate_match([DECK_A, DECK_B], seed=7, main_deck=main_deck)
    check_match(result, [DECK_A, DECK_B])
    # the printed deck is the rules' deck: the same match as without it
    assert result.to_dict() == simulate_match([DECK_A, DECK_B], seed=7).to_dict()


def test_descriptor_simulation_plays_two_named_side_decks(pazaak_data):
    descriptor = installed_games()["pazaak"]
    decks = list(pazaak_data["side_decks"])
    request = SimulationRequest(players=2, games=5, seed=11, data=pazaak_data, options={"decks": decks[-2:]})
    records = descriptor.simulate(request)
    assert records == descriptor.simulate(request) and len(records) == 5
    for i, record in enumerate(records):
        assert record["conserved"] and record["matchup"] == tuple(decks[-2:])
        match = simulate_match([pazaak_data["side_decks"][d] for d in decks[-2:]], 11 + i, names=("P1", "P2"),
                               main_deck=pazaak_data["main_deck"])
        assert record["winners"] == [match.winner] and record["length"] == len(match.sets)
        assert record["category"] == match.sets[-1].reason
