"""The verb ``disc_text(s, x, y, w, h, ...)``: text on a round face, each line as wide as the circle lets it be.

A round token's text set in a rectangle wastes the widest part of the disc:
the rectangle must fit inside the circle at its corners.  Here each line is
as wide as the safe circle (the circle inscribed in the face's safe area) is
at that line, within the box ``x, y, w, h``: the lines near the middle run
wide, those near the edge short, and the block is centred in the box.  Words
are never hyphenated; a lone short word is not left on the last line when a
word from the line before can join it.  Each line is drawn by the ``text``
verb at one size, so fit, glyphs, the safe zone and the floor of printed text
(``min_text_pt``) are reported as for any text, at the text's language-file
line.  A text that cannot be set this way even at ``min_size`` is set by
``text`` in the box (which reports what does not fit).
"""

from __future__ import annotations

import math
from typing import Any

from markupsafe import Markup

from deckgen.render.verbs.face import Face
from deckgen.render.verbs.text import text
from deckgen.strings import Text, where_of
from deckgen.text import TextBox, layout_text, typography
from deckgen.text.markup import parse, plain

#: Each size tried is this much smaller than the one before (as the layout engine shrinks).
SHRINK = 0.97
#: Kept clear at each end of a line, inside the circle (mm): ink overhangs and rounding.
LINE_MARGIN = 0.35
#: Words that never start a line (glued to the word before) and never end one (glued to the next).
GLUE_BACK = (":", ";", "!", "?", "»", "›", "—", "–", "%")
GLUE_FORWARD = ("«", "‹", "¿", "¡")
#: A last line of one word this short (letters) is a lone word (as the layout engine counts it).
LONE_LETTERS = 7
#: Narrower widths tried, in turn, to give a last line a second word.
REBALANCE = (0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6)


def words_of(s: str, lang: str = "en") -> list[str]:
    """The units a line may break between: words, with the language's bound spaces (a Russian preposition
    and its word, a French space before ":") and its punctuation kept on its word."""
    items, _ = parse(s, lang)
    bound = plain(typography.apply(items, lang))
    if plain(items) == s:  # plain text (no emphasis): break where the typography lets it
        s = bound
    units: list[str] = []
    glue_next = False
    for word in s.split(" "):
        if not word:
            continue
        if units and (glue_next or word.startswith(GLUE_BACK)):
            units[-1] += " " + word
        else:
            units.append(word)
        glue_next = word.endswith(GLUE_FORWARD)
    return units


def chord(cx: float, cy: float, r: float, top: float, bottom: float) -> float:
    """The width (mm) of the circle over the whole band from ``top`` to ``bottom`` (0 if it misses the band)."""
    far = max(abs(top - cy), abs(bottom - cy))
    return 2 * math.sqrt(r * r - far * far) if far < r else 0.0


def _band_widths(box: TextBox, circle: tuple[float, float, float], pitch: float, n: int,
                 top: float) -> list[tuple[float, float, float]]:
    """(left, top, width) of ``n`` lines ``pitch`` apart from ``top``: the box clipped to the circle."""
    cx, cy, r = circle
    out = []
    for i in range(n):
        y0 = top + i * pitch
        c = chord(cx, cy, r, y0, y0 + pitch) - 2 * LINE_MARGIN
        left, right = max(box.x, cx - c / 2), min(box.x + box.w, cx + c / 2)
        out.append((left, y0, max(0.0, right - left)))
    return out


class _Setter:
    """Breaks one text into lines of given widths at one size, measuring with the layout engine."""

    def __init__(self, face: Face, words: list[str], font: str, size: float):
        self.face, self.words, self.font, self.size = face, words, font, size

    def fits(self, line: str, width: float) -> bool:
        key = ("disc_text fits", line, round(width, 3), self.font, round(self.size, 4))
        memo = self.face.memo
        if key not in memo:
            res = layout_text(line, TextBox(0.0, 0.0, max(width, 1e-3), 1e6), fonts=self.face.fonts,
                              icons=self.face.icons, font=self.font, size=self.size, lang=self.face.lang,
                              align="left", valign="top", line_height=1.0, hyphenate=False)
            memo[key] = len(res.lines) == 1 and res.fits
        return bool(memo[key])

    def lines(self, widths: list[float]) -> list[str] | None:
        """The words broken into at most ``len(widths)`` lines, the last not a lone short word when that
        can be helped; None when they do not fit."""
        found = self._greedy(widths)
        return None if found is None else self._without_lone_word(found, widths)

    def _greedy(self, widths: list[float]) -> list[str] | None:
        out: list[str] = []
        i = 0
        for width in widths:
            if i == len(self.words):
                break
            j = i
            while j < len(self.words) and self.fits(" ".join(self.words[i:j + 1]), width):
                j += 1
            if j == i:
                return None  # a word wider than its line: no hyphenation on a disc
            out.append(" ".join(self.words[i:j]))
            i = j
        return None if i < len(self.words) else out

    def _without_lone_word(self, out: list[str], widths: list[float]) -> list[str]:
        """``out`` unless its last line is a lone short word: then the lines broken narrower (as many of
        them), or the last word of the line before moved down, so the last line carries two words."""
        if not self.lone(out):
            return out
        for factor in REBALANCE:
            again = self._greedy([w * factor for w in widths])
            if again is not None and not self.lone(again):
                return again
        before = out[-2].split(" ")  # else the last word of the line before joins it, if it fits
        moved = " ".join(before[-1:] + [out[-1]])
        if len(before) >= 2 and self.fits(moved, widths[len(out) - 1]):
            return out[:-2] + [" ".join(before[:-1]), moved]
        return out

    @staticmethod
    def lone(out: list[str]) -> bool:
        last = out[-1]
        return len(out) >= 2 and " " not in last and sum(c.isalpha() for c in last) <= LONE_LETTERS


def _top(box: TextBox, n: int, pitch: float, valign: str) -> float:
    """The top of a block of ``n`` lines ``pitch`` apart, placed in ``box`` as ``valign`` says."""
    free = box.h - n * pitch
    return box.y + (0.0 if valign == "top" else free if valign == "bottom" else free / 2)


def plan(face: Face, s: str, box: TextBox, circle: tuple[float, float, float], font: str, size: float,
         min_size: float, line_height: float,
         valign: str = "middle") -> tuple[float, list[tuple[float, float, float]], list[str]] | None:
    """(size, line places, line texts) of ``s`` on the disc, the largest size first; None if it cannot be set."""
    words = words_of(s, face.lang)
    if not words:
        return None
    sizes, z = [], size
    while z > min_size + 1e-9:
        sizes.append(z)
        z = round(z * SHRINK, 4)
    sizes.append(min_size)
    for z in sizes:
        pitch = z * line_height
        setter = _Setter(face, words, font, z)
        lone = None
        for n in range(1, max(1, int((box.h + 1e-6) // pitch)) + 1):  # the fewest lines, placed as valign says
            places = _band_widths(box, circle, pitch, n, _top(box, n, pitch, valign))
            placed = setter.lines([w for _, _, w in places])
            if placed is None or len(placed) < n:
                continue
            if not setter.lone(placed):
                return z, places, placed
            lone = lone or (z, places, placed)  # a lone last word: one more line may give it company
        if lone:
            return lone
    return None


def inscribed(box: TextBox, circle: tuple[float, float, float]) -> TextBox:
    """The part of ``box`` whose corners are all inside the circle (as wide as the circle at its farther edge)."""
    cx, _, _ = circle
    c = chord(*circle, box.y, box.y + box.h)
    left, right = max(box.x, cx - c / 2), min(box.x + box.w, cx + c / 2)
    return TextBox(left, box.y, max(right - left, 1e-3), box.h)


def disc_text(face: Face, s: Any, x: float, y: float, w: float, h: float, font: str = "body", size: float = 3.2,
              min_size: float | None = None, valign: str = "middle", fill: str = "#000", line_height: float = 1.15,
              name: str | None = None) -> Markup:
    """Text ``s`` in the box x, y, w, h (mm) of a round face, each line centred and as wide as the face's safe
    circle is there, at ``size`` mm shrunk down to ``min_size``; words are never hyphenated.  ``valign``
    (top, middle, bottom) places the block in the box.  Problems as ``text`` reports them, at the text's
    language-file line."""
    s = "" if s is None else s if isinstance(s, str) else str(s)
    box = TextBox(float(x), float(y), float(w), float(h))
    g = face.geo
    safe = g.safe
    circle = (safe.x + (safe.x1 - safe.x) / 2, safe.y + (safe.y1 - safe.y) / 2,
              min(safe.x1 - safe.x, safe.y1 - safe.y) / 2)
    smallest = float(size if min_size is None else min(float(min_size), float(size)))
    if valign not in ("top", "middle", "bottom"):
        raise ValueError(f"disc_text() valign must be top, middle or bottom, not {valign!r}")
    found = plan(face, s, box, circle, font, float(size), smallest, float(line_height), valign)
    if found is None:  # too long even at min_size: set in the rectangle inside the circle, which reports it
        r = inscribed(box, circle)
        return text(face, s, r.x, r.y, r.w, r.h, font, size, min_size, "center", valign, fill, line_height, 0, name,
                    None, False)
    z, places, lines = found
    where = where_of(s)
    before = len(face.problems)
    parts = []
    for (left, top, width), line in zip(places, lines):
        line_text: str = Text(line, where) if where is not None else line
        parts.append(str(text(face, line_text, left - LINE_MARGIN, top, width + 2 * LINE_MARGIN, z * 1.6, font,
                              z, None, "center", "top", fill, line_height, 0, name, 1, False)))
    seen: set = set()
    kept = []
    for p in face.problems[before:]:  # one report of a size under the floor, not one per line
        key = (p.file, p.line, p.field, p.message)
        if key not in seen:
            seen.add(key)
            kept.append(p)
    face.problems[before:] = kept
    return Markup("".join(parts))
