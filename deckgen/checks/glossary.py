"""The glossary check: every text of a game uses the preferred terms of its language.

Each language file may keep a ``glossary:``: entries naming the term to use
and the stems of the terms it replaces (stems, so inflected forms are
caught: ``Pött`` finds „Pötte“ and „Pötten“)::

    glossary:
      - {use: "Pots", not: ["Pött"], note: "the two pots of classic sabacc"}

What the games of a project share lives in ``glossary/LANG.yaml`` beside
deckgen.yaml (deckgen.terms); its replaced terms hold for every game.

The check reads every text of the language file — the game and deck
names, strings, card texts, rule decisions — and any other texts a caller
passes (rulebooks), and reports each use of a replaced term at its line.
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from deckgen.errors import Problem
from deckgen.model import Strings
from deckgen.registry import Check, CheckContext


def texts_of(strings: Strings) -> Iterator[tuple[tuple, str]]:
    """(path, text) of every text of a language file."""
    data = strings.doc.data if strings.doc is not None else {}
    yield ("game",), str(data.get("game", ""))
    for section in ("decks", "strings", "decisions"):
        for key, value in (data.get(section) or {}).items():
            yield (section, key), str(value)
    for card_id, fields in (data.get("cards") or {}).items():
        for key, value in (fields or {}).items():
            yield ("cards", card_id, key), str(value)
    for run, entry in (data.get("runs") or {}).items():  # the patterns and axis words of generated runs
        for key, value in (entry or {}).items():
            for word_of, word in (value.items() if isinstance(value, dict) else [(None, value)]):
                yield ("runs", run, key) + ((word_of,) if word_of is not None else ()), str(word)


SOFT_HYPHEN = "\u00ad"


def _pattern(stem: str) -> re.Pattern:
    return re.compile(r"(?<![\w-])" + re.escape(stem) + r"\w*", re.IGNORECASE)


def glossary_problems(strings: Strings, extra: Iterable[tuple[Problem, str]] = (),
                      shared: Iterable[tuple[str, str]] = ()) -> list[Problem]:
    """Uses of replaced terms in the language file's texts and in ``extra`` (location, text) pairs; ``shared``
    adds (use, stem) rules of the project's shared glossary (deckgen.terms)."""
    entries = (strings.doc.data or {}).get("glossary") or [] if strings.doc is not None else []
    rules = [(entry["use"], stem, _pattern(stem)) for entry in entries for stem in entry.get("not") or ()]
    rules += [(use, stem, _pattern(stem)) for use, stem in shared]
    if not rules:
        return []
    found = []
    located = [(strings.doc.problem(path, ""), text) for path, text in texts_of(strings)]
    for at, text in [*located, *extra]:
        text = text.replace(SOFT_HYPHEN, "")  # "Nach\u00adziehstapel" is the word Nachziehstapel
        for use, _stem, pattern in rules:
            for match in pattern.finditer(text):
                found.append(Problem(at.file, at.line, at.column, at.field,
                                     f"{match.group(0)!r}: the glossary says {use!r}"))
    return found


def shared_rules(project, lang: str) -> list[tuple[str, str]]:
    """(use, replaced stem) of every entry of the project's shared glossary ``glossary/LANG.yaml``."""
    from deckgen.terms import shared_terms

    return [(term.use, stem) for term in shared_terms(project, lang)[0] for stem in term.replaced]


def check_glossary(ctx: CheckContext) -> list[Problem]:
    """Every text of every language uses its glossary's preferred terms."""
    problems: list[Problem] = []
    for lang in ctx.langs:
        strings = ctx.game.strings.get(lang)
        if strings is not None:
            problems += glossary_problems(strings, shared=shared_rules(ctx.project, lang))
    return problems


GLOSSARY = Check("glossary", check_glossary)
