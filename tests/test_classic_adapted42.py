"""The 42-card adaptation of classic sabacc: deck data, judge, located errors, CLI, decisions, reference.

The engine is ``deckgen/games/classic/adapted42.py``; the deck is
``adapted-42`` of ``data/classic/game.yaml`` (cards in ``adapted-42.yaml``),
judged through the classic descriptor with the option ``deck: adapted-42``.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.decisions import judge_example, judge_showdown
from deckgen.errors import ShowdownError
from deckgen.games.classic import adapted42
from deckgen.games.classic.adapted42 import Announcement, evaluate
from deckgen.games.classic.bundled import adapted_42_composition
from tests.conftest import ROOT

OPTIONS = {"deck": "adapted-42"}


@pytest.fixture(scope="module")
def classic(project):
    game = project.games["classic"]
    descriptor = project.descriptor(game)
    return game, descriptor, descriptor.data_for(game)


def showdown(*hands, wild=(2, 5), clone=3, **more):
    doc = {"wild": list(wild), "clone": clone,
           "players": [{"name": chr(65 + i), "hand": list(h)} for i, h in enumerate(hands)]}
    doc.update(more)
    return doc


def judged(classic, doc):
    _game, descriptor, data = classic
    return judge_showdown(descriptor, doc, data, OPTIONS)


def players(result):
    return {p["name"]: p for p in result["players"]}


# ------------------------------------------------------------------ deck data


def test_the_deck_holds_42_cards_eight_of_each_rank_and_two_sixes(classic):
    game, _descriptor, data = classic
    deck = game.decks["adapted-42"]
    assert deck.total_cards == 42 and not deck.localized
    counts = adapted42.composition_from_cards(deck.cards)
    assert counts == {1: 8, 2: 8, 3: 8, 4: 8, 5: 8, 6: 2} == adapted_42_composition()
    assert data["adapted-42"] == counts  # what the judge limits copies by
    assert all(c.value == c.rank for c in deck.cards)
    assert [c.id for c in deck.cards][0] == "adapted-ace"  # the poker ace is rank 1


def test_the_classic_composition_check_leaves_the_deck_alone(classic, project):
    from deckgen.games.classic.checks import check_composition
    from deckgen.registry import CheckContext

    game, _descriptor, data = classic
    problems = check_composition(CheckContext(project, game, data))
    assert not [p for p in problems if "adapted" in str(p)]


# ------------------------------------------------------------------ hands


def test_plain_hands_closest_to_11_without_going_over(classic):
    result = judged(classic, showdown([4, 6], [5, 4], [6, 4, 4], wild=(1, 2)))  # no 1, 2 or 3: nothing wild or cloned
    by = players(result)
    assert result["winners"] == ["A"] and result["winning_category"] == "normal"
    assert [by[n]["total"] for n in "ABC"] == [10, 9, 14]
    assert by["C"]["category"] == "bombed out" and result["bombed_out"] == ["C"]
    assert result["sabacc_pot_won"] is False and result["deck"] == "adapted-42"


def test_eleven_is_pure_sabacc_and_wins_the_sabacc_pot(classic):
    result = judged(classic, showdown([5, 6], [4, 4, 1], wild=(1, 2)))
    by = players(result)
    assert by["A"]["category"] == by["B"]["category"] == "pure sabacc"
    assert by["B"]["counts"] == [4, 4, 3]  # the wild ace counts 3
    assert result["sabacc_pot_won"] is True and result["tied"] is True and result["needs_extra"] == ["A", "B"]


def test_a_wild_card_counts_any_value_from_1_to_6():
    call = Announcement((2, 5), 3)
    assert evaluate([5, 2], call).total == 11  # two wild cards: 5 + 6 or 6 + 5
    assert evaluate([2, 1], call).total == 7  # never more than 6
    assert evaluate([2, 2, 2, 2, 2, 2], call).total == 11  # six wild cards still find 11
    assert evaluate([4, 6, 5], call).total == 11  # 4 + 6 + 1: a wild card may be worth 1


def test_a_clone_copies_another_card_of_the_hand():
    call = Announcement((2, 5), 3)
    assert evaluate([3, 6], call).total == 12  # it must copy the 6: bombed out
    assert evaluate([3, 6, 1], call).counts == (1, 6, 1)  # the holder picks the 1
    assert evaluate([1, 5, 3], call).counts == (1, 5, 5)  # it copies a wild card as set
    assert evaluate([3, 3], call).total == 6  # clones alone count their own rank
    assert evaluate([3, 3, 4], call).total == 12  # clones never copy each other's printed 3


def test_sudden_demise_decides_a_tie_beyond_six_cards(classic):
    doc = showdown([1, 1, 2, 2, 1, 3], [3, 3, 2, 2], wild=(5, 6), clone=4, extra={"A": [1], "B": [3]})
    result = judged(classic, doc)
    assert result["winners"] == ["A"] and result["sudden_demise"][0]["hands"][0]["cards"] == [1, 1, 2, 2, 1, 3, 1]


def test_nobody_wins_when_every_hand_bombs_out(classic):
    result = judged(classic, showdown([6, 6], [5, 4, 4], wild=(1, 2)))
    assert result["winners"] == [] and result["winning_category"] is None


def test_cards_may_be_written_as_ace_or_as_strings(classic):
    result = judged(classic, showdown(["ace", "A", "4", 5], [6, 4], wild=("1", 2), clone="3"))
    assert players(result)["A"]["cards"] == [1, 1, 4, 5] and result["wild"] == [1, 2]


def test_the_classic_deck_stays_the_default(classic):
    _game, descriptor, data = classic
    classic_showdown = {"players": [{"name": "A", "hand": ["coins:11", "sabers:ace"]},
                                    {"name": "B", "hand": ["face:idiot", "flasks:2", "staves:3"]}]}
    for options in ({}, {"deck": "classic"}):
        assert judge_showdown(descriptor, classic_showdown, data, options)["winners"] == ["B"]
    assert descriptor.judge_options["deck"]["enum"] == ["classic", "adapted-42"]


# ------------------------------------------------------------------ bad showdowns


@pytest.mark.parametrize("doc, path, words", [
    (showdown([1, 2, 3, 4, 1, 1, 1], [4, 4]), ("players", 0, "hand"), "7 card(s)"),
    (showdown([4], [4, 4]), ("players", 0, "hand"), "1 card(s)"),
    (showdown([4, 7], [4, 4]), ("players", 0, "hand", 1), "no 7"),
    (showdown([4, "king"], [4, 4]), ("players", 0, "hand", 1), "not a card"),
    (showdown([6, 1], [6, 4], [6, 1]), ("players", 2, "hand", 0), "holds 2 copies"),
    (showdown([4, 4, 4, 4, 4, 4], [4, 4, 1], extra={"B": [4]}), ("extra", "B", 0), "holds 8 copies"),
    (showdown([4, 4], [4, 4], wild=(2, 2)), ("wild", 1), "must differ"),
    (showdown([4, 4], [4, 4], wild=(2,)), ("wild",), "exactly two"),
    (showdown([4, 4], [4, 4], clone=5), ("clone",), "cannot be a wild rank"),
    (showdown([4, 4], [4, 4], wild=(2, 9)), ("wild", 1), "no 9"),
    (showdown([4, 4], [4, 4], extra={"Z": [1]}), ("extra", "Z"), "not a player"),
])
def test_bad_showdowns_are_located(classic, doc, path, words):
    with pytest.raises(ShowdownError) as err:
        judged(classic, doc)
    assert err.value.path == path and words in err.value.message


def test_the_announcement_is_required():
    doc = showdown([4, 4], [5, 1])
    del doc["clone"]
    with pytest.raises(ShowdownError) as err:
        adapted42.judge(doc)
    assert err.value.path == ("clone",)
    del doc["wild"]
    with pytest.raises(ShowdownError) as err:
        adapted42.judge(doc)
    assert err.value.path == ("wild",)


def test_copies_follow_the_printed_deck():
    doc = showdown([6, 4], [5, 1])
    assert adapted42.judge(doc, composition={1: 8, 2: 8, 3: 8, 4: 8, 5: 8, 6: 2})["winners"] == ["A"]
    with pytest.raises(ShowdownError) as err:
        adapted42.judge(doc, composition={1: 8, 2: 8, 3: 8, 4: 8, 5: 8})
    assert err.value.path == ("players", 0, "hand", 0) and "no" in err.value.message


def test_local_rules_do_not_apply_to_the_42_card_deck(classic):
    _game, descriptor, data = classic
    with pytest.raises(ShowdownError) as err:
        judge_showdown(descriptor, showdown([4, 4], [5, 1]), data, {**OPTIONS, "location": "imperial"})
    assert err.value.path == ("location",)


# ------------------------------------------------------------------ command line


def test_judge_through_the_command_line(tmp_path):
    f = tmp_path / "showdown.yaml"
    f.write_text("wild: [2, 5]\nclone: 3\nplayers:\n  - {name: A, hand: [ace, 5, 3]}\n  - {name: B, hand: [6, 4]}\n")
    result = CliRunner().invoke(main, ["judge", "classic", str(f), "--deck", "adapted-42", "--project", str(ROOT)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["winners"] == ["A"] and data["sabacc_pot_won"] is True
    assert players(data)["A"]["counts"] == [1, 5, 5]


def test_the_command_line_locates_a_bad_card_and_refuses_an_unknown_deck(tmp_path):
    f = tmp_path / "showdown.yaml"
    f.write_text("wild: [2, 5]\nclone: 3\nplayers:\n  - {name: A, hand: [ace, 5, 3]}\n  - {name: B, hand: [6, 8]}\n")
    runner = CliRunner()
    result = runner.invoke(main, ["judge", "classic", str(f), "--deck", "adapted-42", "--project", str(ROOT)])
    assert result.exit_code == 2 and result.output.startswith(f"{f}:5:") and "players.1.hand.1" in result.output
    result = runner.invoke(main, ["judge", "classic", str(f), "--deck", "tarot", "--project", str(ROOT)])
    assert result.exit_code == 2 and "--deck" in result.output


# ------------------------------------------------------------------ decisions and the reference


def test_every_adapted_decision_example_is_judged_as_claimed(classic):
    game, descriptor, data = classic
    decisions = [d for d in game.decisions.decisions if d.id.startswith("adapted-")]
    assert len(decisions) >= 8
    for decision in decisions:
        assert decision.examples, decision.id
        for example in decision.examples:
            assert example.options == OPTIONS, example.field
            judgement = judge_example(descriptor, example, data)
            assert judgement.agrees, (example.field, judgement.winners, judgement.error)


def test_every_adapted_decision_is_worded_in_every_language(classic, project):
    game, _descriptor, _data = classic
    ids = {d.id for d in game.decisions.decisions if d.id.startswith("adapted-")}
    for lang in project.languages:
        assert ids <= set(game.strings[lang].decisions), lang


def test_the_reference_shows_a_hand_the_engine_counts_the_same(classic):
    game, _descriptor, _data = classic
    spec = game.documents["adapted-42-reference"]
    ex = spec.options["example"]
    doc = {"wild": ex["wild"], "clone": ex["clone"], "players": [{"name": "A", "hand": ex["hand"]},
                                                                 {"name": "B", "hand": [1, 1]}]}
    shown = players(judged(classic, doc))["A"]
    assert shown["counts"] == ex["counts"] and shown["total"] == ex["total"]
