"""The errata sheet: one A4 PDF per game and language that says, in players' words, what changed.

Card name, the old and the new text of every changed card (old | new
pictures where what changed is not words), new cards, cards to take out,
copies to add or remove, a new back, and the booklet sections whose text
changed.  Drawn in the NEW side's own process with the project's fonts, so
every language's letters are embedded.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml


@lru_cache(maxsize=1)
def _all_words() -> dict[str, dict[str, str]]:
    return yaml.safe_load((Path(__file__).with_name("errata_words.yaml")).read_text(encoding="utf-8"))


def words(lang: str) -> dict[str, str]:
    every = _all_words()
    return {**every["en"], **every.get(lang, {})}


def _plain(text: str) -> str:
    """Card markup as plain words for the sheet (marks dropped, XML escaped)."""
    from xml.sax.saxutils import escape

    return escape(re.sub(r"\*{1,3}", "", text).replace("\\", " "))


def write_sheet(project, game_id: str, lang: str, report: dict[str, Any], labels: tuple[str, str],
                pictures: Path, out: Path) -> Path:
    """Write ``out`` (the sheet of ``game_id`` in ``lang``) from the diff ``report``; returns it."""
    from reportlab.lib.colors import HexColor
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.platypus import Image, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    from deckgen.rulebook.styles import register_fonts

    fonts = register_fonts(project)
    w = words(lang)
    game = project.games[game_id]
    body = ParagraphStyle("body", fontName=fonts["body"], fontSize=9.5, leading=12.5)
    bold = ParagraphStyle("bold", parent=body, fontName=fonts["body-bold"])
    h1 = ParagraphStyle("h1", parent=body, fontName=fonts["display"], fontSize=20, leading=24, spaceAfter=4)
    h2 = ParagraphStyle("h2", parent=body, fontName=fonts["body-bold"], fontSize=12, leading=15, spaceBefore=10,
                        spaceAfter=4, textColor=HexColor("#7a4b00"))
    story: list[Any] = [Paragraph(_plain(w["title"].format(game=game.name(lang))), h1),
                        Paragraph(_plain(w["versions"].format(old=_side(labels[0], w), new=_side(labels[1], w))),
                                  body), Spacer(1, 6)]
    entry = report.get(game_id, {})
    grid = TableStyle([("GRID", (0, 0), (-1, -1), 0.4, HexColor("#999999")), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                       ("FONT", (0, 0), (-1, -1), fonts["body"]),
                       ("BACKGROUND", (0, 0), (-1, 0), HexColor("#eeeeee"))])
    found = False
    for label, by_lang in entry.get("decks", {}).items():
        ch = by_lang.get(lang)
        if not ch:
            continue
        found = True
        name = ch["names"]
        if ch["changed"]:
            story.append(Paragraph(_plain(w["changed"]), h2))
            rows: list[list[Any]] = [[Paragraph(w["card"], bold), Paragraph(w["what"], bold),
                                      Paragraph(w["was"], bold), Paragraph(w["now"], bold)]]
            for c in ch["changed"]:
                texts = [k for k in c["new_texts"] if c["old_texts"].get(k) != c["new_texts"][k]]
                if texts:
                    for k in texts:
                        rows.append([Paragraph(_plain(name.get(c["card"], c["card"])), body),
                                     Paragraph(_plain(w["name"] if k == "name" else w["text"]), body),
                                     Paragraph(_plain(c["old_texts"].get(k, "")), body),
                                     Paragraph(_plain(c["new_texts"][k]), body)])
                else:
                    rows.append([Paragraph(_plain(name.get(c["card"], c["card"])), body),
                                 Paragraph(_plain(w["picture"]), body),
                                 _picture(pictures / "old", game_id, label, lang, c["card"], Image, mm),
                                 _picture(pictures / "new", game_id, label, lang, c["card"], Image, mm)])
            table = Table(rows, colWidths=[38 * mm, 30 * mm, 56 * mm, 56 * mm], repeatRows=1)
            table.setStyle(grid)
            story.append(table)
        for key, title in (("added", "added"), ("removed", "removed")):
            if ch[key]:
                story.append(Paragraph(_plain(w[title]), h2))
                story.append(Paragraph(", ".join(_plain(name.get(c, c)) for c in ch[key]), body))
        if ch["copies"]:
            story.append(Paragraph(_plain(w["copies"]), h2))
            for c in ch["copies"]:
                n = abs(c["new"] - c["old"])
                do = w["more" if c["new"] > c["old"] else "fewer"].format(n=n)
                change = w["count_change"].format(old=c["old"], new=c["new"])
                story.append(Paragraph(f"{_plain(name.get(c['card'], c['card']))}: {_plain(change)} ({_plain(do)})",
                                       body))
        if ch["back"]["cards"]:
            story.append(Paragraph(_plain(w["back"]), h2))
            story.append(Paragraph(", ".join(_plain(name.get(c, c)) for c in ch["back"]["cards"]), body))
    booklet = entry.get("booklets", {}).get(lang)
    if booklet and booklet["changed"]:
        found = True
        story.append(Paragraph(_plain(w["rules"]), h2))
        for c in booklet["changed"]:
            story.append(Paragraph(_plain(w["section"].format(title=c["title"])), bold))
            for k, text in enumerate(c["new"]):
                if k >= len(c["old"]) or c["old"][k] != text:
                    story.append(Paragraph(_plain(text), body))
            story.append(Spacer(1, 4))
    if not found:
        story.append(Paragraph(_plain(w["none"]), body))
    out.parent.mkdir(parents=True, exist_ok=True)
    doc = SimpleDocTemplate(str(out), pagesize=A4, leftMargin=15 * mm, rightMargin=15 * mm, topMargin=15 * mm,
                            bottomMargin=15 * mm, title=w["title"].format(game=game.name(lang)), lang=lang,
                            initialFontName=fonts["body"])
    doc.build(story)
    return out


def _side(label: str, w: dict[str, str]) -> str:
    """A side's label for players: a revision as it is, the working tree in their words."""
    return w["working"] if label == "the working tree" else label


def _picture(folder: Path, game: str, label: str, lang: str, card: str, image_class, mm: float):
    path = folder / f"{game}--{label}--{lang}--{card}--front.png"
    if not path.is_file():
        return ""
    picture = image_class(str(path))
    scale = 40 * mm / picture.imageHeight
    picture.drawWidth, picture.drawHeight = picture.imageWidth * scale, 40 * mm
    return picture
