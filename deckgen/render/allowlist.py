"""The allowlist of the sandbox: the types templates may touch, and the names they may use of each.

Attribute and method access is refused on every type outside
:data:`ALLOWED_TYPES`; on the allowed ones only the names of
:data:`ALLOWED_METHODS` may be used (views: their exposed data).
:data:`MUTATORS` are the names that would change what they are called on,
refused on the model's read-only views with a message that says so.
:class:`deckgen.render.sandbox.FaceEnvironment` applies them.
"""

from __future__ import annotations

from typing import Literal

from jinja2.environment import TemplateModule
from jinja2.runtime import LoopContext, Macro, Namespace, TemplateReference
from jinja2.utils import Cycler, Joiner
from markupsafe import Markup

from deckgen.render.budget import CountedRange
from deckgen.render.views import ReadOnlyMapping, TemplateFunction, View


#: The only types whose attributes and methods templates may use (str, list, dict and tuple subclasses
#: included: Markup, located texts).  Anything else in reach is refused at its first attribute or call.
ALLOWED_TYPES: tuple[type, ...] = (str, int, float, bool, type(None), tuple, list, dict, frozenset,
                                   ReadOnlyMapping, View, TemplateFunction, CountedRange, LoopContext,
                                   Namespace, TemplateModule, TemplateReference, Cycler, Joiner, Macro)

_STR_METHODS = frozenset("""capitalize casefold center count endswith find format index isalnum isalpha isascii
    isdecimal isdigit isidentifier islower isnumeric isprintable isspace istitle isupper join ljust lower lstrip
    partition removeprefix removesuffix replace rfind rindex rjust rpartition rsplit rstrip split splitlines
    startswith strip swapcase title upper zfill""".split())
_LIST_METHODS = frozenset("append clear copy count extend index insert pop remove reverse sort".split())
_DICT_METHODS = frozenset("clear copy get items keys pop popitem setdefault update values".split())
_NUMBER_METHODS = frozenset("""real imag numerator denominator is_integer bit_length conjugate
    as_integer_ratio""".split())

#: Type -> the attribute names templates may use of it (None: every public name; views: their exposed data).
ALLOWED_METHODS: dict[type, frozenset[str] | None] = {
    str: _STR_METHODS, Markup: _STR_METHODS | {"striptags", "unescape"},
    int: _NUMBER_METHODS, float: _NUMBER_METHODS, bool: _NUMBER_METHODS, type(None): frozenset(),
    tuple: frozenset({"count", "index"}), list: _LIST_METHODS, dict: _DICT_METHODS,
    frozenset: frozenset({"isdisjoint", "issubset", "issuperset", "union", "intersection", "difference"}),
    ReadOnlyMapping: ReadOnlyMapping.TEMPLATE_METHODS, View: frozenset(), TemplateFunction: frozenset(),
    CountedRange: frozenset(),
    LoopContext: frozenset("""index index0 revindex revindex0 first last length depth depth0 previtem nextitem
        cycle changed""".split()),
    Namespace: None, TemplateModule: None, TemplateReference: None, Cycler: frozenset({"next", "reset", "current"}), Joiner: frozenset(), Macro: frozenset(),
}

#: Method names that change what they are called on: refused on the model's read-only views with a message
#: that says so.
MUTATORS = frozenset("""append extend insert pop remove reverse sort clear update setdefault popitem add discard
    write_text write_bytes""".split())


def allowed_names(cls: type) -> frozenset[str] | None | Literal[False]:
    """The names templates may use of ``cls``'s values (see ALLOWED_METHODS); False: none, it is not allowed."""
    for base in cls.__mro__:
        if base in ALLOWED_METHODS:
            return ALLOWED_METHODS[base]
    return False
