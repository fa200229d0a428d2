"""One pass over a rendered SVG: what it may not hold, and how much drawing it asks for.

The SVG is read with expat (which, unlike ElementTree, reports processing
instructions and where each element starts).  Refused:

- document types and entities (``<!DOCTYPE``, ``<!ENTITY``), processing
  instructions (``<?xml-stylesheet?>``; the XML declaration is fine);
- elements that run, load or embed active content: ``<script>``,
  ``<foreignObject>`` (cairosvg does not draw it; a browser shows web
  content in it), ``<iframe>``, ``<embed>``, ``<object>``, ``<handler>``,
  ``<listener>``, and the animation elements (``<animate>``, ``<set>``, ...:
  a printed face does not move, and animation can rewrite a link);
- every ``on*`` event attribute, ``src`` and ``srcset``;
- an ``href`` or CSS reference (deckgen.render.svgcss) that is not ``#id``
  or ``data:``; a ``data:`` URI that is not a PNG, JPEG, GIF or WebP picture
  or an SVG, and an embedded SVG with anything refused here (it is checked
  the same way, nested at most MAX_NESTED deep).

Bounded (deckgen.limits): the elements of a face (``svg_elements``, the
elements of embedded SVGs included), how deep they nest (``svg_depth``:
cairosvg draws by recursion), the elements ``<use>`` copies, counting the
copies inside copies (``svg_uses``; a ``<use>`` that copies itself, directly
or through others, is an endless loop and refused), and the pixels of the
pictures drawn (``picture_pixels``, each copy counted).

The same pass keeps, when asked (``keep_tree``), every element with its
attributes and position (:class:`Element`): the check of lines drawn through
the words (deckgen.checks.drawn) reads the face from that list, so a face is
parsed once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from xml.parsers import expat

from deckgen.limits import DEFAULT as DEFAULT_LIMITS, Limits
from deckgen.render import svgcss
from deckgen.render.pictures import PictureError, data_uri_bytes, is_gzip, is_svg, raster_size

#: Embedded SVGs inside embedded SVGs, at most.
MAX_NESTED = 3
#: A count past any limit, so that sums of copies stay small numbers.
_CAP = 1 << 62

_DOCTYPE = re.compile(r"<!(DOCTYPE|ENTITY)", re.IGNORECASE)
_ACTIVE = {
    "script": "a script would run when the exported SVG is opened in a browser",
    "foreignobject": "cairosvg does not draw it, and in a browser it holds web content",
    "iframe": "it loads web content", "embed": "it loads outside content", "object": "it loads outside content",
    "handler": "it runs a script", "listener": "it runs a script",
}
_ANIMATION = {"animate", "set", "animatemotion", "animatetransform", "animatecolor", "discard"}
_SOURCE_ATTRIBUTES = {"src", "srcset"}
#: The attribute names (lowercase, without a namespace) _Walk.attribute looks at whatever their value holds.
_LOOKED_AT = _SOURCE_ATTRIBUTES | {"id", "href", "style"}


@dataclass
class Finding:
    """Something refused, at (line, column) of the SVG it was found in; ``snippet`` is text to look for
    to place it more exactly."""

    line: int
    column: int
    message: str
    snippet: str | None = None


@dataclass(frozen=True)
class Element:
    """One element of the SVG as written: its local name, its attributes (as expat names them: an
    unprefixed attribute by its plain name), its (line, column) and the index of its parent (-1: none)."""

    tag: str
    attributes: dict[str, str]
    at: tuple[int, int]
    parent: int


@dataclass
class Inspection:
    findings: list[Finding] = field(default_factory=list)
    #: (line, column, expat's reason) when the SVG is not well-formed
    syntax: tuple[int, int, str] | None = None
    elements: int = 0  # written, embedded SVGs included
    drawn: int = 0  # with the copies <use> makes
    pixels: int = 0  # of the pictures drawn, copies included
    #: every element of the SVG in document order, when asked for (``keep_tree``) and the whole SVG was read
    #: (None when it is not well-formed, declares a document type, or went past a limit)
    tree: list[Element] | None = None


class _Stop(Exception):
    """The walk went past a limit: what was found is all there is to say."""


class _Walk:
    def __init__(self, svg: str, limits: Limits, nested: int, keep_tree: bool = False):
        self.svg, self.limits, self.nested = svg, limits, nested
        self.out = Inspection()
        self.tree: list[Element] | None = [] if keep_tree else None
        # per element: parent, children, <use> target id, own weight (embedded elements, pixels), position
        self.children: list[list[int]] = []
        self.target: dict[int, str] = {}
        self.weight: dict[int, tuple[int, int]] = {}
        self.position: list[tuple[int, int]] = []
        self.ids: dict[str, int] = {}
        self.open: list[tuple[int, str]] = []  # (element, local name)
        self.style_text: list[str] = []
        self.quiet_below: int | None = None  # depth of a refused element: what it holds is not looked at
        self.parser = expat.ParserCreate(namespace_separator=" ")

    # -- expat handlers ------------------------------------------------------
    def start(self, name: str, attributes: dict[str, str]) -> None:
        local = name.rsplit(" ", 1)[-1]
        here = (self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber)
        index = len(self.position)
        self.position.append(here)
        self.children.append([])
        parent = self.open[-1][0] if self.open else -1
        if parent >= 0:
            self.children[parent].append(index)
        if self.tree is not None:
            self.tree.append(Element(local, attributes, here, parent))
        self.open.append((index, local))
        self.out.elements += 1
        if self.out.elements > self.limits.svg_elements:
            self.refuse(f"the face has more than {self.limits.svg_elements} elements, too many to draw in "
                        f"reasonable time (limits.svg_elements in deckgen.yaml)")
            raise _Stop
        if len(self.open) > self.limits.svg_depth:
            self.refuse(f"elements nested more than {self.limits.svg_depth} deep (limits.svg_depth in "
                        f"deckgen.yaml)")
            raise _Stop
        if self.quiet_below is not None:
            return
        lowered = local.lower()
        reason = _ACTIVE.get(lowered) or ("a printed face does not move, and animation can rewrite a "
                                          "link in a browser" if lowered in _ANIMATION else None)
        if reason:
            self.refuse(f"<{local}> is refused: {reason}")
            self.quiet_below = len(self.open)
            return
        for attribute, value in attributes.items():
            # most attributes (x=, d=, fill=) hold nothing to look at: only those attribute() may refuse or note
            lowered = attribute.lower()
            if ("(" in value or "\\" in value or lowered in _LOOKED_AT or lowered.startswith("on")
                    or " " in lowered):
                if self.attribute(index, local, attribute.rsplit(" ", 1)[-1], value):
                    return  # one message for one element

    def attribute(self, index: int, element: str, name: str, value: str) -> bool:
        lowered = name.lower()
        if lowered.startswith("on"):
            self.refuse(f"the event attribute {name}= is refused: it would run a script when the exported SVG "
                        f"is opened in a browser", name)
            return True
        if lowered in _SOURCE_ATTRIBUTES:
            self.refuse(f"the attribute {name}= is refused: it loads outside content; pictures come from the "
                        f"project's art/ folder through picture()", name)
            return True
        if lowered == "id":
            self.ids.setdefault(value, index)
        if lowered == "href":
            ref = value.strip()
            if not svgcss.allowed_ref(ref):
                self.refuse(_outside("href", ref), ref)
                return True
            if ref.startswith("#"):
                if element == "use":
                    self.target[index] = ref[1:]
                return False
            return self.data(index, ref)
        if lowered == "style" or "(" in value or "\\" in value:
            return self.css(index, value, name)
        return False

    def css(self, index: int, css: str, what: str = "url()") -> bool:
        """Check the CSS (or attribute value) ``css`` of element ``index``; ``what`` names it in a message."""
        found, embedded = svgcss.scan(css)
        for finding in found:
            if finding.ref is not None:
                self.refuse(_outside(what, finding.ref), finding.ref)
            else:
                self.refuse(f"{finding.construct} is refused in a face's style: it loads outside content or runs code",
                            finding.construct)
            return True
        return any(self.data(index, uri) for uri in embedded)

    def data(self, index: int, uri: str) -> bool:
        """Check the data: URI ``uri`` of element ``index``; adds what it draws to the element's weight."""
        shown = _short(uri, 40)
        try:
            data = data_uri_bytes(uri)
            if len(data) < 5:  # cairosvg draws nothing
                return False
            if is_gzip(data):
                raise PictureError("a compressed SVG (svgz) cannot be checked; embed it uncompressed")
            if is_svg(data):
                inner = self.embedded(data)
                weight = (inner.drawn, inner.pixels)
                self.out.elements += inner.elements
            else:
                picture = raster_size(data, self.limits.picture_pixels)
                weight = (0, picture.pixels)
        except PictureError as exc:
            self.refuse(f"the embedded picture {shown!r}: {exc}", uri[:200])
            return True
        old = self.weight.get(index, (0, 0))
        self.weight[index] = (old[0] + weight[0], old[1] + weight[1])
        if self.out.elements > self.limits.svg_elements:
            self.refuse(f"the face has more than {self.limits.svg_elements} elements, counting those of its "
                        f"embedded SVGs (limits.svg_elements in deckgen.yaml)", uri[:200])
            raise _Stop
        return False

    def embedded(self, data: bytes) -> Inspection:
        if self.nested >= MAX_NESTED:
            raise PictureError(f"SVGs embedded in SVGs more than {MAX_NESTED} deep")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise PictureError("an embedded SVG must be UTF-8 text") from None
        inner = inspect(text, self.limits, self.nested + 1)
        if inner.syntax:
            line, column, reason = inner.syntax
            raise PictureError(f"the embedded SVG is not well-formed: {reason} (its line {line}, column {column + 1})")
        if inner.findings:
            raise PictureError(f"in the embedded SVG: {inner.findings[0].message}")
        return inner

    def end(self, name: str) -> None:
        index, local = self.open[-1]
        if self.quiet_below == len(self.open):
            self.quiet_below = None
        if local == "style" and self.style_text:
            text, self.style_text = "".join(self.style_text), []
            self.css(index, text)
        self.open.pop()

    def characters(self, text: str) -> None:
        if self.quiet_below is None and self.open and self.open[-1][1] == "style":
            self.style_text.append(text)

    def instruction(self, target: str, data: str) -> None:
        if self.quiet_below is not None:
            return
        self.refuse(f"the processing instruction <?{target} ...?> is refused: it can load an outside style "
                    f"sheet when the exported SVG is opened", f"<?{target}", here=True)

    def refuse(self, message: str, snippet: str | None = None, here: bool = False) -> None:
        """A finding at the element being read (``here``: at the parser's position)."""
        line, column = self.position[self.open[-1][0]] if self.open and not here else (
            self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber)
        self.out.findings.append(Finding(line, column, message, snippet))

    # -- the walk ------------------------------------------------------------
    def run(self) -> Inspection:
        doctype = _DOCTYPE.search(self.svg)
        if doctype:
            line = self.svg.count("\n", 0, doctype.start()) + 1
            column = doctype.start() - (self.svg.rfind("\n", 0, doctype.start()) + 1)
            self.out.findings.append(Finding(line, column, "a face may not declare a document type or entities"))
            return self.out
        parser = self.parser
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.characters
        parser.ProcessingInstructionHandler = self.instruction
        try:
            parser.Parse(self.svg, True)
        except _Stop:
            return self.out
        except expat.ExpatError as exc:
            self.out.syntax = (exc.lineno, exc.offset, expat.ErrorString(exc.code))
            return self.out
        if self.position and not self.out.findings:
            self.expand()
        self.out.tree = self.tree
        return self.out

    def expand(self) -> None:
        """Elements and pixels drawn with the copies ``<use>`` makes; a ``<use>`` loop is a finding."""
        count = len(self.position)
        target = {use: self.ids[name] for use, name in self.target.items() if name in self.ids}
        if not target:  # nothing copied: every element drawn once, with what it embeds
            self.out.drawn = min(_CAP, count + sum(own[0] for own in self.weight.values()))
            self.out.pixels = min(_CAP, sum(own[1] for own in self.weight.values()))
            self.check_totals(target, [])
            return
        state = [0] * count  # 0 unseen, 1 on the path, 2 done
        drawn, pixels = [0] * count, [0] * count

        def needs(node: int) -> list[int]:
            return self.children[node] + [target[node]] if node in target else self.children[node]

        stack = [(0, needs(0), [0])]  # (element, what it draws, how many of those are done)
        state[0] = 1
        while stack:
            node, deps, done = stack[-1]
            if done[0] < len(deps):
                dep = deps[done[0]]
                done[0] += 1
                if state[dep] == 1:  # only a <use> reaches back up the path
                    on_path = [n for n, _, _ in stack]
                    uses = [n for n in on_path[on_path.index(dep):] if n in target]
                    chain = " → ".join(["#" + self.target[n] for n in uses] + ["#" + self.target[uses[0]]]) if uses else ""
                    line, column = self.position[node]
                    self.out.findings.append(Finding(line, column, f"<use> copies itself without end"
                                                                   f"{f' ({chain})' if chain else ''}: a loop "
                                                                   f"no drawing could finish"))
                    return
                if state[dep] == 0:
                    state[dep] = 1
                    stack.append((dep, needs(dep), [0]))
                continue
            own = self.weight.get(node, (0, 0))
            drawn[node] = min(_CAP, 1 + own[0] + sum(drawn[d] for d in deps))
            pixels[node] = min(_CAP, own[1] + sum(pixels[d] for d in deps))
            state[node] = 2
            stack.pop()
        self.out.drawn, self.out.pixels = drawn[0], pixels[0]
        self.check_totals(target, drawn)

    def check_totals(self, target: dict[int, int], drawn: list[int]) -> None:
        """A finding if the copies ``<use>`` makes or the pixels drawn pass their limits (``target``: each
        ``<use>`` and the element it copies; ``drawn``: how many elements each element draws)."""
        total, pixels = self.out.drawn, self.out.pixels
        copies = total - self.out.elements if total < _CAP else _CAP
        if copies > self.limits.svg_uses:
            largest = max(target, key=lambda use: drawn[target[use]]) if target else 0
            line, column = self.position[largest]
            self.out.findings.append(Finding(line, column, f"its <use> elements copy {_count(copies)} elements, more "
                                                           f"than the limit of {self.limits.svg_uses} "
                                                           f"(limits.svg_uses in deckgen.yaml)"))
        elif pixels > self.limits.picture_pixels:
            first = min(self.weight) if self.weight else 0
            line, column = self.position[first]
            self.out.findings.append(Finding(line, column, f"its pictures draw {_count(pixels)} pixels, copies "
                                                           f"included, more than the limit of "
                                                           f"{self.limits.picture_pixels} (limits.picture_pixels "
                                                           f"in deckgen.yaml)"))


def inspect(svg: str, limits: Limits = DEFAULT_LIMITS, nested: int = 0, keep_tree: bool = False) -> Inspection:
    """What ``svg`` holds that a face may not, and how much it draws (see the module's docstring); with
    ``keep_tree``, its elements too (:attr:`Inspection.tree`)."""
    return _Walk(svg, limits, nested, keep_tree).run()


def _outside(what: str, ref: str) -> str:
    return (f"{what} {_short(ref)!r} names something outside the face: a face may point only at its own elements "
            f"(#id) or embed data (data:); pictures come from the project's art/ folder through picture()")


def _short(ref: str, limit: int = 60) -> str:
    return ref if len(ref) <= limit else ref[: limit - 1] + "…"


def _count(number: int) -> str:
    return f"more than {_CAP}" if number >= _CAP else str(number)
