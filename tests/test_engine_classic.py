"""Tests of the classic sabacc reference engine: cards, ranking, judge, locations, rule decisions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from deckgen.games.classic.engine import (
    BOMBED_OUT,
    IDIOTS_ARRAY,
    NORMAL,
    PURE_SABACC,
    card_value,
    compare,
    deck_cards,
    evaluate,
    is_bomb_total,
    judge,
    parse_card,
    parse_locations,
    resolve,
    standard_deck,
)
from deckgen.errors import ShowdownError
from deckgen.registry import installed_games
from tests.conftest import bundled_project

ROOT = Path(__file__).resolve().parents[1]
LOCATIONS_FILE = ROOT / "data" / "classic" / "locations.yaml"
PROJECT = bundled_project()  # the bundled project, loaded once per test process
GAME = PROJECT.games["classic"]
DESCRIPTOR = PROJECT.descriptor(GAME)
DATA = DESCRIPTOR.data_for(GAME)  # locations and the printed decks' compositions


@pytest.fixture(scope="module")
def locations():
    return parse_locations(yaml.safe_load(LOCATIONS_FILE.read_text(encoding="utf-8")))


def showdown(**hands):
    return {"players": [{"name": n, "hand": h} for n, h in hands.items()]}


# ------------------------------------------------------------------ cards


@pytest.mark.parametrize(
    "token, ident, value",
    [
        ("coins:11", "coins:11", 11),
        ("  Sabers:ACE ", "sabers:ace", 15),
        ("flasks:12", "flasks:commander", 12),
        ("staves:Mistress", "staves:mistress", 13),
        ("coins:master", "coins:master", 14),
        ("face:The Star", "face:the-star", -17),
        ("FACE:queen_of_air_and_darkness", "face:queen-of-air-and-darkness", -2),
        ("face:idiot", "face:idiot", 0),
    ],
)
def test_parse_card_notation_and_value(token, ident, value):
    card = parse_card(token)
    assert card.id == ident
    assert card_value(card) == value


@pytest.mark.parametrize(
    "token, fragment",
    [("cups:3", "cups"), ("coins:16", "16"), ("coins:0", "0"), ("face:wookiee", "wookiee"), ("idiot", "idiot"), (7, "7")],
)
def test_parse_card_errors_name_the_token(token, fragment):
    with pytest.raises(ShowdownError) as err:
        parse_card(token, ("players", 0, "hand", 1))
    assert err.value.path == ("players", 0, "hand", 1)
    assert fragment in err.value.message
    assert err.value.message.count(". ") == 0  # one short sentence


def test_standard_deck_has_76_cards_with_the_seed_values():
    assert sum(count for _, _, count in standard_deck()) == 76
    values = {ident: value for ident, value, _ in standard_deck()}
    assert values["face:the-star"] == -17 and values["face:endurance"] == -8
    assert values["sabers:1"] == 1 and values["sabers:ace"] == 15
    assert len(deck_cards()) == 76 and len(deck_cards("cloud-city")) == 76
    assert all(card_value(ident) == value for ident, value, _ in standard_deck())


def test_printed_decks_hold_the_standard_deck():
    # the copies a showdown may hold come from the deck data: it must be the rules' deck
    printed = {parse_card(token).id: copies for token, copies in DESCRIPTOR.composition(GAME).items()}
    assert printed == {ident: copies for ident, _, copies in standard_deck()}
    for face_set in ("classic", "cloud-city"):
        counts = DATA["compositions"][face_set]
        assert sum(counts.values()) == 76
        physical = sorted(card.id for card, n in counts.items() for _ in range(n))
        assert physical == sorted(c.id for c in deck_cards(face_set))


def test_cloud_city_face_needs_a_location(locations):
    with pytest.raises(ShowdownError):
        card_value("face:rancor")
    assert card_value("face:jedi-knight", locations["imperial"]) == 15
    assert card_value("face:jedi-knight", locations["corporate-sector"]) == -7
    assert card_value("face:the-star", locations["casino"]) == -17


# --------------------------------------------------------------- categories


@pytest.mark.parametrize(
    "hand, total, category",
    [
        (["coins:10", "sabers:11"], 21, NORMAL),
        (["face:moderation", "face:endurance"], -22, NORMAL),
        (["coins:ace", "sabers:8"], 23, PURE_SABACC),
        (["face:demise", "face:balance", "coins:1"], -23, PURE_SABACC),
        (["face:idiot", "flasks:2", "staves:3"], 5, IDIOTS_ARRAY),
        (["face:idiot", "flasks:2", "staves:3", "coins:4"], 9, NORMAL),
        (["coins:ace", "sabers:9"], 24, BOMBED_OUT),
        (["face:the-star", "face:moderation"], -31, BOMBED_OUT),
        (["coins:2", "face:queen-of-air-and-darkness"], 0, BOMBED_OUT),
    ],
)
def test_every_category(hand, total, category):
    ev = evaluate(hand)
    assert (ev.total, ev.category) == (total, category)


def test_ladder_order():
    order = [
        ["coins:ace", "sabers:9"],  # bombed
        ["coins:1", "sabers:1"],  # 2
        ["face:balance", "coins:1"],  # -10
        ["coins:5", "sabers:5"],  # 10
        ["face:moderation", "face:endurance"],  # -22
        ["coins:ace", "coins:7"],  # 22
        ["face:demise", "face:balance", "coins:1"],  # -23
        ["coins:ace", "sabers:8"],  # +23
        ["face:idiot", "flasks:2", "staves:3"],
    ]
    keys = [evaluate(h).key for h in order]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_face_worth_three_is_not_the_3_of_an_idiots_array(locations):
    imperial = locations["imperial"]  # bounty hunter and dark jedi are worth 3 there
    assert evaluate(["face:idiot", "coins:2", "face:bounty-hunter"], imperial).category == NORMAL
    assert evaluate(["face:idiot", "coins:2", "sabers:3"], imperial).category == IDIOTS_ARRAY


# --------------------------------------------------------- location arrays

ARRAYS = {
    "imperial": (["face:lord-of-sith", "coins:commander", "staves:ace"], ["face:lord-of-sith", "coins:commander", "staves:master"]),
    "rebel-alliance": (["face:jedi-knight", "face:jedi-knight", "flasks:ace"], ["face:jedi-knight", "face:jedi-master", "flasks:ace"]),
    "corellian": (["face:smuggler", "face:smuggler", "coins:7"], ["face:smuggler", "face:smuggler", "coins:commander"]),
    "new-republic": (["face:jedi-knight", "face:jedi-master", "face:smuggler"], ["face:jedi-knight", "face:jedi-master", "face:smuggler", "coins:1"]),
    "old-republic": (["face:jedi-master", "sabers:5", "face:jedi-knight"], ["face:jedi-knight", "face:jedi-master", "coins:5"]),
    "cloud-city-casino": (["face:smuggler", "face:jedi-knight", "face:smuggler"], ["face:smuggler", "face:jedi-knight", "face:jedi-knight"]),
    "corporate-sector": (["face:bounty-hunter", "coins:1", "face:bounty-hunter"], ["face:bounty-hunter", "coins:1", "coins:2"]),
    "crseih-station": (["flasks:1", "flasks:commander", "flasks:ace", "flasks:9"], ["flasks:1", "flasks:2", "flasks:3", "coins:4"]),
    "mos-eisley": (["face:smuggler", "face:bounty-hunter", "coins:11"], ["face:smuggler", "face:bounty-hunter", "sabers:11"]),
}


def test_table_has_the_ten_locations(locations):
    assert set(locations) == set(ARRAYS) | {"casino"}
    assert locations["casino"].array is None and locations["casino"].face_set == "classic"
    assert all(loc.face_set == "cloud-city" for k, loc in locations.items() if k != "casino")
    assert set(DATA["locations"]) == set(locations)


def test_every_location_is_worded_in_every_language(locations):
    # the words of the local rules live in the lang files, not in locations.yaml
    assert set(PROJECT.languages) == {"en", "de", "fr", "ru"}
    for lang in PROJECT.languages:
        strings = GAME.strings[lang].strings
        for loc_id, loc in locations.items():
            assert str(strings.get(f"location.{loc_id}", "")).strip(), (lang, loc_id)
            assert str(strings.get(f"location.{loc_id}.discard", "")).strip(), (lang, loc_id)
            assert (f"location.{loc_id}.array" in strings) == (loc.array is not None), (lang, loc_id)


@pytest.mark.parametrize("loc_id", sorted(ARRAYS))
def test_location_array_positive_and_negative(locations, loc_id):
    loc = locations[loc_id]
    yes, no = ARRAYS[loc_id]
    ev = evaluate(yes, loc)
    assert ev.array == loc.array.id and ev.category == loc.array.id
    assert evaluate(no, loc).array is None
    # ranks above Pure Sabacc, below the Idiot's Array; wins the sabacc pot
    res = judge(showdown(A=yes, B=["coins:ace", "sabers:8"]), location=loc_id, locations=locations)
    assert res["winners"] == ["A"] and res["sabacc_pot_won"]
    res = judge(showdown(A=yes, B=["face:idiot", "sabers:2", "sabers:3"]), location=loc_id, locations=locations)
    assert res["winners"] == ["B"]


def test_array_counts_even_with_a_bombing_total(locations):
    ev = evaluate(["face:lord-of-sith", "coins:commander", "staves:ace"], locations["imperial"])
    assert ev.total == 31 and not ev.bombed_out


def test_casino_has_no_array_but_keeps_the_classics(locations):
    casino = locations["casino"]
    assert evaluate(["face:idiot", "flasks:2", "staves:3"], casino).category == IDIOTS_ARRAY
    assert evaluate(["face:the-star", "coins:6"], casino).total == -11


def test_discard_rules(locations):
    mos = locations["mos-eisley"].discard
    assert mos.allowed([parse_card("coins:1")]) == (1,)
    assert mos.allowed([parse_card("face:smuggler")]) == (1, 2, 3, 4)
    assert locations["cloud-city-casino"].discard.counts == (2, 4)
    assert locations["old-republic"].discard.allowed([parse_card("face:jedi-master")])[-1] == 4


# ---------------------------------------------------------- locations data


def _doc():
    return yaml.safe_load(LOCATIONS_FILE.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "mutate, path",
    [
        (lambda d: d["locations"]["imperial"]["faces"].pop("rancor"), ("locations", "imperial", "faces")),
        (lambda d: d["locations"]["imperial"]["faces"].__setitem__("rancor", "seven"), ("locations", "imperial", "faces", "rancor")),
        (lambda d: d["locations"]["corellian"].__setitem__("face_set", "tarot"), ("locations", "corellian", "face_set")),
        (lambda d: d["locations"]["corellian"]["array"]["pattern"][0].__setitem__("face", "the-star"),
         ("locations", "corellian", "array", "pattern", 0, "face")),
        (lambda d: d["locations"]["corellian"]["array"]["pattern"][0].__setitem__("count", 3),
         ("locations", "corellian", "array", "pattern", 0, "count")),
        (lambda d: d["locations"]["imperial"]["array"]["pattern"][1].__setitem__("rank", "king"),
         ("locations", "imperial", "array", "pattern", 1, "rank")),
        (lambda d: d["locations"]["mos-eisley"]["discard"].__setitem__("counts", []), ("locations", "mos-eisley", "discard", "counts")),
        (lambda d: d["locations"]["casino"].__setitem__("name", {"en": "Casino"}), ("locations", "casino", "name")),
        (lambda d: d["locations"]["imperial"]["array"].__setitem__("name", {"en": "Sith array"}),
         ("locations", "imperial", "array", "name")),
        (lambda d: d["locations"]["imperial"]["discard"].__setitem__("text", {"en": "exactly 2"}),
         ("locations", "imperial", "discard", "text")),
        (lambda d: d.pop("locations"), ("locations",)),
    ],
)
def test_parse_locations_reports_bad_data_with_a_path(mutate, path):
    doc = _doc()
    mutate(doc)
    with pytest.raises(ShowdownError) as err:
        parse_locations(doc)
    assert err.value.path == path


@pytest.mark.parametrize(
    "where, key, words",
    [
        (("casino",), "name", "location.casino"),
        (("imperial", "array"), "name", "location.imperial.array"),
        (("imperial", "discard"), "text", "location.imperial.discard"),
    ],
)
def test_words_in_the_locations_file_are_refused_naming_their_new_place(where, key, words):
    doc = _doc()
    entry = doc["locations"][where[0]]
    for step in where[1:]:
        entry = entry[step]
    entry[key] = {"en": "some words"}
    with pytest.raises(ShowdownError) as err:
        parse_locations(doc)
    assert err.value.path == ("locations", *where, key)
    assert words in err.value.message and "lang" in err.value.message


# ------------------------------------------------------------ sudden demise


def test_sudden_demise_breaks_a_tie():
    res = resolve({"A": ["coins:10", "sabers:10"], "B": ["flasks:10", "staves:10"]}, {"A": ["coins:1"], "B": ["coins:2"]})
    assert res.winners == ("B",) and len(res.rounds) == 1


def test_sudden_demise_all_bomb_out_falls_back_to_the_next_best():
    hands = {"A": ["coins:10", "sabers:10"], "B": ["flasks:10", "staves:10"], "C": ["coins:9", "sabers:9"], "D": ["coins:ace", "sabers:ace"]}
    res = resolve(hands, {"A": ["coins:8"], "B": ["flasks:5"]})
    assert res.winners == ("C",)
    assert all(ev.bombed_out for _, ev in res.rounds[0].hands)


def test_sudden_demise_fallback_with_nobody_left_has_no_winner():
    res = resolve({"A": ["coins:10", "sabers:10"], "B": ["flasks:10", "staves:10"]}, {"A": ["coins:8"], "B": ["flasks:5"]})
    assert res.winners == ()


def test_sudden_demise_repeats_and_reports_missing_cards():
    hands = {"A": ["coins:10", "sabers:10"], "B": ["flasks:10", "staves:10"]}
    open_tie = resolve(hands, {"A": ["coins:1"], "B": ["flasks:1"]})
    assert open_tie.winners == ("A", "B") and open_tie.pending == ("A", "B")
    done = resolve(hands, {"A": ["coins:1", "coins:4"], "B": ["flasks:1", "flasks:2"]})
    assert done.winners == ("B",) and len(done.rounds) == 2


def test_sudden_demise_among_pure_sabaccs_still_takes_the_sabacc_pot():
    res = judge({**showdown(A=["coins:ace", "sabers:8"], B=["flasks:ace", "staves:8"]), "extra": {"A": ["coins:1"], "B": ["face:endurance"]}})
    assert res["winners"] == ["B"] and res["sabacc_pot_won"]
    assert res["sudden_demise"][0]["players"] == ["A", "B"]


# -------------------------------------------------------------------- judge


def test_judge_json_shape_and_registry():
    descriptor = installed_games()["classic"]
    assert descriptor.engine == "classic" and DESCRIPTOR is descriptor
    assert "location" in descriptor.judge_options
    res = descriptor.judge(showdown(A=["coins:11", "sabers:ace"], B=["flasks:2", "staves:9"]), DATA, {})
    json.dumps(res)
    assert res["winners"] == ["B"] and res["sabacc_pot_won"] is False
    assert [p["name"] for p in res["players"]] == ["A", "B"]
    a = res["players"][0]
    assert set(a) >= {"name", "total", "category", "rank", "cards", "bombed_out"}
    assert a["total"] == 26 and a["category"] == BOMBED_OUT and res["bombed_out"] == ["A"]


def test_judge_location_from_option_or_document(locations):
    hand = ["face:smuggler", "face:bounty-hunter", "coins:11"]
    doc = showdown(A=hand, B=["coins:1", "sabers:2"])
    assert judge(doc, location="mos-eisley", locations=locations)["players"][0]["category"] == "criminal-array"
    assert judge({**doc, "location": "mos-eisley"}, locations=locations)["location"] == "mos-eisley"
    via_descriptor = DESCRIPTOR.judge(doc, DATA, {"location": "mos-eisley"})
    assert via_descriptor["location"] == "mos-eisley" and via_descriptor["players"][0]["array"] == "criminal-array"


B_HAND = ["staves:5", "staves:6"]
B_PLAYER = {"name": "B", "hand": B_HAND}


@pytest.mark.parametrize(
    "doc, options, path",
    [
        (showdown(A=["coins:1", "coins:2"], B=B_HAND), {"location": "tatooine"}, ("location",)),
        ({"players": []}, {}, ("players",)),
        (showdown(A=["coins:1", "coins:2"]), {}, ("players",)),
        ({"players": [{"hand": ["coins:1", "coins:2"]}, B_PLAYER]}, {}, ("players", 0, "name")),
        ({"players": [{"name": "A"}, B_PLAYER]}, {}, ("players", 0, "hand")),
        (showdown(A=[], B=B_HAND), {}, ("players", 0, "hand")),
        (showdown(A=["coins:1"], B=B_HAND), {}, ("players", 0, "hand")),
        ({"players": [{"name": "A", "hand": ["coins:1", "coins:2"]}, {"name": "A", "hand": ["coins:3", "coins:4"]}]}, {}, ("players", 1, "name")),
        (showdown(A=["coins:1", "coins:2"], B=["cups:1", "coins:3"]), {}, ("players", 1, "hand", 0)),
        (showdown(A=["coins:11", "coins:2"], B=["sabers:1", "coins:11"]), {}, ("players", 1, "hand", 1)),
        (showdown(A=["face:idiot", "face:idiot"], B=["sabers:1", "face:idiot"]), {}, ("players", 1, "hand", 1)),
        (showdown(A=["face:rancor", "coins:2"], B=B_HAND), {}, ("players", 0, "hand", 0)),
        ({**showdown(A=["coins:1", "coins:2"], B=B_HAND), "extra": {"Z": ["coins:3"]}}, {}, ("extra", "Z")),
        ({**showdown(A=["coins:1", "coins:2"], B=B_HAND), "extra": {"A": ["coins:3", "coins:1"]}}, {},
         ("extra", "A", 1)),
        ({**showdown(A=["coins:1", "coins:2"], B=B_HAND), "caller": "Z"}, {}, ("caller",)),
        (showdown(A=["coins:1", "coins:2"], B=B_HAND), {"rules": "sabacc-of-the-ages"}, ("rules",)),
        ({"players": [{"name": "A", "hand": ["coins:1", "coins:2"], "field": ["coins:3"]}, B_PLAYER]}, {},
         ("players", 0, "field")),
        (showdown(A=["coins:1", "coins:2"], B=B_HAND), {"field": "hold-em"}, ("field",)),
    ],
)
def test_judge_errors_have_paths(doc, options, path, locations):
    with pytest.raises(ShowdownError) as err:
        judge(doc, locations=locations, **options)
    assert err.value.path == path and err.value.message


def test_classic_face_is_not_in_a_cloud_city_deck(locations):
    with pytest.raises(ShowdownError) as err:
        judge(showdown(A=["face:the-star", "coins:2"], B=B_HAND), location="imperial", locations=locations)
    assert err.value.path == ("players", 0, "hand", 0)


def test_location_without_table_is_an_error():
    with pytest.raises(ShowdownError) as err:
        judge(showdown(A=["coins:1", "coins:2"], B=B_HAND), location="imperial")
    assert err.value.path == ("location",)


# ---------------------------------------------------------------- decisions
# The decisions are data (data/classic/decisions.yaml); their words are in the lang files.

EXAMPLES = [(d.id, ex) for d in GAME.decisions.decisions for ex in d.examples]


def test_decisions_are_stated_with_enough_examples():
    ids = [d.id for d in GAME.decisions.decisions]
    assert len(ids) == len(set(ids))
    assert {"zero-bombs-out", "negative-totals", "negative-pure-sabacc", "idiots-array", "location-array",
            "sudden-demise", "card-copies", "minimum-hand", "settlement"} <= set(ids)
    assert len(EXAMPLES) >= 10
    assert any(ex.options.get("location") for _, ex in EXAMPLES)  # a local rule is among them
    assert any(ex.showdown.get("extra") for _, ex in EXAMPLES)  # and a sudden demise


@pytest.mark.parametrize("decision_id, example", EXAMPLES, ids=[ex.field for _, ex in EXAMPLES])
def test_decision_example_is_judged_as_stated(decision_id, example):
    res = DESCRIPTOR.judge(dict(example.showdown), DATA, example.options)
    assert res["winners"] == list(example.winners), decision_id


# --------------------------------------------------------------- properties

DECK = deck_cards()
hands = st.lists(st.integers(0, len(DECK) - 1), min_size=2, max_size=7, unique=True).map(lambda ix: [DECK[i] for i in ix])


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(hands.flatmap(lambda h: st.tuples(st.just(h), st.permutations(h))))
def test_card_order_does_not_matter(pair):
    a, b = pair
    assert evaluate(a).key == evaluate(b).key and evaluate(a).total == evaluate(b).total


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(hands)
def test_bomb_out_exactly_outside_the_range_or_zero(hand):
    ev = evaluate(hand)
    assert ev.bombed_out == (ev.total > 23 or ev.total < -23 or ev.total == 0)
    assert ev.bombed_out == is_bomb_total(ev.total)


@st.composite
def pure_hands(draw):
    suited = [c for c in DECK if not c.is_face]
    base = draw(st.lists(st.sampled_from(DECK), min_size=1, max_size=4, unique_by=lambda c: (c.suit, c.rank, c.face)))
    total = sum(card_value(c) for c in base)
    target = draw(st.sampled_from([23, -23]))
    need = [c for c in suited if c.rank == target - total and c not in base]
    if not need:
        target = 23 if target == -23 else -23
        need = [c for c in suited if c.rank == target - total and c not in base]

    assume(need)
    return base + [draw(st.sampled_from(need))]


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(pure_hands())
def test_idiots_array_beats_every_pure_sabacc(hand):
    ev = evaluate(hand)
    if ev.category != IDIOTS_ARRAY:
        assert ev.category == PURE_SABACC
        assert compare(evaluate(["face:idiot", "coins:2", "coins:3"]), ev) == 1


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(hands, hands, hands)
def test_ranking_is_a_total_preorder(a, b, c):
    ea, eb, ec = evaluate(a), evaluate(b), evaluate(c)
    assert compare(ea, eb) == -compare(eb, ea)
    assert (compare(ea, eb) == 0) == (ea.key == eb.key)
    if compare(ea, eb) >= 0 and compare(eb, ec) >= 0:
        assert compare(ea, ec) >= 0


CC_DECK = deck_cards("cloud-city")
cc_hands = st.lists(st.integers(0, len(CC_DECK) - 1), min_size=2, max_size=5, unique=True).map(lambda ix: [CC_DECK[i] for i in ix])
LOCS = parse_locations(yaml.safe_load(LOCATIONS_FILE.read_text(encoding="utf-8")))
CC_LOCS = sorted(k for k, v in LOCS.items() if v.face_set == "cloud-city")


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(cc_hands.flatmap(lambda h: st.tuples(st.just(h), st.permutations(h))), st.sampled_from(CC_LOCS))
def test_under_local_rules_order_is_irrelevant_and_only_arrays_escape_bombing(pair, loc_id):
    loc = LOCS[loc_id]
    a, b = evaluate(pair[0], loc), evaluate(pair[1], loc)
    assert a.key == b.key and a.category == b.category
    if a.array is None and a.category != IDIOTS_ARRAY:
        assert a.bombed_out == is_bomb_total(a.total)
    else:
        assert not a.bombed_out and a.key > evaluate(["coins:ace", "sabers:8"], loc).key


deals = st.lists(st.integers(0, len(DECK) - 1), min_size=4, max_size=20, unique=True).flatmap(
    lambda ix: st.tuples(st.just(ix), st.lists(st.integers(2, 4), min_size=len(ix), max_size=len(ix)))
)


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(deals)
def test_judge_winners_hold_the_best_key(deal):
    indices, sizes = deal  # disjoint physical cards, cut into hands of 2-4
    players, start = [], 0
    for size in sizes:
        chunk = indices[start:start + size]
        if len(chunk) < 2:
            break
        players.append({"name": f"P{len(players)}", "hand": [DECK[i].id for i in chunk]})
        start += size
        if len(players) == 8:
            break
    assume(len(players) >= 2)
    res = judge({"players": players})
    best = max(p["rank"] for p in res["players"])
    ranks = {p["name"]: p["rank"] for p in res["players"]}
    if best[0] == 0:
        assert res["winners"] == []
    else:
        assert res["winners"] and all(ranks[w] == best for w in res["winners"])
        assert res["tied"] == (len(res["winners"]) > 1)
        assert res["sabacc_pot_won"] == (best[0] >= 2)


def test_judge_also_accepts_the_raw_locations_document():
    res = judge(showdown(A=["face:jedi-knight", "face:jedi-knight", "coins:ace"], B=["coins:1", "coins:2"]),
                location="rebel-alliance", locations=_doc())
    assert res["winners"] == ["A"] and res["players"][0]["array"] == "force-array"


def test_deck_rows_match_the_deck_data_files(locations):
    from deckgen.games.classic.engine import deck_rows

    rows = deck_rows()
    assert sum(r["count"] for r in rows) == 76 and len(rows) == 68
    data = [row for name in ("suits.yaml", "faces.yaml")  # the base deck: suited cards and the classic faces
            for row in yaml.safe_load((LOCATIONS_FILE.parent / name).read_text(encoding="utf-8"))]
    key = lambda r: (r["suit"], r.get("rank"), r.get("face"), r["value"], r.get("count", 1))  # noqa: E731
    assert sorted(map(key, data), key=str) == sorted(map(key, rows), key=str)
    imperial = {r["face"]: r["value"] for r in deck_rows(locations["imperial"]) if r["face"]}
    assert imperial["jedi-master"] == -9 and len(imperial) == 8


# ------------------------------------------------- wrong answers, fixed

SURVIVOR = {
    "players": [{"name": "A", "hand": ["coins:10", "sabers:10"]}, {"name": "B", "hand": ["flasks:10", "staves:10"]},
                {"name": "C", "hand": ["coins:9", "sabers:11"]}],
    "extra": {"A": ["coins:2", "coins:5"], "B": ["flasks:2", "flasks:5"], "C": ["coins:1"]},
}


def test_sudden_demise_keeps_a_live_survivor_when_the_rest_bomb_out():
    # A, B, C tie at 20; after one card A and B tie at 22 and C holds 21; A and B then bomb out:
    # C's live 21 wins, it is not dropped with the bombed pair
    res = judge(SURVIVOR)
    assert res["winners"] == ["C"]
    assert [r["players"] for r in res["sudden_demise"]] == [["A", "B", "C"], ["A", "B"]]


def test_fallback_after_a_failed_sudden_demise_can_be_a_new_tie():
    hands = {"A": ["coins:10", "sabers:10"], "B": ["flasks:10", "staves:10"], "C": ["coins:9", "sabers:11"],
             "D": ["flasks:9", "staves:11"]}
    # round 1: A 22, B 22, C 21, D 21; round 2: A and B bomb out; C and D play on with their next cards
    extra = {"A": ["coins:2", "coins:5"], "B": ["flasks:2", "flasks:5"], "C": ["coins:1", "coins:3"],
             "D": ["flasks:1", "flasks:1"]}
    with pytest.raises(ShowdownError):  # flasks:1 twice: the copies check still holds
        judge({"players": [{"name": n, "hand": h} for n, h in hands.items()], "extra": extra})
    extra["D"] = ["flasks:1", "staves:1"]
    res = resolve(hands, extra)
    assert res.winners == ("D",)  # C 24 bombs out, D 22


@pytest.mark.parametrize("count", [1, 9, 12])
def test_the_engine_itself_refuses_a_table_of_the_wrong_size(count):
    suited = [c for c in deck_cards() if not c.is_face]
    players = [{"name": f"P{i}", "hand": [suited[2 * i].id, suited[2 * i + 1].id]} for i in range(count)]
    with pytest.raises(ShowdownError) as err:
        judge({"players": players})
    assert err.value.path == ("players",) and str(count) in err.value.message and "2" in err.value.message


def test_extra_cards_are_dealt_only_to_players_in_a_sudden_demise_round():
    res = resolve({"A": ["coins:10", "sabers:10"], "B": ["flasks:10", "staves:10"], "C": ["coins:9", "sabers:9"]},
                  {"A": ["coins:1"], "B": ["flasks:2"], "C": ["coins:3"]})
    assert res.winners == ("B",) and dict(res.used_extra) == {"A": 1, "B": 1}  # C never plays a round


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(st.lists(st.integers(0, len(DECK) - 1), min_size=10, max_size=30, unique=True), st.integers(2, 4))
def test_a_live_hand_is_never_dropped_by_sudden_demise(indices, players):
    cards = [DECK[i] for i in indices]
    hands = {f"P{k}": cards[2 * k:2 * k + 2] for k in range(players)}
    rest = cards[2 * players:]
    extra = {name: rest[k::players] for k, name in enumerate(hands)}
    res = resolve(hands, extra)
    bombed_in_demise = {n for rnd in res.rounds for n, ev in rnd.hands if ev.bombed_out}
    # a live hand that did not bomb out later in a demise round (when every tied player bombs out
    # there, the next-best original hand wins; two tied players alone may leave nobody)
    live = [n for n, ev in res.evaluations if not ev.bombed_out and n not in bombed_in_demise]
    if res.pending:
        assert len(res.winners) > 1
    else:
        assert bool(res.winners) == bool(live)
        assert len(res.winners) <= 1
