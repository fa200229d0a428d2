"""How a booklet looks: its fonts, paragraph styles, theme colours and tables."""

from __future__ import annotations

from typing import Mapping

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Table, TableStyle

from deckgen.errors import Problem
from deckgen.model import Game, Project
from deckgen.rulebook.theme import Theme
from deckgen.rulebook.source import Source

HYPHENATION = {"de": "de_DE", "en": "en_US", "fr": "fr_FR", "ru": "ru_RU"}


def register_fonts(project: Project) -> dict[str, str]:
    from reportlab.lib.fonts import addMapping

    from deckgen.layout.pdfcanvas import register_font

    fonts = project.fonts
    names = {}
    for role in ("body", "body-bold", "body-italic", "body-bold-italic", "display"):
        file = fonts.get(role) or fonts.get(role.split("-")[0]) or next(iter(fonts.values()))
        names[role] = register_font(f"Deckgen-{file.rsplit('.', 1)[0]}", project.fonts_dir / file)
    # code in an organisers' box: the project's ``mono`` font, else the body font (always an embedded font)
    names["mono"] = register_font(f"Deckgen-{fonts['mono'].rsplit('.', 1)[0]}", project.fonts_dir / fonts["mono"]) \
        if fonts.get("mono") else names["body"]
    family = names["body"]
    addMapping(family, 0, 0, names["body"])
    addMapping(family, 1, 0, names["body-bold"])
    addMapping(family, 0, 1, names["body-italic"])
    addMapping(family, 1, 1, names["body-bold-italic"])
    return names


def make_styles(fonts: dict[str, str], theme: Theme, lang: str,
                floor_pt: float | None = None) -> dict[str, ParagraphStyle]:
    """The booklet's paragraph styles; with ``floor_pt`` (``min_text_pt`` of booklets) none is smaller."""
    styles = _styles(fonts, theme, lang)
    if floor_pt is not None:
        from deckgen.text.floor import raise_to_floor

        raise_to_floor(styles.values(), floor_pt)
    return styles


def _styles(fonts: dict[str, str], theme: Theme, lang: str) -> dict[str, ParagraphStyle]:
    ink, accent = HexColor(theme.ink), HexColor(theme.accent)
    from deckgen.text.hyphenate import platypus_hyphenator

    hyph = platypus_hyphenator(lang) if lang.split("-")[0] in HYPHENATION else ""
    body = ParagraphStyle("body", fontName=fonts["body"], fontSize=9.2, leading=12.4, textColor=ink,
                          alignment=TA_JUSTIFY, spaceAfter=4.2, hyphenationLang=hyph, embeddedHyphenation=0,
                          allowWidows=0, allowOrphans=0)
    return {
        "body": body,
        "left": ParagraphStyle("left", parent=body, alignment=TA_LEFT, spaceAfter=0),
        "plus": ParagraphStyle("plus", parent=body, fontSize=10, leading=12, alignment=TA_CENTER, spaceAfter=0),
        "small": ParagraphStyle("small", parent=body, fontSize=8, leading=10.2, alignment=TA_LEFT, spaceAfter=0),
        "caption": ParagraphStyle("caption", parent=body, fontSize=7.6, leading=9.4, alignment=TA_CENTER,
                                  spaceAfter=0, textColor=HexColor(theme.ink)),
        "result": ParagraphStyle("result", parent=body, fontName=fonts["body-bold"], fontSize=8.6, leading=11,
                                 alignment=TA_LEFT, spaceBefore=2, spaceAfter=6, textColor=accent),
        "h1": ParagraphStyle("h1", fontName=fonts["display"], fontSize=15, leading=18, textColor=accent,
                             spaceBefore=10, spaceAfter=6, keepWithNext=1, hyphenationLang=""),
        "h2": ParagraphStyle("h2", fontName=fonts["body-bold"], fontSize=10.8, leading=13.5, textColor=accent,
                             spaceBefore=7, spaceAfter=3, keepWithNext=1),
        "h3": ParagraphStyle("h3", fontName=fonts["body-bold"], fontSize=9.4, leading=12, textColor=ink,
                             spaceBefore=5, spaceAfter=2, keepWithNext=1),
        "title": ParagraphStyle("title", fontName=fonts["display"], fontSize=28, leading=32,
                                textColor=HexColor(theme.accent_ink), alignment=TA_CENTER, spaceAfter=8),
        "subtitle": ParagraphStyle("subtitle", fontName=fonts["body"], fontSize=13, leading=16,
                                   textColor=HexColor(theme.accent_ink), alignment=TA_CENTER, spaceAfter=18),
        "toc-title": ParagraphStyle("toc-title", fontName=fonts["display"], fontSize=15, leading=18,
                                    textColor=accent, spaceAfter=10),
        "toc1": ParagraphStyle("toc1", fontName=fonts["body-bold"], fontSize=9.6, leading=14, textColor=ink),
        "toc2": ParagraphStyle("toc2", fontName=fonts["body"], fontSize=8.8, leading=12, leftIndent=12,
                               textColor=ink),
        "cell": ParagraphStyle("cell", parent=body, fontSize=7.8, leading=9.6, alignment=TA_LEFT, spaceAfter=0,
                               hyphenationLang=hyph),
        "organisers-head": ParagraphStyle("organisers-head", parent=body, fontName=fonts["body-bold"], fontSize=8.6,
                                          leading=11, alignment=TA_LEFT, spaceAfter=0, textColor=accent,
                                          hyphenationLang=""),
        "page-ref": ParagraphStyle("page-ref", parent=body, fontName=fonts["body-bold"], fontSize=7.8, leading=9.6,
                                   alignment=TA_RIGHT, spaceAfter=0, hyphenationLang=""),
        "head": ParagraphStyle("head", parent=body, fontName=fonts["body-bold"], fontSize=7.8, leading=9.6,
                               alignment=TA_LEFT, spaceAfter=0, textColor=HexColor(theme.accent_ink)),
    }


#: The booklet's colours a rule file's ``theme:`` (or style.yaml's colours of these names) sets.
THEME_COLOURS = ("ink", "accent", "accent_ink", "tint", "rule")


def theme_for(game: Game, source: Source, fonts: dict[str, str], problems: list[Problem] | None = None) -> Theme:
    """Colours named in the header (``theme: {accent: head}``) resolved through style.yaml; a name
    style.yaml does not have (and that is no #rrggbb colour) is a problem at the header's line.
    Without ``theme:``, the colours of style.yaml called ``accent``, ``accent_ink``, ``tint``, ``rule``
    and ``ink``; neutral greys for those it lacks."""
    import re

    colours = game.style.get("colours", {})
    wanted = source.meta.get("theme")
    if wanted is None:
        wanted = {key: key for key in THEME_COLOURS if key in colours}
    theme = Theme(body_font=fonts["body"], bold_font=fonts["body-bold"], display_font=fonts["display"],
                  code_font=fonts.get("mono", fonts["body"]))
    if not isinstance(wanted, Mapping):
        wanted = {}
        if problems is not None:
            problems.append(Problem(source.file, meta_line(source, "theme"), None, "theme",
                                    "expected a mapping such as {accent: NAME, tint: NAME}"))
    for key in THEME_COLOURS:
        value = wanted.get(key)
        if not value:
            continue
        colour = str(colours.get(value, value))
        if re.fullmatch(r"#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}", colour):
            setattr(theme, key, colour)
        elif problems is not None:
            known = ", ".join(sorted(colours)) or "none"
            problems.append(Problem(source.file, meta_line(source, "theme"), None, f"theme.{key}",
                                    f"no colour {value!r} in data/{game.id}/style.yaml (its colours: {known}; "
                                    f"or write #rrggbb)"))
    return theme


def meta_line(source: Source, key: str) -> int:
    doc = getattr(source, "meta_doc", None)
    try:
        return doc.line((key,)) if doc is not None else 1
    except Exception:  # noqa: BLE001 - a position is a courtesy
        return 1


def themed_table(rows: list[list], widths: list[float], theme: Theme, header: bool = True) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1 if header else 0, hAlign="LEFT")
    style = [("FONT", (0, 0), (-1, -1), theme.body_font), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
             ("LEFTPADDING", (0, 0), (-1, -1), 3),
             ("RIGHTPADDING", (0, 0), (-1, -1), 3), ("TOPPADDING", (0, 0), (-1, -1), 2.2),
             ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
             ("LINEBELOW", (0, 0), (-1, -1), 0.3, HexColor(theme.rule))]
    if header:
        style.append(("BACKGROUND", (0, 0), (-1, 0), HexColor(theme.accent)))
    for r in range(1 if header else 0, len(rows)):
        if (r - (1 if header else 0)) % 2:
            style.append(("BACKGROUND", (0, r), (-1, r), HexColor(theme.tint)))
    table.setStyle(TableStyle(style))
    return table


def plain_row(cells: list, widths: list[float], font: str) -> Table:
    table = Table([cells], colWidths=widths, hAlign="LEFT")
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), font), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 1),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]))
    return table
