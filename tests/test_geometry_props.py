"""Property tests of the sheet geometry for any card size and paper."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from deckgen.layout.geometry import PRINTER_MARGIN_MM, LayoutError, plan_sheet
from deckgen.layout.papers import PAPERS_MM
from deckgen.model import CardSize

sizes = st.builds(CardSize, width=st.floats(20, 150), height=st.floats(20, 200),
                  bleed=st.sampled_from([0.0, 2.0, 3.0, 3.175, 5.0]), safe=st.just(3.0))
papers = st.sampled_from(sorted(PAPERS_MM))
EPS = 1e-6


def plan_or_skip(paper, card):
    try:
        return plan_sheet(*PAPERS_MM[paper], card)
    except LayoutError:
        assume(False)


@settings(max_examples=200, deadline=None)
@given(papers, sizes)
def test_grid_fits_centred_and_slots_tile_it(paper, card):
    plan = plan_or_skip(paper, card)
    pw, ph = PAPERS_MM[paper]
    assert plan.grid.x - card.bleed >= PRINTER_MARGIN_MM - EPS
    assert plan.grid.y - card.bleed >= PRINTER_MARGIN_MM - EPS
    assert abs(plan.grid.x - (pw - plan.grid.x1)) < EPS and abs(plan.grid.y - (ph - plan.grid.y1)) < EPS
    slots = plan.front_slots()
    assert len(slots) == plan.cols * plan.rows
    for i, a in enumerate(slots):
        assert a.trim.w == card.width and a.trim.h == card.height
        for b in slots[i + 1:]:
            assert not a.trim.overlaps(b.trim)
            assert not a.clip.overlaps(b.clip)  # bleed never covers a neighbour
    area = sum(s.trim.w * s.trim.h for s in slots)
    assert abs(area - plan.grid.w * plan.grid.h) < 1e-3


@settings(max_examples=200, deadline=None)
@given(papers, sizes)
def test_marks_stay_in_the_margin_on_cut_lines(paper, card):
    plan = plan_or_skip(paper, card)
    pw, ph = PAPERS_MM[paper]
    cuts_x = {round(plan.grid.x + c * card.width, 6) for c in range(plan.cols + 1)}
    cuts_y = {round(plan.grid.y + r * card.height, 6) for r in range(plan.rows + 1)}
    b = card.bleed
    for m in plan.marks:
        for x, y in ((m.x0, m.y0), (m.x1, m.y1)):
            assert -EPS <= x <= pw + EPS and -EPS <= y <= ph + EPS
        if m.x0 == m.x1:
            assert round(m.x0, 6) in cuts_x
            assert max(m.y0, m.y1) <= plan.grid.y - b + EPS or min(m.y0, m.y1) >= plan.grid.y1 + b - EPS
            assert min(abs(m.y0 - plan.grid.y), abs(m.y0 - plan.grid.y1)) >= 3.0 - EPS
        else:
            assert m.y0 == m.y1 and round(m.y0, 6) in cuts_y
            assert max(m.x0, m.x1) <= plan.grid.x - b + EPS or min(m.x0, m.x1) >= plan.grid.x1 + b - EPS
            assert min(abs(m.x0 - plan.grid.x), abs(m.x0 - plan.grid.x1)) >= 3.0 - EPS


@settings(max_examples=200, deadline=None)
@given(papers, sizes, st.sampled_from(["long", "short"]))
def test_backs_land_behind_fronts(paper, card, duplex):
    plan = plan_or_skip(paper, card)
    pw, ph = PAPERS_MM[paper]
    for f, b in zip(plan.front_slots(), plan.back_slots(duplex)):
        if duplex == "long":  # sheet turned over its long (vertical) edge: x mirrors
            assert abs(b.trim.x - (pw - f.trim.x - card.width)) < 1e-6 and abs(b.trim.y - f.trim.y) < 1e-6
        else:  # turned over its short edge: y mirrors
            assert abs(b.trim.y - (ph - f.trim.y - card.height)) < 1e-6 and abs(b.trim.x - f.trim.x) < 1e-6


def test_card_too_big_is_a_layout_error():
    try:
        plan_sheet(210, 297, CardSize(250, 100))
    except LayoutError as exc:
        assert "does not fit" in str(exc)
    else:
        raise AssertionError("expected LayoutError")
