"""Regular expressions from other people's schemas, matched with a time limit.

A pattern in a card field's schema can backtrack catastrophically
(``^(a|aa)*$``); :func:`search` gives it at most ``timeout_ms`` on a value
and raises :class:`PatternTimeout` past that, which the validator reports as
a located error (``limits.pattern_ms``), not a hang.
"""

from __future__ import annotations

import regex


class PatternTimeout(Exception):
    """A regular expression ran longer than its limit on a value."""


def search(pattern: str, text: str, timeout_ms: int) -> bool:
    """Whether ``pattern`` matches somewhere in ``text``, given at most ``timeout_ms`` milliseconds."""
    try:
        return regex.search(pattern, text, timeout=timeout_ms / 1000) is not None
    except TimeoutError:
        raise PatternTimeout(pattern) from None
