"""The German words keep the fixes of the ninth fresh native-level read (issue 30, reviews9/de.md).

Data files only, no build: classic's first ranking caption names Ana instead of a sentence-initial
"Ihre" that reads as the formal "your"; Pazaak's overview says "zieht ihr beide eure Karten" and its
deck list names the card „Eins oder Zwei“ in quotes, as the deck texts on the cards do; Archeon
says "Neuerungen lernen" (not "wissen"), "nur dort, wo ein Planet sie erlaubt" in the quick start
and the ladder, "teilen sie sich die Bank" (not "teilen sie sie"), lets several players who leave
in one round share their place, and puts the Mon Calamari relative clause next to "alle".
"""

from __future__ import annotations

import re

from tests.words import flat_rules, lang


def test_classic_first_ranking_caption_names_ana():
    booklet = flat_rules("classic", "de")
    assert "caption: Ihre 21" not in booklet
    assert "caption: Anas 21 liegt am weitesten von der Null entfernt." in booklet


def test_pazaak_overview_draws_eure_karten():
    booklet = flat_rules("pazaak", "de")
    assert "zieht ihr beide Karten" not in booklet
    assert "In jedem Set zieht ihr beide eure Karten von einem gemeinsamen **Hauptstapel**" in booklet


def test_pazaak_deck_list_quotes_the_one_or_two_card():
    booklet = flat_rules("pazaak", "de")
    decks = booklet.split("{#side-decks}")[1].split("{#deck-strength}")[0]
    assert "eine Eins oder Zwei" not in decks
    assert "außer der Eins oder Zwei" not in decks
    assert re.search(r"(?<!„)Eins oder Zwei(?!“)", decks) is None
    assert decks.count("„Eins oder Zwei“") == 3
    assert "die Karte „Eins oder Zwei“" in decks


def test_archeon_novelties_are_learnt_not_known():
    booklet = flat_rules("archeon", "de")
    assert "Neuerungen wissen" not in booklet
    assert "muss nur noch die folgenden sechs Neuerungen lernen, um mitzuspielen" in booklet


def test_archeon_idiots_array_says_nur_dort_wo_in_the_booklet():
    booklet = flat_rules("archeon", "de")
    assert "nur, wo ein Planet sie erlaubt" not in booklet
    assert booklet.count("nur dort, wo ein Planet sie erlaubt") == 2
    sheet = lang("archeon", "de")["strings"]["ref.step.idiots-array"]
    assert "nur dort, wo ein Planet sie erlaubt" in sheet


def test_archeon_bank_is_shared_without_doubled_pronoun():
    booklet = flat_rules("archeon", "de")
    assert "teilen sie sie" not in booklet
    assert "Liegen mehrere Sieger gleichauf, teilen sie sich die Bank;" in booklet


def test_archeon_players_leaving_together_share_their_place():
    line = lang("archeon", "de")["decisions"]["starting-chips"]
    assert "wer in derselben Runde ausscheidet" not in line
    assert "scheiden mehrere in derselben Runde aus, teilen sie sich ihren Platz" in line
    assert "{start_chips}" in line


def test_archeon_mon_calamari_relative_clause_follows_alle():
    booklet = flat_rules("archeon", "de")
    decision = lang("archeon", "de")["decisions"]["mon-calamari"]
    for text in (booklet, decision):
        assert "alle die Bank" not in text
    assert "teilen sich auf **Mon Calamari** alle, die nicht verloren haben, die Bank." in booklet
    assert "teilen sich bei uns alle, die keine Strafe zahlen, die Bank." in booklet
    assert "lässt auf Mon Calamari alle, die nicht verloren haben, die Bank teilen." in decision
