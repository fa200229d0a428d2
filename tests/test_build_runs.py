"""The build's smaller convention fixes: an instructions page never shifts a duplex file, ``--decks`` with
copies per deck named in the files, the shop file holding one deck, and a build removing only the files of
its own earlier run that it no longer writes."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from deckgen.build import BuildOptions, BuildReport, build
from deckgen.cli import main
from deckgen.loader import load_project
from deckgen.outputs.extra import plan_build
from deckgen.outputs.record import last_run
from deckgen.render.decks import options_store
from deckgen.scaffold import create_project


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    root = tmp_path_factory.mktemp("runs") / "proj"
    create_project(root)
    return root


def run(root, out, **kw) -> BuildReport:
    report = BuildReport()
    options = BuildOptions(dpi=72, out=out, workers=1, languages=("en",), booklets=False, **kw)
    build(load_project(root), ["demo"], options, report=report)
    return report


def test_an_instructions_page_gets_a_blank_back_so_duplex_backs_stay_behind_their_fronts(starter, tmp_path):
    run(starter, tmp_path, instructions=True, documents=False)
    pages = PdfReader(tmp_path / "demo" / "demo-en-a4.pdf").pages
    assert len(pages) == 4  # instructions, its blank back, fronts, backs
    assert pages[0].extract_text().strip() and not pages[1].extract_text().strip()
    assert "1/1" in pages[2].extract_text() and len(pages) % 2 == 0  # the fronts start an odd (front) page
    run(starter, tmp_path / "simplex", instructions=True, documents=False, duplex="none")
    assert len(PdfReader(tmp_path / "simplex" / "demo" / "demo-en-a4.pdf").pages) == 2  # no back to keep


def test_the_plan_counts_the_blank_back_too(starter, tmp_path):
    options = BuildOptions(out=tmp_path, languages=("en",), instructions=True, documents=False)
    sheets = next(p for p in plan_build(load_project(starter), ["demo"], options) if p.kind == "sheets")
    assert sheets.pages == 4


def test_copies_per_deck_are_in_the_sheet_names_and_the_shop_file_holds_one_deck(starter, tmp_path):
    report = run(starter, tmp_path, decks=("demo",), deck_copies=(("demo", 3),), documents=False)
    names = sorted(p.name for p in report.written)
    assert names == ["demo-en-cards.pdf", "demo-en-x3-a4.pdf"]
    one_deck = load_project(starter).games["demo"].decks["demo"].total_cards
    assert len(PdfReader(tmp_path / "demo" / "demo-en-cards.pdf").pages) == one_deck + 1  # one deck, its back
    assert len(PdfReader(tmp_path / "demo" / "demo-en-x3-a4.pdf").pages) == 2 * 2  # 3 x 4 cards, 9 a sheet
    record = last_run(options_store(BuildOptions(out=tmp_path)), load_project(starter), "demo",
                      BuildOptions(out=tmp_path, languages=("en",), decks=("demo",), deck_copies=(("demo", 3),),
                                   documents=False, booklets=False))
    assert record is not None and record["copies"] == {"demo-en": 3}


def test_decks_names_an_unknown_deck_with_the_ones_there_are(starter, tmp_path):
    result = CliRunner().invoke(main, ["build", "demo", "--decks", "demo:2,dem", "--project", str(starter),
                                       "--out", str(tmp_path), "--plan"])
    assert result.exit_code == 2
    assert "--decks: no deck 'dem' (did you mean 'demo'?) in demo (its decks: demo)" in result.output
    bad = CliRunner().invoke(main, ["build", "--decks", "demo:two", "--project", str(starter), "--plan"])
    assert bad.exit_code == 2 and "--decks: 'demo:two': the copies after ':' must be a whole number" in bad.output
    assert not (tmp_path / "demo").exists()


def test_faces_names_the_variants_there_are(starter):
    result = CliRunner().invoke(main, ["build", "--faces", "gold", "--project", str(starter), "--plan"])
    assert result.exit_code == 2 and "it has no variants" in result.output


def test_a_rebuild_removes_its_own_earlier_files_and_only_those(starter, tmp_path):
    run(starter, tmp_path, copies=2, documents=False)
    mine = tmp_path / "demo" / "demo-en-x2-a4.pdf"
    theirs = tmp_path / "demo" / "my-notes.pdf"
    theirs.write_bytes(b"%PDF-1.4 the organiser's own file")
    report = run(starter, tmp_path, copies=1, documents=False)
    assert report.removed == [mine] and not mine.exists()
    assert theirs.exists() and (tmp_path / "demo" / "demo-en-a4.pdf").exists()
    german = BuildReport()
    build(load_project(starter), ["demo"], BuildOptions(dpi=72, out=tmp_path, workers=1, languages=("de",),
                                                        booklets=False, documents=False), report=german)
    assert german.removed == [] and (tmp_path / "demo" / "demo-en-a4.pdf").exists()  # another run: kept
