"""A font file is parsed once per process by its bytes: copies of a project share the parse, an edited
copy does not."""

from __future__ import annotations

import shutil
from pathlib import Path

from deckgen.text.fonts import load_font

FONT = Path(__file__).resolve().parent.parent / "fonts" / "PTS55F.ttf"


def test_a_copy_of_a_font_elsewhere_shares_its_parse(tmp_path):
    copy = tmp_path / "copy" / "PTS55F.ttf"
    copy.parent.mkdir()
    shutil.copyfile(FONT, copy)
    original = load_font(str(FONT))
    assert load_font(str(copy)) is original
    assert original.advance(original.glyph("A")) > 0


def test_a_font_with_other_bytes_is_parsed_on_its_own(tmp_path):
    other = tmp_path / "PTS55F.ttf"
    shutil.copyfile(FONT.parent / "PTS75F.ttf", other)  # the bold, under the regular's name
    regular, bold = load_font(str(FONT)), load_font(str(other))
    assert bold is not regular
    assert bold.advance(bold.glyph("W")) != regular.advance(regular.glyph("W"))


def test_the_parse_keeps_no_file_open(tmp_path):
    copy = tmp_path / "gone.ttf"
    shutil.copyfile(FONT.parent / "Play-Regular.ttf", copy)
    font = load_font(str(copy))
    copy.unlink()
    assert font.outline(font.glyph("g"))  # tables still read after the file is gone
