"""The organisers' box: what a booklet says to whoever prepares the game, not to the players.

A rule source writes it as a fenced directive::

    ```organisers
    The match deck was drawn with `deckgen deck archeon --seed 7`.
    ```

and the booklet sets its paragraphs in a tinted box headed by the label
``labels.organisers`` of the source's header ("For organisers"); the box may
run over several pages, and its heading is repeated at the top of each.
Text between backticks is set in a typewriter face, as it is typed.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.rulebook.context import Context
    from deckgen.rulebook.source import Block

#: A code span: text between backticks.
CODE = re.compile(r"`([^`]+)`")

#: The typewriter face is set smaller than the text around it: its letters are wider.
CODE_SCALE = 0.88


def organisers_xml(ctx: "Context", text: str, block: "Block", size: float = 9.0) -> str:
    """A paragraph of the box as Platypus XML: words through the booklet's markup, code spans as typed."""
    out, last = [], 0
    for match in CODE.finditer(text):
        if match.start() > last:
            out.append(ctx.xml(text[last:match.start()], block))
        font = ctx.theme.code_font or ctx.theme.body_font  # embedded, as every font of a booklet
        out.append(f'<font name="{font}" size="{size * CODE_SCALE:.2f}">{escape(match.group(1))}</font>')
        last = match.end()
    if last < len(text):
        out.append(ctx.xml(text[last:], block))
    return "".join(out)


def organisers_box(ctx: "Context", block: "Block", styles: dict[str, ParagraphStyle], width: float) -> list:
    """The box's flowables: a one-column table whose first row, the heading, repeats on every page."""
    heading = Paragraph(ctx.label("organisers", block), styles["organisers-head"])
    rows = [[heading]] + [[Paragraph(organisers_xml(ctx, text, block, styles["left"].fontSize), styles["left"])]
                            for text in block.items]
    table = Table(rows, colWidths=[width], repeatRows=1, hAlign="LEFT")
    accent = HexColor(ctx.theme.accent)
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), styles["body"].fontName),
        ("BACKGROUND", (0, 0), (-1, -1), HexColor(ctx.theme.tint)),
        ("BOX", (0, 0), (-1, -1), 0.6, accent),
        ("LINEBELOW", (0, 0), (-1, 0), 0.4, accent),
        ("LEFTPADDING", (0, 0), (-1, -1), 7), ("RIGHTPADDING", (0, 0), (-1, -1), 7),
        ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, 0), 4), ("BOTTOMPADDING", (0, 0), (-1, 0), 3),
    ]))
    table.deckgen_organisers = True  # noqa: B010 - a marker the story and tests look for
    return [table, Spacer(1, 6)]
