"""The two sides of a diff: a git revision of the project or a project folder, read without touching the
working tree.

Git is read with the ``git`` command-line tool: wherever a project lives in
a git repository, git itself is installed, it reads every repository format
and configuration a user has (worktrees, packed refs, partial clones), and
``git archive`` exports a revision into a temporary folder without checking
anything out.  A library (pygit2, dulwich) would add a dependency that
follows git's formats a step behind.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
from dataclasses import dataclass
from pathlib import Path

from deckgen.errors import DeckgenError, Problem
from deckgen.project import PROJECT_FILE


@dataclass(frozen=True)
class Side:
    """One side: its name in messages (``OLD``/``NEW``), what the user named, and the project folder."""

    role: str
    label: str  # "HEAD", "v1.2 (3f2a1c9)", "the working tree", a folder
    root: Path


def _git(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    if shutil.which("git") is None:
        raise DeckgenError(Problem(None, None, None, None, "git is not installed: name two project folders "
                                                           "instead of revisions, or install git"))
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True)


def _repository(project: Path, role: str, spec: str) -> tuple[Path, str]:
    """(top folder of the repository holding ``project``, the project's path inside it)."""
    found = _git(["rev-parse", "--show-toplevel", "--show-prefix"], project)
    if found.returncode != 0:
        raise DeckgenError(Problem(None, None, None, role,
                                   f"{spec!r}: {project} is not inside a git repository, so a revision means "
                                   f"nothing here (name a project folder instead)"))
    top, prefix = (found.stdout.decode().splitlines() + ["", ""])[:2]
    return Path(top), prefix.strip()


def resolve(spec: str | None, role: str, project: Path, scratch: Path) -> Side:
    """The side ``spec`` names (None: HEAD for OLD, the working tree for NEW), ready to build."""
    if spec is None and role == "NEW":
        return Side(role, "the working tree", project)
    spec = spec or "HEAD"
    folder = Path(spec)
    if folder.is_dir():
        if not (folder / PROJECT_FILE).is_file():
            raise DeckgenError(Problem(str(folder), None, None, role, f"no {PROJECT_FILE} in this folder: name a "
                                                                      f"project folder or a git revision"))
        return Side(role, str(folder), folder.resolve())
    top, prefix = _repository(project, role, spec)
    commit = _git(["rev-parse", "--verify", "--quiet", f"{spec}^{{commit}}"], top)
    if commit.returncode != 0:
        raise DeckgenError(Problem(None, None, None, role, f"unknown revision {spec!r} (and no such folder): "
                                                           f"name a commit, branch or tag of {top}"))
    sha = commit.stdout.decode().strip()
    archive = _git(["archive", "--format=tar", sha, "--", prefix or "."], top)
    if archive.returncode != 0:
        raise DeckgenError(Problem(None, None, None, role, f"{spec!r}: git archive failed: "
                                                           f"{archive.stderr.decode().strip()}"))
    target = scratch / role.lower()
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(target, filter="data")
        else:  # pragma: no cover - Python before 3.10.12: git archive writes plain members only
            tar.extractall(target, members=[m for m in tar.getmembers() if m.isfile() or m.isdir()])
    root = target / prefix if prefix else target
    if not (root / PROJECT_FILE).is_file():
        raise DeckgenError(Problem(None, None, None, role, f"revision {spec!r} has no {PROJECT_FILE} in "
                                                           f"{prefix or 'the repository top'}"))
    return Side(role, f"{spec} ({sha[:7]})" if spec != sha[:len(spec)] else sha[:7], root)
