"""Hostile inputs within limits (issue 25; security review findings 3, 7, 8, 9 and 12).

Each case is a small starter project (``deckgen new``) with one planted attack and low ``limits:`` in its
deckgen.yaml, so the refusal is quick: one located line ``FILE:LINE...: message``, exit 2, no traceback.
Every test here runs with the network closed (:func:`no_network`): any connection attempt fails the test.
"""

from __future__ import annotations

import io
import shutil
import socket
import time
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.limits import Limits
from deckgen.text import TextBox, layout_text
from deckgen.validate import validate
from deckgen.yamlpos import Located, parse_yaml

#: Seconds a refusal may take (generous for a busy 2-core machine; the attacks ran for minutes).
QUICK = 20


# ------------------------------------------------------------------ helpers


@pytest.fixture(autouse=True)
def no_network(monkeypatch):
    """Fail the test if anything tries to open a network connection."""
    attempts = []

    def refuse(*args, **kwargs):
        attempts.append(args)
        raise AssertionError(f"a network connection was attempted: {args!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    yield
    assert not attempts, f"network connections attempted: {attempts!r}"


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("starter") / "p"
    result = CliRunner().invoke(main, ["new", str(folder)])
    assert result.exit_code == 0, result.output
    return folder


@pytest.fixture
def project(starter, tmp_path) -> Path:
    """A copy of the starter project with low limits."""
    folder = tmp_path / "p"
    shutil.copytree(starter, folder)
    with (folder / "deckgen.yaml").open("a", encoding="utf-8") as f:
        f.write("limits: {string: 1000, cards: 100, values: 2000, file_bytes: 200000, rows: 50, cells: 500, "
                "pattern_ms: 50}\n")
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def check(folder: Path) -> list[str]:
    """``deckgen check`` of ``folder``: its problem lines (exit 2 and quick, or the test fails)."""
    start = time.monotonic()
    result = CliRunner().invoke(main, ["check", "--project", str(folder)])
    took = time.monotonic() - start
    assert "Traceback" not in result.output and not isinstance(result.exception, (AssertionError, MemoryError)), \
        result.output
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert took < QUICK, took
    return [line for line in result.output.splitlines() if not line.endswith(("problem", "problems"))
            and ": warning: " not in line]


def game(folder: Path) -> Path:
    return folder / "data" / "demo" / "game.yaml"


def cards(folder: Path) -> Path:
    return folder / "data" / "demo" / "cards.yaml"


def add_field(folder: Path, field: str, value: str) -> None:
    """A card field ``field`` (JSON Schema ``schema_text``) given ``value`` on the first card."""
    edit(game(folder), "  value: {type: integer}", "  value: {type: integer}\n  " + field)
    name = field.split(":")[0]
    edit(cards(folder), "count: 2}", f"count: 2, {name}: {value}}}")


def use_card_list(folder: Path, name: str) -> Path:
    edit(game(folder), "cards: cards.yaml", f"cards: {name}")
    return folder / "data" / "demo" / name


# ------------------------------------------------------------------ 1. schema $ref stays inside the schema


@pytest.mark.parametrize("ref", ["file:///etc/passwd", "http://127.0.0.1:9/x.json", "other.json#/x"])
def test_foreign_ref_in_card_fields_is_refused_at_its_line(project, ref):
    add_field(project, f'extra: {{$ref: "{ref}"}}', "1")
    found = check(project)
    assert len(found) == 1, found
    assert found[0].startswith("data/demo/game.yaml:6:3: card_fields.extra: not a valid JSON Schema: $ref "), found
    assert "points outside this schema" in found[0]


def test_local_ref_still_works(project):
    add_field(project, 'extra: {$defs: {small: {maximum: 3}}, $ref: "#/$defs/small"}', "5")
    found = check(project)
    assert found == ["data/demo/cards.yaml:2:48: card 1.extra: 5 is out of range (maximum 3)"], found


def test_validator_fetches_nothing_for_a_nested_remote_ref():
    schema = {"type": "object", "properties": {"a": {"$ref": "http://127.0.0.1:9/x.json"}}}
    doc = Located({"a": 1}, "x.yaml", {(): 1, ("a",): 2}, {(): 1, ("a",): 1})
    problems = validate(doc, schema)
    assert len(problems) == 1 and problems[0].file == "x.yaml"
    assert "a $ref may only point inside its schema" in problems[0].message


# ------------------------------------------------------------------ 2. ReDoS in card field patterns


def test_catastrophic_pattern_is_stopped_by_its_time_limit(project):
    add_field(project, 'word: {type: string, pattern: "^(a|aa)*$"}', "a" * 60 + "b")
    found = check(project)
    assert found == ["data/demo/cards.yaml:2:48: card 1.word: the pattern '^(a|aa)*$' took more than 50 ms on "
                     "this value (limits.pattern_ms in deckgen.yaml)"], found


def test_catastrophic_pattern_property_is_stopped_too():
    schema = {"type": "object", "patternProperties": {"^(a|aa)*$": {"type": "integer"}}}
    doc = Located({"a" * 60 + "b": 1}, "x.yaml", {(): 1}, {(): 1})
    start = time.monotonic()
    problems = validate(doc, schema, Limits(pattern_ms=50))
    assert time.monotonic() - start < QUICK
    assert [p.message for p in problems] == ["the pattern '^(a|aa)*$' took more than 50 ms on this value "
                                             "(limits.pattern_ms in deckgen.yaml)"]


def test_ordinary_patterns_still_match(project):
    add_field(project, 'word: {type: string, pattern: "^[a-z]+$"}', "Hello")
    found = check(project)
    assert found == ["data/demo/cards.yaml:2:48: card 1.word: 'Hello' does not match the pattern ^[a-z]+$"], found


# ------------------------------------------------------------------ 3. generated runs


RUN = """- run: nums
  each: {value: [1, 2, 3]}
  id: "ID"
  colour: red
"""


def test_run_id_format_width_is_refused_before_formatting(project):
    with cards(project).open("a", encoding="utf-8") as f:
        f.write(RUN.replace("ID", "c{value:0>1500000000}"))
    found = check(project)
    assert found == ["data/demo/cards.yaml:7:3: 3.id: the format '0>1500000000' asks for 1500000000 characters, "
                     "more than the limit of 1000 characters (limits.string in deckgen.yaml)"], found


def test_run_name_pattern_width_in_a_lang_file_is_refused(project):
    with cards(project).open("a", encoding="utf-8") as f:
        f.write(RUN.replace("ID", "c{value}"))
    for lang in ("en", "de"):
        with (project / "data" / "demo" / "lang" / f"{lang}.yaml").open("a", encoding="utf-8") as f:
            f.write('runs:\n  nums:\n    name: "{value:>1500000000}"\n')
    found = check(project)
    assert len(found) == 2, found
    for line in found:
        assert line.endswith(": runs.nums.name: the format '>1500000000' asks for 1500000000 characters, more "
                             "than the limit of 1000 characters (limits.string in deckgen.yaml)"), line


def test_run_pattern_that_grows_past_the_string_limit_is_refused(project):
    with cards(project).open("a", encoding="utf-8") as f:
        f.write(RUN.replace("ID", "c" + "{value:0>99}" * 80))
    found = check(project)
    assert found == ["data/demo/cards.yaml:7:3: 3.id: makes a text of 7921 characters, more than the limit of "
                     "1000 characters (limits.string in deckgen.yaml)"], found


def test_run_words_that_grow_a_pattern_past_the_string_limit_are_refused(project):
    with cards(project).open("a", encoding="utf-8") as f:
        f.write(RUN.replace("ID", "c{value}"))
    for lang in ("en", "de"):
        with (project / "data" / "demo" / "lang" / f"{lang}.yaml").open("a", encoding="utf-8") as f:
            f.write('runs:\n  nums:\n    name: "' + "{value}" * 100 + '"\n    value: {2: ' + "x" * 900 + '}\n')
    found = check(project)
    assert len(found) == 2, found
    for line in found:
        assert line.endswith(": runs.nums.name: makes a text of 90000 characters, more than the limit of 1000 "
                             "characters (limits.string in deckgen.yaml)"), line


def test_many_runs_are_counted_before_any_is_expanded(project):
    runs = "".join(f"- run: r{i}\n  each: {{value: {{from: 1, to: 5000}}}}\n  id: \"r{i}-{{value}}\"\n"
                   f"  colour: red\n" for i in range(30))
    with cards(project).open("a", encoding="utf-8") as f:
        f.write(runs)
    found = check(project)
    assert found == ["data/demo/cards.yaml:6:3: 3.each: this card list makes more than 100 cards "
                     "(limits.cards in deckgen.yaml): is a range wrong?"], found


def test_a_huge_range_is_not_made(project):
    with cards(project).open("a", encoding="utf-8") as f:
        f.write("- run: big\n  each: {value: {from: 1, to: 1000000000000}}\n  id: \"b{value}\"\n  colour: red\n")
    found = check(project)
    assert found == ["data/demo/cards.yaml:6:3: 3.each: this run makes 1000000000000 cards, more than 5000: is "
                     "a range wrong?"], found


# ------------------------------------------------------------------ 4. spreadsheets and CSV


def test_csv_over_file_bytes_is_refused_before_reading(project):
    sheet = use_card_list(project, "cards.csv")
    sheet.write_text("id,colour,value\n" + "".join(f"c{i},red,{i % 10}\n" for i in range(20000)))
    found = check(project)
    assert len(found) == 1 and found[0].startswith("data/demo/cards.csv:1:1: file of "), found
    assert found[0].endswith("bytes, more than the limit of 200000 (limits.file_bytes in deckgen.yaml)")


def test_csv_rows_are_limited(project):
    sheet = use_card_list(project, "cards.csv")
    sheet.write_text("id,colour,value\n" + "".join(f"c{i},red,{i % 10}\n" for i in range(2000)))
    assert check(project) == ["data/demo/cards.csv:51: more than 50 rows (limits.rows in deckgen.yaml)"]


def test_csv_cell_length_is_limited(project):
    sheet = use_card_list(project, "cards.csv")
    sheet.write_text("id,colour,value\nember,red,3\ntide,blue," + "9" * 5000 + "\n")
    assert check(project) == ["data/demo/cards.csv:3:3: a cell of 5000 characters, more than the limit of 1000 "
                              "(limits.string in deckgen.yaml)"]


def xlsx_bytes(cells: dict[str, object], padding: int = 0) -> bytes:
    """A workbook with ``cells`` (name -> value); ``padding`` bytes of comment in its sheet part (a zip bomb)."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for name, value in cells.items():
        sheet[name] = value
    buffer = io.BytesIO()
    book.save(buffer)
    if not padding:
        return buffer.getvalue()
    source = zipfile.ZipFile(buffer)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for part in source.infolist():
            data = source.read(part)
            if part.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(b"</worksheet>", b"<!--" + b" " * padding + b"--></worksheet>")
            archive.writestr(part.filename, data)
    return out.getvalue()


HEADER = {"A1": "id", "B1": "colour", "C1": "value", "A2": "ember", "B2": "red", "C2": 3}


def test_xlsx_declared_dimension_is_not_trusted(project):
    sheet = use_card_list(project, "cards.xlsx")
    sheet.write_bytes(xlsx_bytes({**HEADER, "XFD1048576": "x"}))
    assert sheet.stat().st_size < 10_000
    assert check(project) == ["data/demo/cards.xlsx:51: more than 50 rows (limits.rows in deckgen.yaml)"]


def test_xlsx_wide_rows_are_limited_by_cells(project):
    sheet = use_card_list(project, "cards.xlsx")
    sheet.write_bytes(xlsx_bytes({**HEADER, "XFD2": "x"}))
    assert check(project) == ["data/demo/cards.xlsx:2: more than 500 cells (limits.cells in deckgen.yaml)"]


def test_xlsx_trailing_empty_cells_and_rows_are_ignored(project):
    sheet = use_card_list(project, "cards.xlsx")
    sheet.write_bytes(xlsx_bytes({**HEADER, "A3": "tide", "B3": "blue", "C3": 5, "A4": "crown", "B4": "gold",
                                  "C4": 9, "E10": None}))
    result = CliRunner().invoke(main, ["check", "--project", str(project)])
    assert "more than" not in result.output and "Traceback" not in result.output, result.output


def test_xlsx_zip_bomb_is_refused_before_unpacking(project):
    sheet = use_card_list(project, "cards.xlsx")
    sheet.write_bytes(xlsx_bytes(HEADER, padding=2_000_000))
    assert sheet.stat().st_size < 200_000
    assert check(project) == ["data/demo/cards.xlsx:1:1: unpacks to more than 200000 bytes (at its part "
                              "'xl/worksheets/sheet1.xml'; limits.file_bytes in deckgen.yaml)"]


def ods_bytes(rows: int, row_repeat: int, column_repeat: int) -> bytes:
    ns = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')
    row = (f'<table:table-row table:number-rows-repeated="{row_repeat}"><table:table-cell '
           f'table:number-columns-repeated="{column_repeat}" office:value-type="string"><text:p>x</text:p>'
           f'</table:table-cell></table:table-row>')
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ns} office:version="1.2">'
               f'<office:body><office:spreadsheet><table:table table:name="S"><table:table-row>'
               f'<table:table-cell office:value-type="string"><text:p>id</text:p></table:table-cell>'
               f'</table:table-row>{row * rows}</table:table></office:spreadsheet></office:body>'
               f'</office:document-content>')
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry '
                'manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                '</manifest:manifest>')
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("META-INF/manifest.xml", manifest)
        archive.writestr("content.xml", content)
    return out.getvalue()


def test_ods_repeated_columns_are_limited(project):
    sheet = use_card_list(project, "cards.ods")
    sheet.write_bytes(ods_bytes(300, 1000, 1000))
    assert sheet.stat().st_size < 5_000
    assert check(project) == ["data/demo/cards.ods:2: more than 500 cells (limits.cells in deckgen.yaml)"]


def test_ods_repeated_rows_are_limited(project):
    sheet = use_card_list(project, "cards.ods")
    sheet.write_bytes(ods_bytes(300, 1000, 1))
    assert check(project) == ["data/demo/cards.ods:51: more than 50 rows (limits.rows in deckgen.yaml)"]


def test_ods_with_a_document_type_is_refused(project):
    sheet = use_card_list(project, "cards.ods")
    bomb = ods_bytes(1, 1, 1)  # a valid file, then its XML given a DTD
    source = zipfile.ZipFile(io.BytesIO(bomb))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for part in source.infolist():
            data = source.read(part)
            if part.filename == "content.xml":
                data = data.replace(b"?>", b'?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>', 1)
            archive.writestr(part, data)
    sheet.write_bytes(out.getvalue())
    found = check(project)
    assert len(found) == 1 and found[0].startswith("data/demo/cards.ods: not a readable ODS spreadsheet "
                                                   "(DTDForbidden"), found


# ------------------------------------------------------------------ 5. YAML counted before it is built


def test_many_tiny_yaml_values_are_refused_before_composing(monkeypatch):
    import deckgen.yamlpos as yamlpos

    composed = []
    compose_node = yamlpos._SafeBase.compose_node

    def counted(self, parent, index):
        composed.append(index)
        return compose_node(self, parent, index)

    monkeypatch.setattr(yamlpos._SafeBase, "compose_node", counted)
    text = "cards:\n" + "".join(f"  c{i}: [1, 2, 3, 4, 5, 6, 7, 8, 9]\n" for i in range(5000))
    with pytest.raises(DeckgenError) as info:
        parse_yaml(text, "data/demo/lang/en.yaml", Limits(values=2000))
    assert str(info.value) == ("data/demo/lang/en.yaml:1:1: document too large: more than 2000 values (aliases "
                               "expanding too far?; limits.values in deckgen.yaml)")
    assert len(composed) == 2000  # composing stopped at the limit, not after the 50,000 values of the file


def test_many_tiny_values_in_a_lang_file(project):
    with (project / "data" / "demo" / "lang" / "en.yaml").open("a", encoding="utf-8") as f:
        f.write("junk:\n" + "".join(f"  j{i}: [1, 2, 3, 4, 5, 6, 7, 8, 9]\n" for i in range(3000)))
    assert check(project) == ["data/demo/lang/en.yaml:1:1: document too large: more than 2000 values (aliases "
                              "expanding too far?; limits.values in deckgen.yaml)"]


# ------------------------------------------------------------------ 6. NaN and infinities


@pytest.mark.parametrize("old, new, expected", [
    ("    bleed: 3", "    bleed: .nan", "data/demo/game.yaml:11:5: decks.demo.bleed: expected number, got nan"),
    ("    safe: 3", "    safe: .inf", "data/demo/game.yaml:12:5: decks.demo.safe: expected number, got inf"),
    ("    size: poker ", "    size: {width: .nan, height: 88} ",
     "data/demo/game.yaml:10:5: decks.demo.size: {'width': nan, 'height': 88} is not a valid value here"),
])
def test_non_finite_deck_numbers_are_refused_at_load(project, old, new, expected):
    edit(game(project), old, new)
    assert check(project) == [expected]


def test_non_finite_card_number_is_refused(project):
    add_field(project, "weight: {type: number}", "-.inf")
    assert check(project) == ["data/demo/cards.yaml:2:48: card 1.weight: expected number, got -inf"]


# ------------------------------------------------------------------ 7. text() with a bad box or a huge text


def add_to_front(folder: Path, line: str) -> None:
    edit(folder / "templates" / "demo" / "front.svg.j2", "\n{% endblock %}", "\n" + line + "\n{% endblock %}")


@pytest.mark.parametrize("box, shown", [("1, 1, -10, 5", "width -10.0"), ("1, 1, 10, 0", "height 0.0"),
                                        ("1, 1, 10, big * 10 - big * 10", "height nan"),
                                        ("1, 1, big * 10, 5", "width inf"),
                                        ("1, 1, -big * 10, 5", "width -inf")])
def test_text_with_a_bad_box_is_a_located_error(project, box, shown):
    # a computed infinity (|float refuses 'nan' and 'inf' itself)
    add_to_front(project, "{% set big = 1e308 %}{{ text('Hello', " + box + ") }}")
    assert check(project) == [f"templates/demo/front.svg.j2:14: text() box {shown}: must be a "
                              f"positive finite number (a box is [x, y, width, height] in mm) (rendering ember)"]


def test_text_with_a_huge_string_is_refused_at_the_projects_limit(project):
    add_to_front(project, "{{ text('word ' * 12000000, 0, 0, 10, 10) }}")
    assert check(project) == ["templates/demo/front.svg.j2:14: text() of 60000000 characters, more "
                              "than the limit of 1000 (limits.string in deckgen.yaml) (rendering ember)"]


def test_style_boxes_must_be_finite_and_not_negative(project):
    (project / "data" / "demo" / "style.yaml").write_text("boxes:\n  a: [10, 10, -10, 10]\n  b: [.nan, 1, 3, 4]\n"
                                                        "  c: [1, 1, .inf, 4]\n")
    edit(game(project), "card_fields:", "style: style.yaml\ncard_fields:")
    assert check(project) == ["data/demo/style.yaml:2:15: boxes.a.2: -10 is out of range (minimum 0)",
                              "data/demo/style.yaml:3:7: boxes.b.0: expected number, got nan",
                              "data/demo/style.yaml:4:13: boxes.c.2: expected number, got inf"]


def test_layout_refuses_bad_numbers_without_looping():
    from deckgen.text import FontSet

    fonts = FontSet.__new__(FontSet)  # never reached: the numbers are checked first
    for box, size in [(TextBox(0, 0, -10, 5), 3.2), (TextBox(0, 0, 10, 5), float("nan")),
                      (TextBox(float("-inf"), 0, 10, 5), 3.2)]:
        with pytest.raises(ValueError):
            layout_text("Hello", box, fonts=fonts, size=size)


def test_a_hopeless_fit_ends_after_two_layouts(monkeypatch):
    from deckgen.text import FontSet, layout

    fonts = FontSet.bundled(Path(__file__).resolve().parent.parent / "fonts")
    runs = []
    real = layout._Breaker.run
    monkeypatch.setattr(layout._Breaker, "run", lambda self, width: runs.append(width) or real(self, width))
    result = layout_text("word " * 150, TextBox(0, 0, 10, 3), fonts=fonts, size=6, min_size=0.5)
    assert not result.fits and result.size == 0.5
    assert len(runs) == 2, len(runs)  # at 6 mm, then at 0.5 mm (not at every size on the way down)
