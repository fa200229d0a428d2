"""Draw SVG icon fragments as vector paths on a reportlab canvas.

Icons (``templates/*/icons.yaml``) are small SVG fragments: ``path``,
``circle``, ``ellipse`` and ``rect`` elements.  Documents drawn with
reportlab (reference sheets, boards, later booklets) use this module to
draw them as real PDF paths: no raster, no transparency (a translucent
part is mixed into a solid colour against a known background).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def _tokens(d: str):
    """Commands and numbers of path data; arc flags may be written without separators."""
    i, out = 0, []
    arc_pos = None  # position within an arc's 7 arguments
    while i < len(d):
        ch = d[i]
        if ch in " ,\t\n\r":
            i += 1
            continue
        if ch.upper() in _ARGS:
            out.append(ch)
            arc_pos = 0 if ch in "Aa" else None
            i += 1
            continue
        if arc_pos is not None and arc_pos % 7 in (3, 4) and ch in "01":
            out.append(float(ch))
            i += 1
        else:
            m = _NUMBER.match(d, i)
            if not m:
                raise ValueError(f"bad path data near {d[i:i + 12]!r}")
            out.append(float(m.group()))
            i = m.end()
        if arc_pos is not None:
            arc_pos += 1
    return out


def _arc(x1, y1, rx, ry, phi, large, sweep, x2, y2) -> list[tuple]:
    """An SVG elliptical arc as cubic Bézier segments (SVG spec, appendix F.6)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    c, s = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = c * dx + s * dy, -s * dx + c * dy
    lam = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    coef = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = coef * rx * yp / ry, -coef * ry * xp / rx
    cx, cy = c * cxp - s * cyp + (x1 + x2) / 2, s * cxp + c * cyp + (y1 + y2) / 2

    def angle(ux, uy, vx, vy):
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    t1 = angle(1, 0, (xp - cxp) / rx, (yp - cyp) / ry)
    dt = angle((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    n = max(1, math.ceil(abs(dt) / (math.pi / 2) - 1e-9))
    step = dt / n
    k = 4 / 3 * math.tan(step / 4)

    def at(ux, uy):
        return cx + rx * ux * c - ry * uy * s, cy + rx * ux * s + ry * uy * c

    segments = []
    for i in range(n):
        a1, a2 = t1 + i * step, t1 + (i + 1) * step
        p1 = at(math.cos(a1) - k * math.sin(a1), math.sin(a1) + k * math.cos(a1))
        p2 = at(math.cos(a2) + k * math.sin(a2), math.sin(a2) - k * math.cos(a2))
        segments.append(("C", *p1, *p2, *at(math.cos(a2), math.sin(a2))))
    return segments


def path_segments(d: str) -> list[tuple]:
    """SVG path data -> absolute ('M', x, y) / ('L', x, y) / ('C', 6 numbers) / ('Z',)."""
    toks = _tokens(d)
    out: list[tuple] = []
    x = y = sx = sy = 0.0
    last_c = last_q = None  # reflected control points for S and T
    i, cmd = 0, None
    while i < len(toks):
        if isinstance(toks[i], str):
            cmd = toks[i]
            i += 1
        elif cmd is None:
            raise ValueError("path data must start with a command")
        up, rel = cmd.upper(), cmd.islower()
        n = _ARGS[up]
        args = toks[i:i + n]
        if len(args) < n or any(isinstance(a, str) for a in args):
            raise ValueError(f"command {cmd} needs {n} numbers")
        i += n
        ox, oy = (x, y) if rel else (0.0, 0.0)
        c_ctrl = q_ctrl = None
        if up == "Z":
            out.append(("Z",))
            x, y = sx, sy
        elif up == "M":
            x, y = args[0] + ox, args[1] + oy
            sx, sy = x, y
            out.append(("M", x, y))
            cmd = "l" if rel else "L"  # further pairs are line-tos
        elif up == "L":
            x, y = args[0] + ox, args[1] + oy
            out.append(("L", x, y))
        elif up == "H":
            x = args[0] + (x if rel else 0.0)
            out.append(("L", x, y))
        elif up == "V":
            y = args[0] + (y if rel else 0.0)
            out.append(("L", x, y))
        elif up in "CS":
            if up == "C":
                x1, y1, x2, y2, ex, ey = args[0] + ox, args[1] + oy, args[2] + ox, args[3] + oy, args[4] + ox, args[5] + oy
            else:
                x1, y1 = (2 * x - last_c[0], 2 * y - last_c[1]) if last_c else (x, y)
                x2, y2, ex, ey = args[0] + ox, args[1] + oy, args[2] + ox, args[3] + oy
            out.append(("C", x1, y1, x2, y2, ex, ey))
            c_ctrl, (x, y) = (x2, y2), (ex, ey)
        elif up in "QT":
            if up == "Q":
                qx, qy, ex, ey = args[0] + ox, args[1] + oy, args[2] + ox, args[3] + oy
            else:
                qx, qy = (2 * x - last_q[0], 2 * y - last_q[1]) if last_q else (x, y)
                ex, ey = args[0] + ox, args[1] + oy
            out.append(("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                        ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey))
            q_ctrl, (x, y) = (qx, qy), (ex, ey)
        else:  # A
            ex, ey = args[5] + ox, args[6] + oy
            out.extend(_arc(x, y, args[0], args[1], args[2], bool(args[3]), bool(args[4]), ex, ey))
            x, y = ex, ey
        last_c, last_q = c_ctrl, q_ctrl
    return out


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list[tuple]:
    return [("M", cx + rx, cy), *_arc(cx + rx, cy, rx, ry, 0, False, True, cx - rx, cy),
            *_arc(cx - rx, cy, rx, ry, 0, False, True, cx + rx, cy), ("Z",)]


@dataclass(frozen=True)
class Shape:
    """One filled shape of an icon: segments in viewbox units, fill rule, colour, opacity."""

    segments: tuple
    even_odd: bool
    fill: str | None  # None: the icon's colour
    opacity: float


def icon_shapes(svg: str) -> list[Shape]:
    """Parse an icon's SVG fragment (path, circle, ellipse, rect elements) into shapes."""
    root = ET.fromstring(f"<g>{svg}</g>")
    shapes = []
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[-1]
        num = lambda key, default=0.0: float(el.get(key, default))  # noqa: E731
        if tag == "path":
            segs = path_segments(el.get("d", ""))
        elif tag == "circle":
            segs = _ellipse(num("cx"), num("cy"), num("r"), num("r"))
        elif tag == "ellipse":
            segs = _ellipse(num("cx"), num("cy"), num("rx"), num("ry"))
        elif tag == "rect":
            x, y, w, h = num("x"), num("y"), num("width"), num("height")
            segs = [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
        else:
            continue
        opacity = float(el.get("fill-opacity", 1)) * float(el.get("opacity", 1))
        shapes.append(Shape(tuple(segs), el.get("fill-rule") == "evenodd", el.get("fill"), opacity))
    return shapes


def _blend(color: Color, background: Color, alpha: float) -> Color:
    """``color`` at ``alpha`` over an opaque ``background``, as an opaque colour."""
    return Color(*(alpha * a + (1 - alpha) * b for a, b in
                   zip((color.red, color.green, color.blue), (background.red, background.green, background.blue))))


def draw_icon(canvas, icon, cx: float, cy: float, size: float, color: Color, background: Color) -> None:
    """Draw ``icon`` centred on (cx, cy) pt, ``size`` pt tall, opaque on ``background``."""
    vx, vy, vw, vh = icon.viewbox
    scale = size / vh
    left, top = cx - vw * scale / 2, cy + size / 2

    def pt(x, y):
        return left + (x - vx) * scale, top - (y - vy) * scale

    for shape in icon_shapes(icon.svg):
        # A translucent shape in the icon's colour (a halo) lies on the background;
        # one with its own fill (a highlight) lies on the icon itself.
        if shape.fill:
            canvas.setFillColor(_blend(HexColor(shape.fill), color, shape.opacity))
        else:
            canvas.setFillColor(_blend(color, background, shape.opacity))
        path = canvas.beginPath()
        for seg in shape.segments:
            if seg[0] == "M":
                path.moveTo(*pt(*seg[1:]))
            elif seg[0] == "L":
                path.lineTo(*pt(*seg[1:]))
            elif seg[0] == "C":
                path.curveTo(*pt(*seg[1:3]), *pt(*seg[3:5]), *pt(*seg[5:7]))
            else:
                path.close()
        canvas.drawPath(path, stroke=0, fill=1, fillMode=1 if shape.even_odd else 0)
