"""One build cache shared by several output folders (DECKGEN_CACHE), and the test suite's use of it: a face
drawn for one output folder is not drawn again for the next, the files are byte for byte those of a cold
build, `--cache` still wins, and only the modules marked ``shared_cache`` see the shared folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.build import BuildOptions, BuildReport, build
from deckgen.loader import load_project
from deckgen.output import CACHE_ENV, cache_folder
from tests.conftest import fixture_project


def run(project_dir: Path, out: Path, **kw) -> BuildReport:
    report = BuildReport()
    build(load_project(project_dir), ["demo"], BuildOptions(dpi=72, out=out, workers=1, **kw), report=report)
    return report


def pdfs(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}


def test_the_environment_names_the_cache_unless_cache_is_given(tmp_path, monkeypatch):
    monkeypatch.delenv(CACHE_ENV, raising=False)
    assert cache_folder(tmp_path / "out") == tmp_path / "out" / ".cache"
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "shared"))
    assert cache_folder(tmp_path / "out") == tmp_path / "shared"
    assert cache_folder(tmp_path / "out", tmp_path / "named") == tmp_path / "named"  # --cache wins
    monkeypatch.setenv(CACHE_ENV, "")
    assert cache_folder(tmp_path / "out") == tmp_path / "out" / ".cache"  # set but empty: as if unset


def test_a_second_output_folder_draws_nothing_and_gets_the_same_bytes(tmp_path, monkeypatch):
    demo = fixture_project("format1", tmp_path / "demo")
    monkeypatch.delenv(CACHE_ENV, raising=False)
    cold = run(demo, tmp_path / "cold")
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "shared"))
    first = run(demo, tmp_path / "one")
    second = run(demo, tmp_path / "two")
    assert (cold.drawn, first.drawn, second.drawn) == (7, 7, 0)
    assert len(second.written) == 4  # a new output folder: every file written, from the shared faces
    assert not (tmp_path / "one" / ".cache").exists() and not (tmp_path / "two" / ".cache").exists()
    assert pdfs(tmp_path / "one") == pdfs(tmp_path / "two") == pdfs(tmp_path / "cold")


def test_an_unmarked_module_keeps_each_output_folders_own_cache(shared_cache):
    import os

    assert shared_cache is None and CACHE_ENV not in os.environ


@pytest.mark.shared_cache
def test_the_marker_on_a_test_alone_shares_nothing(shared_cache):
    """The fixture is module-scoped: a module shares the cache as a whole (its builds made once per module
    are made with it) or not at all."""
    import os

    assert shared_cache is None and CACHE_ENV not in os.environ


def test_a_face_is_rendered_again_when_deckgen_yaml_changes(tmp_path):
    """deckgen.yaml's breaking rules, format and limits change a face's layout and what is an error on it: a
    face kept in a (shared) cache is keyed by it, so an edit there never reuses a face laid out before."""
    from deckgen.render.decks import Fingerprints, face_key

    demo = fixture_project("format1", tmp_path / "demo")

    def key() -> str:
        project = load_project(demo)
        game = project.games["demo"]
        deck = next(iter(game.decks.values()))
        return face_key(Fingerprints(project), game, deck, "en", deck.cards[0], "front")

    before = key()
    assert key() == before  # the same inputs: the same key
    config = demo / "deckgen.yaml"
    config.write_text(config.read_text(encoding="utf-8") + "breaking:\n  en:\n    never_break: [Ember Tide]\n",
                      encoding="utf-8")
    assert key() != before
