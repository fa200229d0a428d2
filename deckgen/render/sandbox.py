"""The Jinja2 sandbox faces are rendered in, with limits, and a map from the output back to template lines.

Templates may come from other people (docs/threat-model.md): they run in a
:class:`jinja2.sandbox.SandboxedEnvironment` with autoescaping, so neither a
template nor the data it prints reaches Python internals (``__class__``,
``__globals__``, methods that change the model) or becomes markup.  On top
of the sandbox, every render has a :class:`Budget` from the project's
:class:`deckgen.limits.Limits`:

* ``template_steps`` — calls, turns of ``range()`` loops, included templates
  and pieces of output together; a template that loops forever stops here;
* ``template_depth`` — macro calls (and ``loop()`` of recursive loops)
  inside each other; a macro calling itself without end stops here;
* ``face_chars`` — characters of one rendered face, and of any string or
  list a template builds with ``*``.

:func:`render_traced` renders a template piece by piece and remembers which
template file and line wrote each piece, so a problem found in the SVG a
face rendered to (a tag that does not close) names the template line that
wrote it, not a line of the output.
"""

from __future__ import annotations

import contextvars
import operator
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import jinja2
from jinja2.sandbox import SandboxedEnvironment, safe_range

from deckgen.limits import DEFAULT as DEFAULT_LIMITS, Limits


class LimitError(Exception):
    """A template went past one of the project's limits (the message says which and how to raise it)."""


@dataclass
class Budget:
    """What one face's rendering may still spend."""

    limits: Limits = DEFAULT_LIMITS
    steps: int = 0
    depth: int = 0
    chars: int = 0

    def step(self, n: int = 1) -> None:
        self.steps += n
        if self.steps > self.limits.template_steps:
            raise LimitError(f"the template takes more than {self.limits.template_steps} steps (calls, loop "
                             f"turns, output pieces): a loop that does not end? (limits.template_steps in "
                             f"deckgen.yaml)")

    def output(self, n: int) -> None:
        self.chars += n
        if self.chars > self.limits.face_chars:
            raise LimitError(f"the face is longer than {self.limits.face_chars} characters "
                             f"(limits.face_chars in deckgen.yaml)")

    def size(self, n: int) -> None:
        if n > self.limits.face_chars:
            raise LimitError(f"a value of {n} items or characters, more than the limit of "
                             f"{self.limits.face_chars} (limits.face_chars in deckgen.yaml)")


_BUDGET: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("deckgen_template_budget", default=None)


def _budget() -> Budget:
    budget = _BUDGET.get()
    if budget is None:  # rendered outside render_traced (a test, a tool): the default limits
        budget = Budget()
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


#: Names shown for model objects in "has no attribute" messages (not 'deckgen.model.Card object').
def _thing(obj: Any) -> str:
    from deckgen.model import Card, Deck, Game

    if isinstance(obj, Card):
        return "card"
    if isinstance(obj, Deck):
        return "deck"
    if isinstance(obj, Game):
        return "game"
    return "this value"


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
        if isinstance(obj, Card):
            fields = ", ".join(["id", "count", *obj.fields]) or "none"
            return f"card has no field {name!r} (fields: {fields})"
        if isinstance(obj, dict):
            keys = ", ".join(str(k) for k in list(obj)[:20]) or "none"
            return f"no key {name!r} here (keys: {keys})"
        explain = getattr(type(obj), "explain_missing", None)  # a view that knows what it lacks (StyleView)
        if explain is not None:
            return explain(obj, name)
        names = [n for n in getattr(obj, "__dict__", {}) if not n.startswith("_")]
        known = f" (it has: {', '.join(names[:20])})" if names else ""
        return f"{_thing(obj)} has no attribute {name!r}{known}"


#: (type, attribute name) -> may a template read it (see :meth:`FaceEnvironment.is_safe_attribute`)
_SAFE_ATTRIBUTES: dict[tuple[type, str], bool] = {}


class FaceEnvironment(SandboxedEnvironment):
    """The sandbox with autoescaping, strict undefined names and the render budget."""

    intercepted_binops = frozenset(["*", "**"])

    def __init__(self, **kwargs: Any):
        super().__init__(autoescape=True, undefined=FriendlyUndefined, **kwargs)
        self.globals["range"] = CountedRange

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - the sandbox's own signature
        budget = _budget()
        budget.step()
        budget.depth += 1
        try:
            if budget.depth > budget.limits.template_depth:
                raise LimitError(f"calls nested more than {budget.limits.template_depth} deep: a macro calling "
                                 f"itself without end? (limits.template_depth in deckgen.yaml)")
            return super().call(__context, __obj, *args, **kwargs)
        finally:
            budget.depth -= 1

    def call_binop(self, context, operator_name: str, left: Any, right: Any) -> Any:
        budget = _budget()
        if operator_name == "**":
            if isinstance(left, (int, float)) and isinstance(right, (int, float)) and abs(right) > 64 \
                    and abs(left) > 1:
                raise LimitError(f"{left!r} ** {right!r} is too large a number for a template")
            return operator.pow(left, right)
        for seq, times in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and isinstance(times, int):
                budget.size(len(seq) * max(times, 0))
        return operator.mul(left, right)

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        """The sandbox's answer, remembered: it depends only on the object's type and the name (a face
        asks it tens of thousands of times)."""
        key = (type(obj), attr)
        safe = _SAFE_ATTRIBUTES.get(key)
        if safe is None:
            safe = _SAFE_ATTRIBUTES[key] = super().is_safe_attribute(obj, attr, value)
        return safe

    def unsafe_undefined(self, obj: Any, attribute: str):
        """An attribute the sandbox hides (``__class__``, ``mro``, ...) stops the render at once, saying so."""
        raise jinja2.sandbox.SecurityError(f"templates may not use {attribute!r} of {_article(obj)} (Python "
                                           f"internals are out of a template's reach)")

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
        if template is None:
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
            if budget.steps > steps or budget.chars > chars:
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
