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
at another trim (a print shop's).  The rules are in
:mod:`~deckgen.checks.cutsafe_rules`, the polygons they measure in
:mod:`~deckgen.checks.cutsafe_geometry`, and what is read of styles and
templates in :mod:`~deckgen.checks.cutsafe_style`.
"""

from __future__ import annotations

from deckgen.checks.cutsafe_rules import (CLEARANCE, FRAME_INSET, IMPORTANT, INDEX_INSET, ROLES, SHAPES, Element,
                                          Role, clearance_problem, edge_problem, index_problem, round_problem)
from deckgen.checks.cutsafe_style import (DeckStyle, corners, deck_templates, elements_of, missing_boxes, named_boxes,
                                          read_style, style_docs, template_label)
from deckgen.errors import Problem
from deckgen.layout.retarget import retarget_box
from deckgen.model import CardSize, Game, Project
from deckgen.registry import Check, CheckContext

#: The rules' numbers and names, imported from here as before the check was split.
__all__ = ["CLEARANCE", "CUTSAFE", "FRAME_INSET", "INDEX_INSET", "ROLES", "SHAPES", "Role", "check_cutsafe",
           "cut_problems", "template_boxes"]


def _face_problems(style: DeckStyle, elements: list[Element], size: CardSize) -> list[tuple[str, str | None, str, bool]]:
    """(box name, how the copy is turned or None, message, whether it depends on the face) of one face."""
    found = []
    for element in elements:
        if element.role in ("frame", "band"):
            message = edge_problem(element, size)
        elif element.role == "index":
            message = index_problem(element, size)
        else:
            message = None
        if message is None and element.role in IMPORTANT and getattr(size, "round", False):
            message = round_problem(element, size)
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
            message = clearance_problem(important, other)
            if message:
                found.append((important.name, important.turned, message, True))
    return found


def cut_problems(project: Project, game: Game, size: CardSize | None = None) -> list[Problem]:
    """The cut-safe problems of every deck of ``game``, at each deck's size (or at ``size``).

    A problem that a box and its turned copy share, or that several faces
    share, is reported once, naming the faces.
    """
    from deckgen.render.templates import template_dirs

    game_doc, style_doc = style_docs(project, game)
    problems: list[Problem] = []
    base = DeckStyle({}, {}, {}, {}, {})
    read_style(game.style, style_doc, (), base, problems)
    dirs = tuple(str(d) for d in template_dirs(project.root, game.id))
    # (where the box is written, message) -> [copies turned (None: not turned)], [faces]
    found: dict[tuple[Problem, str], tuple[list, list]] = {}
    used: dict[str, frozenset[str]] = {}  # template -> the boxes it names
    every_box = set(base.boxes)
    for deck in game.decks.values():
        style = DeckStyle(dict(base.boxes), dict(base.roles), dict(base.values), dict(base.box_at), dict(base.role_at))
        if deck.style:
            own = DeckStyle({}, {}, {}, {}, {})
            read_style(deck.style, game_doc, ("decks", deck.id, "style"), own, problems)
            for part in ("boxes", "roles", "values", "box_at", "role_at"):
                getattr(style, part).update(getattr(own, part))
            every_box |= set(own.boxes)
            missing_boxes(own, style.boxes, problems)
        deck_size = size or deck.size
        if size is not None and (size.width, size.height, size.bleed) != (deck.size.width, deck.size.height,
                                                                          deck.size.bleed):
            design, actual = (deck.size.width, deck.size.height), (size.width, size.height)  # as box() moves them
            bleeds = (deck.size.bleed, size.bleed)
            style = DeckStyle({n: corners(retarget_box((b[0], b[1], b[2] - b[0], b[3] - b[1]), design, actual, bleeds))
                               for n, b in style.boxes.items()},
                              style.roles, style.values, style.box_at, style.role_at)
        for template in deck_templates(deck):
            if template not in used:
                used[template] = named_boxes(dirs, template)
            elements = elements_of(style, used[template], deck_size, problems)
            face = template_label(project.root, dirs, template)
            for name, turned, message, per_face in _face_problems(style, elements, deck_size):
                copies, faces = found.setdefault((style.box_at[name], message), ([], []))
                copies.append(turned)
                if per_face and face not in faces:
                    faces.append(face)
    missing_boxes(base, every_box, problems)
    for (at, message), (copies, faces) in found.items():
        if None not in copies:
            message = f"{copies[0]}: {message}"
        if faces:
            message += f" (on {', '.join(faces)})"
        problems.append(Problem(at.file, at.line, at.column, at.field, message))
    return list(dict.fromkeys(problems))


def check_cutsafe(ctx: CheckContext) -> list[Problem]:
    """Frames bleed off or keep 3.5 mm in, indices 4 mm in, important elements 2 mm apart."""
    return cut_problems(ctx.project, ctx.game)


CUTSAFE = Check("cut-safe design", check_cutsafe)


def template_boxes(project: Project, game_id: str, template: str) -> frozenset[str]:
    """The layout boxes a template of ``game_id`` names in ``box()`` (with what it extends, imports, includes)."""
    from deckgen.render.templates import template_dirs

    return named_boxes(tuple(str(d) for d in template_dirs(project.root, game_id)), template)
