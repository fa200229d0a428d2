"""Load YAML (or JSON) into plain Python data while remembering line numbers.

Every value is addressed by a *path* (a tuple of mapping keys and list
indices); :class:`Located` maps each path to the line where it starts so
that validation errors can say ``FILE:LINE: field: message``.  Duplicate
mapping keys are errors (YAML silently keeps the last one).

A document is counted while it is built, in the one pass of the parser
over it: each value is counted as its node is composed, and composing
stops at ``limits.values`` values, so a file of millions of tiny values is
refused in the time it takes to read that many, not after its whole node
graph was composed.  Aliases are counted as they expand while the nodes
are converted.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from deckgen.errors import DeckgenError, Problem
from deckgen.limits import DEFAULT as DEFAULT_LIMITS, Limits


class _TooLarge(Exception):
    pass


class _TooLong(Exception):
    def __init__(self, node):
        super().__init__()
        self.node = node


_SafeBase: type
try:  # libyaml's event parser is ~30x faster than the pure-Python one
    from yaml._yaml import CParser
except ImportError:  # pragma: no cover - libyaml missing
    _SafeBase = yaml.SafeLoader
else:
    class _CEvents(Composer, CParser, SafeConstructor, Resolver):
        """libyaml's events composed in Python (CSafeLoader would compose them in C, where nothing can
        count them): together as fast as a counting pass of its own plus libyaml's composing."""

        def __init__(self, stream: str):
            CParser.__init__(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)

    _SafeBase = _CEvents


class _Loader(_SafeBase):
    """The safe loader, counting values as it composes: past ``limit`` it stops with :class:`_TooLarge`."""

    def __init__(self, stream: str, limit: int = DEFAULT_LIMITS.values):
        super().__init__(stream)
        self.values_left = limit

    def compose_node(self, parent, index):
        self.values_left -= 1  # a scalar, a sequence, a mapping or an alias, as the parser meets it
        if self.values_left < 0:
            raise _TooLarge
        return super().compose_node(parent, index)


@dataclass
class Located:
    """Parsed data plus the line of every path in it (1-based)."""

    data: Any
    file: str
    lines: dict[tuple, int] = field(default_factory=dict)
    columns: dict[tuple, int] = field(default_factory=dict)

    def _nearest(self, path: tuple) -> tuple | None:
        path = tuple(path)
        while path:
            if path in self.lines:
                return path
            path = path[:-1]
        return () if () in self.lines else None

    def line(self, path: tuple) -> int | None:
        """Line of ``path``, or of its nearest ancestor that has one."""
        found = self._nearest(path)
        return None if found is None else self.lines[found]

    def column(self, path: tuple) -> int | None:
        """Column (1-based) where ``path`` starts, or where its nearest located ancestor does."""
        found = self._nearest(path)
        return None if found is None else self.columns.get(found)

    def problem(self, path: tuple, message: str, warning: bool = False) -> Problem:
        """A :class:`Problem` located at ``path`` (field shown dotted)."""
        field_name = ".".join(str(p) for p in path) if path else None
        return Problem(self.file, self.line(path), self.column(path), field_name, message, warning)


#: Most values a document may expand to; aliases make "billion laughs" documents explode.
MAX_VALUES = DEFAULT_LIMITS.values


class WrittenInt(int):
    """An integer that was written differently from its value (``+2``, ``007``): ``written`` keeps the text.

    A reader that cares — Pazaak, where ``+2`` is a side card and ``2`` a
    main-deck card — can tell them apart; everything else sees an int.
    """

    written: str

    def __new__(cls, value: int, written: str) -> "WrittenInt":
        obj = super().__new__(cls, value)
        obj.written = written
        return obj

    def __reduce__(self):
        return (WrittenInt, (int(self), self.written))


def _scalar(node: yaml.ScalarNode, loader: yaml.SafeLoader) -> Any:
    value = loader.construct_object(node, deep=True)
    if type(value) is int and not node.style and node.value.strip() != str(value):
        return WrittenInt(value, node.value.strip())
    return value


def _convert(node, loader, path: tuple, lines: dict, file: str, problems: list, budget: list,
             columns: dict | None = None) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooLarge
    if isinstance(node, yaml.ScalarNode) and len(node.value) > budget[1]:
        raise _TooLong(node)
    columns = {} if columns is None else columns
    if path not in lines:
        lines[path] = node.start_mark.line + 1
        columns[path] = node.start_mark.column + 1
    if isinstance(node, yaml.MappingNode):
        result: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                merged = _convert(value_node, loader, path, {}, file, problems, budget)
                for item in merged if isinstance(merged, list) else [merged]:
                    if isinstance(item, dict):
                        for k, v in item.items():
                            result.setdefault(k, v)
                continue
            key = _convert(key_node, loader, path, {}, file, problems, budget)
            if isinstance(key, (list, dict)):
                problems.append(Problem(file, key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                                        None, "a mapping key must be a plain value"))
                continue
            if key in result:
                problems.append(Problem(file, key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                                        ".".join(str(p) for p in path + (key,)), f"duplicate key {key!r}"))
                continue
            lines[path + (key,)] = key_node.start_mark.line + 1
            columns[path + (key,)] = key_node.start_mark.column + 1
            result[key] = _convert(value_node, loader, path + (key,), lines, file, problems, budget, columns)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [
            _convert(child, loader, path + (i,), lines, file, problems, budget, columns)
            for i, child in enumerate(node.value)
        ]
    return _scalar(node, loader)


def _too_large(file: str, limits: Limits) -> DeckgenError:
    return DeckgenError(Problem(file, 1, 1, None, f"document too large: more than {limits.values} values "
                                                  f"(aliases expanding too far?; limits.values in deckgen.yaml)"))


#: Documents parsed in this process, by (text, file name, limits): each copy of a project, each command of a
#: session, reads the same files again.  Handed out as copies (a reader may change what it is given).
_PARSED: OrderedDict[tuple[str, str, int, int], Located] = OrderedDict()
_PARSED_KEPT = 256
_PARSED_LARGEST = 1 << 18  # characters: a bigger document is parsed every time


def parse_yaml(text: str, file: str, limits: Limits = DEFAULT_LIMITS) -> Located:
    """Parse ``text`` (YAML or JSON) into a :class:`Located`.

    Raises :class:`DeckgenError` with a located problem on syntax errors,
    duplicate keys, or a document beyond ``limits`` (too many values once
    aliases are expanded, a string too long).  The same text is parsed once
    per process (a fresh copy of the result is returned each time).
    """
    key = (text, file, limits.values, limits.string)
    parsed = _PARSED.get(key)
    if parsed is None:
        parsed = _parse_yaml(text, file, limits)
        if len(text) <= _PARSED_LARGEST:
            _PARSED[key] = parsed
            while len(_PARSED) > _PARSED_KEPT:
                _PARSED.popitem(last=False)
    else:
        _PARSED.move_to_end(key)
    return Located(_copied(parsed.data), parsed.file, dict(parsed.lines), dict(parsed.columns))


def _copied(value: Any) -> Any:
    """``value`` with its mappings and lists copied (what YAML makes besides them cannot change)."""
    if type(value) is dict:
        return {key: _copied(item) for key, item in value.items()}
    if type(value) is list:
        return [_copied(item) for item in value]
    return value


def _parse_yaml(text: str, file: str, limits: Limits) -> Located:
    loader = _Loader(text, limits.values)
    try:
        node = loader.get_single_node()
    except _TooLarge:
        raise _too_large(file, limits) from None
    except RecursionError:
        raise DeckgenError(Problem(file, 1, 1, None, "document nested too deeply")) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        reason = exc.problem or str(exc)
        raise DeckgenError(Problem(file, mark.line + 1 if mark else None, mark.column + 1 if mark else None,
                                   None, f"invalid YAML: {reason}")) from None
    except yaml.YAMLError as exc:
        raise DeckgenError(Problem(file, message=f"invalid YAML: {exc}")) from None
    finally:
        loader.dispose()
    lines: dict[tuple, int] = {}
    columns: dict[tuple, int] = {}
    problems: list[Problem] = []
    if node is None:
        return Located(None, file, {(): 1}, {(): 1})
    try:
        data = _convert(node, loader, (), lines, file, problems, [limits.values, limits.string], columns)
    except _TooLarge:
        raise _too_large(file, limits) from None
    except _TooLong as exc:
        mark = exc.node.start_mark
        raise DeckgenError(Problem(file, mark.line + 1, mark.column + 1, None,
                                   f"a text of {len(exc.node.value)} characters, more than the limit of "
                                   f"{limits.string} (limits.string in deckgen.yaml)")) from None
    except RecursionError:
        raise DeckgenError(Problem(file, 1, 1, None, "document nested too deeply")) from None
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark
        raise DeckgenError(Problem(file, mark.line + 1 if mark else None, mark.column + 1 if mark else None,
                                   None, f"invalid YAML: {exc.problem}")) from None
    if problems:
        raise DeckgenError(problems)
    return Located(data, file, lines, columns)


def load_yaml(path: Path, display: str | None = None, limits: Limits = DEFAULT_LIMITS) -> Located:
    """Read and parse a YAML file; ``display`` is the name used in messages."""
    name = display or str(path)
    try:
        size = Path(path).stat().st_size
        if size > limits.file_bytes:
            raise DeckgenError(Problem(name, 1, 1, None, f"file of {size} bytes, more than the limit of "
                                                         f"{limits.file_bytes} (limits.file_bytes in deckgen.yaml)"))
    except FileNotFoundError:
        raise DeckgenError(Problem(name, message="file not found")) from None
    except OSError as exc:
        raise DeckgenError(Problem(name, message=f"cannot read file: {exc.strerror}")) from None
    return parse_yaml(read_utf8(path, name), name, limits)


def read_utf8(path: Path, name: str, encoding: str = "utf-8", hint: str = "") -> str:
    """The text of a UTF-8 file; a file that cannot be read, or is not UTF-8, is a located error
    (the line of the first bad byte; ``hint`` says how to fix it)."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise DeckgenError(Problem(name, message="file not found")) from None
    except OSError as exc:
        raise DeckgenError(Problem(name, message=f"cannot read file: {exc.strerror}")) from None
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DeckgenError(Problem(name, line, message=f"not valid UTF-8 text{hint}")) from None
