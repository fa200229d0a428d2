"""The verb ``plural(n, one=..., few=..., other=...)``: the CLDR plural form of a number."""

from __future__ import annotations

from typing import Any

from deckgen.render.verbs.face import Face
from deckgen.text.plurals import plural as plural_form


def plural(face: Face, n: Any, **forms: Any) -> Any:
    """The form of ``n`` (``one``, ``few``, ``many``, ``other``, ...) that the face's language uses."""
    return plural_form(n, face.lang, forms)
