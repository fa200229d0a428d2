"""Bundled fonts: metrics, pair kerning and glyph outlines, read once and cached.

deckgen never lets the SVG renderer pick fonts: it measures text with the real
advance widths and kerning of the bundled TrueType files and draws the glyph
outlines itself.  Everything here is in font units (y up) unless stated.
"""

from __future__ import annotations

import functools
import hashlib
import io
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

# Some fonts carry an oversized legacy 'kern' table; fontTools warns about it.
logging.getLogger("fontTools.ttLib.tables._k_e_r_n").setLevel(logging.ERROR)

#: Space-like characters that have no ink.  When a font lacks one, its width
#: is derived from the font's normal space (factor below).
SPACE_WIDTH_FACTORS = {
    " ": 1.0,
    "\u00a0": 1.0,  # no-break space
    "\u202f": 0.6,  # narrow no-break space (French « », ; ! ?)
    "\u2009": 0.6,  # thin space
    "\u2007": 2.0,  # figure space (approximation)
}


class Font:
    """One TrueType font file: cmap, advances, kerning, outlines, bounds."""

    def __init__(self, path: Path, data: bytes | None = None):
        self.path = Path(path)
        # read from the file's bytes when given (no file handle is kept open then)
        self.tt = TTFont(io.BytesIO(data) if data is not None else str(self.path), lazy=True)
        self.upem: int = self.tt["head"].unitsPerEm
        self.cmap: dict[int, str] = self.tt.getBestCmap()
        self._hmtx = self.tt["hmtx"].metrics
        self._glyphset = self.tt.getGlyphSet()
        os2 = self.tt["OS/2"]
        self.ascender = os2.sTypoAscender / self.upem
        self.descender = -os2.sTypoDescender / self.upem  # positive depth
        cap = getattr(os2, "sCapHeight", 0) or 0  # font units; absent before OS/2 version 2
        if not cap and "H" in self._glyph_names():
            box = self.bounds("H")  # em; None when the H is blank
            cap = box[3] * self.upem if box is not None else 0
        self.cap_height = (cap or 0.7 * self.upem) / self.upem
        self._kern_cache: dict[tuple[str, str], float] = {}
        self._gpos_subtables = self._read_gpos_pair_lookups()
        self._kern_table = None
        if not self._gpos_subtables and "kern" in self.tt:
            table: dict = {}
            for sub in self.tt["kern"].kernTables:
                table.update(getattr(sub, "kernTable", {}) or {})
            self._kern_table = table

    def _glyph_names(self) -> set[str]:
        return set(self.tt.getGlyphOrder())

    # -- characters and metrics -------------------------------------------
    def glyph(self, char: str) -> str | None:
        """The glyph name for ``char`` or None if the font lacks it."""
        return self.cmap.get(ord(char))

    def has(self, char: str) -> bool:
        return ord(char) in self.cmap

    def advance(self, glyph: str) -> float:
        """Advance width in em."""
        return self._hmtx[glyph][0] / self.upem

    def space_width(self, char: str) -> float:
        """Width in em of a space-like character, synthesised when missing."""
        g = self.glyph(char)
        if g is not None:
            return self.advance(g)
        base = self.glyph(" ")
        width = self.advance(base) if base else 0.25
        return width * SPACE_WIDTH_FACTORS.get(char, 1.0)

    @functools.lru_cache(maxsize=None)
    def bounds(self, glyph: str) -> tuple[float, float, float, float] | None:
        """Ink bounds (xMin, yMin, xMax, yMax) in em, y up; None when blank."""
        pen = BoundsPen(self._glyphset)
        self._glyphset[glyph].draw(pen)
        if pen.bounds is None:
            return None
        return tuple(v / self.upem for v in pen.bounds)

    @functools.lru_cache(maxsize=None)
    def outline(self, glyph: str) -> str:
        """SVG path data of the glyph in font units (y up); '' when blank."""
        pen = SVGPathPen(self._glyphset, ntos=lambda v: ("%.1f" % v).rstrip("0").rstrip("."))
        self._glyphset[glyph].draw(pen)
        return pen.getCommands()

    # -- kerning ------------------------------------------------------------
    def kern(self, left: str, right: str) -> float:
        """Pair kerning in em between two glyph names (0 when none)."""
        key = (left, right)
        hit = self._kern_cache.get(key)
        if hit is None:
            if self._gpos_subtables:
                hit = self._gpos_kern(left, right) / self.upem
            elif self._kern_table:
                hit = self._kern_table.get(key, 0) / self.upem
            else:
                hit = 0.0
            self._kern_cache[key] = hit
        return hit

    def _read_gpos_pair_lookups(self) -> list[list[tuple]]:
        """Pair-adjustment subtables of the GPOS 'kern' feature, per lookup."""
        if "GPOS" not in self.tt:
            return []
        gpos = self.tt["GPOS"].table
        if not gpos.FeatureList or not gpos.LookupList:
            return []
        indices: set[int] = set()
        for rec in gpos.FeatureList.FeatureRecord:
            if rec.FeatureTag == "kern":
                indices.update(rec.Feature.LookupListIndex)
        lookups = []
        for i in sorted(indices):
            lookup = gpos.LookupList.Lookup[i]
            subs: list[tuple[int, dict[str, int], Any, dict | None]] = []
            for st in lookup.SubTable:
                if lookup.LookupType == 9:  # extension
                    if st.ExtensionLookupType != 2:
                        continue
                    st = st.ExtSubTable
                elif lookup.LookupType != 2:
                    continue
                cov = {g: n for n, g in enumerate(st.Coverage.glyphs)}
                if st.Format == 1:
                    subs.append((1, cov, st, {}))
                elif st.Format == 2:
                    subs.append((2, cov, st, None))
            if subs:
                lookups.append(subs)
        return lookups

    def _gpos_kern(self, left: str, right: str) -> float:
        total = 0.0
        for subs in self._gpos_subtables:
            for fmt, cov, st, memo in subs:
                idx = cov.get(left)
                if idx is None:
                    continue
                if fmt == 1:
                    pairs = memo.get(idx)
                    if pairs is None:
                        pairs = {
                            r.SecondGlyph: (getattr(r.Value1, "XAdvance", 0) or 0) if r.Value1 else 0
                            for r in st.PairSet[idx].PairValueRecord
                        }
                        memo[idx] = pairs
                    if right in pairs:
                        total += pairs[right]
                        break
                    continue
                c1 = st.ClassDef1.classDefs.get(left, 0)
                c2 = st.ClassDef2.classDefs.get(right, 0)
                rec = st.Class1Record[c1].Class2Record[c2]
                total += (getattr(rec.Value1, "XAdvance", 0) or 0) if rec.Value1 else 0
                break
        return total


#: The tables drawing text reads: read whole when a project loads, so a broken font is found there.
_TABLES_READ = ("head", "hhea", "maxp", "OS/2", "cmap", "hmtx", "loca", "glyf")


#: fontTools logs what it repairs in a damaged font ("'created' timestamp seems very low") as bare lines on
#: stderr; deckgen says what is wrong with a font itself, as one located problem.
logging.getLogger("fontTools").setLevel(logging.ERROR)


#: font_file_problem's answers by the digest of the file's bytes: each project (each copy of one) loads its
#: fonts again, and the answer depends on the bytes alone
_FONT_ANSWERS: dict[str, str | None] = {}


def font_file_problem(path: Path) -> str | None:
    """Why ``path`` cannot serve as a font — missing, cut short, unreadable, no TrueType outlines — or None.

    Every table must lie inside the file (a truncated file fails here, not halfway through a build) and
    the tables text is drawn with are read; a few milliseconds a font, once per process for the same bytes."""
    path = Path(path)
    if not path.is_file():
        return "font file not found"
    try:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return _font_file_problem(path)  # says why it cannot be read
    if digest not in _FONT_ANSWERS:
        _FONT_ANSWERS[digest] = _font_file_problem(path)
    return _FONT_ANSWERS[digest]


def _font_file_problem(path: Path) -> str | None:
    from fontTools.ttLib import TTLibError

    size = path.stat().st_size
    try:
        with TTFont(str(path), lazy=True) as font:
            if "glyf" not in font or "cmap" not in font:
                return "not a TrueType font with glyf outlines (OpenType/CFF fonts are not supported)"
            for tag, entry in sorted(font.reader.tables.items(), key=lambda item: item[1].offset):
                if entry.offset + entry.length > size:
                    return (f"the file is cut short: its {tag.strip()!r} table ends at byte "
                            f"{entry.offset + entry.length}, past the end of the file ({size} bytes); copy the "
                            f"font again")
            for tag in _TABLES_READ:
                if tag in font:
                    font[tag]
            font.getBestCmap()
    except TTLibError as exc:
        return f"not a readable TrueType font ({exc})"
    except Exception as exc:  # fontTools reading a damaged table: any error says the same
        return f"not a readable TrueType font ({type(exc).__name__}: {exc})"
    return _pdf_reader_problem(path)


def _pdf_reader_problem(path: Path) -> str | None:
    """Why reportlab, which embeds the font in sheets and booklets, cannot read ``path`` — or None.

    A damaged table fontTools passes over (it reads only what text needs) can still stop reportlab's
    own parser halfway through a build; it is asked here, when the project loads."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    try:
        TTFontFile(str(path))
    except Exception as exc:  # reportlab's parser raises TTFError, struct.error, IndexError, ... on damage
        return f"not a TrueType font a PDF can embed ({type(exc).__name__}: {exc})"
    return None


@functools.lru_cache(maxsize=None)
def load_font(path: str) -> Font:
    """Parse a font file once per process; a file with the same bytes at another path (a copy of the
    project, another project's fonts/) shares that parse, its glyph outlines and kerning included."""
    data = Path(path).read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    font = _PARSED.get(digest)
    if font is None:
        font = _PARSED[digest] = Font(Path(path), data)
    return font


#: Parsed fonts by the SHA-256 of their file's bytes.
_PARSED: dict[str, Font] = {}


class _FontFiles(Mapping):
    """role -> Font, each file parsed the first time its role is used (a face in one font does not wait
    for the other five)."""

    def __init__(self, paths: dict[str, str]):
        self._paths = paths

    def __getitem__(self, role: str) -> Font:
        return load_font(self._paths[role])

    def __contains__(self, role: object) -> bool:
        return role in self._paths

    def __iter__(self):
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)


#: The roles of deckgen's bundled fonts (fonts/ in the repository).
BUNDLED_ROLES = {
    "display": "Play-Bold.ttf",
    "display-regular": "Play-Regular.ttf",
    "body": "PTS55F.ttf",
    "body-bold": "PTS75F.ttf",
    "body-italic": "PTS56F.ttf",
    "body-bold-italic": "PTS76F.ttf",
}


@dataclass
class FontSet:
    """Named font roles ("body", "body-bold", "display", ...) for layout.

    A role name like ``body`` is a family; markup picks ``body-bold``,
    ``body-italic`` or ``body-bold-italic`` and falls back to the nearest
    existing role (bold-italic -> bold -> base) when a variant is missing.
    """

    fonts: Mapping[str, Font] = field(default_factory=dict)

    @classmethod
    def from_dir(cls, directory: Path, roles: dict[str, str]) -> "FontSet":
        """The fonts of ``roles`` (role -> file name in ``directory``), each parsed when first used."""
        directory = Path(directory)
        return cls(_FontFiles({role: str((directory / name).resolve()) for role, name in roles.items()}))

    @classmethod
    def bundled(cls, directory: Path) -> "FontSet":
        """The bundled Play + PT Sans fonts with the standard roles."""
        return cls.from_dir(directory, BUNDLED_ROLES)

    def __contains__(self, role: str) -> bool:
        return role in self.fonts

    def role(self, family: str, bold: bool = False, italic: bool = False) -> str:
        """The role name actually used for ``family`` in the given style."""
        if family not in self.fonts:
            raise KeyError(f"unknown font role {family!r} (known: {', '.join(sorted(self.fonts))})")
        candidates = []
        if bold and italic:
            candidates.append(f"{family}-bold-italic")
        if bold:
            candidates.append(f"{family}-bold")
        if italic:
            candidates.append(f"{family}-italic")
        candidates.append(family)
        return next(c for c in candidates if c in self.fonts)

    def font(self, family: str, bold: bool = False, italic: bool = False) -> Font:
        return self.fonts[self.role(family, bold, italic)]
