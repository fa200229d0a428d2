"""YAML positions, located schema errors, atomic output files and project discovery."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from deckgen.errors import DeckgenError
from deckgen.output import write_atomic
from deckgen.project import BUNDLED_ROOT, find_project_root
from deckgen.validate import schema, validate
from deckgen.yamlpos import parse_yaml


def test_positions_of_nested_values():
    doc = parse_yaml("a: 1\nlist:\n  - x: 2\n    y: [3, 4]\n", "f.yaml")
    assert doc.data == {"a": 1, "list": [{"x": 2, "y": [3, 4]}]}
    assert doc.line(("list", 0, "y")) == 4
    assert doc.line(("list", 0, "nope")) == 3  # nearest known ancestor


def test_syntax_error_and_duplicate_keys_are_located():
    with pytest.raises(DeckgenError) as err:
        parse_yaml("a: [1\nb: 2\n", "f.yaml")
    assert str(err.value).startswith("f.yaml:2:2: invalid YAML")
    with pytest.raises(DeckgenError) as err:
        parse_yaml("a: 1\nb: 2\na: 3\n", "f.yaml")
    assert str(err.value) == "f.yaml:3:1: a: duplicate key 'a'"


def test_schema_errors_name_line_and_field():
    doc = parse_yaml("name: x\nlanguages: [en]\ngames: [one]\nextra: 1\nfonts: {body: a.otf}\n", "deckgen.yaml")
    lines = [str(p) for p in validate(doc, schema("project"))]
    assert "deckgen.yaml:4:1: extra: unknown key 'extra'" in lines
    assert any(l.startswith("deckgen.yaml:5:9: fonts.body:") for l in lines)


def test_atomic_write_keeps_the_old_file_on_failure(tmp_path, monkeypatch):
    target = tmp_path / "a.pdf"
    write_atomic(target, b"old")

    def boom(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"new and longer")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.pdf"]  # no temp file left behind


def test_project_discovery(tmp_path):
    (tmp_path / "deckgen.yaml").write_text("name: x\n")
    sub = tmp_path / "a" / "b"
    sub.mkdir(parents=True)
    assert find_project_root(cwd=sub) == tmp_path
    assert find_project_root(tmp_path) == tmp_path.resolve()
    assert find_project_root(cwd=Path("/")) == BUNDLED_ROOT
    with pytest.raises(DeckgenError):
        find_project_root(tmp_path / "a")


def test_hostile_yaml_is_refused_not_expanded():
    laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    prev = "a"
    for name in "bcdefghij":
        laughs += f"{name}: &{name} [" + ", ".join(f"*{prev}" for _ in range(10)) + "]\n"
        prev = name
    with pytest.raises(DeckgenError) as err:
        parse_yaml(laughs, "bomb.yaml")
    assert str(err.value).startswith("bomb.yaml:1:1: document too large")
    with pytest.raises(DeckgenError) as err:
        parse_yaml("[" * 5000 + "]" * 5000, "deep.yaml")
    assert str(err.value).startswith("deep.yaml")


def test_binary_and_non_utf8_files(tmp_path):
    from deckgen.yamlpos import load_yaml

    f = tmp_path / "x.yaml"
    f.write_bytes(b"a: 1\nb: \xff\xfe\n")
    with pytest.raises(DeckgenError) as err:
        load_yaml(f, "x.yaml")
    assert str(err.value) == "x.yaml:2: not valid UTF-8 text"
