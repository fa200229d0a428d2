"""What a booklet quotes of its game's engine, computed once per game: odds summaries and judged examples.

Every language's booklet of a game runs the same simulation and judges the
same example showdowns; ``deckgen check`` and the layout judge them again.
Each result is kept for the process and, while a build's cache is active
(:func:`deckgen.render.store.using_cache`), in its ``engine/`` entries, so
the second language, a later ``deckgen rules`` or a rebuild reads it back.
The key is the engine's name, its code (the source files of its package and
of deckgen's summary, with deckgen's version), the engine data's content
and the arguments: a changed engine or data computes afresh.  Only results
that come back from JSON exactly as they went in are written.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import Any, Callable, Mapping

from deckgen.render.store import active_cache, hash_file, hash_text

#: The cache's entry kind (deckgen.render.store).
ENGINE_KIND = "engine"
#: deckgen's own modules whose code shapes what is kept: the summary of a simulation, a judge's contract.
_SHARED_CODE = ("simulate.py", "judgement.py", "decisions.py", "showdown_schema.py")

_FILES: dict[tuple[str, ...], list[Path] | None] = {}  # the engine's modules -> its source files (None: unknown)
_CODE: dict[tuple, str] = {}  # the files' names, sizes and times -> the digest of their contents
_DATA: dict[int, tuple[Any, str | None]] = {}  # id(data) -> (data, digest): the object is held so its id stays its own
_JUDGED: dict[str, Mapping[str, Any]] = {}


def engine_code(descriptor: Any) -> str | None:
    """A digest of the engine's code: every source file of the package (or the module) that defines its
    judge and simulator, deckgen's shared summary and judging code, and deckgen's version; None when the
    engine's source cannot be found (then nothing of it is kept on disk).  A file edited while the process
    runs (a plugin under ``deckgen serve``) is read again."""
    from deckgen import __version__

    names = tuple(sorted({n for n in (getattr(descriptor, "module", ""),
                                      getattr(getattr(descriptor, "judge", None), "__module__", None),
                                      getattr(getattr(descriptor, "simulate", None), "__module__", None)) if n}))
    if names not in _FILES:
        _FILES[names] = _source_files(names)
    files = _FILES[names]
    if files is None:
        return None
    try:
        stamps = tuple((str(p), p.stat().st_size, p.stat().st_mtime_ns) for p in files)
    except OSError:  # a file gone since: never kept
        return None
    if stamps not in _CODE:
        shared = Path(__file__).resolve().parent.parent
        _CODE[stamps] = hash_text(__version__, names, [(str(p), hash_file(p)) for p in files],
                                  [hash_file(shared / n) for n in _SHARED_CODE])
    return _CODE[stamps]


def _source_files(names: tuple[str, ...]) -> list[Path] | None:
    """The source files of the modules ``names``: a package's every .py file, a module's own file."""
    files: set[Path] = set()
    for name in names:
        file = getattr(sys.modules.get(name), "__file__", None)
        if not file:
            return None
        path = Path(file)
        files.update(path.parent.rglob("*.py") if path.name == "__init__.py" else [path])
    return sorted(files) or None


def data_digest(data: Any) -> str | None:
    """A digest of the engine data's content (equal data — a copy of the project, another language — shares
    results), or None for data holding an object whose content cannot be told (its repr shows an address)."""
    if id(data) not in _DATA or _DATA[id(data)][0] is not data:
        try:
            digest: str | None = hash_text(_canonical(data))
        except _Untold:
            digest = None
        _DATA[id(data)] = (data, digest)
    return _DATA[id(data)][1]


class _Untold(Exception):
    """A value whose content its repr does not tell."""


def _canonical(value: Any) -> Any:
    """``value`` as plain JSON-ready data that tells its content: mappings sorted (any keys), dataclasses by
    their fields, sets sorted; anything else by its repr, unless that shows no more than an address."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return [type(value).__name__, value]
    if isinstance(value, Mapping):
        items = [[_canonical(k), _canonical(v)] for k, v in value.items()]
        return ["map", sorted(items, key=lambda kv: json.dumps(kv[0]))]
    if isinstance(value, (list, tuple)):
        return [type(value).__name__, [_canonical(v) for v in value]]
    if isinstance(value, (set, frozenset)):
        return ["set", sorted((_canonical(v) for v in value), key=json.dumps)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__qualname__, [[f.name, _canonical(getattr(value, f.name))]
                                           for f in dataclasses.fields(value)]]
    text = repr(value)
    if " at 0x" in text:
        raise _Untold(text)
    return [type(value).__qualname__, text]


def _json_exact(value: Any) -> Any:
    """``value`` as it comes back from JSON (mapping order kept), or None if it would come back different."""
    try:
        back = json.loads(json.dumps(value))
    except (TypeError, ValueError):
        return None
    return back if back == value and _same_types(back, value) else None


def _same_types(a: Any, b: Any) -> bool:
    """Equal values that JSON would still change: a tuple (a list), keys that are not strings."""
    if type(a) is not type(b) and not (isinstance(a, dict) and isinstance(b, Mapping)):
        return False
    if isinstance(b, Mapping):
        return all(isinstance(k, str) for k in b) and all(_same_types(a[k], b[k]) for k in b)
    if isinstance(b, list):
        return all(_same_types(x, y) for x, y in zip(a, b))
    return True


def _remembered(key: str, compute: Callable[[], Any], to_json: Callable[[Any], Any],
                from_json: Callable[[Any], Any]) -> Any:
    """``compute()``, or what the active cache holds under ``key``; kept there when JSON keeps it exactly."""
    store = active_cache()
    if store is not None:
        found = store.get(ENGINE_KIND, key)
        if isinstance(found, dict) and "value" in found:
            return from_json(found["value"])
    value = compute()
    if store is not None:
        plain = to_json(value)
        if plain is not None and _json_exact(plain) is not None:
            store.put(ENGINE_KIND, key, {"value": plain}, sort_keys=False)
    return value


def simulated(descriptor: Any, data: Any, players: int, games: int, seed: int, strategy: str | None,
              options: Mapping[str, Any]) -> Any:
    """The simulator's :class:`deckgen.simulate.Summary` for these arguments (from the cache when it is there)."""
    from deckgen.simulate import Summary, run

    def compute():
        return run(descriptor, data, players, games, seed, strategy, options)

    code = engine_code(descriptor)
    if data_digest(data) is None or code is None:
        return compute()
    key = hash_text("odds", descriptor.engine, code, data_digest(data), players, games, seed,
                    strategy, sorted(options.items()))
    fields = [f.name for f in dataclasses.fields(Summary)]
    return _remembered(key, compute, lambda s: {name: getattr(s, name) for name in fields},
                       lambda plain: Summary(**plain))


def judged(descriptor: Any, showdown: Any, data: Any, options: Mapping[str, Any]):
    """:func:`deckgen.decisions.judge` of ``showdown``, judged once per game (ShowdownError as it raises)."""
    from deckgen.decisions import judge
    from deckgen.judgement import read_judgement

    code = engine_code(descriptor)
    if data_digest(data) is None or code is None or _json_exact(showdown) is None or \
            _json_exact(dict(options)) is None:
        return judge(descriptor, showdown, data, options)
    key = hash_text("judge", descriptor.engine, code, data_digest(data), showdown,
                    dict(options))
    if key not in _JUDGED:
        _JUDGED[key] = _remembered(key, lambda: dict(judge(descriptor, showdown, data, options).raw),
                                   lambda raw: raw, lambda raw: raw)
    return read_judgement(_JUDGED[key], descriptor)
