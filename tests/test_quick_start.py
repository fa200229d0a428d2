"""A booklet's quick start: the section {#quick-start} is set on its own page right after the contents,
unnumbered (the chapters keep their numbers), bookmarked, and checked to fit one page."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from deckgen.loader import load_project
from deckgen.rulebook.build import check_rulebook, render_booklet
from deckgen.rulebook.context import load_sources
from deckgen.rulebook.quick_start import chapter_numbers, quick_start_span
from deckgen.rulebook.source import parse_source
from deckgen.scaffold import create_project

QUICK = """
# Quick start {#quick-start}

### What you need {#quick-need}

The deck and a friend.

### A turn {#quick-turn}

1. Play a card.
2. Draw a card.

The full rules: chapter {chapter-play}.
"""

HEADER = """---
title: T
labels: {contents: Contents, wins: "{names} wins.", tie: "{names} tie.", nobody: Nobody., and: and,
         category: Hand, share: Share}
---
"""


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("quick") / "p"
    create_project(root)
    return root


def _with_quick_start(root: Path, quick: str, at_end: bool = False):
    """The starter project whose English booklet has ``quick`` first (or last, ``at_end``)."""
    path = root / "data" / "demo" / "rules" / "en.md"
    original = path.with_suffix(".orig")
    if not original.exists():
        original.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    text = original.read_text(encoding="utf-8")
    first = text.index("\n# ") + 1
    text = text + quick if at_end else text[:first] + quick.lstrip() + "\n" + text[first:]
    path.write_text(text, encoding="utf-8")
    project = load_project(root)
    return project, project.games["demo"]


def _source(project, game):
    sources, problems = load_sources(project, game, ["en"])
    assert not [p for p in problems if not p.warning]
    return sources["en"]


def _pages(project, game) -> list[str]:
    pdf, problems = render_booklet(project, game, _source(project, game), {}, "a5")
    assert problems == []
    reader = PdfReader(io.BytesIO(pdf))
    return [" ".join((page.extract_text() or "").split()) for page in reader.pages], reader


def test_the_quick_start_is_the_page_after_the_contents_wherever_its_section_stands(starter):
    project, game = _with_quick_start(starter, QUICK, at_end=True)  # written last, printed first
    pages, reader = _pages(project, game)
    contents, quick, first_chapter = pages[1], pages[2], pages[3]  # each after its running footer
    assert "Contents" in contents
    assert "Quick start What you need The deck and a friend." in quick
    assert "1 What you need" in first_chapter and "Quick start" not in first_chapter
    assert "Quick start" not in contents  # it follows the contents: no line there
    assert "1 What you need" in contents and "3 Playing" in contents  # the chapters keep their numbers
    assert "chapter 3." in quick  # {chapter-play}, the number of the chapter 'play'
    assert "Quick start" in [item.title for item in reader.outline if not isinstance(item, list)]


def test_a_booklet_without_a_quick_start_goes_from_the_contents_to_the_first_chapter(starter):
    project, game = _with_quick_start(starter, "")
    pages, _reader = _pages(project, game)
    assert "Contents" in pages[1] and "1 What you need The deck of 4 cards" in pages[2]


def test_a_quick_start_longer_than_a_page_is_a_problem_at_its_heading(starter):
    filler = "Every player keeps their cards hidden until the end of the round, then shows them. " * 8
    long = QUICK + "".join(f"\n{filler}\n" for _ in range(12))
    project, game = _with_quick_start(starter, long)
    source = _source(project, game)
    heading = next(b.line for b in source.blocks if b.kind == "heading" and b.id == "quick-start")
    pdf, problems = render_booklet(project, game, source, {}, "a5")
    assert pdf == b""
    assert [(p.file, p.line) for p in problems] == [("data/demo/rules/en.md", heading)]
    assert "one page" in problems[0].message and "shorten" in problems[0].message
    checked = [p for p in check_rulebook(project, game, {}, ["en"]) if "quick start" in p.message]
    assert [(p.file, p.line, p.warning) for p in checked] == [("data/demo/rules/en.md", heading, False)]


def test_a_quick_start_that_fits_passes_the_check(starter):
    project, game = _with_quick_start(starter, QUICK)
    assert not [p for p in check_rulebook(project, game, {}, ["en"]) if "quick start" in p.message]


def test_chapter_numbers_skip_the_quick_start():
    source = parse_source(HEADER + "# One {#one}\n\nText.\n" + QUICK + "\n# Two {#two}\n\nText.\n", "x.md", "en")
    assert chapter_numbers(source.blocks) == {"chapter-one": "1", "chapter-two": "2"}
    start, end = quick_start_span(source.blocks)
    assert source.blocks[start].id == "quick-start" and source.blocks[end].id == "two"


def test_only_a_level_one_section_is_a_quick_start():
    source = parse_source(HEADER + "# One {#one}\n\n## Quick start {#quick-start}\n\nText.\n", "x.md", "en")
    assert quick_start_span(source.blocks) is None
    assert chapter_numbers(source.blocks) == {"chapter-one": "1"}


def test_terms_in_the_quick_start_are_not_used_before_their_section():
    from deckgen.checks.player_text import defined_problems
    from deckgen.errors import Problem
    from deckgen.terms import Term

    term = Term("spike", None, "spike", (), (), Problem("glossary.yaml", 1))
    early = HEADER + "# Quick start {#quick-start}\n\nCall a spike.\n\n# The spike {#spike}\n\nA **spike** doubles.\n"
    assert defined_problems(parse_source(early, "x.md", "en"), [term]) == []
    late = early.replace("# Quick start {#quick-start}", "# Intro {#intro}")
    assert [p.line for p in defined_problems(parse_source(late, "x.md", "en"), [term])] == [8]
