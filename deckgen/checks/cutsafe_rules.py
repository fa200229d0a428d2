"""The cut-safe rules: how far frames, bands and corner indices keep from the trim, and from each other.

Each rule looks at one drawn copy of a box (:class:`Element`) at one card
size and says what is wrong in words, or None; the numbers are the
constants below (see :mod:`deckgen.checks.cutsafe` for the rules in full).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from deckgen.checks.cutsafe_geometry import EPS, contains, depth, gap, separated
from deckgen.model import CardSize

#: Ink of a frame or band edge that does not bleed off stays this far inside the trim (mm).
FRAME_INSET = 3.5
#: A corner index stays this far inside the trim (mm).
INDEX_INSET = 4.0
#: An important box keeps this far from other elements (mm).
CLEARANCE = 2.0
ROLES = ("frame", "band", "index", "content", "art")
IMPORTANT = ("index", "content")
SHAPES = ("rect", "ellipse", "diamond")


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


def _edge_inset(pos: float, length: float, low: bool, bleed: float, half_stroke: float) -> float | None:
    """None if the edge at ``pos`` bleeds off or keeps FRAME_INSET; else its ink's distance inside the trim."""
    if (low and pos <= -bleed + EPS) or (not low and pos >= length + bleed - EPS):
        return None
    inset = min(pos, length - pos) - half_stroke
    return None if inset >= FRAME_INSET - EPS else inset


def edge_problem(element: Element, size: CardSize) -> str | None:
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
    if worst < -EPS:
        return (f"{what} ending {-worst:.1f} mm into the bleed{where} shows a miscut: let it reach the "
                f"bleed's edge ({size.bleed:g} mm out) or keep it {FRAME_INSET:g} mm in")
    return (f"{what} {_mm(worst, FRAME_INSET)} mm inside the trim{where} shows a miscut: let it bleed off or keep it "
            f"{FRAME_INSET:g} mm in")


def index_problem(element: Element, size: CardSize) -> str | None:
    x0, y0, x1, y1 = element.rect
    inset = min(x0, y0, size.width - x1, size.height - y1)
    if inset >= INDEX_INSET - EPS:
        return None
    return (f"a corner index {_mm(inset, INDEX_INSET)} mm from the trim is cut into by a miscut: keep it "
            f"{INDEX_INSET:g} mm inside the trim")


def round_problem(element: Element, size: CardSize) -> str | None:
    """On a round card: how far an important box's farthest corner strays outside the safe circle, or None."""
    cx, cy = size.width / 2, size.height / 2
    limit = min(size.width, size.height) / 2 - size.safe
    reach = max(math.hypot(x - cx, y - cy) for x, y in element.polygon)
    if reach <= limit + EPS:
        return None
    return (f"reaches {reach:.1f} mm from the centre of a round card: keep it inside the circle {size.safe:g} mm "
            f"inside the cut ({limit:g} mm from the centre)")


def clearance_problem(a: Element, b: Element) -> str | None:
    """What is wrong between important ``a`` and another element ``b``, or None."""
    if a.rect == b.rect and a.name == b.name:
        return None
    if b.role == "frame":
        half = b.stroke / 2
        if contains(b.polygon, a.polygon):
            distance = depth(a.polygon, b.polygon) - half
        elif separated(a.polygon, b.polygon):
            distance = gap(a.polygon, b.polygon) - half
        else:
            return f"crosses the line of {b.label}: keep important elements {CLEARANCE:g} mm from other elements"
        what = f"the line of {b.label}"
    else:
        if contains(b.polygon, a.polygon) or contains(a.polygon, b.polygon):
            return None  # laid out one inside the other
        if not separated(a.polygon, b.polygon):
            return (f"overlaps {b.label}: keep important elements {CLEARANCE:g} mm from other elements "
                    f"(or inside them)")
        distance = gap(a.polygon, b.polygon) - (a.stroke + b.stroke) / 2
        what = b.label
    if distance >= CLEARANCE - EPS:
        return None
    return f"{_mm(max(distance, 0), CLEARANCE)} mm from {what}: keep important elements {CLEARANCE:g} mm from other elements"


def _mm(value: float, limit: float) -> str:
    """``value`` (below ``limit``) to one decimal, or two where one would round it up to the limit."""
    return f"{value:.1f}" if round(value, 1) < limit else f"{math.floor(value * 100) / 100:.2f}"


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
