""""Did you mean …?": the nearest known name to a misspelt one, for messages.

A designer who writes ``suite`` for ``suit`` or ``dmo`` for ``demo`` is told
the name deckgen knows; ``difflib`` finds it.
"""

from __future__ import annotations

import difflib
from typing import Iterable


def nearest(word: object, known: Iterable[object]) -> str | None:
    """The known name closest to ``word`` (as text), or None when none is close."""
    found = difflib.get_close_matches(str(word), [str(k) for k in known], n=1, cutoff=0.65)
    return found[0] if found else None


def did_you_mean(word: object, known: Iterable[object]) -> str:
    """`` (did you mean X?)`` for the known name closest to ``word``, or ``""``."""
    near = nearest(word, known)
    return f" (did you mean {near!r}?)" if near is not None and near != str(word) else ""
