"""The ``text(...)`` function templates call to place laid-out text.

Every problem (overflow, missing glyphs, unknown icons, ink outside the safe
zone) becomes a located :class:`deckgen.errors.Problem`: at the line of the
language file the text was written on when the text came from one (a
:class:`deckgen.strings.Text`), naming the template line of its box;
otherwise at the template line itself.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from markupsafe import Markup

from deckgen.errors import Problem
from deckgen.strings import where_of

from . import room
from .fonts import FontSet
from .layout import Icon, TextBox, layout_text
from .markup import parse, plain
from .plurals import plural


def _label(s: str, name: str | None) -> str:
    if name:
        return name
    items, _ = parse(s)
    words = plain(items).split()
    label = ""
    for w in words:
        if label and len(label) + 1 + len(w) > 32:
            return label + "…"
        label = f"{label} {w}" if label else w
    return label


def safe_zone_excess(boxes, safe_rect) -> float:
    """How far (mm) the farthest ink box reaches outside ``safe_rect``; 0 if inside."""
    x0, y0, x1, y1 = safe_rect
    worst = 0.0
    for bx0, by0, bx1, by1 in boxes:
        worst = max(worst, x0 - bx0, y0 - by0, bx1 - x1, by1 - y1)
    return worst


def text_problem(s: str, message: str, subject: str, name: str | None,
                 template_at: tuple[str | None, int | None]) -> Problem:
    """A problem with text ``s``: at its lang-file line if it has one, else at the template line."""
    tfile, tline = template_at
    box = f"{tfile}:{tline}" if tfile and tline else (tfile or "the template")
    where = where_of(s)
    if where is not None and where.file:
        return Problem(where.file, where.line, where.column, where.field,
                       f"{message} (box at {box}{', ' + subject if subject else ''})")
    label = _label(s, name)
    return Problem(tfile, tline, None, None, f"{subject + ': ' if subject else ''}{label!r}: {message}")


def _number(name: str, value: Any) -> float:
    """``value`` of text()'s argument ``name`` as a number, or a ValueError that says which argument."""
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ValueError(f"text() {name}={value!r}: not a number (sizes and positions are numbers, in mm)") from None


def make_text_function(fonts: FontSet, icons: dict[str, Icon], lang: str, report: list,
                       safe_rect: tuple[float, float, float, float] | None = None, subject: str = "",
                       locate: Callable[[], tuple[str | None, int | None]] = lambda: (None, None),
                       max_chars: int | None = None, floor: float | None = None, floor_kind: str = "cards",
                       floor_error: bool = False) -> Callable:
    """Build ``text(s, x, y, w, h, ...)`` for a template rendering one face in ``lang``.

    ``subject`` names the face in messages (``card coins-5 [ru]``); ``locate``
    returns the template file and line of the call being made; ``max_chars``
    is the longest text it lays out (the project's ``limits.string``).
    ``floor`` (mm) is the smallest text size of ``floor_kind`` (cards,
    documents: :mod:`deckgen.text.floor`); a text under it is an error with
    ``floor_error``, else a warning.
    """
    longest = {} if max_chars is None else {"max_chars": max_chars}

    def text(s, x, y, w, h, font="body", size=3.2, min_size=None, align="center", valign="middle",
             fill="#000", line_height=1.2, letter_spacing=0, name=None, max_lines=None,
             hyphenate=True) -> Markup:
        s = "" if s is None else s if isinstance(s, str) else str(s)
        box = TextBox(_number("x", x), _number("y", y), _number("w", w), _number("h", h))
        res = layout_text(s, box, fonts=fonts, icons=icons, font=font, size=_number("size", size),
                          min_size=None if min_size is None else _number("min_size", min_size),
                          align=align, valign=valign, lang=lang, line_height=_number("line_height", line_height),
                          fill=fill, letter_spacing=_number("letter_spacing", letter_spacing), max_lines=max_lines,
                          floor=floor, hyphenate=bool(hyphenate), **longest)
        if room.active():
            _record_room(s, box, _number("size", size), _number("line_height", line_height), res, max_lines)
        messages = list(res.problems)
        if safe_rect is not None:
            excess = safe_zone_excess(res.ink_boxes, safe_rect)
            if excess > 0.01:
                messages.append(f"outside the safe zone by {excess:.2f} mm")
        warnings = [f"its last line is the lone word {runt!r}: no better break at this size (rephrase, or "
                    f"give the box more room)" for runt in res.runts]
        if res.under_floor and floor is not None:
            from .floor import floor_message

            (messages if floor_error else warnings).append(
                floor_message(res.size, _number("size", size), floor, floor_kind))
        if res.parted:
            warnings.append("words the breaking rules keep together (a name, a number and its unit, a formula) "
                            "had to part to fit the box at the smallest size (shorten the text, or give the box "
                            "more room)")
        if messages or warnings:
            at = locate()
            for message in messages:
                report.append(text_problem(s, message, subject, name, at))
            for message in warnings:
                report.append(replace(text_problem(s, message, subject, name, at), warning=True))
        return Markup(res.svg)

    return text


def _record_room(s: str, box: TextBox, size: float, line_height: float, res, max_lines) -> None:
    """Note the box of a text that came from a language file (for the translators' room hints)."""
    where = where_of(s)
    if where is not None and where.file and where.field:
        room.record(room.Room(where.file, where.field, box.w, box.h, size, line_height, len(res.lines),
                              int(max_lines) if max_lines else None))


def make_plural_function(lang: str) -> Callable:
    """``plural(n, one=..., few=..., many=..., other=...)`` for templates."""

    def _plural(n, **forms):
        return plural(n, lang, forms)

    return _plural
