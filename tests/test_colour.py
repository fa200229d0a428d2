"""The CMYK path: the shipped FOGRA39 profile, conversion, total ink, gamut shift, and their checks in an export."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from deckgen.build import BuildOptions
from deckgen.colour import COLOUR_DIR, bundled_profile, converter, delta_e_2000
from deckgen.errors import DeckgenError
from deckgen.export import export_preset
from deckgen.loader import load_project
from deckgen.presets import load_preset
from tests.conftest import fixture_project


def test_the_shipped_profile_is_a_cmyk_output_profile_with_its_licence_and_recipe():
    profile = bundled_profile("fogra39")
    head = profile.data[:128]
    assert head[36:40] == b"acsp" and head[12:16] == b"prtr" and head[16:20] == b"CMYK" and head[20:24] == b"Lab "
    assert head[8] == 2  # ICC version 2, as PDF/X-1a:2001 wants
    assert profile.identifier == "FOGRA39" and profile.registry == "http://www.color.org"
    readme = (COLOUR_DIR / "README.md").read_text(encoding="utf-8")
    assert "colprof" in readme and "FOGRA39L.ti3" in readme and profile.digest in readme
    assert "zlib" in (COLOUR_DIR / "LICENSE-fogra39.txt").read_text(encoding="utf-8").lower()


def _pixels(*colours: tuple[int, int, int]) -> bytes:
    return bytes(v for c in colours for v in c)


def _block(colour, size=20):
    return _pixels(*([colour] * size * size))


def _convert(conv, rgb, w, h):
    return np.frombuffer(conv.to_cmyk(rgb, w, h), dtype=np.uint8).reshape(h, w, 4).astype(int)


def test_conversion_paper_white_is_no_ink_and_black_stays_under_the_profiles_limit():
    conv = converter(bundled_profile("fogra39"))
    white, black, aubergine = (_convert(conv, _block(c), 20, 20)[10, 10] for c in
                               ((255, 255, 255), (0, 0, 0), (11, 3, 20)))
    assert white.tolist() == [0, 0, 0, 0]
    assert 200 < black.sum() / 2.55 <= 300 and aubergine.sum() / 2.55 <= 300  # the profile's 300 % limit
    assert black[3] > 200  # a black area prints rich, mostly with K


def test_black_type_and_grey_rules_print_in_black_ink_alone():
    conv = converter(bundled_profile("fogra39"))
    rows = []
    for y in range(20):  # white paper with a 3 px black stroke and a 2 px grey rule
        row = [(255, 255, 255)] * 20
        if 5 <= y < 8:
            row = [(0, 0, 0)] * 20
        if 12 <= y < 14:
            row = [(128, 128, 128)] * 20
        rows += row
    cmyk = _convert(conv, _pixels(*rows), 20, 20)
    assert cmyk[6, 10].tolist() == [0, 0, 0, 255]  # #000000 type: 100 % K
    grey = cmyk[12, 10]
    assert grey[:3].tolist() == [0, 0, 0] and 100 < grey[3] < 220
    coloured = _convert(conv, _block((200, 10, 10)), 20, 20)[10, 10]
    assert coloured[1] > 150  # colours still go through the profile


def test_total_ink_and_the_share_over_the_limit():
    conv = converter(bundled_profile("fogra39"))
    rgb = _pixels(*([(255, 255, 255)] * 150 + [(0, 0, 0)] * 100 + [(255, 255, 255)] * 150))  # 10 x 40: a black
    measured = conv.measure(rgb, conv.to_cmyk(rgb, 10, 40), ink_limit=200)  # area 10 rows tall in the middle
    assert measured.max_ink > 200 and measured.over == pytest.approx(0.25)
    assert conv.measure(rgb, conv.to_cmyk(rgb, 10, 40), ink_limit=300).over == 0


def test_the_gamut_shift_names_the_saturated_colour_not_the_grey():
    conv = converter(bundled_profile("fogra39"))
    rgb = _pixels(*([(128, 128, 128)] * 80 + [(40, 60, 255)] * 20))
    measured = conv.measure(rgb, conv.to_cmyk(rgb, 100, 1), ink_limit=None)
    assert measured.delta_e > 8
    assert measured.shifts[0][0] == "#283cff" and measured.shifts[0][2] == pytest.approx(0.2)
    grey = _pixels(*([(128, 128, 128)] * 10))
    assert conv.measure(grey, conv.to_cmyk(grey, 10, 1), None).delta_e < 1.5


def test_ciede2000_matches_sharmas_reference_pairs():
    a = np.array([[50, 2.6772, -79.7751], [50, 0, 0], [2.0776, 0.0795, -1.135], [60.2574, -34.0099, 36.2677]])
    b = np.array([[50, 0, -82.7485], [50, -1, 2], [0.9033, -0.0636, -0.5514], [60.4626, -34.1751, 39.4387]])
    assert delta_e_2000(a, b) == pytest.approx([2.0425, 2.3669, 0.9082, 1.2644], abs=1e-4)


CMYK_PRESET = """\
writer: deck-pdf
sizes:
  default: {{dpi: 40}}
colour:
  mode: cmyk
  profile: fogra39
  ink_limit: {limit}
  gamut_warning: {warn}
pdfx: X-4
"""


def _project(tmp_path: Path, limit: float, warn: float) -> Path:
    root = fixture_project("format1", tmp_path / "proj")
    (root / "presets").mkdir()
    (root / "presets" / "ink.yaml").write_text(CMYK_PRESET.format(limit=limit, warn=warn), encoding="utf-8")
    return root


def test_cards_over_the_ink_limit_are_problems_naming_each_card_and_nothing_is_written(tmp_path):
    root = _project(tmp_path, limit=150, warn=50)
    with pytest.raises(DeckgenError) as caught:
        export_preset(load_project(root), ["demo"], load_preset("ink", root),
                      BuildOptions(out=tmp_path / "out", languages=("en",), workers=1))
    problems = caught.value.problems
    by_card = {p.message.split(":")[0]: p for p in problems}
    assert set(by_card) == {"card ember [en]", "card tide [en]", "card crown [en]", "the back of demo [en]"}
    ember = by_card["card ember [en]"]
    assert (ember.file, ember.line) == ("data/demo/cards.yaml", 1)
    assert "over the 150 % limit of preset ink" in ember.message
    assert not (tmp_path / "out" / "demo" / "ink").exists()


def test_cards_whose_colours_shift_most_are_named_in_warnings(tmp_path):
    root = _project(tmp_path, limit=400, warn=0.5)
    report = export_preset(load_project(root), ["demo"], load_preset("ink", root),
                           BuildOptions(out=tmp_path / "out", languages=("en",), workers=1))
    assert report.written and all(p.warning for p in report.warnings)
    worst = report.warnings[0]
    assert worst.file == "data/demo/cards.yaml" or worst.file == "data/demo/game.yaml"
    assert "ΔE2000" in worst.message and "#" in worst.message and "prints as C" in worst.message
