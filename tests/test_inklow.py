"""--ink low: faces as outlines and text, no backgrounds."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

from PIL import Image, ImageStat
from pypdf import PdfReader

from deckgen.build import BuildOptions, build
from deckgen.render.inklow import LINE_INK, TEXT_INK, low_ink

NS = "{http://www.w3.org/2000/svg}"
FACE = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 69 94">
<defs><linearGradient id="g"><stop offset="0" stop-color="#102030"/></linearGradient></defs>
<rect x="-3" y="-3" width="75" height="100" fill="url(#g)"/>
<rect x="4" y="4" width="61" height="86" fill="none" stroke="#d4af37" stroke-width="0.5"/>
<g opacity="0.08"><line x1="0" y1="0" x2="69" y2="94" stroke="#fff"/></g>
<g transform="matrix(0.2 0 0 0.2 10 10)"><path d="M0 0L50 0L50 50Z" fill="#d4af37"/></g>
<image x="0" y="0" width="10" height="10" xlink:href="data:image/png;base64,AAAA"/>
<g class="deckgen-text" fill="#f0e0c0" stroke="none"><path d="M0 0L1 0L1 1Z"/></g>
</svg>"""


def elements(svg: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter())


def test_words_stay_filled_and_dark():
    out = low_ink(FACE)
    text = next(e for e in elements(out) if "deckgen-text" in e.get("class", ""))
    assert text.get("fill") == TEXT_INK


def test_areas_become_thin_outlines_and_pictures_and_faint_decoration_go():
    out = elements(low_ink(FACE))
    assert not [e for e in out if e.tag == NS + "image"]
    assert not [e for e in out if e.tag == NS + "line"]  # the hatching was 8 % opaque
    rects = [e for e in out if e.tag == NS + "rect"]
    assert all(r.get("fill") == "none" and r.get("stroke") == LINE_INK for r in rects)
    icon = next(e for e in out if e.tag == NS + "path" and e.get("d", "").startswith("M0 0L50"))
    assert icon.get("fill") == "none" and abs(float(icon.get("stroke-width")) - 0.22 / 0.2) < 1e-6


def coverage(pdf) -> float:
    """Mean ink coverage (0 = paper, 1 = black) of the card images of a -cards.pdf, as grey levels."""
    values = []
    for page in PdfReader(pdf).pages:
        for image in page.images:
            values.append(1 - ImageStat.Stat(Image.open(io.BytesIO(image.data)).convert("L")).mean[0] / 255)
    return sum(values) / len(values)


def test_low_and_grey_ink_builds_use_at_most_half_the_ink(tmp_path, project):
    cards = ("plus-1", "minus-2", "double", "tiebreaker")
    full = {}
    for ink in ("full", "low", "grey"):
        # workers=1: the ink of the faces is the point, not the worker processes (their start-up was most of the CPU)
        options = BuildOptions(dpi=72, out=tmp_path / ink, languages=("en",), cards=cards, ink=ink, workers=1)
        written = build(project, ["pazaak"], options)
        suffix = {"full": "", "low": "-low-ink", "grey": "-grey"}[ink]
        assert tmp_path / ink / "pazaak" / f"side-en-reprint{suffix}-a4.pdf" in written
        full[ink] = coverage(tmp_path / ink / "pazaak" / f"side-en-reprint{suffix}-cards.pdf")
    assert full["low"] <= full["full"] / 2 and full["grey"] <= full["full"] / 2, full
    assert full["low"] < 0.12  # outlines and words on white
