"""An example shows what decides it besides its cards (dice, planet, token, wild and clone ranks,
location), drawn from its own data; numbers on the anatomy card; and no Pazaak example is a set play
cannot reach."""

from __future__ import annotations

import io

import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Spacer

from deckgen.games.archeon.rulebook import ANATOMY_MARKS, anatomy_table
from deckgen.games.pazaak.possible import example_problems, impossible_example, impossible_set
from deckgen.rulebook.build import Context, StoryBuilder, theme_for
from deckgen.rulebook.card_marks import MARGIN_PT, MARK_RADIUS_PT, MarkedCard, disc_places, marks_svg
from deckgen.rulebook.example_inputs import InputStrip, example_inputs, input_words
from deckgen.rulebook.source import read_source
from deckgen.rulebook.styles import make_styles, register_fonts
from tests.conftest import ROOT

IMPOSTOR_EXAMPLE = {
    "players": [{"name": "Ana", "hand": [{"card": "aktropaw", "dice": [3, 5], "choose": 3}, "lx-31"]},
                {"name": "Ben", "hand": ["aril-nunb", "nadira-sol"]}],
    "winners": ["Ben"],
}


def _builder(project, game_id: str, lang: str = "en") -> StoryBuilder:
    game = project.games[game_id]
    descriptor = project.descriptor(game)
    path = f"data/{game_id}/rules/{lang}.md"
    source = read_source(ROOT / path, path, lang)
    fonts = register_fonts(project)
    ctx = Context(project, game, descriptor, descriptor.data_for(game), source, draw=False,
                  theme=theme_for(game, source, fonts))
    return StoryBuilder(ctx, make_styles(fonts, ctx.theme, lang), 110 * mm)


def _strips(flow) -> list[InputStrip]:
    return [f for f in flow if isinstance(f, InputStrip)]


def test_an_example_decided_by_a_die_shows_the_die(project):
    builder = _builder(project, "archeon")
    flow = builder.example_flow(IMPOSTOR_EXAMPLE, read_source(ROOT / "data/archeon/rules/en.md",
                                                              "data/archeon/rules/en.md", "en").blocks[0])
    (strip,) = _strips(flow)
    dice = [(i.value, i.chosen) for i in strip.items if i.kind == "die"]
    assert dice == [(3, True), (5, False)]
    assert [i.text for i in strip.items if i.kind == "text"] == ["Ana rolls"]
    assert strip.wrap(110 * mm, 500)[1] > 0  # it takes room on the page


def test_the_same_cards_decided_otherwise_show_different_inputs(project):
    """Two examples with the same pictured cards and opposite verdicts differ in what the strip shows."""
    builder = _builder(project, "archeon")
    hands = {"players": [{"name": "A", "hand": ["aril-nunb", "4-ng"]},
                         {"name": "B", "hand": [{"family": "blood", "value": 1}, {"family": "sand", "value": 1}]}]}
    plain = example_inputs(builder.ctx, hands)
    token = example_inputs(builder.ctx, {**hands, "tokens": [{"name": "markdown"}], "planet": "kamino"})
    assert plain == [] and [i.text for i in token] == ["Planet: Kamino", "Token: Markdown"]


def test_a_bundled_example_with_an_impostor_shows_its_dice_in_every_language(project):
    for lang in ("en", "de", "fr", "ru"):
        builder = _builder(project, "archeon", lang)
        blocks = [b for b in builder.ctx.source.blocks if b.kind == "directive" and b.name == "example"
                  and any(isinstance(c, dict) and c.get("dice") for p in b.body["players"] for c in p["hand"])]
        assert blocks, lang
        for block in blocks:
            (strip,) = _strips(builder.example_flow(dict(block.body), block))
            assert [i.value for i in strip.items if i.kind == "die"] == \
                [d for p in block.body["players"] for c in p["hand"] if isinstance(c, dict) for d in c.get("dice", [])]


def test_wild_and_clone_ranks_and_the_location_in_the_booklets_language(project):
    builder = _builder(project, "classic", "de")
    items = example_inputs(builder.ctx, {"wild": [4, 6], "clone": 1, "players": [], "options": {"deck": "adapted-42"}})
    assert [i.text for i in items] == ["Joker: 4, 6", "Klon: 1"]
    english = _builder(project, "classic")
    located = example_inputs(english.ctx, {"players": [], "options": {"location": "imperial"}})
    assert [i.text for i in located] == ["Location: Imperial"]


def test_front_matter_labels_replace_the_words_and_unknown_languages_get_english():
    assert input_words("xx")["wild"] == "wild: {ranks}"
    assert input_words("en", {"input-wild": "jokers {ranks}", "wins": "x"})["wild"] == "jokers {ranks}"


def test_an_example_decided_by_its_cards_alone_draws_no_strip(project):
    builder = _builder(project, "archeon")
    body = {"players": [{"name": "Ana", "hand": ["aril-nunb", "asajj-ventress"]},
                        {"name": "Ben", "hand": ["0-0-0", "bakko"]}], "winners": ["Ana"]}
    assert _strips(builder.example_flow(body, builder.ctx.source.blocks[0])) == []


# ------------------------------------------------------------------ Pazaak: only sets play can reach

@pytest.mark.parametrize("players, why", [
    ([{"name": "A", "table": ["10", "10", "3"]}, {"name": "B", "table": ["9", "9", "5"]}], "both players are over 20"),
    ([{"name": "A", "table": ["10", "10", "5", "1", "-6"]}, {"name": "B", "table": ["10", "9"]}], "goes on after"),
    ([{"name": "A", "table": ["1", "1", "2", "2", "3", "1", "2", "3", "1"]},
      {"name": "B", "table": ["5", "5", "-4", "5", "-2", "5", "-2", "2", "3"]}], "both players hold nine cards"),
])
def test_impossible_pazaak_sets_are_named(players, why):
    assert why in (impossible_set(players) or "")


def test_possible_pazaak_sets_pass():
    assert impossible_set([{"name": "A", "table": ["10", "9", "5", "-4"]}, {"name": "B", "table": ["10", "9"]}]) is None
    assert impossible_set([{"name": "A", "table": ["10", "8", "5"]}, {"name": "B", "table": ["10", "9"]}]) is None
    match = {"sets": [{"players": [{"name": "A", "table": ["10", "10", "3"]}, {"name": "B", "table": ["9", "9", "5"]}]}]}
    assert impossible_example(match).startswith("set 1: ")


def test_no_bundled_pazaak_example_is_impossible(project):
    assert example_problems(project.games["pazaak"], strict=True) == []
    for lang in ("en", "de", "fr", "ru"):
        path = f"data/pazaak/rules/{lang}.md"
        for block in read_source(ROOT / path, path, lang).blocks:
            if block.kind == "directive" and block.name == "example":
                assert impossible_example(dict(block.body)) is None, f"{path}:{block.line}"


# ------------------------------------------------------------------ numbers on the anatomy card

def test_the_anatomy_card_carries_the_legends_numbers(project):
    builder = _builder(project, "archeon")
    spec = anatomy_table(builder)
    card_cell = spec["rows"][0][0]
    assert [m[0] for m in card_cell["marks"]] == list(range(1, 8)) == [m[0] for m in ANATOMY_MARKS]
    assert all(0 < x < 1 and 0 < y < 1 for _, x, y in ANATOMY_MARKS)
    svg = marks_svg(100.0, 140.0, ANATOMY_MARKS, "#581020")
    assert svg.count("<circle") == 14 and svg.count("<line") == 7 and ">7</text>" in svg  # a disc and a point each
    # drawn: the marks are recorded after the card, so they land on top of it
    sink: list = []
    marked = MarkedCard(Spacer(50, 70), 50.0, ANATOMY_MARKS, sink, "#581020")
    marked.wrap(200, 200)
    marked.drawOn(Canvas(io.BytesIO()), 10, 10)
    assert len(sink) == 1 and (sink[0].w, sink[0].h) == (50.0 + 2 * MARGIN_PT, 70) and "<circle" in sink[0].svg


def test_no_mark_covers_the_card_and_no_two_marks_touch():
    """The discs sit in the margins beside the card (so they cover no word in any language), each at its
    part's height unless that would make two touch, and each leader ends at its part's point."""
    card_w, card_h = 125.0, 175.0
    placed = disc_places(card_w, card_h, ANATOMY_MARKS)
    assert [p[0] for p in placed] == list(range(1, 8))
    for number, cx, cy, px, py in placed:
        assert cx + MARK_RADIUS_PT <= MARGIN_PT or cx - MARK_RADIUS_PT >= MARGIN_PT + card_w, number
        assert 0 <= cx - MARK_RADIUS_PT and cx + MARK_RADIUS_PT <= card_w + 2 * MARGIN_PT
        assert MARGIN_PT <= px <= MARGIN_PT + card_w and 0 <= py <= card_h
    for a in placed:
        for b in placed:
            if a[0] != b[0]:
                assert (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2 >= (2 * MARK_RADIUS_PT) ** 2, (a[0], b[0])
    crowded = disc_places(card_w, card_h, [(1, 0.9, 0.50), (2, 0.9, 0.51), (3, 0.9, 0.52)])
    assert sorted(round(p[2] - crowded[0][2], 1) for p in crowded) == [0.0, 12.3, 24.6]


def test_field_and_extra_cards_are_named_for_what_follows_the_plus(project):
    builder = _builder(project, "classic")
    body = {"players": [{"name": "A", "hand": ["coins:10", "sabers:10"]},
                        {"name": "B", "hand": ["flasks:9", "staves:9"], "field": ["coins:3"]}],
            "extra": {"A": ["coins:1"]}, "options": {"rules": "dice", "field": "hold-em"}}
    texts = [i.text for i in example_inputs(builder.ctx, body)]
    assert texts == ["hold ’em field", "A’s extra cards: after the +", "B’s field cards: after the +"]
