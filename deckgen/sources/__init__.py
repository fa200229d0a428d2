"""Where a deck's cards come from: YAML card lists with generated runs, spreadsheets, or a plugin's reader.

:func:`load_card_list` reads one file named by a deck's ``cards:`` and
returns the same located document whatever the file is — one plain entry
per card — plus what the loader needs for the cards' texts: the run a
generated card came from (its names follow the lang files' patterns) and
the texts a spreadsheet's ``name.en`` columns give.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Mapping

from deckgen.errors import DeckgenError, Problem
from deckgen.limits import DEFAULT as DEFAULT_LIMITS, Limits
from deckgen.parts import Parts
from deckgen.sources.readers import (
    CardFile, CardList, plugin_entries, register_card_source, source_for, unread_suffix,
)
from deckgen.sources.runs import Run, expand, lang_run_problems, run_texts
from deckgen.yamlpos import Located

__all__ = ["CardFile", "CardList", "check_cards", "load_card_list", "card_texts_for", "lang_run_problems",
           "register_card_source", "unread_suffix", "Run"]


def check_cards(cards: CardList, schema: dict, limits: Limits = DEFAULT_LIMITS) -> list[Problem]:
    """The card list's entries against the card schema, each problem once and named as the user wrote it.

    A problem of a generated card is named by its run (and reported once for
    the run, not once per card); one of a spreadsheet by its column.
    """
    from deckgen.errors import unique
    from deckgen.validate import validate

    out = []
    for problem in validate(cards.doc, schema, limits):
        head, _, rest = (problem.field or "").partition(".")
        if head.isdigit() and int(head) in cards.runs:
            made = cards.runs[int(head)]
            problem = replace(problem, field=".".join(filter(None, (f"run {made.run.name}", rest))))
        elif head.isdigit() and cards.sheet:
            problem = replace(problem, field=rest or None)
        out.append(problem)
    return unique(out)


def load_card_list(path: Path, name: str, load_yaml: Callable[[Path], Located | None],
                   card_fields: Mapping[str, Any], card_texts, languages,
                   limits: Limits = DEFAULT_LIMITS, parts: Parts | None = None) -> tuple[CardList | None, list[Problem]]:
    """Read the card list ``path`` (shown as ``name``) within ``limits`` with the reader of its suffix
    (:mod:`deckgen.sources.readers`; ``parts``: the project's plugins'): (the list or None, problems)."""
    card_file = CardFile(path, name, limits, card_fields, tuple(card_texts), tuple(languages), load_yaml)
    source = source_for(path.name, parts)
    if source is None:
        return None, [Problem(name, message=unread_suffix(path.name, parts) or "")]
    try:
        if source.origin == "deckgen":
            return source.read(card_file), []
        doc = plugin_entries(card_file, source)
        expanded, runs, problems = expand(doc, limits)
        if problems:
            return None, problems
        return CardList(expanded, runs=runs), []
    except DeckgenError as exc:
        return None, exc.problems


def card_texts_for(cards: CardList, index: int, card_id: str, lang: str, lang_doc: Located,
                   from_lang_file: Mapping[str, Any]) -> tuple[dict[str, Any], list[Problem]]:
    """The texts of entry ``index`` in ``lang`` that do not come from the lang file's ``cards:``.

    A generated card's texts follow its run's patterns (its own ``cards:``
    entry wins); a spreadsheet's text given again in the lang file is a
    problem at the lang file's line.
    """
    problems: list[Problem] = []
    out: dict[str, Any] = {}
    run = cards.runs.get(index)
    if run is not None:
        out.update(run_texts(run, card_id, lang_doc))
    for key, text in cards.texts.get(index, {}).get(lang, {}).items():
        if key in from_lang_file:
            at = text.where
            problems.append(lang_doc.problem(("cards", card_id, key),
                                             f"also given in {at.file}:{at.line}:{at.column}; give each text once"))
        out[key] = text
    return out, problems
