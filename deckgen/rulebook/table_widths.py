"""Column widths of a booklet table from its content, the way browsers size an automatic table.

Each column has a minimum (its longest unbreakable unit: a word, or words joined by no-break
spaces such as "Dunkler Jedi 12") and a maximum (its longest cell set on one line).  When the
maxima fit, every column gets its maximum and the spare room in proportion; when only the minima
fit, every column gets its minimum and the rest in proportion to what it would still like
(maximum − minimum); when not even the minima fit, the minima are scaled down together.  A cell
that is not text (a card picture) has the fixed width it was drawn at.  The sharing out is
deckgen.layout.auto_columns's, which card-face tables use too.
"""

from __future__ import annotations

import re
from typing import Any, Collection, Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth
from deckgen.layout.auto_columns import share_widths
from deckgen.rulebook.paragraph import Paragraph

#: Characters a line may break at inside a table cell (no-break spaces are not among them).
BREAKING = {" ", "\t", "\n"}
#: Room added to a column's minimum so that rounding in reportlab's line breaking never splits its longest unit.
SLACK = 0.5
#: A name cell's line of at most this many characters is kept whole ("Адресная пошлина", "Neue Republik").
NAME_CHARS = 24
#: A no-break space between two letters: inside a name kept whole ("Охотник за головами") or after a short word.
_GLUED = re.compile(r"(?<=[^\W\d_])\u00a0(?=[^\W\d_])")


def _hyphenates(para: Paragraph) -> bool:
    return bool(getattr(para.style, "hyphenationLang", ""))


def _unit_width(chars: list[tuple[str, float]], lang: str | None, hyphen: float) -> float:
    """The width a unit needs on one line: whole, or with ``lang`` its widest piece between hyphenation
    points (and after its own hyphens), a hyphen added."""
    whole = sum(w for _, w in chars)
    if not lang or len(chars) < 2:
        return whole
    from deckgen.text.hyphenate import hyphenation_points

    text = "".join(c for c, _ in chars)
    cuts = set(hyphenation_points(text, lang)) | {i + 1 for i, c in enumerate(text[:-1]) if c == "-"}
    if not cuts:
        return whole
    widest, piece = 0.0, 0.0
    for i, (_c, w) in enumerate(chars):
        if i in cuts:
            widest = max(widest, piece + hyphen)
            piece = 0.0
        piece += w
    return max(widest, piece)


def text_extent(para: Paragraph, lang: str | None = None, name: bool = False) -> tuple[float, float]:
    """(longest unbreakable unit, longest line set unbroken) of a paragraph, in points; with ``lang`` and a
    style that hyphenates, a word's unit is its widest syllable run instead; a ``name`` cell keeps each of
    its lines whole when the line is short (up to :data:`NAME_CHARS` characters: "Адресная пошлина")."""
    lang = lang if _hyphenates(para) else None
    longest_unit = longest_line = 0.0
    hyphen = 0.0
    state = {"line": 0.0, "chars": 0, "words": 0.0}
    unit: list[tuple[str, float]] = []

    def end_word() -> None:
        state["words"] = max(state["words"], _unit_width(unit, lang, hyphen))
        unit.clear()

    def end_line() -> None:
        nonlocal longest_unit, longest_line
        end_word()
        whole = name and state["chars"] <= NAME_CHARS
        longest_unit = max(longest_unit, state["line"] if whole else state["words"])
        longest_line = max(longest_line, state["line"])
        state.update(line=0.0, chars=0, words=0.0)

    for frag in getattr(para, "frags", []) or []:
        if getattr(frag, "lineBreak", False):
            end_line()
            continue
        font, size = frag.fontName, frag.fontSize
        hyphen = stringWidth("-", font, size)
        for ch in getattr(frag, "text", "") or "":
            width = stringWidth(ch, font, size)
            state["line"] += width
            state["chars"] += 1
            if ch in BREAKING:
                end_word()
            else:
                unit.append((ch, width))
        if getattr(frag, "cbDefn", None) is not None:  # an inline image
            width = float(getattr(frag.cbDefn, "width", 0) or 0)
            unit.append(("\ufffc", width))
            state["line"] += width
    end_line()
    return longest_unit, longest_line


def cell_extent(cell: Any, lang: str | None = None, name: bool = False) -> tuple[float, float, bool]:
    """(minimum, maximum) width a cell's content asks for, in points, and whether it may be squeezed below
    its minimum (text that can still break: hyphenated running text)."""
    if isinstance(cell, Paragraph):
        least, most = text_extent(cell, lang, name)
        return least, most, _hyphenates(cell)
    widths = getattr(cell, "_colWidths", None) or getattr(cell, "_argW", None)
    if widths:
        fixed = float(sum(w for w in widths if isinstance(w, (int, float))))
        return fixed, fixed, False
    width = float(getattr(cell, "width", 0) or 0)
    return width, width, False


def extents(rows: Sequence[Sequence[Any]], padding: float = 6.0, lang: str | None = None,
            names: Collection[int] = ()) -> tuple[list[float], list[float], list[bool]]:
    """Per column: its minimum, its maximum and whether it may be squeezed (every cell of it may); the body
    cells of the ``names`` columns keep their short lines whole."""
    columns = max((len(r) for r in rows), default=0)
    low, high, soft = [padding] * columns, [padding] * columns, [True] * columns
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            least, most, squeeze = cell_extent(cell, lang, name=r > 0 and c in names)
            low[c] = max(low[c], least + padding + SLACK)
            high[c] = max(high[c], most + padding, low[c])
            soft[c] = soft[c] and squeeze
    return low, high, soft


def minima_fit(rows: Sequence[Sequence[Any]], available: float, padding: float = 6.0,
               lang: str | None = None, names: Collection[int] = ()) -> bool:
    """Whether every column of ``rows`` gets at least its longest unit in ``available`` points."""
    return sum(extents(rows, padding, lang, names)[0]) <= available + 1e-6


def auto_widths(rows: Sequence[Sequence[Any]], available: float, padding: float = 6.0,
                lang: str | None = None, names: Collection[int] = ()) -> list[float]:
    """Widths of the columns of ``rows`` (cells of Paragraphs or drawn pictures) adding up to ``available``;
    ``padding`` is a cell's left plus right padding, ``lang`` the language hyphenating cells break in."""
    low, high, soft = extents(rows, padding, lang, names)
    return share_widths(low, high, soft, available)


def unglued(xml: str) -> str:
    """A cell's text whose words held together by no-break spaces may part again ("Королева Воздуха
    и Тьмы", "Охотник за головами"), a number staying with its word: the last resort of a table whose
    narrowest columns do not fit the page even hyphenated, before reportlab splits words with no hyphen."""
    return _GLUED.sub(" ", xml)
