"""Pazaak print kit: built PDFs (geometry, page counts, fonts) and the Pazaak checks.

Everything runs on a copy of the project holding only the Pazaak game
(deckgen.yaml, data/pazaak, templates, fonts) in a temporary folder, built
at 72 dpi in English.
"""

from __future__ import annotations

import math
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from deckgen.checks import run_checks
from deckgen.cli import main
from deckgen.games.pazaak import checks as pazaak_checks
from deckgen.games.pazaak import engine
from deckgen.registry import CheckContext
from deckgen.layout.geometry import plan_sheet
from deckgen.layout.papers import PAPERS_MM
from deckgen.loader import load_project
from tests.conftest import copy_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

REPO = Path(__file__).resolve().parents[1]
MM = 72 / 25.4
CARD_MM = (63.0, 88.0)
BLEED_MM = 3.0
NAMED_DECKS = ("starter", "charge", "bulwark", "smuggler", "veteran")


def make_project(root: Path) -> Path:
    """A project folder with only the Pazaak game, copied from the repository."""
    return copy_project(root, "pazaak")


def run(check, game, project=None) -> list[str]:
    """A Pazaak check's problems as lines."""
    return [str(p) for p in check(CheckContext(project, game, {}))]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """Build every Pazaak deck and document in English at 72 dpi (the booklet: tests/test_rulebooks.py);
    return the output folder of the game."""
    base = tmp_path_factory.mktemp("pazaak")
    project = make_project(base / "project")
    out = base / "out"
    result = CliRunner().invoke(main, ["build", "pazaak", "--project", str(project), "--dpi", "72",
                                       "--lang", "en", "--no-booklets", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / "pazaak"


@pytest.fixture
def project_copy(tmp_path) -> Path:
    return make_project(tmp_path / "project")


def _check(project: Path, *args: str):
    return CliRunner().invoke(main, ["check", "pazaak", *args, "--project", str(project)])


# --- built files -----------------------------------------------------------------------------

def test_every_deck_is_built_with_sheets_and_single_cards(built):
    names = {p.name for p in built.iterdir()}
    assert {"main-a4.pdf", "main-cards.pdf"} <= names  # the main deck carries no words: built once
    assert "score-en-cards.pdf" in names and not any("rules" in n for n in names)  # --no-booklets
    for deck in ("side", "score", *NAMED_DECKS):
        assert {f"{deck}-en-a4.pdf", f"{deck}-en-cards.pdf"} <= names


@pytest.mark.parametrize("stem, fronts", [("main", 40), ("side-en", 23), ("score-en", 1),
                                          *[(f"{d}-en", 10) for d in NAMED_DECKS]])
def test_single_card_pdf_geometry(built, stem, fronts):
    reader = PdfReader(built / f"{stem}-cards.pdf")
    assert len(reader.pages) == fronts + 1  # every physical front, then the back
    w, h = ((CARD_MM[0] + 2 * BLEED_MM) * MM, (CARD_MM[1] + 2 * BLEED_MM) * MM)
    b = BLEED_MM * MM
    for page in (reader.pages[0], reader.pages[-1]):
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, w, h], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, w, h], abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx([b, b, w - b, h - b], abs=0.01)


@pytest.mark.parametrize("stem, fronts", [("main", 40), ("side-en", 23), ("score-en", 1), ("starter-en", 10)])
def test_sheet_pages_are_fronts_plus_backs_on_a4(built, stem, fronts):
    project = load_project(built.parent.parent / "project")
    plan = plan_sheet(*PAPERS_MM["a4"], project.games["pazaak"].decks["main"].size)
    sheets = math.ceil(fronts / plan.per_sheet)
    reader = PdfReader(built / f"{stem}-a4.pdf")
    assert len(reader.pages) == 2 * sheets
    paper_w, paper_h = (v * MM for v in PAPERS_MM["a4"])
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(paper_w, abs=0.5)
        assert float(page.mediabox.height) == pytest.approx(paper_h, abs=0.5)


@pytest.mark.parametrize("name", ["main-a4.pdf", "main-cards.pdf", "side-en-a4.pdf", "score-en-cards.pdf"])
def test_every_font_is_embedded(built, name):
    listing = subprocess.run(["pdffonts", str(built / name)], capture_output=True, text=True, check=True).stdout
    rows = listing.strip().splitlines()[2:]
    if name.endswith("-a4.pdf"):
        assert rows, "a sheet PDF prints its slug line in the body font"
    for row in rows:
        # columns: name type encoding emb sub uni object ID; "emb" is the 4th field from the right
        assert row.split()[-5] == "yes", row


def test_main_and_side_backs_differ(built):
    """The main-deck back and the side-deck back are different images."""
    main_back = PdfReader(built / "main-cards.pdf").pages[-1]
    side_back = PdfReader(built / "side-en-cards.pdf").pages[-1]
    starter_back = PdfReader(built / "starter-en-cards.pdf").pages[-1]

    def image_bytes(page):
        return [img.data for img in page.images]

    assert image_bytes(main_back) != image_bytes(side_back)
    assert image_bytes(side_back) == image_bytes(starter_back)  # every side deck shares the side back


# --- checks ----------------------------------------------------------------------------------

@pytest.mark.slow  # the whole game checked end to end (CI runs it; test_player_text and the rulebook tests hold its parts)
def test_check_is_clean(project_copy):
    result = _check(project_copy)
    assert result.exit_code == 0, result.output
    assert "ok: pazaak" in result.output


def test_a_wrong_rule_example_is_reported_at_its_line(project_copy):
    path = project_copy / "data/pazaak/decisions.yaml"
    text = path.read_text(encoding="utf-8")
    old = '[{name: A, table: ["7", "10", "+2"]}, {name: B, table: ["5", "D"]}]\n        winners: [A]'
    assert old in text
    path.write_text(text.replace(old, old.replace("winners: [A]", "winners: [B]")), encoding="utf-8")
    line = text[:text.index(old)].count("\n") + 1
    # an example is judged once, whatever the language; only the rule-decisions check (in process): drawing
    # and fitting every face is not what this test is about
    lines = [str(p) for p in run_checks(load_project(project_copy), ["pazaak"], only={"rule decisions"},
                                        languages=("en",)) if not p.warning]
    assert lines
    assert any(l.startswith(f"data/pazaak/decisions.yaml:{line}:") and "the engine judges A" in l
               for l in lines), lines


def test_named_side_decks_are_found_and_valid(project_copy):
    game = load_project(project_copy).games["pazaak"]
    decks = pazaak_checks.named_side_decks(game)
    assert sorted(d.id for d in decks) == sorted(NAMED_DECKS)
    for deck in decks:
        assert deck.total_cards == 10
        assert engine.validate_side_deck([c.code for c in deck.physical_cards()]) == []


def test_catalogue_matches_the_engine(project_copy):
    deck = load_project(project_copy).games["pazaak"].decks["side"]
    assert sorted(c.code for c in deck.cards) == sorted(engine.CATALOGUE_IDS)


def test_side_deck_of_eleven_cards_is_reported(project_copy):
    edit(project_copy / "data/pazaak/game.yaml", "pick: {plusminus-1: 2,", "pick: {plusminus-1: 3,")
    game = load_project(project_copy).games["pazaak"]
    problems = run(pazaak_checks.check_side_decks, game)
    assert len(problems) == 1
    assert problems[0].startswith("data/pazaak/game.yaml:")
    assert "decks.starter" in problems[0] and "exactly 10 cards, this one has 11" in problems[0]


def test_side_card_unknown_to_the_engine_is_reported(project_copy):
    side = project_copy / "data/pazaak/side.yaml"
    side.write_text(side.read_text(encoding="utf-8") + '- {id: plus-7, kind: plus, value: 7, code: "+7"}\n',
                    encoding="utf-8")
    for lang in ("en", "de", "fr", "ru"):
        edit(project_copy / f"data/pazaak/lang/{lang}.yaml", "cards:\n",
             'cards:\n  plus-7: {name: "Plus 7", text: "+7"}\n')
    edit(project_copy / "data/pazaak/game.yaml", "plusminus-6: 1}", "plusminus-6: 1, plus-7: 1}")
    edit(project_copy / "data/pazaak/game.yaml", "pick: {plusminus-1: 2,", "pick: {plusminus-1: 1,")
    game = load_project(project_copy).games["pazaak"]
    catalogue = run(pazaak_checks.check_catalogue, game)
    assert any("side.yaml" in p and "plus-7 has code '+7'" in p for p in catalogue), catalogue
    decks = run(pazaak_checks.check_side_decks, game)
    assert len(decks) == 1 and "decks.starter" in decks[0] and "'+7' is not a side card" in decks[0]


def test_side_deck_picking_a_card_not_in_the_catalogue_fails_the_check(project_copy):
    edit(project_copy / "data/pazaak/game.yaml", "pick: {plusminus-1: 2,", "pick: {plus-9: 1, plusminus-1: 1,")
    result = _check(project_copy)
    assert result.exit_code != 0
    assert "no card 'plus-9'" in result.output


def test_main_deck_with_a_missing_card_is_reported(project_copy):
    edit(project_copy / "data/pazaak/main.yaml", "{id: main-7, count: 4,", "{id: main-7, count: 3,")
    game = load_project(project_copy).games["pazaak"]
    problems = run(pazaak_checks.check_main_deck, game)
    assert any(p.startswith("data/pazaak/main.yaml:") and "4 cards of value 7, this data gives 3" in p
               for p in problems), problems
    assert any("has 40 cards, this one has 39" in p for p in problems), problems


def test_main_deck_with_a_wrong_value_is_reported(project_copy):
    edit(project_copy / "data/pazaak/main.yaml", "{id: main-2, count: 4, kind: main, value: 2}",
         "{id: main-2, count: 4, kind: main, value: 3}")
    problems = run(pazaak_checks.check_main_deck, load_project(project_copy).games["pazaak"])
    assert any("4 cards of value 2, this data gives 0" in p for p in problems), problems
    assert any("4 cards of value 3, this data gives 8" in p for p in problems), problems


def test_check_cli_reports_a_broken_main_deck(project_copy):
    edit(project_copy / "data/pazaak/main.yaml", "{id: main-1, count: 4, kind: main, value: 1}",
         "{id: main-1, count: 4, kind: plus, value: 1}")
    result = _check(project_copy, "--lang", "en")  # engine data: no language's faces can be checked
    assert result.exit_code == 2
    assert "main-1 is a 'plus' card" in result.output
