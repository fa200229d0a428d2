"""What a build did, for its closing line."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class BuildReport:
    """What a build did, for its closing line."""

    decks: int = 0
    cards: int = 0
    pages: int = 0
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)  # an earlier run's files this build no longer writes
    bytes: int = 0
    vector: bool = False  # the cards placed as vector graphics (nothing drawn)
    drawn: int = 0  # faces rasterized now
    reused: int = 0  # faces whose raster came from the cache (of those the decks use, the ones not drawn now)
    rendered: int = 0  # faces rendered from their templates now
    remembered: int = 0  # faces whose SVG came from the cache instead of being rendered
    rasters: set[str] = field(default_factory=set)  # the raster key of every face a deck of the build uses
    seconds: float = 0.0

    def faces_line(self) -> str:
        """What was made of the faces, and what the cache saved: rendered (vector) or drawn (raster) now,
        the rest reused; 0 reused on a build that had no cache."""
        made, reused = (self.rendered, self.remembered) if self.vector else (self.drawn, self.reused)
        return f"{_count(made, 'face')} {'rendered' if self.vector else 'drawn'}, {reused} reused from the cache"

    def line(self) -> str:
        mib = self.bytes / 1024 / 1024
        return (f"{_count(self.decks, 'deck')}, {_count(self.cards, 'card')}, {_count(self.pages, 'page')}; "
                f"{len(self.written)} files written "
                f"({mib:.1f} MiB), {len(self.unchanged)} unchanged"
                f"{f', {len(self.removed)} removed' if self.removed else ''}; {self.faces_line()}; "
                f"{self.seconds:.1f} s")

    def as_json(self) -> dict:
        """The report as a JSON object (``deckgen build --json``)."""
        return {"decks": self.decks, "cards": self.cards, "pages": self.pages,
                "written": [str(p) for p in self.written], "unchanged": [str(p) for p in self.unchanged],
                "removed": [str(p) for p in self.removed], "bytes": self.bytes,
                "faces": {"placed": "vector" if self.vector else "raster", "rendered": self.rendered,
                          "drawn": self.drawn, "reused": self.remembered if self.vector else self.reused},
                "seconds": round(self.seconds, 2)}


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
