"""Booklet review items held by tests: a Gladbach board one player takes whole is said once ("Die 30 Chips …
gehen an A.", not "A 30" after "30 Chips"), shared boards keep their list of shares; a cards directive's
pictures can be drawn larger (width=MM)."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.loader import load_project
from deckgen.rulebook.build import Context, make_styles, project_floor, register_fonts, story_of, theme_for
from deckgen.rulebook.source import read_source

ROOT = Path(__file__).resolve().parent.parent


def _texts(flowables) -> list[str]:
    found = []
    for f in flowables:
        if hasattr(f, "getPlainText"):
            found.append(" ".join(f.getPlainText().split()))
        for row in getattr(f, "_cellvalues", []) or []:  # tables hold their paragraphs in cells
            for cell in row:
                found += _texts(cell if isinstance(cell, list) else [cell])
        found += _texts(getattr(f, "_content", []) or [])  # kept-together groups
    return found


@pytest.mark.parametrize("lang, whole, shared", [("de", "Chips auf dem Brett gehen an ", "auf dem Brett gehen an:"),
                                                  ("en", "chips on the board go to ", "chips on the board:")])
def test_one_taker_is_named_once_and_shares_are_listed(lang, whole, shared):
    project = load_project(ROOT, only=["gladbach"])
    game = project.games["gladbach"]
    source = read_source(ROOT / f"data/gladbach/rules/{lang}.md", f"data/gladbach/rules/{lang}.md", lang)
    fonts = register_fonts(project)
    found: list = []
    theme = theme_for(game, source, fonts, found)
    descriptor = project.descriptor(game)
    ctx = Context(project, game, descriptor, descriptor.data_for(game), source, draw=False, theme=theme,
                  problems=found)
    story = story_of(ctx, make_styles(fonts, theme, lang, project_floor(project).pt("booklets")), 400)
    texts = [t for t in _texts(story) if whole in t or shared in t]
    assert any(whole in t for t in texts), texts
    for text in texts:
        if whole in text:  # "… gehen an A." — the amount is not repeated after the name
            after = text.split(whole, 1)[1]
            assert not any(ch.isdigit() for ch in after.split(".")[0]), text


def test_a_cards_directive_takes_a_width_and_refuses_a_wrong_one():
    from deckgen.rulebook.source import Block
    from deckgen.rulebook.story import _card_width

    problems: list = []
    block = Block("directive", 12, name="cards", args="width=30")
    assert _card_width("30", "rules/en.md", block, problems) == 30.0 and not problems
    assert _card_width(None, "rules/en.md", block, problems) == 15.0 and not problems
    assert _card_width("huge", "rules/en.md", block, problems) == 15.0
    assert [(p.file, p.line, p.field) for p in problems] == [("rules/en.md", 12, "width")]
    assert "from 8 to 60" in problems[0].message
