"""Small numbers written as words in running text: the ``{name:words}`` placeholder format.

Editors ask for the numbers up to twelve as words where a placeholder puts a count into a sentence
(de „jede achtmal“, „zwei Karten“; ru «по две карты»); larger numbers keep their figures.  The words
come from num2words.  Options after a second colon pass a grammatical gender (``m``, ``f``, ``n``) or a
case (ru ``genitive``, ``prepositional`` …) where the language has them: ``{start_hand:words:f}``.
"""

from __future__ import annotations

from typing import Any

#: The largest number written as a word; larger ones keep their figures.
LARGEST_AS_WORD = 12
GENDERS = {"m", "f", "n"}


def number_words(value: Any, lang: str | None, options: tuple[str, ...] = ()) -> str:
    """``value`` as words in ``lang`` when it is a whole number from 0 to LARGEST_AS_WORD, else as given."""
    try:
        number = int(str(value))
    except ValueError:
        return str(value)
    if not lang or not 0 <= number <= LARGEST_AS_WORD:
        return str(value)
    from num2words import num2words

    code = lang.replace("-", "_").split("_")[0].lower()
    extra = {("gender" if o in GENDERS else "case"): o for o in options if o}
    for kwargs in (extra, {}):  # options a language does not know: its plain words
        try:
            return str(num2words(number, lang=code, **kwargs))
        except (NotImplementedError, TypeError, ValueError, KeyError, AttributeError):
            continue
    return str(value)


def counted_words(value: Any, forms: str, lang: str | None, options: tuple[str, ...] = ()) -> str:
    """A plural ``{value|one:# Karte|other:# Karten}`` resolved with the count as words (``#``, or before
    a form without one): de 2 → „zwei Karten“.  Without a ``lang`` the plural stays for the markup."""
    if not lang:
        return f"{{{value}|{forms}}}"
    from deckgen.text.plurals import plural_category

    by_category: dict[str, str] = {}
    for option in forms.split("|"):
        category, _colon, form = option.partition(":")
        by_category[category.strip()] = form.strip()
    try:
        category = plural_category(str(value), lang)
    except (ValueError, TypeError, ArithmeticError):
        return f"{{{value}|{forms}}}"
    chosen = by_category.get(category, by_category.get("other"))
    if chosen is None:
        return f"{{{value}|{forms}}}"  # the markup reports the missing form
    words = number_words(value, lang, options)
    return chosen.replace("#", words) if "#" in chosen else f"{words}\u00a0{chosen}"
