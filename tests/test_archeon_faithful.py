"""Archeon as its source has it (seed 002): the Corellian system only makes every player draw once
or pay 2 chips, and no planet enables the Idiot's Array, in the engine, the data and the booklets."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.units import mm

from deckgen.decisions import judge_showdown
from deckgen.games.archeon.checks import check_seed_hands
from deckgen.registry import CheckContext
from deckgen.rulebook.build import Context, StoryBuilder, theme_for
from deckgen.rulebook.example_inputs import InputStrip
from deckgen.rulebook.source import read_source
from deckgen.rulebook.styles import make_styles, register_fonts
from tests.conftest import ROOT

SYLOP_AND_TWO = ["aril-nunb", "4-ng"]
ONES = [{"family": "blood", "value": 1}, {"family": "sand", "value": 1}]


@pytest.fixture(scope="module")
def archeon(project):
    game = project.games["archeon"]
    descriptor = project.descriptor(game)
    return project, game, descriptor, descriptor.data_for(game)


def _judge(archeon, showdown):
    _, _, descriptor, data = archeon
    return judge_showdown(descriptor, showdown, data, {})


def test_the_corellian_rule_is_only_draw_once_or_pay_two(archeon):
    data = archeon[3]["archeon"]
    assert dict(data.planets["corellian-system"]) == {"must_draw_or_pay": 2}
    assert [p for p, rules in data.planets.items() if rules.get("idiots_array")] == []


def test_no_idiots_array_in_the_corellian_system(archeon):
    result = _judge(archeon, {"players": [{"name": "A", "hand": SYLOP_AND_TWO}, {"name": "B", "hand": ONES}],
                              "planet": "corellian-system"})
    a = next(h for h in result["hands"] if h["name"] == "A")
    assert a["step_name"] == "pair" and a["values"] == [2, 2] and result["winners"] == ["B"]


def test_the_corellian_system_charges_two_chips_to_who_never_drew(archeon):
    result = _judge(archeon, {"players": [{"name": "A", "hand": ONES, "drew": False, "chips": 9},
                                          {"name": "B", "hand": SYLOP_AND_TWO}],
                              "planet": "corellian-system"})
    assert result["charges"] == {"A": 2} and result["winners"] == ["A"]
    drew = _judge(archeon, {"players": [{"name": "A", "hand": ONES, "chips": 9}, {"name": "B", "hand": SYLOP_AND_TWO}],
                            "planet": "corellian-system"})
    assert not drew.get("charges")


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ru"])
def test_every_booklet_judges_the_corellian_example_as_a_pair(archeon, lang):
    source = read_source(ROOT / f"data/archeon/rules/{lang}.md", f"data/archeon/rules/{lang}.md", lang)
    corellian = [b for b in source.blocks if b.kind == "directive" and b.name == "example"
                 and (b.body or {}).get("planet") == "corellian-system"]
    assert corellian, "the ladder shows the Sylop and the 2 in the Corellian system"
    for block in corellian:
        body = {k: v for k, v in block.body.items() if k not in ("winners", "caption", "options")}
        result = _judge(archeon, body)
        assert all(h["step_name"] != "idiots-array" for h in result["hands"])
        assert sorted(result["winners"]) == sorted(block.body["winners"])


def test_the_english_booklet_says_no_planet_allows_the_array_and_shows_the_planet(archeon):
    project, game, descriptor, data = archeon
    text = (ROOT / "data/archeon/rules/en.md").read_text(encoding="utf-8")
    assert "only\nthe Corellian system does" not in text and "none of the {planets} planets does" in text
    source = read_source(ROOT / "data/archeon/rules/en.md", "data/archeon/rules/en.md", "en")
    fonts = register_fonts(project)
    ctx = Context(project, game, descriptor, data, source, draw=False, theme=theme_for(game, source, fonts))
    builder = StoryBuilder(ctx, make_styles(fonts, ctx.theme, "en"), 110 * mm)
    block = next(b for b in source.blocks if b.kind == "directive" and b.name == "example"
                 and (b.body or {}).get("planet") == "corellian-system")
    flow = builder.example_flow(dict(block.body), block)
    strips = [f for f in flow if isinstance(f, InputStrip)]
    assert [i.text for s in strips for i in s.items] == ["Planet: Corellian system"]
    assert [p for p in ctx.problems if not p.warning] == []


def test_the_seed_hand_must_be_judged_without_a_planet(project, archeon, tmp_path):
    """A decisions file that shows the seed's Sylop + 2 only on a planet is reported."""
    from dataclasses import replace

    _, game, _, data = archeon
    decisions = game.decisions
    kept = [replace(d, examples=tuple(e for e in d.examples if e.showdown.get("planet") or
                                      sorted(c if isinstance(c, str) else "" for p in e.showdown["players"]
                                             for c in p["hand"]) != sorted(SYLOP_AND_TWO + ["", ""])))
            for d in decisions.decisions]
    planted = replace(game, decisions=replace(decisions, decisions=tuple(kept)))
    found = check_seed_hands(CheckContext(project, planted, data))
    assert any("judged without a planet" in p.message for p in found)
    assert not any("judged without a planet" in p.message for p in check_seed_hands(CheckContext(project, game, data)))
