"""``deckgen new``: start a project folder from one of the starters shipped in the package.

A starter is ``deckgen/starters/NAME/`` (deckgen.yaml, data/GAME/,
templates/GAME/) laid over ``deckgen/starters/common/`` (the fonts of every
role, ``templates/_common/`` with the base template, drawing macros, the
documented icons and the reference card):

- ``blank``: three cards with a colour and a value, one with an optional rule text;
- ``numbered``: suits and values, the card list a CSV spreadsheet;
- ``poker``: 52 cards and two jokers, made with a generated run.

Every starter has a reference card and a rulebook skeleton in each language.
The project gets a ``.gitignore`` for what deckgen writes (``output/``, ``.deckgen/``), and each
translation a baseline that records it as current (``deckgen translate``).
"""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

from deckgen.errors import DeckgenError, Problem

STARTERS = ("blank", "numbered", "poker")

#: What deckgen writes into a project and a repository should not hold.
GITIGNORE = """\
# What deckgen writes (built files, caches): made again by deckgen, not kept in the repository.
output/
.deckgen/
"""


def create_project(directory: Path, template: str = "blank") -> None:
    """Copy the starter ``template`` (with the common files) into ``directory``."""
    directory = Path(directory)
    if template not in STARTERS:
        raise DeckgenError(Problem.at(f"unknown starter {template!r} (choose from {', '.join(STARTERS)})",
                                      field="--template"))
    if directory.exists() and any(directory.iterdir()):
        raise DeckgenError(Problem.at("folder exists and is not empty; choose a new folder", str(directory)))
    starters = resources.files("deckgen").joinpath("starters")
    with resources.as_file(starters) as src:
        for part in ("common", template):
            shutil.copytree(Path(src) / part, directory, dirs_exist_ok=True, symlinks=False,
                            ignore=shutil.ignore_patterns("__pycache__"))
    (directory / ".gitignore").write_text(GITIGNORE, encoding="utf-8")
    _record_translations(directory)


def _record_translations(directory: Path) -> None:
    """Every starter translation is current: write the baselines ``deckgen translate`` compares with."""
    from deckgen.translate.baseline import write_baseline
    from deckgen.translate.project_texts import text_project
    from deckgen.translate.status import current_hashes, language_status

    project = text_project(directory)
    for game in project.games:
        for lang in project.languages[1:]:
            hashes = current_hashes(language_status(project.root, game, project.source, lang))
            if hashes:
                write_baseline(project.root, game, lang, project.source, hashes)
