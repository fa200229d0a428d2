"""``deckgen new``: start a project folder from the small example shipped in the package."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

from deckgen.errors import DeckgenError, Problem


def create_project(directory: Path) -> None:
    """Copy the example project (one tiny game, fonts included) into ``directory``."""
    directory = Path(directory)
    if directory.exists() and any(directory.iterdir()):
        raise DeckgenError(Problem("folder exists and is not empty; choose a new folder", str(directory)))
    example = resources.files("deckgen").joinpath("example")
    with resources.as_file(example) as src:
        shutil.copytree(src, directory, dirs_exist_ok=True, symlinks=False,
                        ignore=shutil.ignore_patterns("__pycache__"))
