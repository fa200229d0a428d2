"""Read-only views of the model: what a template's context holds instead of live objects.

Templates may come from other people (docs/threat-model.md), so nothing in
their context is a path, a file, a module, a class or a function they were
not meant to have, and nothing in it can change the game's data.
:func:`Freezer.freeze` turns a value handed to templates into one of:

* a plain value: ``str`` (``Markup`` and located ``Text`` included), ``int``,
  ``float``, ``bool``, ``None``;
* a ``tuple`` (from a list or tuple) or ``frozenset``, items frozen too;
* a :class:`ReadOnlyMapping` (from a dict or other mapping): values frozen
  when read, no method that changes it;
* a :class:`View` of a model object (card, deck, game, card size, language
  strings, document, table, ``SimpleNamespace`` records such as ``geo`` and
  ``box()``): only the attributes named in :data:`EXPOSED`, frozen when
  read; ``game.directory`` and every other path or source position is not
  among them;
* a :class:`TemplateFunction`: a function deckgen registers for templates
  (``text``, ``t``, ``icon``, ``game.name``, ...), whose result is frozen.

Lists and dicts a template builds itself (literals, ``dict()``) stay
ordinary lists and dicts: the only ones a template can reach, since the model
hands out none.  deckgen.render.sandbox refuses attribute and method access on
every type that is not one of these (:data:`deckgen.render.sandbox.ALLOWED_TYPES`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType, SimpleNamespace
from typing import Any, Callable, Iterator

from deckgen.model import Card, CardSize, Deck, DocumentSpec, Game, Strings

#: Model classes templates see, and the attributes they may read of each (methods become TemplateFunctions).
EXPOSED: dict[type, tuple[str, tuple[str, ...]]] = {
    Card: ("card", ("id", "count", "fields", "texts", "front", "back", "run", "text")),
    Deck: ("deck", ("id", "game_id", "cards", "size", "front", "back", "localized", "style", "variant",
                    "variants", "label", "total_cards", "physical_cards")),
    CardSize: ("card size", ("width", "height", "bleed", "safe", "name", "shape", "round", "full_width",
                             "full_height")),
    Game: ("game", ("id", "decks", "strings", "engine", "card_texts", "optional_texts", "documents", "style",
                    "name")),
    Strings: ("language file", ("lang", "game", "decks", "strings", "decisions")),
    DocumentSpec: ("document", ("id", "kind", "template", "page", "orientation", "prints", "stem", "safe",
                                "options")),
}


def _exposed_table() -> None:
    from deckgen.render.table import Table

    EXPOSED.setdefault(Table, ("table", ("svg", "height", "size", "rows", "fits", "y", "edges", "bottom")))


class TemplateFunction:
    """A function registered for templates; what it returns is frozen.  It has no attributes of its own."""

    __slots__ = ("_function", "_freezer")

    def __init__(self, function: Callable, freezer: "Freezer | None" = None):
        self._function = function
        self._freezer = freezer

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        result = self._function(*args, **kwargs)
        return result if self._freezer is None else self._freezer.freeze(result)

    def __repr__(self) -> str:
        return f"<template function {getattr(self._function, '__name__', '?')}>"


class ReadOnlyMapping(Mapping):
    """A mapping templates can read (``m.key``, ``m["key"]``, ``m.items()``) and never change."""

    __slots__ = ("_data", "_freezer")
    #: the methods templates may call (each returns a fresh list or a frozen value)
    TEMPLATE_METHODS = frozenset({"get", "items", "keys", "values"})

    def __init__(self, data: Mapping, freezer: "Freezer"):
        self._data = data
        self._freezer = freezer

    def __getitem__(self, key: Any) -> Any:
        return self._freezer.freeze(self._data[key])

    def __iter__(self) -> Iterator:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: Any) -> bool:
        return key in self._data

    def get(self, key: Any, default: Any = None) -> Any:
        return self[key] if key in self._data else default

    # lists rather than views, as before: a template may index or slice them
    def keys(self) -> list:  # type: ignore[override]
        return list(self._data)

    def values(self) -> list:  # type: ignore[override]
        return [self[k] for k in self._data]

    def items(self) -> list:  # type: ignore[override]
        return [(k, self[k]) for k in self._data]

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, ReadOnlyMapping):
            other = other._data
        return self._data == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(dict(self._data))


class StyleView(ReadOnlyMapping):
    """style.yaml for templates: ``style.colours.red`` and ``style["colours"]["red"]`` both work, and a key
    wins over a method of the same name (``style.values`` is the ``values:`` section, not ``dict.values``)."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self[name]
        except KeyError:
            raise AttributeError(f"style has no {name!r} (it has: {', '.join(map(str, self._data)) or 'nothing'})"
                                 ) from None

    def explain_missing(self, name: str) -> str:
        """Why ``style.NAME`` is undefined, for the render's message (see sandbox.FriendlyUndefined)."""
        from deckgen.suggest import did_you_mean

        if not self._data:
            return (f"style has no {name!r}: the game has no style (write data/GAME/style.yaml and name it with "
                    f"`style: style.yaml` in game.yaml)")
        return f"style has no {name!r}{did_you_mean(name, self._data)} (it has: {', '.join(map(str, self._data))})"

    def __getattribute__(self, name: str) -> Any:
        if not name.startswith("_") and name in object.__getattribute__(self, "_data"):
            return object.__getattribute__(self, "__getitem__")(name)
        return object.__getattribute__(self, name)


class View:
    """A model object as templates see it: the attributes of :data:`EXPOSED` only, frozen when read.

    A card also answers its fields by name (``card.suit``), as :class:`deckgen.model.Card` does.
    """

    __slots__ = ("_target", "_kind", "_names", "_freezer", "_cache")

    def __init__(self, target: Any, kind: str, names: frozenset[str], freezer: "Freezer"):
        self._target, self._kind, self._names, self._freezer = target, kind, names, freezer
        self._cache: dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        cache = self._cache
        if name in cache:
            return cache[name]
        if name in self._names:
            value = getattr(self._target, name)
            if callable(value):
                value = TemplateFunction(value, self._freezer)
            else:
                value = self._freezer.freeze(value)
        elif isinstance(self._target, Card) and name in self._target.fields:
            value = self._freezer.freeze(self._target.fields[name])
        else:
            raise AttributeError(name)
        cache[name] = value
        return value

    def _hidden(self, name: str) -> bool:
        """Whether ``name`` is an attribute of the model object that templates may not see (``game.directory``)."""
        target = self._target
        if name in self._names or name.startswith("_") or (isinstance(target, Card) and name in target.fields):
            return False
        return name in getattr(target, "__dict__", ()) or hasattr(type(target), name)

    def __eq__(self, other: Any) -> bool:
        target = other._target if isinstance(other, View) else other
        return self._target is target or self._target == target

    def __hash__(self) -> int:
        return id(self._target)

    def __str__(self) -> str:
        return str(self._target)

    def __repr__(self) -> str:
        return repr(self._target)


class MarkupView(View):
    """A view of an object that prints as markup (a drawn ``table()``)."""

    __slots__ = ()

    def __html__(self) -> str:
        return self._target.__html__()


class Record(View):
    """A ``SimpleNamespace`` (``geo``, a ``box()``, a summary row) as a read-only record."""

    __slots__ = ()


#: Values that pass through :meth:`Freezer.freeze` unchanged.
PLAIN_TYPES = (str, int, float, type(None))


class Freezer:
    """Makes read-only views, one per model object (so ``deck.cards.index(card)`` finds the card)."""

    def __init__(self) -> None:
        self._views: dict[int, tuple[Any, Any]] = {}  # id(object) -> (object, its view)

    def freeze(self, value: Any) -> Any:
        if isinstance(value, PLAIN_TYPES) or isinstance(value, (View, ReadOnlyMapping, TemplateFunction)):
            return value
        if isinstance(value, (list, tuple)):
            return tuple(self.freeze(v) for v in value)
        if isinstance(value, (set, frozenset)):
            return frozenset(self.freeze(v) for v in value)
        if type(value) not in EXPOSED:  # a mapping, a record or a function: a new view each time
            return self._make(value)
        known = self._views.get(id(value))  # a model object: one view for the renderer's life
        if known is not None and known[0] is value:
            return known[1]
        view = self._make(value)
        self._views[id(value)] = (value, view)
        return view

    def _make(self, value: Any) -> Any:
        if isinstance(value, (dict, MappingProxyType, Mapping)):
            return ReadOnlyMapping(value, self)
        if isinstance(value, SimpleNamespace):
            return Record(value, "record", frozenset(n for n in vars(value) if not n.startswith("_")), self)
        _exposed_table()
        exposed = EXPOSED.get(type(value))
        if exposed is not None:
            kind, names = exposed
            cls = MarkupView if hasattr(value, "__html__") else View
            return cls(value, kind, frozenset(names), self)
        if callable(value):
            return TemplateFunction(value, self)
        return value  # anything else: the sandbox refuses every attribute and call of it

    def style(self, data: Mapping) -> StyleView:
        return StyleView(data, self)


def kind_of(obj: Any) -> str:
    """What a value is, for messages: ``card``, ``game``, ``read-only mapping``, ``this value``."""
    if isinstance(obj, View):
        return obj._kind
    if isinstance(obj, StyleView):
        return "style"
    if isinstance(obj, ReadOnlyMapping):
        return "read-only mapping"
    if isinstance(obj, tuple):
        return "read-only list"
    return "this value"


__all__ = ["EXPOSED", "Freezer", "MarkupView", "ReadOnlyMapping", "Record", "StyleView",
           "TemplateFunction", "View", "kind_of"]
