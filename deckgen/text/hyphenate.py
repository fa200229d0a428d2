"""Hyphenation points per language (pyphen dictionaries), cached per word.

The dictionary's divisions are corrected by the language's breaking rules (:mod:`deckgen.text.breaking`:
bundled corrections, a project's and a lang file's ``hyphenation:`` lists), and the words of names that
never break get no points at all."""

from __future__ import annotations

import functools
import re

import pyphen

from deckgen.text.breaking import rules_for, when_changed

MIN_WORD_LETTERS = 5  # shorter words are never hyphenated
LEFT_MIN = 2  # letters kept before a hyphen (a language's breaking rules may ask for more: min_left)
RIGHT_MIN = 3  # letters carried to the next line (min_right)

_DICTS = {"de": "de_DE", "en": "en_US", "fr": "fr_FR", "ru": "ru_RU"}


@functools.lru_cache(maxsize=None)
def _dictionary(lang: str) -> pyphen.Pyphen | None:
    code = lang.replace("-", "_")
    code = _DICTS.get(code.split("_")[0].lower(), code)
    try:
        return pyphen.Pyphen(lang=code, left=1, right=1)  # the language's minimums filter its points
    except KeyError:
        return None


#: Words a language file says the dictionary breaks wrongly: lang -> word (lower case) -> break points.
_EXCEPTIONS: dict[str, dict[str, tuple[int, ...]]] = {}


def add_exceptions(lang: str, words) -> None:
    """Words written with a hyphen at every allowed break ("Grund-ein-sät-ze"), from a lang file's
    ``hyphenation:`` list: they break only there, on cards and in booklets."""
    table = _EXCEPTIONS.setdefault(lang.split("-")[0].lower(), {})
    table.update(_marked(words))
    hyphenation_points.cache_clear()


def _marked(words) -> dict[str, tuple[int, ...]]:
    """"Va-ri-an-te" -> {"variante": (2, 4, 6)}: each word without its marks, lower case, and its breaks."""
    table = {}
    for word in words:
        parts = str(word).split("-")
        points, at = [], 0
        for part in parts[:-1]:
            at += len(part)
            points.append(at)
        table["".join(parts).lower()] = tuple(points)
    return table


def _listed(word: str, lang: str) -> tuple[int, ...] | None:
    """The breaks a correction list gives ``word`` (a lang file's first, then the breaking rules'), or None."""

    code = lang.split("-")[0].lower()
    listed = _EXCEPTIONS.get(code, {}).get(word.lower())
    if listed is None:
        listed = _marked(rules_for(code).hyphenation).get(word.lower())
    return listed


@functools.lru_cache(maxsize=65536)
def hyphenation_points(word: str, lang: str, keep: bool = True) -> tuple[int, ...]:
    """Indices into ``word`` where a hyphen may be inserted (before that index).

    Leading and trailing punctuation is ignored; words with fewer than
    MIN_WORD_LETTERS letters or with non-letters inside get no points, and
    with ``keep`` neither do the words of names that never break.
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
    if keep and core.lower() in _never_words(lang):
        return ()
    left, right = _minimums(lang)
    listed = _listed(core, lang)
    if listed is None:
        dic = _dictionary(lang)
        if dic is None:
            return ()
        listed = tuple(dic.positions(core))
    return tuple(start + p for p in listed if p >= left and len(core) - p >= right)


def _minimums(lang: str) -> tuple[int, int]:
    """Letters before and after a break in ``lang`` (breaking rules' min_left/min_right, at least the defaults)."""
    rules = rules_for(lang)
    return max(LEFT_MIN, rules.min_left), max(RIGHT_MIN, rules.min_right)


when_changed(hyphenation_points.cache_clear)  # the rules' corrections change the breaks


def _never_words(lang: str) -> frozenset[str]:

    return rules_for(lang).never_words


def platypus_hyphenator(lang: str):
    """A hyphenator for reportlab's ``hyphenationLang`` (booklets) that follows the cards' rules: the
    same dictionary and letter minimums, a translator's soft hyphens, and a compound written with a
    hyphen ("Sabacc-Pot") broken only after its hyphen, never inside its parts.  The head of such a
    break keeps the word's own hyphen ("Jedi-"), so reportlab adds none and the tail starts with a
    letter (a bold word is split by position: a head without its hyphen left "-Meister" on the next line)."""

    def pairs(word: str):
        if _BOUND.search(word):
            yield from bound_pairs(word)
            return
        if "-" in word.strip("-"):
            parts = word.split("-")
            left_min, right_min = _minimums(lang)
            for i in reversed(range(1, len(parts))):  # the longest head that fits first
                left, right = "-".join(parts[:i]), "-".join(parts[i:])
                if sum(c.isalpha() for c in left) >= left_min and sum(c.isalpha() for c in right) >= right_min:
                    yield left + "-", right
            return
        for point in reversed(hyphenation_points(word, lang)):
            if word[point - 1:point] == "\u00ad":
                yield word[:point - 1].replace("\u00ad", ""), word[point:].replace("\u00ad", "")
            else:
                yield word[:point].replace("\u00ad", ""), word[point:].replace("\u00ad", "")

    def bound_pairs(word: str):
        """A group of words held by no-break spaces ("и\u00a0добора,", "bis\u00a0zur\u00a0Hälfte"): only
        its last word divides, and only after short words (a bound preposition, conjunction or number);
        a name or a paragraph's last two words held together stay whole."""
        parts = _BOUND.split(word)
        if any(sum(c.isalpha() for c in part) > BOUND_WORD_LETTERS for part in parts[:-1]):
            return
        head_len = len(word) - len(parts[-1])
        for head, tail in pairs(parts[-1]):
            yield word[:head_len] + head, tail

    return pairs


#: the no-break spaces that hold a group of words on one line
_BOUND = re.compile("[\u00a0\u202f]")
#: the longest word (in letters) that may stand before a divided word of its no-break group
BOUND_WORD_LETTERS = 3
