"""The words for a JSON Schema error, for every file deckgen checks against a schema.

Project files (:mod:`deckgen.validate`) and the judge's showdown and match
files (:mod:`deckgen.showdown_schema`) say their mistakes in the same
words: :func:`schema_error_words` turns one :class:`jsonschema` error into
the path it is at and a short message — an unknown key with the nearest
known one, the type that was expected and what was written (a number where
text belongs: put it in quotes), an empty list or mapping said to be one,
a missing key, a value outside its choices or range.  Where the schema
describes the value, the description follows in brackets, so the message
says what belongs there.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from jsonschema.exceptions import ValidationError

from deckgen.limits import DEFAULT as DEFAULT_LIMITS
from deckgen.suggest import did_you_mean
from deckgen.timed_pattern import PatternTimeout, search


def short(value: Any, limit: int = 40) -> str:
    """``repr(value)``, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _unexpected(error: ValidationError) -> list:
    """The keys an ``additionalProperties`` error of a plain validator is about (patterns matched timed)."""
    known = error.schema.get("properties", {})
    patterns = error.schema.get("patternProperties", {})

    def matches(key) -> bool:
        try:
            return any(search(p, str(key), DEFAULT_LIMITS.pattern_ms) for p in patterns)
        except PatternTimeout:
            return False
    return [k for k in error.instance if k not in known and not matches(k)]


def _described(schema: Any) -> str:
    """`` (description)`` of a schema that has one, else nothing."""
    description = schema.get("description") if isinstance(schema, Mapping) else None
    return f" ({description})" if description else ""


#: JSON Schema's type names, in the words of the files' writers (the others are their own words).
_TYPE_WORDS = {"string": "text"}


def _items(n: int) -> str:
    return f"{n} item{'s' if n != 1 else ''}"


def schema_error_words(error: ValidationError) -> tuple[tuple, str]:
    """Turn a jsonschema error into (path, short message)."""
    path = tuple(error.absolute_path)
    v, value = error.validator, error.instance
    what = _described(error.schema)
    if v == "additionalProperties" and isinstance(value, Mapping):
        extra = sorted(getattr(error, "unexpected", None) or _unexpected(error), key=str)
        if extra:
            hint = did_you_mean(extra[0], error.schema.get("properties", {}))
            return path + (extra[0],), f"unknown key {extra[0]!r}{hint}"
    if v == "required":
        missing = re.findall(r"'([^']+)' is a required property", error.message)
        name = missing[0] if missing else "?"
        return path, f"missing required key {name!r}{_described(error.schema.get('properties', {}).get(name))}"
    if v == "type":
        types = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        expected = " or ".join(_TYPE_WORDS.get(str(name), str(name)) for name in types)
        if not path and value is None:
            return path, f"the file is empty (expected {expected})"
        quote = ""
        if expected == "text" and isinstance(value, (int, float)) and not isinstance(value, bool):
            quote = f"; put it in quotes: '{value}'"
        return path, f"expected {expected}, got {short(value)}{what}{quote}"
    if v == "enum" and "propertyNames" in error.schema_path:  # a key that is not one of the known ones
        hint = did_you_mean(value, error.validator_value)
        return path + (value,), f"unknown key {short(value)}{hint}"
    if v == "enum":
        allowed = ", ".join(str(x) for x in error.validator_value)
        hint = did_you_mean(value, error.validator_value) if isinstance(value, str) else ""
        return path, f"{short(value)} is not one of: {allowed}{hint}"
    if v == "const":
        return path, f"{short(value)} is not allowed here: write {error.validator_value!r}"
    if v == "pattern":
        return path, f"{short(value)} does not match the pattern {error.validator_value}{what}"
    if v == "propertyNames":
        return path, f"key {short(value)} is not allowed here"
    if v in ("oneOf", "anyOf"):
        choices = [x for branch in error.validator_value if isinstance(branch, dict) for x in branch.get("enum", [])]
        hint = did_you_mean(value, choices) if isinstance(value, str) else ""
        return path, f"{short(value)} is not a valid value here{hint}{what}"
    if v == "not":
        return path, f"{short(value)} is not allowed here{what}"
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return path, f"{short(value)} is out of range ({v} {error.validator_value}){what}"
    if v == "uniqueItems":
        return path, f"items must be unique{what}"
    if v == "minItems":
        count = f"{_items(len(value))}:" if value else "an empty list:"
        return path, f"{count} at least {error.validator_value} needed{what}"
    if v == "minProperties" and not value:
        n = error.validator_value
        return path, f"an empty mapping: at least {n} entr{'y' if n == 1 else 'ies'} needed{what}"
    if v == "minLength" and not value:
        return path, f"empty text: write something{what}"
    if v == "maxItems":
        return path, f"{_items(len(value))}: at most {error.validator_value} allowed{what}"
    if v == "minLength":
        return path, f"text shorter than {error.validator_value} characters{what}"
    if v == "maxLength":
        return path, f"text longer than {error.validator_value} characters{what}"
    return path, error.message.splitlines()[0]
