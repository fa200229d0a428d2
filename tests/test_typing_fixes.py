"""Behaviour fixed while making deckgen/ pass mypy: cases the type checker showed were not handled."""

from pathlib import Path

import pytest
from fontTools import subset

from deckgen.text import FontSet, TextBox, layout_text

FONTS_DIR = Path(__file__).resolve().parents[1] / "fonts"


@pytest.fixture(scope="module")
def hyphenless_fonts(tmp_path_factory) -> FontSet:
    """PT Sans without its hyphen glyphs (U+002D, U+2010): Latin letters and the space only."""
    out = tmp_path_factory.mktemp("fonts") / "no-hyphen.ttf"
    options = subset.Options()
    options.layout_features = ["kern"]
    font = subset.load_font(str(FONTS_DIR / "PTS55F.ttf"), options)
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=[0x20] + list(range(0x41, 0x5B)) + list(range(0x61, 0x7B)) + [0xF6])
    cutter.subset(font)
    subset.save_font(font, str(out), options)
    return FontSet.from_dir(out.parent, {"body": out.name})


def test_a_font_without_a_hyphen_reports_it_missing_instead_of_failing(hyphenless_fonts):
    font = hyphenless_fonts.font("body")
    assert font.glyph("-") is None and font.glyph("\u2010") is None
    # a long German compound in a narrow box: the layout hyphenates it (before: KeyError None)
    res = layout_text("Die Kartenstapelverwaltungsbehoerde entscheidet", TextBox(0, 0, 25, 40),
                      fonts=hyphenless_fonts, size=3.2, lang="de")
    assert "-" in res.missing
    assert any("missing glyphs" in p and "-" in p for p in res.problems)
    assert any(line.endswith("-") for line in res.lines)  # the break is still made where it was
