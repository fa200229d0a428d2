"""Per-card backs: a card may name its own back; sheets and one-card files pair each front with it."""

from __future__ import annotations

from pypdf import PdfReader
import pytest

from deckgen.build import BuildOptions, build
from deckgen.layout.geometry import plan_sheet
from deckgen.layout.papers import PAPERS_MM
from deckgen.loader import load_project
from tests.conftest import fixture_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)


def images(page) -> list[str]:
    """Names of the images a page draws, in drawing order."""
    content = page.get_contents().get_data().decode("latin-1")
    return [tok[1:] for tok in content.split() if tok.startswith("/img") or tok.startswith("/FormXob")]


def test_a_card_with_its_own_back_is_paired_with_it(tmp_path):
    proj = fixture_project("format1", tmp_path / "p")
    cards = proj / "data/demo/cards.yaml"
    cards.write_text(cards.read_text().replace("- {id: crown, colour: gold, value: 9}",
                                               "- {id: crown, colour: gold, value: 9, back: back-gold.svg.j2}"))
    (proj / "templates/demo/back-gold.svg.j2").write_text(
        '{% extends "base.svg.j2" %}{% block body %}'
        '<rect width="{{ geo.W }}" height="{{ geo.H }}" fill="#b08a2a"/>{% endblock %}')
    project = load_project(proj)
    out = tmp_path / "out"
    build(project, ["demo"], BuildOptions(dpi=72, out=out, languages=("en",)))
    # one-card file: each front followed by its own back (4 physical cards: ember x2, tide, crown)
    single = PdfReader(out / "demo/demo-en-cards.pdf")
    pages = [images(p) for p in single.pages]
    assert len(pages) == 8 and all(len(p) == 1 for p in pages)
    backs = [p[0] for p in pages[1::2]]
    assert backs[0] == backs[1] == backs[2] != backs[3]  # crown, the fourth card, has the gold back
    fronts = [p[0] for p in pages[0::2]]
    assert fronts[0] == fronts[1] and len(set(fronts)) == 3
    # sheet: the back slot behind crown's front slot shows the gold back (long-edge duplex mirrors columns)
    sheets = PdfReader(out / "demo/demo-en-a4.pdf")
    front_page, back_page = images(sheets.pages[0]), images(sheets.pages[1])
    assert front_page == fronts
    plan = plan_sheet(*PAPERS_MM["a4"], project.games["demo"].decks["demo"].size)
    assert plan.cols == 3
    assert back_page == backs  # drawn in slot order: slot i of the backs page lies behind front slot i
    slots = plan.back_slots("long")
    assert (slots[3].col, slots[3].row) == (2, 1)  # crown (front col 0, row 1) is backed at col 2, row 1
