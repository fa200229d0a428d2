"""The build cache: content-addressed rasters and drawn pages, and what every face was made of.

Everything lives under one folder (``output/.cache`` by default; ``--cache
DIR``; ``--no-cache`` keeps it in memory for one run; ``deckgen clean``
empties it; ``CACHEDIR.TAG`` marks it as deckgen's, see deckgen.output):

``rasters/``  a card face drawn at a pixel size: key = SHA-256 of the SVG,
              the size and the renderer (cairosvg, cairo and deckgen
              versions, the compression); the Flate-compressed RGB rows
``faces/``    what a card face was rendered from: key = the card and its
              deck; value = the SVG's raster key and the inputs it read
              (template files, strings of the language file, icons, style,
              fonts), so an unchanged card is not rendered again
``builds/``   per output file, the fingerprint of everything it was made
              from, so an unchanged output is not written again
``drawn/``    a face (or page) drawn by cairosvg as a one-page vector PDF: key =
              SHA-256 of the SVG's digest and the drawer (cairosvg, cairo and
              deckgen versions); decks, booklets, documents, every language and
              later runs place the same drawing (deckgen.render.vector)
``engine/``   what a booklet quotes of the game's engine, computed once per game:
              odds summaries and judged examples, keyed by the engine, its code,
              its data and the arguments (deckgen.rulebook.engine_cache)
``colour/``, ``preview/``  export's CMYK measurements, the gallery's pictures
              (every kind is in deckgen.output.CACHE_KINDS: what clean deletes)

Entries are written to a temporary name and renamed, so a killed build
never leaves half an entry; a binary entry carries its own digest, so a damaged one reads as missing (and is
made again).  Every entry read is touched (its modification time set to now): the cache is pruned to its
limit oldest-used first at the end of a build (deckgen.render.cachelimit).  Code far from the build (a
booklet's card pictures, its odds) reaches the cache the build reads and fills through :func:`using_cache` /
:func:`active_cache`.  An entry whose folder resolves outside the cache
folder (a link planted there) is refused, never written or read through.
"""

from __future__ import annotations

import contextvars
import functools
import hashlib
import json
import os
import struct
import tempfile
import zlib
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from deckgen import __version__

#: Flate level of raster images: fast (the size is the hatching's, not the level's).
FLATE_LEVEL = 1


def _compressor():
    """(name, compress) of the fastest zlib-format compressor at hand: ISA-L (the ``isal`` package,
    about four times faster than zlib at level 1 for the same size) or zlib."""
    try:
        import isal
        from isal import isal_zlib

        return f"isal {isal.__version__} level {FLATE_LEVEL}", isal_zlib.compress
    except ImportError:  # a platform without an isal wheel: the same format, slower
        import zlib

        return f"zlib {zlib.ZLIB_RUNTIME_VERSION} level {FLATE_LEVEL}", zlib.compress


def flate(data) -> bytes:
    """``data`` as a zlib stream (PDF's FlateDecode) at :data:`FLATE_LEVEL`."""
    return _COMPRESS(data, FLATE_LEVEL)


_COMPRESSOR, _COMPRESS = _compressor()
_MAGIC = b"DGR1"


def renderer_id() -> str:
    """What a raster depends on besides its SVG: the renderers' and deckgen's versions, which renderers this
    process draws with (deckgen.render.face_route), the compression."""
    from deckgen.render.face_route import route_id

    return f"{drawer_id()}; {route_id()}; flate {_COMPRESSOR}"


@functools.lru_cache(maxsize=None)
def drawer_id() -> str:
    """What a vector drawing of an SVG depends on besides the SVG: cairosvg's, cairo's and deckgen's versions."""
    from importlib.metadata import version

    return f"cairosvg {version('cairosvg')}; cairo {_cairo_version()}; deckgen {__version__}"


def _cairo_version() -> str:
    """The cairo library's version.  Asked of the library directly where the system can find it
    (importing cairocffi parses its C declarations: half a second on every build, even one with
    nothing to draw); through cairocffi elsewhere."""
    import ctypes
    import ctypes.util

    try:
        name = ctypes.util.find_library("cairo")
        if name:
            lib = ctypes.CDLL(name)
            lib.cairo_version_string.restype = ctypes.c_char_p
            return lib.cairo_version_string().decode("ascii")
    except (OSError, AttributeError):
        pass
    import cairocffi

    return cairocffi.cairo_version_string()


def raster_key(svg: str, width: int, height: int, renderer: str) -> str:
    digest = hashlib.sha256()
    digest.update(renderer.encode())
    digest.update(f"\0{width}x{height}\0".encode())
    digest.update(svg.encode("utf-8"))
    return digest.hexdigest()


def drawn_key(svg_digest: str, drawer: str) -> str:
    """The key of the vector drawing of the SVG whose :func:`hash_text` digest is ``svg_digest``."""
    return hashlib.sha256(f"drawn\0{drawer}\0{svg_digest}".encode()).hexdigest()


def touch(path: Path) -> bool:
    """Mark the cache entry ``path`` as used now (its modification time; the link itself, never what a
    planted link points at); False if there is no such entry."""
    try:
        os.utime(path, follow_symlinks=False)
    except FileNotFoundError:
        return False
    except OSError:  # a read-only cache: used, but left as it is
        return os.path.isfile(path)
    return os.path.isfile(path)


def write_atomic_bytes(path: Path, data: bytes) -> None:
    """``data`` to ``path`` via a temporary file in the same folder and a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


class Store:
    """The cache folder (or, without one, a dictionary for this run)."""

    def __init__(self, folder: Path | None):
        self.folder = Path(folder) if folder is not None else None
        self._memory: dict[str, bytes] = {}
        self._held: set[Path] = set()  # entry folders found to stay inside the cache folder (empty: unmarked)
        self.hits = 0
        self.misses = 0

    def _inside(self, path: Path) -> Path:
        """``path`` (an entry), if its folder resolves inside the cache folder: a link planted in the cache
        (``rasters -> elsewhere``) is refused with one line, never written or read through."""
        from deckgen.boundary import held_inside
        from deckgen.output import mark_cache

        folder = self.folder
        assert folder is not None, "entries are only made with a cache folder"
        if not self._held:  # first use: deckgen's marker, so that `deckgen clean` knows the folder as its own
            mark_cache(folder)
        shard = path.parent
        if shard not in self._held:
            kind = shard.parent  # KIND/XX/KEY: the kind's folder resolved once, then each key folder that is a link
            if kind not in self._held:
                held_inside(kind, folder, what=f"the cache folder {folder}")
                self._held.add(kind)
            if shard.is_symlink():
                held_inside(shard, folder, what=f"the cache folder {folder}")
            self._held.add(shard)
        return path

    # ------------------------------------------------------------------ rasters

    def raster_path(self, key: str) -> Path | None:
        return self._inside(self.folder / "rasters" / key[:2] / key) if self.folder else None

    def has_raster(self, key: str) -> bool:
        path = self.raster_path(key)
        return key in self._memory or (path is not None and touch(path))

    def load_raster(self, key: str):
        path = self.raster_path(key)
        data = self._memory.get(key)
        if data is None and path is not None:
            data = path.read_bytes()
            touch(path)
        if data is None:
            raise KeyError(f"raster {key} is neither in memory nor in a cache folder")
        return decode_raster(data, key, RasterImage)

    def stored_raster(self, key: str):
        """The raster ``key`` as a handle that reads its pixels from the cache file only while a PDF is being
        written (a deck's rasters are not all held in memory); in memory when there is no cache folder."""
        path = self.raster_path(key)
        if path is None or key in self._memory:
            return self.load_raster(key)
        with open(path, "rb") as handle:
            width, height = _raster_size(handle.read(_HEADER), key)
        touch(path)
        return StoredRaster(width, height, key, path)

    def keep_raster(self, key: str, data: bytes) -> None:
        """Keep an encoded raster (a worker without a cache folder hands it back)."""
        self._memory[key] = data

    # ------------------------------------------------------------------ binary entries

    def get_bytes(self, kind: str, key: str) -> bytes | None:
        """The entry ``kind/key`` as written by :meth:`put_bytes`; None if there is none or it is damaged
        (truncated, overwritten: its digest does not match).  Only with a cache folder."""
        if self.folder is None:
            return None
        try:
            raw = self._inside(self.folder / kind / key[:2] / key).read_bytes()
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            return None
        head, data = raw[:_BLOB_HEADER], raw[_BLOB_HEADER:]
        if head[:len(_BLOB_MAGIC)] != _BLOB_MAGIC or head[len(_BLOB_MAGIC):] != hashlib.sha256(data).digest():
            return None
        touch(self.folder / kind / key[:2] / key)  # used now: the last to be pruned
        return data

    def has_bytes(self, kind: str, key: str) -> bool:
        """Whether ``kind/key`` has an entry (not read: it may still turn out damaged)."""
        return self.folder is not None and self._inside(self.folder / kind / key[:2] / key).is_file()

    def put_bytes(self, kind: str, key: str, data: bytes) -> None:
        """Keep ``data`` as the entry ``kind/key`` with its digest (nothing without a cache folder)."""
        if self.folder is not None:
            path = self._inside(self.folder / kind / key[:2] / key)
            write_atomic_bytes(path, _BLOB_MAGIC + hashlib.sha256(data).digest() + data)

    # ------------------------------------------------------------------ json entries

    def _json_path(self, kind: str, key: str) -> Path | None:
        return self._inside(self.folder / kind / key[:2] / f"{key}.json") if self.folder else None

    def get(self, kind: str, key: str) -> Any:
        path = self._json_path(kind, key)
        if path is None:
            raw = self._memory.get(f"{kind}/{key}")
            return None if raw is None else json.loads(raw)
        try:
            value = json.loads(path.read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):
            return None
        touch(path)
        return value

    def put(self, kind: str, key: str, value: Any, sort_keys: bool = True) -> None:
        """Keep ``value`` as JSON; ``sort_keys=False`` keeps the order of its mappings (a table's columns)."""
        raw = json.dumps(value, sort_keys=sort_keys).encode("utf-8")
        path = self._json_path(kind, key)
        if path is None:
            self._memory[f"{kind}/{key}"] = raw
        else:
            write_atomic_bytes(path, raw)


#: The cache the code running now reads and fills (see :func:`using_cache`); None: memory only.
_ACTIVE: contextvars.ContextVar["Store | None"] = contextvars.ContextVar("deckgen_active_cache", default=None)


@contextmanager
def using_cache(store: "Store | None") -> Iterator[None]:
    """Within the block, :func:`active_cache` is ``store``: what deep code (a booklet's card pictures, its
    odds, a deck's vector faces) keeps in the build's cache without the store passed down to it."""
    token = _ACTIVE.set(store)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def active_cache() -> "Store | None":
    """The cache folder's store the running build reads and fills, or None (none set, or ``--no-cache``)."""
    store = _ACTIVE.get()
    return store if store is not None and store.folder is not None else None


@dataclass(frozen=True)
class RasterImage:
    """An opaque RGB image, 8 bits per channel, Flate-compressed rows."""

    width: int
    height: int
    flate_rgb: bytes
    digest: str

    def rgb(self) -> bytes:
        """Uncompressed RGB bytes (for tests and PNG export)."""
        return zlib.decompress(self.flate_rgb)


class StoredRaster:
    """A raster in a cache file: size and digest at hand, the Flate-compressed pixels read on each use."""

    def __init__(self, width: int, height: int, digest: str, path: Path):
        self.width, self.height, self.digest, self.path = width, height, digest, path

    @property
    def flate_rgb(self) -> bytes:
        with open(self.path, "rb") as handle:
            handle.seek(_HEADER)
            return handle.read()

    def rgb(self) -> bytes:
        import zlib

        return zlib.decompress(self.flate_rgb)


def encode_raster(width: int, height: int, flate_rgb: bytes) -> bytes:
    return _MAGIC + struct.pack(">II", width, height) + flate_rgb


_HEADER = len(_MAGIC) + 8  # the magic, then width and height
_BLOB_MAGIC = b"DGB1"
_BLOB_HEADER = len(_BLOB_MAGIC) + 32  # the magic, then the SHA-256 of what follows


def _raster_size(head: bytes, key: str) -> tuple[int, int]:
    if head[:len(_MAGIC)] != _MAGIC:
        raise ValueError(f"not a deckgen raster: {key}")
    return struct.unpack(">II", head[len(_MAGIC):_HEADER])


def decode_raster(data: bytes, key: str, cls):
    width, height = _raster_size(data, key)
    return cls(width, height, data[_HEADER:], key)


def hash_file(path: Path) -> str:
    """SHA-256 of a file's bytes ('' if it does not exist)."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return ""


def hash_text(*parts: Any) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(json.dumps(part, sort_keys=True, default=str).encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()
