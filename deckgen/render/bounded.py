"""Building within the budget: what a template's strings, lists, formats and filters may grow to.

Each function here checks, before a value is built, that it stays within
the render's :class:`~deckgen.render.budget.Budget` (``face_chars``,
``template_items``), and counts what was built: ``str.format`` and ``%``
widths, string methods (``center``, ``replace``, ``join`` …), list and dict
methods, and Jinja's builtin filters (:func:`bounded_filter`).
"""

from __future__ import annotations

import functools
import operator
import re
from typing import Any, Callable

from jinja2.filters import make_attrgetter
from jinja2.sandbox import SandboxedEscapeFormatter, SandboxedFormatter

from deckgen.render.budget import LimitError, as_int, built_length, current_budget
from deckgen.render.views import ReadOnlyMapping


class BoundedFormatter(SandboxedFormatter):
    """``str.format`` for templates: widths and precisions within ``face_chars``, the result counted."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        budget = current_budget()
        numbers = [int(n) for n in re.findall(r"\d+", format_spec)]
        for number in numbers:
            budget.width(number, f"a format width {format_spec!r}")
        budget.build(sum(numbers))  # before the padding is made
        result = super().format_field(value, format_spec)
        budget.build(len(result))
        return result


class BoundedEscapeFormatter(BoundedFormatter, SandboxedEscapeFormatter):
    pass


_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")


def _check_percent(fmt: str, args: Any) -> None:
    """Refuse a ``%`` format whose widths or precisions go past ``face_chars`` (before it is built)."""
    budget, widths = current_budget(), 0
    for width, precision in _PERCENT_SPEC.findall(fmt):
        for number in (width, precision):
            if number == "*":
                raise LimitError("a '*' width in a % format: write the width in the format itself")
            if number:
                budget.width(int(number), f"a % format width {number!r}")
                widths += int(number)
    values = args if isinstance(args, tuple) else (args,)
    budget.build(len(fmt) + widths + sum(len(v) for v in values if isinstance(v, str)))


def bounded_percent(fmt: Any, args: Any) -> Any:
    if isinstance(fmt, str):
        _check_percent(fmt, args)
    result = operator.mod(fmt, args)
    if isinstance(result, str):
        current_budget().build(len(result))
    return result


def str_method_size(method: Any, args: tuple, kwargs: dict) -> tuple:
    """Refuse a string method whose result would go past the limits, before it runs; its arguments (a
    ``join`` of a generator gets the generator's items, counted)."""
    s, name, budget = method.__self__, method.__name__, current_budget()
    if name == "join" and args and not isinstance(args[0], (list, tuple)):
        args = (_items(args[0]), *args[1:])
    if name in ("center", "ljust", "rjust", "zfill"):
        width = as_int(args[0] if args else kwargs.get("width"))
        budget.width(width, f"{name}()")
        budget.build(max(width, len(s)))
    elif name == "replace" and len(args) >= 2:
        old, new = str(args[0]), str(args[1])
        times = len(s) + 1 if not old else s.count(old)
        if len(args) > 2:
            times = min(times, max(as_int(args[2], times), 0)) if as_int(args[2], -1) >= 0 else times
        budget.build(len(s) + times * len(new))
    elif name == "join" and args:
        items = args[0]
        budget.build(sum(built_length(i) for i in items) + len(s) * max(len(items) - 1, 0))
    return args


def _items(iterable: Any) -> list:
    """The items of an iterable a template passes on (a generator of ``map``), within ``template_items``."""
    if isinstance(iterable, str):
        return list(iterable)
    budget, items = current_budget(), []
    for item in iterable:
        items.append(item)
        if len(items) > budget.limits.template_items:
            budget.items(len(items))
    return items


def list_method_size(method: Any, args: tuple) -> None:
    target, name, budget = method.__self__, method.__name__, current_budget()
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
    budget = current_budget()
    if name == "join" and len(args) > 1 and not isinstance(args[1], (list, tuple, str)):
        args = (args[0], _items(args[1]), *args[2:])
    value = args[0] if args else ""
    if name == "center":
        width = as_int(args[1] if len(args) > 1 else kwargs.get("width", 80))
        budget.width(width, "center()")
        budget.build(max(width, built_length(value)))
    elif name == "indent":
        width = args[1] if len(args) > 1 else kwargs.get("width", 4)
        width = len(width) if isinstance(width, str) else as_int(width)
        budget.width(width, "indent()")
        lines = str(value).count("\n") + 1
        budget.build(built_length(value) + lines * width)
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
            budget.build(sum(built_length(i) for i in items) + built_length(sep) * max(len(items) - 1, 0))
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
        count = as_int(args[1] if len(args) > 1 else kwargs.get("linecount", kwargs.get("slices", 1)))
        budget.items(count)
    elif name == "truncate":  # pass_environment: (env, s, length, killwords, end, leeway)
        end = args[4] if len(args) > 4 else kwargs.get("end", "...")
        budget.build(built_length(args[1] if len(args) > 1 else "") + built_length(end))
    return args


def bounded_filter(name: str, function: Callable) -> Callable:
    """A builtin filter whose arguments are checked before it runs and whose result is counted."""

    @functools.wraps(function)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        if name in _SIZED_FILTERS:
            args = _filter_pre_check(name, args, kwargs)
        result = function(*args, **kwargs)
        if isinstance(result, (str, list)):
            current_budget().build(len(result))
        return result

    return bounded


def json_value(value: Any) -> Any:
    """``|tojson`` of a read-only view: its data as plain JSON values."""
    if isinstance(value, ReadOnlyMapping):
        return {str(k): v for k, v in value.items()}
    if isinstance(value, frozenset):
        return sorted(value, key=str)
    return str(value)
