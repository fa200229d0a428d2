"""The Jinja2 sandbox faces are rendered in: :class:`FaceEnvironment`.

Templates may come from other people (docs/threat-model.md).  They run in
:class:`FaceEnvironment`, a :class:`jinja2.sandbox.SandboxedEnvironment`
with autoescaping that works by allowlist:

* a template's context holds only plain values and read-only views of the
  model (:mod:`deckgen.render.views`); attribute and method access is
  refused on every type outside :data:`ALLOWED_TYPES`, and on the allowed
  ones only the names of :data:`ALLOWED_METHODS` (views: their exposed
  data) may be used (:mod:`deckgen.render.allowlist`); calls only to
  template functions, macros and those methods;
* the model is read-only; lists and dicts a template makes itself are its
  own to fill (``rows.append(...)``), within the limits of the render's
  :class:`Budget` (:mod:`deckgen.render.budget`), which every call, binary
  operator, filter and format is counted against
  (:mod:`deckgen.render.bounded`);
* an undefined name fails the render, saying what exists
  (:mod:`deckgen.render.undefined`); the globals are functions only
  (:mod:`deckgen.render.template_globals`).

:func:`render_traced` (:mod:`deckgen.render.trace`) renders a template
piece by piece within the limits and remembers which template line wrote
each piece.  The names of those modules that are imported from here stay
importable from here.
"""

from __future__ import annotations

import math
import operator
import types
from typing import Any, Callable

import jinja2
from jinja2.compiler import CodeGenerator
from jinja2.runtime import LoopContext, Macro
from jinja2.sandbox import SandboxedEnvironment
from jinja2.utils import Joiner
from markupsafe import Markup

from deckgen.render.allowlist import ALLOWED_METHODS, ALLOWED_TYPES, MUTATORS, allowed_names
from deckgen.render.bounded import (BoundedEscapeFormatter, BoundedFormatter, bounded_filter, bounded_percent,
                                    json_value, list_method_size, str_method_size)
from deckgen.render.budget import Budget, CountedRange, LimitError, built_length, current_budget
from deckgen.render.template_globals import TEMPLATE_GLOBALS
from deckgen.render.trace import Traced, render_traced
from deckgen.render.undefined import FriendlyUndefined, with_article
from deckgen.render.views import ReadOnlyMapping, TemplateFunction, View

#: Imported from here by deckgen and its tests (and named in docs/threat-model.md).
__all__ = ["ALLOWED_METHODS", "ALLOWED_TYPES", "MUTATORS", "Budget", "CountedRange", "FaceEnvironment",
           "FriendlyUndefined", "LimitError", "TEMPLATE_GLOBALS", "Traced", "render_traced"]

#: (type, attribute name) -> may a template read it (see :meth:`FaceEnvironment.is_safe_attribute`)
_SAFE_ATTRIBUTES: dict[tuple[type, str], bool] = {}


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
        self.filters = {name: bounded_filter(name, f) for name, f in self.filters.items()}
        self.filters["float"] = _finite_float
        self.policies["json.dumps_kwargs"] = {"sort_keys": True, "default": json_value}

    # -------------------------------------------------------------- building, counted

    def concat(self, pieces) -> str:  # macro bodies, {% set %} blocks, filter blocks, caller()
        pieces = list(pieces)
        current_budget().build(sum(len(p) if isinstance(p, str) else 0 for p in pieces))
        return "".join(pieces)

    def join_counted(self, join: Callable, pieces: tuple) -> str:
        """``a ~ b ~ c``: refused when the result would pass the limits, else joined."""
        current_budget().build(sum(len(p) if isinstance(p, str) else 0 for p in pieces))
        return join(pieces)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - the sandbox's own signature
        budget = current_budget()
        budget.step()
        budget.depth += 1
        try:
            if budget.depth > budget.limits.template_depth:
                raise LimitError(f"calls nested more than {budget.limits.template_depth} deep: a macro calling "
                                 f"itself without end? (limits.template_depth in deckgen.yaml)")
            if isinstance(__obj, (types.BuiltinMethodType, types.MethodType)):  # Markup's are Python methods
                owner = getattr(__obj, "__self__", None)
                if isinstance(owner, str):
                    args = str_method_size(__obj, args, kwargs)
                elif isinstance(owner, (list, dict)):
                    list_method_size(__obj, args)
            return super().call(__context, __obj, *args, **kwargs)
        finally:
            budget.depth -= 1

    def call_binop(self, context, operator_name: str, left: Any, right: Any) -> Any:
        budget = current_budget()
        if operator_name == "%":
            return bounded_percent(left, right)
        numbers = isinstance(left, (int, float)) and isinstance(right, (int, float))
        if operator_name == "+":
            if not numbers:
                budget.build(built_length(left) + built_length(right))
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
        formatter = BoundedEscapeFormatter(self, escape=f_self.escape) if isinstance(f_self, Markup) \
            else BoundedFormatter(self)

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
                names = allowed_names(type(obj))
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
            return allowed_names(type(obj.__self__)) is not False
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
                f"templates may not change the game's data: {name!r} of {with_article(obj)} (its data is read-only; "
                f"copy it first, e.g. dict(...) or ... | list)")

    def unsafe_undefined(self, obj: Any, attribute: str):
        """An attribute the sandbox hides stops the render at once, saying so."""
        if attribute.startswith("_") or attribute in ("mro", "gi_frame", "gi_code", "f_globals"):
            raise jinja2.sandbox.SecurityError(f"templates may not use {attribute!r} of {with_article(obj)} (Python "
                                               f"internals are out of a template's reach)")
        raise jinja2.sandbox.SecurityError(f"templates may not use {attribute!r} of {with_article(obj)} (a template "
                                           f"reads the game's data and calls deckgen's template functions only)")

    def get_template(self, name, parent=None, globals=None):  # an include or import is a step
        current_budget().step()
        return super().get_template(name, parent, globals)
