"""JSON Schema validation that reports located, one-line problems.

Schemas live in ``deckgen/schemas/``; they double as editor completion
schemas for the YAML files.  Each error becomes ``FILE:LINE: field:
message`` with the line taken from the YAML position map.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from deckgen.errors import Problem
from deckgen.suggest import did_you_mean
from deckgen.yamlpos import Located


@lru_cache(maxsize=None)
def schema(name: str) -> dict:
    """Load a bundled schema by base name (e.g. ``"game"``)."""
    text = resources.files("deckgen.schemas").joinpath(f"{name}.schema.json").read_text("utf-8")
    return json.loads(text)


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _message(error) -> tuple[tuple, str]:
    """Turn a jsonschema error into (path, short message)."""
    path = tuple(error.absolute_path)
    v = error.validator
    if v == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})), key=str)
        pattern_props = error.schema.get("patternProperties", {})
        extra = [k for k in extra if not any(re.search(p, str(k)) for p in pattern_props)]
        if extra:
            hint = did_you_mean(extra[0], error.schema.get("properties", {}))
            return path + (extra[0],), f"unknown key {extra[0]!r}{hint}"
    if v == "required":
        missing = re.findall(r"'([^']+)' is a required property", error.message)
        name = missing[0] if missing else "?"
        return path, f"missing required key {name!r}"
    if v == "type":
        expected = error.validator_value
        expected = " or ".join(expected) if isinstance(expected, list) else expected
        if not path and error.instance is None:
            return path, f"the file is empty (expected {expected})"
        return path, f"expected {expected}, got {_short(error.instance)}"
    if v == "enum" and "propertyNames" in error.schema_path:  # a key that is not one of the known ones
        hint = did_you_mean(error.instance, error.validator_value)
        return path + (error.instance,), f"unknown key {_short(error.instance)}{hint}"
    if v == "enum":
        allowed = ", ".join(str(x) for x in error.validator_value)
        hint = did_you_mean(error.instance, error.validator_value) if isinstance(error.instance, str) else ""
        return path, f"{_short(error.instance)} is not one of: {allowed}{hint}"
    if v == "pattern":
        return path, f"{_short(error.instance)} does not match the pattern {error.validator_value}"
    if v == "propertyNames":
        return path, f"key {_short(error.instance)} is not allowed here"
    if v in ("oneOf", "anyOf"):
        choices = [x for branch in error.validator_value if isinstance(branch, dict) for x in branch.get("enum", [])]
        hint = did_you_mean(error.instance, choices) if isinstance(error.instance, str) else ""
        return path, f"{_short(error.instance)} is not a valid value here{hint}"
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return path, f"{_short(error.instance)} is out of range ({v} {error.validator_value})"
    if v == "uniqueItems":
        return path, "items must be unique"
    if v in ("minItems", "minProperties"):
        return path, "must not be empty" if error.validator_value == 1 else error.message
    return path, error.message.splitlines()[0]


def validate(located: Located, schema_obj: dict) -> list[Problem]:
    """Validate ``located.data``; return located problems (empty if valid)."""
    validator = Draft202012Validator(schema_obj)
    problems = []
    seen = set()
    for error in sorted(validator.iter_errors(located.data), key=lambda e: [str(p) for p in e.absolute_path]):
        path, message = _message(error)
        key = (path, message)
        if key not in seen:
            seen.add(key)
            problems.append(located.problem(path, message))
    problems.sort(key=lambda p: (p.line or 0))
    return problems


def check_schema(fragment: dict) -> str | None:
    """Return an error message if ``fragment`` is not a valid JSON Schema."""
    try:
        Draft202012Validator.check_schema(fragment)
    except SchemaError as exc:
        return exc.message.splitlines()[0]
    return None
