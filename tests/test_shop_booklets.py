"""Rule booklets for a print shop (issue 32): CMYK PDF/X pages in reading order, padded, the cover apart.

The fast tests lay out the starter project's booklet once per preset
(booklet-x4 and booklet-x1a) and read the files back: page counts, page
boxes, the output intent and PDF/X keys, no RGB or transparency in X-1a,
text in black ink alone, total ink within the limit (also through
Ghostscript's tiff32nc separations where Ghostscript is installed).  The
four bundled games (and a Cyrillic booklet) are read back under
``@pytest.mark.slow``.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from click.testing import CliRunner

from deckgen.errors import DeckgenError
from deckgen.loader import load_project
from deckgen.presets import load_preset
from deckgen.rulebook.inkcheck import read_back
from deckgen.rulebook.shop import shop_booklets
from deckgen.scaffold import create_project

MM = 72 / 25.4
A5_BLEED = (148 + 6, 210 + 6)


def _made(project, gid: str, lang: str, preset: str) -> dict[str, bytes]:
    game = project.games[gid]
    descriptor = project.descriptor(game)
    data = descriptor.data_for(game) if descriptor else {}
    files, problems = shop_booklets(project, game, [lang], data, load_preset(preset, project.root))
    assert not problems, problems
    return dict(files)


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("shop") / "starter"
    create_project(root)
    return root


@pytest.fixture(scope="module")
def starter_project(starter):
    return load_project(starter)


@pytest.fixture(scope="module")
def x4(starter_project) -> dict[str, bytes]:
    return _made(starter_project, "demo", "en", "booklet-x4")


@pytest.fixture(scope="module")
def x1a(starter_project) -> dict[str, bytes]:
    return _made(starter_project, "demo", "en", "booklet-x1a")


def _pdf(data: bytes) -> pikepdf.Pdf:
    return pikepdf.open(io.BytesIO(data))


# ------------------------------------------------------------------ pages and boxes


def test_file_names_and_page_counts(x4, x1a):
    assert list(x4) == ["demo-rules-en-booklet-x4.pdf"]
    assert list(x1a) == ["demo-rules-en-booklet-x1a.pdf", "demo-rules-en-booklet-x1a-cover.pdf"]
    assert len(_pdf(x4["demo-rules-en-booklet-x4.pdf"]).pages) % 4 == 0
    interior = _pdf(x1a["demo-rules-en-booklet-x1a.pdf"])
    cover = _pdf(x1a["demo-rules-en-booklet-x1a-cover.pdf"])
    assert len(cover.pages) == 4
    assert len(interior.pages) >= 4 and len(interior.pages) % 4 == 0  # a cover apart needs pages inside it


def test_cover_file_holds_pages_one_two_and_the_last_two(x1a):
    from pypdf import PdfReader

    cover = PdfReader(io.BytesIO(x1a["demo-rules-en-booklet-x1a-cover.pdf"]))
    interior = PdfReader(io.BytesIO(x1a["demo-rules-en-booklet-x1a.pdf"]))
    texts = [page.extract_text() for page in cover.pages]
    assert "Demo" in texts[0]  # the outside front: the title
    n = len(interior.pages) + 4
    assert str(n - 2) in interior.pages[-1].extract_text().split()  # the interior ends on page n−2's folio
    assert "3" in interior.pages[0].extract_text().split()  # and starts on page 3


def test_every_page_has_trim_and_bleed_boxes(x4, x1a):
    for data in [*x4.values(), *x1a.values()]:
        for page in _pdf(data).pages:
            media = [float(v) for v in page.mediabox]
            trim = [float(v) for v in page.obj.TrimBox]
            bleed = [float(v) for v in page.obj.BleedBox]
            assert bleed == pytest.approx(media)
            assert media[2] / MM == pytest.approx(A5_BLEED[0], abs=0.05)
            assert media[3] / MM == pytest.approx(A5_BLEED[1], abs=0.05)
            assert [v / MM for v in trim] == pytest.approx([3, 3, 151, 213], abs=0.05)


# ------------------------------------------------------------------ PDF/X


def test_output_intent_and_pdfx_keys(x4, x1a):
    pdf = _pdf(x4["demo-rules-en-booklet-x4.pdf"])
    assert pdf.pdf_version == "1.6"
    assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-4"
    assert b"<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" in pdf.Root.Metadata.read_bytes()
    for data in x1a.values():
        pdf = _pdf(data)
        assert pdf.pdf_version == "1.3"
        assert str(pdf.docinfo["/GTS_PDFXConformance"]) == "PDF/X-1a:2001"
        assert pdf.docinfo["/Trapped"] == pikepdf.Name("/False")
    for data in [*x4.values(), *x1a.values()]:
        pdf = _pdf(data)
        intent = pdf.Root.OutputIntents[0]
        assert intent.S == pikepdf.Name.GTS_PDFX and str(intent.OutputConditionIdentifier) == "FOGRA39"
        assert intent.DestOutputProfile.read_bytes()[16:20] == b"CMYK"
        assert all("/Annots" not in page.obj for page in pdf.pages)  # no links on a printed page


def test_x1a_holds_no_rgb_and_no_transparency(x1a):
    for data in x1a.values():
        pdf = _pdf(data)
        for page in pdf.pages:
            assert "/Group" not in page.obj
            ops = {str(i.operator) for i in pikepdf.parse_content_stream(page)}
            assert not ops & {"rg", "RG", "sh", "gs", "BI", "INLINE IMAGE"}
            for _name, image in (page.Resources.get("/XObject") or {}).items():
                assert image.Subtype == "/Image" and image.ColorSpace == "/DeviceCMYK"
                assert "/SMask" not in image
        found = read_back(data)
        assert found.not_cmyk == [] and found.transparency == []


def test_every_font_is_embedded(x4, x1a):
    for data in [*x4.values(), *x1a.values()]:
        for page in _pdf(data).pages:
            for _name, font in page.Resources.Font.items():
                fonts = font.DescendantFonts if "/DescendantFonts" in font else [font]
                for each in fonts:
                    descriptor = each.FontDescriptor
                    assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor.keys()), each.BaseFont


def test_text_is_black_ink_alone(x4):
    found = read_back(x4["demo-rules-en-booklet-x4.pdf"])
    body, _runs = found.text_colours.most_common(1)[0]
    assert body == (0.0, 0.0, 0.0, 1.0)  # the theme's #1f1a24 body ink: solid K, no rich black
    for c, m, y, _k in found.text_colours:
        assert c == m == y == 0  # the starter's theme is neutral: every text run in black ink alone


def test_total_ink_within_the_limit(x4, x1a):
    for data in [*x4.values(), *x1a.values()]:
        assert max(read_back(data).max_ink.values()) <= 300 + 0.5


@pytest.mark.slow  # Ghostscript takes seconds to start with an output intent
@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript (the separations check) is not installed")
def test_ghostscript_separations_stay_under_the_limit(x1a, tmp_path):
    path = tmp_path / "cover.pdf"
    path.write_bytes(x1a["demo-rules-en-booklet-x1a-cover.pdf"])
    assert _gs_max_ink(path, tmp_path) <= 300 + 0.5


def _gs_max_ink(pdf: Path, folder: Path, dpi: int = 20) -> float:
    """The largest C+M+Y+K (%) of any pixel of any page, from Ghostscript's tiff32nc rendering."""
    from PIL import Image

    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc", f"-r{dpi}",
                    f"-sOutputFile={folder}/sep-%03d.tif", str(pdf)], check=True)
    worst = 0.0
    for tif in sorted(folder.glob("sep-*.tif")):
        pixels = np.asarray(Image.open(tif)).reshape(-1, 4).astype(np.uint16).sum(axis=1)
        worst = max(worst, float(pixels.max()) / 2.55)
        tif.unlink()
    return worst


# ------------------------------------------------------------------ colour rules (units)


def test_ink_limit_keeps_black_and_scales_the_colour():
    from deckgen.rulebook.cmyk import limit_ink, limit_ink_pixels

    c, m, y, k = limit_ink(0.9, 0.8, 0.7, 0.9, 300)
    assert k == 0.9 and c + m + y + k == pytest.approx(3.0)
    assert limit_ink(0.2, 0.2, 0.2, 0.2, 300) == (0.2, 0.2, 0.2, 0.2)
    pixels = limit_ink_pixels(np.array([[255, 255, 255, 255], [10, 10, 10, 10]], dtype=np.uint8), 240)
    assert int(pixels[0].astype(int).sum()) <= 240 * 2.55 and pixels[0][3] == 255
    assert pixels[1].tolist() == [10, 10, 10, 10]


def test_neutral_and_near_black_go_to_black_ink_pale_tints_keep_their_hue():
    from deckgen.colour import bundled_profile, converter
    from deckgen.rulebook.cmyk import InkMap

    inks = InkMap(converter(bundled_profile("fogra39")), 300)
    assert inks.rgb(0, 0, 0) == (0, 0, 0, 1.0)
    assert inks.rgb(0x1f / 255, 0x1a / 255, 0x24 / 255) == (0, 0, 0, 1.0)
    grey = inks.grey(0.77)
    assert grey[:3] == (0, 0, 0) and 0.1 < grey[3] < 0.5
    tint = inks.rgb(0xe6 / 255, 0xea / 255, 0xf5 / 255)  # a pale blue call-out box
    assert tint[0] > tint[1] and tint[0] > 0
    deep = inks.rgb(0x0b / 255, 0x03 / 255, 0x14 / 255)  # near-black violet: its rich black held to 300 %
    assert sum(deep) <= 3.0 + 1e-9


def test_the_body_ink_prints_in_black_alone_whatever_its_hue():
    from deckgen.colour import bundled_profile, converter
    from deckgen.rulebook.cmyk import InkMap

    slate = (0x1f / 255, 0x2a / 255, 0x3d / 255)  # pazaak's body ink: a dark slate, chroma 14
    assert InkMap(converter(bundled_profile("fogra39")), 300).rgb(*slate)[0] > 0  # elsewhere: four inks
    c, m, y, k = InkMap(converter(bundled_profile("fogra39")), 300, ("#1f2a3d",)).rgb(*slate)
    assert (c, m, y) == (0, 0, 0) and k > 0.9


def test_content_stream_colours_become_cmyk():
    from deckgen.colour import bundled_profile, converter
    from deckgen.rulebook.cmyk import InkMap, convert_stream

    pdf = pikepdf.new()
    stream = pdf.make_stream(b"1 0 0 rg 0 G /DeviceRGB cs 0 0 1 sc 0.5 0.5 0.5 0.5 k BT ET")
    out = pikepdf.unparse_content_stream(convert_stream(pikepdf.parse_content_stream(stream),
                                                        InkMap(converter(bundled_profile("fogra39")), 250)))
    ops = [str(i.operator) for i in pikepdf.parse_content_stream(pdf.make_stream(out))]
    assert ops[:5] == ["k", "K", "cs", "sc", "k"]
    assert b"/DeviceCMYK cs" in out and b"0 0 0 1 K" in out
    last_k = [i for i in pikepdf.parse_content_stream(pdf.make_stream(out)) if str(i.operator) == "k"][-1]
    assert sum(float(v) for v in last_k.operands) == pytest.approx(2.0)  # 200 % is under 250 %: kept


def test_back_matter_pads_to_the_multiple_and_the_least_count():
    from reportlab.platypus import PageBreak

    from deckgen.rulebook.furniture import BackMatter

    def back_cover_page(matter: BackMatter, page: int, at_top: bool) -> int:
        breaks = sum(isinstance(f, PageBreak) for f in matter.pages(page, at_top))
        return page + breaks

    assert back_cover_page(BackMatter(["n"], ["b"], 4), 5, False) == 8
    assert back_cover_page(BackMatter(["n"], ["b"], 8), 5, False) == 8
    assert back_cover_page(BackMatter(["n"], ["b"], 8), 9, True) == 16
    assert back_cover_page(BackMatter(["n"], ["b"], 4, least=8), 2, False) == 8
    assert back_cover_page(BackMatter(["n"], ["b"], 2), 3, False) == 4


# ------------------------------------------------------------------ presets and commands


def _preset(root: Path, name: str, text: str) -> None:
    (root / "presets").mkdir(exist_ok=True)
    (root / "presets" / f"{name}.yaml").write_text(text, encoding="utf-8")


def test_preset_booklet_entry_problems_are_located(starter):
    _preset(starter, "rgbbook", "colour: {mode: rgb}\nbooklet: {pdfx: X-4}\n")
    with pytest.raises(DeckgenError) as err:
        load_preset("rgbbook", starter)
    assert "presets/rgbbook.yaml:2" in str(err.value) and "cmyk" in str(err.value)
    _preset(starter, "twos", "colour: {mode: cmyk, ink_limit: 300}\n"
                             "booklet: {pdfx: X-1a, cover: separate, page_multiple: 2}\n")
    with pytest.raises(DeckgenError, match="multiple of 4"):
        load_preset("twos", starter)
    _preset(starter, "nothing", "title: Nothing\n")
    with pytest.raises(DeckgenError, match="writer: .* or booklet: alone"):
        load_preset("nothing", starter)


def test_export_plan_lists_cards_and_booklets_of_a_shop_with_both(starter):
    from deckgen.cli import main

    shop = (Path(__file__).resolve().parents[1] / "deckgen" / "presets" / "meinspiel.yaml").read_text()
    _preset(starter, "cardsandbook", shop + "booklet: {pdfx: X-4, cover: separate}\n")
    result = CliRunner().invoke(main, ["export", "--project", str(starter), "--preset", "cardsandbook", "--plan",
                                       "--lang", "en", "--out", str(starter / "out")])
    assert result.exit_code == 0, result.output
    lines = [line.split()[0] for line in result.output.splitlines() if not line.startswith("#")]
    assert any(p.endswith("demo/cardsandbook/demo-en-fronts.pdf") for p in lines)
    assert any(p.endswith("demo/cardsandbook/demo-rules-en-cardsandbook.pdf") for p in lines)
    assert any(p.endswith("demo/cardsandbook/demo-rules-en-cardsandbook-cover.pdf") for p in lines)
    reprint = CliRunner().invoke(main, ["export", "--project", str(starter), "--preset", "cardsandbook", "--plan",
                                        "--lang", "en", "--cards", "ember", "--out", str(starter / "out")])
    assert reprint.exit_code == 0, reprint.output
    assert "-rules-" not in reprint.output  # a reprint of some cards sends no booklet


def test_rules_preset_without_booklet_entry_is_one_located_line(starter):
    from deckgen.cli import main

    result = CliRunner().invoke(main, ["rules", "--project", str(starter), "--preset", "mpc", "--plan"])
    assert result.exit_code == 2
    assert "deckgen/presets/mpc.yaml:" in result.output and "no booklet: entry" in result.output
    assert "Traceback" not in result.output


# ------------------------------------------------------------------ the bundled games (slow)


@pytest.mark.slow
@pytest.mark.parametrize("gid, lang, preset", [("classic", "en", "booklet-x1a"), ("archeon", "de", "booklet-x4"),
                                               ("gladbach", "fr", "booklet-x1a"), ("pazaak", "en", "booklet-x4"),
                                               ("pazaak", "ru", "booklet-x1a")])
def test_bundled_booklets_read_back(gid, lang, preset, tmp_path):
    from tests.conftest import ROOT

    files = _made(load_project(ROOT, only=[gid]), gid, lang, preset)
    separate = preset == "booklet-x1a"
    assert len(files) == (2 if separate else 1)
    for name, data in files.items():
        pdf = _pdf(data)
        pages = len(pdf.pages)
        assert pages == 4 if name.endswith("-cover.pdf") else pages % 4 == 0
        assert all("/TrimBox" in p.obj and "/BleedBox" in p.obj for p in pdf.pages)
        assert "/GTS_PDFXVersion" in pdf.docinfo and pdf.Root.OutputIntents[0].S == pikepdf.Name.GTS_PDFX
        found = read_back(data)
        assert found.not_cmyk == [] and found.transparency == []
        if not name.endswith("-cover.pdf"):  # the inside pages' body text (the theme's ink): black ink alone
            body = found.text_colours.most_common(1)[0][0]
            assert body == (0.0, 0.0, 0.0, 1.0)
        for key in found.text_colours:  # text in no colour space but CMYK, and black text in black ink alone
            assert len(key) == 4 and (key[3] < 1.0 or key[:3] == (0, 0, 0))
        assert max(found.max_ink.values()) <= 300.5
        if shutil.which("gs"):
            path = tmp_path / name
            path.write_bytes(data)
            assert _gs_max_ink(path, tmp_path) <= 300.5
