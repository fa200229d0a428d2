"""Numbers in a booklet's running text, written as its language writes them (CLDR via Babel).

A whole number of four or more digits gets the language's grouping: en
"2,000", de „2.000“, fr « 2 000 » (a narrow no-break space); Russian groups
from five digits («2000», «10 000» with a no-break space), as numbers.yaml
says for each language.  Numbers inside markup (``{card:...}``), decimals, and
numbers glued to letters or hyphens (card codes such as 8D-8D) are left as
written.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any, Mapping

#: A whole number of 4+ digits standing alone: not in braces, not part of a decimal, code or word.
_LONG_NUMBER = re.compile(r"(?<![\w.,{=:/\-\u2212])(\d{4,})(?![\w}\-]|[.,]\d)")


@functools.cache
def _group_from() -> dict[str, int]:
    import yaml

    data = yaml.safe_load(Path(__file__).with_name("numbers.yaml").read_text(encoding="utf-8"))
    return dict(data["group_from"])


def grouped(value: int, lang: str) -> str:
    """``value`` with the thousands grouping of ``lang`` (as written when Babel does not know it, or when
    the language leaves a number of its length whole)."""
    from babel import UnknownLocaleError
    from babel.numbers import format_decimal

    if len(str(abs(value))) < _group_from().get(lang.split("-")[0], 4):
        return str(value)
    try:
        return format_decimal(value, locale=lang.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return str(value)


def group_numbers(text: str, lang: str) -> str:
    """``text`` with each long whole number grouped as ``lang`` writes it."""
    return _LONG_NUMBER.sub(lambda m: grouped(int(m.group(1)), lang), text)


def group_values(values: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """Placeholder values with every whole number of 1000 or more grouped (booleans and small numbers kept)."""
    return {k: grouped(v, lang) if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 1000 else v
            for k, v in values.items()}


def minus_signs(text: str) -> str:
    """``text`` with the hyphen of a negative number made a minus sign (−17), the hyphens of words kept
    (ru «Прайм-сабакк», de „Prim-Sabacc“)."""
    return re.sub(r"(?<!\w)-(?=\d)", "\u2212", text)
