"""The one boundary every project path is held to: resolved (symlinks included), it stays inside its root.

A project may come from someone else (docs/threat-model.md): a symlink it
ships (``data/demo/lang/en.yaml -> ~/.ssh/id_rsa``, ``art -> /usr/share``,
``output -> ../..``) must not make deckgen read, hash, write or delete
anything outside the project — or outside an ``--out``/``--cache`` folder the
user named on the command line.  :func:`held_inside` resolves a path and
refuses it, with one located line, when it leaves its root;
:func:`files_under` walks a folder without following a link out of it and
without opening anything that is not a regular file (the fingerprint hashes a
file above ``limits.file_bytes`` by its size and time, unread).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Iterator

from deckgen.errors import DeckgenError, Problem


def stays_inside(path: Path | str, root: Path | str) -> bool:
    """True if ``path``, with every symlink resolved, is ``root`` (resolved) or lies under it."""
    try:
        resolved = Path(path).resolve()
        top = Path(root).resolve()
    except (OSError, RuntimeError):  # a symlink loop
        return False
    return resolved == top or top in resolved.parents


def shown(path: Path | str, base: Path | str | None) -> str:
    """``path`` relative to ``base`` where it lies under it (lexically), else as given."""
    if base is not None:
        try:
            return str(Path(path).relative_to(base))
        except ValueError:
            pass
    return str(path)


def outside_problem(path: Path | str, root: Path | str, base: Path | str | None = None, what: str = "the project",
                    problem: Problem | None = None) -> Problem:
    """The located refusal of ``path`` leaving ``root``: at ``problem``'s place (a line naming the path)
    if given, else at the path itself (shown relative to ``base``)."""
    name = shown(path, base)
    message = f"leads outside {what} (a symlink?): a project's files stay inside it (copy the file in)"
    if problem is not None:
        return Problem(problem.file, problem.line, problem.column, problem.field, f"{name} {message}")
    return Problem(name, None, None, None, message)


def held_inside(path: Path | str, root: Path | str, base: Path | str | None = None, what: str = "the project",
                problem: Problem | None = None) -> Path:
    """``path`` resolved, if it stays inside ``root``; a located :class:`DeckgenError` otherwise.

    ``base`` is what the message shows paths relative to (the project folder), ``what`` names the root
    in the message, ``problem`` gives the place of a line that named the path (a game.yaml key)."""
    if not stays_inside(path, root):
        raise DeckgenError(outside_problem(path, root, base, what, problem))
    return Path(path).resolve()


def files_under(folder: Path | str, root: Path | str, patterns: tuple[str, ...] = ("*",)) -> Iterator[Path]:
    """Regular files under ``folder`` matching one of ``patterns`` (on the name), in sorted order, as paths
    under ``folder`` (not resolved).  A symlinked folder is not entered; a file (or symlink) that resolves
    outside ``root`` and anything that is not a regular file (a fifo, a device) are skipped — never
    opened.  ``folder`` itself must stay inside ``root`` (else nothing)."""
    from fnmatch import fnmatch

    folder = Path(folder)
    if not folder.is_dir() or not stays_inside(folder, root):
        return
    top = Path(root).resolve()
    for here, dirs, names in os.walk(folder, followlinks=False):
        dirs.sort()
        for name in sorted(names):
            if not any(fnmatch(name, p) for p in patterns):
                continue
            path = Path(here) / name
            if path.is_symlink() and not stays_inside(path, top):
                continue
            try:
                info = path.stat()
            except OSError:
                continue
            if not stat.S_ISREG(info.st_mode):
                continue
            yield path
