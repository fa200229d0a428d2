"""Rendering a face piece by piece, remembering which template line wrote each piece.

:func:`render_traced` renders a template within the project's limits and
keeps, for each piece of output, the template file and line that wrote it
(:class:`Traced`), so a problem found in the SVG a face rendered to (a tag
that does not close) names the template line that wrote it, not a line of
the output.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Callable

import jinja2

from deckgen.limits import DEFAULT as DEFAULT_LIMITS, Limits
from deckgen.render.budget import BUDGET, Budget


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
    token = BUDGET.set(budget)
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
        BUDGET.reset(token)
