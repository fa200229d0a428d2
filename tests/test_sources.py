"""Where cards come from: generated runs in YAML card lists, optional texts, spreadsheets (CSV, XLSX, ODS)."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.checks.general import check_translations
from deckgen.errors import DeckgenError
from deckgen.loader import load_project
from deckgen.registry import CheckContext
from deckgen.sources.runs import fill
from deckgen.sources.sheets import cell_value, column_letter
from tests.conftest import fixture_project


@pytest.fixture
def spike(tmp_path) -> Path:
    return fixture_project("spike", tmp_path / "spike")


def problems_of(root: Path) -> list[str]:
    with pytest.raises(DeckgenError) as caught:
        load_project(root)
    return [str(p) for p in caught.value.problems]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


# ------------------------------------------------------------------ generated runs


def test_a_run_expands_to_ids_fields_and_names_in_two_languages(spike):
    deck = load_project(spike).games["spike"].decks["spike"]
    ids = [c.id for c in deck.cards]
    assert len(ids) == 61 and sum(c.count for c in deck.cards) == 62
    assert ids[:3] == ["circle-10", "circle-9", "circle-8"]
    assert ids[9:11] == ["circle-1", "circle1"] and ids[19:21] == ["circle10", "triangle-10"]
    assert ids[-2:] == ["square10", "sylop"]
    card = deck.cards[ids.index("triangle7")]
    assert dict(card.fields) == {"suit": "triangle", "value": 7}
    assert card.text("en") == "Triangle +7" and card.text("de") == "Dreieck +7"
    assert deck.cards[ids.index("square-3")].text("de") == "Quadrat -3"
    # a generated name is located at its pattern, so a text that does not fit points there
    where = card.texts["de"]["name"].where
    assert (where.file, where.line, where.field) == ("data/spike/lang/de.yaml", 5, "cards.triangle7.name")
    assert card.source.file == "data/spike/cards.yaml" and card.source.line == 1


def test_a_cards_own_entry_wins_over_the_pattern(spike):
    edit(spike / "data/spike/lang/de.yaml", "cards:\n", "cards:\n  circle1: {name: Kreis eins}\n")
    deck = load_project(spike).games["spike"].decks["spike"]
    by_id = {c.id: c for c in deck.cards}
    assert by_id["circle1"].text("de") == "Kreis eins" and by_id["circle2"].text("de") == "Kreis +2"


@pytest.mark.parametrize("old, new, expected", [
    ('id: "{suit}{value}"', 'id: "{suit}{valu}"',
     "data/spike/cards.yaml:5:3: 0.id: {valu} is not an axis of this run (its axes: {suit}, {value})"),
    ('id: "{suit}{value}"', 'id: "{suit}_{value}"',
     "data/spike/cards.yaml:5:3: 0.id: makes the id 'circle_-10' (for suit 'circle', value -10): ids use "
     "lowercase letters, digits and dashes"),
    ("[circle, triangle, square]", "[circle, triangle, squares]",
     "data/spike/cards.yaml:3:30: run numbers.suit: 'squares' is not one of: circle, triangle, square, sylop"),
    ("to: 10,", "to: 100000,",
     "data/spike/cards.yaml:2:3: 0.each: this run makes 300030 cards, more than 5000: is a range wrong?"),
    ("{from: -10, to: 10, skip: [0]}", "{from: -10, upto: 10}",
     "data/spike/cards.yaml:4:5: 0.each.value: {'from': -10, 'upto': 10} is not a valid value here"),
])
def test_a_bad_run_is_reported_at_its_line(spike, old, new, expected):
    edit(spike / "data/spike/cards.yaml", old, new)
    assert problems_of(spike) == [expected]


def test_lang_file_runs_are_checked(spike):
    edit(spike / "data/spike/lang/en.yaml", "circle: Circle", "circel: Circle")
    edit(spike / "data/spike/lang/de.yaml", "  numbers:\n", "  number:\n")
    assert problems_of(spike) == [
        "data/spike/lang/en.yaml:6:12: runs.numbers.suit.circel: the axis 'suit' has no value 'circel'",
        "data/spike/lang/de.yaml:4:3: runs.number: no run 'number' in this game's card lists (runs: numbers)",
    ]


def test_fill_formats_values_keeps_markup_and_uses_words():
    values = {"suit": "circle", "value": 5}
    assert fill("{suit} {value:+d} {chip}", values, {"suit": {"circle": "Kreis"}}, strict=False) == "Kreis +5 {chip}"
    assert fill("{value:03d}", values) == "005"


# ------------------------------------------------------------------ optional texts


def translation_problems(root: Path) -> list[str]:
    project = load_project(root)
    game = project.games["spike"]
    return [str(p) for p in check_translations(CheckContext(project, game, {}))]


def test_an_optional_text_is_demanded_only_of_cards_that_have_it(spike):
    assert translation_problems(spike) == []  # 60 cards without a rule, the Sylop with it in both languages
    lang = spike / "data/spike/lang/de.yaml"
    lang.write_text(lang.read_text(encoding="utf-8").replace(
        "  sylop: {name: Sylop, rule: \"Nimmt den Wert der *anderen* Karte auf deiner Hand an.\"}",
        "  sylop: {name: Sylop}"), encoding="utf-8")
    assert translation_problems(spike) == [
        "data/spike/lang/de.yaml:8: cards.sylop.rule: missing: this text, which the card has in en"]


def test_a_required_text_is_still_demanded_of_every_card(spike):
    edit(spike / "data/spike/game.yaml", "{rule: optional}", "rule")
    problems = translation_problems(spike)
    assert len(problems) == 2 * 60 and "data/spike/lang/en.yaml: cards.circle-10.rule: missing: this text" in problems


def test_templates_test_an_optional_text_the_obvious_way(spike):
    from deckgen.render.templates import DeckRenderer

    project = load_project(spike)
    game = project.games["spike"]
    deck = game.decks["spike"]
    by_id = {c.id: c for c in deck.cards}
    renderer = DeckRenderer(project, game, deck, "de")
    plain, sylop = renderer.render_front(by_id["circle5"]), renderer.render_front(by_id["sylop"])
    assert plain.problems == [] and sylop.problems == []
    assert len(sylop.svg) > len(plain.svg) + 2000  # the rule's glyphs are drawn for the Sylop only
    context = renderer._card_context(by_id["circle5"])
    assert context["texts"]["rule"] == "" and "rule" not in context["texts"]
    with pytest.raises(KeyError):
        context["texts"]["rules"]  # a key the game does not declare stays a mistake
