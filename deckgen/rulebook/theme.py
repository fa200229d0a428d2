"""A booklet's theme: its colours and fonts, neutral by default (a game's own come from its style data)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Theme:
    """The booklet's colours and fonts (reportlab font names); the colours default to neutral greys
    (a game's own come from its style.yaml: :func:`deckgen.rulebook.build.theme_for`)."""

    ink: str = "#1f1a24"
    accent: str = "#404040"
    accent_ink: str = "#ffffff"
    tint: str = "#f0f0f0"
    rule: str = "#c4c4c4"
    body_font: str = "Helvetica"
    bold_font: str = "Helvetica-Bold"
    display_font: str = "Helvetica-Bold"
    code_font: str = ""  # commands and file names in an organisers' box (the body font when empty)
