"""Home-printing sheets read back from the PDFs: open-edge bleed, one-card sheets, marks and slug 5 mm
from the paper edge, rulers, layouts, the printer profile, file splitting and the calibration sheet."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from deckgen.build import BuildOptions, build
from deckgen.cli import main
from deckgen.layout.geometry import EDGE_MM
from deckgen.layout.papers import PAPERS_MM
from deckgen.layout.printer import PrinterProfile, load_profile
from tests.pdfread import clipped_images, filled_rects, images_and_lines

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py): no test looks at it

TOL = 0.05  # mm
BLEED = 3.0


def reprint(project, out, cards, **extra):
    """A reprint of pazaak ``cards`` in English at 72 dpi, drawn in this process (workers=1: no drawing pool
    forked for a handful of faces; the sheets are the point here, not the workers)."""
    options = BuildOptions(dpi=72, out=out, languages=("en",), cards=tuple(cards), documents=False, workers=1,
                           **extra)
    return build(project, ["pazaak"], options)


def slug_positions(reader: PdfReader, index: int) -> list[tuple[float, float, str]]:
    """(x, y, text) in mm of every text run drawn on a page."""
    found = []

    def visit(text, cm, tm, _font, _size):
        if text.strip():
            x = (tm[4] * cm[0] + tm[5] * cm[2] + cm[4]) * 25.4 / 72
            y = (tm[4] * cm[1] + tm[5] * cm[3] + cm[5]) * 25.4 / 72
            found.append((x, y, text))

    reader.pages[index].extract_text(visitor_text=visit)
    return found


@pytest.fixture(scope="module")
def pazaak_sheets(tmp_path_factory, project):
    """The score card (one card) and a partial sheet of five side cards, A4 and Letter."""
    out = tmp_path_factory.mktemp("sheets")
    side = ["plus-1", "minus-2", "plusminus-3", "double", "tiebreaker"]
    for paper in ("a4", "letter"):
        reprint(project, out, ["score-card", *side], paper=paper)
    return out / "pazaak"


def test_a_one_card_deck_fills_its_sheet_with_copies(pazaak_sheets):
    reader = PdfReader(pazaak_sheets / "score-en-reprint-a4.pdf")
    assert len(reader.pages) == 2
    for page in (0, 1):
        images, _ = images_and_lines(reader, page)
        assert len(images) == 9
    single = PdfReader(pazaak_sheets / "score-en-reprint-cards.pdf")
    assert len(single.pages) == 2  # the print-shop file keeps one card and its back


@pytest.mark.parametrize("page", [0, 1])
def test_every_open_edge_of_a_partial_sheet_has_its_bleed(pazaak_sheets, page):
    reader = PdfReader(pazaak_sheets / "side-en-reprint-a4.pdf")
    placed = clipped_images(reader, page)
    assert len(placed) == 5
    trims = [(im.x + BLEED, im.y + BLEED, im.x + im.w - BLEED, im.y + im.h - BLEED) for im, _ in placed]
    for (im, clip), (x0, y0, x1, y1) in zip(placed, trims):
        assert clip is not None
        sides = {"left": (x0 - clip[0], (-1, 0)), "right": (clip[2] - x1, (1, 0)),
                 "bottom": (y0 - clip[1], (0, -1)), "top": (clip[3] - y1, (0, 1))}
        for name, (shown, (dx, dy)) in sides.items():
            neighbour = any(abs(t[0] - (x0 + dx * 63)) < TOL and abs(t[1] - (y0 + dy * 88)) < TOL for t in trims)
            assert abs(shown - (0.0 if neighbour else BLEED)) < TOL, (name, shown, neighbour)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_marks_slug_and_rulers_stay_5mm_from_the_paper_edge(pazaak_sheets, paper):
    reader = PdfReader(pazaak_sheets / f"side-en-reprint-{paper}.pdf")
    pw, ph = PAPERS_MM[paper]
    for page in range(len(reader.pages)):
        _, lines = images_and_lines(reader, page)
        assert lines, "crop marks"
        for x0, y0, x1, y1 in lines:
            for x, y in ((x0, y0), (x1, y1)):
                assert EDGE_MM - TOL <= x <= pw - EDGE_MM + TOL and EDGE_MM - TOL <= y <= ph - EDGE_MM + TOL
        rulers = [r for r in filled_rects(reader, page) if min(r[2] - r[0], r[3] - r[1]) < 0.2]
        assert len(rulers) > 20, "ruler ticks"
        for x0, y0, x1, y1 in rulers:
            assert x0 >= EDGE_MM - TOL and y0 >= EDGE_MM - TOL and x1 <= pw - EDGE_MM + TOL and y1 <= ph - EDGE_MM + TOL
        texts = slug_positions(reader, page)
        slug = [t for t in texts if "deckgen" in t[2]]
        assert slug, texts
        for x, y, _ in texts:  # the baseline keeps its distance, with room for the descenders below it
            assert min(x, y, pw - x, ph - y) >= EDGE_MM + 0.35 - TOL


def test_the_slug_names_version_and_options_never_a_path(pazaak_sheets, tmp_path, project):
    from deckgen import __version__

    reader = PdfReader(pazaak_sheets / "side-en-reprint-a4.pdf")
    slug = " ".join(t for _, _, t in slug_positions(reader, 0))
    assert f"deckgen {__version__}" in slug and "A4" in slug and "72 dpi" in slug and "duplex long" in slug
    assert "/" not in slug.replace("1/1", "").replace("sheet", "")
    again = tmp_path / "again"  # another folder, no cache: the same bytes
    reprint(project, again, ["plus-1"], use_cache=False)
    reprint(project, tmp_path / "third", ["plus-1"], use_cache=False)
    first = (again / "pazaak" / "side-en-reprint-a4.pdf").read_bytes()
    assert first == (tmp_path / "third" / "pazaak" / "side-en-reprint-a4.pdf").read_bytes()


def test_the_printer_profile_moves_every_back_by_exactly_its_shift(tmp_path, project):
    plain = reprint(project, tmp_path / "plain", ["plus-1", "minus-2", "double"])
    moved = reprint(project, tmp_path / "moved", ["plus-1", "minus-2", "double"],
                    printer=PrinterProfile("test", 1.25, -0.5))
    name = "side-en-reprint-a4.pdf"
    a = PdfReader(next(p for p in plain if p.name == name))
    b = PdfReader(next(p for p in moved if p.name == name))
    fronts_a, _ = images_and_lines(a, 0)
    fronts_b, _ = images_and_lines(b, 0)
    assert [(i.x, i.y) for i in fronts_a] == [(i.x, i.y) for i in fronts_b]  # fronts stay put
    backs_a, marks_a = images_and_lines(a, 1)
    backs_b, marks_b = images_and_lines(b, 1)
    assert len(backs_a) == len(backs_b) == 3
    for i, j in zip(backs_a, backs_b):
        assert abs((j.x - i.x) - 1.25) < 1e-3 and abs((j.y - i.y) + 0.5) < 1e-3
    for m, n in zip(marks_a, marks_b):  # the marks of the backs page move with the cards
        assert abs((n[0] - m[0]) - 1.25) < 1e-3 and abs((n[1] - m[1]) + 0.5) < 1e-3


def test_a_scaled_profile_scales_the_backs_about_the_page_centre(tmp_path, project):
    written = reprint(project, tmp_path, ["plus-1"], printer=PrinterProfile("s", 0.0, 0.0, 1.01, 0.99))
    reader = PdfReader(next(p for p in written if p.name == "side-en-reprint-a4.pdf"))
    front, = images_and_lines(reader, 0)[0]
    back, = images_and_lines(reader, 1)[0]
    assert abs(back.w - front.w * 1.01) < 1e-3 and abs(back.h - front.h * 0.99) < 1e-3


def test_a_broken_printer_profile_is_located(tmp_path):
    from deckgen.errors import DeckgenError

    bad = tmp_path / "printer.yaml"
    bad.write_text("name: office\nbacks:\n  shift_x: 0.5\n  shfit_y: 1\n", encoding="utf-8")
    with pytest.raises(DeckgenError) as exc:
        load_profile(bad, "printer.yaml")
    assert str(exc.value.problems[0]).startswith("printer.yaml:4:")
    result = CliRunner().invoke(main, ["build", "pazaak", "--printer", str(bad), "--out", str(tmp_path / "o")])
    assert result.exit_code != 0 and "shfit_y" in result.output and "Traceback" not in result.output


def test_max_file_mb_splits_into_numbered_parts_of_whole_sheets(tmp_path, project):
    cards = ["main-1", "main-2", "main-3", "main-4", "main-5", "main-6"]  # 24 cards, 3 sheets
    whole = reprint(project, tmp_path / "whole", cards)
    size = next(p for p in whole if p.name == "main-reprint-a4.pdf").stat().st_size
    out = tmp_path / "parts"
    written = reprint(project, out, cards, max_file_mb=size / 1024 / 1024 * 0.5)
    parts = sorted(p for p in written if p.name.startswith("main-reprint-a4"))
    assert [p.name for p in parts] == [f"main-reprint-a4-part{i}.pdf" for i in range(1, len(parts) + 1)]
    assert len(parts) >= 2
    assert sum(len(PdfReader(p).pages) for p in parts) == 6  # 3 sheets, fronts and backs
    assert all(len(PdfReader(p).pages) % 2 == 0 for p in parts)  # a sheet never parts from its backs page
    # built again without the limit: one file, the parts gone
    again = reprint(project, out, cards)
    assert (out / "pazaak" / "main-reprint-a4.pdf") in again
    assert not list((out / "pazaak").glob("main-reprint-a4-part*.pdf"))


def test_gutters_give_every_card_its_own_bleed(tmp_path, project):
    written = reprint(project, tmp_path, ["plus-1", "minus-2", "double"], layout="gutters")
    reader = PdfReader(next(p for p in written if p.name == "side-en-reprint-a4.pdf"))
    box = reader.pages[0].mediabox
    assert float(box.width) > float(box.height)  # A4 turned to landscape holds 8 instead of 6
    for image, clip in clipped_images(reader, 0):
        assert all(abs(a - b) < TOL for a, b in zip(clip, (image.x, image.y, image.x + image.w,
                                                           image.y + image.h)))


def test_print_and_cut_draws_registration_marks_and_no_crop_marks(tmp_path, project):
    written = reprint(project, tmp_path, ["plus-1"], layout="print-and-cut")
    reader = PdfReader(next(p for p in written if p.name == "side-en-reprint-a4.pdf"))
    _, lines = images_and_lines(reader, 0)
    assert lines == []
    squares = [r for r in filled_rects(reader, 0) if abs((r[2] - r[0]) - 5) < TOL and abs((r[3] - r[1]) - 5) < TOL]
    assert len(squares) == 1


def test_calibration_sheet_puts_a_grid_behind_every_cross(tmp_path):
    result = CliRunner().invoke(main, ["calibrate", "--paper", "letter", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "calibrate-letter-long.pdf")
    assert len(reader.pages) == 2
    pw = PAPERS_MM["letter"][0]
    _, front = images_and_lines(reader, 0)
    _, back = images_and_lines(reader, 1)
    crosses = {(round((a[0] + a[2]) / 2, 2), round(a[1], 2)) for a in front if abs(a[2] - a[0] - 16) < TOL}
    zero_lines = {(round((b[0] + b[2]) / 2, 2), round(b[1], 2)) for b in back if abs(b[2] - b[0] - 10) < TOL}
    assert len(crosses) == 5
    for x, y in crosses:  # turned over the long edge, the back's grid centre is at the mirrored x
        assert (round(pw - x, 2), y) in zero_lines


def test_calibrate_saves_the_reading_as_a_profile(tmp_path):
    path = tmp_path / "office.yaml"
    result = CliRunner().invoke(main, ["calibrate", "--shift", "0.8,-0.4", "--printer", str(path)])
    assert result.exit_code == 0, result.output
    assert load_profile(path) == PrinterProfile("", 0.8, -0.4)
    result = CliRunner().invoke(main, ["calibrate", "--shift", "12,0", "--printer", str(tmp_path / "x.yaml")])
    assert result.exit_code != 0 and "--shift" in result.output and not (tmp_path / "x.yaml").exists()


def test_a_pdf_streamed_to_its_file_is_the_pdf_made_in_memory(tmp_path):
    """Sheets and single cards are written object by object, each raster read from its cache file only
    while it is written: the bytes are those of the PDF made whole in memory."""
    import io
    import zlib

    from deckgen.layout.geometry import plan_sheet
    from deckgen.layout.sheets import SheetJob, write_sheets
    from deckgen.layout.single import write_single_cards
    from deckgen.model import CardSize
    from deckgen.render.raster import RasterImage
    from deckgen.render.store import Store, encode_raster

    store = Store(tmp_path / "cache")
    size = CardSize(63, 88, 3)
    w, h = size.pixels(30)
    faces = []
    for n in range(4):
        key = f"{n:064x}"
        data = zlib.compress(bytes([40 * n, 200 - 30 * n, 90]) * (w * h), 1)
        path = store.raster_path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(encode_raster(w, h, data))
        faces.append((RasterImage(w, h, data, key), store.stored_raster(key)))
    held = [f for f, _ in faces]
    lazy = [s for _, s in faces]
    assert all(not isinstance(s, RasterImage) for s in lazy)  # a handle, not the pixels
    plan = plan_sheet(*PAPERS_MM["a4"], size)
    in_memory = write_sheets(plan, SheetJob("t", held[:3], [held[3]] * 3, "long", "s"), "Helvetica")
    streamed = io.BytesIO()
    assert write_sheets(plan, SheetJob("t", lazy[:3], [lazy[3]] * 3, "long", "s"), "Helvetica", out=streamed) is None
    assert streamed.getvalue() == in_memory
    cards = io.BytesIO()
    write_single_cards(size, "t", lazy[:3], [lazy[3]] * 3, "Helvetica", cards)
    assert cards.getvalue() == write_single_cards(size, "t", held[:3], [held[3]] * 3, "Helvetica")
    assert len(PdfReader(io.BytesIO(cards.getvalue())).pages) == 4


def test_a_pdf_written_while_its_faces_are_drawn_reads_each_face_once_it_is_drawn(tmp_path):
    """A deck's PDF is written while its faces are still being drawn: each face is waited for when the
    writer reaches it, and the bytes are those of a PDF written after all were drawn."""
    import io

    from deckgen.layout.single import write_single_cards
    from deckgen.model import CardSize
    from deckgen.render.raster import PendingRaster, RasterPool
    from deckgen.render.store import Store

    store = Store(tmp_path / "cache")
    pool = RasterPool(store, workers=1)
    size = CardSize(63, 88, 3)
    w, h = size.pixels(30)
    keys = []
    for n, colour in enumerate(("#c00000", "#00a000", "#0000c0")):
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94">'
               f'<rect width="69" height="94" fill="{colour}"/></svg>')
        keys.append(str(n) * 64)
        pool.submit(svg, w, h, keys[-1])
    handles = [pool.raster(k, w, h) for k in keys]
    assert all(isinstance(f, PendingRaster) for f in handles) and pool.drawn == 0
    streamed = io.BytesIO()
    write_single_cards(size, "t", handles, None, "Helvetica", streamed)
    assert pool.drawn == 3  # drawn as the writer read them
    assert streamed.getvalue() == write_single_cards(size, "t", [store.stored_raster(k) for k in keys], None,
                                                     "Helvetica")


def test_rasters_are_zlib_streams_with_or_without_isal(monkeypatch):
    """ISA-L compresses the rasters where its wheel installs; zlib elsewhere: the same format, and the
    compressor is part of every raster's cache key."""
    import sys
    import zlib

    from deckgen.render import store

    data = bytes(range(256)) * 2000
    name, compress = store._compressor()
    assert zlib.decompress(compress(data, 1)) == data and name in store.renderer_id()
    monkeypatch.setitem(sys.modules, "isal", None)  # a platform without the isal wheel
    name, compress = store._compressor()
    assert name.startswith("zlib") and zlib.decompress(compress(data, 1)) == data
