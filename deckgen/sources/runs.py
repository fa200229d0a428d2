"""Generated runs: one card-list entry that stands for "each suit × each value".

In a YAML card list an entry with ``run:`` is expanded into cards, one for
every combination of the values of its ``each:`` axes (the first axis
varies slowest)::

    - run: numbers                       # lang files name these cards under runs.numbers
      each:
        suit: [circle, triangle, square]
        value: {from: -10, to: 10, skip: [0]}
      id: "{suit}{value}"                # circle-10 … circle10
      count: 1                           # any other key is copied to every card

Each axis becomes a card field of that name.  A string elsewhere in the
entry may use the axes too (``front: "{suit}.svg.j2"``); a string that is
exactly ``"{value}"`` keeps the value's type.  In a language file::

    runs:
      numbers:
        name: "{suit} {value:+d}"        # a text pattern; :+d is a Python format spec
        suit: {circle: Circle, triangle: Triangle, square: Square}   # words for an axis

A text pattern fills the names of axes (with the axis word of the language
where one is given) and leaves every other brace — icons, plurals — to the
card markup.  A card's own entry under ``cards:`` wins over the pattern.

:func:`expand` turns a card list's runs into plain card entries with the
lines of what made them, so every later check (the card schema, duplicate
ids) reports at the run's own lines.

Patterns come from other people's files, so they are held to the project's
limits before anything is made: a width or precision in a format spec
(``{value:>1500000000}``) and a filled pattern may not pass ``limits.string``,
and the cards of all the runs of a card list may not pass ``limits.cards``.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any, Mapping

from deckgen.errors import Problem
from deckgen.limits import DEFAULT as DEFAULT_LIMITS, Limits
from deckgen.yamlpos import Located

#: Most cards one run may make (a typo in a range must not make a million cards).
MAX_RUN_CARDS = 5000

_PLACE = re.compile(r"(?<!\\)\{([a-z_][a-z0-9_]*)(?::([^{}|]*))?\}")
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_SPEC_NUMBER = re.compile(r"\d+")

_SCALAR = {"type": ["string", "integer", "number", "boolean"]}
RUN_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["run", "each", "id"],
    "properties": {
        "run": {"description": "the run's name; lang files give its texts under runs.NAME",
                "type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
        "each": {
            "description": "the axes: each a card field and its values; one card per combination",
            "type": "object",
            "minProperties": 1,
            "propertyNames": {"pattern": "^[a-z][a-z0-9_]*$", "not": {"enum": ["id", "count", "front", "back"]}},
            "additionalProperties": {
                "oneOf": [
                    {"type": "array", "minItems": 1, "uniqueItems": True, "items": _SCALAR},
                    {"type": "object", "additionalProperties": False, "required": ["from", "to"],
                     "properties": {"from": {"type": "integer"}, "to": {"type": "integer"},
                                    "step": {"type": "integer", "minimum": 1},
                                    "skip": {"type": "array", "items": {"type": "integer"}}}},
                ]
            },
        },
        "id": {"description": "the pattern of the cards' ids, e.g. \"{suit}-{value}\"", "type": "string",
               "minLength": 1},
    },
}


@dataclass(frozen=True)
class Run:
    """A run of a card list: its name, axes (name -> values) and where it was written."""

    name: str
    axes: Mapping[str, tuple]
    file: str
    line: int | None
    #: the longest text a pattern of this run may make (limits.string of the project)
    max_chars: int = DEFAULT_LIMITS.string


@dataclass(frozen=True)
class RunCard:
    """Where a generated card came from: its run and its axis values."""

    run: Run
    values: Mapping[str, Any]


class PatternError(ValueError):
    """A pattern names something its run does not have, or a format spec does not suit a value."""


def _limit_text(max_chars: int) -> str:
    return f"the limit of {max_chars} characters (limits.string in deckgen.yaml)"


def fill(pattern: str, values: Mapping[str, Any], words: Mapping[str, Mapping] | None = None,
         strict: bool = True, max_chars: int = DEFAULT_LIMITS.string) -> str:
    """``pattern`` with ``{axis}`` and ``{axis:spec}`` filled from ``values``.

    ``words`` gives an axis's word for a value (the language's suit names).
    With ``strict`` an unknown name is a :class:`PatternError`; without, it
    stays as written (an icon or a plural of the card markup).  A width or
    precision in a spec, or a result, longer than ``max_chars`` is a
    :class:`PatternError` (checked before formatting).
    """

    def sub(match: re.Match) -> str:
        name, spec = match.group(1), match.group(2) or ""
        widest = max((int(n) for n in _SPEC_NUMBER.findall(spec)), default=0)
        if widest > max_chars:
            raise PatternError(f"the format {spec!r} asks for {widest} characters, more than "
                               f"{_limit_text(max_chars)}")
        if name not in values:
            if strict:
                raise PatternError(f"{{{name}}} is not an axis of this run (its axes: "
                                   f"{', '.join('{' + a + '}' for a in values)})")
            return match.group(0)
        value = values[name]
        table = (words or {}).get(name) or {}
        if value in table:
            value = table[value]
        elif str(value) in table:
            value = table[str(value)]
        try:
            return format(value, spec)
        except (ValueError, TypeError):
            raise PatternError(f"the format {spec!r} does not suit the value {value!r} of {{{name}}}") from None

    filled = _PLACE.sub(sub, pattern)
    if len(filled) > max_chars:
        raise PatternError(f"makes a text of {len(filled)} characters, more than {_limit_text(max_chars)}")
    return filled


def axis_values(raw: Any) -> tuple:
    """The values of one axis: a list as written, or a range ``{from, to, step, skip}``."""
    if isinstance(raw, list):
        return tuple(raw)
    step = raw.get("step", 1)
    skip = set(raw.get("skip", []))
    direction = 1 if raw["to"] >= raw["from"] else -1
    return tuple(v for v in range(raw["from"], raw["to"] + direction, step * direction) if v not in skip)


def _split(doc: Located) -> dict[int, tuple[dict, dict]]:
    """The lines and columns of each entry of ``doc`` by its index (paths without the index), in one pass."""
    out: dict[int, tuple[dict, dict]] = {}
    for path, line in doc.lines.items():
        if path and isinstance(path[0], int):
            out.setdefault(path[0], ({}, {}))[0][path[1:]] = line
    for path, column in doc.columns.items():
        if path and isinstance(path[0], int):
            out.setdefault(path[0], ({}, {}))[1][path[1:]] = column
    return out


def _sub_doc(doc: Located, index: int, split: dict[int, tuple[dict, dict]]) -> Located:
    """The entry ``index`` of ``doc`` as a document of its own (paths without the index)."""
    lines, columns = split.get(index, ({}, {}))
    return Located(doc.data[index], doc.file, lines, columns)


def _countable(entry: Any) -> bool:
    """A run entry whose axes can be counted (the schema reports any other later)."""
    each = entry.get("each")
    return isinstance(each, dict) and all(
        isinstance(raw, list) or (isinstance(raw, dict) and all(type(raw.get(k)) is int for k in ("from", "to"))
                                  and type(raw.get("step", 1)) is int and raw.get("step", 1) >= 1
                                  and isinstance(raw.get("skip", []), list))
        for raw in each.values())


def _typed(value: Any, values: Mapping[str, Any], max_chars: int) -> Any:
    """A constant of a run with the axes filled in; ``"{value}"`` alone keeps the value's type."""
    if not isinstance(value, str):
        return value
    whole = _PLACE.fullmatch(value)
    if whole and not whole.group(2) and whole.group(1) in values:
        return values[whole.group(1)]
    return fill(value, values, max_chars=max_chars)


def _range_size(raw: Any) -> int:
    """How many values an axis has, without making them (a range may be huge)."""
    if isinstance(raw, list):
        return len(raw)
    direction = 1 if raw["to"] >= raw["from"] else -1
    values = range(raw["from"], raw["to"] + direction, raw.get("step", 1) * direction)
    return len(values) - len({v for v in raw.get("skip", []) if v in values})


def expand(doc: Located, limits: Limits = DEFAULT_LIMITS) -> tuple[Located, dict[int, RunCard], list[Problem]]:
    """``doc`` (a card list) with every run replaced by its cards.

    Returns the expanded list (its lines point at the run's own lines), the
    run each generated card came from by its index, and the problems found.
    The entries of the list, runs counted by the cards they make, may not
    pass ``limits.cards``: that is checked before any run is expanded.
    """
    from deckgen.validate import validate

    data = doc.data
    if not isinstance(data, list) or not any(isinstance(e, dict) and "run" in e for e in data):
        return doc, {}, []
    out: list = []
    lines: dict[tuple, int] = {(): doc.lines.get((), 1)}
    columns: dict[tuple, int] = {(): doc.columns.get((), 1)}
    made: dict[int, RunCard] = {}
    problems: list[Problem] = []
    names: dict[str, int | None] = {}

    def place(new: tuple, old: tuple) -> None:
        line = doc.line(old)
        if line is not None:
            lines[new] = line
        col = doc.column(old)
        if col is not None:
            columns[new] = col

    split = _split(doc)
    planned = 0
    for index, entry in enumerate(data):
        if isinstance(entry, dict) and "run" in entry and not _countable(entry):
            continue  # reported below
        size = 1
        if isinstance(entry, dict) and "run" in entry:
            for raw in entry["each"].values():
                size *= _range_size(raw)
        if size > MAX_RUN_CARDS:
            continue  # reported below, with its size
        planned += size
        if planned > limits.cards:
            return doc, {}, [doc.problem((index, "each") if size > 1 else (index,),
                                         f"this card list makes more than {limits.cards} cards "
                                         f"(limits.cards in deckgen.yaml){': is a range wrong?' if size > 1 else ''}")]

    for index, entry in enumerate(data):
        if not (isinstance(entry, dict) and "run" in entry):
            k = len(out)
            out.append(entry)
            entry_lines, entry_columns = split.get(index, ({}, {}))
            for path, line in entry_lines.items():
                lines[(k,) + path] = line
                if path in entry_columns:
                    columns[(k,) + path] = entry_columns[path]
            continue
        found = validate(_sub_doc(doc, index, split), RUN_SCHEMA, limits)
        if found:
            problems.extend(Problem(p.file, p.line, p.column, ".".join(filter(None, (str(index), p.field))),
                                    p.message) for p in found)
            continue
        name = entry["run"]
        if name in names:
            problems.append(doc.problem((index, "run"), f"a second run named {name!r} (the first is at line "
                                                        f"{names[name]})"))
            continue
        names[name] = doc.line((index,))
        total = 1
        for raw in entry["each"].values():
            total *= _range_size(raw)
        if total > MAX_RUN_CARDS:  # counted before the values are made: a range may be huge
            problems.append(doc.problem((index, "each"), f"this run makes {total} cards, more than "
                                                         f"{MAX_RUN_CARDS}: is a range wrong?"))
            continue
        axes = {axis: axis_values(raw) for axis, raw in entry["each"].items()}
        empty = [a for a, v in axes.items() if not v]
        if empty:
            problems.append(doc.problem((index, "each", empty[0]), "this range has no values"))
            continue
        run = Run(name, axes, doc.file, doc.line((index,)), limits.string)
        constants = {k: v for k, v in entry.items() if k not in ("run", "each", "id")}
        for combo in itertools.product(*axes.values()):
            values = dict(zip(axes, combo))
            key = "id"
            try:
                card_id = fill(entry["id"], values, max_chars=limits.string)
                card = {"id": card_id, **values}
                for key, value in constants.items():
                    card[key] = _typed(value, values, limits.string)
            except PatternError as exc:
                problems.append(doc.problem((index, key), str(exc)))
                break
            if not _ID.match(card_id):
                problems.append(doc.problem((index, "id"), f"makes the id {card_id!r} (for "
                                                           f"{_show(values)}): ids use lowercase letters, digits "
                                                           f"and dashes"))
                break
            k = len(out)
            out.append(card)
            made[k] = RunCard(run, values)
            place((k,), (index,))
            place((k, "id"), (index, "id"))
            for axis, value in values.items():
                raw = entry["each"][axis]
                place((k, axis), (index, "each", axis, raw.index(value)) if isinstance(raw, list)
                      else (index, "each", axis))
            for key in constants:
                place((k, key), (index, key))
    return Located(out, doc.file, lines, columns), made, problems


def _show(values: Mapping[str, Any]) -> str:
    return ", ".join(f"{k} {v!r}" for k, v in values.items())


def run_texts(card: RunCard, card_id: str, lang_doc: Located) -> dict[str, Any]:
    """The texts of a generated card in one language, from ``runs.NAME`` of its lang file, located there."""
    from deckgen.strings import located

    entry = ((lang_doc.data or {}).get("runs") or {}).get(card.run.name) or {}
    words = {k: v for k, v in entry.items() if k in card.run.axes and isinstance(v, dict)}
    out = {}
    for key, pattern in entry.items():
        if key in card.run.axes or not isinstance(pattern, str):
            continue
        path = ("runs", card.run.name, key)
        try:
            text = fill(pattern, card.values, words, strict=False, max_chars=card.run.max_chars)
        except PatternError:
            continue  # reported by lang_run_problems at the pattern's line
        out[key] = located(text, lang_doc.file, lang_doc.line(path), lang_doc.column(path), f"cards.{card_id}.{key}")
    return out


def lang_run_problems(lang_doc: Located, runs: Mapping[str, Run]) -> list[Problem]:
    """Problems of a lang file's ``runs:``: an unknown run, words for a value the axis lacks, a bad pattern."""
    problems = []
    for name, entry in ((lang_doc.data or {}).get("runs") or {}).items():
        run = runs.get(name)
        if run is None:
            known = ", ".join(sorted(runs)) or "none"
            problems.append(lang_doc.problem(("runs", name), f"no run {name!r} in this game's card lists "
                                                             f"(runs: {known})"))
            continue
        for key, value in entry.items():
            if key in run.axes:
                if not isinstance(value, dict):
                    problems.append(lang_doc.problem(("runs", name, key), f"the words of the axis {key!r}: "
                                                                          f"a mapping value -> word"))
                    continue
                have = set(run.axes[key]) | {str(v) for v in run.axes[key]}
                for word_of in value:
                    if word_of not in have:
                        problems.append(lang_doc.problem(("runs", name, key, word_of),
                                                         f"the axis {key!r} has no value {word_of!r}"))
            elif not isinstance(value, str):
                problems.append(lang_doc.problem(("runs", name, key), f"{key!r} is not an axis of the run, so "
                                                                      f"it is a text pattern: write a string"))
            else:
                words = {a: w for a, w in entry.items() if a in run.axes and isinstance(w, dict)}
                try:
                    fill(value, {a: v[0] for a, v in run.axes.items()}, strict=False, max_chars=run.max_chars)
                    fill(value, _longest(run, words), words, strict=False, max_chars=run.max_chars)
                except PatternError as exc:
                    problems.append(lang_doc.problem(("runs", name, key), str(exc)))
    return problems


def _longest(run: Run, words: Mapping[str, Mapping]) -> dict[str, Any]:
    """For each axis the value whose word (or the value itself) is longest: the longest text a pattern makes."""

    def shown(axis: str, value: Any) -> str:
        table = words.get(axis) or {}
        return str(table.get(value, table.get(str(value), value)))

    return {axis: max(values, key=lambda v: len(shown(axis, v))) for axis, values in run.axes.items()}
