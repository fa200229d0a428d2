"""Atomic output files: write to a temporary file beside the target, then rename.

A crash or Ctrl-C while writing never leaves a truncated PDF where a good
one was: the old file stays until the new one is complete.  Output goes
only under the chosen output folder (:func:`inside`): no name taken from
data (a deck id, a document stem) can lead a file elsewhere.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def inside(folder: Path, path: Path) -> Path:
    """``path``, which must lie under the output ``folder``; a DeckgenError otherwise."""
    from deckgen.errors import DeckgenError, Problem

    try:
        Path(path).resolve().relative_to(Path(folder).resolve())
    except ValueError:
        raise DeckgenError(Problem(None, None, None, "--out", f"{path} would be written outside the output "
                                                              f"folder {folder}")) from None
    return Path(path)


def write_pending(path: Path, write, sync: bool = True) -> Path:
    """A finished temporary file beside ``path`` that ``write(handle)`` filled (for output too large to
    hold in memory); :func:`commit` puts it in place, or the caller unlinks it.  Without ``sync`` the file
    is not yet flushed to disk: a :class:`Committer` does that before it renames it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
            handle.flush()
            if sync:
                os.fsync(handle.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


class Committer:
    """Puts finished temporary files in place on a thread of their own: each is flushed to disk and then
    renamed while the build makes the next ones (syncing a deck's files waits for the disk, not for
    Python).  A ``with`` block: leaving it waits for every file and raises the first failure."""

    def __init__(self):
        from concurrent.futures import ThreadPoolExecutor

        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="deckgen-commit")
        self._jobs: list = []

    def commit(self, files: list[tuple[Path, Path]], stale: list[Path] = (), then=None) -> None:
        """Sync each (temporary file, place), remove the ``stale`` files, rename them all, then call ``then()``
        (a record that these files are made); on a failure the temporary files are removed."""
        self._jobs.append(self._thread.submit(_commit_all, list(files), list(stale), then))

    def __enter__(self) -> "Committer":
        return self

    def __exit__(self, kind, error, trace) -> None:
        self._thread.shutdown(wait=True)
        if kind is None:
            for job in self._jobs:
                job.result()


def _commit_all(files: list[tuple[Path, Path]], stale: list[Path], then) -> None:
    try:
        for tmp, _ in files:
            with open(tmp, "r+b") as handle:
                os.fsync(handle.fileno())
        for old in stale:
            old.unlink(missing_ok=True)
        for tmp, path in files:
            commit(tmp, path)
    except BaseException:
        for tmp, _ in files:
            tmp.unlink(missing_ok=True)
        raise
    if then is not None:
        then()


def commit(tmp: Path, path: Path) -> None:
    """Rename the finished temporary file ``tmp`` to ``path`` (atomic), with the usual permissions."""
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)
    os.replace(tmp, path)


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (same-folder temp file + os.replace)."""
    tmp = write_pending(path, lambda handle: handle.write(data))
    try:
        commit(tmp, Path(path))
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
