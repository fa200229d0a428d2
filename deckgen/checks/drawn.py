"""The cut-safe check of what a template draws directly: a line through the words.

The named boxes of style.yaml are checked by deckgen/checks/cutsafe.py; a
frame a template draws with its own numbers (``<rect x="4" …
fill="none" stroke=…>``) is seen only in the rendered face. Every card face
is read here as it is rendered (the faces ``check`` and ``build`` render
anyway: no extra render), and a visible line that runs through the words
``text()`` set — a frame moved onto the corner index — is a problem at the
template line that drew the line.

What counts as a line: the edges of a stroked ``<rect>``, and the straight
horizontal or vertical segments of a stroked ``<line>``, ``<path>``,
``<polyline>`` or ``<polygon>``. Faint lines (opacity below 0.3), diagonal
lines and curves, lines that run off into the bleed (rules, textures: the
cut does not show them), lines that only graze the words (less than
0.5 mm into their box) and the words' own outlines do not count. The words
are the box of the glyph outlines of each ``text()`` call, as drawn.

The face is not parsed here: its elements come from the SVG check's one pass
over it (deckgen.render.svgwalk, ``keep_tree``); :func:`needs_tree` says
whether a face can have anything to find, so that pass keeps them only then.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from typing import Callable

from deckgen.errors import Problem
from deckgen.render.sandbox import Traced
from deckgen.render.svgwalk import Element, Inspection, inspect

#: A line fainter than this (its opacities multiplied) is texture, not a frame.
VISIBLE_OPACITY = 0.3
#: A line that reaches less than this (mm) into the box of the words only grazes their first or last letter.
TOUCH = 0.5

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PATH_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TRANSFORM = re.compile(r"(matrix|translate|scale|rotate)\s*\(([^)]*)\)")
_STROKE_HINT = re.compile(r"""stroke\s*[=:]\s*["']?(?!none)""")
_IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_INHERITED = ("stroke", "stroke-width", "fill")


@dataclass
class _Node:
    tag: str
    attrs: dict
    matrix: tuple
    opacity: float
    inherited: dict
    at: tuple[int, int]  # (line, column) of the tag in the rendered SVG; its template line is looked up on a problem
    in_text: bool


@dataclass(frozen=True)
class _Line:
    x0: float
    y0: float
    x1: float
    y1: float
    half_width: float
    at: tuple[int, int]
    what: str


def needs_tree(svg: str) -> bool:
    """Whether the face ``svg`` can have a line through its words: it has words and strokes something
    (most faces have not, and are not looked into)."""
    return "deckgen-text" in svg and _STROKE_HINT.search(svg) is not None


def drawn_problems(traced: Traced, subject: str, trim: tuple[float, float, float, float],
                   where: Callable[[int, bool], tuple[str, int | None]],
                   inspection: Inspection | None = None) -> list[Problem]:
    """Lines of the face in ``traced`` that run through its words; ``trim`` is (x, y, w, h) of the cut in the
    face's coordinates; ``where(offset, is_tag)`` is the template file and line that wrote the text at
    ``offset`` (with ``is_tag``, the line that holds that tag, a macro's own line too).  ``inspection`` is
    the SVG check's reading of the face, made with ``keep_tree`` where :func:`needs_tree` (without it, the
    face is read here)."""
    svg = traced.text
    if not needs_tree(svg):
        return []  # no words, or nothing stroked: nothing to cross (most faces stop here)
    tree = (inspection if inspection is not None else inspect(svg, keep_tree=True)).tree
    if tree is None:
        return []  # not well-formed, or refused before it was read whole: the SVG check says so
    nodes = _nodes(tree)
    face = (trim[0] * 2 + trim[2], trim[1] * 2 + trim[3])  # the face: the trim and its bleed all round
    lines = [line for node, _ in nodes if not node.in_text for line in _lines(node, trim)
             if not _bleeds_off(line, face)]  # a rule or texture running off the card: the cut does not show it
    if not lines:
        return []  # nothing a cut would show runs anywhere: the words' outlines need not be measured
    words: dict[int, list[float]] = {}  # position of a text() group -> its box
    for node, group in nodes:
        if node.in_text and node.tag == "path":
            box = _path_box(node.attrs.get("d", ""), node.matrix)
            if box is not None:
                w = words.setdefault(group, list(box))
                w[:] = [min(w[0], box[0]), min(w[1], box[1]), max(w[2], box[2]), max(w[3], box[3])]
    problems = []
    reported = set()  # the template lines that drew a crossing line: a frame's two rects are one mistake
    for line in lines:
        for group, word_box in words.items():
            if not _crosses(line, word_box):
                continue
            file, template_line = where(traced.offset_of(*line.at), False)
            if (file, template_line) in reported:
                break
            reported.add((file, template_line))
            tag_file, tag_line = where(traced.offset_of(*line.at), True)
            text_file, text_line = where(traced.offset_of(*nodes[group][0].at), False)
            drawn = f", at {tag_file}:{tag_line}" if (tag_file, tag_line) != (file, template_line) else ""
            problems.append(Problem(file, template_line, None, None,
                                    f"{subject}: a line drawn here ({line.what}{_inset(line, trim)}{drawn}) runs "
                                    f"through the words set at {text_file}:{text_line}: move the line or the "
                                    f"words"))
            break
    return problems


def _bleeds_off(line: _Line, face: tuple[float, float]) -> bool:
    """Whether the line reaches the outer edge of the bleed at one of its ends."""
    width, height = face
    return any(v <= 0.01 for v in (line.x0, line.x1, line.y0, line.y1)) or line.x0 >= width - 0.01 \
        or line.x1 >= width - 0.01 or line.y0 >= height - 0.01 or line.y1 >= height - 0.01


def _inset(line: _Line, trim) -> str:
    x, y, w, h = trim
    if abs(line.x0 - line.x1) < 1e-6:
        distance = min(line.x0 - x, x + w - line.x0)
    elif abs(line.y0 - line.y1) < 1e-6:
        distance = min(line.y0 - y, y + h - line.y0)
    else:
        return ""
    return f" {distance:.1f} mm inside the trim" if distance >= 0 else ""


def _crosses(line: _Line, box: list[float]) -> bool:
    pad = line.half_width - TOUCH
    lx0, lx1 = sorted((line.x0, line.x1))
    ly0, ly1 = sorted((line.y0, line.y1))
    return lx0 - pad < box[2] and lx1 + pad > box[0] and ly0 - pad < box[3] and ly1 + pad > box[1]


_ROOT = _Node("", {}, _IDENTITY, 1.0, {}, (0, 0), False)


def _nodes(tree: list[Element]) -> list[tuple[_Node, int]]:
    """Every element with its transform, opacity and inherited stroke, and the index of its text() group's
    element in the list."""
    out: list[tuple[_Node, int]] = []
    for element in tree:
        parent, group = out[element.parent] if element.parent >= 0 else (_ROOT, -1)
        attrs = element.attributes
        style = attrs.get("style")
        if style:
            attrs = {**attrs, **_style(style)}
        transform = attrs.get("transform")
        matrix = _multiply(parent.matrix, _transform(transform)) if transform else parent.matrix
        own_opacity = attrs.get("opacity")
        opacity = parent.opacity * _float(own_opacity, 1.0) if own_opacity is not None else parent.opacity
        inherited = parent.inherited
        if any(k in attrs for k in _INHERITED):
            inherited = {**inherited, **{k: attrs[k] for k in _INHERITED if k in attrs}}
        in_text = parent.in_text or "deckgen-text" in attrs.get("class", "").split()
        if in_text and not parent.in_text:
            group = len(out)
        out.append((_Node(element.tag, attrs, matrix, opacity, inherited, element.at, in_text), group))
    return out


def _lines(node: _Node, trim) -> list[_Line]:
    stroke = node.inherited.get("stroke", "none").strip()
    if stroke in ("none", ""):
        return []
    opacity = node.opacity * _float(node.attrs.get("stroke-opacity"), 1.0)
    if opacity < VISIBLE_OPACITY or node.matrix is None:
        return []
    width = _float(node.inherited.get("stroke-width"), 1.0) * _scale(node.matrix)
    half = width / 2
    tag, a = node.tag, node.attrs
    if tag == "rect":
        x, y, w, h = (_float(a.get(k), 0.0) for k in ("x", "y", "width", "height"))
        corners = [_apply(node.matrix, px, py) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
        edges = list(zip(corners, corners[1:] + corners[:1]))
        return [_Line(p[0], p[1], q[0], q[1], half, node.at, "a rectangle's edge") for p, q in edges
                if _straight(p, q)]
    if tag == "line":
        p = _apply(node.matrix, _float(a.get("x1"), 0.0), _float(a.get("y1"), 0.0))
        q = _apply(node.matrix, _float(a.get("x2"), 0.0), _float(a.get("y2"), 0.0))
        return [_Line(p[0], p[1], q[0], q[1], half, node.at, "a line")] if _straight(p, q) else []
    if tag in ("path", "polyline", "polygon"):
        if tag == "path":
            segments = _path_segments(a.get("d", ""))
        else:
            n = [float(v) for v in _NUMBER.findall(a.get("points", ""))]
            points = list(zip(n[::2], n[1::2]))
            segments = list(zip(points, points[1:] + (points[:1] if tag == "polygon" else [])))
        out = []
        for p, q in segments or []:
            p, q = _apply(node.matrix, *p), _apply(node.matrix, *q)
            if _straight(p, q) and (p[0], p[1]) != (q[0], q[1]):
                out.append(_Line(p[0], p[1], q[0], q[1], half, node.at, f"a <{tag}>'s straight edge"))
        return out
    return []


def _straight(p, q) -> bool:
    return abs(p[0] - q[0]) < 1e-6 or abs(p[1] - q[1]) < 1e-6


def _style(style: str) -> dict:
    out = {}
    for part in style.split(";"):
        name, _, value = part.partition(":")
        if value:
            out[name.strip()] = value.strip()
    return out


def _float(value, default: float) -> float:
    try:
        number = float(str(value).strip().removesuffix("mm")) if value is not None else default
    except ValueError:
        return default
    return number if math.isfinite(number) else default


def _transform(text: str) -> tuple | None:
    matrix = _IDENTITY
    for name, args in _TRANSFORM.findall(text):
        n = [float(v) for v in _NUMBER.findall(args)]
        if name == "matrix" and len(n) == 6:
            step = tuple(n)
        elif name == "translate" and n:
            step = (1.0, 0.0, 0.0, 1.0, n[0], n[1] if len(n) > 1 else 0.0)
        elif name == "scale" and n:
            step = (n[0], 0.0, 0.0, n[1] if len(n) > 1 else n[0], 0.0, 0.0)
        elif name == "rotate" and n:
            c, s = math.cos(math.radians(n[0])), math.sin(math.radians(n[0]))
            cx, cy = (n[1], n[2]) if len(n) >= 3 else (0.0, 0.0)
            step = (c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy)
        else:
            return None
        matrix = _multiply(matrix, step)
    if re.search(r"skew", text):
        return None
    return matrix


def _multiply(m, n):
    if m is None or n is None:
        return None
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e,
            b * e2 + d * f2 + f)


def _apply(m, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _scale(m) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _box_of(points, m) -> tuple[float, float, float, float] | None:
    if m is None or not points:
        return None
    moved = [_apply(m, x, y) for x, y in points]
    xs, ys = [p[0] for p in moved], [p[1] for p in moved]
    return min(xs), min(ys), max(xs), max(ys)


def _path_box(d: str, m) -> tuple[float, float, float, float] | None:
    """The box of a path's points under ``m`` (end and control points: a little large for curves, never too
    small); the path's own box is measured once per distinct ``d`` (a text's glyphs repeat)."""
    box = _own_box(d)
    if box is None or m is None:
        return None
    x0, y0, x1, y1 = box
    return _box_of([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], m)


@functools.lru_cache(maxsize=4096)
def _own_box(d: str) -> tuple[float, float, float, float] | None:
    """The box of a path's points in its own coordinates."""
    points: list[tuple[float, float]] = []
    x = y = start_x = start_y = 0.0
    command = ""
    tokens = _PATH_TOKEN.findall(d)
    i = 0
    sizes = {"M": 2, "L": 2, "T": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "A": 7, "Z": 0}
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                x, y = start_x, start_y
                continue
        if not command:
            return None
        size = sizes[command.upper()]
        if i + size > len(tokens) or any(t.isalpha() for t in tokens[i:i + size]):
            return None
        n = [float(t) for t in tokens[i:i + size]]
        i += size
        relative = command.islower()
        upper = command.upper()
        if upper == "H":
            x = n[0] + (x if relative else 0.0)
        elif upper == "V":
            y = n[0] + (y if relative else 0.0)
        elif upper == "A":
            x, y = n[5] + (x if relative else 0.0), n[6] + (y if relative else 0.0)
        else:
            pairs = list(zip(n[::2], n[1::2]))
            for px, py in pairs[:-1]:
                points.append((px + (x if relative else 0.0), py + (y if relative else 0.0)))
            x, y = pairs[-1][0] + (x if relative else 0.0), pairs[-1][1] + (y if relative else 0.0)
        points.append((x, y))
        if upper == "M":
            start_x, start_y = x, y
            command = "l" if relative else "L"  # further pairs after M are lines
    return _box_of(points, _IDENTITY)


def _path_segments(d: str) -> list[tuple[tuple[float, float], tuple[float, float]]] | None:
    """The straight segments (M/L/H/V/Z) of a path, in its own coordinates; curves and arcs only move the
    pen. None for a path that cannot be read."""
    segments = []
    x = y = start_x = start_y = 0.0
    command = ""
    tokens = _PATH_TOKEN.findall(d)
    sizes = {"M": 2, "L": 2, "T": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "A": 7, "Z": 0}
    i = 0
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                if (x, y) != (start_x, start_y):
                    segments.append(((x, y), (start_x, start_y)))
                x, y = start_x, start_y
                continue
        if not command:
            return None
        upper, relative = command.upper(), command.islower()
        size = sizes[upper]
        if i + size > len(tokens) or any(t.isalpha() for t in tokens[i:i + size]):
            return None
        n = [float(t) for t in tokens[i:i + size]]
        i += size
        before = (x, y)
        if upper == "H":
            x = n[0] + (x if relative else 0.0)
        elif upper == "V":
            y = n[0] + (y if relative else 0.0)
        else:
            x, y = n[-2] + (x if relative else 0.0), n[-1] + (y if relative else 0.0)
        if upper in "LHV":
            segments.append((before, (x, y)))
        if upper == "M":
            start_x, start_y = x, y
            command = "l" if relative else "L"
    return segments
