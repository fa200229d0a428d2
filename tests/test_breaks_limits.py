"""Limits of a booklet's line breaks (issue 29, review items de GL8, fr C-T1, ru C-L9): three letters
each side of a break, at most two hyphenated lines in a row, no divided word's tail alone on the last
line, no justified line stretched beyond its word-space limit, and tables print names without articles."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from reportlab.lib.enums import TA_JUSTIFY
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph as PlainParagraph

from deckgen.rulebook import line_rules
from deckgen.rulebook.paragraph import Paragraph
from deckgen.text.hyphenate import hyphenation_points, platypus_hyphenator

ROOT = Path(__file__).resolve().parents[1]
NBSP = "\u00a0"

pytestmark = pytest.mark.usefixtures("breaking_rules_restored")  # tests/conftest.py


@pytest.fixture(scope="module")
def cyrillic_font() -> str:
    pdfmetrics.registerFont(TTFont("T29-PTSans", str(ROOT / "fonts" / "PTS55F.ttf")))
    return "T29-PTSans"


def style(lang: str, font: str = "Helvetica") -> ParagraphStyle:
    return ParagraphStyle("t29", fontName=font, fontSize=9, leading=11, alignment=TA_JUSTIFY,
                          hyphenationLang=platypus_hyphenator(lang), embeddedHyphenation=0)


def broken(cls, xml: str, width: float, lang: str, font: str = "Helvetica"):
    para = cls(xml, style(lang, font))
    para.wrap(width, 1000)
    return para.blPara


GERMAN = ("Wer bekommt Verlängerungsmöglichkeiten? Zusammenfassungen, Herausforderungen und "
          "Entscheidungsschwierigkeiten bekommen Spielerinnen sowie Mitspieler.")


def test_three_hyphenated_lines_in_a_row_become_at_most_two():
    planted = broken(PlainParagraph, GERMAN, 120, "de")
    assert line_rules.longest_hyphen_run(planted.lines) > 2  # reportlab alone: four in a row
    ours = broken(Paragraph, GERMAN, 120, "de")
    assert line_rules.longest_hyphen_run(ours.lines) <= line_rules.MAX_HYPHEN_RUN
    assert "".join(line_rules.line_texts(ours.lines)).replace("-", "").replace(" ", "") == \
        GERMAN.replace("-", "").replace(" ", "")  # every word is still there


@pytest.mark.parametrize("width", range(100, 160, 10))
def test_the_hyphen_limit_holds_at_every_width(width):
    """From 100 pt, where each of the paragraph's compounds fits a line whole (narrower, a word wider than the
    line must stay divisible: the limit gives way rather than a word be cut without a hyphen)."""
    assert line_rules.longest_hyphen_run(broken(Paragraph, GERMAN, width, "de").lines) <= 2


@pytest.mark.parametrize("lang, words", [
    ("de", ["bereit", "minus", "näher", "Verlängerungsmöglichkeiten", "werfen", "bekommen"]),
    ("en", ["everyone", "another", "because", "opponent", "announcement"]),
    ("fr", ["abattage", "joueur", "égalité", "République", "toujours"]),
    ("ru", ["добора", "передаётся", "платит", "фишек", "проигрывает", "внезапной"]),
])
def test_three_letters_each_side_of_a_break_in_every_language(lang, words):
    for word in words:
        for point in hyphenation_points(word, lang):
            assert point >= 3 and len(word) - point >= 3, (lang, word, point)
        for head, tail in platypus_hyphenator(lang)(word):
            assert sum(c.isalpha() for c in head) >= 3 and sum(c.isalpha() for c in tail) >= 3, (head, tail)


def test_a_group_bound_by_no_break_spaces_divides_only_its_last_word_after_short_words():
    pairs = platypus_hyphenator("ru")
    divided = list(pairs(f"и{NBSP}проигрывает,"))
    assert divided and all(head.startswith(f"и{NBSP}про") and tail.endswith("ает,") for head, tail in divided)
    assert list(pairs(f"и{NBSP}добора,")) == []  # „до-“ would leave two letters
    assert list(pairs(f"обычную{NBSP}руку.")) == []  # a paragraph's last two words held together
    assert list(pairs(f"до{NBSP}23")) == []


def test_reportlab_offers_words_with_yo_and_in_guillemets_to_the_hyphenator(cyrillic_font):
    broken_at = {width: line_rules.line_texts(broken(Paragraph, "Ход передаётся «внезапной» смерти налево.", width,
                                                     "ru", cyrillic_font).lines) for width in (50, 104)}
    assert broken_at[50][0] == "Ход пере-" and broken_at[104][0].endswith("«внезап-"), broken_at  # before: neither


def test_a_divided_words_tail_never_stands_alone_on_the_last_line():
    xml = f"Am Ende der Runde gewinnt immer der Spieler mit der höchsten Hand und{NBSP}Entscheidungen."
    for width in range(100, 160, 4):
        lines = line_rules.line_texts(broken(Paragraph, xml, width, "de").lines)
        assert not (" " not in lines[-1].strip() and lines[-2].rstrip().endswith("-")), (width, lines)


RUSSIAN = (f"Шестнадцать фигур{NBSP}— это восемь разных карт, каждая в{NBSP}колоде дважды. Идиот стоит 0, "
           f"а{NBSP}все остальные фигуры отрицательны: Звезда{NBSP}−17, Лукавый{NBSP}−15, Умеренность{NBSP}−14, "
           f"Гибель{NBSP}−13, Равновесие{NBSP}−11, Стойкость{NBSP}−8 "
           f"и{NBSP}Королева{NBSP}Воздуха{NBSP}и{NBSP}Тьмы{NBSP}−2.")


def test_no_justified_line_stretches_beyond_the_word_space_limit(cyrillic_font):
    widths = range(200, 330, 10)
    planted = [max(line_rules.word_space_ratios(broken(PlainParagraph, RUSSIAN, w, "ru", cyrillic_font)))
               for w in widths]
    assert max(planted) > 3  # reportlab alone: gaps of several spaces (ru review C-L9)
    for width in widths:
        bl_para = broken(Paragraph, RUSSIAN, width, "ru", cyrillic_font)
        assert max(line_rules.word_space_ratios(bl_para) or [1.0]) <= line_rules.MAX_WORD_SPACE, width


def test_a_loose_line_is_set_flush_left_and_the_others_stay_justified(cyrillic_font):
    bl_para = broken(Paragraph, RUSSIAN, 260, "ru", cyrillic_font)
    ragged = [line for line in bl_para.lines[:-1] if line_rules._ragged(line)]
    assert ragged and len(ragged) < len(bl_para.lines) - 1
    assert line_rules.word_space_ratios(bl_para)  # some lines are still justified


def test_a_paragraph_with_two_loose_lines_is_set_flush_left_as_a_whole(cyrillic_font):
    planted = broken(PlainParagraph, RUSSIAN, 230, "ru", cyrillic_font)
    assert sum(r > line_rules.MAX_WORD_SPACE for r in line_rules.word_space_ratios(planted)) >= 2
    bl_para = broken(Paragraph, RUSSIAN, 230, "ru", cyrillic_font)
    assert all(line_rules._ragged(line) for line in bl_para.lines[:-1])
    assert line_rules.word_space_ratios(bl_para) == []


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_classic_tables_name_cards_without_their_articles(lang):
    """Every classic card whose name starts with an article has a table name without it, and no
    table name starts with one (fr « L'Idiot 0 » beside « Maître Jedi 3 », review C-T1)."""
    articles = {"en": ("The ",), "de": ("Der ", "Die ", "Das "), "fr": ("L'", "L’", "Le ", "La ", "Les ")}[lang]
    cards = yaml.safe_load((ROOT / f"data/classic/lang/{lang}.yaml").read_text(encoding="utf-8"))["cards"]
    for card_id, texts in cards.items():
        if texts["name"].startswith(articles):
            assert texts.get("table_name") and not texts["table_name"].startswith(articles), (lang, card_id)


def test_the_locations_table_prints_table_names():
    from types import SimpleNamespace

    from deckgen.games.classic.checks import face_names_in

    card = SimpleNamespace(fields={"face": "idiot"}, text=lambda lang, key="name": {
        "name": "L'Idiot", "table_name": "Idiot"}.get(key, ""))
    deck = SimpleNamespace(cards=[card])
    import deckgen.games.classic.checks as checks

    original = checks.decks_by_face_set
    checks.decks_by_face_set = lambda game: {"classic": deck}
    try:
        assert face_names_in(None, "fr", table=True) == {"idiot": "Idiot"}
        assert face_names_in(None, "fr") == {"idiot": "L'Idiot"}
    finally:
        checks.decks_by_face_set = original


@pytest.mark.slow  # a whole booklet: every paragraph of the German Gladbach rules keeps the limits
def test_every_paragraph_of_a_booklet_keeps_the_limits(project, monkeypatch):
    from deckgen.rulebook.build import build_rulebooks

    seen = []
    breaks = Paragraph.breakLines

    def recording(self, width):
        bl_para = breaks(self, width)
        seen.append((bl_para, self.style.alignment == TA_JUSTIFY))
        return bl_para

    monkeypatch.setattr(Paragraph, "breakLines", recording)
    game = project.games["gladbach"]
    files, problems = build_rulebooks(project, game, ["de"], "a4", project.descriptor(game).data_for(game))
    assert files and [p for p in problems if not p.warning] == []
    assert len(seen) > 100
    assert max(line_rules.longest_hyphen_run(b.lines) for b, _ in seen) <= line_rules.MAX_HYPHEN_RUN
    justified = [max(line_rules.word_space_ratios(b) or [1.0]) for b, justify in seen if justify]
    assert justified and max(justified) <= line_rules.MAX_WORD_SPACE
