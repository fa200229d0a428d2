"""Find the project folder a command works on, and where its output goes.

Like mkdocs finds ``mkdocs.yml``: ``--project DIR`` wins; otherwise the
nearest ``deckgen.yaml`` in the current folder or one of its parents;
otherwise the bundled games.  The bundled games ship inside the package
(``deckgen/bundled/``, copied there when the wheel is built) so that a
plain ``pip install`` or pipx install works from any folder; in a source
checkout they are the checkout itself (``deckgen.yaml`` beside the package).
"""

from __future__ import annotations

from pathlib import Path

from deckgen.errors import DeckgenError, Problem

PROJECT_FILE = "deckgen.yaml"
_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent


def bundled_root() -> Path | None:
    """The folder holding the bundled games' project, or None if this install has none."""
    for candidate in (_PACKAGE / "bundled", _CHECKOUT):
        if (candidate / PROJECT_FILE).is_file() and (candidate / "data").is_dir():
            return candidate
    return None


BUNDLED_ROOT = bundled_root()


def is_bundled(root: Path) -> bool:
    """True if ``root`` is the bundled games' project."""
    return BUNDLED_ROOT is not None and Path(root).resolve() == BUNDLED_ROOT


def find_project_root(explicit: str | Path | None = None, cwd: Path | None = None) -> Path:
    """Return the project root folder, or raise DeckgenError."""
    if explicit is not None:
        root = Path(explicit)
        if not (root / PROJECT_FILE).is_file():
            raise DeckgenError(Problem(str(root), message=f"no {PROJECT_FILE} here "
                                                          f"(start a project with `deckgen new {root}`)"))
        return root.resolve()
    here = (cwd or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / PROJECT_FILE).is_file():
            return folder
    if BUNDLED_ROOT is not None:
        return BUNDLED_ROOT
    raise DeckgenError(f"no {PROJECT_FILE} found here or above; pass --project DIR "
                       f"or start a project with `deckgen new DIR`")


def default_output(root: Path, cwd: Path | None = None) -> Path:
    """Where output goes without ``--out``: the project's ``output/`` folder.

    The bundled games of an installed deckgen live inside the package, which
    is no place for output: their default is ``output/`` in the current folder.
    An ``output`` that leads out of its folder (a symlink a downloaded project
    ships, ``output -> ../..``) is refused: only an ``--out`` the user names
    may lie elsewhere.
    """
    from deckgen.boundary import stays_inside

    root = Path(root).resolve()
    base = root
    if is_bundled(root) and root == (_PACKAGE / "bundled").resolve():
        base = (cwd or Path.cwd()).resolve()
    folder = base / "output"
    if not stays_inside(folder, base):
        raise DeckgenError(Problem(str(folder), None, None, None,
                                   "the output folder leads outside the project (a symlink?): deckgen writes "
                                   "and deletes only inside it (remove the link, or name a folder with --out)"))
    return folder


def cache_home(root: Path, cwd: Path | None = None) -> Path | None:
    """The folder whose ``.cache`` is the project's build cache whatever ``--out`` a command writes to: the
    project's default output folder (so ``deckgen build --out elsewhere`` starts from the faces the last
    build drew, and ``output/.cache`` stays where it always was).  None where that folder cannot hold it (a
    read-only project, an ``output`` link that is refused): each output folder then keeps its own cache.
    The bundled games of an installed deckgen have ``output/`` in the current folder: it holds their cache
    only if it is there already (``deckgen build --out X`` makes no ``output/`` where the user stands)."""
    import os

    try:
        folder = default_output(root, cwd)
    except DeckgenError:
        return None
    if is_bundled(root) and Path(root).resolve() == (_PACKAGE / "bundled").resolve() and not folder.is_dir():
        return None
    probe = folder / ".cache"
    while not os.path.lexists(probe) and probe.parent != probe:
        probe = probe.parent
    return folder if os.access(probe, os.W_OK) else None
