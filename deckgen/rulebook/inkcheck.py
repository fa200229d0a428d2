"""A print PDF read back as a prepress desk reads it: colour spaces, transparency, the inks of text, total ink.

:func:`read_back` walks every page's content (and the forms and images it
draws) and answers a :class:`ReadBack`: the objects that are not CMYK (an
RGB colour or image, a calibrated or ICC space, a shading), the
transparency (soft masks, transparency groups, constant alpha, blend
modes), the fill colours text is shown in, and the largest total ink
(C+M+Y+K) of any colour or image pixel on each page.  The shop booklet
refuses a file with anything non-CMYK or over the ink limit
(:mod:`deckgen.rulebook.shop`), and the tests read the files back with it.
"""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
import pikepdf

_TEXT_SHOW = ("Tj", "TJ", "'", '"')
_COLOUR_OPS = {"rg": ("fill", "rgb"), "RG": ("stroke", "rgb"), "g": ("fill", "gray"), "G": ("stroke", "gray"),
               "k": ("fill", "cmyk"), "K": ("stroke", "cmyk")}


@dataclass
class ReadBack:
    """What reading a PDF back found."""

    not_cmyk: list[str] = field(default_factory=list)  # "page 3: rg 0.2 0.3 0.4", "page 1: image /Im0 DeviceRGB"
    transparency: list[str] = field(default_factory=list)
    text_colours: Counter = field(default_factory=Counter)  # (c, m, y, k) rounded to 3 places -> text runs
    max_ink: dict[int, float] = field(default_factory=dict)  # page (1-based) -> largest total ink %

    def problems(self, ink_limit: float | None = None) -> list[str]:
        """What a PDF/X-1a preflight would refuse (and an ink over ``ink_limit``), as sentences."""
        found = [f"not CMYK: {what}" for what in self.not_cmyk[:3]]
        found += [f"transparency: {what}" for what in self.transparency[:3]]
        if ink_limit is not None:
            over = {p: ink for p, ink in self.max_ink.items() if ink > ink_limit + 0.5}
            found += [f"page {p}: total ink {ink:.0f} % over the limit of {ink_limit:g} %" for p, ink in over.items()]
        return found


def read_back(data: bytes, ink_limit: float | None = None) -> ReadBack:
    """Read the PDF ``data`` back (see the module's docstring); ``ink_limit`` is not applied here."""
    found = ReadBack()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        images: dict[tuple[int, int], float] = {}
        for number, page in enumerate(pdf.pages, 1):
            if page.obj.get("/Group") is not None:
                found.transparency.append(f"page {number}: a transparency group")
            found.max_ink[number] = _walk(page, page.obj.get("/Resources"), number, found, images, set())
    return found


def _walk(content, resources, number: int, found: ReadBack, images: dict, seen: set) -> float:
    """Walk one content stream; the largest total ink it draws (%)."""
    ink = 0.0
    fill: tuple = ("gray", (0.0,))
    stack: list[tuple] = []
    for instruction in pikepdf.parse_content_stream(content):
        operands, op = instruction.operands, str(instruction.operator)
        if op == "q":
            stack.append(fill)
        elif op == "Q" and stack:
            fill = stack.pop()
        elif op in _COLOUR_OPS:
            which, space = _COLOUR_OPS[op]
            values = tuple(float(v) for v in operands)
            if space == "rgb":
                found.not_cmyk.append(f"page {number}: {op} {' '.join(f'{v:g}' for v in values)}")
            elif space == "cmyk":
                ink = max(ink, 100 * sum(values))
            else:
                ink = max(ink, 100 * (1 - values[0]))
            if which == "fill":
                fill = (space, values)
        elif op in ("cs", "CS") and str(operands[0]) != "/DeviceCMYK":
            found.not_cmyk.append(f"page {number}: colour space {operands[0]}")
        elif op in ("sc", "scn", "SC", "SCN") and len(operands) == 4:
            values = tuple(float(v) for v in operands)
            ink = max(ink, 100 * sum(values))
            if op in ("sc", "scn"):
                fill = ("cmyk", values)
        elif op == "sh":
            found.not_cmyk.append(f"page {number}: a shading {operands[0]}")
        elif op == "gs":
            state = resources.ExtGState[operands[0]]
            if any(float(state.get(key, 1)) < 1 for key in ("/ca", "/CA")) or \
                    ("/SMask" in state and state.SMask != pikepdf.Name("/None")) or \
                    str(state.get("/BM", "/Normal")) not in ("/Normal", "/Compatible"):
                found.transparency.append(f"page {number}: graphics state {operands[0]}")
        elif op == "BI" or op == "INLINE IMAGE":
            found.not_cmyk.append(f"page {number}: an inline image")
        elif op in _TEXT_SHOW:
            space, values = fill
            key = tuple(round(v, 3) for v in values) if space == "cmyk" else (space, tuple(values))
            found.text_colours[key] += 1
        elif op == "Do":
            xobject = resources.XObject[operands[0]]
            if xobject.get("/Subtype") == "/Image":
                ink = max(ink, _image(xobject, number, found, images))
            elif xobject.objgen not in seen:
                seen.add(xobject.objgen)
                if xobject.get("/Group") is not None:
                    found.transparency.append(f"page {number}: form {operands[0]} is a transparency group")
                ink = max(ink, _walk(xobject, xobject.get("/Resources"), number, found, images, seen))
    return ink


def _image(image, number: int, found: ReadBack, images: dict) -> float:
    """An image's largest total ink (%), once per image; what is not CMYK or is masked is noted."""
    key = image.objgen
    if key in images:
        return images[key]
    space = str(image.get("/ColorSpace", ""))
    if image.get("/SMask") is not None:
        found.transparency.append(f"page {number}: an image with a soft mask")
    if space != "/DeviceCMYK":
        if space != "/DeviceGray":
            found.not_cmyk.append(f"page {number}: an image in {space or 'no colour space'}")
        images[key] = 0.0
        return 0.0
    raw = np.frombuffer(pikepdf.PdfImage(image).read_bytes(), dtype=np.uint8)
    total = raw[: len(raw) // 4 * 4].reshape(-1, 4).sum(axis=1, dtype=np.uint16)
    images[key] = float(total.max()) / 2.55 if total.size else 0.0
    return images[key]


__all__ = ["ReadBack", "read_back"]
