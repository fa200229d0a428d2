"""Undefined names and fields in templates: the render fails, saying what exists instead.

``card.vaule`` stops a face with ``card has no field 'vaule' (fields: …)``;
a key missing from a mapping names the nearest key.  :func:`with_article`
names a model object in messages (``a card``, not its Python class).
"""

from __future__ import annotations

from typing import Any

import jinja2

from deckgen.render.views import ReadOnlyMapping, View, kind_of


def thing_name(obj: Any) -> str:
    """Names shown for model objects in messages (not 'deckgen.model.Card object')."""
    return kind_of(obj)


def with_article(obj: Any) -> str:
    thing = thing_name(obj)
    return thing if thing == "this value" else f"a {thing}"


class FriendlyUndefined(jinja2.StrictUndefined):
    """An undefined name or field fails the render, saying what exists: ``card has no field 'vaule' (fields: …)``."""

    __slots__ = ()

    @property
    def _undefined_message(self) -> str:
        from deckgen.model import Card

        if self._undefined_hint:
            return self._undefined_hint
        obj, name = self._undefined_obj, self._undefined_name
        if obj is jinja2.utils.missing:
            return f"{name!r} is not defined"
        explain = getattr(type(obj), "explain_missing", None)  # a view that knows what it lacks (StyleView)
        if explain is not None:
            return explain(obj, name)
        target = obj._target if isinstance(obj, View) else obj
        if isinstance(target, Card):
            fields = ", ".join(["id", "count", *target.fields]) or "none"
            return f"card has no field {name!r} (fields: {fields})"
        if isinstance(obj, (dict, ReadOnlyMapping)):
            from deckgen.suggest import did_you_mean

            keys = ", ".join(str(k) for k in list(obj)[:20]) or "none"
            return f"no key {name!r} here{did_you_mean(name, [str(k) for k in obj])} (keys: {keys})"
        if isinstance(obj, View):
            names = sorted(obj._names)
        else:
            names = [n for n in getattr(obj, "__dict__", {}) if not n.startswith("_")]
        known = f" (it has: {', '.join(names[:20])})" if names else ""
        return f"{thing_name(obj)} has no attribute {name!r}{known}"
