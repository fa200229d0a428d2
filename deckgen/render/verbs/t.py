"""The verb ``t(key, **values)``: a string of the language file, its placeholders filled."""

from __future__ import annotations

from typing import Any

from deckgen.render.verbs.face import Face


def t(face: Face, label: str, **values: Any) -> str:
    """The string ``label`` of lang/LANG.yaml ``strings``, its ``{placeholders}`` filled from ``values``;
    a missing string is a problem at the template line."""
    return face.renderer.label(label, face.problems, values)
