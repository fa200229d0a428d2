"""The slug line of a print sheet in the language of what it prints: its words come from slug.yaml.

``deckgen.outputs.deckfiles`` composes the build's settings with
:func:`settings_line`; ``deckgen.layout.sheets`` adds the side and the
sheet number with :func:`sheet_line`.  Numbers are written as the
language writes them (CLDR via Babel: fr « 63 × 88 », de „0,5“).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Mapping


@functools.cache
def _all_words() -> dict[str, dict[str, str]]:
    import yaml

    return yaml.safe_load(Path(__file__).with_name("slug.yaml").read_text(encoding="utf-8"))


def slug_words(lang: str) -> dict[str, str]:
    """The slug line's words in ``lang`` (English for those slug.yaml lacks)."""
    words = _all_words()
    return {**words["en"], **words.get(lang.split("-")[0], {})}


def number(value: float, lang: str) -> str:
    """``value`` as ``lang`` writes it (decimal comma in de/fr/ru); plain when Babel does not know it."""
    from babel import UnknownLocaleError
    from babel.numbers import format_decimal

    try:
        return format_decimal(value, locale=lang.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return f"{value:g}"


def sheet_line(title: str, side: str | None, sheet: int, sheets: int, settings: str, words: Mapping[str, str],
               lang: str = "en") -> str:
    """The whole slug: title · side (fronts/backs; None on a folded sheet) · sheet n/of · settings."""
    parts = [title]
    if side:
        parts.append(words[side])
    parts.append(words["sheet"].format(n=number(sheet, lang), of=number(sheets, lang)))
    return "  ·  ".join([*parts, settings])


def settings_line(lang: str, paper: str, dpi: int | None, sides: str, width: float, height: float, bleed: float,
                  extras: list[str], version: str) -> str:
    """The build settings: paper · quality · sides · size + bleed · extras · deckgen version; ``dpi`` None
    for a vector build, ``sides`` a slug.yaml key (duplex-long, folded, …)."""
    words = slug_words(lang)
    quality = words["vector"] if dpi is None else f"{dpi} dpi"
    size = words["size"].format(size=f"{number(width, lang)}×{number(height, lang)}", bleed=number(bleed, lang))
    return " · ".join([paper, quality, words[sides], size, *extras, f"deckgen {version}"])
