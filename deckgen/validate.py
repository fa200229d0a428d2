"""JSON Schema validation that reports located, one-line problems.

Schemas live in ``deckgen/schemas/``; they double as editor completion
schemas for the YAML files.  Each error becomes ``FILE:LINE: field:
message`` with the line taken from the YAML position map.

Schema fragments can come from other people (``card_fields`` in game.yaml),
so the validators made here are closed: a ``$ref`` resolves only inside the
schema itself (nothing is fetched or opened), a ``number`` is finite (YAML's
``.nan`` and ``.inf`` are refused), and a regular expression gets at most
``limits.pattern_ms`` milliseconds for each value (catastrophic
backtracking, e.g. ``^(a|aa)*$``, ends in a located error, not a hang).
"""

from __future__ import annotations

import json
import math
from collections import OrderedDict
from functools import lru_cache
from importlib import resources
from typing import Any, Iterator

import referencing
import referencing.exceptions
from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import SchemaError, ValidationError

from deckgen.errors import Problem
from deckgen.limits import DEFAULT as DEFAULT_LIMITS, Limits
from deckgen.schema_words import schema_error_words, short
from deckgen.timed_pattern import PatternTimeout, search
from deckgen.yamlpos import Located


@lru_cache(maxsize=None)
def schema(name: str) -> dict:
    """Load a bundled schema by base name (e.g. ``"game"``)."""
    text = resources.files("deckgen.schemas").joinpath(f"{name}.schema.json").read_text("utf-8")
    return json.loads(text)


# ------------------------------------------------------------------ closed validators


def _no_retrieval(uri: str):
    """The registry's retrieval: nothing outside the schema is ever fetched or opened."""
    # referencing's stubs mark its attrs classes in a way only pyright reads: mypy sees no fields
    raise referencing.exceptions.NoSuchResource(ref=uri)  # type: ignore[call-arg]


#: References resolve inside the schema being validated; any other URI is unresolvable.
_CLOSED_REGISTRY = referencing.Registry(retrieve=_no_retrieval)  # type: ignore[call-arg]  # (as above)


def _finite_number(checker, instance) -> bool:
    if isinstance(instance, bool) or not isinstance(instance, (int, float)):
        return False
    return not isinstance(instance, float) or math.isfinite(instance)


def _timeout_error(pattern: str, timeout_ms: int) -> ValidationError:
    return ValidationError(f"the pattern {pattern!r} took more than {timeout_ms} ms on this value "
                           f"(limits.pattern_ms in deckgen.yaml)", validator="pattern_ms")


def _pattern_keywords(timeout_ms: int) -> dict:
    """``pattern``, ``patternProperties`` and ``additionalProperties`` matched with a time limit."""

    def pattern(validator, patrn: str, instance, schema) -> Iterator[ValidationError]:
        if not validator.is_type(instance, "string"):
            return
        try:
            found = search(patrn, instance, timeout_ms)
        except PatternTimeout:
            yield _timeout_error(patrn, timeout_ms)
            return
        if not found:
            yield ValidationError(f"{instance!r} does not match {patrn!r}")

    def pattern_properties(validator, patterns: dict, instance, schema) -> Iterator[ValidationError]:
        if not validator.is_type(instance, "object"):
            return
        for patrn, subschema in patterns.items():
            for key, value in instance.items():
                try:
                    found = search(patrn, key, timeout_ms)
                except PatternTimeout:
                    yield _timeout_error(patrn, timeout_ms)
                    return
                if found:
                    yield from validator.descend(value, subschema, path=key, schema_path=patrn)

    def additional_properties(validator, extra_schema, instance, schema) -> Iterator[ValidationError]:
        if not validator.is_type(instance, "object"):
            return
        known = schema.get("properties", {})
        patterns = schema.get("patternProperties", {})
        extras = []
        for key in instance:
            if key in known:
                continue
            try:
                if any(search(p, key, timeout_ms) for p in patterns):
                    continue
            except PatternTimeout as exc:
                yield _timeout_error(str(exc), timeout_ms)
                return
            extras.append(key)
        if validator.is_type(extra_schema, "object"):
            for key in extras:
                yield from validator.descend(instance[key], extra_schema, path=key)
        elif extra_schema is False and extras:
            error = ValidationError(f"Additional properties are not allowed ({', '.join(map(repr, extras))} "
                                    f"{'was' if len(extras) == 1 else 'were'} unexpected)")
            error.unexpected = extras  # read by schema_error_words: the patterns are not matched a second time
            yield error

    return {"pattern": pattern, "patternProperties": pattern_properties,
            "additionalProperties": additional_properties}


@lru_cache(maxsize=8)
def _closed_validator_class(timeout_ms: int):
    checker = Draft202012Validator.TYPE_CHECKER.redefine("number", _finite_number)
    return validators.extend(Draft202012Validator, validators=_pattern_keywords(timeout_ms), type_checker=checker)


def closed_validator(schema_obj: dict, limits: Limits = DEFAULT_LIMITS):
    """A Draft 2020-12 validator for ``schema_obj`` that fetches nothing, wants finite numbers and
    bounds the time of its regular expressions (``limits.pattern_ms``)."""
    return _closed_validator_class(limits.pattern_ms)(schema_obj, registry=_CLOSED_REGISTRY)


#: What validate found, by (schema, data, pattern time limit) as Python writes them (types included: 1, 1.0,
#: '1' and True differ): each copy of a project, each command of a session, validates the same documents.
_VALIDATED: OrderedDict[tuple[str, str, int], tuple[list[tuple[tuple, str]], bool]] = OrderedDict()
_VALIDATED_KEPT = 512
_VALIDATED_LARGEST = 1 << 18  # characters of data: bigger data is validated every time


def validate(located: Located, schema_obj: dict, limits: Limits = DEFAULT_LIMITS) -> list[Problem]:
    """Validate ``located.data``; return located problems (empty if valid).  The same data against the same
    schema is validated once per process."""
    key = (repr(schema_obj), repr(located.data), limits.pattern_ms)
    found = _VALIDATED.get(key)
    if found is None:
        found = _findings(located.data, schema_obj, limits)
        if len(key[1]) <= _VALIDATED_LARGEST:
            _VALIDATED[key] = found
            while len(_VALIDATED) > _VALIDATED_KEPT:
                _VALIDATED.popitem(last=False)
    else:
        _VALIDATED.move_to_end(key)
    findings, by_line = found
    problems = [located.problem(path, message) for path, message in findings]
    if by_line:
        problems.sort(key=lambda p: (p.line or 0))
    return problems


def _findings(data: Any, schema_obj: dict, limits: Limits) -> tuple[list[tuple[tuple, str]], bool]:
    """(path, message) of each problem of ``data``, and whether they are to be shown in line order."""
    validator = closed_validator(schema_obj, limits)
    try:
        errors = list(validator.iter_errors(data))
    except referencing.exceptions.Unresolvable as exc:
        return [((), f"the schema refers to {short(str(getattr(exc, 'ref', exc)))}, which is not part of it "
                     f"(a $ref may only point inside its schema: '#/...')")], False
    findings = []
    seen = set()
    for error in sorted(errors, key=lambda e: [str(p) for p in e.absolute_path]):
        path, message = schema_error_words(error)
        if (path, message) not in seen:
            seen.add((path, message))
            findings.append((path, message))
    return findings, True


def foreign_refs(fragment: Any) -> Iterator[str]:
    """Every ``$ref``/``$dynamicRef`` in ``fragment`` that does not point inside it (not ``#...``)."""
    if isinstance(fragment, dict):
        for key, value in fragment.items():
            if key in ("$ref", "$dynamicRef") and not (isinstance(value, str) and value.startswith("#")):
                yield value
            else:
                yield from foreign_refs(value)
    elif isinstance(fragment, list):
        for item in fragment:
            yield from foreign_refs(item)


def check_schema(fragment: dict) -> str | None:
    """Return an error message if ``fragment`` is not a valid JSON Schema, or refers outside itself."""
    try:
        Draft202012Validator.check_schema(fragment)
    except SchemaError as exc:
        return exc.message.splitlines()[0]
    for ref in foreign_refs(fragment):
        return (f"$ref {short(ref)} points outside this schema: a card field's schema may only refer "
                f"inside itself ('#/$defs/NAME'); nothing is fetched or read")
    return None
