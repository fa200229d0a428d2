"""German layout and typography of the bundled games (issue 29, the German review's layout and
typography items): the words in data that set counts as words and table labels that fit, and a
booklet paragraph that never leaves a divided word at the foot of a page."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from reportlab.lib.enums import TA_JUSTIFY
from reportlab.lib.styles import ParagraphStyle

from deckgen.rulebook.paragraph import Paragraph, ends_hyphenated
from deckgen.strings import fill
from deckgen.text.hyphenate import platypus_hyphenator

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"


def _lang(game: str) -> dict:
    return yaml.safe_load((DATA / game / "lang" / "de.yaml").read_text(encoding="utf-8"))


def _front_matter(game: str) -> dict:
    text = (DATA / game / "rules" / "de.md").read_text(encoding="utf-8")
    return yaml.safe_load(text.split("---", 2)[1])


@pytest.mark.parametrize("game, key, values, wanted", [
    ("classic", "calling", {"dice_pot_building": 4}, "In den ersten vier Runden"),  # CL10
    ("gladbach", "deal", {"start_hand": 2}, "jeder Spieler zwei Karten"),  # GL7
])
def test_small_counts_in_german_decisions_are_words(game, key, values, wanted):
    text = _lang(game)["decisions"][key]
    filled = fill(text, {name: value for name, value in values.items()}, lang="de")
    assert wanted in filled


def test_pazaak_strength_table_labels_carry_no_hand_made_breaks():
    """PZ9: soft hyphens and a space after "Cantina-" forced "Ve-/teranen-/mischung" in the table
    heads; the content-sized table now places the breaks, and the heads name the decks short."""
    categories = _front_matter("pazaak")["categories"]
    for key, label in categories.items():
        assert "\u00ad" not in label, key
        assert "- " not in label, key
    for key in [k for k in categories if k.startswith("vs ")]:
        assert all(len(word) <= 10 for word in categories[key].split()), categories[key]


def test_classic_card_list_sets_the_article_lower_case_in_running_text():
    """CL9: „… Dunkler Jedi und der Narr“ in a sentence (the card title keeps „Der“)."""
    text = (DATA / "classic" / "rules" / "de.md").read_text(encoding="utf-8")
    assert "und\n**Der Narr**" not in text and "und **Der Narr**" not in text


def _body() -> ParagraphStyle:
    return ParagraphStyle("body", fontName="Helvetica", fontSize=9.2, leading=12.4, alignment=TA_JUSTIFY,
                          hyphenationLang=platypus_hyphenator("de"), embeddedHyphenation=0,
                          allowWidows=0, allowOrphans=0)


TEXT = ("Eine Gefolgskarte ist dagegen verbraucht, sobald du sie einsetzt, und alle sehen, wie du sie "
        "ausgibst. ") * 6


@pytest.mark.parametrize("markup", [TEXT, "<b>Fähigkeiten haben ihren Preis.</b> " + TEXT])
def test_a_page_never_ends_with_a_divided_word(markup):
    """CL17, AR36: wherever the page ends, the part left on it does not end with a hyphen."""
    para = Paragraph(markup, _body())
    _, height = para.wrap(200, 10_000)
    lines = len(para.blPara.lines)
    hyphenated_ends = 0
    for room in range(3, lines - 2):
        para = Paragraph(markup, _body())
        para.wrap(200, 10_000)
        parts = para.split(200, room * 12.4 + 1)
        if parts:
            assert len(parts) == 2
            assert not ends_hyphenated(parts[0]), room
        plain = Paragraph(markup, _body())
        plain.wrap(200, 10_000)
        hyphenated_ends += any(ends_hyphenated(p) for p in super(Paragraph, plain).split(200, room * 12.4 + 1)[:1])
    assert hyphenated_ends, "the planted text must have hyphenated lines to test"
