"""Issue 29's typesetting leftovers: hyphenation minimums as data, titles with the language's dash,
odds cells that never read "0,0 %"."""

from __future__ import annotations

from deckgen.rulebook.furniture import document_title
from deckgen.rulebook.odds import percent
from deckgen.text import breaking
from deckgen.text.hyphenate import hyphenation_points, platypus_hyphenator


def test_german_keeps_three_letters_on_each_side_of_a_break():
    assert hyphenation_points("bereit", "de") == ()
    assert hyphenation_points("minus", "de") == ()
    assert all(p >= 3 and len("Kartenspiel") - p >= 3 for p in hyphenation_points("Kartenspiel", "de"))
    assert hyphenation_points("Kartenspiel", "de")  # long words still break


def test_a_project_sets_its_own_minimums():
    try:
        breaking.add_project({"en": {"min_left": 5, "min_right": 4}})
        points = hyphenation_points("beautifully", "en")
        assert points and all(p >= 5 and len("beautifully") - p >= 4 for p in points)
    finally:
        breaking.add_project(None)
    assert 4 in hyphenation_points("beautiful", "en")


def test_a_compound_hyphen_break_keeps_the_minimums():
    pairs = list(platypus_hyphenator("de")("Ab-Spielregel"))
    assert ("Ab-", "Spielregel") not in pairs


def test_russian_title_uses_an_em_dash_with_spaces():
    assert document_title("ru", "Сабакк Археон", "Правила игры") == "Сабакк Археон — Правила игры"
    assert document_title("de", "Sabacc", "Spielregeln") == "Sabacc – Spielregeln"
    assert document_title("ru", "Сабакк", "") == "Сабакк"


def test_a_tiny_share_prints_as_less_than_a_tenth_of_a_percent():
    assert percent(0.0, "ru") == "<\u00a00,1\u00a0%"
    assert percent(0.0004, "en") == "<\u00a00.1\u00a0%"
    assert percent(0.0006, "de") == "0,1\u00a0%"
    assert percent(0.5, "fr") == "50,0\u00a0%"


def test_card_back_wordmarks_come_from_the_language_files():
    from pathlib import Path

    import yaml

    root = Path(__file__).resolve().parents[1]
    backs = [*root.glob("templates/classic/*back.svg.j2"), *root.glob("templates/pazaak/*-back.svg.j2")]
    assert len(backs) == 5
    for back in backs:
        text = back.read_text(encoding="utf-8")
        assert '"SABACC"' not in text and '"PAZAAK"' not in text and 't("wordmark")' in text, back
    for game, word in (("classic", "САБАКК"), ("pazaak", "ПАЗААК")):
        strings = yaml.safe_load((root / "data" / game / "lang" / "ru.yaml").read_text(encoding="utf-8"))["strings"]
        assert strings["wordmark"] == word
        for lang in ("en", "de", "fr"):
            assert yaml.safe_load((root / "data" / game / "lang" / f"{lang}.yaml").read_text(
                encoding="utf-8"))["strings"]["wordmark"].isascii()


def test_small_counts_are_written_as_words_in_the_texts_language():
    from deckgen.strings import fill, placeholders

    assert fill("jede {copies:words}mal", {"copies": 8}, lang="de") == "jede achtmal"
    assert fill("erhält {n:words|one:# Karte|other:# Karten}", {"n": 2}, lang="de") == "erhält zwei Karten"
    assert fill("по {n:words:f|one:# карте|few:# карты|many:# карт|other:# карты}", {"n": 2},
                lang="ru") == "по две карты"
    assert fill("не больше {n:words:genitive}", {"n": 6}, lang="ru") == "не больше шести"
    assert fill("{n:words} of {m:words}", {"n": 3, "m": 152}, lang="en") == "three of 152"  # up to twelve
    assert fill("{n:words}", {"n": 3}) == "3"  # without a language: figures
    assert placeholders("{n:words:f|one:# x} {m}") == {"n", "m"}  # the structure checks see the name


def test_an_unknown_placeholder_with_a_format_is_still_reported():
    from deckgen.strings import fill

    problems: list = []
    fill("{nope:words}", {"n": 1}, problems=problems, lang="de")
    assert problems and "nope" in problems[0].message


def _fake_measure(text, width, font="body", size=3.0, line_height=1.2):
    """Height of ``text`` set greedily in ``width`` with every character 0.5 × size wide (a word too wide
    is cut into pieces that fit, one line each)."""
    import math

    lines, line = 1, 0.0
    for word in str(text).split():
        w = 0.5 * size * len(word)
        if w > width:
            lines += math.ceil(w / max(width, 1e-9)) - (0 if line else 1)
            line = w % max(width, 1e-9)
            continue
        if line and line + 0.5 * size + w > width:
            lines, line = lines + 1, w
        else:
            line = line + (0.5 * size if line else 0.0) + w
    return lines * size * line_height


def _table(columns, rows, w=60.0):
    from markupsafe import Markup

    from deckgen.render.table import layout_table

    return layout_table(lambda *a, **k: Markup(""), _fake_measure, lambda *a, **k: Markup(""), 0.0, 0.0, w,
                        columns, rows, size=3.0, pad_x=1.0)


def test_card_table_columns_sized_by_content_keep_a_long_name_whole():
    rows = [{"cells": ["a short note here", "Kopfgeldjägerin"]}, {"cells": ["more words in the first", "x"]}]
    word = 0.5 * 3.0 * len("Kopfgeldjägerin")
    fixed = _table([0.8, 0.2], rows)
    assert fixed.edges[2] - fixed.edges[1] < word  # the old equal-share columns cut the name
    auto = _table("auto", rows)
    assert auto.edges[2] - auto.edges[1] >= word + 2 * 1.0
    assert abs(auto.edges[-1] - 60.0) < 1e-6


def test_card_table_explicit_widths_still_work_and_bad_columns_are_refused():
    import pytest

    rows = [{"cells": ["a", "b"]}]
    assert [round(e, 3) for e in _table([0.25, 0.75], rows, w=40).edges] == [0.0, 10.0, 40.0]
    with pytest.raises(ValueError):
        _table("wide", rows)


def test_a_whole_cell_keeps_its_line_as_the_minimum():
    from deckgen.layout.auto_columns import share_widths

    rows = [{"cells": [{"text": "Corporate Sector", "whole": True}, "some long running text " * 3]}]
    auto = _table("auto", rows)
    assert auto.edges[1] - auto.edges[0] >= 0.5 * 3.0 * len("Corporate Sector")
    assert share_widths([10, 10], [20, 40], [False, False], 50) == [17.5, 32.5]


def test_a_plural_form_without_a_mark_gets_the_words_before_it():
    from deckgen.text.numwords import counted_words

    assert counted_words(3, "one:Karte|other:Karten", "de") == "drei\u00a0Karten"
    assert counted_words(2, "one:# x|other:# xs", None) == "{2|one:# x|other:# xs}"  # left for the markup


def _pages_of(filler_pt: float) -> list[list[str]]:
    """Which table rows land on which page: a filler, an introduction and a 10-row table (header repeated)."""
    import io

    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table

    from deckgen.rulebook.lead_in import LeadIn

    drawn: list[list[str]] = [[]]

    class Cell(Paragraph):
        def draw(self):
            page = self.canv.getPageNumber()
            while len(drawn) < page:
                drawn.append([])
            drawn[page - 1].append(self.text)
            super().draw()

    style = getSampleStyleSheet()["BodyText"]
    rows = [[Cell("head", style)]] + [[Cell(f"row {i}", style)] for i in range(10)]
    table = Table(rows, repeatRows=1)
    doc = SimpleDocTemplate(io.BytesIO(), pagesize=(300, 400), topMargin=20, bottomMargin=20)
    doc.build([Spacer(1, filler_pt), LeadIn(Paragraph("The planets:", style), table)])
    return drawn


def test_a_table_that_does_not_fit_splits_after_its_first_rows_instead_of_moving_whole():
    pages = _pages_of(200)  # about 140 pt left: the introduction, the header and a few rows
    assert "row 0" in pages[0] and len([r for r in pages[0] if r.startswith("row")]) >= 3
    assert pages[1][0] == "head"  # the header repeated where the table runs on


def test_a_table_whose_first_three_rows_do_not_fit_moves_with_its_introduction():
    pages = _pages_of(300)  # about 40 pt left: not the introduction, the header and three rows
    assert not any(r.startswith("row") for r in pages[0])
    assert pages[1][:2] == ["head", "row 0"]


def test_no_more_than_two_hyphenated_line_ends_in_a_row_on_cards(monkeypatch):
    from pathlib import Path

    import deckgen.text.layout as layout
    from deckgen.text import FontSet, TextBox, layout_text

    fonts = FontSet.bundled(Path(__file__).resolve().parents[1] / "fonts")
    text = ("Verwaltungsangestellte Kartenspielregeln Unterhaltungsmöglichkeiten Spielgemeinschaften "
            "Turnierveranstalter Nachziehstapelkarten Ablagestapelkarten")

    def longest_run(width: float) -> int:
        res = layout_text(text, TextBox(0, 0, width, 200), fonts=fonts, size=3.0, lang="de", align="justify")
        best = run = 0
        for line in res.lines:
            run = run + 1 if line.rstrip().endswith("-") else 0
            best = max(best, run)
        return best

    assert all(longest_run(w) <= 2 for w in (22, 24, 26, 28, 30, 35))
    monkeypatch.setattr(layout, "MAX_HYPHENS_IN_A_ROW", 99)  # the old breaking: four and more in a row
    assert longest_run(28) > 2
