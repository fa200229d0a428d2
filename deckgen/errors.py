"""Problems as located values, and the one exception hierarchy that carries them.

Every problem in a user's input — a YAML file, a template, a text that does
not fit, a showdown an engine rejects — is a :class:`Problem` with a file,
line, column, field and message.  Code that finds problems collects them
(a check returns a list); code that must stop raises a :class:`DeckgenError`
carrying them.  The command line prints each as one line::

    FILE:LINE:COLUMN: field: message

and exits 2.  Exceptions with tracebacks are for bugs only.

Hierarchy::

    DeckgenError            any problem in the input (exit 2)
    ├── ShowdownError       an engine rejects a showdown (located by a path into it)
    └── PluginError         a project or installed plugin could not be loaded
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable


@dataclass(frozen=True, order=True)
class Problem:
    """One located problem in the user's input or output.

    ``file`` is relative to the project root where possible; ``line`` and
    ``column`` are 1-based; ``field`` is a dotted path inside the file
    (``cards.coins-5.name``).  Two problems with the same location and
    message are the same problem (a deck and its variant report it once).
    """

    file: str | None = None
    line: int | None = None
    column: int | None = None
    field: str | None = None
    message: str = ""
    warning: bool = False

    @classmethod
    def at(cls, message: str, file: str | None = None, line: int | None = None, field: str | None = None,
           column: int | None = None, warning: bool = False) -> "Problem":
        """Build a problem with the message first (reads better at call sites)."""
        return cls(file, line, column, field, message, warning)

    @property
    def location(self) -> str:
        """``FILE:LINE:COLUMN`` (as much of it as is known)."""
        if not self.file:
            return ""
        out = self.file
        if self.line is not None:
            out += f":{self.line}"
            if self.column is not None:
                out += f":{self.column}"
        return out

    def __str__(self) -> str:
        parts = [p for p in (self.location, self.field) if p]
        parts.append(("warning: " if self.warning else "") + self.message)
        return ": ".join(parts)


def unique(problems: Iterable[Problem]) -> list[Problem]:
    """``problems`` without repeats, in first-seen order."""
    seen: set[Problem] = set()
    out = []
    for p in problems:
        if p not in seen:
            seen.add(p)
            out.append(p)
    return out


#: The face a problem was found on, at the start of its message: ``card coins-5 [en]: ``, ``back of classic [de]: ``.
_FACE = re.compile(r"^(card \S+|back of \S+|back-\S+) \[[\w-]+\]: ")


def collapse(problems: Iterable[Problem]) -> list[Problem]:
    """One problem per mistake: the same template line failing on many faces (every language, a deck and its
    variant) is said once, with how many more faces it broke."""
    out: list[Problem] = []
    index: dict[tuple, int] = {}
    extra: dict[int, int] = {}
    for p in unique(problems):
        key = (p.file, p.line, p.column, p.field, _FACE.sub("", p.message), p.warning)
        if key in index:
            extra[index[key]] = extra.get(index[key], 0) + 1
            continue
        index[key] = len(out)
        out.append(p)
    for i, n in extra.items():
        p = out[i]
        more = f" (and {n} more face{'s' if n > 1 else ''})" if _FACE.match(p.message) else ""
        out[i] = Problem(p.file, p.line, p.column, p.field, p.message + more, p.warning)
    return out


class DeckgenError(Exception):
    """An error caused by input; carries one or more :class:`Problem`."""

    def __init__(self, problems: "Problem | Iterable[Problem] | str"):
        if isinstance(problems, str):
            problems = [Problem.at(problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = unique(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class ShowdownError(DeckgenError, ValueError):
    """An engine rejects a showdown; ``path`` locates the bad value inside it.

    ``path`` is a tuple of keys/indices into the showdown document, e.g.
    ``("players", 1, "hand", 0)``; whoever read the document maps it to a
    file line (:meth:`deckgen.yamlpos.Located.problem`).
    """

    def __init__(self, path: tuple, message: str):
        self.path = tuple(path)
        self.message = message
        field = ".".join(str(p) for p in self.path) or None
        super().__init__(Problem.at(message, field=field))

    def __str__(self) -> str:
        return f"{'.'.join(str(p) for p in self.path)}: {self.message}"


class PluginError(DeckgenError):
    """A plugin module named by a project or an installed package failed to load."""
