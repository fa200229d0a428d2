"""Shared fixtures: the bundled project, and one classic build per test session."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deckgen.build import BuildOptions, build
from deckgen.loader import load_project

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def project():
    return load_project(ROOT)


@pytest.fixture(scope="session")
def classic_build(tmp_path_factory, project):
    """The classic deck in English on A4 at 100 dpi, long-edge duplex."""
    out = tmp_path_factory.mktemp("out")
    options = BuildOptions(paper="a4", dpi=100, duplex="long", out=out, languages=("en",))
    written = build(project, ["classic"], options)
    return out, written


@pytest.fixture
def project_copy(tmp_path):
    """A writable copy of the bundled project with only the classic game."""
    dest = tmp_path / "proj"
    dest.mkdir()
    shutil.copytree(ROOT / "fonts", dest / "fonts")
    shutil.copytree(ROOT / "templates", dest / "templates")
    (dest / "data").mkdir()
    shutil.copytree(ROOT / "data" / "classic", dest / "data" / "classic")
    text = (ROOT / "deckgen.yaml").read_text()
    lines = [("games: [classic]" if l.startswith("games:") else l) for l in text.splitlines()]
    (dest / "deckgen.yaml").write_text("\n".join(lines) + "\n")
    return dest
