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


def write_pending(path: Path, write) -> Path:
    """A finished temporary file beside ``path`` that ``write(handle)`` filled (for output too large to
    hold in memory); :func:`commit` puts it in place, or the caller unlinks it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


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
