"""How much room each text from a language file has where it is printed: recorded while faces render.

``text()`` calls :func:`record` for every text that came from a language
file (a :class:`deckgen.strings.Text` knows its file and field).  Nothing is
kept unless a caller asked with :func:`recording` — the translators' PO
export does, to tell a translator how long a card text may be.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

from deckgen.layout.papers import MM_TO_PT

#: The average advance of a letter in running text, in em (Latin and Cyrillic book faces: 0.45–0.55).
AVERAGE_LETTER_EM = 0.5


@dataclass(frozen=True)
class Room:
    """A text's box where it was set: its field, box (mm), designed size (mm) and the lines it used."""

    file: str
    field: str
    width: float
    height: float
    size: float
    line_height: float
    used_lines: int
    max_lines: int | None

    def lines(self) -> int:
        """The lines the box holds at the designed size."""
        fit = max(1, math.floor(self.height / (self.size * self.line_height) + 1e-6))
        return min(fit, self.max_lines) if self.max_lines else fit

    def characters_per_line(self) -> int:
        return max(1, math.floor(self.width / (self.size * AVERAGE_LETTER_EM)))

    def hint(self) -> str:
        lines, chars = self.lines(), self.characters_per_line()
        room = (f"one line of about {chars} characters" if lines == 1
                else f"{lines} lines of about {chars} characters")
        return (f"Room: {room} at {self.size * MM_TO_PT:.1f} pt (the text shrinks a little before it "
                f"overflows); the source uses {self.used_lines} line{'s' if self.used_lines != 1 else ''}")


_ACTIVE: list[list[Room]] = []


@contextmanager
def recording() -> Iterator[list[Room]]:
    """Collect a :class:`Room` for every text from a language file set while the block runs."""
    rooms: list[Room] = []
    _ACTIVE.append(rooms)
    try:
        yield rooms
    finally:
        _ACTIVE.pop()


def active() -> bool:
    return bool(_ACTIVE)


def record(room: Room) -> None:
    if _ACTIVE:
        _ACTIVE[-1].append(room)
