"""Hyphenation points per language (pyphen dictionaries), cached per word."""

from __future__ import annotations

import functools

import pyphen

MIN_WORD_LETTERS = 5  # shorter words are never hyphenated
LEFT_MIN = 2  # letters kept before a hyphen
RIGHT_MIN = 3  # letters carried to the next line

_DICTS = {"de": "de_DE", "en": "en_US", "fr": "fr_FR", "ru": "ru_RU"}


@functools.lru_cache(maxsize=None)
def _dictionary(lang: str) -> pyphen.Pyphen | None:
    code = lang.replace("-", "_")
    code = _DICTS.get(code.split("_")[0].lower(), code)
    try:
        return pyphen.Pyphen(lang=code, left=LEFT_MIN, right=RIGHT_MIN)
    except KeyError:
        return None


@functools.lru_cache(maxsize=65536)
def hyphenation_points(word: str, lang: str) -> tuple[int, ...]:
    """Indices into ``word`` where a hyphen may be inserted (before that index).

    Leading and trailing punctuation is ignored; words with fewer than
    MIN_WORD_LETTERS letters or with non-letters inside get no points.
    A soft hyphen (U+00AD) typed by the translator is always a point.
    """
    if "\u00ad" in word:
        return tuple(i for i, c in enumerate(word) if c == "\u00ad")
    start = 0
    while start < len(word) and not word[start].isalpha():
        start += 1
    end = len(word)
    while end > start and not word[end - 1].isalpha():
        end -= 1
    core = word[start:end]
    if sum(c.isalpha() for c in core) < MIN_WORD_LETTERS or not core.isalpha():
        return ()
    dic = _dictionary(lang)
    if dic is None:
        return ()
    return tuple(start + p for p in dic.positions(core))
