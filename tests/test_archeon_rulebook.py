"""The Archeon rulebook: it builds, every example is judged, its tables restate the data, its odds are whole,
a wrong claim stops the build at its line, and the decisions' pictures tell the decisions' story."""

from __future__ import annotations

import io
import re
from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader
from reportlab.lib.units import mm

from deckgen.decisions import judge_showdown
from deckgen.games.archeon import rulebook
from deckgen.loader import load_project
from deckgen.rulebook.build import Context, StoryBuilder, build_rulebooks, check_rulebook, theme_for
from deckgen.rulebook.styles import make_styles as _styles, register_fonts as _register_fonts
from deckgen.rulebook.source import read_source
from tests.conftest import ROOT, copy_project

SOURCE = "data/archeon/rules/en.md"
DATA = ROOT / "data" / "archeon"


def _yaml(name: str):
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def archeon(project):
    game = project.games["archeon"]
    descriptor = project.descriptor(game)
    return project, game, descriptor, descriptor.data_for(game)


@pytest.fixture(scope="module")
def source():
    return read_source(ROOT / SOURCE, SOURCE, "en")


@pytest.fixture(scope="module")
def builder(archeon, source):
    project, game, descriptor, data = archeon
    fonts = _register_fonts(project)
    ctx = Context(project, game, descriptor, data, source, draw=False, theme=theme_for(game, source, fonts))
    return StoryBuilder(ctx, _styles(fonts, ctx.theme, "en"), 110 * mm)


def _examples(source):
    return [b for b in source.blocks if b.kind == "directive" and b.name == "example"]


@pytest.mark.slow  # a whole booklet; the fast suite checks every chapter's examples and tables without drawing
def test_the_english_book_builds_with_every_chapter(archeon, source):
    project, game, _, data = archeon
    files, problems = build_rulebooks(project, game, ["en"], "a4", data)
    assert [p for p in problems if not p.warning] == []
    named = dict(files)
    assert set(named) == {"archeon-rules-en.pdf", "archeon-rules-en-booklet-a4.pdf"}
    reading = PdfReader(io.BytesIO(named["archeon-rules-en.pdf"]))
    trim = reading.pages[0].trimbox
    assert (round(float(trim.width) / 72 * 25.4), round(float(trim.height) / 72 * 25.4)) == (148, 210)
    booklet = PdfReader(io.BytesIO(named["archeon-rules-en-booklet-a4.pdf"]))
    assert len(booklet.pages) * 2 % 4 == 0 and len(booklet.pages) * 2 >= len(reading.pages)
    outline = [item.title for item in reading.outline if not isinstance(item, list)]
    chapters = [b.text for b in source.blocks if b.kind == "heading" and b.level == 1 and b.id != "quick-start"]
    assert len(chapters) == 14
    assert "Quick start" in outline  # the unnumbered one-page quick start before chapter 1
    for title in chapters:
        assert any(t.endswith(title) for t in outline), title


def test_the_check_finds_nothing(archeon):
    project, game, _, data = archeon
    assert [p for p in check_rulebook(project, game, data, ["en"]) if not p.warning] == []


def test_every_example_is_judged_as_the_text_claims_and_the_ladder_shows_every_step(archeon, source):
    _, _, descriptor, data = archeon
    shown = set()
    examples = _examples(source)
    assert len(examples) >= len(_yaml("rules.yaml")["ladder"])
    for block in examples:
        body = dict(block.body)
        showdown = {k: v for k, v in body.items() if k not in ("winners", "caption", "options")}
        result = judge_showdown(descriptor, showdown, data, dict(body.get("options") or {}))
        assert sorted(result["winners"]) == sorted(body["winners"]), f"{SOURCE}:{block.line}"
        shown |= {h["step_name"] for h in result["hands"] if h["name"] in result["winners"]}
    assert shown == set(_yaml("rules.yaml")["ladder"]) - {"idiots-array"}  # no planet allows it (seed 002)


def test_the_tables_restate_the_data(builder):
    planets, signs, tokens = _yaml("planets.yaml")["planets"], _yaml("signs.yaml")["signs"], _yaml("tokens.yaml")["tokens"]
    ladder = _yaml("rules.yaml")["ladder"]
    labels = builder.ctx.source.meta["labels"]
    assert set(rulebook.TABLE_LABELS) <= set(labels)
    made = {name: fn(builder) for name, fn in rulebook.TABLES.items()}
    assert len(made["anatomy"]["rows"]) == 1 and made["anatomy"]["rows"][0][0]["card"] == rulebook.ANATOMY_CARD
    assert builder.ctx.problems == []
    assert len(made["planets"]["rows"]) == len(planets) == 26
    assert len(made["abilities"]["rows"]) == len(signs) == 16
    assert all(len(row) == 1 + len(sign["tiers"]) for row, sign in zip(made["abilities"]["rows"], signs.values()))
    assert len(made["tokens"]["rows"]) == len(tokens) == len(_yaml("token-cards.yaml")) == 40
    assert len(made["ladder"]["rows"]) == len(ladder) == 7
    strongest = builder.ctx.t(f"step.{ladder[-1]}")
    assert strongest in made["ladder"]["rows"][0][0]["text"]
    for name, table in made.items():
        assert all(len(row) == len(table["columns"]) for row in table["rows"]), name
        assert abs(sum(table["widths"]) - 1) < 1e-9, name
    first_planet = next(iter(planets))
    assert builder.ctx.t(f"planet.{first_planet}.rule") in made["planets"]["rows"][0]


def _percent(cell: str) -> float:
    return 0.0 if cell == "—" else float(cell.replace("\u00a0%", "").replace(",", "."))


def test_the_ladder_odds_are_exact_and_whole(archeon, builder):
    data = archeon[3]["archeon"]
    assert rulebook.array_planet(data) is None  # seed 002: no planet enables the Idiot's Array
    shares = rulebook.ladder_shares(data)
    assert all(isinstance(s, Fraction) for s in shares.values())
    assert sum(shares.values()) == 1 and shares["idiots-array"] == 0
    rows = rulebook.ladder_table(builder)["rows"]
    assert all(len(row) == 3 for row in rows)  # no column for a planet that allows the array
    assert sum(_percent(row[2]) for row in rows) == pytest.approx(100, abs=0.05)


def test_a_wrong_winner_stops_the_build_at_its_line(tmp_path):
    root = copy_project(tmp_path / "p", "archeon")
    path = root / SOURCE
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("# The hand ladder"))
    fence = next(i for i in range(start, len(lines)) if lines[i] == "```example")
    claim = next(i for i in range(fence, len(lines)) if lines[i].startswith("winners:"))
    assert lines[claim] == "winners: [Ana]"
    lines[claim] = "winners: [Ben]"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    project = load_project(root)
    game = project.games["archeon"]
    data = project.descriptor(game).data_for(game)
    files, problems = build_rulebooks(project, game, ["en"], "a4", data)
    assert files == []
    wrong = [p for p in problems if not p.warning]
    assert [(p.file, p.line) for p in wrong] == [(SOURCE, fence + 1)]
    assert re.search(r"claims Ben .*judges Ana", wrong[0].message)
    assert str(wrong[0]).startswith(f"{SOURCE}:{fence + 1}")


def _pictured(arch, card_id: str, card: dict) -> dict:
    """An inline showdown card replaced by the attributes of the archive card that pictures it."""
    a = arch[card_id]
    out = {"family": a.family, "sign": a.sign, "era": a.era}
    if a.value in ("impostor", "sylop"):
        out[a.value] = True
        out.update({k: card[k] for k in ("dice", "choose") if k in card})
    else:
        out["value"] = a.value
    return out


def test_the_decisions_pictures_tell_the_same_story(archeon):
    _, game, descriptor, data = archeon
    arch = data["archeon"].archive
    checked = 0
    for decision in game.decisions.decisions:
        for example in decision.examples:
            players = []
            for player in example.showdown["players"]:
                hand = []
                for card in player["hand"]:
                    if isinstance(card, dict) and "card" not in card:
                        face = rulebook.card_face(game, str(card))
                        assert face is not None and face[0] == "archive", card
                        pictured = _pictured(arch, face[1], card)
                        kind = pictured.get("value") or ("impostor" if pictured.get("impostor") else "sylop")
                        same = [a for a in arch.values() if a.family == card["family"] and a.value == kind]
                        if card.get("sign") in {a.sign for a in same}:  # a printed sign the archive has is kept
                            assert pictured["sign"] == card["sign"], (decision.id, card)
                        elif card.get("era") in {a.era for a in same}:  # else the era, where it has it
                            assert pictured["era"] == card["era"], (decision.id, card)
                        hand.append(pictured)
                        checked += 1
                    else:
                        hand.append(card)
                players.append({**player, "hand": hand})
            options = dict(example.options)
            said = judge_showdown(descriptor, example.showdown, data, options)
            drawn = judge_showdown(descriptor, {**example.showdown, "players": players}, data, options)
            assert drawn["winners"] == said["winners"], decision.id
            assert [h["step_name"] for h in drawn["hands"]] == [h["step_name"] for h in said["hands"]], decision.id
    assert checked >= 100


def test_card_faces_of_archive_ids_planets_and_tokens(archeon):
    game = archeon[1]
    assert rulebook.card_face(game, "8d-8d") == ("archive", "8d-8d")
    assert rulebook.card_face(game, str({"card": "aktropaw", "dice": [3, 5], "choose": 3})) == ("archive", "aktropaw")
    assert rulebook.card_face(game, "planet:kamino") == ("planets", "kamino")
    assert rulebook.card_face(game, "token:cutoff") == ("tokens", "cutoff")
    assert rulebook.card_face(game, "planet:nowhere") is None
    assert rulebook.card_face(game, "no-such-card") is None
    assert rulebook.card_face(game, str({"family": "sand", "value": 9})) is None
