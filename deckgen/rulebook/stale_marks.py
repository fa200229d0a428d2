"""How a draft booklet marks a stale translation: the paragraph on a yellow ground (never in a release)."""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle

#: The ground a stale paragraph is set on in a draft.
STALE_GROUND = "#FFE98A"


def stale_style(style: ParagraphStyle) -> ParagraphStyle:
    """``style`` on the draft's yellow ground, with a thin frame around the text."""
    return ParagraphStyle(f"{style.name}-stale", parent=style, backColor=HexColor(STALE_GROUND), borderPadding=2,
                          borderColor=HexColor("#C9A400"), borderWidth=0.6)
