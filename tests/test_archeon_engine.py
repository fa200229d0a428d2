"""Sabacc Archeon reference engine: every ladder step and tie rule, the reveal order, planets, tokens, abilities."""

from __future__ import annotations

import pytest

from deckgen.errors import ShowdownError
from deckgen.games.archeon.judge import judge

DATA: dict = {}


@pytest.fixture(scope="module", autouse=True)
def _archeon_data(project):
    """The archeon engine data, from the session's project (loaded once per worker)."""
    game = project.games["archeon"]
    DATA.clear()
    DATA.update(project.descriptor(game).data_for(game))


def B(value=None, **kw):
    return {"family": "blood", **({"value": value} if value is not None else {}), **kw}


def S(value=None, **kw):
    return {"family": "sand", **({"value": value} if value is not None else {}), **kw}


def run(*hands, **top):
    players = []
    for i, hand in enumerate(hands):
        entry = hand if isinstance(hand, dict) else {"hand": list(hand)}
        players.append({"name": "ABCDEF"[i], **entry})
    return judge({"players": players, **top}, DATA, {})


def winners(*hands, **top):
    return run(*hands, **top)["winners"]


def step(result, name):
    return next(h for h in result["hands"] if h["name"] == name)


# ------------------------------------------------------------------ the ladder


def test_the_seven_steps_from_the_cards():
    r = run(["aril-nunb", "asajj-ventress"], ["0-0-0", "bakko"], ["alisha-bek", B(4, sign="key", era="civil-war")],
            [B(3), S(3)], [B(1), S(5)], [B(2, sign="eye", era="legacy"), S(2, sign="key", era="legacy")])
    got = {h["name"]: (h["step"], h["step_name"]) for h in r["hands"]}
    assert got == {"A": (7, "pure-sabacc"), "B": (4, "mirror"), "C": (3, "chronicle"), "D": (2, "pair"),
                   "E": (1, "no-pair"), "F": (3, "chronicle")}
    assert r["winners"] == ["A"]


def _house(**top):
    """``top`` judged on a house-rule planet that allows the Idiot's Array (no bundled planet does, seed 002)."""
    from dataclasses import replace

    data = DATA["archeon"]
    house = {**DATA, "archeon": replace(data, planets={**data.planets, "house": {"idiots_array": True}})}
    return lambda *hands: judge({"players": [{"name": "ABCDEF"[i], "hand": list(h)} for i, h in enumerate(hands)],
                                 "planet": "house", **top}, house, {})


def test_idiots_array_only_where_the_planet_allows_it():
    plain = run(["aril-nunb", "4-ng"], [B(1), S(1)])
    assert step(plain, "A")["step_name"] == "pair" and plain["winners"] == ["B"]
    corellia = _house()(["aril-nunb", "4-ng"], [B(1), S(1)])
    assert step(corellia, "A")["step"] == 6 and corellia["winners"] == ["A"]
    # it ranks below Pure Sabacc (step 7; the two never meet: one match deck holds one Sylop per family)
    pure = _house()([B(sylop=True), S(sylop=True)], [B(1), S(1)])
    assert step(pure, "A")["step"] == 7 > step(corellia, "A")["step"]
    # and above a Mirror
    assert _house()(["aril-nunb", S(2)], [B(1, sign="eye"), S(1, sign="eye")])["winners"] == ["A"]


def test_step_five_is_the_prime_sabacc_of_the_token():
    token = {"name": "prime-sabacc", "by": "B", "value": 5}
    r = run([B(1, sign="eye"), S(1, sign="eye")], [B(5), S(5)], tokens=[token])
    assert step(r, "B")["step"] == 5 and step(r, "B")["step_name"] == "prime-sabacc" and r["winners"] == ["B"]
    # below the Idiot's Array
    assert _house(tokens=[token])([B(5), S(5)], ["aril-nunb", S(2)])["winners"] == ["B"]
    # the token's value may be given as its dice and the pick
    dice = {"name": "prime-sabacc", "by": "A", "dice": [5, 1], "choose": 5}
    assert winners([B(1, sign="eye"), S(1, sign="eye")], [B(5), S(5)], tokens=[dice]) == ["B"]


def test_mirror_beats_chronicle_beats_pair_of_the_same_value():
    assert winners(["0-0-0", "bakko"], [B(4, sign="key", era="civil-war"), "alisha-bek"]) == ["A"]
    assert winners(["0-0-0", "alisha-bek"], [B(4, sign="key", era="legacy"), "8d-j8"]) == ["A"]
    # and a higher step beats a lower pair: a Chronicle of 6s beats a plain pair of 1s
    assert winners([B(6, era="legacy"), S(6, era="legacy")], [B(1), S(1)]) == ["A"]


# ------------------------------------------------------------------ ties


def test_within_a_step_the_lower_pair_wins():
    assert winners([B(4), S(4)], [B(5), S(5)]) == ["A"]
    assert winners([B(6, sign="eye"), S(6, sign="eye")], [B(2, sign="key"), S(2, sign="key")]) == ["B"]


def test_no_pair_smaller_difference_then_smaller_sum():
    assert winners([B(3), S(5)], [B(1), S(4)]) == ["A"]  # difference 2 beats 3 despite the sum
    assert winners([B(2), S(5)], [B(1), S(4)]) == ["B"]  # difference 3 each, sum 5 beats 7


def test_full_equality_shares_the_bank():
    r = run([B(2), S(5)], [B(5), S(2)], bank=5)
    assert r["winners"] == ["A", "B"] and r["penalties"] == {} and r["payout"] == {"A": 3, "B": 2}
    assert winners([B(3, sign="eye"), S(3, sign="eye")], [B(3, sign="key"), S(3, sign="key")]) == ["A", "B"]


# ------------------------------------------------------------------ Impostors and Sylops


def test_impostor_owner_picks_one_of_two_dice():
    assert winners([B(impostor=True, dice=[2, 5]), S(5)], [B(6), S(6)]) == ["A"]
    assert winners([B(impostor=True, dice=[2, 5], choose=2), S(5)], [B(6), S(6)]) == ["B"]
    r = run([B(impostor=True, dice=[3, 4]), S(impostor=True, dice=[4, 6])], [B(6), S(6)])
    assert step(r, "A")["values"] == [4, 4]


def test_sylops_copy_the_other_card_after_the_impostor():
    r = run(["aril-nunb", S(impostor=True, dice=[3, 6], choose=3)], [B(4), S(4)])
    assert step(r, "A")["values"] == [3, 3] and r["winners"] == ["A"]
    r = run(["aril-nunb", S(6, sign="chip")], [B(2), S(2)])
    assert step(r, "A")["step_name"] == "mirror"  # the Sylop card's own sign


def test_reveal_order_impostor_fixed_before_sylop_copies_before_values_change():
    # Kamino fixes the Impostor at 6, the Sylop copies the 6, Tuning then lowers the Sylop's copy to 5:
    # no pair (5, 6)
    r = run({"hand": [B(sylop=True), S(impostor=True)],
             "entourage": [{"ability": "tuning", "tier": 1, "card": "blood", "by": -1}]}, [B(6), S(1)],
            planet="kamino")
    assert step(r, "A")["values"] == [5, 6] and step(r, "A")["step_name"] == "no-pair"


# ------------------------------------------------------------------ planets that touch the reveal


def test_bonadan_recounts_5s_and_6s():
    assert winners([B(6), S(6)], [B(1), S(1)], planet="bonadan") == ["A", "B"]
    assert winners([B(5), S(5)], [B(3), S(3)], planet="bonadan") == ["A"]
    assert step(run([B(6), S(6)], [B(1), S(2)], planet="bonadan"), "A")["pair"] == 1


def test_lower_coruscant_puts_1s_last():
    assert winners([B(1), S(1)], [B(6), S(6)], planet="lower-coruscant") == ["B"]
    assert winners([B(1), S(1)], [B(6), S(6)]) == ["A"]
    # only within the step: a Mirror of 1s still beats a plain pair of 6s
    assert winners([B(1, sign="eye"), S(1, sign="eye")], [B(6), S(6)], planet="lower-coruscant") == ["A"]


def test_kamino_fixes_impostors_at_six():
    r = run([B(impostor=True), S(6)], [B(2), S(2)], planet="kamino")
    assert step(r, "A")["values"] == [6, 6] and r["winners"] == ["B"]


def test_ruusan_sylop_is_zero_but_two_stay_pure():
    r = run(["aril-nunb", S(4)], [B(1), S(4)], planet="ruusan")
    assert step(r, "A")["values"] == [0, 4] and r["winners"] == ["B"]
    assert winners(["aril-nunb", "asajj-ventress"], [B(1), S(1)], planet="ruusan") == ["A"]


def test_dxun_raises_hands_of_one_sign_behind_native_hands():
    r = run([B(2, sign="eye"), S(3, sign="eye")], [B(6), S(6)], planet="dxun")
    a = step(r, "A")
    assert a["step"] == 2 and a["raised"] and a["raised_from"] == "no-pair" and r["winners"] == ["B"]
    assert winners([B(2, sign="eye"), S(5, sign="eye")], [B(1), S(2)], planet="dxun") == ["A"]
    r = run(["0-0-0", "bakko"], [B(1, era="legacy"), S(1, era="legacy")], planet="dxun")
    assert step(r, "A")["step"] == 5 and step(r, "A")["raised_from"] == "mirror"
    # raised hands compare among themselves as usual
    assert winners([B(2, sign="eye"), S(3, sign="eye")], [B(1, sign="key"), S(4, sign="key")], planet="dxun") == ["A"]
    # nothing rises above Pure Sabacc
    r = run([B(sylop=True, sign="eye"), S(sylop=True, sign="eye")], [B(1), S(1)], planet="dxun")
    assert step(r, "A")["step"] == 7 and not step(r, "A")["raised"]


def test_mon_calamari_and_bank_planets():
    r = run([B(1), S(1)], [B(2), S(6)], [B(4), S(4)], planet="mon-calamari", bank=6)
    assert r["penalties"] == {"B": 3, "C": 0} and r["payout"] == {"A": 5, "C": 4}
    r = run([B(1), S(1)], [B(2), S(6)], [B(3), S(4)], planet="rodia", bank=3)
    assert r["bank"] == 3 + 4 + 1 + 2 and r["from_reserve"] == 2
    r = run([B(1), S(1)], [B(2), S(6)], planet="vorzyd-v", bank=3)
    assert r["bank"] == 14 and r["from_reserve"] == 7
    r = run([B(1), S(1)], [B(2), S(6)], planet="hutta", bank=3)
    assert r["bank"] == 6 and r["from_reserve"] == -1


def test_bakura_passes_the_named_family_left():
    hands = ([B(3), S(5)], [B(5), S(3)])
    assert winners(*hands, planet="bakura", bakura="sand") == ["A"]
    r = run([B(3), S(5)], [B(5), S(3)], [B(1), S(6)], planet="bakura")  # Blood by default, a ring of three
    assert [step(r, n)["values"] for n in "ABC"] == [[1, 5], [3, 3], [5, 6]]


def test_corellian_system_charges_who_never_drew():
    r = run({"hand": [B(1), S(1)], "drew": False, "chips": 5}, [B(2), S(6)], planet="corellian-system")
    assert r["charges"] == {"A": 2} and r["chips_after"]["A"] == 5 - 2 + r["payout"]["A"]


def test_belsavis_freezes_the_ante():
    assert run([B(1), S(1)], [B(2), S(6)], round=9)["ante"] == 4
    assert run([B(1), S(1)], [B(2), S(6)], round=9, planet="belsavis")["ante"] == 1


# ------------------------------------------------------------------ tokens that touch the reveal


def test_major_and_minor_fraud_fix_impostors_the_last_played_wins():
    assert step(run([B(impostor=True), S(1)], [B(3), S(3)], tokens=["major-fraud"]), "A")["values"] == [6, 1]
    assert step(run([B(impostor=True), S(1)], [B(3), S(3)], tokens=["minor-fraud"]), "A")["values"] == [1, 1]
    r = run([B(impostor=True), S(1)], [B(3), S(3)], tokens=["minor-fraud", "major-fraud"])
    assert step(r, "A")["values"] == [6, 1]
    r = run([B(impostor=True), S(1)], [B(3), S(3)], planet="kamino", tokens=["minor-fraud"])
    assert step(r, "A")["values"] == [1, 1] and r["winners"] == ["A"]


def test_markdown_makes_sylops_zero():
    r = run(["aril-nunb", S(4)], [B(1), S(4)], tokens=["markdown"])
    assert step(r, "A")["values"] == [0, 4] and step(r, "A")["difference"] == 4 and r["winners"] == ["B"]
    assert step(run(["aril-nunb", "asajj-ventress"], [B(1), S(1)], tokens=["markdown"]), "A")["step"] == 7


def test_cook_the_books_reverses_the_comparison():
    r = run(["aril-nunb", "asajj-ventress"], [B(1), S(6)], tokens=["cook-the-books"])
    assert r["winners"] == ["B"] and r["reversed"]
    assert r["penalties"] == {"A": 1}  # the losing Pure Sabacc pays as a pair
    assert winners([B(4), S(4)], [B(5), S(5)], tokens=["cook-the-books"]) == ["B"]
    assert winners([B(2), S(5)], [B(5), S(2)], tokens=["cook-the-books"]) == ["A", "B"]


def test_prime_sabacc_needs_its_value():
    with pytest.raises(ShowdownError) as err:
        run([B(1), S(1)], [B(5), S(5)], tokens=[{"name": "prime-sabacc", "by": "B"}])
    assert err.value.path == ("tokens", 0)
    with pytest.raises(ShowdownError) as err:
        run([B(1), S(1)], [B(5), S(5)], tokens=[{"name": "prime-sabacc", "dice": [2, 3], "choose": 5}])
    assert err.value.path == ("tokens", 0, "choose")


def test_archeon_tokens_that_change_qualification():
    mirror, chronicle = ["0-0-0", "bakko"], ["alisha-bek", B(4, sign="key", era="civil-war")]
    assert step(run(mirror, chronicle, tokens=["blank-archive"]), "A")["step_name"] == "pair"
    assert winners(mirror, chronicle, tokens=["blank-archive"]) == ["A", "B"]
    assert winners(mirror, chronicle, tokens=["old-records"]) == ["A", "B"]
    r = run(mirror, chronicle, tokens=[{"name": "discredit", "by": "B", "target": "A"}])
    assert step(r, "A")["step_name"] == "pair" and r["winners"] == ["B"]
    r = run(["aril-nunb", S(4)], [B(1), S(1)], tokens=[{"name": "counterfeit", "by": "B", "target": "A"}])
    assert step(r, "A")["values"] == [6, 4]
    r = run([B(impostor=True, dice=[1, 2]), S(1)], [B(3), S(3)],
            tokens=[{"name": "frame-up", "by": "B", "target": "A"}])
    assert step(r, "A")["values"] == [6, 1]
    r = run([B(1), S(1)], [B(6), S(6)], planet="lower-coruscant", tokens=["dead-zone"])
    assert r["winners"] == ["A"] and r["planet_active"] is False


def test_loaded_dice_and_providence_roll_more_dice():
    three = [B(impostor=True, dice=[1, 2, 6]), S(6)]
    r = run(three, [B(1), S(1)], tokens=[{"name": "loaded-dice", "by": "A"}])
    assert step(r, "A")["values"] == [6, 6]
    r = run({"hand": [B(impostor=True, dice=[1, 2, 3, 5]), S(5)],
             "entourage": [{"ability": "providence", "tier": 2}]}, [B(6), S(6)])
    assert step(r, "A")["values"] == [5, 5]
    r = run({"hand": [B(impostor=True), S(4)], "entourage": [{"ability": "providence", "tier": 3}]}, [B(6), S(6)],
            tokens=["major-fraud"])
    assert step(r, "A")["values"] == [4, 4]  # Providence at tier 3 overrides Major Fraud
    with pytest.raises(ShowdownError) as err:
        run([B(impostor=True, dice=[1, 2]), S(4)], [B(6), S(6)], tokens=[{"name": "loaded-dice", "by": "A"}])
    assert err.value.path == ("players", 0, "hand", 0, "dice")


def test_immunity_and_cover_shield_from_others_tokens_only():
    imp = [B(impostor=True, dice=[4, 1]), S(4)]
    assert winners(imp, [B(5), S(5)], tokens=[{"name": "major-fraud", "by": "B"},
                                             {"name": "immunity", "by": "A"}]) == ["A"]
    assert winners(imp, [B(5), S(5)], tokens=[{"name": "major-fraud", "by": "B"}]) == ["B"]
    # Cover at tier 1 stops the first token only
    cover = {"hand": imp, "entourage": [{"ability": "cover", "tier": 1}]}
    r = run(cover, [B(5), S(5)], tokens=[{"name": "major-fraud", "by": "B"}])
    assert step(r, "A")["values"] == [4, 4]
    r = run(cover, [B(5), S(5)], tokens=[{"name": "minor-fraud", "by": "B"}, {"name": "major-fraud", "by": "B"}])
    assert step(r, "A")["values"] == [6, 4]
    # a table-wide rule change reaches the immune player too
    r = run(["aril-nunb", "asajj-ventress"], [B(1), S(6)],
            tokens=[{"name": "cook-the-books", "by": "B"}, {"name": "immunity", "by": "A"}])
    assert r["winners"] == ["B"]


def test_resolution_cancels_a_token_or_the_planet():
    r = run({"hand": ["aril-nunb", "asajj-ventress"],
             "entourage": [{"ability": "resolution", "tier": 1, "cancel": "cook-the-books"}]}, [B(1), S(6)],
            tokens=["cook-the-books"])
    assert r["winners"] == ["A"]
    r = run({"hand": [B(1), S(1)], "entourage": [{"ability": "resolution", "tier": 2, "cancel": "planet"}]},
            [B(6), S(6)], planet="lower-coruscant")
    assert r["winners"] == ["A"]
    with pytest.raises(ShowdownError) as err:
        run({"hand": [B(1), S(1)], "entourage": [{"ability": "resolution", "tier": 1, "cancel": "planet"}]},
            [B(6), S(6)], planet="lower-coruscant")
    assert err.value.path == ("players", 0, "entourage", 0, "cancel")


# ------------------------------------------------------------------ value changes


def test_value_changing_abilities_and_their_bounds():
    assemble = {"hand": [B(3), S(5)], "entourage": [{"ability": "assembly", "tier": 2, "card": "sand"}]}
    assert step(run(assemble, [B(6), S(6)]), "A")["values"] == [3, 3]
    too_far = {"hand": [B(2), S(5)], "entourage": [{"ability": "assembly", "tier": 1, "card": "sand"}]}
    assert step(run(too_far, [B(6), S(6)]), "A")["values"] == [2, 5]
    # Tuning at tier 2 reaches another hand
    r = run([B(6), S(6)], {"hand": [B(1), S(1)], "entourage": [
        {"ability": "tuning", "tier": 2, "target": "A", "card": "blood", "by": 1}]})
    assert step(r, "A")["values"] == [6, 6]  # a 6 cannot go higher
    r = run({"hand": [B(2), S(5)], "entourage": [{"ability": "protocol", "tier": 3, "card": "sand", "by": -3}]},
            [B(6), S(6)])
    assert step(r, "A")["values"] == [2, 2]
    shift = {"hand": [B(4), S(4)], "entourage": [{"ability": "rank-shift", "tier": 3, "target": "B"}]}
    r = run(shift, [B(3), S(3)])
    assert step(r, "A")["values"] == [3, 3] and step(r, "B")["values"] == [4, 4] and r["winners"] == ["A"]
    with pytest.raises(ShowdownError):
        run({"hand": [B(4), S(4)], "entourage": [{"ability": "tuning", "tier": 1, "card": "blood", "by": 2}]},
            [B(3), S(3)])
    with pytest.raises(ShowdownError) as err:
        run({"hand": [B(4), S(4)], "entourage": [{"ability": "insight", "tier": 1}]}, [B(3), S(3)])
    assert "during the round" in err.value.message


# ------------------------------------------------------------------ bad showdowns


@pytest.mark.parametrize("showdown, path", [
    ({"players": [{"name": "A", "hand": [B(1), B(2)]}, {"name": "B", "hand": [B(3), S(3)]}]}, ("players", 0, "hand")),
    ({"players": [{"name": "A", "hand": [S(1), S(2)]}, {"name": "B", "hand": [B(3), S(3)]}]}, ("players", 0, "hand")),
    ({"players": [{"name": "A", "hand": [B(1)]}, {"name": "B", "hand": [B(3), S(3)]}]}, ("players", 0, "hand")),
    ({"players": [{"name": "A", "hand": [B(1), S(7)]}, {"name": "B", "hand": [B(3), S(3)]}]},
     ("players", 0, "hand", 1, "value")),
    ({"players": [{"name": "A", "hand": ["nobody", S(1)]}, {"name": "B", "hand": [B(3), S(3)]}]},
     ("players", 0, "hand", 0)),
    ({"players": [{"name": "A", "hand": ["aktropaw", S(1)]}, {"name": "B", "hand": [B(3), S(3)]}]},
     ("players", 0, "hand", 0)),
    ({"players": [{"name": "A", "hand": [B(1, sign="moon"), S(1)]}, {"name": "B", "hand": [B(3), S(3)]}]},
     ("players", 0, "hand", 0, "sign")),
    ({"players": [{"name": "A", "hand": [B(1), S(1)]}, {"name": "B", "hand": [B(3), S(3)]}], "planet": "hoth"},
     ("planet",)),
    ({"players": [{"name": "A", "hand": [B(1), S(1)]}, {"name": "B", "hand": [B(3), S(3)]}], "tokens": ["x"]},
     ("tokens", 0, "name")),
    ({"players": [{"name": "A", "hand": [B(1), S(1)]}, {"name": "B", "hand": [B(3), S(3)]}], "multiplier": 3},
     ("multiplier",)),
    ({"players": [{"name": "A", "hand": [B(1), S(1)]}, {"name": "A", "hand": [B(3), S(3)]}]}, ("players", 1, "name")),
    ({"players": [{"name": "A", "hand": [B(impostor=True, dice=[2, 5], choose=3), S(1)]},
                  {"name": "B", "hand": [B(3), S(3)]}]}, ("players", 0, "hand", 0, "choose")),
    ({"players": [{"name": "A", "hand": ["0-0-0", S(1)]}, {"name": "B", "hand": ["0-0-0", S(3)]}]},
     ("players", 1, "hand", 0)),
    ({"players": [{"name": "A", "hand": [B(1), S(1)]}, {"name": "B", "hand": [B(3), S(3)]}],
      "tokens": ["major-fraud", "major-fraud"]}, ("tokens", 1)),
])
def test_bad_showdowns_are_located(showdown, path):
    with pytest.raises(ShowdownError) as err:
        judge(showdown, DATA, {})
    assert err.value.path == path
