"""Plural forms by CLDR rules (via Babel): pick the right word form for a number.

Categories are CLDR's names: ``zero one two few many other``.  Russian uses
one/few/many/other (1 фишка, 2 фишки, 5 фишек, 21 фишка), German and English
one/other (1 is "one"), French one/many/other (0 and 1 are "one").
"""

from __future__ import annotations

import functools
from decimal import Decimal

from babel import Locale

CATEGORIES = ("zero", "one", "two", "few", "many", "other")


@functools.lru_cache(maxsize=None)
def _locale(lang: str) -> Locale:
    return Locale.parse(lang.replace("-", "_"))


def plural_category(n: int | float | Decimal | str, lang: str) -> str:
    """The CLDR plural category of ``n`` in language ``lang`` (e.g. "few")."""
    if isinstance(n, str):
        n = Decimal(n.replace(",", "."))
    return _locale(lang).plural_form(n)


def plural(n: int | float | Decimal | str, lang: str, forms: dict[str, str]) -> str:
    """Choose the form for ``n``; a missing category falls back to ``other``.

    >>> plural(21, "ru", {"one": "фишка", "few": "фишки", "many": "фишек", "other": "фишки"})
    'фишка'
    """
    unknown = set(forms) - set(CATEGORIES)
    if unknown:
        raise ValueError(f"unknown plural categories: {', '.join(sorted(unknown))} (use {', '.join(CATEGORIES)})")
    cat = plural_category(n, lang)
    if cat in forms:
        return forms[cat]
    if "other" in forms:
        return forms["other"]
    raise ValueError(f"no plural form for category {cat!r} (nor 'other') of {n} in {lang}")
