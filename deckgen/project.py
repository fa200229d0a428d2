"""Find the project folder a command works on.

Like mkdocs finds ``mkdocs.yml``: ``--project DIR`` wins; otherwise the
nearest ``deckgen.yaml`` in the current folder or one of its parents;
otherwise the project bundled with a source checkout of deckgen (the
folder above this package), which holds the four shipped games.
"""

from __future__ import annotations

from pathlib import Path

from deckgen.errors import DeckgenError, Problem
from deckgen.loader import PROJECT_FILE

BUNDLED_ROOT = Path(__file__).resolve().parent.parent


def find_project_root(explicit: str | Path | None = None, cwd: Path | None = None) -> Path:
    """Return the project root folder, or raise DeckgenError."""
    if explicit is not None:
        root = Path(explicit)
        if not (root / PROJECT_FILE).is_file():
            raise DeckgenError(Problem(f"no {PROJECT_FILE} in {root} (start one with `deckgen new {root}`)",
                                       str(root)))
        return root.resolve()
    here = (cwd or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / PROJECT_FILE).is_file():
            return folder
    if (BUNDLED_ROOT / PROJECT_FILE).is_file():
        return BUNDLED_ROOT
    raise DeckgenError(Problem(f"no {PROJECT_FILE} found here or above; pass --project DIR "
                               f"or start a project with `deckgen new DIR`"))
