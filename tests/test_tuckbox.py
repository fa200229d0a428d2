"""Tuck boxes: sized from the card size and count, on a paper that holds them, lines inside the margin."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from deckgen.build import BuildOptions, build
from deckgen.layout.geometry import EDGE_MM
from deckgen.layout.papers import PAPERS_MM
from deckgen.layout.tuckbox import CARD_THICKNESS_MM, SLACK_MM, plan_tuckbox
from tests.pdfread import images_and_lines

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(st.floats(40, 90), st.floats(60, 130), st.integers(5, 200), st.sampled_from(["a4", "letter"]))
def test_the_net_holds_the_cards_and_fits_its_paper(w, h, count, paper):
    try:
        net = plan_tuckbox(w, h, count, paper)
    except ValueError:
        return
    assert net.width == w + SLACK_MM and net.height == h + SLACK_MM
    assert net.depth >= count * CARD_THICKNESS_MM + SLACK_MM - 1e-9
    nw, nh = net.size
    x, y = net.origin
    assert x >= EDGE_MM and y >= EDGE_MM and x + nw <= net.paper_w - EDGE_MM and y + nh <= net.paper_h - EDGE_MM
    panels = net.panels()
    assert panels["front"].w == net.width and panels["side-left"].w == net.depth
    assert panels["lid-top"].h == net.depth and panels["lid-bottom"].h == net.depth


def test_a_thick_deck_moves_to_a_larger_paper():
    assert plan_tuckbox(63, 88, 76, "a4").paper == "a4"
    assert plan_tuckbox(63, 88, 152, "a4").paper == "a3"


def test_the_built_box_prints_the_back_on_front_and_back_and_keeps_5mm(tmp_path, project):
    written = build(project, ["pazaak"], BuildOptions(dpi=72, out=tmp_path, languages=("en",), documents=False))
    box = tmp_path / "pazaak" / "starter-en-tuckbox-a4.pdf"
    assert box in written
    reader = PdfReader(box)
    assert len(reader.pages) == 1
    images, lines = images_and_lines(reader, 0)
    net = plan_tuckbox(63, 88, 10, "a4")
    assert len(images) == 2 and all(abs(i.w - (net.width + 6 * net.width / 63)) < 0.05 for i in images)
    pw, ph = PAPERS_MM["a4"]
    assert lines
    for x0, y0, x1, y1 in lines:
        assert min(x0, x1) >= EDGE_MM and min(y0, y1) >= EDGE_MM
        assert max(x0, x1) <= pw - EDGE_MM and max(y0, y1) <= ph - EDGE_MM
    assert not (tmp_path / "pazaak" / "score-en-tuckbox-a4.pdf").exists()  # one card: no box
