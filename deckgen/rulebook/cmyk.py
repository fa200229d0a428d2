"""A laid-out booklet's vector colours in CMYK: every colour operator rewritten to DeviceCMYK.

reportlab draws the booklet's text, rules, tables and cover fields in
DeviceRGB (``rg``/``RG``) and grey (``g``/``G``).  For a print shop each
colour becomes the ink the preset's ICC profile gives it
(:class:`deckgen.colour.Converter`, the same conversion as the card files),
with two rules a prepress desk expects:

* a neutral colour, or a dark near-neutral one (chroma C*ab at most
  :data:`NEAR_NEUTRAL_CHROMA`, L* at most :data:`NEAR_NEUTRAL_DARKEST`: the
  not-quite-black body ink of a theme such as ``#1f1a24``) prints in black ink alone, at the K that gives
  its lightness (from :data:`SOLID_BLACK` up, solid) — body text is 100 % K, grey rules are K tints, so small
  type never depends on four plates in register; the theme's body ink
  (``text_inks``: a dark slate or plum chosen for the text) prints the same
  way whatever its hue, while headings and accents keep their colour;
* no colour carries more total ink (C+M+Y+K) than the preset's limit: a
  mix over it keeps its black and has its cyan, magenta and yellow scaled
  down until it fits.

Colours already in CMYK are only held to the limit.  Colour spaces set with
``cs``/``CS`` are followed for ``sc``/``scn``; anything else is left as it
is, and the file's read-back (:mod:`deckgen.rulebook.inkcheck`) reports it.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import numpy as np
import pikepdf

from deckgen.colour import Converter

CMYK = tuple[float, float, float, float]
#: Colours this close to grey (CIELAB chroma) print in black ink alone.
NEAR_NEUTRAL_CHROMA = 10.0
#: ... and this dark (CIELAB L*): text inks, not pale tints (a light blue-grey box keeps its hue).
NEAR_NEUTRAL_DARKEST = 35.0
#: Black ink from this much up is solid (100 % K): dark text gets no 90-99 % screen, whose dots would show.
SOLID_BLACK = 0.90
_SPACES = {"/DeviceRGB": 3, "/DeviceGray": 1, "/DeviceCMYK": 4}


def limit_ink(c: float, m: float, y: float, k: float, limit: float | None) -> CMYK:
    """(c, m, y, k) in 0-1 with its total at most ``limit`` % (cyan, magenta and yellow scaled, black kept)."""
    if limit is None:
        return c, m, y, k
    cap = limit / 100.0
    colour = c + m + y
    if colour + k <= cap or colour <= 0:
        return c, m, y, min(k, cap)
    scale = max(0.0, cap - k) / colour
    return c * scale, m * scale, y * scale, k


def limit_ink_pixels(cmyk: np.ndarray, limit: float | None) -> np.ndarray:
    """Rows of 8-bit CMYK (n×4) with every pixel's total at most ``limit`` % (as :func:`limit_ink`)."""
    if limit is None or len(cmyk) == 0:
        return cmyk
    cap = int(limit * 2.55)
    pixels = cmyk.astype(np.int32)
    total = pixels.sum(axis=1)
    over = total > cap
    if not over.any():
        return cmyk
    colour = pixels[over, :3].sum(axis=1)
    room = np.maximum(cap - pixels[over, 3], 0)
    scale = np.where(colour > 0, room / np.maximum(colour, 1), 0.0)
    pixels[over, :3] = np.floor(pixels[over, :3] * scale[:, None]).astype(np.int32)
    return pixels.astype(np.uint8)


class InkMap:
    """Vector colours -> CMYK with a converter and an ink limit, each distinct colour converted once."""

    def __init__(self, converter: Converter, ink_limit: float | None, text_inks: tuple[str, ...] = ()):
        self.converter, self.ink_limit = converter, ink_limit
        self._seen: dict[tuple[int, int, int], CMYK] = {}
        #: the body text's colours (``#rrggbb``): black ink alone at their lightness, whatever their hue
        self.text_inks = {_hex(h) for h in text_inks if re.fullmatch(r"#[0-9a-fA-F]{6}", h)}

    def rgb(self, r: float, g: float, b: float) -> CMYK:
        key = (_byte(r), _byte(g), _byte(b))
        if key not in self._seen:
            grey = _near_grey(key, key in self.text_inks)
            if grey is not None:
                k = self.converter.grey_to_k(grey) / 255
                ink: CMYK = (0.0, 0.0, 0.0, 1.0 if k >= SOLID_BLACK else k)
            else:
                row = self.converter.colours_to_cmyk(np.array([key], dtype=np.uint8))[0]
                ink = (row[0] / 255, row[1] / 255, row[2] / 255, row[3] / 255)
            self._seen[key] = limit_ink(*ink, self.ink_limit)
        return self._seen[key]

    def grey(self, g: float) -> CMYK:
        return self.rgb(g, g, g)

    def cmyk(self, c: float, m: float, y: float, k: float) -> CMYK:
        return limit_ink(c, m, y, k, self.ink_limit)


def _byte(value: float) -> int:
    return int(round(max(0.0, min(1.0, value)) * 255))


def _hex(text: str) -> tuple[int, int, int]:
    value = text.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _near_grey(rgb: tuple[int, int, int], text: bool = False) -> int | None:
    """The 8-bit sRGB grey of the same lightness as ``rgb``, if ``rgb`` is (nearly) neutral or ``text`` (the
    body text's ink); else None."""
    from deckgen.colour.softproof import srgb_to_lab

    if rgb[0] == rgb[1] == rgb[2]:
        return rgb[0]
    lightness, a, b = (float(v) for v in srgb_to_lab(np.array([rgb], dtype=np.uint8))[0])
    if not text and ((a * a + b * b) ** 0.5 > NEAR_NEUTRAL_CHROMA or lightness > NEAR_NEUTRAL_DARKEST):
        return None
    y = ((lightness + 16) / 116) ** 3 if lightness > 8 else lightness / 903.3
    v = 12.92 * y if y <= 0.0031308 else 1.055 * y ** (1 / 2.4) - 0.055
    return int(round(max(0.0, min(1.0, v)) * 255))


def _numbers(values: CMYK) -> list[Any]:
    return [Decimal(f"{v:.4f}").normalize() + 0 for v in values]


def convert_stream(instructions, inks: InkMap) -> list:
    """The content-stream ``instructions`` (pikepdf's parse) with every colour in DeviceCMYK."""
    out = []
    fill_space = stroke_space = "/DeviceGray"
    stack: list[tuple[str, str]] = []
    for instruction in instructions:
        operands, operator = instruction.operands, instruction.operator
        op = str(operator)
        values = [float(v) for v in operands] if op in ("rg", "RG", "g", "G", "k", "K", "sc", "SC", "scn", "SCN") \
            and all(_is_number(v) for v in operands) else None
        if op == "q":
            stack.append((fill_space, stroke_space))
        elif op == "Q" and stack:
            fill_space, stroke_space = stack.pop()
        if values is not None and op in ("rg", "RG") and len(values) == 3:
            out.append((_numbers(inks.rgb(*values)), pikepdf.Operator("k" if op == "rg" else "K")))
            continue
        if values is not None and op in ("g", "G") and len(values) == 1:
            out.append((_numbers(inks.grey(values[0])), pikepdf.Operator("k" if op == "g" else "K")))
            continue
        if values is not None and op in ("k", "K") and len(values) == 4:
            out.append((_numbers(inks.cmyk(*values)), operator))
            continue
        if op in ("cs", "CS") and operands and str(operands[0]) in _SPACES:
            space = str(operands[0])
            if op == "cs":
                fill_space = space
            else:
                stroke_space = space
            out.append(([pikepdf.Name.DeviceCMYK], operator))
            continue
        if values is not None and op in ("sc", "scn", "SC", "SCN"):
            space = fill_space if op in ("sc", "scn") else stroke_space
            if _SPACES.get(space) == len(values):
                ink = (inks.rgb(*values) if len(values) == 3 else inks.grey(values[0]) if len(values) == 1
                       else inks.cmyk(*values))
                out.append((_numbers(ink), operator))
                continue
        out.append(instruction)
    return out


def _is_number(value) -> bool:
    try:
        float(value)
    except (TypeError, ValueError):
        return False
    return True


def convert_page_colours(pdf: pikepdf.Pdf, inks: InkMap) -> None:
    """Every page's content (and its form XObjects') in DeviceCMYK, in place."""
    done: set[tuple[int, int]] = set()
    for page in pdf.pages:
        instructions = pikepdf.parse_content_stream(page)
        page.obj.Contents = pdf.make_stream(pikepdf.unparse_content_stream(convert_stream(instructions, inks)))
        _convert_forms(pdf, page.obj.get("/Resources"), inks, done)


def _convert_forms(pdf: pikepdf.Pdf, resources, inks: InkMap, done: set) -> None:
    xobjects = resources.get("/XObject") if resources is not None else None
    if xobjects is None:
        return
    for _name, xobject in xobjects.items():
        if xobject.get("/Subtype") != "/Form" or xobject.objgen in done:
            continue
        done.add(xobject.objgen)
        instructions = pikepdf.parse_content_stream(xobject)
        xobject.write(pikepdf.unparse_content_stream(convert_stream(instructions, inks)))
        _convert_forms(pdf, xobject.get("/Resources"), inks, done)


__all__ = ["InkMap", "convert_page_colours", "convert_stream", "limit_ink", "limit_ink_pixels"]
