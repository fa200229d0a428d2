"""The verb ``measure(s, width, ...)``: how tall a text would be, to lay out around it."""

from __future__ import annotations

from deckgen.render.verbs.face import Face
from deckgen.text import TextBox, layout_text


def measure(face: Face, s: str, width: float, font: str = "body", size: float = 3.0,
            line_height: float = 1.2) -> float:
    """Height (mm) of ``s`` set in ``width`` at ``size`` (no shrinking, no problems reported)."""
    key = ("measure", str(s), round(float(width), 4), font, round(float(size), 4), float(line_height))
    if key not in face.memo:
        face.memo[key] = layout_text(str(s), TextBox(0.0, 0.0, float(width), 1e6), fonts=face.fonts,
                                     icons=face.icons, font=font, size=float(size), lang=face.lang,
                                     line_height=float(line_height), valign="top").height
    return face.memo[key]
