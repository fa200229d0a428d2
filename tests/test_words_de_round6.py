"""The German words keep the fixes of the sixth fresh native-level read (issue 30, reviews6/de.md).

Data files only, no build: Gladbach's deal sentence says "Niemand darf seine letzte Handkarte
ablegen" and its tournament counts Partien like the rest of the booklet; classic tells the printed
jokers of the poker decks from the called "Joker" values and does not say other player counts are
"kein Sabacc"; Pazaak's tiebreaker sentence has no "Enden … endet", Vollgas has no subjectless
"Gemacht, um", and the deck-strength chapter writes "zweitausend" like the other booklets;
Archeon's Lower Coruscant card (de and en) no longer says a pair of 1s "does not win", and the tie
rule is spelt "in alldem" everywhere.
"""

from __future__ import annotations

from pathlib import Path

from tests.words import data_yaml as _yaml, rules

ROOT = Path(__file__).resolve().parent.parent


def _booklet(game: str) -> str:
    return rules(game, "de")


def test_gladbach_deal_sentence_names_niemand_first():
    deal = _yaml("data/gladbach/lang/de.yaml")["decisions"]["deal"]
    assert "Seine letzte Handkarte" not in deal
    assert "Niemand darf seine letzte Handkarte ablegen." in deal


def test_gladbach_tournament_counts_partien():
    de = _yaml("data/gladbach/tournament.yaml")["de"]
    text = " ".join(de["steps"]) + de["decision"] + de["sheet"]["round"]
    for word in ("Spiel ", "Spiele ", "Spielen", "Spiel;", "Spiel:", "Spiels"):
        assert word not in text, word
    assert "drei Partien" in text
    assert de["sheet"]["round"] == "Partie {n}"
    assert "ihre Partien zu einem Turnier" in _booklet("gladbach")


def test_classic_printed_jokers_are_not_the_called_joker():
    booklet = _booklet("classic")
    card = _yaml("data/classic/lang/de.yaml")["strings"]["adapted.build.text"]
    assert "Jokerkarten" not in booklet + card
    assert "gedruckten Joker" in booklet and "gedruckten Joker" in card
    assert "die Werte, die der Geber ansagt" in booklet


def test_classic_player_count_is_not_kein_sabacc():
    line = _yaml("data/classic/lang/de.yaml")["decisions"]["player-count"]
    assert "kein Sabacc" not in line
    assert "{min_players}" in line and "{max_players}" in line


def test_pazaak_tiebreaker_sentence_and_vollgas_and_number():
    booklet = _booklet("pazaak")
    decision = _yaml("data/pazaak/lang/de.yaml")["decisions"]["tiebreaker"]
    assert "Enden beide Auslagen" not in booklet + decision
    assert "in beiden Auslagen ein Tiebreaker als letzte Karte" in booklet
    assert "in beiden Auslagen eine ±1T als letzte Karte" in decision
    assert "Gemacht, um" not in booklet
    assert "2000 Partien" not in booklet and "zweitausend Partien" in booklet


def test_archeon_lower_coruscant_card_and_tie_spelling():
    for lang in ("de", "en"):
        rule = _yaml(f"data/archeon/lang/{lang}.yaml")["strings"]["planet.lower-coruscant.rule"]
        assert "gewinnt nicht" not in rule and "does not win" not in rule
    assert "schwächste Paar seiner Stufe" in _yaml("data/archeon/lang/de.yaml")["strings"][
        "planet.lower-coruscant.rule"]
    lang = _yaml("data/archeon/lang/de.yaml")
    texts = [_booklet("archeon"), lang["strings"]["ref.ties"], lang["decisions"]["ties"]]
    assert all("in all dem" not in t and "in allem gleich" not in t for t in texts)
    assert all("alldem" in t for t in texts)
