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
    drawn: int = 0  # faces rasterized now
    reused: int = 0  # faces whose raster came from the cache
    rendered: int = 0  # faces rendered from their templates now
    seconds: float = 0.0

    def line(self) -> str:
        mib = self.bytes / 1024 / 1024
        return (f"{self.decks} decks, {self.cards} cards, {self.pages} pages; {len(self.written)} files written "
                f"({mib:.1f} MiB), {len(self.unchanged)} unchanged"
                f"{f', {len(self.removed)} removed' if self.removed else ''}; {self.drawn} faces drawn, {self.reused} from the "
                f"cache; {self.seconds:.1f} s")


# ------------------------------------------------------------------ fingerprints


# ------------------------------------------------------------------ rendering faces


# ------------------------------------------------------------------ the build
