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

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)


@pytest.fixture
def spike(tmp_path) -> Path:
    return fixture_project("spike", tmp_path / "spike")


def problems_of(root: Path) -> list[str]:
    with pytest.raises(DeckgenError) as caught:
        load_project(root)
    return [str(p) for p in caught.value.problems if not p.warning]  # not the note of what was not loaded


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
     "data/spike/cards.yaml:3:30: run numbers.suit: 'squares' is not one of: circle, triangle, square, sylop "
     "(did you mean 'square'?)"),
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
        "data/spike/lang/de.yaml:8:3: cards.sylop.rule: missing: this text, which the card has in en"]


def test_a_required_text_is_still_demanded_of_every_card(spike):
    edit(spike / "data/spike/game.yaml", "{rule: optional}", "rule")
    assert translation_problems(spike) == [  # once per run and language, not once per card
        "data/spike/lang/en.yaml:4:3: runs.numbers.rule: missing: the pattern of this text, for the 60 cards of the "
        "run (circle-10 …) that have no text of their own",
        "data/spike/lang/de.yaml:4:3: runs.numbers.rule: missing: the pattern of this text, for the 60 cards of the "
        "run (circle-10 …) that have no text of their own"]


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


# ------------------------------------------------------------------ spreadsheets


def csv_twin(root: Path) -> Path:
    """The spike project with its cards and their texts read from cards.csv (the lang files keep the rest)."""
    edit(root / "data/spike/game.yaml", "cards: cards.yaml", "cards: cards.csv")
    for lang in ("en", "de"):
        path = root / f"data/spike/lang/{lang}.yaml"
        head = path.read_text(encoding="utf-8").split("runs:")[0]
        path.write_text(head, encoding="utf-8")
    return root


def test_a_csv_deck_and_its_yaml_twin_build_byte_identical_pdfs(tmp_path):
    from deckgen.build import BuildOptions, build

    yaml_root = fixture_project("spike", tmp_path / "yaml")
    csv_root = csv_twin(fixture_project("spike", tmp_path / "csv"))
    outputs = []
    for root in (yaml_root, csv_root):
        out = root / "output"
        build(load_project(root), ["spike"], BuildOptions(paper="a4", dpi=72, duplex="long", out=out,
                                                          languages=("en", "de"), workers=1))
        outputs.append(out)
    files = sorted(p.relative_to(outputs[0]) for p in outputs[0].rglob("*.pdf"))
    assert any(f.name == "spike-de-a4.pdf" for f in files)
    assert files == sorted(p.relative_to(outputs[1]) for p in outputs[1].rglob("*.pdf"))
    for name in files:
        assert (outputs[0] / name).read_bytes() == (outputs[1] / name).read_bytes(), name


def test_csv_texts_are_located_at_their_cells(tmp_path):
    root = csv_twin(fixture_project("spike", tmp_path / "csv"))
    deck = load_project(root).games["spike"].decks["spike"]
    sylop = deck.cards[-1]
    assert sylop.count == 2 and dict(sylop.fields) == {"suit": "sylop", "value": 0}
    where = sylop.texts["de"]["rule"].where
    assert (where.file, where.line, where.column) == ("data/spike/cards.csv", 62, 8)
    assert sylop.source.file == "data/spike/cards.csv" and sylop.source.line == 62


@pytest.mark.parametrize("row, column, cell, expected", [
    (5, 3, "five", "data/spike/cards.csv:5:3: value: expected integer, got 'five'"),
    (7, 2, "circel", "data/spike/cards.csv:7:2: suit: 'circel' is not one of: circle, triangle, square, sylop "
                     "(did you mean 'circle'?)"),
    (9, 4, "0", "data/spike/cards.csv:9:4: count: 0 is out of range (minimum 1)"),
    (3, 1, "Circle 8", "data/spike/cards.csv:3:1: id: 'Circle 8' does not match the pattern ^[a-z0-9][a-z0-9-]*$"),
    (1, 6, "name.fr", "data/spike/cards.csv:1:6: name.fr: 'fr' is not one of the project's languages (en, de)"),
    (1, 2, "colour", "data/spike/cards.csv:1:2: colour: unknown column 'colour': a column is one of id, count, "
                     "front, back, suit, value, or TEXT.LANG for a text (name.en)"),
])
def test_a_bad_cell_is_reported_with_its_row_and_column(tmp_path, row, column, cell, expected):
    import csv

    root = csv_twin(fixture_project("spike", tmp_path / "csv"))
    path = root / "data/spike/cards.csv"
    rows = list(csv.reader(path.open(encoding="utf-8", newline="")))
    rows[row - 1][column - 1] = cell
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)
    assert problems_of(root) == [expected]


def test_a_text_given_in_the_csv_and_the_lang_file_is_reported(tmp_path):
    root = csv_twin(fixture_project("spike", tmp_path / "csv"))
    with (root / "data/spike/lang/en.yaml").open("a", encoding="utf-8") as f:
        f.write("cards:\n  sylop: {name: Sylop}\n")
    assert problems_of(root) == ["data/spike/lang/en.yaml:4:11: cards.sylop.name: also given in "
                                 "data/spike/cards.csv:62:5; give each text once"]


def test_xlsx_and_ods_card_lists_read_like_the_csv(tmp_path):
    import csv

    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P
    from openpyxl import Workbook

    root = csv_twin(fixture_project("spike", tmp_path / "csv"))
    rows = list(csv.reader((root / "data/spike/cards.csv").open(encoding="utf-8", newline="")))
    book = Workbook()
    for row in rows:  # numbers as numbers, as a spreadsheet program saves them
        book.active.append([int(c) if c.lstrip("-").isdigit() else (c or None) for c in row])
    book.save(root / "data/spike/cards.xlsx")
    ods = OpenDocumentSpreadsheet()
    sheet = Table(name="cards")
    for row in rows:
        tr = TableRow()
        for c in row:
            cell = (TableCell(valuetype="float", value=c) if c.lstrip("-").isdigit() else TableCell())
            if c:
                cell.addElement(P(text=c))
            tr.addElement(cell)
        sheet.addElement(tr)
    ods.spreadsheet.addElement(sheet)
    ods.save(str(root / "data/spike/cards.ods"))

    def cards(name):
        edit(root / "data/spike/game.yaml", f"cards: {cards.current}", f"cards: {name}")
        cards.current = name
        deck = load_project(root).games["spike"].decks["spike"]
        return [(c.id, c.count, dict(c.fields), {lang: dict(t) for lang, t in c.texts.items()}) for c in deck.cards]

    cards.current = "cards.csv"
    expected = cards("cards.csv")
    assert cards("cards.xlsx") == expected
    assert cards("cards.ods") == expected
    (root / "data/spike/cards.xlsx").write_bytes(b"not a workbook")
    edit(root / "data/spike/game.yaml", "cards: cards.ods", "cards: cards.xlsx")
    assert problems_of(root)[0].startswith("data/spike/cards.xlsx: not a readable XLSX workbook")


def test_cells_are_read_as_their_field_says():
    assert cell_value("+2", {"type": "integer"}) == 2 and cell_value("+2", {"type": "integer"}).written == "+2"
    assert cell_value("007", {"type": "string"}) == "007"
    assert cell_value("no", {"type": "boolean"}) is False
    assert cell_value("2.5", {}) == 2.5 and cell_value("red", {}) == "red"
    assert cell_value("3", {"enum": [1, 2, 3]}) == 3
    assert [column_letter(n) for n in (1, 26, 27, 53)] == ["A", "Z", "AA", "BA"]


def test_the_glossary_reads_the_words_of_runs(spike):
    from deckgen.checks.glossary import glossary_problems

    with (spike / "data/spike/lang/de.yaml").open("a", encoding="utf-8") as f:
        f.write("glossary:\n  - {use: Viereck, not: [Quadrat]}\n")
    strings = load_project(spike).games["spike"].strings["de"]
    assert [str(p) for p in glossary_problems(strings)] == [
        "data/spike/lang/de.yaml:6:46: runs.numbers.suit.square: 'Quadrat': the glossary says 'Viereck'"]


def test_a_language_without_the_runs_pattern_is_told_once_per_run(spike):
    lang = spike / "data/spike/lang/de.yaml"
    text = lang.read_text(encoding="utf-8")
    start, end = text.index("runs:\n"), text.index("cards:\n")
    lang.write_text(text[:start] + "cards:\n  circle1: {name: Kreis +1}\n" + text[end + len("cards:\n"):],
                    encoding="utf-8")
    assert translation_problems(spike) == [
        "data/spike/lang/de.yaml:3:1: runs.numbers.name: missing: the pattern of this text, for the 59 cards of the run "
        "(circle-10 …) that have no text of their own"]


def test_a_semicolon_csv_with_comments_and_empty_rows(tmp_path):
    from deckgen.sources.sheets import read_sheet

    path = tmp_path / "cards.csv"
    path.write_bytes("\ufeffid;suit;value;name.de\n# the circles\n\ncircle-1;circle;-1;\"Kreis, minus eins\"\n"
                     "circle2;circle;+2;\n".encode("utf-8"))
    fields = {"suit": {"enum": ["circle"]}, "value": {"type": "integer"}}
    sheet = read_sheet(path, "cards.csv", fields, ("name",), ("en", "de"))
    assert sheet.doc.data == [{"id": "circle-1", "suit": "circle", "value": -1},
                              {"id": "circle2", "suit": "circle", "value": 2}]
    assert sheet.doc.data[1]["value"].written == "+2"
    assert sheet.doc.line((1, "value")) == 5 and sheet.doc.column((1, "value")) == 3
    assert sheet.texts == {0: {"de": {"name": ("Kreis, minus eins", 4, 4)}}}
