"""Layout engine: kerning, hyphenation, fitting, icons, fonts, safety of the SVG."""

from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from deckgen.text import FontSet, Icon, TextBox, layout_text

FONTS_DIR = Path(__file__).resolve().parents[1] / "fonts"
SVG_NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def fonts():
    return FontSet.bundled(FONTS_DIR)


@pytest.fixture(scope="module")
def icons():
    return {"chip": Icon(svg='<circle cx="50" cy="50" r="45"/>', viewbox=(0, 0, 100, 100), advance=1.0)}


def parse_svg(fragment):
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{fragment}</svg>')


def pen_xs(fragment):
    """x origin of every glyph path (from its transform matrix)."""
    return [float(p.get("transform").split()[4]) for p in parse_svg(fragment).iter(f"{SVG_NS}path")]


@pytest.mark.parametrize("role, pair", [("body", "AV"), ("body-bold", "Ту"), ("display", "Та")])
def test_kerning_pair_narrower_than_advances(fonts, role, pair):
    # PT Sans kerns through GPOS, Play (Cyrillic pairs only) through its 'kern' table
    font = fonts.font(role)
    a, v = font.glyph(pair[0]), font.glyph(pair[1])
    assert font.kern(a, v) < 0, role
    res = layout_text(pair, TextBox(0, 0, 100, 20), fonts=fonts, font=role, size=10)
    ax0, vx0 = sorted(pen_xs(res.svg))
    placed_gap = vx0 - ax0
    assert placed_gap == pytest.approx((font.advance(a) + font.kern(a, v)) * 10, abs=0.01)
    assert placed_gap < font.advance(a) * 10


def test_german_compound_is_hyphenated_in_narrow_box(fonts):
    res = layout_text("Die Kartenstapelverwaltungsbehörde entscheidet.", TextBox(0, 0, 25, 40),
                      fonts=fonts, size=3.2, lang="de")
    assert res.fits
    assert any(line.endswith("-") for line in res.lines)
    joined = "".join(line[:-1] if line.endswith("-") else line + " " for line in res.lines)
    assert "Kartenstapelverwaltungsbehörde" in joined


def test_short_words_are_not_hyphenated(fonts):
    res = layout_text("Das ist ein Spiel mit vier Karten und drei Würfeln", TextBox(0, 0, 22, 40),
                      fonts=fonts, size=3.2, lang="de", align="left")
    for line in res.lines:
        if line.endswith("-"):
            assert len(line.split()[-1]) >= 3


def test_no_hyphen_when_text_fits_on_one_line(fonts):
    res = layout_text("Kartenstapelverwaltung", TextBox(0, 0, 100, 10), fonts=fonts, lang="de")
    assert res.lines == ["Kartenstapelverwaltung"]


def test_bold_markup_uses_bold_outline(fonts):
    plain_res = layout_text("a", TextBox(0, 0, 20, 10), fonts=fonts)
    bold_res = layout_text("**a**", TextBox(0, 0, 20, 10), fonts=fonts)
    italic_res = layout_text("*a*", TextBox(0, 0, 20, 10), fonts=fonts)
    d = [parse_svg(r.svg).find(f".//{SVG_NS}path").get("d") for r in (plain_res, bold_res, italic_res)]
    assert len(set(d)) == 3
    assert bold_res.lines == ["a"]


def test_inline_icon_sits_on_baseline(fonts, icons):
    res = layout_text("take 2 {chip} now", TextBox(0, 0, 60, 10), fonts=fonts, icons=icons, size=4)
    assert res.fits and res.problems == []
    assert res.lines == ["take 2\u00a0{chip} now"]
    baseline = res.baselines[0]
    groups = [g for g in parse_svg(res.svg).iter(f"{SVG_NS}circle")]
    assert len(groups) == 1
    # icon ink box: height = cap height of PT Sans (0.7 em), bottom on the baseline
    icon_boxes = [b for b in res.ink_boxes if abs((b[3] - b[1]) - 0.7 * 4) < 1e-6]
    assert icon_boxes and icon_boxes[0][3] == pytest.approx(baseline, abs=1e-3)


@pytest.mark.parametrize("align", ["left", "center", "right", "justify"])
def test_icon_works_in_every_alignment(fonts, icons, align):
    res = layout_text("one two three {chip} four five six seven eight nine", TextBox(0, 0, 20, 30),
                      fonts=fonts, icons=icons, align=align)
    assert res.fits and len(res.lines) > 1
    assert any("{chip}" in line for line in res.lines)
    for x0, y0, x1, y1 in res.ink_boxes:
        assert -0.01 <= x0 and x1 <= 20.01


def test_unknown_icon_is_reported(fonts, icons):
    res = layout_text("take {sand}", TextBox(0, 0, 60, 10), fonts=fonts, icons=icons)
    assert any("unknown icon {sand}" in p for p in res.problems)


def test_missing_glyph_reported_not_drawn(fonts):
    res = layout_text("a✶b", TextBox(0, 0, 60, 10), fonts=fonts)
    assert res.missing == ["✶"]
    assert "missing glyphs: ✶" in res.problems
    assert len(res.ink_boxes) == 2


def test_xml_specials_produce_no_markup(fonts):
    evil = 'a < b & "c" </g><text>x</text><script>alert(1)</script>'
    res = layout_text(evil, TextBox(0, 0, 200, 30), fonts=fonts, size=3, fill='red"/><text>')
    root = parse_svg(res.svg)
    tags = {el.tag.replace(SVG_NS, "") for el in root.iter()}
    assert tags <= {"svg", "g", "path"}
    assert root.find(f".//{SVG_NS}text") is None and root.find(f".//{SVG_NS}script") is None
    assert "".join(res.lines).startswith("a < b & “c”")


def test_autofit_shrinks(fonts):
    text = "Nimm zwei Chips aus der Bank und lege sie auf diese Karte."
    big = layout_text(text, TextBox(0, 0, 30, 8), fonts=fonts, size=3.2)
    assert not big.fits  # no min_size: no shrinking
    fit = layout_text(text, TextBox(0, 0, 30, 8), fonts=fonts, size=3.2, min_size=1.5)
    assert fit.fits and 1.5 <= fit.size < 3.2 and fit.overflow == 0.0 and fit.problems == []


def test_min_size_overflow_reported_with_amount(fonts):
    res = layout_text("word " * 40, TextBox(0, 0, 20, 5), fonts=fonts, size=3.2, min_size=2.2)
    assert not res.fits and res.size == pytest.approx(2.2)
    assert res.overflow > 1
    assert f"does not fit: overflows by {res.overflow:.2f} mm at 2.20 mm" in res.problems


def test_word_wider_than_box_is_split_and_does_not_fit(fonts):
    res = layout_text("Xylophonxylophon", TextBox(0, 0, 8, 30), fonts=fonts, size=3.2, lang="en")
    assert not res.fits and res.overflow > 0
    assert len(res.lines) > 1


def test_hard_breaks(fonts):
    for text in ("one\ntwo", "one\\\\two"):
        res = layout_text(text, TextBox(0, 0, 60, 20), fonts=fonts)
        assert res.lines == ["one", "two"]
    res = layout_text("one\n\nthree", TextBox(0, 0, 60, 20), fonts=fonts)
    assert res.lines == ["one", "", "three"]


def test_max_lines(fonts):
    res = layout_text("one two three four", TextBox(0, 0, 12, 40), fonts=fonts, max_lines=1)
    assert len(res.lines) > 1 and not res.fits and res.overflow > 0


def test_alignment_positions(fonts):
    box = TextBox(10, 0, 40, 10)
    xs = {}
    for align in ("left", "center", "right"):
        res = layout_text("Hi", box, fonts=fonts, align=align)
        xs[align] = (min(b[0] for b in res.ink_boxes), max(b[2] for b in res.ink_boxes))
    assert xs["left"][0] == pytest.approx(10, abs=0.01)
    assert xs["right"][1] == pytest.approx(50, abs=0.01)
    mid = (xs["center"][0] + xs["center"][1]) / 2
    assert mid == pytest.approx(30, abs=0.01)


def test_justify_fills_lines_but_not_the_last(fonts):
    text = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda"
    res = layout_text(text, TextBox(0, 0, 30, 40), fonts=fonts, align="justify")
    assert res.fits and len(res.lines) >= 3
    rights = {}
    for bl, _ in zip(res.baselines, res.lines):
        rights[bl] = max(b[2] for b in res.ink_boxes if b[1] < bl <= b[3] + 1.5)
    values = [rights[bl] for bl in res.baselines]
    for r in values[:-1]:
        assert r == pytest.approx(30, abs=0.01)
    assert values[-1] < 29


@pytest.mark.parametrize("valign", ["top", "middle", "bottom"])
def test_valign_keeps_ink_inside(fonts, valign):
    box = TextBox(0, 10, 40, 20)
    res = layout_text("ÄÖÜ Éé Йй gjpq", box, fonts=fonts, valign=valign, size=4)
    assert res.fits
    top = min(b[1] for b in res.ink_boxes)
    bottom = max(b[3] for b in res.ink_boxes)
    assert top >= 10 - 0.01 and bottom <= 30 + 0.01
    if valign == "top":
        assert top < 11
    if valign == "bottom":
        assert bottom > 29
    if valign == "middle":
        cap_top = res.baselines[0] - 0.7 * 4
        assert (cap_top + res.baselines[0]) / 2 == pytest.approx(20, abs=0.01)


def test_deterministic(fonts, icons):
    args = dict(fonts=fonts, icons=icons, size=3.2, min_size=2, align="justify", lang="fr")
    a = layout_text("Reprenez 2 {chip} : c'est « facile » !", TextBox(0, 0, 25, 12), **args)
    b = layout_text("Reprenez 2 {chip} : c'est « facile » !", TextBox(0, 0, 25, 12), **args)
    assert a.svg == b.svg and a.lines == b.lines


def test_empty_text_fits(fonts):
    res = layout_text("", TextBox(0, 0, 10, 10), fonts=fonts)
    assert res.fits and res.lines == [] and res.ink_boxes == [] and res.problems == []


def test_soft_hyphen_is_invisible_and_a_break_point(fonts):
    one_line = layout_text("Donau\u00addampf", TextBox(0, 0, 100, 10), fonts=fonts, lang="de")
    assert one_line.lines == ["Donaudampf"] and len(one_line.ink_boxes) == 10
    narrow = layout_text("Donau\u00addampf\u00adschiff", TextBox(0, 0, 22, 30), fonts=fonts, lang="de")
    assert narrow.lines[0] in ("Donau-", "Donaudampf-")


def test_letter_spacing_widens_in_em(fonts):
    plain_res = layout_text("abc", TextBox(0, 0, 50, 10), fonts=fonts, size=4)
    spaced = layout_text("abc", TextBox(0, 0, 50, 10), fonts=fonts, size=4, letter_spacing=0.1)
    width = lambda r: max(b[2] for b in r.ink_boxes) - min(b[0] for b in r.ink_boxes)
    assert width(spaced) - width(plain_res) == pytest.approx(2 * 0.1 * 4, abs=0.01)


def test_centred_names_break_at_spaces_rather_than_hyphenate():
    from pathlib import Path

    from deckgen.text import FontSet, TextBox, layout_text

    fonts = FontSet.from_dir(Path(__file__).resolve().parent.parent / "fonts",
                             roles={"display": "Play-Bold.ttf"})
    res = layout_text("Queen of Air and Darkness", TextBox(0, 0, 48, 10), fonts=fonts, font="display",
                      size=3.9, align="center", valign="middle", lang="en")
    # no hyphen, and no lone word on the last line (issue 29): the lines are balanced
    assert res.fits and res.lines == ["Queen of Air", "and Darkness"]
