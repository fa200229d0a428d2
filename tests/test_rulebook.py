"""Rule booklets: pages, boxes, bookmarks, fonts, imposition order, languages, judged examples, structure.

Runs on the plugin test project's small two-language rulebook, so it tests
the machinery, not the bundled games' texts (tests/test_rulebooks.py).
"""

from __future__ import annotations

import io
import re
import subprocess

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from deckgen.errors import DeckgenError
from deckgen.loader import load_project
from deckgen.rulebook.build import build_rulebooks, check_rulebook
from deckgen.rulebook.impose import booklet_order, impose
from tests.conftest import fixture_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

PT = 72 / 25.4


def mm(v) -> float:
    return round(float(v) / PT, 1)


@pytest.fixture(scope="module", autouse=True)
def trusted_plugins():
    """The plugin project's own plugin runs here: trusted as a user's CI trusts it (DECKGEN_TRUST=1)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DECKGEN_TRUST", "1")
        yield


@pytest.fixture(scope="module")
def duel(tmp_path_factory):
    root = fixture_project("plugin", tmp_path_factory.mktemp("duel") / "p")
    project = load_project(root)
    game = project.games["duel"]
    return root, project, game, project.descriptor(game).data_for(game)


@pytest.fixture(scope="module")
def booklets(duel, tmp_path_factory):
    root, project, game, data = duel
    files, problems = build_rulebooks(project, game, ["en", "de"], "a4", data)
    assert problems == []
    out = tmp_path_factory.mktemp("books")
    for name, pdf in files:
        (out / name).write_bytes(pdf)
    return out


def test_reading_order_file_is_a5_with_bleed_trim_and_bookmarks(booklets):
    reader = PdfReader(booklets / "duel-rules-en.pdf")
    assert len(reader.pages) >= 3  # cover, contents, text
    for page in reader.pages:
        assert (mm(page.mediabox.width), mm(page.mediabox.height)) == (154.0, 216.0)
        assert [mm(v) for v in page.trimbox] == [3.0, 3.0, 151.0, 213.0]
        assert [mm(v) for v in page.bleedbox] == [0.0, 0.0, 154.0, 216.0]
    titles = [item.title for item in reader.outline if not isinstance(item, list)]
    assert titles[:2] == ["1 The game", "2 Decisions"]
    assert any(annot.get_object().get("/Subtype") == "/Link"
               for annot in reader.pages[1].get("/Annots", []))  # the contents page links to its sections


def test_every_bookmark_points_at_the_page_that_prints_its_heading(booklets):
    reader = PdfReader(booklets / "duel-rules-en.pdf")

    def entries(items):
        for item in items:
            yield from entries(item) if isinstance(item, list) else [item]

    for item in entries(reader.outline):
        page = reader.get_destination_page_number(item)
        heading = item.title.split(" ", 1)[1]
        assert heading in reader.pages[page].extract_text(), (item.title, page)


def test_every_font_is_embedded(booklets):
    for path in booklets.glob("*.pdf"):
        rows = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
        for row in rows.splitlines()[2:]:
            assert re.search(r"\byes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$", row), (path.name, row)


def test_the_imposed_file_has_a4_sides_two_pages_each(booklets):
    pages = len(PdfReader(booklets / "duel-rules-de.pdf").pages)
    imposed = PdfReader(booklets / "duel-rules-de-booklet-a4.pdf")
    assert len(imposed.pages) == 2 * -(-pages // 4)
    for side in imposed.pages:
        assert (mm(side.mediabox.width), mm(side.mediabox.height)) == (297.0, 210.0)


@pytest.mark.parametrize("lang,words", [("en", {"the", "and", "card"}), ("de", {"die", "und", "karte"})])
def test_the_text_is_in_its_language(booklets, lang, words):
    text = " ".join(p.extract_text() for p in PdfReader(booklets / f"duel-rules-{lang}.pdf").pages).lower()
    found = set(re.findall(r"\w+", text))
    assert words <= found
    other = {"en": {"und", "die"}, "de": {"the", "and"}}[lang]
    assert not (other & found)


def _numbered(pages: int) -> bytes:
    """A PDF of A5 pages with bleed, each printing its number big in the middle."""
    buffer = io.BytesIO()
    w, h = 154 * PT, 216 * PT
    canvas = Canvas(buffer, pagesize=(w, h))
    for n in range(1, pages + 1):
        canvas.setTrimBox((3 * PT, 3 * PT, w - 3 * PT, h - 3 * PT))
        canvas.setFont("Helvetica", 40)
        canvas.drawCentredString(w / 2, h / 2, f"P{n}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@pytest.mark.parametrize("pages", [8, 12, 16, 7])
def test_imposition_folds_into_reading_order(pages, tmp_path):
    path = tmp_path / "imposed.pdf"
    path.write_bytes(impose(_numbered(pages), (297, 210)))
    n = -(-pages // 4) * 4
    assert len(PdfReader(path).pages) == n // 2
    found = []
    for side in range(1, n // 2 + 1):  # poppler lays the words out left to right as they sit on the sheet
        text = subprocess.run(["pdftotext", "-layout", "-f", str(side), "-l", str(side), str(path), "-"],
                              capture_output=True, text=True, check=True).stdout
        found.append(re.findall(r"P\d+", text))
    expected = [[f"P{p}" for p in pair if p is not None] for pair in booklet_order(pages)]
    assert found == expected
    # folded: sheet s front (n-2s, 2s+1), back (2s+2, n-2s-1)
    assert booklet_order(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]
    flat = [p for pair in booklet_order(pages) for p in pair if p is not None]
    assert sorted(flat) == list(range(1, pages + 1))


def test_a_wrong_claim_fails_the_check_at_its_line(duel, tmp_path):
    root, *_ = duel
    proj = fixture_project("plugin", tmp_path / "p")
    de = proj / "data/duel/rules/de.md"
    text = de.read_text(encoding="utf-8")
    de.write_text(text.replace("winners: [Ana]", "winners: [Ben]"), encoding="utf-8")
    line = next(i for i, l in enumerate(de.read_text(encoding="utf-8").splitlines(), 1) if l.startswith("```example"))
    project = load_project(proj)
    game = project.games["duel"]
    problems = [str(p) for p in check_rulebook(project, game, project.descriptor(game).data_for(game))]
    assert any(p.startswith(f"data/duel/rules/de.md:{line}:") and "the text claims Ben win(s), the engine judges Ana"
               in p for p in problems), problems


def test_a_section_one_language_lacks_is_reported(tmp_path):
    proj = fixture_project("plugin", tmp_path / "p")
    de = proj / "data/duel/rules/de.md"
    text = de.read_text(encoding="utf-8")
    start = text.index("## Wer gewinnt")
    end = text.index("# Entscheidungen")
    de.write_text(text[:start] + text[end:], encoding="utf-8")
    project = load_project(proj)
    game = project.games["duel"]
    problems = [str(p) for p in check_rulebook(project, game, project.descriptor(game).data_for(game))]
    assert any("data/duel/rules/de.md:" in p and "lacks section 'winning' (level 2), which data/duel/rules/en.md:"
               in p for p in problems), problems
    assert any("lacks directive 'example'" in p for p in problems), problems


def test_a_heading_without_id_is_located(tmp_path):
    proj = fixture_project("plugin", tmp_path / "p")
    de = proj / "data/duel/rules/de.md"
    de.write_text(de.read_text(encoding="utf-8").replace("# Das Spiel {#game}", "# Das Spiel"), encoding="utf-8")
    project = load_project(proj)
    game = project.games["duel"]
    with pytest.raises(DeckgenError) as err:
        from deckgen.rulebook.source import read_source
        read_source(de, "data/duel/rules/de.md", "de")
    line = next(i for i, l in enumerate(de.read_text(encoding="utf-8").splitlines(), 1) if l == "# Das Spiel")
    assert str(err.value).startswith(f"data/duel/rules/de.md:{line}: heading 'Das Spiel' needs an id")
