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


def test_files_committed_in_the_background_are_synced_then_renamed_then_recorded(tmp_path, monkeypatch):
    """A deck's files are put in place on a thread while the next deck is made: each is flushed to disk
    before it is renamed, the record comes after, and a failure leaves the old files and no temporary ones."""
    from deckgen.output import Committer, write_pending

    events = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (events.append("sync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (events.append(f"place {Path(b).name}"), real_replace(a, b))[1])
    (tmp_path / "old-part2.pdf").write_bytes(b"stale")
    with Committer() as committer:
        made = [(write_pending(tmp_path / n, lambda h, n=n: h.write(n.encode()), sync=False), tmp_path / n)
                for n in ("a.pdf", "b.pdf")]
        assert "sync" not in events  # not yet: the committer does it
        committer.commit(made, [tmp_path / "old-part2.pdf"], lambda: events.append("record"))
    assert events == ["sync", "sync", "place a.pdf", "place b.pdf", "record"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf", "b.pdf"]
    assert (tmp_path / "b.pdf").read_bytes() == b"b.pdf"

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space"):
        with Committer() as committer:
            tmp = write_pending(tmp_path / "a.pdf", lambda h: h.write(b"new"), sync=False)
            committer.commit([(tmp, tmp_path / "a.pdf")], [], lambda: events.append("record again"))
    assert (tmp_path / "a.pdf").read_bytes() == b"a.pdf" and "record again" not in events
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf", "b.pdf"]


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
