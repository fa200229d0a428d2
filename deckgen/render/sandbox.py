"""The Jinja2 sandbox faces are rendered in, with limits, and a map from the output back to template lines.

Templates may come from other people (docs/threat-model.md).  They run in
:class:`FaceEnvironment`, a :class:`jinja2.sandbox.SandboxedEnvironment`
with autoescaping that works by allowlist:

* a template's context holds only plain values and read-only views of the
  model (:mod:`deckgen.render.views`); attribute and method access is
  refused on every type outside :data:`ALLOWED_TYPES`, and on the allowed
  ones only the names of :data:`ALLOWED_METHODS` (views: their exposed
  data) may be used; calls only to template functions, macros and those
  methods;
* the model is read-only; lists and dicts a template makes itself are its
  own to fill (``rows.append(...)``), within the limits below.

On top of the sandbox, every render has a :class:`Budget` from the
project's :class:`deckgen.limits.Limits`:

* ``template_steps`` — calls, turns of ``range()`` loops, included templates
  and pieces of output together; a template that loops forever stops here;
* ``template_depth`` — macro calls (and ``loop()`` of recursive loops)
  inside each other; a macro calling itself without end stops here;
* ``face_chars`` — characters of one rendered face, of any one string or
  list a template builds, and of all it builds together (``~``, ``+``,
  ``*``, ``%``, ``format``, ``join``, padding, filters, macro output);
  format widths above it are refused before anything is built;
* ``template_items`` — items of one list or dict a template builds;
* ``template_digits`` — digits of a number a template computes;
* ``template_seconds`` — wall-clock time of one face, checked at every step.

:func:`render_traced` renders a template piece by piece and remembers which
template file and line wrote each piece, so a problem found in the SVG a
face rendered to (a tag that does not close) names the template line that
wrote it, not a line of the output.
"""

from __future__ import annotations

import contextvars
import functools
import math
import operator
import re
import time
import types
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Literal

import jinja2
from jinja2.compiler import CodeGenerator
from jinja2.filters import make_attrgetter
from jinja2.environment import TemplateModule
from jinja2.runtime import LoopContext, Macro, Namespace, TemplateReference
from jinja2.sandbox import SandboxedEnvironment, SandboxedEscapeFormatter, SandboxedFormatter, safe_range
from jinja2.utils import Cycler, Joiner, generate_lorem_ipsum
from markupsafe import Markup

from deckgen.limits import DEFAULT as DEFAULT_LIMITS, Limits
from deckgen.render.views import ReadOnlyMapping, TemplateFunction, View, kind_of


class LimitError(Exception):
    """A template went past one of the project's limits (the message says which and how to raise it)."""


@dataclass
class Budget:
    """What one face's rendering may still spend."""

    limits: Limits = DEFAULT_LIMITS
    steps: int = 0
    depth: int = 0
    chars: int = 0
    built: int = 0  # characters and items of every string and list the template built
    deadline: float = 0.0

    def __post_init__(self) -> None:
        self.deadline = time.monotonic() + self.limits.template_seconds

    def step(self, n: int = 1) -> None:
        self.steps += n
        if self.steps > self.limits.template_steps:
            raise LimitError(f"the template takes more than {self.limits.template_steps} steps (calls, loop "
                             f"turns, output pieces): a loop that does not end? (limits.template_steps in "
                             f"deckgen.yaml)")
        self.clock()

    def clock(self) -> None:
        if time.monotonic() > self.deadline:
            raise LimitError(f"the face takes more than {self.limits.template_seconds} s to render "
                             f"(limits.template_seconds in deckgen.yaml)")

    def output(self, n: int) -> None:
        self.chars += n
        if self.chars > self.limits.face_chars:
            raise LimitError(f"the face is longer than {self.limits.face_chars} characters "
                             f"(limits.face_chars in deckgen.yaml)")

    def size(self, n: int) -> None:
        if n > self.limits.face_chars:
            raise LimitError(f"a value of {n} items or characters, more than the limit of "
                             f"{self.limits.face_chars} (limits.face_chars in deckgen.yaml)")

    def build(self, n: int) -> None:
        """A string of ``n`` characters (or a list of ``n`` items) is about to be built."""
        self.size(n)
        self.built += n
        if self.built > self.limits.face_chars:
            raise LimitError(f"the template builds more than {self.limits.face_chars} characters and items in "
                             f"all (strings and lists made with ~, +, *, %, format, join, filters) "
                             f"(limits.face_chars in deckgen.yaml)")
        self.clock()

    def items(self, n: int) -> None:
        """A list or dict of ``n`` items is about to be built."""
        if n > self.limits.template_items:
            raise LimitError(f"a list or mapping of {n} items, more than the limit of "
                             f"{self.limits.template_items} (limits.template_items in deckgen.yaml)")
        self.build(n)

    def width(self, n: int, what: str) -> None:
        """A format width or padding of ``n`` characters is asked for."""
        if n > self.limits.face_chars:
            raise LimitError(f"{what} of {n} characters, more than the limit of {self.limits.face_chars} "
                             f"(limits.face_chars in deckgen.yaml)")

    def number(self, bits: int) -> None:
        """A number of about ``bits`` bits is about to be computed."""
        digits = int(bits * 0.30103) + 1
        if digits > self.limits.template_digits:
            raise LimitError(f"a number of about {digits} digits, more than the limit of "
                             f"{self.limits.template_digits} (limits.template_digits in deckgen.yaml)")


_BUDGET: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("deckgen_template_budget", default=None)


def _budget() -> Budget:
    budget = _BUDGET.get()
    if budget is None:  # rendered outside render_traced (a test, a tool): the default limits
        budget = Budget()
        budget.deadline = math.inf  # no clock outside a face's render
        _BUDGET.set(budget)
    return budget


class CountedRange:
    """``range()`` for templates: the sandbox's size limit, and every turn of a loop over it counted."""

    __slots__ = ("_range",)

    def __init__(self, *args: int):
        self._range = safe_range(*args)

    def __iter__(self) -> Iterator[int]:
        budget = _budget()
        for i in self._range:
            budget.step()
            yield i

    def __reversed__(self) -> Iterator[int]:
        budget = _budget()
        for i in reversed(self._range):
            budget.step()
            yield i

    def __len__(self) -> int:
        return len(self._range)

    def __getitem__(self, index):
        return self._range[index]

    def __contains__(self, value) -> bool:
        return value in self._range

    def __repr__(self) -> str:
        return repr(self._range)


def _length(value: Any) -> int:
    """Characters (or items) ``value`` adds to what is built; 0 for numbers and the like."""
    return len(value) if isinstance(value, (str, list, tuple, dict)) else 0


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        return default


# ------------------------------------------------------------------ the allowlist

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


def _allowed_names(cls: type) -> frozenset[str] | None | Literal[False]:
    """The names templates may use of ``cls``'s values (see ALLOWED_METHODS); False: none, it is not allowed."""
    for base in cls.__mro__:
        if base in ALLOWED_METHODS:
            return ALLOWED_METHODS[base]
    return False


#: (type, attribute name) -> may a template read it (see :meth:`FaceEnvironment.is_safe_attribute`)
_SAFE_ATTRIBUTES: dict[tuple[type, str], bool] = {}


def _thing(obj: Any) -> str:
    """Names shown for model objects in messages (not 'deckgen.model.Card object')."""
    return kind_of(obj)


def _article(obj: Any) -> str:
    thing = _thing(obj)
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
        return f"{_thing(obj)} has no attribute {name!r}{known}"


# ------------------------------------------------------------------ bounded building


class _BoundedFormatter(SandboxedFormatter):
    """``str.format`` for templates: widths and precisions within ``face_chars``, the result counted."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        budget = _budget()
        numbers = [int(n) for n in re.findall(r"\d+", format_spec)]
        for number in numbers:
            budget.width(number, f"a format width {format_spec!r}")
        budget.build(sum(numbers))  # before the padding is made
        result = super().format_field(value, format_spec)
        budget.build(len(result))
        return result


class _BoundedEscapeFormatter(_BoundedFormatter, SandboxedEscapeFormatter):
    pass


_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")


def _check_percent(fmt: str, args: Any) -> None:
    """Refuse a ``%`` format whose widths or precisions go past ``face_chars`` (before it is built)."""
    budget, widths = _budget(), 0
    for width, precision in _PERCENT_SPEC.findall(fmt):
        for number in (width, precision):
            if number == "*":
                raise LimitError("a '*' width in a % format: write the width in the format itself")
            if number:
                budget.width(int(number), f"a % format width {number!r}")
                widths += int(number)
    values = args if isinstance(args, tuple) else (args,)
    budget.build(len(fmt) + widths + sum(len(v) for v in values if isinstance(v, str)))


def _bounded_percent(fmt: Any, args: Any) -> Any:
    if isinstance(fmt, str):
        _check_percent(fmt, args)
    result = operator.mod(fmt, args)
    if isinstance(result, str):
        _budget().build(len(result))
    return result


def _str_method_size(method: Any, args: tuple, kwargs: dict) -> tuple:
    """Refuse a string method whose result would go past the limits, before it runs; its arguments (a
    ``join`` of a generator gets the generator's items, counted)."""
    s, name, budget = method.__self__, method.__name__, _budget()
    if name == "join" and args and not isinstance(args[0], (list, tuple)):
        args = (_items(args[0]), *args[1:])
    if name in ("center", "ljust", "rjust", "zfill"):
        width = _int(args[0] if args else kwargs.get("width"))
        budget.width(width, f"{name}()")
        budget.build(max(width, len(s)))
    elif name == "replace" and len(args) >= 2:
        old, new = str(args[0]), str(args[1])
        times = len(s) + 1 if not old else s.count(old)
        if len(args) > 2:
            times = min(times, max(_int(args[2], times), 0)) if _int(args[2], -1) >= 0 else times
        budget.build(len(s) + times * len(new))
    elif name == "join" and args:
        items = args[0]
        budget.build(sum(_length(i) for i in items) + len(s) * max(len(items) - 1, 0))
    return args


def _items(iterable: Any) -> list:
    """The items of an iterable a template passes on (a generator of ``map``), within ``template_items``."""
    if isinstance(iterable, str):
        return list(iterable)
    budget, items = _budget(), []
    for item in iterable:
        items.append(item)
        if len(items) > budget.limits.template_items:
            budget.items(len(items))
    return items


def _list_method_size(method: Any, args: tuple) -> None:
    target, name, budget = method.__self__, method.__name__, _budget()
    if name in ("append", "insert"):
        budget.items(len(target) + 1)
    elif name == "extend" and args:
        more = args[0]
        budget.items(len(target) + (len(more) if hasattr(more, "__len__") else 1))
    elif name in ("update", "setdefault") and isinstance(target, dict):
        more = args[0] if args else {}
        budget.items(len(target) + (len(more) if hasattr(more, "__len__") else 1))


_SIZED_FILTERS = {"center", "indent", "format", "join", "replace", "wordwrap", "batch", "slice", "truncate"}


def _filter_pre_check(name: str, args: tuple, kwargs: dict) -> tuple:
    """Refuse a filter call whose result would go past the limits, before it runs (args[0]: the value); its
    arguments (``join`` of a generator gets the generator's items)."""
    budget = _budget()
    if name == "join" and len(args) > 1 and not isinstance(args[1], (list, tuple, str)):
        args = (args[0], _items(args[1]), *args[2:])
    value = args[0] if args else ""
    if name == "center":
        width = _int(args[1] if len(args) > 1 else kwargs.get("width", 80))
        budget.width(width, "center()")
        budget.build(max(width, _length(value)))
    elif name == "indent":
        width = args[1] if len(args) > 1 else kwargs.get("width", 4)
        width = len(width) if isinstance(width, str) else _int(width)
        budget.width(width, "indent()")
        lines = str(value).count("\n") + 1
        budget.build(_length(value) + lines * width)
    elif name == "format":
        if isinstance(value, str):
            _check_percent(value, tuple(args[1:]) or kwargs)
    elif name == "join":  # pass_eval_context: args[0] is the eval context
        items = args[1] if len(args) > 1 else ()
        sep = args[2] if len(args) > 2 else kwargs.get("d", "")
        attribute = args[3] if len(args) > 3 else kwargs.get("attribute")
        if attribute is not None and isinstance(items, (list, tuple)):
            items = [make_attrgetter(args[0].environment, attribute)(i) for i in items]
        if isinstance(items, (list, tuple)):
            budget.build(sum(_length(i) for i in items) + _length(sep) * max(len(items) - 1, 0))
    elif name == "replace":  # pass_eval_context: (eval_ctx, s, old, new, count)
        if len(args) >= 4:
            s, old, new = str(args[1]), str(args[2]), str(args[3])
            times = len(s) + 1 if not old else s.count(old)
            budget.build(len(s) + times * len(new))
    elif name == "wordwrap":  # pass_environment: (env, s, width, break_long_words, wrapstring, ...)
        s = str(args[1]) if len(args) > 1 else ""
        wrapstring = args[4] if len(args) > 4 else kwargs.get("wrapstring") or "\n"
        budget.build(len(s) + (len(s.split()) + 1) * len(str(wrapstring)))
    elif name in ("batch", "slice"):
        count = _int(args[1] if len(args) > 1 else kwargs.get("linecount", kwargs.get("slices", 1)))
        budget.items(count)
    elif name == "truncate":  # pass_environment: (env, s, length, killwords, end, leeway)
        end = args[4] if len(args) > 4 else kwargs.get("end", "...")
        budget.build(_length(args[1] if len(args) > 1 else "") + _length(end))
    return args


def _bounded_filter(name: str, function: Callable) -> Callable:
    """A builtin filter whose arguments are checked before it runs and whose result is counted."""

    @functools.wraps(function)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        if name in _SIZED_FILTERS:
            args = _filter_pre_check(name, args, kwargs)
        result = function(*args, **kwargs)
        if isinstance(result, (str, list)):
            _budget().build(len(result))
        return result

    return bounded


def _json_value(value: Any) -> Any:
    """``|tojson`` of a read-only view: its data as plain JSON values."""
    if isinstance(value, ReadOnlyMapping):
        return {str(k): v for k, v in value.items()}
    if isinstance(value, frozenset):
        return sorted(value, key=str)
    return str(value)


# ------------------------------------------------------------------ template globals


def _range(*args: int) -> CountedRange:
    """``range()`` in templates (counted, and limited in size)."""
    return CountedRange(*args)


def _dict(*args: Any, **kwargs: Any) -> dict:
    """``dict()`` in templates: a new dict of the template's own."""
    result = dict(*args, **kwargs)
    _budget().items(len(result))
    return result


def _lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:  # noqa: A002 - jinja's names
    """``lipsum()`` in templates, within ``template_items`` words and ``face_chars`` characters."""
    budget = _budget()
    words = _int(n) * _int(max)
    budget.items(words)
    budget.build(words * 12)
    return generate_lorem_ipsum(n, html, min, max)


def _cycler(*items: Any) -> Cycler:
    return Cycler(*items)


def _joiner(sep: str = ", ") -> Joiner:
    return Joiner(sep)


def _namespace(*args: Any, **kwargs: Any) -> Namespace:
    return Namespace(*args, **kwargs)


#: The globals every template has: functions only (no class is in a template's reach).
TEMPLATE_GLOBALS = {"range": _range, "dict": _dict, "lipsum": _lipsum, "cycler": _cycler, "joiner": _joiner,
                    "namespace": _namespace}


class _BoundedCodeGenerator(CodeGenerator):
    """Compiles ``a ~ b`` to a join that counts what it builds (see FaceEnvironment.join_counted)."""

    def visit_Concat(self, node, frame) -> None:  # noqa: N802 - jinja's visitor name
        if frame.eval_ctx.volatile:
            join = "(markup_join if context.eval_ctx.volatile else str_join)"
        elif frame.eval_ctx.autoescape:
            join = "markup_join"
        else:
            join = "str_join"
        self.write(f"environment.join_counted({join}, (")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")

    def visit_Const(self, node, frame) -> None:  # noqa: N802 - jinja's visitor name
        """A constant infinity or NaN (``1e400``, or one Jinja folded) is written as ``float('inf')``: Jinja
        writes ``str(value)``, the undefined name ``inf``, and the render would end in a NameError."""
        value = node.as_const(frame.eval_ctx)
        if isinstance(value, float) and not math.isfinite(value):
            self.write(f"float({str(value)!r})")
        else:
            super().visit_Const(node, frame)


def _finite_float(value: Any, default: float = 0.0) -> float:
    """``|float`` for templates: a finite number or an error (a face has no use for NaN or infinity).

    Raising on ``nan``/``inf`` also keeps Jinja from folding ``'nan'|float`` into its compiled code,
    where the constant would be written as the undefined name ``nan``.
    """
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = float(default)
    if not math.isfinite(number):
        raise ValueError(f"|float of {value!r} is not a finite number (a face's numbers are sizes and positions)")
    return number


class FaceEnvironment(SandboxedEnvironment):
    """The sandbox with autoescaping, strict undefined names, the type allowlist and the render budget."""

    intercepted_binops = frozenset(["*", "**", "+", "%"])
    code_generator_class = _BoundedCodeGenerator

    def __init__(self, **kwargs: Any):
        super().__init__(autoescape=True, undefined=FriendlyUndefined, **kwargs)
        self.globals.clear()
        self.globals.update(TEMPLATE_GLOBALS)
        self.filters = {name: _bounded_filter(name, f) for name, f in self.filters.items()}
        self.filters["float"] = _finite_float
        self.policies["json.dumps_kwargs"] = {"sort_keys": True, "default": _json_value}

    # -------------------------------------------------------------- building, counted

    def concat(self, pieces) -> str:  # macro bodies, {% set %} blocks, filter blocks, caller()
        pieces = list(pieces)
        _budget().build(sum(len(p) if isinstance(p, str) else 0 for p in pieces))
        return "".join(pieces)

    def join_counted(self, join: Callable, pieces: tuple) -> str:
        """``a ~ b ~ c``: refused when the result would pass the limits, else joined."""
        _budget().build(sum(len(p) if isinstance(p, str) else 0 for p in pieces))
        return join(pieces)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - the sandbox's own signature
        budget = _budget()
        budget.step()
        budget.depth += 1
        try:
            if budget.depth > budget.limits.template_depth:
                raise LimitError(f"calls nested more than {budget.limits.template_depth} deep: a macro calling "
                                 f"itself without end? (limits.template_depth in deckgen.yaml)")
            if isinstance(__obj, (types.BuiltinMethodType, types.MethodType)):  # Markup's are Python methods
                owner = getattr(__obj, "__self__", None)
                if isinstance(owner, str):
                    args = _str_method_size(__obj, args, kwargs)
                elif isinstance(owner, (list, dict)):
                    _list_method_size(__obj, args)
            return super().call(__context, __obj, *args, **kwargs)
        finally:
            budget.depth -= 1

    def call_binop(self, context, operator_name: str, left: Any, right: Any) -> Any:
        budget = _budget()
        if operator_name == "%":
            return _bounded_percent(left, right)
        numbers = isinstance(left, (int, float)) and isinstance(right, (int, float))
        if operator_name == "+":
            if not numbers:
                budget.build(_length(left) + _length(right))
                if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)):
                    budget.items(len(left) + len(right))
                    if type(left) is not type(right):  # a read-only list (the model's) + the template's own
                        return list(left) + list(right)
            return operator.add(left, right)
        if operator_name == "**":
            if numbers and isinstance(left, int) and isinstance(right, int) and right > 0 and abs(left) > 1:
                budget.number(int(abs(left).bit_length() * right) if right < 10 ** 9 else 10 ** 12)
            elif numbers and abs(right) > 64 and abs(left) > 1:
                raise LimitError(f"{left!r} ** {right!r} is too large a number for a template")
            return operator.pow(left, right)
        if numbers:
            if isinstance(left, int) and isinstance(right, int):
                budget.number(abs(left).bit_length() + abs(right).bit_length())
            return operator.mul(left, right)
        for seq, times in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and isinstance(times, int):
                budget.build(len(seq) * max(times, 0))
                if isinstance(seq, (list, tuple)):
                    budget.items(len(seq) * max(times, 0))
        return operator.mul(left, right)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """``str.format`` and ``format_map`` of a template: widths within the limits, the result counted."""
        if not isinstance(value, (types.MethodType, types.BuiltinMethodType)) or \
                value.__name__ not in ("format", "format_map") or not isinstance(value.__self__, str):
            return None
        f_self = value.__self__
        is_format_map = value.__name__ == "format_map"
        formatter = _BoundedEscapeFormatter(self, escape=f_self.escape) if isinstance(f_self, Markup) \
            else _BoundedFormatter(self)

        def wrapper(*args: Any, **kwargs: Any) -> str:
            if is_format_map:
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one argument")
                kwargs, args = args[0], ()
            return type(f_self)(formatter.vformat(f_self, args, kwargs))

        return TemplateFunction(wrapper)

    # -------------------------------------------------------------- the allowlist

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        """Only names on the allowlist of ``obj``'s type (views: their exposed data), never a ``_`` name; the
        answer depends only on the type and the name (a face asks it tens of thousands of times)."""
        key = (type(obj), attr)
        safe = _SAFE_ATTRIBUTES.get(key)
        if safe is None:
            safe = super().is_safe_attribute(obj, attr, value)
            if safe:
                names = _allowed_names(type(obj))
                if names is False:
                    safe = False
                elif names is not None and attr not in names:
                    # a view's data is not an attribute of its class: it is what the view exposes
                    safe = isinstance(obj, (View, ReadOnlyMapping)) and not hasattr(type(obj), attr)
            _SAFE_ATTRIBUTES[key] = safe
        return safe

    def is_safe_callable(self, obj: Any) -> bool:
        """Template functions, macros, jinja's own helpers and the allowed methods of allowed values."""
        if not super().is_safe_callable(obj):
            return False
        if isinstance(obj, (TemplateFunction, Macro, Joiner, LoopContext)):
            return True
        if type(obj) is types.FunctionType:
            return any(obj is f for f in TEMPLATE_GLOBALS.values())
        if isinstance(obj, (types.BuiltinMethodType, types.MethodType)):
            return _allowed_names(type(obj.__self__)) is not False
        return isinstance(obj, jinja2.runtime.BlockReference)

    def getattr(self, obj: Any, attribute: str) -> Any:
        if isinstance(obj, View) and obj._hidden(attribute):
            return self.unsafe_undefined(obj, attribute)
        value = super().getattr(obj, attribute)
        if isinstance(value, jinja2.Undefined):
            self._refuse_change(obj, attribute)
        return value

    def getitem(self, obj: Any, argument: Any) -> Any:
        if isinstance(argument, str) and isinstance(obj, View) and obj._hidden(argument):
            return self.unsafe_undefined(obj, argument)
        value = super().getitem(obj, argument)
        if isinstance(value, jinja2.Undefined) and isinstance(argument, str):
            self._refuse_change(obj, argument)
        return value

    @staticmethod
    def _refuse_change(obj: Any, name: str) -> None:
        """A method that would change a read-only view (not data of that name): say that it is read-only."""
        if name in MUTATORS and isinstance(obj, (View, ReadOnlyMapping, tuple, frozenset)):
            raise jinja2.sandbox.SecurityError(
                f"templates may not change the game's data: {name!r} of {_article(obj)} (its data is read-only; "
                f"copy it first, e.g. dict(...) or ... | list)")

    def unsafe_undefined(self, obj: Any, attribute: str):
        """An attribute the sandbox hides stops the render at once, saying so."""
        if attribute.startswith("_") or attribute in ("mro", "gi_frame", "gi_code", "f_globals"):
            raise jinja2.sandbox.SecurityError(f"templates may not use {attribute!r} of {_article(obj)} (Python "
                                               f"internals are out of a template's reach)")
        raise jinja2.sandbox.SecurityError(f"templates may not use {attribute!r} of {_article(obj)} (a template "
                                           f"reads the game's data and calls deckgen's template functions only)")

    def get_template(self, name, parent=None, globals=None):  # an include or import is a step
        _budget().step()
        return super().get_template(name, parent, globals)


@dataclass
class Traced:
    """A rendered face and, for each piece of it, the template file and line that wrote it."""

    text: str
    starts: list[int] = field(default_factory=list)  # offset of each piece
    # (template, line of its compiled Python) of each piece: turned into a template line only when asked,
    # since that lookup costs far more than rendering the piece
    origins: list[tuple[jinja2.Template | None, int | None]] = field(default_factory=list)
    #: for a face rendered without tracing: renders it again with tracing, the first time an origin is asked
    retrace: Callable[[], Traced] | None = None

    def origin(self, offset: int) -> tuple[str | None, int | None]:
        """(template filename, line) of the piece holding ``offset`` of the text."""
        if not self.starts and self.retrace is not None:
            traced, self.retrace = self.retrace(), None
            if traced.text == self.text:
                self.starts, self.origins = traced.starts, traced.origins
        if not self.starts:
            return None, None
        template, python_line = self.origins[max(bisect_right(self.starts, offset) - 1, 0)]
        if template is None or python_line is None:
            return None, None
        return template.filename, template.get_corresponding_lineno(python_line)

    def offset_of(self, line: int, column: int) -> int:
        """Offset in the text of ``line`` (1-based), ``column`` (0-based)."""
        offset = 0
        for _ in range(line - 1):
            found = self.text.find("\n", offset)
            if found < 0:
                break
            offset = found + 1
        return min(offset + column, max(len(self.text) - 1, 0))


def _innermost(gen) -> tuple[jinja2.Template | None, int | None]:
    """(template, line of its compiled Python) where a suspended render generator last wrote."""
    while getattr(gen, "gi_yieldfrom", None) is not None and getattr(gen.gi_yieldfrom, "gi_frame", None) is not None:
        gen = gen.gi_yieldfrom
    frame = getattr(gen, "gi_frame", None)
    if frame is None:
        return None, None
    template = frame.f_globals.get("__jinja_template__")
    if template is None:
        return None, None
    return template, frame.f_lineno


def render_traced(template: jinja2.Template, context: dict[str, Any], limits: Limits = DEFAULT_LIMITS,
                  trace: bool = True) -> Traced:
    """Render ``template`` within ``limits``, remembering where each piece of the output came from
    (with ``trace`` off, only the text: finding each piece's origin costs a third of a render)."""
    budget = Budget(limits)
    token = _BUDGET.set(budget)
    try:
        ctx = template.new_context(context)
        gen = template.root_render_func(ctx)
        pieces: list[str] = []
        out = Traced("")
        offset = 0
        steps, chars = budget.limits.template_steps, budget.limits.face_chars
        for piece in gen:
            budget.steps += 1  # Budget.step() and .output(), inlined: this loop runs a thousand times a face
            budget.chars += len(piece)
            if budget.steps > steps or budget.chars > chars or not budget.steps & 255:
                budget.step(0)
                budget.output(0)
            if trace:
                out.starts.append(offset)
                out.origins.append(_innermost(gen))
                offset += len(piece)
            pieces.append(piece)
        out.text = "".join(pieces)
        return out
    finally:
        _BUDGET.reset(token)
