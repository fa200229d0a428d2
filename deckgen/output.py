"""Atomic output files, the cache folder, and what deckgen may delete.

A crash or Ctrl-C while writing never leaves a truncated PDF where a good
one was: the old file stays until the new one is complete.  Output goes
only under the chosen output folder (:func:`inside`): no name taken from
data (a deck id, a document stem) can lead a file elsewhere.

The cache is ``--cache DIR``, else the folder the environment variable
``DECKGEN_CACHE`` names, else the ``.cache`` of the project's own output
folder whatever ``--out`` is (``HOME/.cache``, :func:`cache_folder`: entries
are keyed by what they are made of, so every output folder of a project shares
them), else (a read-only project) ``OUT/.cache``; ``HOME/.cache`` must resolve
inside HOME (a project cannot ship it as a link to elsewhere).  deckgen marks a cache folder it creates with a
``CACHEDIR.TAG`` (the Cache Directory Tagging convention: backup tools skip
it) and :func:`empty_cache` deletes only in a folder so marked, only
deckgen's own entries, never through a link.

A killed build may leave its temporary files (``.NAME.XXXXXXXX.tmp``);
:func:`sweep_stale` removes those older than :data:`STALE_SECONDS` (younger
ones may belong to a build running now) from the folders a build writes.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import time
from pathlib import Path
from typing import Iterable

from deckgen.errors import DeckgenError, Problem

#: The marker of a cache folder deckgen made (https://bford.info/cachedir/).
CACHE_TAG = "CACHEDIR.TAG"
_TAG_SIGNATURE = "Signature: 8a477f597d28d172789f06886806bc55"
_TAG_TEXT = (f"{_TAG_SIGNATURE}\n# This file is a cache directory tag created by deckgen.\n"
             f"# `deckgen clean` empties this folder; see https://bford.info/cachedir/\n")
#: The kinds of entry deckgen.render.store keeps, a folder each (``KIND/XX/KEY``).
CACHE_KINDS = ("rasters", "faces", "builds", "drawn", "engine", "colour", "preview")
#: What deckgen writes in a cache folder: all that `deckgen clean` deletes.
CACHE_ENTRIES = (*CACHE_KINDS, "fonts.conf", "fc-cache")
#: A temporary file of deckgen's atomic writers: ``.NAME.`` + tempfile's 8 random characters + ``.tmp``.
TEMP_NAME = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")
#: Age after which a temporary file is a killed build's leftover, not one a running build is writing.
STALE_SECONDS = 15 * 60


def inside(folder: Path, path: Path) -> Path:
    """``path``, which must lie under the output ``folder``; a DeckgenError otherwise."""
    try:
        Path(path).resolve().relative_to(Path(folder).resolve())
    except ValueError:
        raise DeckgenError(Problem(None, None, None, "--out", f"{path} would be written outside the output "
                                                              f"folder {folder}")) from None
    return Path(path)


#: The environment variable naming the cache folder of every command not given ``--cache``: one cache that
#: several output folders (or projects) share; its entries are keyed by what they are made of.
CACHE_ENV = "DECKGEN_CACHE"


def cache_folder(out: Path, named: Path | None = None, create: bool = False, home: Path | None = None) -> Path:
    """The cache folder: ``named`` (``--cache``, the user's choice, anywhere), else the folder
    :data:`CACHE_ENV` names, else ``home/.cache`` (``home``: the project's default output folder, whose
    cache every ``--out`` shares; see :func:`deckgen.project.cache_home`), else ``out/.cache``; the
    ``.cache`` must resolve inside its folder (a located refusal otherwise).  ``create`` makes it, marked as
    deckgen's."""
    if named is None and os.environ.get(CACHE_ENV):
        named = Path(os.environ[CACHE_ENV]).expanduser()
    if named is not None:
        folder = Path(named)
    else:
        base = Path(home) if home is not None else Path(out)
        folder = base / ".cache"
        if not _stays_in(folder, base):
            raise DeckgenError(Problem(None, None, None, "--cache",
                                       f"{folder} leads outside the output folder {base} (a symlink?): name a "
                                       f"cache folder with --cache DIR, or remove the link"))
    if create:
        mark_cache(folder)
    return folder


def mark_cache(folder: Path) -> None:
    """Make the cache ``folder`` (if need be) with deckgen's marker in it.  A folder that exists unmarked is
    marked only if it holds nothing but deckgen's entries (a cache an earlier deckgen made): a ``.cache``
    of someone else's (``--out ~``) is used as asked but never marked, so `deckgen clean` leaves it alone."""
    folder = Path(folder)
    if is_deckgen_cache(folder):
        return
    if folder.is_dir() and any(name not in CACHE_ENTRIES and not TEMP_NAME.match(name)
                               for name in os.listdir(folder)):
        return
    folder.mkdir(parents=True, exist_ok=True)
    tag = folder / CACHE_TAG
    if tag.is_symlink():
        tag.unlink()
    write_atomic(tag, _TAG_TEXT.encode("ascii"))


def is_deckgen_cache(folder: Path) -> bool:
    """True if ``folder`` (not a link) holds deckgen's marker (a regular file, not a link)."""
    tag = Path(folder) / CACHE_TAG
    if Path(folder).is_symlink() or tag.is_symlink() or not tag.is_file():
        return False
    try:
        with open(tag, encoding="ascii", errors="replace") as handle:
            text = handle.read(4096)
    except OSError:
        return False
    return text.startswith(_TAG_SIGNATURE) and "deckgen" in text


def empty_cache(folder: Path) -> list[Path]:
    """Delete deckgen's entries (:data:`CACHE_ENTRIES`, stale temporary files) in the cache ``folder``;
    the removed paths.  A link is removed as a link (its target is never touched); a folder that is a link,
    or lacks deckgen's marker, is refused with one line."""
    folder = Path(folder)
    if folder.is_symlink():
        raise DeckgenError(Problem(str(folder), None, None, None,
                                   "the cache folder is a symlink: deckgen deletes nothing through a link "
                                   "(remove the link yourself)"))
    if not is_deckgen_cache(folder):
        raise DeckgenError(Problem(str(folder), None, None, None,
                                   f"not a cache deckgen made (no {CACHE_TAG} of deckgen in it): nothing "
                                   f"deleted (delete it yourself if it is yours to delete)"))
    removed = []
    for name in CACHE_ENTRIES:
        path = folder / name
        if path.is_symlink() or path.is_file():
            path.unlink()
        elif path.is_dir():
            shutil.rmtree(path)  # removes links inside as links, never what they point at
        else:
            continue
        removed.append(path)
    return removed + sweep_stale([folder], older_than=0)


def sweep_stale(folders, older_than: float = STALE_SECONDS) -> list[Path]:
    """Remove deckgen's temporary files (:data:`TEMP_NAME`) older than ``older_than`` seconds directly in
    each of ``folders`` (not in subfolders, not through links); the paths removed."""
    removed = []
    now = time.time()
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not TEMP_NAME.match(entry.name):
                continue
            try:
                if not entry.is_file(follow_symlinks=False) or \
                        now - entry.stat(follow_symlinks=False).st_mtime < older_than:
                    continue
                os.unlink(entry.path)
            except OSError:
                continue
            removed.append(Path(entry.path))
    return removed


def cache_folders(cache: Path) -> list[Path]:
    """The folders of a cache that deckgen writes files in (its top and every entry kind's key folders)."""
    found = [Path(cache)]
    for kind in CACHE_KINDS:
        top = Path(cache) / kind
        if top.is_dir() and not top.is_symlink():
            found.append(top)
            found += sorted(Path(e.path) for e in os.scandir(top) if e.is_dir(follow_symlinks=False))
    return found


def _stays_in(path: Path, root: Path) -> bool:
    from deckgen.boundary import stays_inside

    return stays_inside(path, root)


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

    def commit(self, files: list[tuple[Path, Path]], stale: Iterable[Path] = (), then=None) -> None:
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


class PendingFiles:
    """Files written to temporary names beside their places as they are made, and put in place all together
    (:meth:`commit`) or not at all (:meth:`discard`): a build holds no file's bytes longer than it takes to
    make it, and a problem found later leaves every old file as it was."""

    def __init__(self) -> None:
        self.made: list[tuple[Path, Path]] = []  # (temporary file, its place)

    def add(self, path: Path, data: bytes) -> None:
        self.made.append((write_pending(path, lambda handle: handle.write(data), sync=False), Path(path)))

    def commit(self, stale: Iterable[Path] = (), then=None) -> None:
        """Flush every file to disk, remove the ``stale`` files, rename them all into place, then ``then()``."""
        made, self.made = self.made, []
        _commit_all(made, list(stale), then)

    def discard(self) -> None:
        for tmp, _ in self.made:
            tmp.unlink(missing_ok=True)
        self.made = []


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
