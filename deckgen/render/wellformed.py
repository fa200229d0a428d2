"""Say where a rendered face stops being well-formed XML, at the template line of the mistake.

The XML parser notices a mistake only later than it was made: a ``<rect …>``
left open shows as a "mismatched tag" at the closing ``</svg>`` of the base
template, an attribute's quote left open as an "invalid token" on the next
line. :func:`not_well_formed` finds the mistake itself — the element left
open, the quote never closed, the closing tag that closes nothing — and
reports it at the template line that wrote it (a macro's own line too), in
words that are the same on every face, so that one mistake is one problem.
"""

from __future__ import annotations

import re
import xml.parsers.expat as expat
from pathlib import Path
from typing import Callable

from deckgen.render.sandbox import Traced

_TAG = re.compile(r"</?([\w:.-]+)")
_ATTRIBUTE_NAME = re.compile(r"""([\w:.-]+)\s*=\s*["']""")
_CLOSING = re.compile(r"</([\w:.-]+)")
_OPEN_QUOTE = re.compile(r"""\s([\w:.-]+)\s*=\s*(["'])""")

#: Lines searched below a piece's line for the tag it wrote (Jinja dates text after a loop to its last line).
_LOOK_AHEAD = 200


def not_well_formed(traced: Traced, line: int, column: int, reason: str,
                    where: Callable[[str | None, int | None], tuple[str, int | None]]) -> tuple[str, int | None, str]:
    """(file, line, message) for a face whose XML parser stopped at ``line``/``column`` (0-based) with
    ``reason``; ``where`` turns a template filename and line into the file and line shown."""
    svg = traced.text
    stopped = traced.offset_of(line, column)
    breaks = tag_line(traced, stopped, where)
    at_break = _shown(*breaks)
    quote = _unclosed_quote(svg, stopped)
    if quote is not None:
        offset, name = quote
        file, template_line = tag_line(traced, offset, where)
        return file, template_line, f"the quote of {name}… is never closed: its value runs on into the next line"
    if svg.startswith("<", stopped):
        previous = svg.rfind("<", 0, stopped)
        tag = _TAG.match(svg, previous) if previous >= 0 else None
        if tag is not None and not tag.group(0).startswith("</") and ">" not in svg[previous:stopped]:
            file, template_line = tag_line(traced, previous, where)
            return file, template_line, f"<{tag.group(1)} …> has no closing >: end it with /> or >"
    stack = _open_elements(svg)
    closing = _CLOSING.match(svg, max(stopped - 2, 0)) or _CLOSING.match(svg, stopped)
    if closing is not None and stack and closing.group(1) not in [tag for tag, _, _ in stack]:
        file, template_line = tag_line(traced, stopped, where)
        inner = _shown(*tag_line(traced, traced.offset_of(*stack[-1][1:]), where))
        return file, template_line, (f"</{closing.group(1)}> closes no open <{closing.group(1)}> (the element open "
                                     f"here is <{stack[-1][0]}>, from {inner})")
    if reason.startswith("mismatched tag") and len(stack) > 1:
        open_tag, open_line, open_column = stack[-1]
        file, template_line = tag_line(traced, traced.offset_of(open_line, open_column), where)
        return file, template_line, (f"<{open_tag}> is never closed: end it with /> or </{open_tag}> (the SVG "
                                     f"breaks at {at_break})")
    opened = ""
    if stack:
        file, template_line = tag_line(traced, traced.offset_of(*stack[-1][1:]), where)
        opened = f"; <{stack[-1][0]}> open since {_shown(file, template_line)}"
    return breaks[0], breaks[1], (f"the rendered SVG is not well-formed: {reason}{opened} (line {line}, column "
                                  f"{column + 1} of the rendered face)")


def _shown(file: str, line: int | None) -> str:
    return f"{file}:{line}" if line is not None else file


def _open_elements(svg: str) -> list[tuple[str, int, int]]:
    """(tag, line, column) of each element still open where the SVG stops being well-formed, outermost first."""
    stack: list[tuple[str, int, int]] = []
    parser = expat.ParserCreate()
    parser.StartElementHandler = lambda name, attrs: stack.append(
        (name, parser.CurrentLineNumber, parser.CurrentColumnNumber))
    parser.EndElementHandler = lambda name: stack.pop()
    try:
        parser.Parse(svg, True)
    except expat.ExpatError:
        return stack
    return []


def _unclosed_quote(svg: str, stopped: int) -> tuple[int, str] | None:
    """(offset, ``name="``) of an attribute value that a tag opened before ``stopped`` and that runs on
    past it: its closing quote is missing, and the parser stopped at a ``<`` inside the value."""
    tag_start = stopped
    for _ in range(3):  # the tag that holds the value: one of the last few '<' before the stop
        tag_start = svg.rfind("<", 0, tag_start)
        if tag_start < 0:
            return None
        position = tag_start + 1
        while True:
            match = _OPEN_QUOTE.search(svg, position, stopped)
            if match is None or ">" in svg[position:match.start()]:
                break  # no further value, or the tag ended before it
            close = svg.find(match.group(2), match.end())
            if close < 0 or close > stopped:
                return match.start(1), match.group(1) + "=" + match.group(2)
            position = close + 1
    return None


def tag_line(traced: Traced, offset: int, where) -> tuple[str, int | None]:
    """The template file and line that wrote the tag at ``offset``: the piece's own line, or the line below it
    or in a macro (another template of the same folders) that holds a tag with the same attribute names."""
    filename, line = traced.origin(offset)
    svg = traced.text
    start = svg.rfind("<", 0, offset + 1)
    tag = _TAG.match(svg, start) if start >= 0 else None
    if not filename or line is None or tag is None:
        return where(filename, line)
    end = svg.find(">", tag.end())
    names = _ATTRIBUTE_NAME.findall(svg[tag.end(): end if end >= 0 else len(svg)])
    pattern = re.compile(re.escape(tag.group(0)) + r"(?![\w:.-])")

    def matches(text: str) -> bool:
        found = pattern.search(text)
        return found is not None and _ATTRIBUTE_NAME.findall(text[found.end():])[: len(names)] == names

    lines = _lines(filename)
    for number in range(line, min(len(lines), line + _LOOK_AHEAD) + 1):
        if matches(lines[number - 1]):
            return where(filename, number)
    here = Path(filename).parent
    for folder in (here, here.parent / "_common"):
        for other in sorted(folder.glob("*.j2")) if folder.is_dir() else []:
            if str(other) == filename:
                continue
            for number, text in enumerate(_lines(str(other)), 1):
                if matches(text):
                    return where(str(other), number)
    return where(filename, line)


def _lines(filename: str) -> list[str]:
    try:
        return Path(filename).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []
