"""Translated strings: where each came from, and its placeholders filled in.

Every word a project prints comes from a language file.  A string read
from one is a :class:`Text`: an ordinary ``str`` that also remembers the
file, line, column and key it was written at, so a problem found much
later (a text that does not fit its box on a card) points back at the line
a translator must change.

One placeholder syntax serves every translated string, the same braces as
the card markup (docs/text-markup.md):

* ``{n}``, ``{card}``: a value the template or document passes in
  (``t("board.round", n=3)``);
* ``{n|one:# round|other:# rounds}``: the plural form for a passed value;
* ``{n:words}`` (also in a plural, ``{n:words|one:# Karte|other:# Karten}``): a count up to twelve
  written as words in the text's language (:mod:`deckgen.text.numwords`; ``{n:words:f}`` gives a gender);
* ``{chip}``: an inline icon of the game (left for the text engine).

A name in braces that is neither a passed value nor a known icon is a
located problem, never a ``KeyError``.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from deckgen.errors import Problem
from deckgen.text.numwords import counted_words, number_words

_BRACES = re.compile(r"(?<!\\)\{([^{}]*)\}")
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


class Text(str):
    """A ``str`` that knows where it was written (``where``: a :class:`Problem` without a message)."""

    where: Problem

    def __new__(cls, value: str, where: Problem) -> "Text":
        obj = super().__new__(cls, value)
        obj.where = where
        return obj

    def __reduce__(self):  # keep the location through pickling (process pools)
        return (Text, (str(self), self.where))


def located(value: str, file: str | None, line: int | None, column: int | None, field: str | None) -> Text:
    """``value`` as a :class:`Text` located at the given position."""
    return Text(value, Problem(file, line, column, field))


def where_of(value: Any) -> Problem | None:
    """The location of a :class:`Text`, or None for any other value."""
    return getattr(value, "where", None) if isinstance(value, str) else None


def problem_at(value: Any, message: str, fallback: Problem | None = None) -> Problem:
    """A problem located where ``value`` was written (else at ``fallback``, else unlocated)."""
    at = where_of(value) or fallback or Problem()
    return Problem(at.file, at.line, at.column, at.field, message)


def fill(text: str, values: Mapping[str, Any], icons: Iterable[str] = (), problems: list[Problem] | None = None,
         fallback: Problem | None = None, lang: str | None = None) -> str:
    """Fill the ``{name}`` placeholders of ``text`` from ``values``.

    Icons (``{chip}``) and escaped braces stay for the text engine; a plural
    ``{n|one:…|other:…}`` gets the value of ``n`` as its number.  An unknown
    name is appended to ``problems`` (located where ``text`` was written).
    ``{name:words}`` writes a small count as words in ``lang`` (figures without a ``lang``).
    The result keeps the location of ``text``.
    """
    icon_names = set(icons)

    def replace(match: re.Match) -> str:
        inner = match.group(1)
        head, bar, rest = inner.partition("|")
        name, _colon, style = head.strip().partition(":")
        if style and style.split(":")[0] != "words":
            name = head.strip()  # not a format of ours: left to the checks below
        if name in values:
            value = values[name]
            if style:
                options = tuple(style.split(":")[1:])
                return counted_words(value, rest, lang, options) if bar else number_words(value, lang, options)
            return f"{{{value}|{rest}}}" if bar else str(value)
        if bar or not _NAME.match(name) or name in icon_names:
            return match.group(0)  # a plural with a literal number, markup, or an icon
        if problems is not None:
            known = ", ".join("{" + k + "}" for k in values) or "none"
            problems.append(problem_at(text, f"unknown placeholder {{{name}}} (this text may use: {known})",
                                       fallback))
            return "\\{" + inner + "\\}"  # reported once here; printed literally, not taken for an icon
        return match.group(0)

    out = _BRACES.sub(replace, text)
    at = where_of(text)
    return Text(out, at) if at is not None else out


def placeholders(text: str) -> set[str]:
    """Names used in braces in ``text`` (placeholders, plural variables and icons alike)."""
    return {_bare(m.group(1).partition("|")[0]) for m in _BRACES.finditer(text)}


def _bare(head: str) -> str:
    """A placeholder's name without its ``:words`` format."""
    name, _colon, style = head.strip().partition(":")
    return name if style.split(":")[0] == "words" else head.strip()


def player_name(game, lang: str, name: str) -> str:
    """How an example's player ``name`` (the engine's, e.g. ``Ben`` or ``B``) is printed in ``lang``: the
    language file's ``strings: player.NAME`` (ru ``player.Ben: Бен``), else the name itself."""
    strings = game.strings.get(lang)
    given = strings.strings.get(f"player.{name}") if strings is not None else None
    return str(given) if given else str(name)
