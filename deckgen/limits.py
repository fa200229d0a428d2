"""Limits on what a project's data and templates may ask for.

Card data, language files, icon files and templates may come from other
people (docs/threat-model.md).  An absurd input — a count of ten million, a
50 MB string, a YAML alias bomb, a template that loops or nests without end
— is refused quickly with a located error instead of eating the machine.

The limits are settings: ``limits:`` in ``deckgen.yaml`` raises or lowers
any of them for a project (the project file is the user's own choice, like
its plugins), e.g.::

    limits:
      cards: 20000          # physical cards in one deck
      template_steps: 5000000

Tests set them low instead of timing anything.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Mapping


@dataclass(frozen=True)
class Limits:
    """Every limit, with its default; ``limits:`` in deckgen.yaml overrides them by name."""

    #: bytes of one YAML data file (card list, language, style, icons, ...)
    file_bytes: int = 16 * 1024 * 1024
    #: characters of one string in a YAML file
    string: int = 100_000
    #: values one YAML document may expand to (aliases make "billion laughs" documents explode)
    values: int = 200_000
    #: physical cards of one deck (counts summed)
    cards: int = 10_000
    #: steps of one face's template: calls, loop turns of range(), includes, pieces of output
    template_steps: int = 2_000_000
    #: macro calls and includes inside each other
    template_depth: int = 64
    #: characters of one rendered face (its SVG)
    face_chars: int = 64 * 1024 * 1024
    #: seconds one face's template may take to render (wall clock)
    template_seconds: int = 10
    #: items of one list or mapping a template builds (append, extend, +, *, dict(), lipsum words)
    template_items: int = 1_000_000
    #: digits of a number a template computes (*, **)
    template_digits: int = 4300
    #: milliseconds one regular expression of a schema (card_fields ``pattern:``) may take on one value
    pattern_ms: int = 200
    #: rows of one spreadsheet card list (CSV, XLSX, ODS), empty and comment rows included
    rows: int = 20_000
    #: cells of one spreadsheet card list (a row's trailing empty cells not counted)
    cells: int = 500_000
    #: elements of one rendered face, those of SVGs it embeds included (cairosvg takes about 0.3 ms each)
    svg_elements: int = 40_000
    #: how deep a face's elements nest (cairosvg draws by recursion)
    svg_depth: int = 100
    #: elements a face's <use> elements copy, copies inside copies counted
    svg_uses: int = 20_000
    #: pixels of the pictures one face draws, each copy counted (a drawing process holds 4 bytes a pixel)
    picture_pixels: int = 40_000_000

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any] | None) -> "Limits":
        """The defaults with ``settings`` (the ``limits:`` mapping of deckgen.yaml) applied."""
        return replace(cls(), **dict(settings or {}))

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]


#: What a project gets without ``limits:`` in its deckgen.yaml.
DEFAULT = Limits()

#: The JSON Schema of ``limits:`` (deckgen.yaml).
SCHEMA = {
    "description": "raise or lower deckgen's limits on data and templates (deckgen/limits.py)",
    "type": "object",
    "additionalProperties": False,
    "properties": {name: {"type": "integer", "minimum": 1} for name in Limits.names()},
}
