"""Beyond the duplex sheet: gutter-fold, the printing-instructions page, cut files, Tabletop Simulator
and Screentop exports — read back from the files."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from pypdf import PdfReader

from deckgen.build import BuildOptions, build
from deckgen.export import export_preset
from deckgen.layout.geometry import LayoutError, plan_sheet
from deckgen.layout.layouts import load_layout
from deckgen.layout.papers import PAPERS_MM
from deckgen.model import CardSize
from deckgen.presets import load_preset
from tests.pdfread import images_and_lines

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

TOL = 0.1
SIDE = ["plus-1", "minus-2", "double", "tiebreaker", "plusminus-3"]


def reprint(project, out, **extra):
    """The side deck's reprint of SIDE, in one process (workers=1: the sheets are the point, not the workers)."""
    return build(project, ["pazaak"], BuildOptions(dpi=72, out=out, languages=("en",), cards=tuple(SIDE),
                                                   documents=False, workers=1, **extra))


@settings(deadline=None)  # examples: the profile (tests/conftest.py)
@given(st.sampled_from(["a4", "letter"]), st.floats(40, 90), st.floats(50, 120), st.sampled_from([0.0, 2.0, 3.0]),
       st.sampled_from(["vertical", "horizontal"]))
def test_after_the_fold_every_back_lies_behind_its_front(paper, w, h, bleed, axis):
    layout = load_layout("gutter-fold")
    layout = type(layout)(**{**layout.__dict__, "fold": axis})
    try:
        plan = plan_sheet(*PAPERS_MM[paper], CardSize(w, h, bleed, 3.0), layout)
    except LayoutError:
        return
    f = plan.fold_at
    for front, back in zip(plan.front_slots(), plan.back_slots("long")):
        a, b = front.trim, back.trim
        if axis == "vertical":  # folding maps x to 2f - x
            assert abs((2 * f - b.x1) - a.x) < 1e-6 and abs(b.y - a.y) < 1e-6 and back.rotate == 0
            assert max(a.x1, front.clip.x1) <= f and back.clip.x >= f  # no bleed crosses the fold
        else:
            assert abs((2 * f - b.y1) - a.y) < 1e-6 and abs(b.x - a.x) < 1e-6 and back.rotate == 180
            assert front.clip.y >= f and back.clip.y1 <= f


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_gutter_fold_pages_put_fronts_and_backs_on_one_page(tmp_path, project, paper):
    written = reprint(project, tmp_path, layout="gutter-fold", paper=paper)
    reader = PdfReader(next(p for p in written if p.name == f"side-en-reprint-{paper}.pdf"))
    plan = plan_sheet(*PAPERS_MM[paper], CardSize(63, 88, 3, 3), load_layout("gutter-fold"))
    assert len(reader.pages) == -(-len(SIDE) // plan.per_sheet)  # no separate backs pages
    images, lines = images_and_lines(reader, 0)
    n = min(len(SIDE), plan.per_sheet)
    fronts, backs = images[:n], images[n:2 * n]
    assert len(backs) == n
    f = plan.fold_at
    for a, b in zip(fronts, backs):  # read back from the PDF: mirrored across the fold within 0.1 mm
        assert abs((2 * f - (b.x + b.w)) - a.x) < TOL and abs(b.y - a.y) < TOL
    assert any(abs(x0 - f) < TOL and abs(x1 - f) < TOL for x0, y0, x1, y1 in lines)  # the fold line


def test_the_instructions_page_speaks_the_decks_language(tmp_path, project):
    build(project, ["pazaak"], BuildOptions(dpi=72, out=tmp_path, languages=("ru",), cards=("plus-1",),
                                            documents=False, instructions=True, workers=1))
    reader = PdfReader(tmp_path / "pazaak" / "side-ru-reprint-a4.pdf")
    text = reader.pages[0].extract_text()
    assert "Как напечатать эту колоду" in text and "100 %" in text and "длинному краю" in text
    assert len(reader.pages) == 2 + 2  # the page and its blank back, then a fronts and a backs page


def test_the_cut_file_traces_the_trim_of_every_card(tmp_path, project):
    written = reprint(project, tmp_path, layout="print-and-cut", cut_file=True)
    pdf = next(p for p in written if p.name == "side-en-reprint-a4.pdf")
    svg = pdf.with_name("side-en-reprint-a4-cut-1.svg")
    assert svg in written
    reader = PdfReader(pdf)
    ph = float(reader.pages[0].mediabox.height) * 25.4 / 72
    images, _ = images_and_lines(reader, 0)
    root = ET.parse(svg).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    cuts = [r for r in root.iter(ns + "rect") if r.get("id", "").startswith("card-")]
    assert len(cuts) == len(images)
    for image, rect in zip(images, cuts):
        x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
        # the trim is the image less 3 mm of bleed; the SVG's y runs down from the top
        assert abs(x - (image.x + 3)) < TOL and abs(w - (image.w - 6)) < TOL and abs(h - (image.h - 6)) < TOL
        assert abs(y - (ph - (image.y + image.h - 3))) < TOL and rect.get("rx") == "3"
    assert len(list(root.iter(ns + "g"))) == 2  # the cut lines and the registration marks


@pytest.mark.slow  # the whole classic deck at Tabletop Simulator's size
def test_tabletop_simulator_grids_and_saved_object(tmp_path, project):
    from deckgen.build import BuildOptions as Options

    options = Options(out=tmp_path, languages=("en",), dpi=72)
    report = export_preset(project, ["classic"], load_preset("tts", project.root), options, None,
                           "https://example.org/decks")
    folder = tmp_path / "classic" / "tts"
    grids = sorted(folder.glob("classic-en-[0-9].png"))
    assert len(grids) == 2  # 76 cards: 69 on the first grid, 7 on the second
    for grid in grids:
        with Image.open(grid) as im:
            assert max(im.size) <= 4096 and im.size[0] % 10 == 0 and im.size[1] % 7 == 0
    saved = json.loads((folder / "classic-en.json").read_text(encoding="utf-8"))
    state = saved["ObjectStates"][0]
    assert state["Name"] == "DeckCustom" and len(state["DeckIDs"]) == 76
    for deck in state["CustomDeck"].values():
        assert (deck["NumWidth"], deck["NumHeight"]) == (10, 7)
        for url in (deck["FaceURL"], deck["BackURL"]):
            assert url.startswith("https://example.org/decks/")
            assert (folder / url.rsplit("/", 1)[1]).is_file()
    deck = project.games["classic"].decks["classic"]
    order = [c.id for c in deck.cards for _ in range(c.count)]
    assert [c["Description"] for c in state["ContainedObjects"]] == order
    assert state["DeckIDs"][:2] == [100, 101] and state["DeckIDs"][69] == 200
    assert report.written


def test_screentop_writes_a_png_per_face_and_a_manifest_of_names_and_counts(tmp_path, project):
    options = BuildOptions(out=tmp_path, languages=("de",), dpi=72, cards=("plus-1", "double"), workers=1)
    export_preset(project, ["pazaak"], load_preset("screentop", project.root), options)
    manifest = json.loads((tmp_path / "pazaak" / "screentop" / "side-de.json").read_text(encoding="utf-8"))
    names = {c["id"]: c for c in manifest["cards"]}
    assert names["double"]["name"] == "Doppel" and names["double"]["count"] == 1
    for card in manifest["cards"]:
        assert (tmp_path / "pazaak" / "screentop" / card["front"]).is_file()
        assert (tmp_path / "pazaak" / "screentop" / card["back"]).is_file()
