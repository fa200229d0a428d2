"""Layout boxes moved to a print shop's trim keep their margins and their order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.layout.retarget import EDGE_BAND, retarget, retarget_box

sizes = st.floats(40, 130)
coords = st.floats(-3, 133)


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(sizes, sizes, coords, coords)
def test_order_is_kept_and_edge_bands_keep_their_distance(design, actual, u, v):
    if u > v:
        u, v = v, u
    assert retarget(u, design, actual) <= retarget(v, design, actual) + 1e-9  # nothing crosses
    band = min(EDGE_BAND, design / 4, actual / 4)
    if u <= band:
        assert retarget(u, design, actual) == u  # a frame 3.6 mm in stays 3.6 mm in, bleed stays bleed
    if u >= design - band:
        assert abs((actual - retarget(u, design, actual)) - (design - u)) < 1e-9


@given(sizes, coords)
def test_the_design_size_changes_nothing(design, u):
    assert retarget(u, design, design) == u


def test_meinspiel_trim_keeps_a_frame_and_corner_marks():
    frame = retarget_box((3.6, 3.6, 56.3, 81.7), (63.5, 88.9), (59.0, 91.0))
    assert [round(v, 6) for v in frame] == [3.6, 3.6, 51.8, 83.8]  # 3.6 mm inside every edge still
    assert retarget_box((4, 4, 3.5, 3.5), (63.5, 88.9), (59.0, 91.0)) == (4, 4, 3.5, 3.5)  # in the band
    x, y, w, h = retarget_box((56, 81.5, 4, 4), (63.5, 88.9), (59.0, 91.0))  # the bottom-right corner's
    assert (round(59.0 - x - w, 6), round(91.0 - y - h, 6), round(w, 6)) == (3.5, 3.4, 4)


def test_art_reaching_the_designs_bleed_edge_reaches_the_shops():
    """DriveThru's 3.175 mm bleed for a 3 mm design: a band bleeding off still reaches the sheet's edge."""
    band = retarget_box((-3, -3, 69, 17.2), (63, 88), (63.5, 88.9), bleed=(3, 3.175))
    assert [round(v, 6) for v in band] == [-3.175, -3.175, 69.85, 17.4525]
