"""Property tests of the sheet geometry for any card size, paper, layout and fill."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from deckgen.layout.geometry import EDGE_MM, MARK_GAP_MM, PRINTER_MARGIN_MM, LayoutError, Rect, plan_sheet
from deckgen.layout.layouts import GRID, SheetLayout, load_layout
from deckgen.layout.papers import PAPERS_MM
from deckgen.model import CardSize

sizes = st.builds(CardSize, width=st.floats(20, 150), height=st.floats(20, 200),
                  bleed=st.sampled_from([0.0, 2.0, 3.0, 3.175, 5.0]), safe=st.just(3.0))
papers = st.sampled_from(sorted(PAPERS_MM))
layouts = st.sampled_from(["grid", "gutters", "print-and-cut"]).map(load_layout)
EPS = 1e-6


def plan_or_skip(paper, card, layout=GRID):
    try:
        return plan_sheet(*PAPERS_MM[paper], card, layout)
    except LayoutError:
        assume(False)


def inside_paper(plan, x, y, margin):
    return margin - EPS <= x <= plan.paper_w - margin + EPS and margin - EPS <= y <= plan.paper_h - margin + EPS


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(papers, sizes, layouts)
def test_grid_fits_centred_and_slots_tile_it(paper, card, layout):
    plan = plan_or_skip(paper, card, layout)
    assert plan.grid.x - card.bleed >= PRINTER_MARGIN_MM - EPS
    assert plan.grid.y - card.bleed >= PRINTER_MARGIN_MM - EPS
    assert abs(plan.grid.x - (plan.paper_w - plan.grid.x1)) < EPS
    assert abs(plan.grid.y - (plan.paper_h - plan.grid.y1)) < EPS
    slots = plan.front_slots()
    assert len(slots) == plan.cols * plan.rows
    for i, a in enumerate(slots):
        assert a.trim.w == card.width and a.trim.h == card.height
        for b in slots[i + 1:]:
            assert not a.trim.overlaps(b.trim)
            assert not a.clip.overlaps(b.clip)  # bleed never covers a neighbour
    if plan.gutter == 0:
        area = sum(s.trim.w * s.trim.h for s in slots)
        assert abs(area - plan.grid.w * plan.grid.h) < 1e-3


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(papers, sizes, layouts, st.integers(1, 40), st.sampled_from(["long", "short"]))
def test_every_open_edge_has_its_full_bleed(paper, card, layout, count, duplex):
    """On a partial sheet an edge with no card next to it shows the whole bleed, fronts and backs."""
    plan = plan_or_skip(paper, card, layout)
    count = min(count, plan.per_sheet)
    for slots in (plan.front_slots(count)[:count], plan.back_slots(duplex, count)[:count]):
        filled = {(s.col, s.row) for s in slots}
        for s in slots:
            sides = {(-1, 0): s.trim.x - s.clip.x, (1, 0): s.clip.x1 - s.trim.x1,
                     (0, -1): s.clip.y1 - s.trim.y1, (0, 1): s.trim.y - s.clip.y}
            for (dc, dr), shown in sides.items():
                if (s.col + dc, s.row + dr) in filled:
                    assert shown <= max(plan.gutter / 2, 0.0) + EPS
                else:
                    assert abs(shown - card.bleed) < EPS, (s, dc, dr)
        for i, a in enumerate(slots):  # bleed may meet bleed in an empty slot, never another card
            for b in slots[i + 1:]:
                assert not a.clip.overlaps(b.trim) and not b.clip.overlaps(a.trim)


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(papers, sizes, layouts)
def test_marks_sit_on_cut_lines_off_the_cards_and_5mm_from_the_edge(paper, card, layout):
    plan = plan_or_skip(paper, card, layout)
    cuts_x = {round(x, 6) for x in plan.cut_x}
    cuts_y = {round(y, 6) for y in plan.cut_y}
    b = card.bleed
    marked_x, marked_y = set(), set()
    for m in plan.marks:
        for x, y in ((m.x0, m.y0), (m.x1, m.y1)):
            assert inside_paper(plan, x, y, EDGE_MM)
        if m.x0 == m.x1:  # a vertical mark: above or below the grid, never on a card's trim
            assert round(m.x0, 6) in cuts_x
            marked_x.add(round(m.x0, 6))
            below = max(m.y0, m.y1) <= plan.grid.y - MARK_GAP_MM + EPS
            above = min(m.y0, m.y1) >= plan.grid.y1 + MARK_GAP_MM - EPS
            assert below or above
            outside_bleed = max(m.y0, m.y1) <= plan.grid.y - b + EPS or min(m.y0, m.y1) >= plan.grid.y1 + b - EPS
            assert m.over_bleed or outside_bleed
        else:
            assert m.y0 == m.y1 and round(m.y0, 6) in cuts_y
            marked_y.add(round(m.y0, 6))
            left = max(m.x0, m.x1) <= plan.grid.x - MARK_GAP_MM + EPS
            right = min(m.x0, m.x1) >= plan.grid.x1 + MARK_GAP_MM - EPS
            assert left or right
            outside_bleed = max(m.x0, m.x1) <= plan.grid.x - b + EPS or min(m.x0, m.x1) >= plan.grid.x1 + b - EPS
            assert m.over_bleed or outside_bleed
    if layout.crop_marks:  # every cut line has its guide
        assert marked_x == cuts_x and marked_y == cuts_y


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(papers, sizes, layouts)
def test_slug_rulers_and_registration_keep_their_distances(paper, card, layout):
    plan = plan_or_skip(paper, card, layout)
    x, y = plan.slug_anchor
    if plan.slug_vertical:  # 6 pt text turned: 1.6 mm of glyphs left of the baseline, 0.5 mm right
        assert x - 1.7 >= EDGE_MM - EPS
        clear = x + 0.6 <= plan.grid.x - card.bleed + EPS
        along = (y, y + plan.slug_length)
    else:
        assert y - 0.6 >= EDGE_MM - EPS
        clear = y + 1.7 <= plan.grid.y - card.bleed + EPS
        along = (x, x + plan.slug_length)
    if not clear:  # no band beside the bleed: the slug sits on its knock-out over the bleed, between marks
        assert plan.slug_knockout
        cuts = plan.cut_y if plan.slug_vertical else plan.cut_x
        assert not any(along[0] - EPS < c < along[1] + EPS for c in cuts)
    for ruler in plan.rulers:
        if ruler.vertical:
            assert plan.paper_w - ruler.x >= EDGE_MM - EPS
            assert ruler.x - 2.0 >= plan.grid.x1 + card.bleed - EPS
            assert ruler.y + ruler.length <= plan.paper_h - EDGE_MM
        else:
            assert plan.paper_h - ruler.y >= EDGE_MM - EPS
            assert ruler.y - 2.0 >= plan.grid.y1 + card.bleed - EPS
            assert ruler.x + ruler.length <= plan.paper_w - EDGE_MM
        for m in plan.marks:  # a ruler never crosses a crop mark
            box = Rect(min(m.x0, m.x1), min(m.y0, m.y1), abs(m.x1 - m.x0) + EPS, abs(m.y1 - m.y0) + EPS)
            span = (Rect(ruler.x - 2.0, ruler.y, 2.0, ruler.length) if ruler.vertical
                    else Rect(ruler.x, ruler.y - 2.0, ruler.length, 2.0))
            assert not box.overlaps(span)
    reg = plan.registration
    if reg is not None:
        keep = [Rect(r.x - reg.clearance, r.y - reg.clearance, r.w + 2 * reg.clearance, r.h + 2 * reg.clearance)
                for r in reg.rects(plan.paper_w, plan.paper_h)]
        for slot in plan.front_slots():
            assert not any(slot.image.overlaps(k) for k in keep)
            assert slot.image.x >= reg.inset and slot.image.x1 <= plan.paper_w - reg.inset


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(papers, sizes, layouts, st.sampled_from(["long", "short"]))
def test_backs_land_behind_fronts(paper, card, layout, duplex):
    plan = plan_or_skip(paper, card, layout)
    pw, ph = plan.paper_w, plan.paper_h
    # the sheet turns over the page's long edge ("long") or its short edge; on a portrait page the long
    # edge is vertical, so x mirrors; on a landscape page it is horizontal, so y mirrors
    mirror_x = (duplex == "long") != plan.landscape
    for f, b in zip(plan.front_slots(), plan.back_slots(duplex)):
        if mirror_x:
            assert abs(b.trim.x - (pw - f.trim.x - card.width)) < 1e-6 and abs(b.trim.y - f.trim.y) < 1e-6
        else:
            assert abs(b.trim.y - (ph - f.trim.y - card.height)) < 1e-6 and abs(b.trim.x - f.trim.x) < 1e-6


def test_letter_keeps_marks_5mm_from_the_edge_over_the_bleed():
    """Letter leaves 7.7 mm above and below a 3x3 poker grid: the marks run over the outer bleed."""
    plan = plan_sheet(*PAPERS_MM["letter"], CardSize(63, 88, 3, 3))
    assert (plan.cols, plan.rows) == (3, 3)
    vertical = [m for m in plan.marks if m.x0 == m.x1]
    assert vertical and all(m.over_bleed for m in vertical)
    assert min(min(m.y0, m.y1) for m in vertical) >= EDGE_MM - EPS
    assert all(plan.grid.y - max(m.y0, m.y1) >= MARK_GAP_MM - EPS for m in vertical if m.y0 < plan.grid.y)


def test_gutters_turn_a4_to_landscape_when_it_holds_more():
    plan = plan_sheet(*PAPERS_MM["a4"], CardSize(63, 88, 3, 3), load_layout("gutters"))
    assert plan.landscape and (plan.cols, plan.rows) == (4, 2) and plan.gutter == 6.0


def test_card_too_big_is_a_layout_error():
    with pytest.raises(LayoutError, match="does not fit"):
        plan_sheet(210, 297, CardSize(250, 100))


def test_a_layout_from_the_project_and_its_located_error(tmp_path):
    from deckgen.errors import DeckgenError

    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "wide.yaml").write_text("description: wide gaps\ngutter: 10\n", encoding="utf-8")
    assert load_layout("wide", tmp_path) == SheetLayout("wide", "wide gaps", 10.0)
    (tmp_path / "layouts" / "bad.yaml").write_text("gutter: 4\norientation: sideways\n", encoding="utf-8")
    with pytest.raises(DeckgenError) as exc:
        load_layout("bad", tmp_path)
    assert str(exc.value.problems[0]).startswith("layouts/bad.yaml:2:")
    assert "orientation" in str(exc.value.problems[0])
    with pytest.raises(DeckgenError, match="no layout 'nope'"):
        load_layout("nope", tmp_path)
