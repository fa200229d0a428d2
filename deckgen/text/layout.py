"""Line breaking, alignment and auto-fit of marked-up text inside a box.

All measuring happens in em (multiples of the font size), so a text is
shaped once and only re-broken for each candidate size while shrinking.
Output coordinates are millimetres, y down, like the card's viewBox.

Boxes and sizes can come from other people's files (style.yaml boxes, a
template's numbers), so :func:`layout_text` refuses, with a ValueError the
template reports at its line, a box or size that is not a finite number or
not positive, and a text longer than ``max_chars`` (``limits.string``).
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field

from deckgen.limits import DEFAULT as DEFAULT_LIMITS

from . import typography
from .fonts import Font, FontSet
from .hyphenate import LEFT_MIN, RIGHT_MIN, hyphenation_points
from .markup import Item, parse
from .svg import glyph_path, icon_group, wrap_group

SOFT_HYPHEN = "\u00ad"
ZERO_WIDTH = {"\u2060", "\u200b"}
BREAKING_SPACES = {" ", "\t"}
STRETCHY_SPACES = {" ", "\t", "\u00a0"}
BREAK_AFTER = set("-\u2010\u2013\u2014")
SPACE_CHARS = BREAKING_SPACES | typography.NO_BREAK_SPACES | {"\u2009", SOFT_HYPHEN} | ZERO_WIDTH
SHRINK_FACTOR = 0.98
EPS = 1e-9
HYPHENATE_IF_FREE = {"justify": 0.15, "center": 0.6}  # else 0.25 of the line width
# (centred lines look balanced when ragged: hyphenate them only when a line would be mostly empty)
ALIGNS = ("left", "center", "right", "justify")
VALIGNS = ("top", "middle", "bottom")


@dataclass(frozen=True)
class TextBox:
    """A rectangle in mm (x, y: top-left corner)."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Icon:
    """An inline icon: an SVG fragment drawn in ``viewbox`` (x, y, w, h; y down).

    Placed in text it is ``scale`` em high (None: the font's cap height),
    sits on the baseline, is centred in ``advance`` em of width, and inherits
    the text colour unless the fragment sets its own fill.
    """

    svg: str
    viewbox: tuple[float, float, float, float] = (0, 0, 100, 100)
    advance: float = 1.0
    scale: float | None = None


@dataclass
class LayoutResult:
    svg: str
    fits: bool
    size: float
    overflow: float
    lines: list[str]
    missing: list[str]
    ink_boxes: list[tuple[float, float, float, float]]
    problems: list[str]
    baselines: list[float] = field(default_factory=list)  # y in mm of each line's baseline
    height: float = 0.0  # mm from the top of the first line's ink to the bottom of the last's
    runts: list[str] = field(default_factory=list)  # last lines of paragraphs left as a lone short word
    under_floor: bool = False  # set under the ``floor`` size asked for (deckgen.text.floor), ink and all
    parted: bool = False  # words kept together had to part to fit the box at the smallest size


@dataclass
class _Glyph:
    kind: str  # "glyph" | "space" | "icon"
    char: str  # text for res.lines
    advance: float  # em
    join: float = 0.0  # kerning with the previous unit + letter spacing, em
    font: Font | None = None
    gid: str | None = None
    bounds: tuple[float, float, float, float] | None = None  # em, y up
    icon: Icon | None = None
    icon_x: float = 0.0  # em offset of the drawn icon inside its advance
    icon_h: float = 0.0  # em


@dataclass
class _Word:
    glyphs: list[_Glyph]
    sep: list[_Glyph]  # breaking space(s) before the word ([] after a hyphen)
    points: tuple[int, ...] | None  # hyphenation points (indices into glyphs); None until first needed
    width: float = 0.0


@dataclass
class _Line:
    glyphs: list[_Glyph]
    last_of_paragraph: bool


def _width(glyphs: list[_Glyph]) -> float:
    if not glyphs:
        return 0.0
    return sum(g.advance for g in glyphs) + sum(g.join for g in glyphs[1:])


class _Shaper:
    """Turns styled items into measured glyph units and words."""

    def __init__(self, fonts: FontSet, icons: dict[str, Icon], family: str, lang: str, letter_spacing: float,
                 hyphenate: bool = True, keep: bool = True):
        from .breaking import rules_for

        self.fonts, self.icons, self.family, self.lang = fonts, icons, family, lang
        self.hyphenate, self.keep = hyphenate, keep
        self.hyphen_only = rules_for(lang).compound_hyphen_only
        self.ls = letter_spacing
        self.base = fonts.font(family)
        self.missing: set[str] = set()
        self.unknown_icons: list[str] = []

    def unit(self, it: Item) -> _Glyph | None:
        if it.kind == "icon":
            icon = self.icons.get(it.text)
            if icon is None:
                if it.text not in self.unknown_icons:
                    self.unknown_icons.append(it.text)
                return None
            vx, vy, vw, vh = icon.viewbox
            h = icon.scale if icon.scale is not None else self.base.cap_height
            k = h / vh if vh else 0.0
            dx = (icon.advance - vw * k) / 2
            return _Glyph("icon", "{%s}" % it.text, icon.advance, bounds=(dx, 0.0, dx + vw * k, h),
                          icon=icon, icon_x=dx, icon_h=h)
        ch = "\u0020" if it.text == "\t" else it.text
        font = self.fonts.font(self.family, it.bold, it.italic)
        if ch in SPACE_CHARS:
            if ch == SOFT_HYPHEN or ch in ZERO_WIDTH:
                return _Glyph("space", "", 0.0, font=font)
            return _Glyph("space", ch, font.space_width(ch), font=font, gid=font.glyph(ch))
        if unicodedata.category(ch) in ("Cc", "Cf"):
            return None
        gid = font.glyph(ch)
        if gid is None:
            self.missing.add(ch)
            return None
        return _Glyph("glyph", ch, font.advance(gid), font=font, gid=gid, bounds=font.bounds(gid))

    def hyphen(self, prev: _Glyph) -> _Glyph:
        font = prev.font or self.base
        gid = font.glyph("-") or font.glyph("\u2010")
        if gid is None:  # reported as a missing glyph; the break is still made, without ink
            self.missing.add("-")
            return _Glyph("space", "-", 0.0, join=self.ls, font=font)
        g = _Glyph("glyph", "-", font.advance(gid), font=font, gid=gid, bounds=font.bounds(gid))
        g.join = self.ls + (font.kern(prev.gid, gid) if prev.gid and prev.font is font else 0.0)
        return g

    def paragraphs(self, items: list[Item]) -> list[list[_Word]]:
        units: list[_Glyph | None] = []  # None marks a hard break
        prev: _Glyph | None = None
        for it in items:
            if it.kind == "break":
                units.append(None)
                prev = None
                continue
            g = self.unit(it)
            if g is None:
                continue
            if prev is not None:
                kern = 0.0
                if prev.gid and g.gid and g.font is not None and prev.font is g.font:
                    kern = g.font.kern(prev.gid, g.gid)
                g.join = kern + self.ls
            units.append(g)
            prev = g
        paragraphs: list[list[_Word]] = [[]]
        word: list[_Glyph] = []
        sep: list[_Glyph] = []

        compound = False  # the word after a compound's hyphen (with keep rules: never hyphenated)

        def flush_word(at_hyphen: bool = False):
            nonlocal word, sep, compound
            if word:
                unbroken = self.hyphen_only and self.keep and (compound or at_hyphen)
                w = _Word(word, sep, () if unbroken else None, _width(word))  # points looked up if needed
                paragraphs[-1].append(w)
                word, sep = [], []
            compound = at_hyphen

        for i, g in enumerate(units):
            if g is None:
                flush_word()
                sep = []
                paragraphs.append([])
                continue
            if g.kind == "space" and g.char in BREAKING_SPACES:
                flush_word()
                if not sep:
                    sep = [g]
                continue
            word.append(g)
            if g.kind == "glyph" and g.char in BREAK_AFTER and len(word) > 1:
                nxt = units[i + 1] if i + 1 < len(units) else None
                if nxt is not None and nxt.kind == "glyph" and nxt.char.isalnum() and word[-2].char.isalnum():
                    flush_word(at_hyphen=True)
        flush_word()
        return paragraphs

    def _points(self, word: list[_Glyph]) -> tuple[int, ...]:
        if not self.hyphenate:
            return ()
        # soft hyphens are zero-width "space" units with char ""; map them back
        text = "".join(g.char if g.kind == "glyph" else ("\u00ad" if g.char == "" else "\ufffc") for g in word)
        return hyphenation_points(text, self.lang, self.keep)


class _Breaker:
    """Greedy line breaking at one width, hyphenating only where it helps."""

    def __init__(self, shaper: _Shaper, paragraphs: list[list[_Word]], align: str):
        self.shaper = shaper
        self.paragraphs = paragraphs
        self.free_limit = HYPHENATE_IF_FREE.get(align, 0.25)
        self._prefix_cache: dict[tuple[int, int, int], float] = {}

    def prefix_width(self, glyphs: list[_Glyph], p: int) -> float:
        # glyph objects live as long as the breaker; a slice is its first glyph + length
        key = (id(glyphs[0]), p, len(glyphs))
        w = self._prefix_cache.get(key)
        if w is None:
            hy = self.shaper.hyphen(glyphs[p - 1])
            w = _width(glyphs[:p]) + hy.join + hy.advance
            self._prefix_cache[key] = w
        return w

    def points(self, word: _Word) -> tuple[int, ...]:
        """The word's hyphenation points, looked up the first time a line break needs them (text that
        fits unbroken never loads a hyphenation dictionary)."""
        if word.points is None:
            word.points = self.shaper._points(word.glyphs)
        return word.points

    def split(self, glyphs: list[_Glyph], p: int) -> list[_Glyph]:
        return glyphs[:p] + [self.shaper.hyphen(glyphs[p - 1])]

    def run(self, width: float) -> tuple[list[_Line], float]:
        """Break at ``width`` em; returns lines and forced-split excess (em).

        A paragraph whose last line would be a lone short word or a lone
        number is broken again a little narrower, as long as that keeps its
        number of lines: the lines are rebalanced so the last one carries
        more than one word (:func:`is_runt`).
        """
        lines: list[_Line] = []
        excess = 0.0
        for para in self.paragraphs:
            found, over = self._paragraph(para, width)
            if len(found) >= 2 and len(para) > 2 and is_runt(found[-1].glyphs):
                found = self._rebalanced(para, width, found, over)
            lines += found
            excess = max(excess, over)
        while lines and not lines[-1].glyphs:  # trailing newlines add no empty lines
            lines.pop()
        return lines, excess

    def _rebalanced(self, para: list[_Word], width: float, found: list[_Line], over: float) -> list[_Line]:
        """The paragraph broken so its last line is not a runt, with as many lines; else as found.

        First the line before the last gives up its last word(s) (a narrower
        limit for that line only); failing that, every line is narrowed a little.
        """
        n = len(found)
        before = n - 2
        used = _width(found[before].glyphs)
        tries = [lambda k, f=f: used * f if k == before else width for f in REBALANCE_FACTORS]
        tries += [lambda k, f=f: width * f for f in REBALANCE_FACTORS]
        for limit in tries:
            again, again_over = self._paragraph(para, width, limit)
            if len(again) == n and again_over <= over + EPS and not is_runt(again[-1].glyphs):
                return again
        return found

    def _paragraph(self, para: list[_Word], full: float, limit=None) -> tuple[list[_Line], float]:
        """Greedy breaking of one paragraph at ``full`` em (line k at ``limit(k)`` if given); hyphenates
        where it helps."""
        lines: list[_Line] = []
        excess = 0.0
        cur: list[_Glyph] = []
        cur_w = 0.0
        hyphens = 0  # lines in a row, up to here, that end in a hyphen this breaking added
        for word in para:
            glyphs, w = word.glyphs, word.width
            points = None  # looked up only if the word is to be broken
            width = limit(len(lines)) if limit else full
            if cur:
                sep_cost = sum(g.advance + g.join for g in word.sep) + glyphs[0].join
                if cur_w + sep_cost + w <= width + EPS:
                    cur += word.sep + glyphs
                    cur_w += sep_cost + w
                    continue
                room = width - cur_w - sep_cost
                # a third hyphen in a row: the word goes whole to the next line (and breaks there if it must)
                if (w > width or room > self.free_limit * width) and hyphens < MAX_HYPHENS_IN_A_ROW \
                        and (points := self.points(word)):
                    fit = [p for p in points if self.prefix_width(glyphs, p) <= room + EPS]
                    if fit:
                        p = fit[-1]
                        cur += word.sep + self.split(glyphs, p)
                        lines.append(_Line(cur, False))
                        hyphens += 1
                        glyphs = glyphs[p:]
                        points = tuple(q - p for q in points if q - p >= LEFT_MIN)
                        w = _width(glyphs)
                        cur, cur_w = [], 0.0
                if cur:
                    lines.append(_Line(cur, False))
                    cur, cur_w = [], 0.0
                    hyphens = 0
            # the word starts a line
            width = limit(len(lines)) if limit else full
            while w > width + EPS:
                if points is None:
                    points = self.points(word)
                fit = [p for p in points if self.prefix_width(glyphs, p) <= width + EPS]
                if fit:
                    p = fit[-1]
                    lines.append(_Line(self.split(glyphs, p), False))
                    hyphens += 1
                else:
                    hyphens = 0
                    smallest = self.prefix_width(glyphs, points[0]) if points else w
                    excess = max(excess, smallest - width)
                    p = 1
                    while p + 1 < len(glyphs) and _width(glyphs[: p + 1]) <= width + EPS:
                        p += 1
                    lines.append(_Line(glyphs[:p], False))
                glyphs = glyphs[p:]
                points = tuple(q - p for q in points if q - p >= LEFT_MIN and len(glyphs) - (q - p) >= RIGHT_MIN)
                w = _width(glyphs)
                width = limit(len(lines)) if limit else full
            cur, cur_w = list(glyphs), w
        lines.append(_Line(cur, True))
        return lines, excess


#: Lines in a row that may end in a hyphen the breaking added (a word wider than the line still breaks).
MAX_HYPHENS_IN_A_ROW = 2
#: A last line of at most this many letters, alone, is a runt (a lone word: « définitif. », «заложить.»).
RUNT_LETTERS = 12
#: Narrower widths tried, in turn, to give a paragraph's last line a second word.
REBALANCE_FACTORS = (0.97, 0.94, 0.91, 0.88, 0.85, 0.82, 0.79, 0.76)


def is_runt(glyphs: list[_Glyph]) -> bool:
    """A line holding one word of at most :data:`RUNT_LETTERS` letters, one number, or one icon."""
    words = "".join(g.char if g.kind != "space" or g.char not in BREAKING_SPACES else " " for g in glyphs).split()
    if len(words) != 1:
        return False
    word = words[0]
    if any(g.kind == "space" and g.char in typography.NO_BREAK_SPACES for g in glyphs):
        return False  # glued on purpose ("2 chips", "+4 or −4"): not a lone word
    letters = [c for c in word if c.isalpha()]
    if not letters:
        return True  # a number or an icon alone
    return len(letters) <= RUNT_LETTERS


def _line_extents(glyphs: list[_Glyph], stretch: float = 0.0):
    """Pen positions and (left, right, top, bottom) in em; top/bottom None without ink."""
    pens = []
    x = 0.0
    left = right = 0.0
    top = bottom = None
    for i, g in enumerate(glyphs):
        if i:
            x += g.join
        pens.append(x)
        adv = g.advance + (stretch if g.kind == "space" and g.char in STRETCHY_SPACES else 0.0)
        if g.bounds is not None:
            x0, y0, x1, y1 = g.bounds
            left = min(left, x + min(0.0, x0))
            right = max(right, x + max(g.advance, x1))
            top = y1 if top is None else max(top, y1)
            bottom = -y0 if bottom is None else max(bottom, -y0)
        x += adv
    right = max(right, x)
    return pens, (left, right, top, bottom)


@dataclass
class _Trial:
    size: float
    lines: list[_Line]
    extents: list[tuple]
    height: float
    ascent: float
    descent: float
    cap: float
    fits: bool
    overflow: float  # mm


def _assess(size: float, lines: list[_Line], excess: float, box: TextBox, base: Font,
            line_height: float, max_lines: int | None) -> _Trial:
    W, H = box.w / size, box.h / size
    extents = [_line_extents(ln.glyphs)[1] for ln in lines]
    n = len(lines)
    ascent, descent = base.cap_height, base.descender
    for i, (_, _, top, bottom) in enumerate(extents):
        if top is not None:
            ascent = max(ascent, top - i * line_height)
            descent = max(descent, bottom + i * line_height - (n - 1) * line_height)
    height = ascent + (n - 1) * line_height + descent if n else 0.0
    over = [excess]
    over += [(r - l) - W for (l, r, _, _) in extents]
    over.append(height - H)
    if max_lines is not None and n > max_lines:
        over.append((n - max_lines) * line_height)
    worst = max(over)
    fits = worst <= EPS and excess <= 0 and (max_lines is None or n <= max_lines)
    overflow = 0.0 if fits else max(0.01, math.ceil(max(worst, 0.0) * size * 100 - 1e-6) / 100)
    return _Trial(size, lines, extents, height, ascent, descent, base.cap_height, fits, overflow)


def _check_numbers(text: str, box: TextBox, size: float, min_size: float | None, line_height: float,
                   letter_spacing: float, max_chars: int) -> None:
    """Refuse what would make the layout loop without end or without bound (ValueError)."""
    if len(text) > max_chars:
        raise ValueError(f"text() of {len(text)} characters, more than the limit of {max_chars} "
                         f"(limits.string in deckgen.yaml)")
    for name, value in (("x", box.x), ("y", box.y), ("letter_spacing", letter_spacing)):
        if not math.isfinite(value):
            raise ValueError(f"text() box {name} {value}: not a finite number")
    for name, positive in (("width", box.w), ("height", box.h), ("size", size), ("min_size", min_size),
                           ("line_height", line_height)):
        if positive is not None and not (math.isfinite(positive) and positive > 0):
            in_box = name in ("width", "height")
            raise ValueError(f"text() {'box ' if in_box else ''}{name} {positive}: must be a positive finite number"
                             + (" (a box is [x, y, width, height] in mm)" if in_box else ""))


def layout_text(text: str, box: TextBox, *, fonts: FontSet, icons: dict[str, Icon] | None = None,
                font: str = "body", size: float = 3.2, min_size: float | None = None, align: str = "left",
                valign: str = "top", lang: str = "en", line_height: float = 1.2, fill: str = "#000",
                letter_spacing: float = 0.0, max_lines: int | None = None,
                max_chars: int = DEFAULT_LIMITS.string, floor: float | None = None,
                hyphenate: bool = True) -> LayoutResult:
    """Lay out marked-up ``text`` in ``box`` (mm), shrinking from ``size`` down to ``min_size``.

    ``floor`` (mm) is the smallest size printed text may have (``min_text_pt``,
    :mod:`deckgen.text.floor`): a text with ink set under it is marked
    ``under_floor`` (the caller reports it; the size is not changed, so a
    project that only warns about it prints as before).

    ``letter_spacing`` is in em (0.05 = 5 % of the font size), ``line_height``
    a multiple of the size; ``hyphenate=False`` breaks lines between words only
    (titles).  See :class:`LayoutResult` for the outcome.  A box or size that
    is not a positive finite number, or a text longer than ``max_chars``, is a
    ValueError.

    Rules in a narrow box give way in this order: the smallest size
    (``min_size``, never gone under) > fitting the box > words kept together
    (names, numbers with their units, formulas, bound short words; the
    language's breaking rules) > no lone word on a last line.  A text that
    fits at ``min_size`` only when its kept-together words part is set so, and
    ``parted`` says so (a warning at the text's location).
    """
    _check_numbers(text, box, size, min_size, line_height, letter_spacing, max_chars)
    if align not in ALIGNS:
        raise ValueError(f"align must be one of {ALIGNS}, not {align!r}")
    if valign not in VALIGNS:
        raise ValueError(f"valign must be one of {VALIGNS}, not {valign!r}")
    icons = icons or {}
    min_size = size if min_size is None else min(min_size, size)
    parsed, problems = parse(text, lang)

    def fitted(keep: bool) -> tuple[_Trial, _Shaper]:
        shaper = _Shaper(fonts, icons, font, lang, letter_spacing, hyphenate or not keep, keep)
        breaker = _Breaker(shaper, shaper.paragraphs(typography.apply(parsed, lang, keep)), align)

        def attempt(s: float) -> _Trial:
            lines, excess = breaker.run(box.w / s)
            return _assess(s, lines, excess, box, shaper.base, line_height, max_lines)

        s = size
        trial = attempt(s)
        if not trial.fits and min_size < size - 1e-9:
            # the smallest size first: a text that does not fit even there ends there, in one more try,
            # instead of after a try at every size on the way down (a long text in a small box)
            smallest = attempt(min_size)
            if not smallest.fits:
                trial = smallest
            else:
                while not trial.fits:
                    s = max(min_size, round(s * SHRINK_FACTOR, 4))
                    trial = smallest if s <= min_size + 1e-9 else attempt(s)
        return trial, shaper

    trial, shaper = fitted(True)
    parted = False
    if not trial.fits and (not hyphenate or _keeps_words(parsed, lang)):  # fit goes before keeping words
        # together (and before hyphenate=False): part them
        loose, loose_shaper = fitted(False)
        if loose.fits:
            trial, shaper, parted = loose, loose_shaper, True

    svg, ink, baselines = _render(trial, box, align, valign, line_height, fill)
    missing = sorted(shaper.missing)
    if not trial.fits:
        problems.append(f"does not fit: overflows by {trial.overflow:.2f} mm at {trial.size:.2f} mm")
    for name in shaper.unknown_icons:
        problems.append(f"unknown icon {{{name}}} (known: {', '.join(sorted(icons)) or 'none'})")
    if missing:
        problems.append("missing glyphs: " + " ".join(missing))
    text_lines = ["".join(g.char for g in ln.glyphs) for ln in trial.lines]
    runts, in_paragraph = [], []
    for line, text_line in zip(trial.lines, text_lines):
        in_paragraph.append(text_line)
        if line.last_of_paragraph:
            words = " ".join(in_paragraph).split(" ")  # a title of two words cannot do better
            if len(in_paragraph) >= 2 and len([w for w in words if w]) > 2 and is_runt(line.glyphs):
                runts.append(text_line.strip())
            in_paragraph = []
    return LayoutResult(svg=svg, fits=trial.fits, size=trial.size, overflow=trial.overflow,
                        lines=text_lines, missing=missing, ink_boxes=ink, problems=problems, baselines=baselines,
                        height=trial.height * trial.size, runts=runts, parted=parted,
                        under_floor=floor is not None and bool(ink) and trial.size < floor - 1e-6)


def _keeps_words(items: list[Item], lang: str) -> bool:
    """Whether the breaking rules keep any words of ``items`` together (only then can parting them help)."""
    import re

    from .breaking import rules_for

    if typography.apply(items, lang) != typography.apply(items, lang, keep=False):
        return True
    text = "".join(it.text for it in items if it.kind == "char")
    words = {w.lower() for w in re.findall(r"\w+", text)}
    return bool(words & rules_for(lang).never_words) or re.search(r"\w-\w", text) is not None


def _render(trial: _Trial, box: TextBox, align: str, valign: str, line_height: float, fill: str):
    s = trial.size
    W, H = box.w / s, box.h / s
    n = len(trial.lines)
    span = (n - 1) * line_height
    if valign == "top":
        b1 = trial.ascent
    elif valign == "bottom":
        b1 = H - trial.descent - span
    elif trial.height <= H + EPS:
        # centre cap top .. last baseline (looks centred), keeping all ink inside
        b1 = (H - span + trial.cap) / 2
        b1 = min(max(b1, trial.ascent), H - trial.descent - span)
    else:
        b1 = (H - trial.height) / 2 + trial.ascent
    parts: list[str] = []
    ink: list[tuple[float, float, float, float]] = []
    baselines = []
    for i, (line, ext) in enumerate(zip(trial.lines, trial.extents)):
        left, right, _, _ = ext
        stretch = 0.0
        if align == "justify" and not line.last_of_paragraph:
            gaps = [g for g in line.glyphs if g.kind == "space" and g.char in STRETCHY_SPACES]
            extra = W - (right - left)
            if gaps and extra > 0:
                stretch = extra / len(gaps)
        pens, (left, right, _, _) = _line_extents(line.glyphs, stretch)
        if align == "right":
            x0 = W - right
        elif align == "center":
            x0 = (W - (right - left)) / 2 - left
        else:
            x0 = -left
        base_y = box.y + (b1 + i * line_height) * s
        baselines.append(round(base_y, 4))
        for g, pen in zip(line.glyphs, pens):
            x = box.x + (x0 + pen) * s
            if g.kind == "glyph" and g.font is not None and g.gid is not None:
                d = g.font.outline(g.gid)
                if d:
                    parts.append(glyph_path(d, x, base_y, s / g.font.upem))
            elif g.kind == "icon":
                parts.append(icon_group(g.icon, x + g.icon_x * s, base_y - g.icon_h * s, g.icon_h * s))
            if g.bounds is not None:
                bx0, by0, bx1, by1 = g.bounds
                ink.append((x + min(0.0, bx0) * s, base_y - by1 * s, x + max(g.advance, bx1) * s, base_y - by0 * s))
    return wrap_group(parts, fill), ink, baselines
