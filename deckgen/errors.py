"""User-facing errors: every problem carries a location (file, line, field).

Exceptions with tracebacks are for bugs only; anything caused by the user's
input is a :class:`DeckgenError` (or a list of :class:`Problem`) that the
command line prints as one line ``FILE:LINE: field: message``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One located problem in the user's input or output."""

    message: str
    file: str | None = None
    line: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        parts = []
        if self.file:
            parts.append(self.file if self.line is None else f"{self.file}:{self.line}")
        if self.field:
            parts.append(self.field)
        parts.append(self.message)
        return ": ".join(parts)


class DeckgenError(Exception):
    """An error caused by input; carries one or more :class:`Problem`."""

    def __init__(self, problems: Problem | list[Problem] | str):
        if isinstance(problems, str):
            problems = [Problem(problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class ShowdownError(ValueError):
    """Raised by an engine for a bad showdown; ``path`` locates the bad value.

    ``path`` is a tuple of keys/indices into the showdown document, e.g.
    ``("players", 1, "hand", 0)``; the command line maps it to a file line.
    """

    def __init__(self, path: tuple, message: str):
        self.path = tuple(path)
        self.message = message
        super().__init__(f"{'.'.join(str(p) for p in self.path)}: {message}")
