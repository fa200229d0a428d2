"""The French words keep the editorial polish pass made before the next fresh read (issue 30).

Data files only, no build. Each test pins one pattern swept through every French text: « plus qu'il
n'en a » (never « plus qu'il n'a »), one name for the draw price (« le prix de la pioche », « le prix
des pioches »), « sous les yeux de tous », « pendant cette manche » on the Archeon cards, no
« qualifiée » calque for pairs, the plain French of the stand action in classic's summary, and
Pazaak's Départage without « au lieu qu'elle soit nulle ».
"""

from __future__ import annotations

import re

from tests.words import lang, rules, strings

GAMES = ("classic", "gladbach", "pazaak", "archeon")


def _all_french() -> list[str]:
    texts = []
    for game in GAMES:
        texts.append(rules(game, "fr"))
        texts.extend(strings(lang(game, "fr")))
    return texts


def test_nobody_pays_more_than_he_has_with_en():
    old = re.compile(r"plus qu['’]il\s+n['’]a\b")  # also across a line break of the source
    assert not [text for text in _all_french() if old.search(text)]
    assert "Personne ne paie plus qu'il n'en a." in rules("archeon", "fr")
    assert "Personne ne paie plus qu'il\nn'en a ;" in rules("archeon", "fr")
    assert "Personne ne paie plus qu’il n’en a." in lang("archeon", "fr")["strings"]["ref.penalty.formula"]


def test_archeon_draw_price_has_one_name():
    booklet = rules("archeon", "fr")
    assert "le prix d'une pioche" not in booklet
    assert "prix de base d'une pioche" not in booklet
    assert "La mise, qui est aussi le prix de base de la pioche," in booklet
    muunilinst = lang("archeon", "fr")["strings"]["planet.muunilinst.rule"]
    assert muunilinst.startswith("Le prix des pioches va à la banque")


def test_cards_are_turned_over_before_everyone_not_to_their_eyes():
    booklet = rules("archeon", "fr")
    assert "aux yeux de tous" not in booklet
    assert booklet.count("sous les yeux de tous") >= 3


def test_archeon_cards_say_during_this_round():
    texts = lang("archeon", "fr")["strings"]
    for key in ("sign.ring.tier1", "sign.ring.tier2", "sign.ring.tier3", "planet.zonama-sekot.rule"):
        assert "pendant cette manche" in texts[key], key
    assert not re.search(r"(contre vous|joueur|jouées|engagé une) cette manche", " ".join(texts.values()))


def test_no_qualified_pairs_calque_anywhere():
    assert not [text for text in _all_french() if "qualifi" in text]
    assert lang("archeon", "fr")["strings"]["ref.reveal.6"] == "On compare les mains"


def test_classic_turn_summary_says_stand():
    booklet = rules("classic", "fr")
    assert "tenez-vous-en à votre main" not in booklet
    assert "Enfin, restez, piochez ou échangez." in booklet


def test_pazaak_tiebreaker_without_au_lieu_que():
    booklet = rules("pazaak", "fr")
    assert "au lieu qu'elle soit nulle" not in booklet
    assert "vous gagnez la manche, qui sinon serait nulle." in booklet
