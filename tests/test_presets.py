"""Print-shop presets (deckgen export --preset): every bundled preset's output read back, user presets, errors.

The small format-1 demo project (three cards, one printed twice, and a
back) is exported once per preset in English; PDF presets at a low dpi.
"""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from click.testing import CliRunner
from PIL import Image

from deckgen.build import BuildOptions
from deckgen.cli import main
from deckgen.colour import bundled_profile
from deckgen.errors import DeckgenError
from deckgen.export import export_preset
from deckgen.loader import load_project
from deckgen.presets import load_preset, preset_files
from tests.conftest import fixture_project

MM = 72 / 25.4
DEMO_ORDER = ["ember", "ember", "tide", "crown"]  # physical cards: ember is printed twice


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    """The demo project exported with every bundled preset: (project root, out folder, reports by preset)."""
    root = fixture_project("format1", tmp_path_factory.mktemp("proj") / "p")
    project = load_project(root)
    out = tmp_path_factory.mktemp("shop")
    reports = {}
    for name, dpi in (("mpc", None), ("tgc", None), ("drivethru", 60), ("meinspiel", 60)):
        options = BuildOptions(out=out, languages=("en",), workers=1, cache=out / ".cache")
        reports[name] = export_preset(project, ["demo"], load_preset(name, root), options, dpi)
    return root, out / "demo", reports


def images_of(pdf: pikepdf.Pdf) -> list[pikepdf.PdfImage]:
    return [pikepdf.PdfImage(page.Resources.XObject[name]) for page in pdf.pages for name in page.Resources.XObject]


def total_ink(image: pikepdf.PdfImage) -> float:
    """The most ink (C+M+Y+K, %) of any pixel of a DeviceCMYK image."""
    raw = np.frombuffer(image.read_bytes(), dtype=np.uint8).reshape(-1, 4)
    return float(raw.sum(axis=1, dtype=np.uint16).max()) / 2.55


def operators(page) -> set[str]:
    return {str(op) for _, op in pikepdf.parse_content_stream(page)}


def boxes_mm(page) -> dict[str, list[float]]:
    return {box: [round(float(v) / MM, 2) for v in page.obj[f"/{box}"]] for box in ("MediaBox", "BleedBox", "TrimBox")}


# ------------------------------------------------------------------ the bundled presets


def test_bundled_presets_are_the_four_shops_two_tabletops_and_all_valid():
    names = set(preset_files(None))
    assert {"mpc", "tgc", "drivethru", "meinspiel", "tts", "screentop"} <= names
    for name in names:
        preset = load_preset(name, None)
        # booklet-x4, booklet-x1a: rule booklets only (no writer), issue 32
        assert preset.writer in ("images", "deck-pdf", "split-pdf", "image-grid") or \
            (preset.writer == "none" and preset.booklet is not None)


def test_mpc_writes_a_png_per_face_at_822x1122_named_to_pair_with_a_manifest(shop):
    _root, out, _ = shop
    folder = out / "mpc"
    fronts = sorted(folder.glob("demo-en/*-front.png"))
    backs = sorted(folder.glob("demo-en/*-back.png"))
    assert [p.name for p in fronts] == ["001-ember-front.png", "002-tide-front.png", "003-crown-front.png"]
    assert [p.name.replace("-back", "-front") for p in backs] == [p.name for p in fronts]
    for path in fronts + backs:
        with Image.open(path) as image:
            assert image.size == (822, 1122) and image.mode == "RGB"
            assert round(image.info["dpi"][0]) == 300
    rows = list(csv.DictReader((folder / "demo-en.csv").open(encoding="utf-8")))
    assert [(r["card"], r["count"]) for r in rows] == [("ember", "2"), ("tide", "1"), ("crown", "1")]
    assert all((folder / r["front"]).is_file() and (folder / r["back"]).is_file() for r in rows)
    assert rows[0]["front"] == "demo-en/001-ember-front.png" and rows[0]["back"] == "demo-en/001-ember-back.png"


def test_mpc_re_renders_the_63x88_deck_at_its_own_trim_rather_than_stretching_it(shop):
    """The bleed and trim MPC wants (63.5x88.9 mm + 3.048 mm) are drawn by the template at that size."""
    _root, out, _ = shop
    with Image.open(out / "mpc" / "demo-en" / "001-ember-front.png") as image:
        rgb = np.asarray(image.convert("RGB")).astype(int)
    # the white outer frame line sits 1.6 mm inside the trim on both sides, symmetric about the centre
    row = rgb[300, :, :].sum(axis=1)
    light = np.nonzero(row > 450)[0]
    left, right = light.min(), 821 - light.max()
    assert abs(left - right) <= 1
    assert abs(left - (3.048 + 1.6 - 0.45 / 2) / 25.4 * 300) <= 1.5


def test_tgc_writes_rgb_pngs_of_825x1125_and_one_back(shop):
    _root, out, _ = shop
    folder = out / "tgc" / "demo-en"
    names = sorted(p.name for p in folder.glob("*.png"))
    assert names == ["001-ember-front.png", "002-tide-front.png", "003-crown-front.png", "back.png"]
    for name in names:
        with Image.open(folder / name) as image:
            assert image.size == (825, 1125) and image.mode == "RGB"
    rows = list(csv.DictReader((out / "tgc" / "demo-en.csv").open(encoding="utf-8")))
    assert {r["back"] for r in rows} == {"demo-en/back.png"}


def test_drivethru_is_one_cmyk_pdf_x1a_per_deck_each_front_followed_by_its_back(shop):
    _root, out, reports = shop
    files = sorted(p.name for p in (out / "drivethru").iterdir())
    assert files == ["demo-en.pdf"]
    path = out / "drivethru" / "demo-en.pdf"
    assert path.read_bytes()[:8] == b"%PDF-1.3"
    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) == 2 * len(DEMO_ORDER)
        for page in pdf.pages:
            media = [float(v) for v in page.MediaBox]
            assert media == [0, 0, 198, 270]  # 2.75 x 3.75 in
            assert [round(float(v), 2) for v in page.TrimBox] == [9, 9, 189, 261]  # 1/8 in bleed
            assert [float(v) for v in page.BleedBox] == media
            assert operators(page) <= {"q", "cm", "Do", "Q"}  # no marks
        images = images_of(pdf)
        assert all(str(i.obj.ColorSpace) == "/DeviceCMYK" and i.bits_per_component == 8 for i in images)
        assert all("/SMask" not in i.obj for i in images)
        ids = [i.obj.objgen for i in images]
        backs, fronts = ids[1::2], ids[0::2]
        assert len(set(backs)) == 1 and not set(backs) & set(fronts)  # front, back, front, back ...
        assert fronts[0] == fronts[1] != fronts[2] != fronts[3]  # ember twice, then tide, crown
        info = pdf.trailer.Info
        assert str(info.GTS_PDFXVersion) == "PDF/X-1:2001" and str(info.GTS_PDFXConformance) == "PDF/X-1a:2001"
        assert str(info.Trapped) == "/False" and "/Title" in info
        intent = pdf.Root.OutputIntents[0]
        assert str(intent.S) == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "FOGRA39"
        assert intent.DestOutputProfile.read_bytes() == bundled_profile("fogra39").data
        assert int(intent.DestOutputProfile.N) == 4
        darkest = max(total_ink(i) for i in images)
    assert darkest <= 240
    assert reports["drivethru"].darkest["demo-en"][1] == pytest.approx(darkest, abs=1)


def test_meinspiel_is_a_fronts_and_a_backs_pdf_x4_at_59x91_mm_with_a_fogra39_intent(shop):
    _root, out, _ = shop
    folder = out / "meinspiel"
    assert sorted(p.name for p in folder.iterdir()) == ["demo-en-backs.pdf", "demo-en-fronts.pdf"]
    fronts, backs = (pikepdf.open(folder / f"demo-en-{side}.pdf") for side in ("fronts", "backs"))
    with fronts, backs:
        assert len(fronts.pages) == len(backs.pages) == len(DEMO_ORDER)  # one page per card, pairs by number
        for pdf in (fronts, backs):
            assert pdf.pdf_version == "1.6"
            for page in pdf.pages:
                boxes = boxes_mm(page)
                assert boxes["MediaBox"] == boxes["BleedBox"] == [0, 0, 65, 97]
                assert boxes["TrimBox"] == [3, 3, 62, 94]
                assert operators(page) <= {"q", "cm", "Do", "Q"}  # no marks
            with pdf.open_metadata() as xmp:
                assert xmp.get("pdfxid:GTS_PDFXVersion") == "PDF/X-4"
                assert xmp.get("xmpMM:DocumentID", "").startswith("uuid:")
            intent = pdf.Root.OutputIntents[0]
            assert str(intent.OutputConditionIdentifier) == "FOGRA39"
            assert intent.DestOutputProfile.read_bytes()[36:40] == b"acsp"
            images = images_of(pdf)
            assert all(str(i.obj.ColorSpace) == "/DeviceCMYK" for i in images)
            assert max(total_ink(i) for i in images) <= 300
            assert (images[0].width, images[0].height) == (154, 229)  # 65 x 97 mm at 60 dpi
        assert len({i.obj.objgen for i in images_of(backs)}) == 1


def test_the_same_export_gives_the_same_bytes(shop, tmp_path):
    root, out, _ = shop
    options = BuildOptions(out=tmp_path, languages=("en",), workers=1, cache=out.parent / ".cache")
    export_preset(load_project(root), ["demo"], load_preset("drivethru", root), options, 60)
    assert (tmp_path / "demo" / "drivethru" / "demo-en.pdf").read_bytes() == \
        (out / "drivethru" / "demo-en.pdf").read_bytes()


# ------------------------------------------------------------------ user presets and their errors


USER_PRESET = """\
title: Corner copy shop
writer: split-pdf
sizes:
  default: {trim: deck, dpi: 40}
colour: {mode: rgb}
files: "{deck}_{lang}_{side}"
marks: crop
copies: count
manifest: csv
"""


def _user_project(tmp_path: Path, presets: dict[str, str]) -> Path:
    root = fixture_project("format1", tmp_path / "proj")
    (root / "presets").mkdir()
    for name, text in presets.items():
        (root / "presets" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return root


def test_a_user_preset_in_the_projects_presets_folder_works(tmp_path):
    root = _user_project(tmp_path, {"corner": USER_PRESET})
    preset = load_preset("corner", root)
    assert preset.file == "presets/corner.yaml"
    report = export_preset(load_project(root), ["demo"], preset,
                           BuildOptions(out=tmp_path / "out", languages=("de",), workers=1))
    folder = tmp_path / "out" / "demo" / "corner"
    assert sorted(p.name for p in report.written) == ["demo-de.csv", "demo_de_back.pdf", "demo_de_front.pdf"]
    with pikepdf.open(folder / "demo_de_front.pdf") as pdf:
        assert len(pdf.pages) == 3  # copies: count — one page per card, the count in the manifest
        page = pdf.pages[0]
        boxes = boxes_mm(page)
        assert boxes["BleedBox"][2] - boxes["BleedBox"][0] == pytest.approx(69, abs=0.01)
        assert boxes["MediaBox"][2] > boxes["BleedBox"][2]  # room for the crop marks
        assert {"m", "l", "S"} <= operators(page)
        assert all(str(i.obj.ColorSpace) == "/DeviceRGB" for i in images_of(pdf))
        assert "/OutputIntents" not in pdf.Root
    rows = list(csv.DictReader((folder / "demo-de.csv").open(encoding="utf-8")))
    assert ("ember", "2", "demo_de_front.pdf", "front", "1") in [tuple(r.values()) for r in rows]


def test_a_project_preset_replaces_the_bundled_one_of_its_name(tmp_path):
    root = _user_project(tmp_path, {"mpc": USER_PRESET})
    assert load_preset("mpc", root).title == "Corner copy shop"
    assert load_preset("mpc", None).title.startswith("MakePlayingCards")


@pytest.mark.parametrize("text, line, field, words", [
    (USER_PRESET.replace("marks: crop", "marks: crop\npaper: a4"), 8, "paper", "unknown key"),
    (USER_PRESET.replace("dpi: 40", "dpi: 40, pixels: [100, 140]"), 4, "sizes.default", "not both"),
    (USER_PRESET.replace("writer: split-pdf", "writer: images").replace("marks: crop", "marks: none")
     .replace("{mode: rgb}", "{mode: cmyk}"), 5, "colour.mode", "PNG"),
    (USER_PRESET.replace("{side}", "{face}"), 6, "files", "unknown placeholder {face}"),
    (USER_PRESET.replace("_{side}", ""), 6, "files", "needs {side}"),
    (USER_PRESET.replace("{mode: rgb}", "{mode: cmyk, profile: nowhere.icc}"), 5, "colour.profile",
     "neither a bundled profile"),
    (USER_PRESET.replace("colour: {mode: rgb}", "colour: {mode: rgb}\npdfx: X-4"), 6, "pdfx", "needs colour"),
])
def test_a_bad_preset_is_a_located_error(tmp_path, text, line, field, words):
    root = _user_project(tmp_path, {"bad": text})
    with pytest.raises(DeckgenError) as caught:
        load_preset("bad", root)
    problem = caught.value.problems[0]
    assert (problem.file, problem.line, problem.field) == ("presets/bad.yaml", line, field), str(problem)
    assert words in problem.message


def test_the_cli_reports_a_bad_preset_with_its_line_and_exit_code_2(tmp_path):
    root = _user_project(tmp_path, {"bad": USER_PRESET.replace("writer: split-pdf", "writer: fax")})
    result = CliRunner().invoke(main, ["export", "demo", "--preset", "bad", "--project", str(root),
                                       "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "presets/bad.yaml:2:1: writer: 'fax' is not one of" in result.output
    assert not (tmp_path / "out").exists()


def test_the_cli_refuses_dpi_for_a_preset_with_fixed_pixels_and_an_unknown_preset(tmp_path):
    root = _user_project(tmp_path, {})
    run = CliRunner().invoke
    result = run(main, ["export", "demo", "--preset", "mpc", "--dpi", "100", "--project", str(root)])
    assert result.exit_code == 2 and "fixes the image size (822×1122 px)" in result.output
    result = run(main, ["export", "demo", "--preset", "kinkos", "--project", str(root)])
    assert result.exit_code == 2 and "no preset 'kinkos'" in result.output and "meinspiel" in result.output
    result = run(main, ["export", "--list-presets", "--project", str(root)])
    assert result.exit_code == 0 and "drivethru" in result.output


def test_a_deck_that_does_not_fit_the_shops_smaller_trim_is_a_located_error_and_nothing_is_written(tmp_path):
    tiny = USER_PRESET.replace("default: {trim: deck, dpi: 40}", "poker: {trim: [18, 26], bleed: 2, safe: 2, dpi: 40}")
    root = _user_project(tmp_path, {"tiny": tiny})
    with pytest.raises(DeckgenError) as caught:
        export_preset(load_project(root), ["demo"], load_preset("tiny", root),
                      BuildOptions(out=tmp_path / "out", languages=("en",), workers=1))
    problems = caught.value.problems
    assert problems and all(p.file and p.line for p in problems)
    assert any("does not fit" in p.message and "re-rendered for preset tiny: 18×26 mm trim" in p.message
               for p in problems), [str(p) for p in problems]
    assert not (tmp_path / "out" / "demo").exists()


def test_pixels_of_another_shape_than_the_deck_are_refused_rather_than_stretched(tmp_path):
    root = _user_project(tmp_path, {"wide": USER_PRESET.replace("dpi: 40", "pixels: [900, 900]")})
    with pytest.raises(DeckgenError) as caught:
        export_preset(load_project(root), ["demo"], load_preset("wide", root),
                      BuildOptions(out=tmp_path / "out", languages=("en",), workers=1))
    problem = caught.value.problems[0]
    assert (problem.file, problem.line, problem.field) == ("presets/wide.yaml", 4, "sizes.default.pixels")
    assert "stretched" in problem.message


def test_a_deck_size_the_preset_does_not_know_names_both_files(tmp_path):
    root = _user_project(tmp_path, {"tarot": USER_PRESET.replace("default:", "tarot:")})
    with pytest.raises(DeckgenError) as caught:
        export_preset(load_project(root), ["demo"], load_preset("tarot", root),
                      BuildOptions(out=tmp_path / "out", languages=("en",), workers=1))
    files = {(p.file, p.field) for p in caught.value.problems}
    assert ("presets/tarot.yaml", "sizes") in files
    assert ("data/demo/game.yaml", "decks.demo.size") in files


def test_a_design_that_is_cut_safe_only_at_its_own_size_is_refused_at_the_shops_trim(tmp_path):
    """Two elements exactly 2 mm apart pass at 63x88 mm; MeinSpiel's narrower 59 mm squeezes the middle."""
    from tests.conftest import copy_project

    root = copy_project(tmp_path / "p", "classic")
    style = root / "data/classic/style.yaml"
    text = style.read_text(encoding="utf-8")
    assert "local-value-note: [18, 68, 27, 11]" in text
    style.write_text(text.replace("local-value-note: [18, 68, 27, 11]", "local-value-note: [17.5, 68, 28, 11]"),
                     encoding="utf-8")
    line = next(i for i, l in enumerate(style.read_text(encoding="utf-8").splitlines(), 1) if "index-top-left:" in l)
    project = load_project(root)
    with pytest.raises(DeckgenError) as caught:
        export_preset(project, ["classic"], load_preset("meinspiel", root),
                      BuildOptions(out=tmp_path / "out", languages=("en",), workers=1))
    cut = [p for p in caught.value.problems if "[at preset meinspiel's 59×91 mm trim]" in p.message]
    assert cut and all((p.file, p.line) == ("data/classic/style.yaml", line) and "from local-value-note" in p.message
                       for p in cut), \
        [str(p) for p in caught.value.problems]
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))


def test_a_deck_the_shop_cannot_print_stops_the_order_unless_skipped(tmp_path):
    """Archeon's tarot planets at a shop printing only poker cards: an error, never a partial order; with
    --skip the poker deck goes and the summary says what was left out."""
    root = _user_project(tmp_path, {"poker": USER_PRESET.replace("default:", "poker:")})
    game = root / "data/demo/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + """\
  big:
    cards: cards.yaml
    size: tarot
    bleed: 3
    safe: 3
    front: front.svg.j2
    back: back.svg.j2
""", encoding="utf-8")
    options = BuildOptions(out=tmp_path / "out", languages=("en",), workers=1)
    with pytest.raises(DeckgenError) as caught:
        export_preset(load_project(root), ["demo"], load_preset("poker", root), options)
    assert ("data/demo/game.yaml", "decks.big.size") in {(p.file, p.field) for p in caught.value.problems}
    report = export_preset(load_project(root), ["demo"], load_preset("poker", root), options, skip=("big",))
    names = {p.name for p in report.written}
    assert names and all(n.startswith("demo") and "big" not in n for n in names), names
    assert report.summary is not None and [s.deck for s in report.summary.skipped] == ["big"]
