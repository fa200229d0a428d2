"""The verb ``text(s, x, y, w, h, ...)``: laid-out text as glyph outlines, with a preflight look at its colour."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from deckgen.render.verbs.face import Face
from deckgen.text.jinja import make_text_function


def text(face: Face, s: Any, x: float, y: float, w: float, h: float, font: str = "body", size: float = 3.2,
         min_size: float | None = None, align: str = "center", valign: str = "middle", fill: str = "#000",
         line_height: float = 1.2, letter_spacing: float = 0, name: str | None = None,
         max_lines: int | None = None, hyphenate: bool = True) -> Markup:
    """Text ``s`` (card markup: icons, emphasis) laid out in the box x, y, w, h (mm) in the font role ``font``
    at ``size`` mm, shrunk down to ``min_size`` to fit; drawn as glyph outlines (deckgen.text).
    ``hyphenate=false`` breaks between words only (titles, names).

    Overflow, missing glyphs and ink outside the safe zone are problems at the
    text's language-file line, and so is a text under the floor of printed
    text (``min_text_pt``: a warning before ``format: 3``); a nearly black ``fill`` that is not neutral is
    a preflight warning at the template line.
    """
    warning = almost_black(fill)
    if warning:
        face.report(warning, warning=True, about_face=False)  # one per template line
    drawn = face.memo.get(text)
    if drawn is None:
        from deckgen.text.floor import floor_is_error, project_floor

        g = face.geo
        kind = "cards" if getattr(face.renderer, "deck", None) is not None else "documents"
        drawn = face.memo[text] = make_text_function(
            face.fonts, face.icons, face.lang, face.problems, safe_rect=(g.safe.x, g.safe.y, g.safe.x1, g.safe.y1),
            subject=face.subject, locate=face.where, max_chars=face.limits.string,
            floor=project_floor(face.project).mm(kind), floor_kind=kind, floor_error=floor_is_error(face.project))
    return drawn(s, x, y, w, h, font, size, min_size, align, valign, fill, line_height, letter_spacing, name,
                 max_lines, hyphenate)


def almost_black(colour: Any) -> str | None:
    """Why text in ``colour`` would print badly in CMYK: nearly black but not a neutral grey, so it
    converts to four inks (a rich black) whose plates, slightly off register, blur small type.
    None for a neutral colour (#000000 prints as 100 % K) or one that is not dark."""
    code = str(colour or "").strip().lower()
    if len(code) == 4 and code.startswith("#"):
        code = "#" + "".join(c * 2 for c in code[1:])
    if len(code) != 7 or not code.startswith("#"):
        return None
    try:
        r, g, b = (int(code[i:i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        return None
    if max(r, g, b) > 0x30 or r == g == b:
        return None
    return (f"text in {code} is almost black but not neutral: it prints in four inks and blurs when the "
            f"plates shift; use #000000 (printed 100 % K) or a neutral grey")
