"""The project format is versioned; a project made by an earlier deckgen keeps building."""

from __future__ import annotations

from click.testing import CliRunner
import pytest

from deckgen.cli import main
from tests.conftest import fixture_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_format_1_project_checks_and_builds_with_a_located_note(tmp_path):
    proj = fixture_project("format1", tmp_path / "old")
    checked = run("check", "--project", proj)
    assert checked.exit_code == 0, checked.output
    assert "deckgen.yaml:1:1: warning: no 'format:' given, so this project is read as format 1" in checked.output
    assert "add the line 'format: 3'" in checked.output
    out = tmp_path / "out"
    built = run("build", "--dpi", "72", "--out", out, "--project", proj)
    assert built.exit_code == 0, built.output
    assert sorted(p.name for p in (out / "demo").iterdir()) == [
        "demo-de-a4.pdf", "demo-de-cards.pdf", "demo-en-a4.pdf", "demo-en-cards.pdf"]


def test_the_note_goes_once_the_format_is_given(tmp_path):
    proj = fixture_project("format1", tmp_path / "old")
    text = (proj / "deckgen.yaml").read_text()
    (proj / "deckgen.yaml").write_text("format: 2\n" + text)
    checked = run("check", "--project", proj)
    assert checked.exit_code == 0 and "warning" not in checked.output


def test_a_newer_format_is_refused_with_what_to_do(tmp_path):
    proj = fixture_project("format1", tmp_path / "new")
    text = (proj / "deckgen.yaml").read_text()
    (proj / "deckgen.yaml").write_text("format: 9\n" + text)
    result = run("list", "--project", proj)
    assert result.exit_code == 2
    assert result.output.startswith("deckgen.yaml:1:1: format: this project is written in format 9")
    assert "update deckgen" in result.output
