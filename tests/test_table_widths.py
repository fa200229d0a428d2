"""Booklet tables laid out by their content (issue 29): column widths as browsers size automatic tables."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from reportlab.lib.enums import TA_RIGHT
from reportlab.pdfbase.pdfmetrics import stringWidth

from deckgen.rulebook.paragraph import Paragraph
from deckgen.rulebook.pdf import Theme
from deckgen.rulebook.styles import make_styles
from deckgen.rulebook.table_widths import auto_widths, text_extent

FONTS = {"body": "Helvetica", "body-bold": "Helvetica-Bold", "body-italic": "Helvetica-Oblique",
         "body-bold-italic": "Helvetica-BoldOblique", "display": "Helvetica-Bold"}
WIDTH = 300.0  # an A5 column, pt
LONG = ("Der Narr 0 · Jedi-Meister −9 · Jedi-Ritter 15 · Schmuggler 7 · Kopfgeldjäger 3 · Sith-Lord 4 · "
        "Rancor 7 · Dunkler\u00a0Jedi\u00a03")


@pytest.fixture(scope="module")
def styles():
    return make_styles(FONTS, Theme(), "de")


def lines_of(para: Paragraph, width: float) -> list[str]:
    para.wrap(width, 10_000)
    return ["".join(getattr(f, "text", "") if not isinstance(f, str) else f for f in line.words)
            if not isinstance(line, tuple) else " ".join(line[1]) for line in para.blPara.lines]


def test_a_long_name_in_a_narrow_column_stays_whole(styles):
    """Four equal columns broke „Rebellen-/allianz“; a column is at least as wide as its longest word."""
    rows = [[Paragraph("<b>Rebellenallianz</b>", styles["cell"]), Paragraph(LONG, styles["cell"]),
             Paragraph("Macht-Reihe: 2 × Jedi-Ritter + Ass (beliebige Farbe)", styles["cell"]),
             Paragraph("0 bis 3", styles["cell"])]]
    narrow = 200.0
    widths = auto_widths(rows, narrow)
    name = stringWidth("Rebellenallianz", "Helvetica-Bold", styles["cell"].fontSize)
    assert widths[0] >= name + 6 - 1e-6 and name + 6 > narrow / 4  # the equal width was too narrow for it
    assert lines_of(Paragraph("<b>Rebellenallianz</b>", styles["cell"]), widths[0] - 6) == ["Rebellenallianz"]
    assert sum(widths) == pytest.approx(narrow)
    assert widths[1] == max(widths)  # the longest text gets the most room


def test_words_joined_by_no_break_spaces_are_one_unit(styles):
    unit, line = text_extent(Paragraph("Rancor 7 · Dunkler\u00a0Jedi\u00a012", styles["cell"]))
    size = styles["cell"].fontSize
    assert unit == pytest.approx(stringWidth("Dunkler\u00a0Jedi\u00a012", "Helvetica", size))
    assert line == pytest.approx(stringWidth("Rancor 7 · Dunkler\u00a0Jedi\u00a012", "Helvetica", size))


def test_short_content_gets_its_whole_line_and_the_rest_in_proportion(styles):
    rows = [[Paragraph("Imperium", styles["cell"]), Paragraph("genau 2", styles["cell"])]]
    widths = auto_widths(rows, WIDTH)
    assert sum(widths) == pytest.approx(WIDTH) and widths[0] > widths[1]


def test_minimums_that_do_not_fit_are_scaled_together(styles):
    rows = [[Paragraph("Veteranenmischung", styles["cell"]), Paragraph("Schmugglertricks", styles["cell"])]]
    widths = auto_widths(rows, 60)
    assert sum(widths) == pytest.approx(60) and widths[0] > widths[1]


def _builder(styles):
    from deckgen.rulebook.story import StoryBuilder

    ctx = SimpleNamespace(xml=lambda text, block=None, values=None: str(text), theme=Theme(), lang="de",
                          source=SimpleNamespace(blocks=[]), stale=frozenset())
    return StoryBuilder(ctx, dict(styles), WIDTH)


def test_a_booklet_table_sizes_by_content_never_hyphenates_names_and_repeats_its_header(styles):
    from deckgen.rulebook.source import Block

    builder = _builder(styles)
    rows = [[f"Ort {i}", LONG, "Reihe: 2 × Schmuggler + Münzen-Karte 1–11", f"{i},5 %"] for i in range(30)]
    rows[0][0] = "Rebellenallianz"
    table = builder.fitted_table(["Ort", "Wert", "Besondere Reihe", "Nebenstapel"], rows, Block("directive", 1))[0]
    widths = table._colWidths
    assert len(set(round(w) for w in widths)) > 1  # not equal widths
    header, first = table._cellvalues[0], table._cellvalues[1]
    assert all(cell.style.hyphenationLang == "" for cell in header)  # headers never hyphenate
    assert first[0].style.hyphenationLang == ""  # nor the name column
    assert first[1].style.hyphenationLang != ""  # running text may
    assert first[3].style.alignment == TA_RIGHT  # a column of numbers sits flush right
    assert lines_of(first[0], widths[0] - 6) == ["Rebellenallianz"]
    assert table.repeatRows == 1
    parts = table.split(WIDTH, 200)
    assert len(parts) == 2 and parts[1]._cellvalues[0] is header  # the header again on the next page


def test_a_short_name_keeps_its_line_whole_in_a_name_column(styles):
    """ru «Адресная по-/шлина» in the tokens table: a name of two words is one unit in its column."""
    from deckgen.rulebook.source import Block

    builder = _builder(styles)
    effect = "Выбранный вами игрок, чьим последним действием был пас, вносит в банк 3 фишки. " * 2
    rows = [[{"text": "<b>Адресная пошлина</b><br/>Кессельский жетон"}, effect],
            [{"text": "<b>Заряженные кости</b><br/>Жетон «Археона»"}, effect]]
    table = builder.fitted_table(["Жетон", "Действие"], rows, Block("directive", 1))[0]
    name = table._cellvalues[1][0]
    assert lines_of(name, table._colWidths[0] - 6)[0].strip() == "Адресная пошлина"
