"""Line breaking that never splits what belongs together, in en, de, fr and ru.

A signed number stays with the word before it and with its partner ("+4 or
−4", "2 and 4", "1 to 11"); fixed expressions stay whole; a paragraph does
not end with a lone short word or number when a better break exists.
Each rule is checked at every box width from narrow to wide, so no width
can sneak a bad break through.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.text import FontSet, TextBox, layout_text

FONTS = FontSet.bundled(Path(__file__).resolve().parents[1] / "fonts")
WIDTHS = [w / 2 for w in range(40, 140)]  # 20 to 69.5 mm


def lines_at(text: str, lang: str, width: float, size: float = 3.0) -> list[str] | None:
    """The lines of ``text`` in a box ``width`` mm wide, or None if it does not fit (reported as overflow)."""
    res = layout_text(text, TextBox(0, 0, width, 200), fonts=FONTS, size=size, lang=lang, align="center")
    if not res.fits or res.parted:
        return None  # a glued group wider than the box: it parts only to fit, and the check warns (issue 29)
    return [l.replace("\u00a0", " ").replace("\u202f", " ").strip() for l in res.lines]


@pytest.mark.parametrize("lang,text,together", [
    ("en", "When you play it, choose +4 or -4. The choice is final.", ["choose +4 or -4"]),
    ("de", "Beim Ausspielen wählst du +4 oder -4. Die Wahl ist endgültig.", ["du +4 oder -4"]),
    ("fr", "En la jouant, choisissez +4 ou -4. Ce choix est définitif.", ["choisissez +4 ou -4"]),
    ("ru", "Разыгрывая её, выберите +4 или -4. Выбор окончателен.", ["выберите +4 или -4"]),
    ("fr", "Inverse le signe de chaque 2 et 4 déjà posé sur votre table.", ["2 et 4"]),
    ("de", "Dreht jede 2 und 4 auf deinem Tisch um.", ["2 und 4"]),
    ("ru", "Меняет знак каждой 2 и 4 на вашем столе.", ["2 и 4"]),
    ("en", "Worth 1 to 11 at every location of the local rules.", ["1 to 11"]),
    ("fr", "Une carte vaut de 1 à 11 selon le lieu de la partie.", ["1 à 11"]),
    ("ru", "Карта стоит от 1 до 11 в зависимости от места.", ["1 до 11"]),
    ("fr", "Si les deux joueurs terminent ex æquo, le set est nul.", ["ex æquo"]),
])
def test_pairs_and_signed_numbers_never_split(lang, text, together):
    fitted = 0
    for width in WIDTHS:
        lines = lines_at(text.replace("-4", "\u22124"), lang, width)
        if lines is None:
            continue
        fitted += 1
        joined = [l.replace("\u2212", "-") for l in lines]
        for phrase in together:
            assert any(phrase in l for l in joined), (width, joined)
    assert fitted > len(WIDTHS) * 0.8


@pytest.mark.parametrize("lang,text", [
    ("de", "Dreht das Vorzeichen jeder 2 und 4 auf deinem Tisch um, auch bei Hauptstapelkarten. Zählt selbst 0."),
    ("fr", "Le joueur qui a le total le plus proche de 20 sans le dépasser remporte la main."),
    ("ru", "Игрок, чей итог ближе всего к 20 и не больше его, забирает руку."),
    ("en", "When the totals are equal, the tied players share all the chips."),
    ("de", "Gleichstand: Wer gleich steht, teilt sich die Karten."),
])
def test_a_paragraph_does_not_end_with_a_lone_short_word_when_a_better_break_exists(lang, text):
    for width in WIDTHS:
        res = layout_text(text, TextBox(0, 0, width, 200), fonts=FONTS, size=3.0, lang=lang, align="center")
        greedy_would = res.runts  # what is left is reported, never silently accepted
        last = res.lines[-1].split()
        if len(res.lines) >= 2 and len(last) == 1 and len([c for c in last[0] if c.isalpha()]) <= 7:
            assert res.runts == [res.lines[-1].strip()], (width, res.lines)
        else:
            assert greedy_would == []


def test_rebalancing_keeps_the_number_of_lines():
    text = "Le joueur qui a le total le plus proche de 20 sans le dépasser remporte la main."
    for width in WIDTHS:
        plain = layout_text(text.replace(" la main", " la\u00a0main"), TextBox(0, 0, width, 200), fonts=FONTS,
                            size=3.0, lang="fr")
        balanced = layout_text(text, TextBox(0, 0, width, 200), fonts=FONTS, size=3.0, lang="fr")
        assert len(balanced.lines) <= len(plain.lines) + 1


def test_the_lone_zero_of_the_german_flip_card_moves_up():
    text = "Dreht das Vorzeichen jeder 3 und 6, die schon auf deinem Tisch liegt. Zählt selbst 0."
    for width in WIDTHS:
        res = layout_text(text, TextBox(0, 0, width, 200), fonts=FONTS, size=3.0, lang="de", align="center")
        assert res.lines[-1].strip() != "0.", (width, res.lines)
    res = layout_text(text, TextBox(0, 0, 24, 200), fonts=FONTS, size=3.0, lang="de", align="center")
    assert res.lines[-2:] == ["liegt. Zählt", "selbst 0."]  # greedy gave "liegt. Zählt selbst" | "0."


def test_the_check_reports_a_runt_that_cannot_be_avoided():
    from deckgen.text.jinja import make_text_function

    report = []
    text = make_text_function(FONTS, {}, "de", report, subject="card x [de]", locate=lambda: ("t.svg.j2", 3))
    text("Ein Hund Katze", 0, 0, 10, 20, size=3.0, min_size=3.0)  # (two words alone could not do better:
    assert [p.warning for p in report] == [True]                     # no warning since issue 29)
    assert "its last line is the lone word 'Katze'" in report[0].message


def test_the_glossary_reads_words_with_soft_hyphens_as_whole_words():
    from types import SimpleNamespace

    from deckgen.checks.glossary import glossary_problems
    from deckgen.errors import Problem

    doc = SimpleNamespace(data={"glossary": [{"use": "Ablagestapel", "not": ["Abwurf", "Ziehstapel"]}]},
                          problem=lambda path, message: Problem("de.yaml", 1))
    strings = SimpleNamespace(doc=doc)
    at = Problem("rules/de.md", 3)
    found = glossary_problems(strings, [(at, "Der Nach\u00adziehstapel und der Ab\u00adwurf.")])
    assert [p.message for p in found] == ["'Abwurf': the glossary says 'Ablagestapel'"]


def test_a_lang_files_hyphenation_list_replaces_the_dictionary_on_cards_and_in_booklets():
    from deckgen.text.hyphenate import add_exceptions, hyphenation_points, platypus_hyphenator

    add_exceptions("de", ["Grund-ein-sät-ze"])
    assert hyphenation_points("Grundeinsätze,", "de") == (5, 8)  # "sät-ze" keeps 3 letters after a break
    pairs = list(platypus_hyphenator("de")("Grundeinsätze"))
    assert ("Grund", "einsätze") in pairs and not any(left == "Gr" for left, _ in pairs)
    assert list(platypus_hyphenator("de")("Sabacc-Pot")) == [("Sabacc-", "Pot")]  # only at its own hyphen, kept
