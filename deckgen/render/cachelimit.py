"""How big the build cache may grow, how big it is, and pruning it back to its limit.

deckgen.yaml may say ``cache: {limit: 500 MB}`` (:func:`parse_size`; default
:data:`DEFAULT_LIMIT`).  The cache store touches every entry it reads or
writes (deckgen.render.store), so an entry's modification time is when a
build last used it: :func:`prune`, run at the end of a build, deletes the
entries used longest ago until the cache fits, and never one used since the
build began.  Only deckgen's entries (``KIND/XX/KEY``, deckgen.output.CACHE_KINDS)
are counted and deleted, never through a link; fontconfig's cache and the
marker stay.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

#: The cache's limit when deckgen.yaml sets none: room for a few whole builds of the bundled games (one
#: raster build of all four in every language leaves about 300 MB).
DEFAULT_LIMIT = 10**9
#: Seconds an entry's time may lie before the build's start and still count as used by it (file systems
#: that keep coarse times).
SLACK = 2.0
_UNITS = {"": 1, "b": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9, "tb": 10**12,
          "kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40}
#: What deckgen.yaml's ``cache: limit:`` may be: a number of bytes, or a number and a unit (500 MB, 1.5 GiB).
SIZE_PATTERN = r"^\s*[0-9]+(\.[0-9]+)?\s*([kKmMgGtT][iI]?[bB]|[bB])?\s*$"


def parse_size(value: int | float | str) -> int:
    """Bytes of ``value``: an integer (bytes) or a text like ``500 MB`` or ``2 GiB`` (schema-checked before)."""
    if isinstance(value, (int, float)):
        return int(value)
    found = re.match(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*([A-Za-z]*)\s*$", value)
    if found is None or found.group(2).lower() not in _UNITS:
        raise ValueError(f"not a size: {value!r} (write e.g. 500 MB or 2 GB)")
    return int(float(found.group(1)) * _UNITS[found.group(2).lower()])


def project_limit(project) -> int:
    """The cache limit of ``project`` (deckgen.yaml's ``cache: limit:``, else :data:`DEFAULT_LIMIT`)."""
    limit = getattr(project, "cache_limit", None)
    return DEFAULT_LIMIT if limit is None else int(limit)


def format_size(size: int) -> str:
    """``size`` bytes for a person: 288.4 MB, 12.0 kB, 512 bytes (decimal units, as file managers show)."""
    for unit, scale in (("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} byte{'s' if size != 1 else ''}"


def format_count(count: int) -> str:
    """``count`` with its thousands apart (1 234)."""
    return f"{count:,}".replace(",", " ")


def on_disk(info: os.stat_result) -> int:
    """Bytes a file takes on disk (its blocks: a small JSON entry takes a whole block), else its size."""
    blocks = getattr(info, "st_blocks", None)
    return blocks * 512 if blocks is not None else info.st_size


@dataclass
class Entry:
    path: str
    size: int  # bytes on disk
    used: float  # when a build last read or wrote it (its modification time)


def entries(folder: Path) -> list[Entry]:
    """Every entry of deckgen's in the cache ``folder`` (``KIND/XX/NAME``, not through links)."""
    from deckgen.output import CACHE_KINDS

    found: list[Entry] = []
    for kind in CACHE_KINDS:
        for shard in _folders(Path(folder) / kind):
            try:
                listing = list(os.scandir(shard))
            except OSError:
                continue
            for item in listing:
                try:
                    if item.is_file(follow_symlinks=False):
                        info = item.stat(follow_symlinks=False)
                        found.append(Entry(item.path, on_disk(info), info.st_mtime))
                except OSError:
                    continue
    return found


def _folders(top: Path) -> list[str]:
    if top.is_symlink() or not top.is_dir():
        return []
    try:
        return [e.path for e in os.scandir(top) if e.is_dir(follow_symlinks=False)]
    except OSError:
        return []


def usage(folder: Path) -> tuple[int, int]:
    """(bytes on disk, files) of everything under the cache ``folder`` deckgen would delete (not through
    links)."""
    from deckgen.output import CACHE_ENTRIES

    size = files = 0
    for name in CACHE_ENTRIES:
        path = Path(folder) / name
        if path.is_symlink() or path.is_file():
            size, files = size + on_disk(path.lstat()), files + 1
            continue
        for root, dirs, names in os.walk(path):  # os.walk does not follow links into folders
            for name_ in names:
                try:
                    size, files = size + on_disk(os.lstat(os.path.join(root, name_))), files + 1
                except OSError:
                    continue
    return size, files


#: Seconds during which an entry another build just used is kept too (two builds may share the cache).
RECENT = 600.0


def prune_after_build(store, project, started: float) -> "Pruned | None":
    """Prune the ``store``'s cache folder (if it has one) to the ``project``'s limit after a build that began
    at ``started`` (time.time()): what that build used, and what any build used in the last
    :data:`RECENT` seconds, stays."""
    import time

    if store.folder is None:
        return None
    return prune(store.folder, project_limit(project), min(started, time.time() - RECENT))


@dataclass
class Pruned:
    files: int = 0
    bytes: int = 0
    kept: int = 0  # bytes left in the cache


def prune(folder: Path, limit: int, since: float) -> Pruned:
    """Delete the cache ``folder``'s entries used longest ago until the rest fit in ``limit`` bytes; an entry
    used at or after ``since`` (a time.time() of the build's start) is never deleted, even if the cache then
    stays over its limit.  A folder without deckgen's marker is left alone."""
    from deckgen.output import is_deckgen_cache

    result = Pruned()
    if not is_deckgen_cache(folder):
        return result
    found = entries(folder)
    total = sum(e.size for e in found)
    if total <= limit:
        result.kept = total
        return result
    for entry in sorted(found, key=lambda e: e.used):
        if total <= limit or entry.used >= since - SLACK:
            break
        try:
            os.unlink(entry.path)
        except OSError:
            continue
        total -= entry.size
        result.files += 1
        result.bytes += entry.size
    result.kept = total
    return result
