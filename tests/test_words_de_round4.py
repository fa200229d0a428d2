"""The German words keep the fixes of the fourth fresh native-level read (issue 30, reviews4/de.md).

Data files only, no build: the Gladbach tournament names a game "Spiel" (never "Durchgang"), has no
pot and calls its sheet "Ergebnisbogen"; Gladbach's comparison steps are "Schritte" (Archeon's
ladder alone has "Stufen"); the Pazaak flip cards' separable verb keeps its "um"; Archeon's Wayland
says "Faust" where it means the body part, since "Hand" is the two cards; the entourage is not
"neben dem Spiel"; classic's two pots are never "der Pot" alone; the errata sheet points at its own
column titles; and "Ablagestapels" is hyphenated after "Ablage".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deckgen.text.hyphenate import hyphenation_points
from tests.words import data_yaml as _yaml, rules, strings as _strings

ROOT = Path(__file__).resolve().parent.parent


def _booklet(game: str) -> str:
    return rules(game, "de")


def test_the_gladbach_tournament_says_spiel_chips_and_ergebnisbogen():
    words = "\n".join(_strings(_yaml("data/gladbach/tournament.yaml")["de"]))
    assert not re.search(r"Durchg[aä]ng|Pott|Wertungsbogen|Gleichauf-Liegende", words)
    assert _yaml("data/gladbach/tournament.yaml")["de"]["sheet"]["round"] == "Partie {n}"  # round 6: Partie, as the booklet
    assert "Ergebnisbogen" in words


def test_gladbach_compares_in_schritte_never_stufen():
    lang = _yaml("data/gladbach/lang/de.yaml")
    text = _booklet("gladbach") + "\n".join(_strings(lang["decisions"])) + "\n".join(_strings(lang["strings"]))
    assert "Stufe" not in text
    assert "einen einzigen Schritt" in lang["decisions"]["hand-colour"]


@pytest.mark.parametrize("card", ["flip-2-4", "flip-3-6"])
def test_the_pazaak_flip_cards_turn_the_sign_round(card):
    text = _yaml("data/pazaak/lang/de.yaml")["cards"][card]["text"]
    assert re.match(r"Dreht bei jeder Karte, .* das Vorzeichen um, ", text), text


def test_archeon_wayland_says_faust_for_the_body_part():
    rule = _yaml("data/archeon/lang/de.yaml")["strings"]["planet.wayland.rule"]
    wayland = _booklet("archeon").split("**Wayland.**", 1)[1].split("```", 1)[0]
    for text in (rule, wayland):
        assert not re.search(r"hinter (der|deiner) Hand|geschlossene[rn]? Hand", text), text
    assert "Faust" in rule and "Faust" in wayland


def test_archeon_entourage_is_beside_the_hand_and_the_quick_start_has_no_noun_kein_paar():
    booklet = _booklet("archeon")
    assert "neben dem Spiel" not in booklet
    assert "verlierendes Kein Paar" not in booklet
    assert "mal den Multiplikator" not in _yaml("data/archeon/lang/de.yaml")["strings"]["ref.penalty.formula"]


def test_classic_never_says_the_pot_where_two_pots_grow():
    lang = _yaml("data/classic/lang/de.yaml")
    text = _booklet("classic") + lang["decisions"]["calling"]
    assert not re.search(r"\bden Pot wachsen|\bder Pot wächst", text)
    assert lang["decks"]["classic"] == "Sabacc-Deck"


def test_the_errata_sheet_points_at_its_column_titles():
    words = _yaml("deckgen/diffing/errata_words.yaml")["de"]
    assert words["was"] in words["picture"] and words["now"] in words["picture"]


@pytest.mark.parametrize("word", ["Ablagestapel", "Ablagestapels", "Ablagestapeln"])
def test_ablagestapel_breaks_after_ablage_never_inside_it(word):
    points = hyphenation_points(word, "de")
    assert 6 in points and not {4, 5} & set(points), points
