"""Check the SVG a face rendered to: well-formed, and naming nothing outside itself.

Every face is parsed the moment it is rendered (``deckgen check`` and
``deckgen build`` alike), so a tag a template leaves open is a located
problem — the template file and line that wrote it and the card — and not a
traceback from the rasterizer.

A face may only point at its own elements (``href="#id"``, ``url(#id)``) or
embed data (``data:`` URIs; ``picture()`` embeds the project's pictures
this way).  Any other ``href`` or ``url()`` — a web address, a local file,
``../`` — is refused: rendering never fetches a URL or reads a file that
data or a template names (cairosvg also runs with its unsafe mode off, as a
second guard).  Document type declarations and entities are refused too.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Callable

from deckgen.errors import Problem
from deckgen.render.sandbox import Traced
from deckgen.render.wellformed import not_well_formed

_URL = re.compile(r"""url\(\s*(['"]?)(?P<ref>[^'")]*)\1\s*\)""", re.IGNORECASE)
_DOCTYPE = re.compile(r"<!(DOCTYPE|ENTITY)", re.IGNORECASE)


def _allowed(ref: str) -> bool:
    ref = ref.strip()
    return ref.startswith("#") or ref.lower().startswith("data:")


def _short(ref: str, limit: int = 60) -> str:
    return ref if len(ref) <= limit else ref[: limit - 1] + "…"


def face_problems(traced: Traced, subject: str, where: Callable[[str | None, int | None], tuple[str, int | None]]
                  ) -> list[Problem]:
    """Problems of the SVG in ``traced``; ``where`` turns a (template filename, line) into (shown file, line)."""
    svg = traced.text

    def at(offset_or_pos, message: str) -> Problem:
        offset = traced.offset_of(*offset_or_pos) if isinstance(offset_or_pos, tuple) else offset_or_pos
        filename, line = traced.origin(offset)
        file, line = where(filename, _refine(svg, offset, filename, line))
        return Problem(file, line, None, None, f"{subject}: {message}")

    doctype = _DOCTYPE.search(svg)
    if doctype:
        return [at(doctype.start(), "a face may not declare a document type or entities")]
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as exc:
        line, column = exc.position
        file, template_line, message = not_well_formed(traced, line, column, str(exc).split(":")[0], where)
        return [Problem(file, template_line, None, None, f"{subject}: {message}")]
    problems = []
    for element in root.iter():
        for name, value in element.attrib.items():
            local = name.rsplit("}", 1)[-1]
            if local != "href" and "(" not in value:  # most values (path data, numbers) hold no url()
                continue
            refs = [value] if local == "href" else [m["ref"] for m in _URL.finditer(value)]
            for ref in refs:
                if not _allowed(ref):
                    problems.append(_refused(traced, svg, at, local, ref))
        if element.tag.rsplit("}", 1)[-1] == "style" and element.text:
            for m in _URL.finditer(element.text):
                if not _allowed(m["ref"]):
                    problems.append(_refused(traced, svg, at, "url()", m["ref"]))
    return problems


_TAG = re.compile(r"</?[\w:.-]+")


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


def _refused(traced: Traced, svg: str, at, what: str, ref: str) -> Problem:
    offset = svg.find(ref) if ref else -1
    return at(max(offset, 0), f"{what} {_short(ref)!r} names something outside the face: a face may point only "
                              f"at its own elements (#id) or embed data (data:); pictures come from the "
                              f"project's art/ folder through picture()")
