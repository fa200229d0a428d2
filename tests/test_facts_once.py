"""Each fact once: paper sizes and the mm→pt factor live in deckgen/layout/papers.py, deck sizes in data."""

from __future__ import annotations

import re

import pytest

from deckgen.layout import papers
from tests.conftest import ROOT

SOURCES = sorted((ROOT / "deckgen").rglob("*.py"))


def _code(path):
    return path.read_text(encoding="utf-8")


def test_the_mm_to_pt_factor_is_written_once():
    written = [str(p.relative_to(ROOT)) for p in SOURCES
               if re.search(r"72(\.0)?\s*/\s*25\.4|2\.8346", _code(p))]
    assert written == ["deckgen/layout/papers.py"]


@pytest.mark.parametrize("size", ["279.4", "215.9", "139.7", "148.0", "297.0"])
def test_paper_sizes_are_written_once(size):
    written = [str(p.relative_to(ROOT)) for p in SOURCES if size in _code(p)]
    assert written == ["deckgen/layout/papers.py"]


def test_the_paper_names_are_papers():
    from deckgen.cli import main

    option = next(p for p in main.commands["build"].params if p.name == "paper")
    assert list(option.type.choices) == list(papers.CHOICES)
    assert set(papers.CHOICES) <= set(papers.PAPERS_MM)
    assert [papers.paper_label(p) for p in ("a4", "letter", "a3")] == ["A4", "Letter", "A3"]


@pytest.mark.parametrize("paper, page, sheet, landscape", [
    ("a4", "a5", "a4", (297.0, 210.0)),
    ("letter", "half-letter", "letter", (279.4, 215.9)),
    ("a3", "a5", "a4", (297.0, 210.0)),
])
def test_a_booklet_is_printed_on_half_sheets(paper, page, sheet, landscape):
    assert papers.booklet_page(paper) == (page, sheet)
    assert papers.landscape(sheet) == landscape
    w, h = papers.BOOKLET_PAGES_MM[page]
    assert h == pytest.approx(min(papers.PAPERS_MM[sheet])) and w <= max(papers.PAPERS_MM[sheet]) / 2


def test_classic_states_its_deck_size_in_data_only():
    assert "DECK_SIZE" not in _code(ROOT / "deckgen/games/classic/checks.py")
    assert "count: 76" in (ROOT / "data/classic/game.yaml").read_text(encoding="utf-8")
    front = (ROOT / "templates/classic/front.svg.j2").read_text(encoding="utf-8")
    assert "mistress" not in front and "13:" not in front  # the court names come from the cards' ids
