"""Golden geometry read back from the built PDFs: paper, boxes, cards, marks, duplex, dpi, fonts."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from pypdf import PdfReader

from deckgen.layout.geometry import plan_sheet
from deckgen.layout.papers import PAPERS_MM
from tests.pdfread import box_mm, fonts_embedded, images_and_lines

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

TOL = 0.1  # mm


def close(a, b, tol=TOL):
    return abs(a - b) <= tol


@pytest.fixture(scope="module")
def sheets(classic_build):
    out, _ = classic_build
    return PdfReader(out / "classic" / "classic-en-a4.pdf")


@pytest.fixture(scope="module")
def single(classic_build):
    out, _ = classic_build
    return PdfReader(out / "classic" / "classic-en-cards.pdf")


def test_output_names(classic_build):
    out, written = classic_build
    names = {p.name for p in written}
    assert {"classic-en-a4.pdf", "classic-en-cards.pdf"} <= names
    assert all(p.parent == out / "classic" for p in written)


def test_sheet_page_size_and_count(sheets):
    w, h = PAPERS_MM["a4"]
    assert len(sheets.pages) == 2 * 9  # 76 cards -> 9 sheets, each with a backs page
    for page in sheets.pages:
        x0, y0, x1, y1 = box_mm(page.mediabox)
        assert close(x1 - x0, w) and close(y1 - y0, h)


def test_fronts_sit_on_the_grid_with_bleed(sheets, project):
    deck = project.games["classic"].decks["classic"]
    plan = plan_sheet(*PAPERS_MM["a4"], deck.size)
    images, _ = images_and_lines(sheets, 0)
    assert len(images) == 9
    for slot, im in zip(plan.front_slots(), images):
        # image drawn at trim + bleed: 69 x 94 mm, trim aligned with the slot
        assert close(im.w, 69.0) and close(im.h, 94.0)
        assert close(im.x + 3.0, slot.trim.x) and close(im.y + 3.0, slot.trim.y)
    xs = sorted({round(im.x + 3.0, 2) for im in images})
    assert close(xs[0], (210 - 189) / 2) and close(xs[1] - xs[0], 63.0)


def test_grid_is_centred(project):
    for paper in ("a4", "letter"):
        plan = plan_sheet(*PAPERS_MM[paper], project.games["classic"].decks["classic"].size)
        assert (plan.cols, plan.rows) == (3, 3)
        assert close(plan.grid.x, plan.paper_w - plan.grid.x1)
        assert close(plan.grid.y, plan.paper_h - plan.grid.y1)


def test_long_edge_backs_mirror_columns(sheets):
    fronts, _ = images_and_lines(sheets, 0)
    backs, _ = images_and_lines(sheets, 1)
    assert len(backs) == len(fronts)
    for f, b in zip(fronts, backs):
        assert close(b.x, 210.0 - f.x - f.w)  # x_back = page_width - x_front - width
        assert close(b.y, f.y)
    assert len({b.name for b in backs}) == 1  # one back image, stored once


def test_crop_marks_align_with_cut_lines_and_stay_off_cards(sheets):
    fronts, lines = images_and_lines(sheets, 0)
    assert lines, "no crop marks"
    cut_x = {round(im.x + 3.0, 1) for im in fronts} | {round(im.x + 66.0, 1) for im in fronts}
    cut_y = {round(im.y + 3.0, 1) for im in fronts} | {round(im.y + 91.0, 1) for im in fronts}
    left = min(im.x for im in fronts)
    right = max(im.x + im.w for im in fronts)
    bottom = min(im.y for im in fronts)
    top = max(im.y + im.h for im in fronts)
    for x0, y0, x1, y1 in lines:
        assert 0 <= min(x0, x1) and max(x0, x1) <= 210 and 0 <= min(y0, y1) and max(y0, y1) <= 297
        if close(x0, x1):  # vertical mark: on a cut x, outside the bleed above/below the grid
            assert round(x0, 1) in cut_x
            assert max(y0, y1) <= bottom + TOL or min(y0, y1) >= top - TOL
        else:
            assert close(y0, y1)
            assert round(y0, 1) in cut_y
            assert max(x0, x1) <= left + TOL or min(x0, x1) >= right - TOL
    # every cut line has its marks on both sides
    assert {round(x0, 1) for x0, y0, x1, y1 in lines if close(x0, x1)} == cut_x


def test_card_images_at_requested_dpi(sheets, single):
    for reader in (sheets, single):
        images, _ = images_and_lines(reader, 0)
        for im in images:
            assert abs(im.px_w / (im.w / 25.4) - 100) < 1.0
            assert abs(im.px_h / (im.h / 25.4) - 100) < 1.0


def test_single_card_pdf_boxes(single):
    assert len(single.pages) == 76 + 1  # every physical front, then the back
    for page in [single.pages[i] for i in (0, 1, 2, len(single.pages) - 1)]:
        media = box_mm(page.mediabox)
        trim = box_mm(page.trimbox)
        bleed = box_mm(page.bleedbox)
        assert close(media[2] - media[0], 69.0) and close(media[3] - media[1], 94.0)
        assert all(close(a, b) for a, b in zip(bleed, media))
        assert all(close(a, b) for a, b in zip(trim, (3.0, 3.0, 66.0, 91.0)))


def test_every_font_embedded(sheets, single, classic_build):
    assert fonts_embedded(sheets), "the slug line uses a font"
    for reader in (sheets, single):
        fonts = fonts_embedded(reader)
        assert all(embedded for _name, embedded in fonts), fonts
        assert not any("Helvetica" in name for name, _ in fonts)
    pdffonts = shutil.which("pdffonts")
    if pdffonts:  # poppler's view agrees: every row says emb yes
        out, _ = classic_build
        for name in ("classic-en-a4.pdf", "classic-en-cards.pdf"):
            rows = subprocess.run([pdffonts, str(out / "classic" / name)], capture_output=True,
                                  text=True, check=True).stdout.splitlines()[2:]
            assert all(row.split()[-5] == "yes" for row in rows), rows


def test_no_soft_masks(sheets):
    for page in sheets.pages[:2]:
        for _name, xo in page["/Resources"]["/XObject"].items():
            obj = xo.get_object()
            assert "/SMask" not in obj and obj["/ColorSpace"] == "/DeviceRGB"


def test_letter_short_edge_backs_mirror_rows(tmp_path):
    """On Letter with short-edge duplex the rows mirror: y_back = page_height - y_front - height."""
    from click.testing import CliRunner

    from deckgen.build import BuildOptions, build
    from deckgen.cli import main
    from deckgen.loader import load_project

    proj = tmp_path / "mine"
    CliRunner().invoke(main, ["new", str(proj)])
    (proj / "data/demo/cards.yaml").write_text(
        "\n".join(f"- {{id: c{i}, colour: red, value: {i}}}" for i in range(7)) + "\n")
    for lang in ("en", "de"):
        path = proj / f"data/demo/lang/{lang}.yaml"
        text = path.read_text().split("cards:")[0]
        path.write_text(text + "cards:\n" + "".join(f"  c{i}: {{name: Card {i}}}\n" for i in range(7)))
    out = tmp_path / "out"
    # the deck's sheets only (its documents and booklets are not what this test reads), drawn in this process
    options = BuildOptions(paper="letter", dpi=72, duplex="short", out=out, languages=("en",), documents=False,
                           workers=1)
    written = build(load_project(proj), ["demo"], options)
    assert out / "demo" / "demo-en-letter.pdf" in written
    reader = PdfReader(out / "demo" / "demo-en-letter.pdf")
    w, h = PAPERS_MM["letter"]
    assert all(close(float(p.mediabox.width) * 25.4 / 72, w) for p in reader.pages)
    fronts, lines = images_and_lines(reader, 0)
    backs, _ = images_and_lines(reader, 1)
    assert len(fronts) == len(backs) == 7  # a partly filled sheet: backs only behind real cards
    for f, b in zip(fronts, backs):
        assert close(b.y, h - f.y - f.h) and close(b.x, f.x)
    assert lines and all(0 <= min(x0, x1) and max(y0, y1) <= h for x0, y0, x1, y1 in lines)
