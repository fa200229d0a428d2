"""Printer profiles: how one printer misplaces the back side of a duplex sheet, and the correction.

Even good duplex printers put the back side a little off — half a
millimetre to two — and some scale it a little.  ``deckgen calibrate``
prints a test sheet to measure it; the readings go into a small YAML
file, the printer profile::

    # deckgen printer profile
    name: Office laser
    backs:
      shift_x: 0.8    # mm: + moves every back to the right (as seen on the back side)
      shift_y: -0.4   # mm: + moves every back up
      scale_x: 1.0    # around the page centre (optional)
      scale_y: 1.0

``deckgen build --printer FILE`` applies it to every backs page; without
``--printer`` the profile in the user's configuration folder (see
:func:`default_profile_path`) is used if there is one.  Problems name the
file, line and field.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from deckgen.errors import DeckgenError, Problem

#: How far a correction may go: beyond this a printer needs repair, not a profile.
MAX_SHIFT_MM = 10.0
SCALE_RANGE = (0.95, 1.05)
PROFILE_NAME = "printer.yaml"

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string"},
        "backs": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "shift_x": {"type": "number", "minimum": -MAX_SHIFT_MM, "maximum": MAX_SHIFT_MM},
                "shift_y": {"type": "number", "minimum": -MAX_SHIFT_MM, "maximum": MAX_SHIFT_MM},
                "scale_x": {"type": "number", "minimum": SCALE_RANGE[0], "maximum": SCALE_RANGE[1]},
                "scale_y": {"type": "number", "minimum": SCALE_RANGE[0], "maximum": SCALE_RANGE[1]},
            },
        },
    },
}


@dataclass(frozen=True)
class PrinterProfile:
    """The correction applied to every backs page."""

    name: str = ""
    shift_x: float = 0.0
    shift_y: float = 0.0
    scale_x: float = 1.0
    scale_y: float = 1.0

    @property
    def is_identity(self) -> bool:
        return (self.shift_x, self.shift_y, self.scale_x, self.scale_y) == (0.0, 0.0, 1.0, 1.0)

    def describe(self) -> str:
        """For the slug line: what the backs are corrected by (never a file path)."""
        text = f"backs {self.shift_x:+.2f}/{self.shift_y:+.2f} mm"
        if (self.scale_x, self.scale_y) != (1.0, 1.0):
            text += f" ×{self.scale_x:.4f}/{self.scale_y:.4f}"
        return text

    def to_yaml(self) -> str:
        lines = ["# deckgen printer profile: the correction deckgen applies to every backs page",
                 "# (measured with deckgen calibrate; see docs/home-printing.md)"]
        if self.name:
            lines.append(f"name: {self.name!r}")
        lines += ["backs:",
                  f"  shift_x: {self.shift_x:g}   # mm: + moves every back to the right (seen on the back)",
                  f"  shift_y: {self.shift_y:g}   # mm: + moves every back up",
                  f"  scale_x: {self.scale_x:g}",
                  f"  scale_y: {self.scale_y:g}"]
        return "\n".join(lines) + "\n"


def default_profile_path() -> Path:
    """The user's printer profile: ``printer.yaml`` in deckgen's configuration folder
    (``~/.config/deckgen`` on Linux, as click's ``get_app_dir`` names it per system)."""
    import click

    return Path(click.get_app_dir("deckgen")) / PROFILE_NAME


def load_profile(path: Path, display: str | None = None) -> PrinterProfile:
    """Read a printer profile; DeckgenError naming the file, line and field if it is wrong."""
    from deckgen.validate import validate
    from deckgen.yamlpos import Located, load_yaml

    shown = display or str(path)
    located = load_yaml(Path(path), shown)
    if located.data is None:
        located = Located({}, located.file, located.lines, located.columns)
    if not isinstance(located.data, dict):
        raise DeckgenError(Problem(shown, 1, None, None, "a printer profile is a mapping (name:, backs:)"))
    problems = validate(located, SCHEMA)
    if problems:
        raise DeckgenError(problems[:1])
    backs = located.data.get("backs") or {}
    return PrinterProfile(str(located.data.get("name", "")), float(backs.get("shift_x", 0.0)),
                          float(backs.get("shift_y", 0.0)), float(backs.get("scale_x", 1.0)),
                          float(backs.get("scale_y", 1.0)))


def find_profile(given: Path | None) -> tuple[PrinterProfile | None, Path | None]:
    """The profile to build with: ``given`` (it must exist), else the user's default if present."""
    if given is not None:
        return load_profile(given), given
    if os.environ.get("DECKGEN_NO_PRINTER_PROFILE"):
        return None, None
    path = default_profile_path()
    if path.is_file():
        return load_profile(path), path
    return None, None


def save_profile(profile: PrinterProfile, path: Path) -> None:
    from deckgen.output import write_atomic

    write_atomic(Path(path), profile.to_yaml().encode("utf-8"))
