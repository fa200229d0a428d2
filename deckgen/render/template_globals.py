"""The globals every template has: ``range``, ``dict``, ``lipsum``, ``cycler``, ``joiner``, ``namespace``.

Functions only (no class is in a template's reach); ``range``, ``dict``
and ``lipsum`` are counted against the render's budget.
"""

from __future__ import annotations

from typing import Any

from jinja2.runtime import Namespace
from jinja2.utils import Cycler, Joiner, generate_lorem_ipsum

from deckgen.render.budget import CountedRange, as_int, current_budget


def _range(*args: int) -> CountedRange:
    """``range()`` in templates (counted, and limited in size)."""
    return CountedRange(*args)


def _dict(*args: Any, **kwargs: Any) -> dict:
    """``dict()`` in templates: a new dict of the template's own."""
    result = dict(*args, **kwargs)
    current_budget().items(len(result))
    return result


def _lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:  # noqa: A002 - jinja's names
    """``lipsum()`` in templates, within ``template_items`` words and ``face_chars`` characters."""
    budget = current_budget()
    words = as_int(n) * as_int(max)
    budget.items(words)
    budget.build(words * 12)
    return generate_lorem_ipsum(n, html, min, max)


def _cycler(*items: Any) -> Cycler:
    return Cycler(*items)


def _joiner(sep: str = ", ") -> Joiner:
    return Joiner(sep)


def _namespace(*args: Any, **kwargs: Any) -> Namespace:
    return Namespace(*args, **kwargs)


#: The globals every template has: functions only (no class is in a template's reach).
TEMPLATE_GLOBALS = {"range": _range, "dict": _dict, "lipsum": _lipsum, "cycler": _cycler, "joiner": _joiner,
                    "namespace": _namespace}
