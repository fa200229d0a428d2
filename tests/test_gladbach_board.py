"""The Gladbach round board: one SVG template, printed whole (A3 / Tabloid) and tiled (two A4 / Letter sheets).

Rendered in-process (no full build): every language is rendered and checked
on both papers; the PDFs, whose geometry does not depend on the language,
are composed once per paper and read back with pypdf.
"""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from functools import lru_cache
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from deckgen.documents import PRINTABLE_MARGIN_MM, _tiles, document_files, render_document, tile_plan
from deckgen.errors import DeckgenError
from deckgen.loader import load_project
from deckgen.layout.papers import LARGER_PAPER, PAPERS_MM

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "de", "fr", "ru")
PAPERS = ("a4", "letter")
MM = 72 / 25.4
TOL = 0.05  # mm


def _mm(box) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a PDF box in mm, origin bottom-left."""
    return tuple(float(v) / MM for v in (box.left, box.bottom, box.right, box.top))


@lru_cache(maxsize=None)
def _gladbach():
    """(project, game, the board's DocumentSpec, engine data), loaded once per process."""
    project = load_project(ROOT)
    game = project.games["gladbach"]
    return project, game, game.documents["board"], project.descriptor(game).data_for(game)


@lru_cache(maxsize=None)
def _board(lang: str):
    """The board rendered in ``lang`` (its fixed-size page is the same on every paper)."""
    project, game, spec, data = _gladbach()
    return render_document(project, game, spec, lang, "a4", data)


@lru_cache(maxsize=None)
def _pdfs(paper: str) -> dict:
    """The English board's PDFs for ``paper``: {"large": PdfReader, "tiled": PdfReader}."""
    files = document_files(_board("en"), paper, "test")
    assert [found for _, _, found in files] == [[], []]
    by_name = {name: PdfReader(BytesIO(data)) for name, data, _ in files}
    return {"large": by_name[f"board-en-{LARGER_PAPER[paper]}.pdf"], "tiled": by_name[f"board-en-{paper}-tiled.pdf"]}


@pytest.fixture
def gladbach():
    return _gladbach()


def _overlap(spec) -> float:
    return float(spec.options.get("overlap_mm", 10))


# ------------------------------------------------------------------ rendering


@pytest.mark.parametrize("lang", LANGS)
def test_board_and_its_tiling_overlays_render_without_problems(gladbach, lang):
    project, game, spec, data = gladbach
    doc = _board(lang)
    assert doc.problems == []
    assert (doc.width, doc.height) == (277.0, 360.0)
    assert "<text" not in doc.svg
    for paper in PAPERS:
        assert render_document(project, game, spec, lang, paper, data).svg == doc.svg
        pages, overlays, problems = _tiles(doc, paper, _overlap(spec))
        assert problems == []
        assert len(pages) == len(overlays) == 2


def test_ranking_rows_are_the_summary_of_decisions_yaml(gladbach):
    """The board prints summary(): the six rows, each example hand as mini cards, in the deck's red."""
    _, game, _, _ = gladbach
    summary = game.decisions.summary
    assert len(summary) == 6
    svg = _board("en").svg
    cards = sum(len(p["hand"]) for row in summary for p in row.example.showdown["players"])
    assert svg.count('height="8.6" rx="1"') == cards  # one mini card per card of the examples
    red = game.style["colours"]["red"]
    assert red.lower() == "#ff4a2b"  # the cards' red (red, not orange: seed 000), tuned for colour-blind players
    assert red in svg and "#dc5a28" not in svg


def test_summary_relations_say_the_first_hand_wins_or_ties(gladbach):
    """'>' when the first example hand wins, '=' when the hands tie (what the board and the card print)."""
    _, game, _, _ = gladbach
    rows = _board("en").renderer.summary([])
    assert [r.relation for r in rows] == [">" if len(row.example.winners) == 1 else "="
                                          for row in game.decisions.summary]


# ------------------------------------------------------------------ the PDFs


@pytest.mark.parametrize("paper", PAPERS)
def test_large_print_is_one_page_of_the_larger_paper_holding_the_board(paper):
    reader = _pdfs(paper)["large"]
    assert len(reader.pages) == 1
    page = reader.pages[0]
    pw, ph = PAPERS_MM[LARGER_PAPER[paper]]  # portrait, like the board
    x0, y0, x1, y1 = _mm(page.mediabox)
    assert (x0, y0) == (0, 0) and x1 == pytest.approx(pw, abs=TOL) and y1 == pytest.approx(ph, abs=TOL)
    ax0, ay0, ax1, ay1 = _mm(page.artbox)
    assert min(ax0, ay0, pw - ax1, ph - ay1) >= PRINTABLE_MARGIN_MM - TOL
    assert (ax1 - ax0) / (ay1 - ay0) == pytest.approx(277 / 360, rel=1e-3)  # the whole board, not distorted
    if paper == "a4":
        assert (ax1 - ax0, ay1 - ay0) == (pytest.approx(277, abs=TOL), pytest.approx(360, abs=TOL))


@pytest.mark.parametrize("paper", PAPERS)
def test_tiled_print_is_two_landscape_sheets_with_the_parts_inside_the_margin(paper):
    reader = _pdfs(paper)["tiled"]
    assert len(reader.pages) == 2
    w, h = PAPERS_MM[paper]
    for page in reader.pages:
        x0, y0, x1, y1 = _mm(page.mediabox)
        assert (x1, y1) == (pytest.approx(max(w, h), abs=TOL), pytest.approx(min(w, h), abs=TOL))
        ax0, ay0, ax1, ay1 = _mm(page.artbox)
        assert min(ax0, ay0, x1 - ax1, y1 - ay1) >= 4.0 - TOL


def _board_placement(page) -> tuple[float, float, float]:
    """(scale, x, y in mm) of the board form on a tiled page (the placement with a clip)."""
    ops = page.get_contents().get_data().decode("ascii")
    m = re.search(r"re W n\s+([\d.]+) 0 0 [\d.]+ ([-\d.]+) ([-\d.]+) cm /Fx0 Do", ops)
    assert m, ops
    return float(m.group(1)), float(m.group(2)) / MM, float(m.group(3)) / MM


def _crosshairs(overlay_svg: str) -> list[tuple[float, float]]:
    """Centres (sheet mm, y down) of the crosshair rings of an overlay."""
    root = ET.fromstring(overlay_svg)
    return [(float(c.get("cx")), float(c.get("cy"))) for c in root.iter("{http://www.w3.org/2000/svg}circle")
            if c.get("stroke") != "#ffffff"]


@pytest.mark.parametrize("paper", PAPERS)
def test_cut_line_of_sheet_one_meets_the_glue_strip_end_of_sheet_two(gladbach, paper):
    """Sheet 1's cut edge, its crosshairs, and sheet 2's glue-strip end and crosshairs show one board line."""
    reader, doc = _pdfs(paper)["tiled"], _board("en")
    overlap = _overlap(gladbach[2])
    plan = tile_plan(doc.width, doc.height, paper, overlap)
    assert plan.sheets == 2
    (top1, cut), (glue_top, bottom2) = plan.parts
    assert (top1, bottom2) == (0, pytest.approx(doc.height))
    assert cut == pytest.approx(glue_top + overlap)
    _, overlays, _ = _tiles(doc, paper, overlap)
    seen = []
    for i, page in enumerate(reader.pages):
        s, _, oy = _board_placement(page)
        assert s == pytest.approx(plan.scale, abs=1e-5)
        board_top = oy + doc.height * s  # PDF y (mm) of the board's top edge
        ph = _mm(page.mediabox)[3]
        ax0, ay0, ax1, ay1 = _mm(page.artbox)
        assert (ay1 - ay0) / s == pytest.approx(plan.parts[i][1] - plan.parts[i][0], abs=TOL)
        # the art box is the strip of the board this sheet carries
        assert (board_top - ay1) / s == pytest.approx(plan.parts[i][0], abs=TOL)
        line = (board_top - ay0) / s if i == 0 else (board_top - (ay1 - overlap * s)) / s
        marks = _crosshairs(overlays[i])
        assert len(marks) == 4
        for cx, cy in marks:
            assert (board_top - (ph - cy)) / s == pytest.approx(line, abs=TOL)
        seen.append((line, sorted(round(cx, 3) for cx, _ in marks)))
    assert seen[0][0] == pytest.approx(cut, abs=TOL) and seen[1][0] == pytest.approx(cut, abs=TOL)
    assert seen[0][1] == seen[1][1]  # the crosshairs sit at the same x on both sheets


@pytest.mark.parametrize("paper", PAPERS)
def test_tiling_marks_stay_inside_the_printable_area(gladbach, paper):
    doc = _board("en")
    plan = tile_plan(doc.width, doc.height, paper, _overlap(gladbach[2]))
    lo, hi_x, hi_y = PRINTABLE_MARGIN_MM, plan.paper_w - PRINTABLE_MARGIN_MM, plan.paper_h - PRINTABLE_MARGIN_MM
    _, overlays, _ = _tiles(doc, paper, _overlap(gladbach[2]))
    ns = "{http://www.w3.org/2000/svg}"
    for svg in overlays:
        root = ET.fromstring(svg)
        clipped = {id(e) for g in root.iter(f"{ns}g") if g.get("clip-path") for e in g.iter()}
        for e in root.iter():
            if id(e) in clipped:
                continue
            if e.tag == f"{ns}line":
                xs, ys = (float(e.get("x1")), float(e.get("x2"))), (float(e.get("y1")), float(e.get("y2")))
            elif e.tag == f"{ns}circle":
                cx, cy, r = (float(e.get(k)) for k in ("cx", "cy", "r"))
                xs, ys = (cx - r, cx + r), (cy - r, cy + r)
            else:
                continue
            assert lo - TOL <= min(xs) and max(xs) <= hi_x + TOL, ET.tostring(e)
            assert lo - TOL <= min(ys) and max(ys) <= hi_y + TOL, ET.tostring(e)


# ------------------------------------------------------------------ located problems


def _copy_project(dest: Path) -> Path:
    """The bundled project with only gladbach: fonts, templates, data/gladbach and a deckgen.yaml."""
    shutil.copytree(ROOT / "fonts", dest / "fonts")
    shutil.copytree(ROOT / "templates", dest / "templates")
    shutil.copytree(ROOT / "data" / "gladbach", dest / "data" / "gladbach")
    text = (ROOT / "deckgen.yaml").read_text(encoding="utf-8")
    lines = ["games: [gladbach]" if line.startswith("games:") else line for line in text.splitlines()]
    (dest / "deckgen.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return dest


def test_a_placeholder_typo_in_the_round_label_is_located_in_the_language_file(tmp_path):
    root = _copy_project(tmp_path / "proj")
    en = root / "data" / "gladbach" / "lang" / "en.yaml"
    lines = en.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if line.strip().startswith("board.round:"))
    lines[index] = '  board.round: "Round {nn}"'
    en.write_text("\n".join(lines) + "\n", encoding="utf-8")
    try:
        project = load_project(root)
    except DeckgenError as exc:  # pragma: no cover - a loader that checks placeholders itself
        problems = list(exc.problems)
    else:
        game = project.games["gladbach"]
        data = project.descriptor(game).data_for(game)
        problems = render_document(project, game, game.documents["board"], "en", "a4", data).problems
    located = [p for p in problems if "{nn}" in p.message]
    assert located, problems
    for p in located:
        assert p.file == "data/gladbach/lang/en.yaml"
        assert p.line == index + 1
