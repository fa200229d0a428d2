"""The German words keep the fixes of the eleventh fresh native-level read (issue 30, reviews11/de.md).

Data files only, no build. Archeon: the hand-share table note no longer opens with an object that
reads as the subject ("Stufe 6 erlaubt bisher kein Planet") and names Dxun beside the token, as the
English does; the comparison decision has no English absolute participle ("das Paar bewertet nach
…"); step 2 is qualified one way only, "einfaches Paar", in the overview, the example caption and
the token Rufmord. Pazaak: the flip-card decision says subject first that a flip card never changes
a ±1 or a 5.
"""

from __future__ import annotations

from tests.words import flat_rules, lang, strings


def test_archeon_share_note_has_its_subject_first_and_names_dxun():
    booklet = flat_rules("archeon", "de")
    assert "Stufe 6 erlaubt bisher kein Planet" not in booklet
    assert "Stufe 5 braucht den Marker oder Dxun" in booklet
    assert "für Stufe 6 gibt es bisher keinen Planeten, der sie erlaubt" in booklet


def test_archeon_comparison_decision_has_no_absolute_participle():
    text = lang("archeon", "de")["decisions"]["comparison-with-classic"]
    assert "das Paar bewertet nach" not in text
    assert "sieben Stufen statt vier, bei denen auch Zeichen und Ära eines Paars zählen" in text


def test_archeon_plain_pair_has_one_adjective():
    words = " ".join([flat_rules("archeon", "de"), *strings(lang("archeon", "de"))])
    assert "schlichtes Paar" not in words
    assert "gewöhnliche Paar" not in words
    assert "jedes einfache Paar" in words
    assert "schlägt ein einfaches Paar" in words
    assert "nur als einfaches Paar" in lang("archeon", "de")["strings"]["token.discredit.effect"]


def test_pazaak_flip_decision_has_its_subject_first():
    text = lang("pazaak", "de")["decisions"]["flip-current-value"]
    assert "betrifft ein Wender" not in text
    assert text.endswith("Ein Wender ändert nie eine ±1 oder eine 5.")
