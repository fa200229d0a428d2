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


def copy_project(dest: Path, game: str) -> Path:
    """A writable copy of the bundled project at ``dest`` holding only ``game``."""
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "fonts", dest / "fonts")
    shutil.copytree(ROOT / "templates", dest / "templates")
    shutil.copytree(ROOT / "data" / game, dest / "data" / game)
    text = (ROOT / "deckgen.yaml").read_text(encoding="utf-8")
    lines = [(f"games: [{game}]" if l.startswith("games:") else l) for l in text.splitlines()]
    (dest / "deckgen.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return dest


@pytest.fixture
def project_copy(tmp_path):
    """A writable copy of the bundled project with only the classic game."""
    return copy_project(tmp_path / "proj", "classic")
