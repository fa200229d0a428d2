"""Load YAML (or JSON) into plain Python data while remembering line numbers.

Every value is addressed by a *path* (a tuple of mapping keys and list
indices); :class:`Located` maps each path to the line where it starts so
that validation errors can say ``FILE:LINE: field: message``.  Duplicate
mapping keys are errors (YAML silently keeps the last one).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from deckgen.errors import DeckgenError, Problem

try:  # the C loader is ~30x faster than the pure-Python one
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - libyaml missing
    _Loader = yaml.SafeLoader


@dataclass
class Located:
    """Parsed data plus the line of every path in it (1-based)."""

    data: Any
    file: str
    lines: dict[tuple, int] = field(default_factory=dict)

    def line(self, path: tuple) -> int | None:
        """Line of ``path``, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), None)

    def problem(self, path: tuple, message: str) -> Problem:
        """A :class:`Problem` located at ``path`` (field shown dotted)."""
        field_name = ".".join(str(p) for p in path) if path else None
        return Problem(message, self.file, self.line(path), field_name)


#: Most values a document may expand to; aliases make "billion laughs" documents explode.
MAX_VALUES = 200_000


class _TooLarge(Exception):
    pass


def _scalar(node: yaml.ScalarNode, loader: yaml.SafeLoader) -> Any:
    return loader.construct_object(node, deep=True)


def _convert(node, loader, path: tuple, lines: dict, file: str, problems: list, budget: list) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooLarge
    lines.setdefault(path, node.start_mark.line + 1)
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
                problems.append(Problem("a mapping key must be a plain value", file,
                                        key_node.start_mark.line + 1))
                continue
            if key in result:
                problems.append(Problem(f"duplicate key {key!r}", file,
                                        key_node.start_mark.line + 1,
                                        ".".join(str(p) for p in path + (key,))))
                continue
            lines[path + (key,)] = key_node.start_mark.line + 1
            result[key] = _convert(value_node, loader, path + (key,), lines, file, problems, budget)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [
            _convert(child, loader, path + (i,), lines, file, problems, budget)
            for i, child in enumerate(node.value)
        ]
    return _scalar(node, loader)


def parse_yaml(text: str, file: str) -> Located:
    """Parse ``text`` (YAML or JSON) into a :class:`Located`.

    Raises :class:`DeckgenError` with a located problem on syntax errors or
    duplicate keys.
    """
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except RecursionError:
        raise DeckgenError(Problem("document nested too deeply", file)) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        reason = exc.problem or str(exc)
        raise DeckgenError(Problem(f"invalid YAML: {reason}", file, line)) from None
    except yaml.YAMLError as exc:
        raise DeckgenError(Problem(f"invalid YAML: {exc}", file)) from None
    finally:
        loader.dispose()
    lines: dict[tuple, int] = {}
    problems: list[Problem] = []
    if node is None:
        return Located(None, file, {(): 1})
    try:
        data = _convert(node, loader, (), lines, file, problems, [MAX_VALUES])
    except _TooLarge:
        raise DeckgenError(Problem(f"document too large: more than {MAX_VALUES} values "
                                   f"(aliases expanding too far?)", file)) from None
    except RecursionError:
        raise DeckgenError(Problem("document nested too deeply", file)) from None
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark
        raise DeckgenError(Problem(f"invalid YAML: {exc.problem}", file,
                                   mark.line + 1 if mark else None)) from None
    if problems:
        raise DeckgenError(problems)
    return Located(data, file, lines)


def load_yaml(path: Path, display: str | None = None) -> Located:
    """Read and parse a YAML file; ``display`` is the name used in messages."""
    name = display or str(path)
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise DeckgenError(Problem("file not found", name)) from None
    except OSError as exc:
        raise DeckgenError(Problem(f"cannot read file: {exc.strerror}", name)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DeckgenError(Problem("not valid UTF-8 text", name, line)) from None
    return parse_yaml(text, name)
