"""Gladbach print kit: deck and reference PDFs, the board (A3 and tiled A4), fonts, checks, palette."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from deckgen.build import BuildOptions, build
from deckgen.outputs.extra import plan_build
from deckgen.cli import main
from deckgen.documents import tile_plan
from deckgen.games.gladbach.engine import CARD_KINDS
from tests.conftest import copy_project

ROOT = Path(__file__).resolve().parent.parent
PT = 25.4 / 72
BOARD_W, BOARD_H = 277.0, 360.0
DECK_SIZE = 152  # 8 of each of the 19 kinds, as data/gladbach/cards.yaml says
LANGS = ("en", "ru")  # one Latin and one Cyrillic kit; `check` fits every language's words (test_check_passes)
sys.path.insert(0, str(ROOT / "scripts"))
import colorblind  # noqa: E402

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)


def box_mm(box) -> tuple[float, ...]:
    return tuple(round(float(v) * PT, 2) for v in (box.left, box.bottom, box.right, box.top))


def kit_options(out: Path, booklets: bool) -> BuildOptions:
    """The kit at 72 dpi, drawn in this process (workers=1: the files are the point here, not the workers)."""
    return BuildOptions(paper="a4", dpi=72, out=out, languages=LANGS, booklets=booklets, workers=1)


@pytest.fixture(scope="module")
def built(tmp_path_factory, project):
    """The gladbach kit in English and Russian at 72 dpi, but for the rule booklets (test_files_written takes
    their names from the build's plan; tests/test_rulebook.py and the slow tests/test_rulebooks.py build
    booklets and look at their fonts)."""
    out = tmp_path_factory.mktemp("gladbach")
    written = build(project, ["gladbach"], kit_options(out, booklets=False))
    return out / "gladbach", written


def test_files_written(built, project):
    folder, written = built
    # what a whole build writes, booklets included, is what it plans (tests/test_outputs.py: plan == build)
    names = {p.path.name for p in plan_build(project, ["gladbach"], kit_options(folder.parent, booklets=True))}
    assert {p.name for p in written} == {n for n in names if "-rules-" not in n}
    expected = {"gladbach-a4.pdf", "gladbach-cards.pdf", "gladbach-tuckbox-a3.pdf"}  # no words: built once
    # 152 cards make a box 50 mm deep: its net needs A3
    for lang in LANGS:
        expected |= {f"reference-{lang}-a4.pdf", f"reference-{lang}-cards.pdf",
                     f"board-{lang}-a3.pdf", f"board-{lang}-a4-tiled.pdf"}
        if (ROOT / "data/gladbach/rules" / f"{lang}.md").is_file():
            expected |= {f"gladbach-rules-{lang}.pdf", f"gladbach-rules-{lang}-booklet-a4.pdf"}
    assert names == expected


def test_deck_sheets_are_a4_with_a_backs_page_per_fronts_page(built):
    reader = PdfReader(built[0] / "gladbach-a4.pdf")
    assert len(reader.pages) % 2 == 0
    for page in reader.pages:
        assert box_mm(page.mediabox) == (0, 0, 210, 297)
    # 152 cards; nine poker cards with bleed fit an A4 sheet
    assert len(reader.pages) == 2 * math.ceil(DECK_SIZE / 9)


@pytest.mark.parametrize("name", ["gladbach-cards.pdf", "reference-en-cards.pdf", "reference-ru-cards.pdf"])
def test_single_card_pdfs_have_bleed_and_trim(built, name):
    reader = PdfReader(built[0] / name)
    expected_pages = DECK_SIZE + 1 if name.startswith("gladbach") else 2
    assert len(reader.pages) == expected_pages  # every card, then the back
    for page in reader.pages:
        assert box_mm(page.mediabox) == (0, 0, 69, 94)
        assert box_mm(page.bleedbox) == (0, 0, 69, 94)
        assert box_mm(page.trimbox) == (3, 3, 66, 91)


@pytest.mark.parametrize("lang", LANGS)
def test_board_a3_is_one_portrait_sheet_with_the_board_centred(built, lang):
    reader = PdfReader(built[0] / f"board-{lang}-a3.pdf")
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert box_mm(page.mediabox) == (0, 0, 297, 420)
    x0, y0, x1, y1 = box_mm(page.artbox)
    assert (round(x1 - x0, 2), round(y1 - y0, 2)) == (BOARD_W, BOARD_H)
    assert x0 == pytest.approx(297 - x1) and y0 == pytest.approx(420 - y1)


@pytest.mark.parametrize("lang", LANGS)
def test_board_tiles_are_two_a4_landscape_strips_with_the_overlap(built, project, lang):
    overlap = project.games["gladbach"].documents["board"].options["overlap_mm"]
    plan = tile_plan(BOARD_W, BOARD_H, "a4", overlap)
    tiles = PdfReader(built[0] / f"board-{lang}-a4-tiled.pdf")
    assert len(tiles.pages) == plan.sheets == 2
    parts = []
    for page in tiles.pages:
        assert box_mm(page.mediabox) == (0, 0, 297, 210)
        x0, y0, x1, y1 = box_mm(page.artbox)
        assert x0 >= 4 and y0 >= 4 and x1 <= 293 and y1 <= 206  # inside a printer's margins
        assert x1 - x0 == pytest.approx(BOARD_W * plan.scale, abs=0.02)  # the whole board's width
        parts.append((y1 - y0) / plan.scale)
    assert overlap == 10 and plan.scale >= 0.9
    # the strips, less the strip they share, make up exactly the whole board
    assert sum(parts) - overlap == pytest.approx(BOARD_H, abs=0.05)


def test_tile_plan_covers_the_board_with_one_overlap():
    plan = tile_plan(BOARD_W, BOARD_H, "a4", 12)
    (a0, a1), (b0, b1) = plan.parts
    assert (a0, b1) == (0, pytest.approx(BOARD_H))
    assert a1 - b0 == pytest.approx(12)


def test_every_font_embedded(built):
    folder, written = built
    with_text = 0
    for path in written:
        out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
        header, _, *rows = out.splitlines()
        emb = header.index("emb")
        for row in rows:
            assert row[emb:emb + 3] == "yes", f"{path.name}: {row}"
            assert "Helvetica" not in row and "Times" not in row, row
        with_text += bool(rows)
    assert with_text >= 2  # the deck sheets' slug lines; boards and cards draw their words as outlines


@pytest.mark.slow  # the whole game checked end to end (CI runs it); the _check tests below hold its parts
def test_check_passes():
    result = CliRunner().invoke(main, ["check", "gladbach", "--project", str(ROOT)])
    assert result.exit_code == 0, result.output
    assert "ok: gladbach" in result.output


# ----------------------------------------------------------------- broken data


@pytest.fixture
def gladbach_copy(tmp_path):
    """A writable copy of the project holding only the gladbach game."""
    return copy_project(tmp_path / "proj", "gladbach")


def _check(project_dir: Path, only=("gladbach composition", "gladbach deck sufficiency", "rule decisions")
           ) -> tuple[int, list[str]]:
    """The problems of the named checks (in process: rendering every face is not what these tests test)."""
    from deckgen.checks import run_checks
    from deckgen.loader import load_project

    problems = run_checks(load_project(project_dir), ["gladbach"], only=set(only))
    return (1 if problems else 0), [str(p) for p in problems]


def _edit_cards(project_dir: Path, old: str, new: str) -> None:
    path = project_dir / "data" / "gladbach" / "cards.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_the_engine_plays_with_the_counts_the_data_gives(gladbach_copy):
    from deckgen.loader import load_project

    _edit_cards(gladbach_copy, "{id: green-3, colour: green, number: 3, value: 3, count: 8}",
                "{id: green-3, colour: green, number: 3, value: 3, count: 7}")
    project = load_project(gladbach_copy)
    game = project.games["gladbach"]
    data = project.descriptor(game).data_for(game)
    assert data["composition"]["green:3"] == 7 and data["composition"]["green:4"] == 8
    assert data["facts"]["deck_size"] == DECK_SIZE - 1


def test_check_catches_an_unknown_card_and_a_wrong_value(gladbach_copy):
    _edit_cards(gladbach_copy, "{id: red-5, colour: red, number: 5, value: -5, count: 8}",
                "{id: red-5, colour: red, number: 5, value: 5, count: 8}\n"
                "- {id: green-0, colour: green, number: 0, value: 0, count: 8}")
    code, lines = _check(gladbach_copy)
    assert code == 1
    assert any(l.startswith("data/gladbach/cards.yaml:") and "green-0: not a card" in l for l in lines), lines
    assert any(l.startswith("data/gladbach/cards.yaml:") and "red-5.value: red-5 (red:5) is worth -5, not 5" in l
               for l in lines), lines


def test_check_catches_a_missing_kind(gladbach_copy):
    _edit_cards(gladbach_copy, "- {id: red-9, colour: red, number: 9, value: -9, count: 8}\n", "")
    code, lines = _check(gladbach_copy)
    assert code == 1
    assert "data/gladbach/cards.yaml: the deck lacks red:9" in lines


def test_check_catches_a_deck_too_small_for_six_players(gladbach_copy):
    path = gladbach_copy / "data" / "gladbach" / "cards.yaml"
    path.write_text(path.read_text().replace("count: 8}", "count: 5}"))
    code, lines = _check(gladbach_copy)
    assert code == 1
    assert any(l.startswith("data/gladbach/cards.yaml:") and "too few for 6 players" in l for l in lines), lines


def test_check_catches_an_example_judged_otherwise(gladbach_copy):
    path = gladbach_copy / "data/gladbach/decisions.yaml"
    text = path.read_text()
    old = '      - players: [{name: A, hand: ["green:1"]}, {name: B, hand: ["green:2"]}]\n        winners: [A]'
    assert old in text
    path.write_text(text.replace(old, old.replace("winners: [A]", "winners: [B]")))
    line = text[:text.index(old)].count("\n") + 1
    code, lines = _check(gladbach_copy)
    assert code == 1
    assert any(l.startswith(f"data/gladbach/decisions.yaml:{line}:") and "decisions.0.examples.1" in l
               and "the rule says B win(s), the engine judges A" in l for l in lines), lines


def test_data_declares_every_kind_eight_times(project):
    game = project.games["gladbach"]
    assert project.descriptor(game).composition(game) == {k: 8 for k in CARD_KINDS}


# -------------------------------------------------------------------- palette


def test_ciede2000_matches_published_pair():
    # Sharma, Wu & Dalal (2005) test data, pair 1
    assert colorblind.delta_e2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-3)


def test_green_and_red_faces_stay_apart_under_simulation(tmp_path, project):
    import cairosvg

    from deckgen.render.templates import DeckRenderer

    game = project.games["gladbach"]
    renderer = DeckRenderer(project, game, game.decks["gladbach"], "en")
    paths = []
    for card in game.decks["gladbach"].cards:
        if card.id in ("green-6", "green-1", "red-1", "red-8"):
            path = tmp_path / f"{card.id}.png"
            cairosvg.svg2png(bytestring=renderer.render_front(card).svg.encode(), write_to=str(path),
                             output_width=69, output_height=94)
            paths.append(path)
    lines, worst = colorblind.report(paths)
    assert worst >= 20, lines


def test_check_reports_board_text_that_does_not_fit(gladbach_copy):
    lang = gladbach_copy / "data/gladbach/lang/de.yaml"
    lines = lang.read_text(encoding="utf-8").splitlines()
    lines = [('  board.chips: "' + "Sehr langer Text " * 80 + '"') if l.strip().startswith("board.chips:") else l
             for l in lines]
    lang.write_text("\n".join(lines) + "\n", encoding="utf-8")
    line = next(i for i, l in enumerate(lines) if l.strip().startswith("board.chips:")) + 1
    # the check that fits the documents' words, in the planted language, in process (as `deckgen check --lang de`
    # runs it, its problems collapsed as the command prints them; rendering every face is not what this tests)
    from deckgen.checks import run_checks
    from deckgen.errors import collapse
    from deckgen.loader import load_project

    problems = collapse(run_checks(load_project(gladbach_copy), ["gladbach"], only={"documents"},
                                   languages=("de",)))
    found = [p for p in problems if str(p).startswith(f"data/gladbach/lang/de.yaml:{line}:")
             and "strings.board.chips: does not fit" in str(p) and "templates/gladbach/board.svg.j2:" in str(p)]
    assert found and all(not p.warning for p in found), [str(p) for p in problems]  # an error: check exits 2
