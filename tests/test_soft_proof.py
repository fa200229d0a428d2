"""The soft proof: CIEDE2000 between the drawn sRGB colour and the colour the press prints.

Forward with the preset's profile and intent (black-point compensated, as the
export separates), back to L*a*b* relative colorimetric *without* black-point
compensation, as a press sheet is measured.  Held to an independent reference,
ArgyllCMS ``xicclu`` on the same profile (and Argyll's own sRGB profile);
those tests skip, saying so, where ``xicclu`` is not installed (Debian
package ``argyll``, installed by .ci/run).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from deckgen.build import BuildOptions
from deckgen.cli import main
from deckgen.colour import COLOUR_DIR, bundled_profile, converter
from deckgen.colour.softproof import D50, delta_e_2000, srgb_to_lab
from deckgen.errors import DeckgenError
from deckgen.export import export_preset
from deckgen.loader import load_project
from deckgen.presets import load_preset
from deckgen.presets.proofsheet import FACE_HEIGHT, GAP, LABEL
from tests.conftest import fixture_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py): no test here looks at it

XICCLU = shutil.which("xicclu")
ARGYLL_SRGB = Path("/usr/share/color/argyll/ref/sRGB.icm")
FOGRA39 = COLOUR_DIR / "fogra39.icc"
needs_xicclu = pytest.mark.skipif(XICCLU is None or not ARGYLL_SRGB.exists(),
                                  reason="ArgyllCMS xicclu (Debian package argyll) is not installed: "
                                         "the independent soft-proof reference cannot run")

# Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula", table 1: pairs and ΔE00
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, 2.8361, -74.0200), (50.0, 0.0, -82.7485), 3.4412),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, -1.0, 2.0), (50.0, 0.0, 0.0), 2.3669),
    ((50.0, 2.4900, -0.0010), (50.0, -2.4900, 0.0009), 7.1792),
    ((50.0, 2.4900, -0.0010), (50.0, -2.4900, 0.0010), 7.1792),
    ((50.0, 2.4900, -0.0010), (50.0, -2.4900, 0.0011), 7.2195),
    ((50.0, 2.4900, -0.0010), (50.0, -2.4900, 0.0012), 7.2195),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]

# the designs' own colours (the dark grounds of the classic back and face cards, Archeon's Blood back,
# its ivory paper, the planets' space) and the sRGB primaries, black, white and grey
REFERENCE = ("060a1c 090e28 1d2b5c 0f0716 13091b 4a1a66 3b1552 f3d98b 9b2335 f6f1e5 e9dfc8 9a2232 581020 8a1c2c 3d0b15 "
             "f3d9a0 ecd7a6 0b0f22 1a2240 2d6fb0 9ad17a 163d1f 000000 ffffff 808080 ff0000 00ff00 0000ff "
             "00ffff ff00ff ffff00").split()


def _rgb(hexes) -> np.ndarray:
    return np.array([[int(h[i:i + 2], 16) for i in (0, 2, 4)] for h in hexes], dtype=np.uint8)


def _xicclu(args: list[str], rows) -> np.ndarray:
    text = "".join(" ".join(f"{v:.6f}" for v in row) + "\n" for row in rows)
    out = subprocess.run([str(XICCLU), "-v0", *args], input=text, capture_output=True, text=True, check=True)
    return np.array([[float(v) for v in line.split()] for line in out.stdout.splitlines() if line.strip()])


def _lab_to_xyz(lab: np.ndarray) -> np.ndarray:
    fy = (lab[:, 0] + 16) / 116
    f = np.stack([fy + lab[:, 1] / 500, fy, fy - lab[:, 2] / 200], axis=1)
    return np.where(f ** 3 > 216 / 24389, f ** 3, (116 * f - 16) / (24389 / 27)) * D50


def _xyz_to_lab(xyz: np.ndarray) -> np.ndarray:
    t = xyz / D50
    f = np.where(t > 216 / 24389, np.cbrt(t), (24389 / 27 * t + 16) / 116)
    return np.stack([116 * f[:, 1] - 16, 500 * (f[:, 0] - f[:, 1]), 200 * (f[:, 1] - f[:, 2])], axis=1)


def _argyll_soft_proof(rgb: np.ndarray) -> np.ndarray:
    """ΔE2000 of each colour by Argyll alone: sRGB.icm -> Lab; black-point compensation to the profile's
    black (its perceptual black read relative colorimetric, neutral: the first guess of Adobe's BPC, as
    LittleCMS uses it for a CMYK output profile) as a linear XYZ scale; the profile's B2A1 to CMYK; A2B1 back
    to Lab."""
    drawn = _xicclu(["-ff", "-ir", "-pl", str(ARGYLL_SRGB)], rgb / 255.0)
    black = _xicclu(["-ff", "-ir", "-pl", str(FOGRA39)], _xicclu(["-fb", "-ip", "-pl", str(FOGRA39)], [[0, 0, 0]]))
    y_black = _lab_to_xyz(np.array([[black[0, 0], 0.0, 0.0]]))[0, 1]
    compensated = _xyz_to_lab(_lab_to_xyz(drawn) * (1 - y_black) + y_black * D50)
    cmyk = _xicclu(["-fb", "-ir", "-pl", str(FOGRA39)], compensated)
    printed = _xicclu(["-ff", "-ir", "-pl", str(FOGRA39)], cmyk)
    return delta_e_2000(drawn, printed)


def test_ciede2000_matches_sharmas_published_test_data():
    first = np.array([p[0] for p in SHARMA])
    second = np.array([p[1] for p in SHARMA])
    assert delta_e_2000(first, second) == pytest.approx([p[2] for p in SHARMA], abs=1e-4)
    assert delta_e_2000(second, first) == pytest.approx([p[2] for p in SHARMA], abs=1e-4)  # symmetric


@needs_xicclu
def test_drawn_colours_lab_matches_argylls_srgb_profile():
    rgb = _rgb(REFERENCE)
    argyll = _xicclu(["-ff", "-ir", "-pl", str(ARGYLL_SRGB)], rgb / 255.0)
    assert np.abs(srgb_to_lab(rgb) - argyll).max() < 0.1


@needs_xicclu
def test_the_soft_proof_agrees_with_xicclu_within_one_delta_e():
    rgb = _rgb(REFERENCE)
    _, _, _, ours = converter(bundled_profile("fogra39"), "relative").soft_proof(rgb)
    reference = _argyll_soft_proof(rgb)
    worst = int(np.argmax(np.abs(ours - reference)))
    assert abs(ours[worst] - reference[worst]) < 1.0, (REFERENCE[worst], ours[worst], reference[worst])
    # the dark grounds really do shift: sRGB black prints as the press's black, ΔE about 9
    assert ours[REFERENCE.index("000000")] > 7 and reference[REFERENCE.index("000000")] > 7


def test_black_point_compensation_on_the_way_back_would_hide_the_shift():
    """The old round trip compensated the black point both ways; the honest one reads it back without."""
    conv = converter(bundled_profile("fogra39"), "relative")
    navy = _rgb(["060a1c"])
    _, drawn, printed, de = conv.soft_proof(navy)
    assert de[0] > 7
    assert printed[0, 0] > drawn[0, 0] + 8  # the press's black is lighter than the screen's


def test_the_classic_back_shifts_by_at_least_7_and_is_warned_about(project, tmp_path):
    options = BuildOptions(out=tmp_path / "out", languages=("en",), workers=1, cache=tmp_path / "cache",
                           cards=("sabers-1",), documents=False)
    report = export_preset(project, ["classic"], load_preset("drivethru", project.root), options, dpi=40)
    back = [p for p in report.warnings if p.message.startswith("the back of classic [en]:")]
    assert back, [p.message for p in report.warnings]
    shift = float(back[0].message.split("ΔE2000 ")[1].split()[0])
    assert shift >= 7


CMYK_PRESET = """\
writer: deck-pdf
sizes:
  default: {dpi: 40}
colour:
  mode: cmyk
  profile: fogra39
  ink_limit: 400
  gamut_warning: 50
pdfx: X-4
"""


def test_export_proof_writes_the_worst_faces_as_designed_and_as_printed(tmp_path):
    root = fixture_project("format1", tmp_path / "proj")
    (root / "presets").mkdir()
    (root / "presets" / "ink.yaml").write_text(CMYK_PRESET, encoding="utf-8")
    report = export_preset(load_project(root), ["demo"], load_preset("ink", root),
                           BuildOptions(out=tmp_path / "out", languages=("en",), workers=1), proof=True)
    assert report.proofs == [tmp_path / "out" / "demo" / "ink" / "soft-proof.png"]
    sheet = Image.open(report.proofs[0]).convert("RGB")
    pixels = np.asarray(sheet).astype(int)
    width = (sheet.width - 3 * GAP) // 2  # each face; the sheet is wider than two only for its heading
    top = 30 + LABEL
    designed = pixels[top:top + FACE_HEIGHT, GAP:GAP + width]
    printed = pixels[top:top + FACE_HEIGHT, 2 * GAP + width:2 * GAP + 2 * width]
    assert (designed != 255).any()
    # the right-hand face is the left-hand one as printed: the same picture, its colours shifted
    shift = np.abs(designed - printed).mean()
    assert 1 < shift < 40, shift


def test_proof_with_an_rgb_preset_is_a_problem_naming_the_flag(tmp_path):
    root = fixture_project("format1", tmp_path / "proj")
    with pytest.raises(DeckgenError) as caught:
        export_preset(load_project(root), ["demo"], load_preset("mpc", root),
                      BuildOptions(out=tmp_path / "out", languages=("en",), workers=1), proof=True)
    assert caught.value.problems[0].field == "--proof"
    assert not (tmp_path / "out").exists()


def test_the_cli_writes_the_proof_and_names_it_and_refuses_it_without_a_cmyk_preset(tmp_path):
    root = fixture_project("format1", tmp_path / "proj")
    (root / "presets").mkdir()
    (root / "presets" / "ink.yaml").write_text(CMYK_PRESET, encoding="utf-8")
    # one card (and the back): the command's wiring is the point here, the sheet's rows are the test above's
    base = ["export", "demo", "--lang", "en", "--cards", "ember", "--project", str(root), "--out", str(tmp_path / "out"),
            "--proof"]
    result = CliRunner().invoke(main, base + ["--preset", "ink"])
    assert result.exit_code == 0, result.output
    proof = tmp_path / "out" / "demo" / "ink" / "soft-proof.png"
    assert f"soft proof: {proof}" in result.output and proof.exists()
    result = CliRunner().invoke(main, base + ["--format", "png"])
    assert result.exit_code == 2 and "--proof applies to --preset" in result.output
