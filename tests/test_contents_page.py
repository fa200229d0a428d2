"""The table of contents keeps to one page (de Archeon: its last two lines ran onto a page of their own)."""

from __future__ import annotations

import io

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus.tableofcontents import TableOfContents

from deckgen.rulebook.contents import OnePageContents

BASE = [("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0)]
LEVELS = [ParagraphStyle("toc1", fontName="Helvetica-Bold", fontSize=9.6, leading=14),
          ParagraphStyle("toc2", fontName="Helvetica", fontSize=8.8, leading=12, leftIndent=12)]


def contents(cls, entries: int, **kw):
    toc = cls(**kw)
    toc.levelStyles = list(LEVELS)
    toc._lastEntries = [(n % 2, f"Chapter {n}", n + 3, None) for n in range(entries)]
    toc.canv = Canvas(io.BytesIO())
    return toc


def test_a_long_contents_tightens_to_fit_the_page_and_a_short_one_keeps_its_spacing():
    page = 440.0
    plain = contents(TableOfContents, 29)
    assert plain.wrap(300, page)[1] > page  # reportlab's own spacing: it runs onto the next page
    fitted = contents(OnePageContents, 29, base_style=BASE)
    assert fitted.wrap(300, page)[1] <= page
    short_plain, short = contents(TableOfContents, 10), contents(OnePageContents, 10, base_style=BASE)
    assert short.wrap(300, page)[1] == short_plain.wrap(300, page)[1]  # nothing to tighten


def test_a_contents_too_long_even_tightened_runs_on_rather_than_shrinking_its_type():
    toc = contents(OnePageContents, 120, base_style=BASE)
    assert toc.wrap(300, 440.0)[1] > 440.0
    assert all(style.fontSize in (9.6, 8.8) for style in toc.levelStyles)


def test_a_divided_words_tail_never_stands_alone_on_a_middle_line():
    """In a narrow table cell „belie-“ | „biger“ | „Reihenfolge zurück.“ left a fragment alone on a line."""
    from reportlab.lib.enums import TA_LEFT

    from deckgen.rulebook import line_rules
    from deckgen.rulebook.paragraph import Paragraph
    from deckgen.text.hyphenate import platypus_hyphenator

    assert line_rules.word_ending_alone([("x", ["an und lege sie in belie-"]), ("x", ["biger"]),
                                         ("x", ["Reihenfolge\u00a0zurück."])]) == {"beliebiger"}
    assert line_rules.word_ending_alone([("x", ["belie-"]), ("x", ["biger Reihenfolge"])]) == set()
    style = ParagraphStyle("cell", fontName="Helvetica", fontSize=8, leading=10, alignment=TA_LEFT,
                           hyphenationLang=platypus_hyphenator("de"), embeddedHyphenation=0)
    text = "Sieh dir die obersten 2 Karten eines Stapels an und lege sie in beliebiger Reihenfolge\u00a0zurück."
    for width in range(70, 100, 2):
        para = Paragraph(text, style)
        para.wrap(width, 1000)
        assert not line_rules.word_ending_alone(para.blPara.lines), width
