"""Showdown and match files checked against their engine's JSON Schema before any rule runs.

A bundled engine declares the shape of its judge input as a JSON Schema
(``GameDescriptor.showdown_schema``); :func:`validate` checks a document
against it and raises one :class:`~deckgen.errors.ShowdownError` for the
first mistake, located by its path in the file and worded for a person:
an unknown key names the nearest known one, a number where text belongs
says to quote it, an empty list says what it should hold.  The engine
then checks only what a schema cannot say (a card's notation, how many
copies the deck holds, who may call).  A plugin engine without a schema
validates its own input as before.
"""

from __future__ import annotations

from typing import Any, Mapping

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

from deckgen.suggest import nearest
from deckgen.errors import ShowdownError

_VALIDATORS: dict[int, Draft202012Validator] = {}

_TYPE_WORDS = {"string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
               "array": "a list", "object": "a mapping (key: value)", "null": "nothing"}


def describe(value: Any) -> str:
    """What a person wrote, in words: ``the number 1``, ``a list``, ``the text 'x'``."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{'true' if value else 'false'}"
    if isinstance(value, (int, float)):
        return f"the number {_short(value)}"
    if isinstance(value, str):
        return f"the text {_short(value)!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "a mapping"
    return type(value).__name__


def _short(value: Any) -> Any:
    text = str(value)
    if len(text) > 40:
        return text[:37] + "..."
    return value


def _validator(schema: Mapping[str, Any]) -> Draft202012Validator:
    key = id(schema)
    found = _VALIDATORS.get(key)
    if found is None or found.schema is not schema:
        found = _VALIDATORS[key] = Draft202012Validator(schema)
    return found


def _expected(types: Any) -> str:
    names = [types] if isinstance(types, str) else list(types)
    words = [_TYPE_WORDS.get(n, n) for n in names]
    return " or ".join(words)


def _what(error: ValidationError) -> str:
    description = error.schema.get("description") if isinstance(error.schema, Mapping) else None
    return f" ({description})" if description else ""


def _nearest(word: str, known: list[str]) -> str:
    close = nearest(word, known)
    return f"did you mean {close!r}? " if close is not None and close != word else ""


def message(error: ValidationError) -> tuple[tuple, str]:
    """The path and the words of one schema error."""
    path = tuple(error.absolute_path)
    kind, value, schema = error.validator, error.instance, error.schema
    if kind == "additionalProperties" and isinstance(value, Mapping):
        known = sorted(schema.get("properties", {}))
        extra = [k for k in value if k not in schema.get("properties", {})]
        key = extra[0] if extra else "?"
        return path + (key,), (f"unknown key {key!r}: {_nearest(str(key), known)}"
                               f"known keys here: {', '.join(known)}")
    if kind == "type":
        want = error.validator_value
        text = f"{describe(value)} where {_expected(want)} is needed{_what(error)}"
        if want == "string" and isinstance(value, (int, float)) and not isinstance(value, bool):
            text += f"; put it in quotes: '{value}'"
        return path, text
    if kind == "required":
        missing = next((k for k in error.validator_value if k not in value), "?")
        sub = schema.get("properties", {}).get(missing, {})
        hint = f" ({sub['description']})" if isinstance(sub, Mapping) and sub.get("description") else ""
        return path, f"missing: {missing!r}{hint}"
    if kind == "enum":
        known = [str(v) for v in error.validator_value]
        return path, (f"{describe(value)} is not allowed here: {_nearest(str(value), known)}"
                      f"write one of {', '.join(known)}")
    if kind == "const":
        return path, f"{describe(value)} is not allowed here: write {error.validator_value!r}"
    if kind == "minItems":
        n = error.validator_value
        if not value:
            return path, f"an empty list: at least {n} needed{_what(error)}"
        return path, f"{len(value)} item{'s' if len(value) != 1 else ''}: at least {n} needed{_what(error)}"
    if kind == "maxItems":
        return path, f"{len(value)} items: at most {error.validator_value} allowed{_what(error)}"
    if kind in ("minProperties",):
        return path, f"an empty mapping: at least {error.validator_value} entry needed{_what(error)}"
    if kind == "minLength":
        return path, f"empty text: write something{_what(error)}"
    if kind == "maxLength":
        return path, f"text longer than {error.validator_value} characters{_what(error)}"
    if kind in ("minimum", "exclusiveMinimum"):
        return path, f"{describe(value)} is too small: the least allowed is {error.validator_value}{_what(error)}"
    if kind in ("maximum", "exclusiveMaximum"):
        return path, f"{describe(value)} is too large: the most allowed is {error.validator_value}{_what(error)}"
    if kind == "pattern":
        return path, f"{describe(value)} is not written as expected{_what(error) or ' (pattern ' + error.validator_value + ')'}"
    if kind == "uniqueItems":
        return path, f"a list with the same entry twice{_what(error)}"
    if kind in ("anyOf", "oneOf"):
        return path, f"{describe(value)} is not allowed here{_what(error)}"
    if kind == "not":
        return path, f"{describe(value)} is not allowed here{_what(error)}"
    return path, error.message


def first_problem(schema: Mapping[str, Any], document: Any) -> tuple[tuple, str] | None:
    """``(path, message)`` of the mistake to report, or None if ``document`` fits ``schema``."""
    error = best_match(_validator(schema).iter_errors(document))
    return None if error is None else message(error)


def validate(schema: Mapping[str, Any] | None, document: Any) -> None:
    """Raise ShowdownError at the first mistake of ``document`` against ``schema`` (None: nothing to check)."""
    if schema is None:
        return
    found = first_problem(schema, document)
    if found is not None:
        path, text = found
        raise ShowdownError(path, text)
