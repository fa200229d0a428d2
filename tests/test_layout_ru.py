"""The Russian review's layout and typography items (../shared/reviews/2026-12-words-ru.md) that are
held by data: the breaking rules, the bundled project's names that never break, and the titles'
dash.  Each test fails on the rules as they were before the fix."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

from deckgen.rulebook.paragraph import Paragraph
from deckgen.text.hyphenate import hyphenation_points, platypus_hyphenator

ROOT = Path(__file__).resolve().parents[1]


pytestmark = pytest.mark.usefixtures("breaking_rules_restored")  # tests/conftest.py


def booklet_lines(text: str, width: float, lang: str = "ru") -> list[str]:
    style = ParagraphStyle("x", fontName="Helvetica", fontSize=7.8, leading=9.6,
                           hyphenationLang=platypus_hyphenator(lang), embeddedHyphenation=0)
    para = Paragraph(text, style)
    para.wrap(width, 1000)
    lines = []
    for line in para.blPara.lines:
        words = line[1] if isinstance(line, tuple) else line.words
        lines.append(" ".join(w if isinstance(w, str) else getattr(w, "text", "") for w in words).strip())
    return lines


def test_masti_is_never_hyphenated():
    # C-L1: «Командор (любой ма-/сти)» in the narrow special-hand column of the classic places table.
    assert hyphenation_points("масти", "ru") == ()
    width = stringWidth("(любой ма-", "Helvetica", 7.8) + 1
    lines = booklet_lines("Командор (любой масти) + Туз", width)
    assert not any(line.endswith("ма-") for line in lines), lines


def test_the_deck_names_part_only_between_their_words():
    # P-L3: the deck-strength table's header and row «Уловки / контра-/бандиста» (and «Новичок кан-/тины»
    # once the column holds «контрабандиста» whole).
    from deckgen.text.breaking import add_project

    add_project(yaml.safe_load((ROOT / "deckgen.yaml").read_text(encoding="utf-8"))["breaking"])
    assert hyphenation_points("контрабандиста", "ru") == ()
    assert hyphenation_points("кантины", "ru") == ()
    width = stringWidth("контрабандиста", "Helvetica", 7.8) + 2
    assert booklet_lines("Уловки контрабандиста", width) == ["Уловки", "контрабандиста"]


def test_a_russian_deck_title_takes_the_em_dash():
    # C-T1 on the sheets: the PDF title and slug line of a Russian deck («Классический сабакк – …»).
    from deckgen.outputs.deckfiles import _deck_title

    strings = SimpleNamespace(decks={"classic": "Классическая колода"})
    target = SimpleNamespace(lang="ru", deck=SimpleNamespace(id="classic", variant="", localized=True),
                             game=SimpleNamespace(strings={"ru": strings}, name=lambda lang: "Классический сабакк"))
    assert _deck_title(target) == "Классический сабакк — Классическая колода (ru)"  # type: ignore[arg-type]
    target.lang, target.game.strings = "en", {"en": SimpleNamespace(decks={"classic": "Classic deck"})}
    assert _deck_title(target) == "Классический сабакк – Classic deck (en)"  # type: ignore[arg-type]


@pytest.mark.parametrize("path", sorted(ROOT.glob("data/*/lang/ru.yaml")) + sorted(ROOT.glob("data/*/rules/ru.md")),
                         ids=lambda p: f"{p.parts[-3]}/{p.parts[-2]}/{p.name}")
def test_russian_words_keep_the_reviews_typography(path):
    # A-T1: a hyphen in a word compound is never a minus sign («Прайм−сабакк»);
    # A-T2: no space before the ellipsis that ends a list of numbers («12, 24, 48 …»);
    # P-L3: no typed soft hyphen (it breaks a name the breaking rules keep whole: «контра-/бандиста»).
    text = path.read_text(encoding="utf-8")
    assert not re.search("[А-Яа-яЁё]\u2212|\u2212[А-Яа-яЁё]", text)
    assert not re.search(r"\d, \d+ (\u2026|\.\.\.)", text)
    assert "\u00ad" not in text and "\\u00ad" not in text
