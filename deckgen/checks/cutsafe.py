"""The cut-safe check: card designs that survive a cut 1-1.5 mm off.

Guillotines and home cutters drift.  A frame 1-2 mm inside the trim shows
it at once (one side thick, the other thin), a corner index near the edge
is cut into, and elements that almost touch look like a mistake.  So, for
the named layout boxes of style.yaml (and of a deck's own ``style:``) that
say what they are under ``roles:``::

    boxes:
      frame: [3.8, 3.8, 55.4, 80.4]
      index-top-left: [6, 6, 10, 14]
    roles:
      frame: frame                                  # a line along the box's outline
      index-top-left: {role: index, turn: card}     # also drawn turned 180° round the card's centre

the rules are:

* a ``frame`` (a line drawn along its box) or a ``band`` (a filled band or
  panel whose edges show) either bleeds off — the edge reaches the outer
  edge of the bleed — or its ink stays at least 3.5 mm inside the trim, on
  every edge (a frame's ink is its box line plus half its ``stroke``);
* an ``index`` keeps at least 4 mm inside the trim;
* an important box (``index`` or ``content``) keeps 2 mm from the box of
  every other element drawn on the same face: from an ``art`` or ``band``
  box or another index it either keeps 2 mm or lies inside it (laid out in
  it), from a frame's line it keeps 2 mm on either side.  Two ``content``
  boxes are not compared: the designer stacks words on purpose;
* on a round card (a token: ``shape: round``) an important box lies inside
  the circle the deck's ``safe`` margin inside the cut, corners included.

A box is on a face when the face's template (or a template it extends,
imports or includes) names it in ``box("NAME")``; the box, its turned copy
(``turn:``) and its ``shape`` (``rect``, ``ellipse``, ``diamond``) give the
outline measured.  A box without a role is not checked.  Each problem is
reported at the box's line, e.g.::

    data/classic/style.yaml:19:3: boxes.frame: a frame 1.4 mm inside the trim shows a miscut: let it bleed off or keep it 3.5 mm in

:func:`cut_problems` runs the rules for one game, at its decks' sizes or
at another trim (a print shop's).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

import jinja2
from jinja2 import nodes

from deckgen.errors import DeckgenError, Problem
from deckgen.layout.retarget import retarget_box
from deckgen.model import CardSize, Deck, Game, Project
from deckgen.registry import Check, CheckContext
from deckgen.yamlpos import Located, load_yaml

#: Ink of a frame or band edge that does not bleed off stays this far inside the trim (mm).
FRAME_INSET = 3.5
#: A corner index stays this far inside the trim (mm).
INDEX_INSET = 4.0
#: An important box keeps this far from other elements (mm).
CLEARANCE = 2.0
ROLES = ("frame", "band", "index", "content", "art")
IMPORTANT = ("index", "content")
SHAPES = ("rect", "ellipse", "diamond")
_EPS = 1e-6
_ELLIPSE_POINTS = 72


@dataclass(frozen=True)
class Role:
    """What a box is, as ``roles:`` says."""

    role: str
    turn: str | None = None
    shape: str = "rect"
    stroke: float | None = None


@dataclass(frozen=True)
class Element:
    """One drawn copy of a box with a role, as a convex polygon in mm from the trim's top-left corner."""

    name: str
    role: str
    rect: tuple[float, float, float, float]  # x0, y0, x1, y1 of this copy
    polygon: tuple[tuple[float, float], ...]
    stroke: float
    turned: str | None  # None, or how this copy is turned ("round the card's centre")

    @property
    def label(self) -> str:
        return f"{self.name} ({self.turned})" if self.turned else self.name


# ------------------------------------------------------------------ geometry


def _polygon(shape: str, x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    if shape == "diamond":
        return ((cx, y0), (x1, cy), (cx, y1), (x0, cy))
    if shape == "ellipse":  # circumscribed polygon, its sides touching the box's edges: never closer than the ellipse
        k = 1 / math.cos(math.pi / _ELLIPSE_POINTS)
        steps = [2 * math.pi * (i + 0.5) / _ELLIPSE_POINTS for i in range(_ELLIPSE_POINTS)]
        return tuple((cx + rx * k * math.cos(a), cy + ry * k * math.sin(a)) for a in steps)
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _edges(poly):
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def _inside(point, poly) -> bool:
    """``point`` inside the convex ``poly`` or on its outline."""
    px, py = point
    sign = 0.0
    for (ax, ay), (bx, by) in _edges(poly):
        cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
        if abs(cross) <= _EPS * max(1.0, math.hypot(bx - ax, by - ay)):
            continue
        if sign == 0.0:
            sign = cross
        elif (cross > 0) != (sign > 0):
            return False
    return True


def _contains(outer, inner) -> bool:
    return all(_inside(p, outer) for p in inner)


def _separated(a, b) -> bool:
    """Convex polygons ``a`` and ``b`` do not overlap (touching counts as separated)."""
    for poly in (a, b):
        for (ax, ay), (bx, by) in _edges(poly):
            nx, ny = ay - by, bx - ax
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            tol = _EPS * max(1.0, math.hypot(nx, ny))
            if max(pa) <= min(pb) + tol or max(pb) <= min(pa) + tol:
                return True
    return False


def _point_segment(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _gap(a, b) -> float:
    """Distance between two separated convex polygons."""
    return min(min(_point_segment(p, *e) for p in a for e in _edges(b)),
               min(_point_segment(p, *e) for p in b for e in _edges(a)))


def _depth(inner, outer) -> float:
    """How far ``inner`` (inside the convex ``outer``) keeps from ``outer``'s outline."""
    return min(_point_segment(p, *e) for p in inner for e in _edges(outer))


# ------------------------------------------------------------------ the rules


def _edge_inset(pos: float, length: float, low: bool, bleed: float, half_stroke: float) -> float | None:
    """None if the edge at ``pos`` bleeds off or keeps FRAME_INSET; else its ink's distance inside the trim."""
    if (low and pos <= -bleed + _EPS) or (not low and pos >= length + bleed - _EPS):
        return None
    inset = min(pos, length - pos) - half_stroke
    return None if inset >= FRAME_INSET - _EPS else inset


def _edge_problem(element: Element, size: CardSize) -> str | None:
    x0, y0, x1, y1 = element.rect
    half = element.stroke / 2
    found = {}
    for side, pos, length, low in (("left", x0, size.width, True), ("top", y0, size.height, True),
                                    ("right", x1, size.width, False), ("bottom", y1, size.height, False)):
        inset = _edge_inset(pos, length, low, size.bleed, half)
        if inset is not None:
            found[side] = inset
    if not found:
        return None
    worst = min(found.values())
    what = "a frame" if element.role == "frame" else "a band"
    where = "" if len(found) == 4 else f" (its {_join(list(found))} edge{'s' if len(found) > 1 else ''})"
    if worst < -_EPS:
        return (f"{what} ending {-worst:.1f} mm into the bleed{where} shows a miscut: let it reach the "
                f"bleed's edge ({size.bleed:g} mm out) or keep it {FRAME_INSET:g} mm in")
    return (f"{what} {_mm(worst, FRAME_INSET)} mm inside the trim{where} shows a miscut: let it bleed off or keep it "
            f"{FRAME_INSET:g} mm in")


def _index_problem(element: Element, size: CardSize) -> str | None:
    x0, y0, x1, y1 = element.rect
    inset = min(x0, y0, size.width - x1, size.height - y1)
    if inset >= INDEX_INSET - _EPS:
        return None
    return (f"a corner index {_mm(inset, INDEX_INSET)} mm from the trim is cut into by a miscut: keep it "
            f"{INDEX_INSET:g} mm inside the trim")


def _round_problem(element: Element, size: CardSize) -> str | None:
    """On a round card: how far an important box's farthest corner strays outside the safe circle, or None."""
    cx, cy = size.width / 2, size.height / 2
    limit = min(size.width, size.height) / 2 - size.safe
    reach = max(math.hypot(x - cx, y - cy) for x, y in element.polygon)
    if reach <= limit + _EPS:
        return None
    return (f"reaches {reach:.1f} mm from the centre of a round card: keep it inside the circle {size.safe:g} mm "
            f"inside the cut ({limit:g} mm from the centre)")


def _clearance_problem(a: Element, b: Element) -> str | None:
    """What is wrong between important ``a`` and another element ``b``, or None."""
    if a.rect == b.rect and a.name == b.name:
        return None
    if b.role == "frame":
        half = b.stroke / 2
        if _contains(b.polygon, a.polygon):
            distance = _depth(a.polygon, b.polygon) - half
        elif _separated(a.polygon, b.polygon):
            distance = _gap(a.polygon, b.polygon) - half
        else:
            return f"crosses the line of {b.label}: keep important elements {CLEARANCE:g} mm from other elements"
        what = f"the line of {b.label}"
    else:
        if _contains(b.polygon, a.polygon) or _contains(a.polygon, b.polygon):
            return None  # laid out one inside the other
        if not _separated(a.polygon, b.polygon):
            return (f"overlaps {b.label}: keep important elements {CLEARANCE:g} mm from other elements "
                    f"(or inside them)")
        distance = _gap(a.polygon, b.polygon) - (a.stroke + b.stroke) / 2
        what = b.label
    if distance >= CLEARANCE - _EPS:
        return None
    return f"{_mm(max(distance, 0), CLEARANCE)} mm from {what}: keep important elements {CLEARANCE:g} mm from other elements"


def _mm(value: float, limit: float) -> str:
    """``value`` (below ``limit``) to one decimal, or two where one would round it up to the limit."""
    return f"{value:.1f}" if round(value, 1) < limit else f"{math.floor(value * 100) / 100:.2f}"


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# ------------------------------------------------------------------ reading boxes, roles, templates


@dataclass
class _Style:
    """Boxes, roles and values of one deck (game style merged with the deck's), with where each was written."""

    boxes: dict[str, tuple[float, float, float, float]]
    roles: dict[str, Role]
    values: dict[str, Any]
    box_at: dict[str, Problem]  # a problem template located at the box's line
    role_at: dict[str, Problem]


def _role(raw: Any) -> Role | str:
    """The Role of a ``roles:`` entry, or why it is not one."""
    if isinstance(raw, str):
        raw = {"role": raw}
    if not isinstance(raw, Mapping):
        return "a role (frame, band, index, content, art) or a mapping with 'role'"
    unknown = set(raw) - {"role", "turn", "shape", "stroke", "note"}
    if unknown:
        return f"unknown key {sorted(unknown)[0]!r} (a role takes role, turn, shape, stroke, note)"
    if raw.get("role") not in ROLES:
        return f"role {raw.get('role')!r} is none of {', '.join(ROLES)}"
    if raw.get("shape", "rect") not in SHAPES:
        return f"shape {raw.get('shape')!r} is none of {', '.join(SHAPES)}"
    stroke = raw.get("stroke")
    if stroke is not None and (not isinstance(stroke, (int, float)) or stroke < 0):
        return "stroke must be a width in mm"
    turn = raw.get("turn")
    if turn is not None and not isinstance(turn, str):
        return "turn must be 'card' or the name of a box"
    return Role(raw["role"], turn, raw.get("shape", "rect"), None if stroke is None else float(stroke))


def _read_style(style: Mapping[str, Any], doc: Located | None, prefix: tuple, out: _Style,
                problems: list[Problem]) -> None:
    file = doc.file if doc is not None else None

    def at(path: tuple) -> Problem:
        if doc is None:
            return Problem(file, None, None, ".".join(map(str, prefix + path)), "")
        return doc.problem(prefix + path, "")

    for name, value in (style.get("boxes") or {}).items():
        try:
            x, y, w, h = (float(v) for v in value)
        except (TypeError, ValueError):
            continue  # the schema (or rendering) reports a malformed box
        out.boxes[name] = (x, y, x + w, y + h)
        out.box_at[name] = at(("boxes", name))
    for name, raw in (style.get("roles") or {}).items():
        role = _role(raw)
        out.role_at[name] = at(("roles", name))
        if isinstance(role, str):
            p = out.role_at[name]
            problems.append(Problem(p.file, p.line, p.column, p.field, role))
            continue
        out.roles[name] = role
    out.values.update(style.get("values") or {})


def _style_doc(project: Project, game: Game) -> tuple[Located | None, Located | None]:
    """(game.yaml, style.yaml) of ``game`` with their line numbers."""
    game_file = game.source.file if game.source else f"data/{game.id}/game.yaml"
    try:
        game_doc = load_yaml(project.root / game_file, game_file)
    except DeckgenError:
        return None, None
    name = (game_doc.data or {}).get("style")
    if not name:
        return game_doc, None
    rel = f"data/{game.id}/{name}"
    try:
        return game_doc, load_yaml(Path(game.directory) / name, rel)
    except DeckgenError:
        return game_doc, None


def _template_boxes(dirs: tuple[str, ...], name: str) -> frozenset[str]:
    """Box names a template (and what it extends, imports, includes) passes to box() as literals."""
    from deckgen.boundary import stays_inside
    from deckgen.render.compiled import parse_once
    from deckgen.render.reads import template_chain

    env = jinja2.Environment()

    def load(current: str) -> nodes.Template | None:
        if ".." in Path(current).parts or Path(current).is_absolute():
            return None  # not a template Jinja would load: nothing outside the template folders is read
        folder = next((Path(d) for d in dirs if (Path(d) / current).is_file()), None)
        path = None if folder is None else folder / current
        if folder is not None and path is not None and not stays_inside(path, folder):
            return None  # a link out of its folder: rendering refuses it, and it is never read
        try:
            return None if path is None else parse_once(env, path.read_text(encoding="utf-8"))
        except jinja2.TemplateSyntaxError:
            return None  # rendering reports it

    found: set[str] = set()
    for _name, tree in template_chain(load, name):
        for call in tree.find_all(nodes.Call) if tree is not None else ():
            if (isinstance(call.node, nodes.Name) and call.node.name == "box" and call.args
                    and isinstance(call.args[0], nodes.Const) and isinstance(call.args[0].value, str)):
                found.add(call.args[0].value)
    return frozenset(found)


def _elements(style: _Style, names: Iterable[str], size: CardSize, problems: list[Problem]) -> list[Element]:
    """Every drawn copy of the boxes with a role among ``names``."""
    out = []
    for name in sorted(names):
        role = style.roles.get(name)
        if role is None or name not in style.boxes:
            continue
        x0, y0, x1, y1 = style.boxes[name]
        stroke = role.stroke
        if stroke is None:
            width = style.values.get(name.replace("-", "_") + "_width")
            stroke = float(width) if isinstance(width, (int, float)) else 0.0
        copies: list[tuple[tuple[float, float, float, float], str | None]] = [((x0, y0, x1, y1), None)]
        if role.turn:
            centre: tuple[float, float, str] | None = None  # (x, y, how the copy is turned)
            if role.turn == "card":
                centre = size.width / 2, size.height / 2, "turned 180° round the card's centre"
            elif role.turn in style.boxes:
                bx0, by0, bx1, by1 = style.boxes[role.turn]
                centre = (bx0 + bx1) / 2, (by0 + by1) / 2, f"turned 180° round {role.turn}'s centre"
            else:
                p = style.role_at[name]
                problems.append(Problem(p.file, p.line, p.column, p.field,
                                        f"turn: {role.turn!r} is neither 'card' nor a box"))
            if centre is not None:
                cx, cy, turned = centre
                copies.append(((2 * cx - x1, 2 * cy - y1, 2 * cx - x0, 2 * cy - y0), turned))
        for rect, how in copies:
            out.append(Element(name, role.role, rect, _polygon(role.shape, *rect), stroke, how))
    return out


def _face_problems(style: _Style, elements: list[Element], size: CardSize) -> list[tuple[str, str | None, str, bool]]:
    """(box name, how the copy is turned or None, message, whether it depends on the face) of one face."""
    found = []
    for element in elements:
        if element.role in ("frame", "band"):
            message = _edge_problem(element, size)
        elif element.role == "index":
            message = _index_problem(element, size)
        else:
            message = None
        if message is None and element.role in IMPORTANT and getattr(size, "round", False):
            message = _round_problem(element, size)
        if message:
            found.append((element.name, element.turned, message, False))
    order = {name: i for i, name in enumerate(style.box_at)}
    for i, a in enumerate(elements):
        for b in elements[i + 1:]:
            if (a.role not in IMPORTANT and b.role not in IMPORTANT) or a.role == b.role == "content":
                continue
            if b.role == "frame" or (a.role in IMPORTANT and b.role not in IMPORTANT):
                important, other = a, b
            elif a.role == "frame" or (b.role in IMPORTANT and a.role not in IMPORTANT):
                important, other = b, a
            else:  # two important boxes: report at the one written first
                important, other = (a, b) if order.get(a.name, 0) <= order.get(b.name, 0) else (b, a)
            message = _clearance_problem(important, other)
            if message:
                found.append((important.name, important.turned, message, True))
    return found


def _deck_templates(deck: Deck) -> list[str]:
    names = [deck.front, deck.back]
    for d in (deck, *deck.variants.values()):
        for card in d.cards:
            names += [t for t in (card.front, card.back) if t]
    return list(dict.fromkeys(names))


def cut_problems(project: Project, game: Game, size: CardSize | None = None) -> list[Problem]:
    """The cut-safe problems of every deck of ``game``, at each deck's size (or at ``size``).

    A problem that a box and its turned copy share, or that several faces
    share, is reported once, naming the faces.
    """
    from deckgen.render.templates import template_dirs

    game_doc, style_doc = _style_doc(project, game)
    problems: list[Problem] = []
    base = _Style({}, {}, {}, {}, {})
    _read_style(game.style, style_doc, (), base, problems)
    dirs = tuple(str(d) for d in template_dirs(project.root, game.id))
    # (where the box is written, message) -> [copies turned (None: not turned)], [faces]
    found: dict[tuple[Problem, str], tuple[list, list]] = {}
    used: dict[str, frozenset[str]] = {}  # template -> the boxes it names
    every_box = set(base.boxes)
    for deck in game.decks.values():
        style = _Style(dict(base.boxes), dict(base.roles), dict(base.values), dict(base.box_at), dict(base.role_at))
        if deck.style:
            own = _Style({}, {}, {}, {}, {})
            _read_style(deck.style, game_doc, ("decks", deck.id, "style"), own, problems)
            for part in ("boxes", "roles", "values", "box_at", "role_at"):
                getattr(style, part).update(getattr(own, part))
            every_box |= set(own.boxes)
            _missing_boxes(own, style.boxes, problems)
        deck_size = size or deck.size
        if size is not None and (size.width, size.height, size.bleed) != (deck.size.width, deck.size.height,
                                                                          deck.size.bleed):
            design, actual = (deck.size.width, deck.size.height), (size.width, size.height)  # as box() moves them
            bleeds = (deck.size.bleed, size.bleed)
            style = _Style({n: _corners(retarget_box((b[0], b[1], b[2] - b[0], b[3] - b[1]), design, actual, bleeds))
                            for n, b in style.boxes.items()},
                           style.roles, style.values, style.box_at, style.role_at)
        for template in _deck_templates(deck):
            if template not in used:
                used[template] = _template_boxes(dirs, template)
            elements = _elements(style, used[template], deck_size, problems)
            face = _template_label(project.root, dirs, template)
            for name, turned, message, per_face in _face_problems(style, elements, deck_size):
                copies, faces = found.setdefault((style.box_at[name], message), ([], []))
                copies.append(turned)
                if per_face and face not in faces:
                    faces.append(face)
    _missing_boxes(base, every_box, problems)
    for (at, message), (copies, faces) in found.items():
        if None not in copies:
            message = f"{copies[0]}: {message}"
        if faces:
            message += f" (on {', '.join(faces)})"
        problems.append(Problem(at.file, at.line, at.column, at.field, message))
    return list(dict.fromkeys(problems))


def _corners(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a box given as (x, y, width, height)."""
    x, y, w, h = box
    return x, y, x + w, y + h


def _missing_boxes(style: _Style, boxes: Iterable[str], problems: list[Problem]) -> None:
    """A role of ``style`` naming no box of ``boxes``."""
    boxes = set(boxes)
    for name in style.roles:
        if name not in boxes:
            at = style.role_at[name]
            problems.append(Problem(at.file, at.line, at.column, at.field, f"no box {name!r} under boxes"))


def _template_label(root: Path, dirs: tuple[str, ...], name: str) -> str:
    for d in dirs:
        path = Path(d) / name
        if path.is_file():
            try:
                return str(path.resolve().relative_to(Path(root).resolve()))
            except ValueError:
                return name
    return name


def check_cutsafe(ctx: CheckContext) -> list[Problem]:
    """Frames bleed off or keep 3.5 mm in, indices 4 mm in, important elements 2 mm apart."""
    return cut_problems(ctx.project, ctx.game)


CUTSAFE = Check("cut-safe design", check_cutsafe)


def template_boxes(project: Project, game_id: str, template: str) -> frozenset[str]:
    """The layout boxes a template of ``game_id`` names in ``box()`` (with what it extends, imports, includes)."""
    from deckgen.render.templates import template_dirs

    return _template_boxes(tuple(str(d) for d in template_dirs(project.root, game_id)), template)
