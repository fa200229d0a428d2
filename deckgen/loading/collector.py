"""What one load of a project collects: its problems, notes and limits, and the checks of paths it shares.

A :class:`Collector` lives for one :func:`deckgen.loader.load_project`;
every part of the loader adds its problems to it instead of raising, so a
user sees a batch of mistakes per run.  The helpers below say, located,
that a named file or template is missing or lies outside its folder.
"""

from __future__ import annotations

from pathlib import Path

from deckgen.errors import DeckgenError, Problem
from deckgen.limits import DEFAULT as DEFAULT_LIMITS, Limits
from deckgen.parts import Parts
from deckgen.suggest import did_you_mean
from deckgen.validate import validate
from deckgen.yamlpos import Located, load_yaml


class Collector:
    """Accumulates problems; ``load`` returns None for an unreadable file."""

    def __init__(self, root: Path):
        self.root = root
        self.problems: list[Problem] = []
        self.notes: list[Problem] = []
        self.limits: Limits = DEFAULT_LIMITS
        self.consequences: list[Problem] = []  # what follows from a broken file, said once after the problems
        self.parts = Parts()  # what the project's plugins add (deckgen.parts)

    def rel(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root))
        except ValueError:
            return str(path)

    def load(self, path: Path) -> Located | None:
        try:
            return load_yaml(path, self.rel(path), self.limits)
        except DeckgenError as exc:
            self.problems.extend(exc.problems)
            return None

    def validate(self, located: Located, schema_obj: dict) -> bool:
        found = validate(located, schema_obj)
        self.problems.extend(found)
        return not found


def inside(col: Collector, doc: Located, at: tuple, base: Path, name: str) -> Path | None:
    """``base / name`` if it stays inside ``base`` (a data file names no file elsewhere on the machine)."""
    path = base / name
    try:
        path.resolve().relative_to(base.resolve())
    except ValueError:
        col.problems.append(doc.problem(at, f"{name!r} is outside data/{base.name}/: a game's files stay in its "
                                            f"folder"))
        return None
    return path


def file_missing(col: Collector, path: Path) -> str:
    """The message for a data file ``path`` that does not exist, with the nearest name in its folder."""
    known = sorted(p.name for p in path.parent.iterdir() if p.is_file() and p.name != "game.yaml") \
        if path.parent.is_dir() else []  # game.yaml is never the file another key names
    return f"{col.rel(path)} not found{did_you_mean(path.name, known)}"


def template_missing(root: Path, game_id: str, name: str) -> str:
    """The message for a template ``name`` that is not in the game's template folders."""
    from deckgen.render.templates import template_dirs

    known = sorted({p.name for d in template_dirs(root, game_id) if d.is_dir() for p in d.glob("*.j2")})
    return f"template templates/{game_id}/{name} not found{did_you_mean(name, known)}"


def template_exists(root: Path, game_id: str, name: str) -> bool:
    """Whether ``name`` is a template in one of the game's template folders (never a path outside them)."""
    from deckgen.render.templates import template_dirs

    if Path(name).is_absolute() or ".." in Path(name).parts or "\\" in name:
        return False  # templates are looked up inside the template folders only
    return any((d / name).is_file() for d in template_dirs(root, game_id))
