"""The duplex calibration sheet: measure how far a printer puts the back side off.

Page 1 (front) carries five crosses, rulers (to see that nothing scaled
the page) and the instructions; page 2 (back) carries, exactly behind each
cross for the chosen duplex mode, an offset grid from -5 to +5 mm.
Printed double-sided at actual size, a pin pushed through the centre of
each cross comes out on the back at the printer's error: the reading at
the centre is the shift of a printer profile (:mod:`deckgen.layout.printer`),
the difference between the left and right (top and bottom) readings gives
its scale.
"""

from __future__ import annotations

import io

from deckgen.layout.papers import PAPERS_MM, mm, paper_label
from deckgen.layout.pdfcanvas import open_canvas
from deckgen.layout.pdfimage import finish

#: Where the targets sit, mm from the page centre: the centre and four towards the corners.
TARGETS = ((0.0, 0.0), (-70.0, 0.0), (70.0, 0.0), (0.0, -100.0), (0.0, 100.0))
SCALE_MM = 5.0

INSTRUCTIONS = [
    "deckgen duplex calibration",
    "1. Print both pages double-sided at actual size (100 %, no 'fit to page'), duplex {duplex} edge.",
    "2. Check the rulers: the bar must measure exactly 100 mm. If not, the print was scaled - print again.",
    "3. Push a pin through the centre of each cross on this side.",
    "4. On the back, read where each pin came out on its grid: X on the top labels (right is +),",
    "   Y on the left labels (up is +), as you look at the back; each small square is 0.5 mm.",
    "5. Save the centre reading:  deckgen calibrate --shift X,Y",
    "   (if the left and right readings differ, add --scale: 1 + (right X - left X) / 140;",
    "   for Y: 1 + (top Y - bottom Y) / 200).",
]


def calibration_pdf(paper: str, duplex: str, font_name: str) -> bytes:
    """The two-page calibration sheet for ``paper`` (a4, letter, ...) and ``duplex`` (long or short)."""
    pw, ph = PAPERS_MM[paper]
    buffer = io.BytesIO()
    canvas = open_canvas((mm(pw), mm(ph)), font_name, "deckgen duplex calibration", buffer)
    cx, cy = pw / 2, ph / 2
    # front: crosses, rulers, words
    canvas.setLineWidth(0.3)
    for dx, dy in TARGETS:
        _cross(canvas, cx + dx, cy + dy)
    _ruler(canvas, cx - 50, cy + 40, 100.0, 10.0, "100 mm", font_name)
    _ruler(canvas, cx - 50.8, cy - 40, 101.6, 25.4, "4 in", font_name)
    canvas.setFont(font_name, 8)
    y = cy - 50  # between the lower ruler and the lowest cross
    for i, line in enumerate(INSTRUCTIONS):
        canvas.setFont(font_name, 11 if i == 0 else 8)
        canvas.drawString(mm(cx - 85), mm(y), line.format(duplex=duplex))
        y -= 6.0 if i == 0 else 4.4
    canvas.setFont(font_name, 6)
    canvas.drawString(mm(18), mm(10), f"front · {paper_label(paper)} · "
                                      f"duplex {duplex}")
    canvas.showPage()
    # back: an offset grid behind every cross (the sheet turned over its long or short edge)
    for dx, dy in TARGETS:
        bx, by = _behind(pw, ph, cx + dx, cy + dy, duplex)
        _scales(canvas, bx, by, font_name)
    canvas.setFont(font_name, 6)
    canvas.drawString(mm(18), mm(10), "back · read X (right +) and Y (up +) where each pin came through")
    canvas.showPage()
    return finish(canvas, buffer)


def _behind(pw: float, ph: float, x: float, y: float, duplex: str) -> tuple[float, float]:
    """The point of the back page that lies behind (x, y) of the front once the sheet is turned."""
    return (pw - x, y) if duplex == "long" else (x, ph - y)


def _cross(canvas, x: float, y: float) -> None:
    canvas.line(mm(x - 8), mm(y), mm(x + 8), mm(y))
    canvas.line(mm(x), mm(y - 8), mm(x), mm(y + 8))
    canvas.circle(mm(x), mm(y), mm(2.5), stroke=1, fill=0)


def _scales(canvas, x: float, y: float, font_name: str) -> None:
    """An offset grid, -5..+5 mm both ways around (x, y): lines every 0.5 mm, every millimetre darker,
    the zero lines bold; X labels along the top, Y labels along the left, outside the grid."""
    s = SCALE_MM
    for i in range(-10, 11):
        v = i * 0.5
        if i == 0:
            canvas.setLineWidth(0.6)
            canvas.setStrokeColorRGB(0, 0, 0)
        elif i % 2 == 0:
            canvas.setLineWidth(0.25)
            canvas.setStrokeColorRGB(0.2, 0.2, 0.2)
        else:
            canvas.setLineWidth(0.12)
            canvas.setStrokeColorRGB(0.55, 0.55, 0.55)
        canvas.line(mm(x + v), mm(y - s), mm(x + v), mm(y + s))
        canvas.line(mm(x - s), mm(y + v), mm(x + s), mm(y + v))
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setFont(font_name, 4)
    for v in range(-4, 5, 2):
        label = f"{v:+d}" if v else "0"
        canvas.drawCentredString(mm(x + v), mm(y + s + 1.0), label)
        canvas.drawRightString(mm(x - s - 0.8), mm(y + v - 0.5), label)
    canvas.setFont(font_name, 5)
    canvas.drawString(mm(x + s + 1.0), mm(y + s + 1.0), "X")
    canvas.drawRightString(mm(x - s - 0.8), mm(y + s + 1.0), "Y")


def _ruler(canvas, x: float, y: float, length: float, major: float, label: str, font_name: str) -> None:
    canvas.setLineWidth(0.25)
    canvas.line(mm(x), mm(y), mm(x + length), mm(y))
    steps = int(round(length / (major / 2 if major == 25.4 else 1.0)))
    step = length / steps
    for i in range(steps + 1):
        at = x + i * step
        is_major = abs((i * step) % major) < 1e-6 or abs((i * step) % major - major) < 1e-6
        canvas.line(mm(at), mm(y), mm(at), mm(y + (3.0 if is_major else 1.5)))
    canvas.setFont(font_name, 6)
    canvas.drawString(mm(x + length + 2), mm(y), label)
