"""Sabacc Archeon properties: the ranking is a total preorder, card order in a hand does not matter,
Cook the Books reverses exactly the comparison and nothing else, penalties stay within the rules."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from deckgen.games.archeon.engine import compare, reveal, strength
from deckgen.games.archeon.judge import judge, parse_showdown

DATA: dict = {}
SIGNS = ["eye", "facet", "key", "scale"]  # few signs and eras, so that Mirrors and Chronicles occur
ERAS = ["old-republic", "clone-wars", "civil-war"]
PLANETS = ["bonadan", "lower-coruscant", "kamino", "ruusan", "dxun", "corellian-system"]
TOKENS = ["major-fraud", "minor-fraud", "markdown", "blank-archive", "old-records"]


@pytest.fixture(scope="module", autouse=True)
def _archeon_data(project):
    """The archeon engine data, from the session's project (loaded once per worker)."""
    game = project.games["archeon"]
    DATA.clear()
    DATA.update(project.descriptor(game).data_for(game))


@st.composite
def cards(draw, family):
    kind = draw(st.sampled_from(["number"] * 6 + ["impostor", "sylop"]))
    card = {"family": family, "sign": draw(st.sampled_from(SIGNS)), "era": draw(st.sampled_from(ERAS))}
    if kind == "number":
        card["value"] = draw(st.integers(1, 6))
    elif kind == "impostor":
        card["impostor"] = True
        card["dice"] = draw(st.lists(st.integers(1, 6), min_size=2, max_size=2))
    else:
        card["sylop"] = True
    return card


hands = st.tuples(cards("blood"), cards("sand"))
tables = st.fixed_dictionaries({}, optional={
    "planet": st.sampled_from(PLANETS),
    "tokens": st.lists(st.sampled_from(TOKENS), max_size=2, unique=True),
})


def fits_one_match_deck(hand_list) -> bool:
    """No more Sylops, Impostors or cards of a value per family than one match deck holds (1, 3, 3)."""
    seen: dict = {}
    for hand in hand_list:
        for card in hand:
            kind = (card["family"], "sylop" if card.get("sylop") else "impostor" if card.get("impostor")
                    else card.get("value"))
            seen[kind] = seen.get(kind, 0) + 1
    return all(n <= (1 if kind[1] == "sylop" else 3) for kind, n in seen.items())


def judged(hand_list, table, extra_tokens=()):
    assume(fits_one_match_deck(hand_list))
    players = [{"name": f"P{i}", "hand": list(h)} for i, h in enumerate(hand_list)]
    return judge({"players": players, **table, "tokens": list(table.get("tokens", [])) + list(extra_tokens)}, DATA, {})


def hands_by_name(result):
    return {h["name"]: h for h in result["hands"]}


def _reveal(hand_list, table, extra_tokens=()):
    assume(fits_one_match_deck(hand_list))
    players = [{"name": f"P{i}", "hand": list(h)} for i, h in enumerate(hand_list)]
    doc = {"players": players, **table, "tokens": list(table.get("tokens", [])) + list(extra_tokens)}
    ps, tb, _ = parse_showdown(DATA["archeon"], doc)
    return reveal(DATA["archeon"], ps, tb)


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(st.lists(hands, min_size=3, max_size=3), tables)
def test_the_ranking_is_a_total_preorder(hand_list, table):
    result = _reveal(hand_list, table)
    hs = result.hands
    for a in hs:
        assert compare(a, a) == 0  # reflexive
        for b in hs:
            assert compare(a, b) == -compare(b, a)  # total and antisymmetric in its outcome
            for c in hs:
                if compare(a, b) >= 0 and compare(b, c) >= 0:
                    assert compare(a, c) >= 0  # transitive
    best = max(strength(h) for h in hs)
    assert sorted(result.winners) == sorted(h.name for h in hs if strength(h) == best)


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(st.lists(hands, min_size=2, max_size=3), tables)
def test_the_order_of_a_hand_changes_nothing(hand_list, table):
    straight = judged(hand_list, table)
    swapped = judged([(h[1], h[0]) for h in hand_list], table)
    assert straight == swapped


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(st.lists(hands, min_size=2, max_size=3), tables)
def test_cook_the_books_reverses_exactly_the_comparison(hand_list, table):
    plain = _reveal(hand_list, table)
    cooked = _reveal(hand_list, table, ["cook-the-books"])
    # the winners are the hands that are weakest by the usual ranking of the hands as they are judged
    worst = min(h.key for h in cooked.hands)
    assert sorted(cooked.winners) == sorted(h.name for h in cooked.hands if h.key == worst)
    if not any(c.get("impostor") for h in hand_list for c in h):
        # without an owner's choice the hands themselves do not change: values, steps, pairs, strength
        assert [(h.values, h.step, h.pair, h.key) for h in plain.hands] == \
            [(h.values, h.step, h.pair, h.key) for h in cooked.hands]
        # so every pairwise outcome is exactly turned over, equality kept
        for a in plain.hands:
            for b in plain.hands:
                assert compare(a, b, reversed_=True) == -compare(a, b)
        least = min(h.key for h in plain.hands)
        assert sorted(cooked.winners) == sorted(h.name for h in plain.hands if h.key == least)
    # penalties are still worked out from each loser's own hand: 1 with a pair, else the difference
    result = judged(hand_list, table, ["cook-the-books"])
    for name, paid in result["penalties"].items():
        h = hands_by_name(result)[name]
        paired = h["pair"] is not None or h["step"] in (6, 7) and not h["raised"] or h["difference"] == 0
        assert paid == (1 if paired else h["difference"])


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(st.lists(hands, min_size=2, max_size=4), tables, st.sampled_from([1, 2, 4, 8]),
       st.lists(st.integers(0, 30), min_size=4, max_size=4))
def test_penalties_are_capped_and_the_bank_is_paid_out_whole(hand_list, table, multiplier, chips):
    assume(fits_one_match_deck(hand_list))
    players = [{"name": f"P{i}", "hand": list(h), "chips": chips[i]} for i, h in enumerate(hand_list)]
    r = judge({"players": players, **table, "multiplier": multiplier, "bank": 3}, DATA, {})
    assert sum(r["payout"].values()) == r["bank"]
    for name, paid in r["penalties"].items():
        i = int(name[1:])
        assert 0 <= paid <= chips[i] and paid <= 6 * multiplier
        assert name not in r["winners"]
    total_before = sum(chips[: len(hand_list)]) + 3 + r.get("from_reserve", 0)
    assert sum(r["chips_after"].values()) == total_before
