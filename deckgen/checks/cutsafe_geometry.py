"""Convex polygons in mm, for the cut-safe check: a box's outline, containment, overlap and distances.

A box is drawn as a rectangle, an ellipse (a circumscribed polygon of
72 sides, never closer than the ellipse) or a diamond.  Points on an
outline count as inside it; touching polygons count as apart.
"""

from __future__ import annotations

import math

#: Lengths (mm) closer than this count as equal.
EPS = 1e-6
_ELLIPSE_POINTS = 72


def polygon(shape: str, x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    """The outline of ``shape`` drawn in the box from (x0, y0) to (x1, y1)."""
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


def inside(point, poly) -> bool:
    """``point`` inside the convex ``poly`` or on its outline."""
    px, py = point
    sign = 0.0
    for (ax, ay), (bx, by) in _edges(poly):
        cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
        if abs(cross) <= EPS * max(1.0, math.hypot(bx - ax, by - ay)):
            continue
        if sign == 0.0:
            sign = cross
        elif (cross > 0) != (sign > 0):
            return False
    return True


def contains(outer, inner) -> bool:
    return all(inside(p, outer) for p in inner)


def separated(a, b) -> bool:
    """Convex polygons ``a`` and ``b`` do not overlap (touching counts as separated)."""
    for poly in (a, b):
        for (ax, ay), (bx, by) in _edges(poly):
            nx, ny = ay - by, bx - ax
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            tol = EPS * max(1.0, math.hypot(nx, ny))
            if max(pa) <= min(pb) + tol or max(pb) <= min(pa) + tol:
                return True
    return False


def _point_segment(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def gap(a, b) -> float:
    """Distance between two separated convex polygons."""
    return min(min(_point_segment(p, *e) for p in a for e in _edges(b)),
               min(_point_segment(p, *e) for p in b for e in _edges(a)))


def depth(inner, outer) -> float:
    """How far ``inner`` (inside the convex ``outer``) keeps from ``outer``'s outline."""
    return min(_point_segment(p, *e) for p in inner for e in _edges(outer))
