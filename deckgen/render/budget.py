"""What one face's rendering may still spend: the :class:`Budget` of the project's limits.

Every render has a :class:`Budget` from the project's
:class:`deckgen.limits.Limits`:

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

The budget of the render under way is in :data:`BUDGET`
(:func:`deckgen.render.trace.render_traced` sets it);
:func:`current_budget` reads it.  :class:`CountedRange` is ``range()`` for
templates, each turn of a loop over it a step.
"""

from __future__ import annotations

import contextvars
import math
import time
from dataclasses import dataclass
from typing import Any, Iterator

from jinja2.sandbox import safe_range

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


BUDGET: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("deckgen_template_budget", default=None)


def current_budget() -> Budget:
    budget = BUDGET.get()
    if budget is None:  # rendered outside render_traced (a test, a tool): the default limits
        budget = Budget()
        budget.deadline = math.inf  # no clock outside a face's render
        BUDGET.set(budget)
    return budget


class CountedRange:
    """``range()`` for templates: the sandbox's size limit, and every turn of a loop over it counted."""

    __slots__ = ("_range",)

    def __init__(self, *args: int):
        self._range = safe_range(*args)

    def __iter__(self) -> Iterator[int]:
        budget = current_budget()
        for i in self._range:
            budget.step()
            yield i

    def __reversed__(self) -> Iterator[int]:
        budget = current_budget()
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


def built_length(value: Any) -> int:
    """Characters (or items) ``value`` adds to what is built; 0 for numbers and the like."""
    return len(value) if isinstance(value, (str, list, tuple, dict)) else 0


def as_int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        return default
