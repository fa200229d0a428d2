"""The organisers' block of a booklet, and the generated glossary with its page references."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader
import pytest

from deckgen.errors import DeckgenError
from deckgen.layout.papers import READING_PAGE
from deckgen.loader import load_project
from deckgen.rulebook.build import check_rulebook, render_booklet
from deckgen.rulebook.context import load_sources
from deckgen.rulebook.source import parse_source
from deckgen.scaffold import create_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

HEADER = """---
title: Demo Game
labels: {contents: Contents, wins: "{names} wins.", tie: "{names} tie.", nobody: "Nobody wins.", and: and,
         category: Winning hand, share: Share of games, LABELS}
---
"""
LABELS = "organisers: For organisers, glossary: Glossary"


def _paragraphs(n: int) -> str:
    return "\n\n".join(f"Step {i}: run `deckgen build demo --paper a4`, then take the sheets from "
                       f"output/demo/ and cut them along the marks; keep the offcuts for the next print."
                       for i in range(n))


def _project(tmp_path: Path, body: str, labels: str = LABELS, glossary: str = "") -> Path:
    root = tmp_path / "proj"
    create_project(root)
    text = (root / "deckgen.yaml").read_text(encoding="utf-8")
    (root / "deckgen.yaml").write_text(text.replace("languages: [en, de]", "languages: [en]"), encoding="utf-8")
    (root / "data" / "demo" / "rules" / "de.md").unlink()
    (root / "data" / "demo" / "lang" / "de.yaml").unlink()
    (root / "data" / "demo" / "rules" / "en.md").write_text(HEADER.replace("LABELS", labels) + body,
                                                            encoding="utf-8")
    if glossary:
        lang = root / "data" / "demo" / "lang" / "en.yaml"
        lang.write_text(lang.read_text(encoding="utf-8") + "glossary:\n" + glossary, encoding="utf-8")
    return root


def _pages(root: Path) -> list[str]:
    project = load_project(root)
    game = project.games["demo"]
    source = load_sources(project, game, ["en"])[0]["en"]
    pdf, problems = render_booklet(project, game, source, {}, READING_PAGE)
    assert problems == []
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def test_an_organisers_fence_is_a_block_of_paragraphs_kept_as_written():
    source = parse_source("# Setup {#setup}\n\n```organisers\nRun `deckgen build`.\n\nThen cut\nthe sheets.\n```\n",
                          "rules/en.md", "en")
    block = source.blocks[1]
    assert (block.kind, block.name, block.line) == ("directive", "organisers", 3)
    assert block.items == ("Run `deckgen build`.", "Then cut the sheets.")


def test_the_organisers_heading_repeats_on_every_page_the_box_spans(tmp_path):
    body = f"# Setting up {{#setup}}\n\nShuffle the deck.\n\n```organisers\n{_paragraphs(24)}\n```\n"
    pages = _pages(_project(tmp_path, body))
    boxed = [i for i, text in enumerate(pages) if "Step " in text]
    assert len(boxed) >= 2  # the box runs over a page turn
    assert all("For organisers" in pages[i] for i in boxed)
    assert "deckgen build demo --paper a4" in pages[boxed[0]]


def test_a_booklet_with_an_organisers_block_needs_its_label(tmp_path):
    root = _project(tmp_path, "# Setting up {#setup}\n\n```organisers\nRun it.\n```\n", labels="glossary: Glossary")
    project = load_project(root)
    problems = check_rulebook(project, project.games["demo"], {}, ["en"])
    assert any(p.field == "labels.organisers" and p.file == "data/demo/rules/en.md" for p in problems)


def test_the_organisers_block_is_part_of_every_languages_structure():
    en = parse_source("# Setup {#setup}\n\n```organisers\nRun it.\n```\n", "rules/en.md", "en")
    de = parse_source("# Aufbau {#setup}\n\nMischt.\n", "rules/de.md", "de")
    from deckgen.rulebook.structure import structure_problems

    assert any("organisers" in p.message for p in structure_problems(en, de))


def test_the_generated_glossary_gives_the_page_of_each_defining_section(tmp_path):
    body = ("# Setting up {#setup}\n\nShuffle the deck and deal a **trick** of cards.\n\n---\n\n"
            "# Playing {#play}\n\nA **round** ends when everyone has played.\n")
    glossary = ('  - {use: "trick, tricks", concept: trick, defined: setup}\n'
                '  - {use: "round", concept: round, defined: play}\n'
                '  - {use: "unused word", concept: other, defined: play}\n')
    pages = _pages(_project(tmp_path, body, glossary=glossary))
    setup = next(i for i, t in enumerate(pages) if "Setting up" in t and "Shuffle" in t) + 1
    play = next(i for i, t in enumerate(pages) if "A round ends" in t) + 1
    glossary_pages = [t for t in pages if "Glossary" in t and "Contents" not in t]
    assert len(glossary_pages) == 1 and glossary_pages[0] is not pages[-1]  # the back cover stays the last page
    last = glossary_pages[0]
    assert "unused word" not in last
    words = " ".join(last.split())  # one row per term: the term, its section, the section's page
    assert f"round Playing {play}" in words and f"trick Setting up {setup}" in words, words
    assert words.index("round Playing") < words.index("trick Setting up")  # in alphabetical order
    assert "tricks" not in words  # a term's first form names it
    assert setup < play


def test_a_booklet_without_glossary_terms_has_no_glossary_page(tmp_path):
    pages = _pages(_project(tmp_path, "# Setting up {#setup}\n\nShuffle the deck.\n"))
    assert not any("Glossary" in text for text in pages)


def test_an_unknown_directive_is_still_refused():
    try:
        parse_source("```organizer\nRun it.\n```\n", "rules/en.md", "en")
    except DeckgenError as exc:
        assert "organisers" in str(exc.problems[0])
    else:  # pragma: no cover
        raise AssertionError("an unknown directive was accepted")


def test_code_in_the_box_is_set_in_an_embedded_font(tmp_path):
    """A print shop refuses a PDF with a font it does not carry: code spans use the project's mono font, or
    the body font; never an unembedded standard font such as Courier."""
    root = _project(tmp_path, "# Setting up {#setup}\n\nShuffle.\n\n```organisers\nRun `deckgen build demo`.\n```\n")
    project = load_project(root)
    game = project.games["demo"]
    source = load_sources(project, game, ["en"])[0]["en"]
    pdf, problems = render_booklet(project, game, source, {}, READING_PAGE)
    assert problems == []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in (page.get("/Resources", {}).get("/Font", {}) or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            assert descriptor is not None and any(k in descriptor.get_object() for k in
                                                  ("/FontFile", "/FontFile2", "/FontFile3")), font.get("/BaseFont")
