"""What the cut-safe check reads: a deck's boxes and roles (style.yaml and the deck's ``style:``), and the
boxes each template names in ``box("NAME")``, made into the drawn elements of a face.

Every box and role keeps where it was written, so that a problem is
reported at its line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

import jinja2
from jinja2 import nodes

from deckgen.checks.cutsafe_geometry import polygon
from deckgen.checks.cutsafe_rules import ROLES, SHAPES, Element, Role
from deckgen.errors import DeckgenError, Problem
from deckgen.model import CardSize, Deck, Game, Project
from deckgen.yamlpos import Located, load_yaml


@dataclass
class DeckStyle:
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


def read_style(style: Mapping[str, Any], doc: Located | None, prefix: tuple, out: DeckStyle,
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


def style_docs(project: Project, game: Game) -> tuple[Located | None, Located | None]:
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


def named_boxes(dirs: tuple[str, ...], name: str) -> frozenset[str]:
    """Box names a template (and what it extends, imports, includes) passes to box() as literals."""
    from deckgen.boundary import stays_inside
    from deckgen.render.compiled import parse_once, per_tree
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
        if tree is not None:
            found |= per_tree(tree, "boxes", _box_literals)
    return frozenset(found)


def _box_literals(tree: nodes.Template) -> frozenset[str]:
    """The box names one template passes to box() as literals."""
    return frozenset(call.args[0].value for call in tree.find_all(nodes.Call)
                     if isinstance(call.node, nodes.Name) and call.node.name == "box" and call.args
                     and isinstance(call.args[0], nodes.Const) and isinstance(call.args[0].value, str))


def elements_of(style: DeckStyle, names: Iterable[str], size: CardSize, problems: list[Problem]) -> list[Element]:
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
            out.append(Element(name, role.role, rect, polygon(role.shape, *rect), stroke, how))
    return out


def deck_templates(deck: Deck) -> list[str]:
    names = [deck.front, deck.back]
    for d in (deck, *deck.variants.values()):
        for card in d.cards:
            names += [t for t in (card.front, card.back) if t]
    return list(dict.fromkeys(names))


def corners(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a box given as (x, y, width, height)."""
    x, y, w, h = box
    return x, y, x + w, y + h


def missing_boxes(style: DeckStyle, boxes: Iterable[str], problems: list[Problem]) -> None:
    """A role of ``style`` naming no box of ``boxes``."""
    boxes = set(boxes)
    for name in style.roles:
        if name not in boxes:
            at = style.role_at[name]
            problems.append(Problem(at.file, at.line, at.column, at.field, f"no box {name!r} under boxes"))


def template_label(root: Path, dirs: tuple[str, ...], name: str) -> str:
    for d in dirs:
        path = Path(d) / name
        if path.is_file():
            try:
                return str(path.resolve().relative_to(Path(root).resolve()))
            except ValueError:
                return name
    return name
