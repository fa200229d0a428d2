"""Bugs found while making the last modules of deckgen/ pass mypy (games, drawing, fonts, simulate, decisions)."""

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import Glyph

from deckgen.text.fonts import Font

FONTS_DIR = Path(__file__).resolve().parents[1] / "fonts"


@pytest.fixture(scope="module")
def old_os2_font(tmp_path_factory) -> Path:
    """Play Regular with an OS/2 table of version 1: it has no sCapHeight (the H is 649 of 1000 units tall)."""
    font = TTFont(str(FONTS_DIR / "Play-Regular.ttf"))
    font["OS/2"].version = 1
    out = tmp_path_factory.mktemp("fonts") / "old-os2.ttf"
    font.save(str(out))
    assert not hasattr(TTFont(str(out))["OS/2"], "sCapHeight")
    return out


def test_a_font_without_cap_height_takes_it_from_its_H(old_os2_font):
    # before: the H's top in em was divided by the units per em again (0.00065)
    assert Font(old_os2_font).cap_height == pytest.approx(0.649)


def test_a_font_without_cap_height_and_a_blank_H_uses_the_usual_proportion(old_os2_font, tmp_path):
    font = TTFont(str(old_os2_font))
    font["glyf"][font.getBestCmap()[ord("H")]] = Glyph()
    blank = tmp_path / "blank-h.ttf"
    font.save(str(blank))
    # before: TypeError: 'NoneType' object is not subscriptable
    assert Font(blank).cap_height == pytest.approx(0.7)
