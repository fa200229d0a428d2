"""The verb ``box(name)``: a named layout box of style.yaml."""

from __future__ import annotations

from types import SimpleNamespace

from deckgen.render.verbs.face import Face


def box(face: Face, name: str) -> SimpleNamespace:
    """The layout box ``name`` of style.yaml ``boxes`` in this face's coordinates (mm): x, y, w, h, x1, y1,
    cx, cy; moved to the trim a face is drawn at when that is not the design's."""
    return face.renderer.box(name)
