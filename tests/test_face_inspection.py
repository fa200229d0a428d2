"""One reading of each rendered face (deckgen.render.svgwalk), shared by the SVG check and the check of lines
drawn through the words (deckgen.checks.drawn); and what a test suite (or a session of commands) does again
for every copy of a project, done once per process: templates compiled and parsed once per source
(deckgen.render.compiled), font files checked once per content, YAML parsed once per text, data validated
once per schema and data."""

from __future__ import annotations

import dataclasses
import shutil
import xml.parsers.expat as expat
from pathlib import Path

import jinja2
import pytest
from click.testing import CliRunner

from deckgen.checks import drawn
from deckgen.cli import main
from deckgen.render import svgcss, svgwalk
from deckgen.render.compiled import SourceCodeCache, parse_once
from deckgen.render.sandbox import Traced
from deckgen.scaffold import create_project
from deckgen.text import fonts

SVG = "http://www.w3.org/2000/svg"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("starter") / "proj"
    create_project(path)
    return path


@pytest.fixture
def demo(starter, tmp_path) -> Path:
    return Path(shutil.copytree(starter, tmp_path / "proj"))


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# ------------------------------------------------------------------ the tree the walk keeps


def test_the_walk_keeps_each_element_with_its_attributes_position_and_parent():
    svg = (f'<svg xmlns="{SVG}" xmlns:xlink="http://www.w3.org/1999/xlink">\n'
           f'  <g transform="translate(1 2)"><rect id="r" class="a" x="3"/></g>\n'
           f'  <use xlink:href="#r"/>\n</svg>')
    found = svgwalk.inspect(svg, keep_tree=True)
    assert not found.findings
    assert [(e.tag, e.at, e.parent) for e in found.tree] == [("svg", (1, 0), -1), ("g", (2, 2), 0),
                                                             ("rect", (2, 32), 1), ("use", (3, 2), 0)]
    assert found.tree[2].attributes == {"id": "r", "class": "a", "x": "3"}
    assert found.tree[1].attributes == {"transform": "translate(1 2)"}


def test_no_tree_unless_asked_and_none_for_a_face_not_read_whole():
    assert svgwalk.inspect(f'<svg xmlns="{SVG}"><rect/></svg>').tree is None
    assert svgwalk.inspect(f'<svg xmlns="{SVG}"><rect></svg>', keep_tree=True).tree is None  # not well-formed
    doctype = f'<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="{SVG}"/>'
    assert svgwalk.inspect(doctype, keep_tree=True).tree is None
    many = f'<svg xmlns="{SVG}">' + "<rect/>" * 50 + "</svg>"
    limited = svgwalk.inspect(many, dataclasses.replace(svgwalk.DEFAULT_LIMITS, svg_elements=10), keep_tree=True)
    assert limited.findings and limited.tree is None


def test_elements_drawn_are_counted_the_same_with_and_without_copies():
    plain = svgwalk.inspect(f'<svg xmlns="{SVG}"><g><rect/><rect/></g><circle/></svg>')
    assert (plain.elements, plain.drawn, plain.pixels, plain.findings) == (5, 5, 0, [])
    copied = svgwalk.inspect(f'<svg xmlns="{SVG}"><g id="g"><rect/><rect/></g><use href="#g"/><use href="#g"/></svg>')
    assert (copied.elements, copied.drawn) == (6, 12)  # each <use> draws the group's three elements again
    loop = svgwalk.inspect(f'<svg xmlns="{SVG}"><g id="g"><use href="#g"/></g></svg>')
    assert "copies itself without end" in loop.findings[0].message


# ------------------------------------------------------------------ one parse per face


def _first_front(project_dir: Path):
    from deckgen.loader import load_project
    from deckgen.render.templates import DeckRenderer

    project = load_project(project_dir)
    game = project.games["demo"]
    deck = next(iter(game.decks.values()))
    return DeckRenderer(project, game, deck, "en").render_front(deck.cards[0])


def test_a_card_face_with_words_and_a_frame_is_parsed_once(demo, monkeypatch):
    made = []
    create = expat.ParserCreate
    monkeypatch.setattr(expat, "ParserCreate", lambda *a, **k: made.append(1) or create(*a, **k))
    face = _first_front(demo)
    assert drawn.needs_tree(face.svg)  # the starter's front strokes a frame and sets words: both checks read it
    assert not face.problems
    assert len(made) == 1, "the SVG check and the drawn-line check read the face once between them"


def test_the_drawn_line_check_reads_the_tree_the_svg_check_kept(demo):
    front = demo / "templates/demo/front.svg.j2"
    edit(front, "{% endblock %}", '<line x1="10" y1="{{ geo.cy - 1 }}" x2="59" y2="{{ geo.cy - 1 }}" '
                                  'stroke="#ffffff" stroke-width="0.3"/>\n{% endblock %}')
    face = _first_front(demo)
    assert any("runs through the words" in p.message for p in face.problems)
    trim = (3.0, 3.0, 63.0, 88.0)
    traced = Traced(face.svg)
    where = lambda offset, is_tag: ("f", 1)  # noqa: E731
    kept = svgwalk.inspect(face.svg, keep_tree=True)
    assert drawn.drawn_problems(traced, "x", trim, where, kept) == drawn.drawn_problems(traced, "x", trim, where)
    assert drawn.drawn_problems(traced, "x", trim, where, kept)
    broken = svgwalk.inspect(face.svg[:-20], keep_tree=True)  # cut short: the SVG check says so, nothing here
    assert broken.syntax and drawn.drawn_problems(Traced(face.svg[:-20]), "x", trim, where, broken) == []


# ------------------------------------------------------------------ the CSS look that stops early


@pytest.mark.parametrize("value", ["translate(1 2) rotate(3)", "matrix(1,0,0,1,0,0)", "rgb(1,2,3)"])
def test_values_without_a_reference_or_a_refused_construct_have_nothing_to_say(value):
    assert svgcss.scan(value) == ([], [])


@pytest.mark.parametrize("value, found", [
    ("URL(http://x)", "http://x"), ("u\\72l(http://x)", "http://x"), ("x /**/ src(http://y)", "http://y"),
    ("\u017frc(http://x)", "http://x"),  # not ASCII: read in full, as before
])
def test_references_are_still_found_in_any_case_spelling_or_escape(value, found):
    assert [f.ref for f in svgcss.scan(value)[0]] == [found]


def test_refused_constructs_and_data_uris_are_still_found():
    assert [f.construct for f in svgcss.scan("@IMPORT 'x'; b: -webkit-image-set(y)")[0]] == ["@import", "-webkit-image-set()"]
    assert svgcss.scan("url('data:image/png;base64,AAAA')") == ([], ["data:image/png;base64,AAAA"])


# ------------------------------------------------------------------ compiled and parsed once per source


def _environment(folder: Path, cache: SourceCodeCache) -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), bytecode_cache=cache,
                              undefined=jinja2.StrictUndefined)


def test_a_template_is_compiled_once_for_every_copy_and_named_after_its_own_file(tmp_path, monkeypatch):
    for copy in ("a", "b"):
        (tmp_path / copy).mkdir()
        (tmp_path / copy / "t.j2").write_text("{{ 1 + x }}\n{{ y.z }}", encoding="utf-8")
    cache = SourceCodeCache()
    compiled = []
    monkeypatch.setattr(jinja2.Environment, "_compile",
                        lambda self, source, filename: compiled.append(filename) or compile(source, filename, "exec"))
    first = _environment(tmp_path / "a", cache).get_template("t.j2")
    second = _environment(tmp_path / "b", cache).get_template("t.j2")
    assert compiled == [str(tmp_path / "a" / "t.j2")]
    assert first.filename == str(tmp_path / "a" / "t.j2") and second.filename == str(tmp_path / "b" / "t.j2")
    assert second.render(x=1, y={"z": 5}) == "2\n5"
    with pytest.raises(jinja2.UndefinedError) as caught:
        second.render(x=1)
    frames = [f for f in __import__("traceback").extract_tb(caught.value.__traceback__) if f.filename.endswith(".j2")]
    assert frames and frames[-1].filename == str(tmp_path / "b" / "t.j2") and frames[-1].lineno == 2
    (tmp_path / "b" / "t.j2").write_text("{{ 2 + x }}", encoding="utf-8")
    assert _environment(tmp_path / "b", cache).get_template("t.j2").render(x=1) == "3"  # changed: compiled again
    assert len(compiled) == 2


def test_an_error_in_a_copied_projects_template_is_located_in_that_copy(demo, tmp_path):
    other = Path(shutil.copytree(demo, tmp_path / "other"))
    assert run("check", "--project", demo, "--lang", "en").exit_code == 0  # compiles the templates
    front = other / "templates/demo/front.svg.j2"
    edit(front, "{% endblock %}", "{{ card.nonsense.deeper }}\n{% endblock %}")
    result = run("check", "--project", other, "--lang", "en")
    assert result.exit_code == 2
    assert result.output.startswith("templates/demo/front.svg.j2:"), result.output


def test_a_parse_is_shared_by_source_and_syntax():
    env = jinja2.Environment()
    assert parse_once(env, "{{ a }}") is parse_once(jinja2.Environment(), "{{ a }}")
    assert parse_once(env, "{{ a }}") is not parse_once(jinja2.Environment(trim_blocks=True), "{{ a }}")
    with pytest.raises(jinja2.TemplateSyntaxError):
        parse_once(env, "{% if %}")


# ------------------------------------------------------------------ fonts checked once per content


def test_a_font_file_is_checked_once_for_the_same_bytes_and_again_when_they_change(starter, tmp_path, monkeypatch):
    font = next((starter / "fonts").glob("*.ttf"))
    checked = []
    real = fonts._font_file_problem
    monkeypatch.setattr(fonts, "_font_file_problem", lambda path: checked.append(path) or real(path))
    monkeypatch.setattr(fonts, "_FONT_ANSWERS", {})
    copies = [tmp_path / "a.ttf", tmp_path / "b.ttf"]
    for copy in copies:
        shutil.copyfile(font, copy)
    assert [fonts.font_file_problem(c) for c in copies] == [None, None]
    assert checked == [copies[0]]
    copies[1].write_bytes(font.read_bytes()[:2000])
    assert fonts.font_file_problem(copies[1]) is not None and len(checked) == 2
    assert fonts.font_file_problem(tmp_path / "missing.ttf") == "font file not found"


# ------------------------------------------------------------------ documents parsed and validated once


def test_a_yaml_text_is_parsed_once_and_each_reader_gets_its_own_copy(monkeypatch):
    from deckgen import yamlpos

    parsed = []
    real = yamlpos._parse_yaml
    monkeypatch.setattr(yamlpos, "_parse_yaml", lambda *a: parsed.append(a[1]) or real(*a))
    text = "a: [1, {b: 2}]\nc: x\n"
    first = yamlpos.parse_yaml(text, "data/x.yaml")
    first.data["a"][1]["b"] = 99
    first.data["a"].append(3)
    second = yamlpos.parse_yaml(text, "data/x.yaml")
    assert second.data == {"a": [1, {"b": 2}], "c": "x"}
    assert second.lines[("c",)] == 2 and second.lines[("a", 1, "b")] == 1 and second is not first
    assert parsed == ["data/x.yaml"]
    yamlpos.parse_yaml(text, "data/y.yaml")  # another file: its own name in every message
    assert parsed == ["data/x.yaml", "data/y.yaml"]
    for _ in range(2):
        with pytest.raises(yamlpos.DeckgenError) as caught:
            yamlpos.parse_yaml("a: 1\na: 2\n", "data/z.yaml")
        assert "duplicate key" in str(caught.value.problems[0])


def test_the_same_data_is_validated_once_and_located_in_its_own_file(monkeypatch):
    from deckgen import validate as validation
    from deckgen.yamlpos import parse_yaml

    found = []
    real = validation._findings
    monkeypatch.setattr(validation, "_findings", lambda *a: found.append(a[0]) or real(*a))
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}, "additionalProperties": False}
    one = validation.validate(parse_yaml("x: 1\nn: a\n", "one.yaml"), schema)
    two = validation.validate(parse_yaml("# moved down\n\nx: 1\nn: a\n", "two.yaml"), schema)
    assert len(found) == 1
    assert [(p.file, p.line) for p in one] == [("one.yaml", 1), ("one.yaml", 2)]
    assert [(p.file, p.line) for p in two] == [("two.yaml", 3), ("two.yaml", 4)]
    assert [p.message for p in one] == [p.message for p in two]
    assert validation.validate(parse_yaml("n: '1'\n", "q.yaml"), schema)  # '1' is not 1: validated anew
    assert validation.validate(parse_yaml("n: 1\n", "q.yaml"), schema) == []
    assert len(found) == 3
