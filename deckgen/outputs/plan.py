"""The generator protocol: a planned file, the selection it is planned for, and what a generator answers."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, Union, runtime_checkable

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.model import Project
    from deckgen.outputs.selection import BuildOptions

#: What ``--plan`` prints for a page count that only laying the file out tells.
UNKNOWN_PAGES = "pages unknown until laid out"


@dataclass(frozen=True)
class PlannedFile:
    """One file a build will write.  ``paper`` and ``duplex`` are None where they mean nothing (an SVG, a
    card-sized PDF); ``pages`` is None where only laying the file out tells."""

    path: Path
    kind: str
    paper: str | None = None
    duplex: str | None = None
    pages: int | None = None

    def line(self) -> str:
        """``PATH  KIND  paper P  duplex D  N pages``, as ``deckgen build --plan`` prints it."""
        pages = UNKNOWN_PAGES if self.pages is None else f"{self.pages} page{'s' if self.pages != 1 else ''}"
        return (f"{self.path}  {self.kind}  paper {self.paper or '-'}  duplex {self.duplex or '-'}  {pages}")


@dataclass(frozen=True)
class Selection:
    """What a build is asked to make: the project, its games (in order) and the options."""

    project: Project
    game_ids: tuple[str, ...]
    options: BuildOptions
    #: what several generators work out from the selection alike (the decks laid out), worked out once
    memo: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)


#: What ``render`` answers: the bytes of the planned file; or, for a file whose name or count only rendering
#: tells (a PDF that ``--max-file-mb`` splits into ``-partN`` files), a list of (path, bytes) — each path the
#: planned one or beside it in its folder.  ``None`` in place of the bytes says the file is on disk already as
#: it would be written (an earlier build of the same inputs): it is not written again.
Rendered = Union[bytes, list[tuple[Path, Union[bytes, None]]]]


@runtime_checkable
class OutputGenerator(Protocol):
    """An output kind.  ``plan`` says what it writes for a selection, reading data only (nothing rendered,
    nothing written); ``render`` makes the bytes of one planned file (nothing written: the build writes every
    file atomically once every file has rendered without a problem; raise DeckgenError for a problem) — or,
    where only rendering tells the names, its parts (:data:`Rendered`).  Work several files share is done
    once per selection by keeping it in ``selection.memo``."""

    kind: str

    def plan(self, selection: Selection) -> list[PlannedFile]: ...

    def render(self, selection: Selection, planned: PlannedFile) -> Rendered: ...
