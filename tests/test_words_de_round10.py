"""The German words keep the fixes of the tenth fresh native-level read (issue 30, reviews10/de.md).

Data files only, no build. Classic: the decisions chapter and the 42-card tie rule no longer open
with an object that reads as the subject ("Die Beispielhände … beurteilt", "Eine Karte im Stechen
erhält … eine Hand"), and the clone value is spelt "Klon-Werts" as in chapter 9. Pazaak: the card
„Eins oder Zwei“ is named in quotes wherever running text mentions it, and the match-record
decision says what an example of a whole match shows. Archeon: the quick start says a round has
"drei Umläufe" in words (and, to stay on one page, that the planet's rule holds "die ganze Runde"); "seine beiden Karten" (not "beide seiner"); "jede andere Ansage";
chapter 14 no longer opens with an object-first sentence; "nur dort, wo" in the Idiot's Array
decision; "der Preis fürs Ziehen" everywhere (the glossary rejects "Gebühren fürs Ziehen"); and
"die Vorlage" is explained where the booklet first uses it, with the planet card saying
"Originalregeln".
"""

from __future__ import annotations

import re

from tests.words import flat_rules, lang, strings


def test_classic_decisions_intro_has_its_subject_first():
    booklet = flat_rules("classic", "de")
    assert "Die Beispielhände zu jeder Entscheidung beurteilt" not in booklet
    assert "Jede Beispielhand zu einer Entscheidung wird von demselben Regelprogramm beurteilt" in booklet


def test_classic_six_card_hand_still_gets_a_tie_card():
    line = lang("classic", "de")["decisions"]["adapted-ties"]
    assert "Eine Karte im Stechen erhält" not in line
    assert "Im Stechen erhält auch eine Hand aus sechs Karten noch eine Karte." in line


def test_classic_clone_value_is_spelt_one_way():
    texts = [flat_rules("classic", "de"), *strings(lang("classic", "de"))]
    assert not any("Klonwert" in text for text in texts)
    assert "jede Karte des Klon-Werts ein Klon" in lang("classic", "de")["decisions"]["adapted-announcement"]


def test_pazaak_one_or_two_card_is_quoted_in_running_text():
    booklet = flat_rules("pazaak", "de")
    prose = booklet.split("{#decisions}")[0]
    table_free = prose.replace("```", "")
    assert re.search(r"(?<![„*])\*\*Eins oder Zwei\*\*", table_free) is None
    assert booklet.count("die Karte **„Eins oder Zwei“**") == 2
    decision = lang("pazaak", "de")["decisions"]["plus-minus-choice"]
    assert "die Karte „Eins oder Zwei“ erhalten" in decision


def test_pazaak_match_record_says_what_an_example_shows():
    line = lang("pazaak", "de")["decisions"]["match-record"]
    assert "besteht aus den vier Handkarten" not in line
    assert line.startswith("Ein Beispiel einer ganzen Partie zeigt die vier Handkarten jedes Spielers")


def test_archeon_quick_start_counts_circles_in_words():
    booklet = flat_rules("archeon", "de")
    assert "Umläufe} lang" not in booklet
    assert "**Umläufe.** Eine Runde hat {circles:words|one:# Umlauf|other:# Umläufe}; links vom Geber beginnend ist jeder am Zug." in booklet


def test_archeon_caption_and_bothawui_wording():
    booklet = flat_rules("archeon", "de")
    assert "beide seiner Karten" not in booklet
    assert "und seine beiden Karten stammen aus dem Bürgerkrieg" in booklet
    assert "prüfen wie jede andere, " not in booklet
    assert "lassen sich prüfen wie jede andere Ansage, sie bringen" in booklet


def test_archeon_decisions_intro_has_its_subject_first():
    booklet = flat_rules("archeon", "de")
    assert "Die Beispielhände hat dasselbe Regelprogramm" not in booklet
    assert "Jede Beispielhand wurde mit demselben Regelprogramm geprüft" in booklet


def test_archeon_idiots_array_decision_says_nur_dort_wo():
    line = lang("archeon", "de")["decisions"]["idiots-array-planet"]
    assert "nur, wo" not in line
    assert line.startswith("Die Narren-Reihe zählt nur dort, wo ein Planet sie erlaubt.")


def test_archeon_draw_price_has_one_name():
    data = lang("archeon", "de")
    texts = [flat_rules("archeon", "de"), *strings(data["strings"]), *strings(data["decisions"])]
    assert not any("Gebühr" in text for text in texts)
    assert "Der Preis fürs Ziehen fließt in sie" in data["decisions"]["reserve"]
    entry = next(e for e in data["glossary"] if e["use"] == "Preis fürs Ziehen")
    assert "Gebühren fürs Ziehen" in entry["not"]


def test_archeon_vorlage_is_explained_at_first_use():
    booklet = flat_rules("archeon", "de")
    first = booklet.index("Vorlage")
    assert booklet[first - 4:first + 30] == "die Vorlage dieser Ausgabe, halten"
    assert "ursprünglichen Regeln, die Vorlage dieser Ausgabe, halten der Narren-Reihe diesen Platz frei" in booklet
    assert "im Folgenden" not in booklet
    card = lang("archeon", "de")["strings"]["planet.mon-calamari.rule"]
    assert "Vorlage" not in card
    assert "Nach den Originalregeln sind es alle, die nicht verloren haben" in card
