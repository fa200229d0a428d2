"""Print-and-cut: a real bleed between neighbours where the sheet allows it.

The print-and-cut layout asks for a gutter of twice the deck's bleed (each
card its own full bleed, so a cutter's drift shows the card's own colour),
narrowed — not below 2 mm — only where the full gutter would cost a card on
the sheet: then it is the widest gutter that still holds every card.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from deckgen.errors import DeckgenError
from deckgen.layout.geometry import plan_sheet, widest_gutter
from deckgen.layout.layouts import load_layout
from deckgen.layout.papers import PAPERS_MM
from deckgen.model import CardSize

POKER = CardSize(63, 88, 3, 3)
EPS = 1e-6


def _inner_bleed(plan) -> float:
    """The least bleed a card shows toward a filled neighbour on a full sheet."""
    shown = []
    for slot in plan.front_slots():
        t, c = slot.trim, slot.clip
        if slot.col > 0:
            shown.append(t.x - c.x)
        if slot.col < plan.cols - 1:
            shown.append(c.x1 - t.x1)
        if slot.row > 0:
            shown.append(c.y1 - t.y1)
        if slot.row < plan.rows - 1:
            shown.append(t.y - c.y)
    return min(shown)


def test_a4_poker_keeps_its_eight_cards_with_over_2_5_mm_of_own_bleed_between_them():
    layout = load_layout("print-and-cut")
    plan = plan_sheet(*PAPERS_MM["a4"], POKER, layout)
    narrow = plan_sheet(*PAPERS_MM["a4"], POKER, replace(layout, gutter=2.0, min_gutter=None))
    assert plan.per_sheet == narrow.per_sheet == 8
    assert 5.0 <= plan.gutter <= 6.0
    assert _inner_bleed(plan) >= 2.5  # was 1 mm with the fixed 2 mm gutter


def test_letter_poker_gets_the_full_bleed_on_every_side():
    plan = plan_sheet(*PAPERS_MM["letter"], POKER, load_layout("print-and-cut"))
    assert plan.gutter == pytest.approx(6.0)
    assert _inner_bleed(plan) == pytest.approx(3.0)


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("size", [(63, 88), (63.5, 88.9), (57, 89), (70, 120), (44, 68), (88, 126)])
def test_the_gutter_never_costs_a_card_and_stays_between_2_mm_and_twice_the_bleed(paper, size):
    card = CardSize(size[0], size[1], 3, 3)
    layout = load_layout("print-and-cut")
    plan = plan_sheet(*PAPERS_MM[paper], card, layout)
    narrow = plan_sheet(*PAPERS_MM[paper], card, replace(layout, gutter=2.0, min_gutter=None))
    assert plan.per_sheet == narrow.per_sheet
    assert 2.0 - EPS <= plan.gutter <= 6.0 + EPS
    assert _inner_bleed(plan) >= 1.0 - EPS
    # the marks' keep-out zone is never entered: every card's bleed stays inside the registration frame
    keep = layout.registration.keep_out
    for slot in plan.front_slots():
        c = slot.clip
        assert c.x >= keep - EPS and c.y >= keep - EPS
        assert c.x1 <= plan.paper_w - keep + EPS and c.y1 <= plan.paper_h - keep + EPS


def test_widest_gutter_is_the_widest_that_holds_as_many_cards():
    # 4 cards of 63 mm in 270 mm: a 2 mm gutter fits them; 6 mm would not (4*63 + 3*6 = 270 fits exactly)
    assert widest_gutter(270, 200, 63, 88, 2.0, 6.0) == pytest.approx(6.0)
    assert widest_gutter(267, 200, 63, 88, 2.0, 6.0) == pytest.approx(5.0)
    assert widest_gutter(259, 200, 63, 88, 2.0, 6.0) == pytest.approx(2.33)  # rounded down to 0.01 mm
    assert widest_gutter(100, 100, 63, 88, 2.0, 6.0) == pytest.approx(6.0)  # one card: nothing to narrow


def test_round_tokens_keep_their_whole_bleed_all_round():
    plan = plan_sheet(*PAPERS_MM["a4"], CardSize(30, 30, 3, 3, shape="round"), load_layout("print-and-cut"))
    assert plan.gutter >= 6.0


def test_min_gutter_in_a_projects_layout_and_its_located_error(tmp_path):
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "mine.yaml").write_text("gutter: bleed\nmin_gutter: 3\n", encoding="utf-8")
    assert load_layout("mine", tmp_path).min_gutter == 3.0
    (tmp_path / "layouts" / "bad.yaml").write_text("gutter: bleed\nmin_gutter: -1\n", encoding="utf-8")
    with pytest.raises(DeckgenError) as caught:
        load_layout("bad", tmp_path)
    assert str(caught.value.problems[0]).startswith("layouts/bad.yaml:2:")
