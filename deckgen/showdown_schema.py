"""Showdown and match files checked against their engine's JSON Schema before any rule runs.

A bundled engine declares the shape of its judge input as a JSON Schema
(``GameDescriptor.showdown_schema``); :func:`validate` checks a document
against it and raises one :class:`~deckgen.errors.ShowdownError` for the
first mistake, located by its path in the file and worded as every schema
error of deckgen is (:mod:`deckgen.schema_words`): an unknown key names the
nearest known one, a number where text belongs says to quote it, a
described value says what it should hold.  The engine
then checks only what a schema cannot say (a card's notation, how many
copies the deck holds, who may call).  A plugin engine without a schema
validates its own input as before.
"""

from __future__ import annotations

from typing import Any, Mapping

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from deckgen.errors import ShowdownError
from deckgen.schema_words import schema_error_words

_VALIDATORS: dict[int, Draft202012Validator] = {}


def _validator(schema: Mapping[str, Any]) -> Draft202012Validator:
    key = id(schema)
    found = _VALIDATORS.get(key)
    if found is None or found.schema is not schema:
        found = _VALIDATORS[key] = Draft202012Validator(schema)
    return found


def first_problem(schema: Mapping[str, Any], document: Any) -> tuple[tuple, str] | None:
    """``(path, message)`` of the mistake to report, or None if ``document`` fits ``schema``."""
    error = best_match(_validator(schema).iter_errors(document))
    return None if error is None else schema_error_words(error)


def validate(schema: Mapping[str, Any] | None, document: Any) -> None:
    """Raise ShowdownError at the first mistake of ``document`` against ``schema`` (None: nothing to check)."""
    if schema is None:
        return
    found = first_problem(schema, document)
    if found is not None:
        path, text = found
        raise ShowdownError(path, text)
