"""Check the SVG a face rendered to: well-formed, inert, bounded, and naming nothing outside itself.

Every face is parsed the moment it is rendered (``deckgen check`` and
``deckgen build`` alike), so a tag a template leaves open is a located
problem — the template file and line that wrote it and the card — and not a
traceback from the rasterizer.

A face may only point at its own elements (``href="#id"``, ``url(#id)``) or
embed data (``data:`` URIs; ``picture()`` embeds the project's pictures
this way).  Any other ``href`` or ``url()`` — a web address, a local file,
``../`` — is refused: rendering never fetches a URL or reads a file that
data or a template names (cairosvg also runs with its unsafe mode off, as a
second guard).  Document type declarations and entities are refused too, and
so is everything that would make an exported SVG active in a browser —
scripts, event handlers, style-sheet processing instructions, ``@import``,
``src=`` — and a face too big to draw (deckgen.render.svgwalk lists it all).
"""

from __future__ import annotations

import re
from typing import Callable

from deckgen.errors import Problem
from deckgen.limits import DEFAULT as DEFAULT_LIMITS, Limits
from deckgen.render.sandbox import Traced
from deckgen.render.svgwalk import Inspection, inspect
from deckgen.render.wellformed import not_well_formed


def face_problems(traced: Traced, subject: str, where: Callable[[str | None, int | None], tuple[str, int | None]],
                  limits: Limits = DEFAULT_LIMITS, found: Inspection | None = None) -> list[Problem]:
    """Problems of the SVG in ``traced``; ``where`` turns a (template filename, line) into (shown file, line);
    ``found``: the SVG already read by :func:`deckgen.render.svgwalk.inspect` with ``limits`` (else it is read
    here)."""
    svg = traced.text

    def at(offset_or_pos, message: str) -> Problem:
        offset = traced.offset_of(*offset_or_pos) if isinstance(offset_or_pos, tuple) else offset_or_pos
        filename, line = traced.origin(offset)
        file, line = where(filename, _refine(svg, offset, filename, line))
        return Problem(file, line, None, None, f"{subject}: {message}")

    if found is None:
        found = inspect(svg, limits)
    if found.syntax:
        line, column, reason = found.syntax
        file, template_line, message = not_well_formed(traced, line, column, reason, where)
        return [Problem(file, template_line, None, None, f"{subject}: {message}")]
    problems = []
    for finding in found.findings:
        offset = traced.offset_of(finding.line, finding.column)
        if finding.snippet:  # the piece itself, when it lies in what the element wrote (a <style> runs long)
            near = svg.find(finding.snippet, offset)
            offset = near if near >= 0 else offset
        problems.append(at(offset, finding.message))
    return problems


_TAG = re.compile(r"<[/?]?[\w:.-]+")


def _refine(svg: str, offset: int, filename: str | None, line: int | None) -> int | None:
    """The template line that holds the tag at ``offset``: Jinja dates text after a loop's end to the loop's
    last line, so the tag is looked for in the template from that line on."""
    if not filename or line is None:
        return line
    start = svg.rfind("<", svg.rfind("\n", 0, offset) + 1, offset + 1)
    token = _TAG.match(svg, start) if start >= 0 else None
    if token is None:
        return line
    try:
        with open(filename, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return line
    for number in range(line, min(len(lines), line + 200) + 1):
        if re.search(re.escape(token.group()) + r"(?![\w:.-])", lines[number - 1]):
            return number
    return line


