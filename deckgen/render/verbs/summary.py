"""The verb ``summary()``: the printed rule summary of decisions.yaml."""

from __future__ import annotations

from types import SimpleNamespace

from deckgen.render.verbs.face import Face


def summary(face: Face) -> list[SimpleNamespace]:
    """The rule summary rows of decisions.yaml: ``text``, the two example ``hands``, and ``relation``
    (``>``, ``<`` or ``=``)."""
    return face.renderer.summary(face.problems)
