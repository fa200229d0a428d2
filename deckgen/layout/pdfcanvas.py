"""A reportlab canvas set up for print: embedded fonts only, no ASCII85, stable bytes.

``open_canvas`` registers the project's TrueType fonts, starts the canvas
with an embedded font (so reportlab adds no unembedded Helvetica), turns
off ASCII85 and invariant-izes the output (same input -> same bytes).
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

rl_config.useA85 = 0


def register_font(name: str, path: Path) -> str:
    """Register a TrueType font with reportlab once; returns its name."""
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(path)))
    return name


def open_canvas(pagesize: tuple[float, float], font_name: str, title: str, buffer: io.BytesIO) -> Canvas:
    """A canvas writing to ``buffer`` whose initial font is the embedded ``font_name``."""
    canvas = Canvas(buffer, pagesize=pagesize, initialFontName=font_name, initialFontSize=6,
                    invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("deckgen")
    canvas.setAuthor("deckgen")
    canvas.setProducer("deckgen (reportlab)")
    return canvas
