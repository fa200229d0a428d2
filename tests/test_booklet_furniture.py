"""Booklet and sheet furniture: page count, notes pages and back cover, folios, list numerals, the home
imposition's printable area, localised slug lines, numbers and example names.

Runs on the starter project (`deckgen new`), whose booklet is one short
page of text, lengthened here with planted paragraphs; the bundled data is
read only where the furniture's words live there.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pikepdf
import pytest
from pypdf import PdfReader

from deckgen.loader import load_project
from deckgen.rulebook.build import build_rulebooks, render_booklet
from deckgen.rulebook.context import load_sources
from deckgen.scaffold import create_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

PT_PER_MM = 72 / 25.4


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    root = tmp_path_factory.mktemp("furniture") / "p"
    create_project(root)
    lang = root / "data" / "demo" / "lang" / "en.yaml"  # the reference card by name: listed on the back cover
    lang.write_text(lang.read_text(encoding="utf-8").replace("\nstrings:\n", "\nstrings:\n  document.reference: "
                                                             "\"Reference card\"\n", 1), encoding="utf-8")
    return root


def _project_with(root: Path, extra_en: str = "", extra_de: str = ""):
    """The starter project with text appended to its English and German booklets."""
    rules = root / "data" / "demo" / "rules"
    for lang, extra in (("en", extra_en), ("de", extra_de)):
        path = rules / f"{lang}.md"
        original = path.with_suffix(".orig")
        if not original.exists():
            original.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
        path.write_text(original.read_text(encoding="utf-8") + extra, encoding="utf-8")
    project = load_project(root)
    return project, project.games["demo"]


def _reading(project, game, lang: str = "en") -> PdfReader:
    sources, problems = load_sources(project, game, [lang])
    assert not [p for p in problems if not p.warning]
    pdf, problems = render_booklet(project, game, sources[lang], {}, "a5")
    assert problems == []
    return PdfReader(io.BytesIO(pdf))


class _Booklets(dict):
    """What one starter booklet makes, made once for the module when a test first asks for it (tests of one
    file run in one process): every test reads the same bytes that it would have made for itself."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        self[key] = self.make(key)
        return self[key]


@pytest.fixture(scope="module")
def english_reading(starter):
    """chapters -> the English reading-order booklet (A5) of the starter lengthened by that many chapters."""
    return _Booklets(lambda chapters: _reading(*_project_with(starter, _filler(chapters))))


@pytest.fixture(scope="module")
def english_rulebooks(starter):
    """chapters -> {name: PDF bytes} of build_rulebooks (reading and A4 imposed, English), the starter lengthened
    by that many chapters in English and German, and build_rulebooks' problems."""

    def make(chapters):
        project, game = _project_with(starter, _filler(chapters), _filler(chapters))
        files, problems = build_rulebooks(project, game, ["en"], "a4", {})
        return dict(files), problems

    return _Booklets(make)


def _filler(paragraphs: int) -> str:
    words = "Every player keeps their cards hidden until the end of the round, then shows them. " * 6
    return "".join(f"\n# Chapter {n} {{#filler-{n}}}\n\n{words}\n" for n in range(paragraphs))


def _texts(page) -> list[tuple[str, float, float, float]]:
    """(text, x, y, font size) of every text run of a page."""
    runs: list[tuple[str, float, float, float]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
            runs.append((text.strip(), tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5], size * scale))

    page.extract_text(visitor_text=visit)
    return runs


@pytest.mark.parametrize("chapters", [0, 5, 11])
def test_every_booklet_is_a_multiple_of_four_pages_reading_and_imposed(english_rulebooks, chapters):
    named, problems = english_rulebooks[chapters]
    assert problems == []
    reading = PdfReader(io.BytesIO(named["demo-rules-en.pdf"]))
    imposed = PdfReader(io.BytesIO(named["demo-rules-en-booklet-a4.pdf"]))
    assert len(reading.pages) % 4 == 0, len(reading.pages)
    assert len(imposed.pages) * 2 == len(reading.pages)  # two pages a side, no blank padding left to impose


def _is_notes_page(page, heading: str) -> bool:
    words = [text for text, *_ in _texts(page)]
    return heading in words and not any("Chapter" in w or "player keeps" in w for w in words)


@pytest.mark.parametrize("chapters", [2, 3, 4, 5])
def test_the_back_cover_is_the_last_page_after_the_notes_pages(english_reading, chapters):
    reader = english_reading[chapters]
    last = reader.pages[-1].extract_text()
    assert "Demo deck" in last and "4 cards" in last and "In this game" in last and "Demo Game" in last
    assert "Reference card" in last
    notes = [n for n, page in enumerate(reader.pages) if _is_notes_page(page, "Notes")]
    body = [n for n, page in enumerate(reader.pages) if "player keeps" in page.extract_text()]
    assert notes == list(range(body[-1] + 1, len(reader.pages) - 1)), (notes, body)  # all between text and back
    back = reader.pages[-1].get_contents().get_data().decode("latin-1")
    assert re.search(r"\b0 0 [\d.]+ [\d.]+ re f", back), "the back cover is painted edge to edge in its colour"


def test_some_booklet_lengths_need_notes_pages(english_reading):
    counts = []
    for chapters in (2, 3, 4, 5):
        reader = english_reading[chapters]
        counts.append(sum(_is_notes_page(page, "Notes") for page in reader.pages))
    assert len(set(counts)) > 1 and max(counts) >= 1, counts


def test_the_notes_page_heading_and_back_cover_speak_the_booklets_language(starter):
    for chapters in (2, 3, 4, 5):
        project, game = _project_with(starter, _filler(chapters), _filler(chapters))
        reader = _reading(project, game, "de")
        last = reader.pages[-1].extract_text()
        assert "Spielmaterial" in last and "4 Karten" in last and "Beispieldeck" in last
        if _is_notes_page(reader.pages[-2], "Notizen"):
            return
    pytest.fail("no length gave a notes page")


def test_page_numbers_stand_on_the_outer_edge(english_reading):
    reader = english_reading[5]
    width = float(reader.pages[0].mediabox.width)
    seen = 0
    for number, page in enumerate(reader.pages[1:-1], start=2):
        folios = [(x, y) for text, x, y, _ in _texts(page) if text == str(number) and y < 40 * PT_PER_MM]
        assert folios, f"page {number} has no page number at its foot"
        x = folios[0][0]
        if number % 2:
            assert x > width / 2, f"odd page {number}: its number belongs at the right (outer) edge"
        else:
            assert x < width / 2, f"even page {number}: its number belongs at the left (outer) edge"
        seen += 1
    assert seen >= 4


def test_list_numerals_are_set_at_the_text_size_on_its_baseline(starter):
    items = "\n# A list {#a-list}\n\n1. Shuffle the whole deck well.\n2. Deal three cards to each player.\n"
    project, game = _project_with(starter, items)
    reader = _reading(project, game)
    page = next(p for p in reader.pages if "Shuffle the whole deck" in p.extract_text())
    runs = _texts(page)
    numeral = next(r for r in runs if r[0] == "1.")
    text = next(r for r in runs if r[0].startswith("Shuffle the whole"))
    assert numeral[3] == pytest.approx(text[3], abs=0.01)
    assert numeral[2] == pytest.approx(text[2], abs=0.01)


def test_the_home_imposed_booklet_keeps_every_page_inside_the_printable_area(english_rulebooks):
    from deckgen.rulebook.impose import PRINTABLE_MARGIN_MM

    files, problems = english_rulebooks[0]  # the starter's own booklet, nothing added
    assert problems == []
    imposed = pikepdf.open(io.BytesIO(files["demo-rules-en-booklet-a4.pdf"]))
    margin = PRINTABLE_MARGIN_MM * PT_PER_MM
    for sheet in imposed.pages:
        width, height = float(sheet.mediabox[2]), float(sheet.mediabox[3])
        clips = re.findall(rb"q ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re W n", sheet.Contents.read_bytes())
        assert len(clips) == 2
        (lx, _, lw, _), (rx, _, _, _) = sorted(tuple(float(v) for v in clip) for clip in clips)
        assert lx + lw == pytest.approx(width / 2, abs=0.01) and rx == pytest.approx(width / 2, abs=0.01)  # fold
        for x, y, w, h in ((float(v) for v in clip) for clip in clips):
            assert x >= margin - 0.01 or x > width / 4  # a page's outer side stops short of the paper's edge
            assert x + w <= width - margin + 0.01
            assert y >= margin - 0.01 and y + h <= height - margin + 0.01


def test_a_german_sheets_slug_line_is_german():
    from deckgen.layout.geometry import plan_sheet
    from deckgen.layout.papers import PAPERS_MM
    from deckgen.layout.pdfimage import VectorFace
    from deckgen.layout.sheets import SheetJob, write_sheets
    from deckgen.layout.slug import settings_line
    from deckgen.model import CardSize

    settings = settings_line("de", "A4", 300, "duplex-long", 63, 88, 3, [], "9")
    assert settings == "A4 · 300 dpi · beidseitig, lange Kante · 63×88 mm + 3 mm Beschnitt · deckgen 9"
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94">'
           '<rect width="69" height="94" fill="#205060"/></svg>')
    face = VectorFace(svg, "card")
    plan = plan_sheet(*PAPERS_MM["a4"], CardSize(63, 88, 3))
    pdf = write_sheets(plan, SheetJob("Spiel – Deck (de)", [face] * 2, [face] * 2, "long", settings, lang="de"),
                       "Helvetica")
    reader = PdfReader(io.BytesIO(pdf))
    fronts, backs = (" ".join(page.extract_text().split()) for page in reader.pages)
    assert "Vorderseiten · Bogen 1/1" in fronts and "Rückseiten · Bogen 1/1" in backs
    for english in ("fronts", "backs", "sheet", "bleed", "duplex"):
        assert english not in fronts + backs


def test_a_russian_sheet_labels_its_ruler_in_russian():
    from deckgen.layout.geometry import plan_sheet
    from deckgen.layout.papers import PAPERS_MM
    from deckgen.layout.pdfcanvas import register_font
    from deckgen.layout.pdfimage import VectorFace
    from deckgen.layout.sheets import SheetJob, write_sheets
    from deckgen.model import CardSize
    from tests.conftest import ROOT

    font = register_font("FurnitureTestSans", ROOT / "fonts" / "PTS55F.ttf")
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94">'
           '<rect width="69" height="94" fill="#205060"/></svg>')
    plan = plan_sheet(*PAPERS_MM["a4"], CardSize(63, 88, 3))
    face = VectorFace(svg, "card")
    pdf = write_sheets(plan, SheetJob("Игра", [face], [face], "long", "A4", lang="ru"), font)
    fronts = " ".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
    assert "10 см" in fronts and "лицевые стороны · лист 1/1" in fronts and "10 cm" not in fronts


def test_a_deck_without_words_is_labelled_in_the_projects_first_language(starter):
    from deckgen.outputs.deckfiles import slug_language

    project, game = _project_with(starter)

    class Target:
        lang = "de"
        deck = type("Deck", (), {"localized": False})()

    assert slug_language(project, Target()) == project.languages[0] == "en"
    Target.deck.localized = True
    assert slug_language(project, Target()) == "de"


def test_french_numbers_are_grouped_with_a_narrow_no_break_space():
    from deckgen.rulebook.numbers import group_numbers, group_values

    assert group_numbers("Le programme a joué 2000 parties.", "fr") == "Le programme a joué 2\u202f000 parties."
    assert group_numbers("2000 партий, 10000 фишек", "ru") == "2000 партий, 10\u00a0000 фишек"  # from 5 digits
    assert group_numbers("8D-8D, {card:1000}, 84,2 %, games=2000", "fr") == "8D-8D, {card:1000}, 84,2 %, games=2000"
    assert group_values({"games": 12000, "few": 12, "flag": True}, "fr") == {"games": "12\u202f000", "few": 12,
                                                                            "flag": True}


def test_the_archeon_ante_steps_are_a_list_with_commas():
    from deckgen.games.archeon.reference import number_list

    assert number_list([1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6], "ru") == "1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6"


def test_a_hyphen_in_a_word_stays_a_hyphen_and_a_negative_number_gets_a_minus():
    from deckgen.rulebook.numbers import minus_signs

    assert minus_signs("5. Прайм-сабакк") == "5. Прайм-сабакк"
    assert minus_signs("-17") == "\u221217"
    assert minus_signs("total -3, 2-3") == "total \u22123, 2-3"


def test_russian_example_names_are_cyrillic():
    from tests.conftest import ROOT
    from deckgen.strings import player_name

    project = load_project(ROOT, only=["archeon", "classic", "pazaak", "gladbach"])
    for game in project.games.values():
        for engine_name in ("A", "B", "C"):
            shown = player_name(game, "ru", engine_name)
            assert re.fullmatch(r"[А-ЯЁ][а-яё]+", shown), (game.id, engine_name, shown)
            assert player_name(game, "en", engine_name) == engine_name  # a language without its own names
        for booklet_name in ("Ana", "Ben", "Cleo"):
            assert re.fullmatch(r"[А-ЯЁ][а-яё]+", player_name(game, "ru", booklet_name))
        prose = _prose(ROOT / "data" / game.id / "rules" / "ru.md")
        assert not re.search(r"\b(Ana|Ben|Cleo)\b", prose), game.id  # the text names them in Russian too


def _prose(path: Path) -> str:
    """A booklet source's words outside fenced directives, with the captions of its examples."""
    kept, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced or line.lstrip().startswith("caption:"):
            kept.append(line)
    return "\n".join(kept)


def test_an_archive_front_prints_as_vectors_without_rasterised_strips():
    """cairo rasterises what its PDF surface cannot express (the hatching once drawn in a group with
    opacity) into 300 dpi strips, and everything drawn over them later: the text beside a card on the
    reference sheet then looked like another typeface."""
    from deckgen.render.templates import DeckRenderer
    from deckgen.render.vector import svg_to_pdf
    from tests.conftest import ROOT

    project = load_project(ROOT, only=["archeon"])
    game = project.games["archeon"]
    deck = game.decks["archive"]
    svg = DeckRenderer(project, game, deck, "ru").render_front(deck.cards[0]).svg
    pdf = pikepdf.open(io.BytesIO(svg_to_pdf(svg)))
    images = []

    def collect(resources):
        for _, xobject in (resources.get("/XObject") or {}).items():
            if xobject.get("/Subtype") == "/Image":
                images.append(xobject)
            elif "/Resources" in xobject:
                collect(xobject.Resources)

    collect(pdf.pages[0].Resources)
    assert images == []


def test_a_booklet_prints_its_example_players_by_the_languages_names(tmp_path, monkeypatch):
    from deckgen.rulebook.build import build_rulebooks
    from tests.conftest import fixture_project

    monkeypatch.setenv("DECKGEN_TRUST", "1")  # the plugin project's own engine, trusted as its CI trusts it
    root = fixture_project("plugin", tmp_path / "p")
    lang = root / "data" / "duel" / "lang" / "de.yaml"
    lang.write_text(lang.read_text(encoding="utf-8").replace("\nstrings:\n", "\nstrings:\n  player.Ana: Anja\n", 1),
                    encoding="utf-8")
    project = load_project(root)
    game = project.games["duel"]
    files, problems = build_rulebooks(project, game, ["de"], "a4", project.descriptor(game).data_for(game))
    assert problems == []
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(dict(files)["duel-rules-de.pdf"])).pages)
    assert "Anja" in text and not re.search(r"\bAna\b", text.replace("Anja", ""))


@pytest.mark.parametrize("page", range(2, 11))
@pytest.mark.parametrize("at_top", [False, True])
def test_the_back_matter_ends_the_booklet_on_a_page_divisible_by_four(page, at_top):
    from reportlab.platypus import PageBreak, Spacer

    from deckgen.rulebook.furniture import BackMatter

    notes, back = [Spacer(1, 1)], [Spacer(1, 2)]
    flow = BackMatter(notes, back).pages(page, at_top)
    last = page + sum(isinstance(f, PageBreak) for f in flow)
    assert last % 4 == 0
    assert flow[-1] is back[0]  # the back cover is the last page
    if at_top:  # the empty page is used: it becomes a notes page, never a blank one
        assert flow[0] is notes[0]
