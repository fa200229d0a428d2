"""The booklet's end: notes pages and a back cover, placed so the page count is a multiple of four.

A saddle-stitched booklet has a multiple of four pages.  The story ends with
one :class:`BackMatter` marker; when the document reaches it (and so knows on
which page the text ended) the marker becomes as many notes pages as the count
needs (each a localised heading over light rules), then the back cover: the
game's title and its printed components (each deck with its card count, and
the documents the language file names) in the cover's colours, always the
last page.  Whatever the story puts before the marker (a generated glossary)
comes before the notes pages.

The words are the booklet's own (front matter ``labels.notes`` and
``labels.components``) or this package's (``furniture.yaml``), in the
booklet's language; counts take the language's CLDR plural form (Babel).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Mapping

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, NextPageTemplate, PageBreak, Paragraph, Spacer, Table, TableStyle

from deckgen.rulebook.theme import Theme

#: Space between the rules of a notes page (mm): a comfortable handwriting line.
NOTES_RULE_MM = 8.0
#: The page templates of the furniture (deckgen.rulebook.pdf.RulebookDocument defines them).
BODY_TEMPLATE, BACK_TEMPLATE = "body", "back"


@functools.cache
def _words() -> dict[str, Any]:
    import yaml

    return yaml.safe_load((Path(__file__).with_name("furniture.yaml")).read_text(encoding="utf-8"))


def furniture_words(lang: str, labels: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The furniture's words in ``lang``: the package's (English where it has none), under the booklet's
    ``labels`` of the same names."""
    words = _words()
    merged = {**words["en"], **words.get(lang.split("-")[0], {})}
    for key in ("notes", "components"):
        if labels and labels.get(key):
            merged[key] = str(labels[key])
    return merged


def document_title(lang: str, title: str, subtitle: str = "") -> str:
    """A document title of ``title`` and ``subtitle`` joined by the language's pattern (``title`` in
    furniture.yaml: ru «Сабакк Археон — Правила игры» with an em dash); the title alone without a subtitle."""
    if not str(subtitle).strip():
        return str(title)
    pattern = str(furniture_words(lang).get("title") or "{title} – {subtitle}")
    return pattern.replace("{title}", str(title)).replace("{subtitle}", str(subtitle))


def count_words(forms: Mapping[str, str], count: int, lang: str) -> str:
    """``count`` with its noun in the plural form CLDR gives ``lang`` (e.g. ru 76 → «76 карт»), the
    number written as the language writes numbers."""
    from babel import Locale, UnknownLocaleError
    from babel.numbers import format_decimal

    try:
        locale = Locale.parse(lang.replace("-", "_"))
        form = locale.plural_form(count)
        number = format_decimal(count, locale=locale)
    except (UnknownLocaleError, ValueError):
        form, number = ("one" if count == 1 else "other"), str(count)
    pattern = forms.get(form) or forms.get("other") or "{count}"
    return pattern.replace("{count}", number)


def components(game, lang: str, words: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(name, quantity) of each printed part of ``game`` in ``lang``: every deck with its number of cards
    (tokens for a round deck), then every document whose name the language file gives
    (``strings: document.ID``)."""
    strings = game.strings.get(lang)
    names = dict(strings.decks) if strings is not None else {}
    texts = dict(strings.strings) if strings is not None else {}
    rows = []
    for deck_id, deck in game.decks.items():
        noun = words["tokens"] if getattr(deck.size, "round", False) else words["cards"]
        rows.append((str(names.get(deck_id, deck_id)), count_words(noun, deck.total_cards, lang)))
    for doc_id in game.documents:
        name = texts.get(f"document.{doc_id}")
        if name:
            rows.append((str(name), ""))
    return rows


class RuledLines(Flowable):
    """The rest of the frame filled with light horizontal rules, ``NOTES_RULE_MM`` apart."""

    def __init__(self, colour: str):
        super().__init__()
        self.colour = colour

    def wrap(self, available_width, available_height):
        self.width, self.height = available_width, available_height
        return available_width, available_height

    def draw(self):
        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeColor(HexColor(self.colour))
        canvas.setLineWidth(0.35)
        y = self.height - NOTES_RULE_MM * mm
        while y >= 0:
            canvas.line(0, y, self.width, y)
            y -= NOTES_RULE_MM * mm
        canvas.restoreState()


class BackMatter(Flowable):
    """The story's last flowable: replaced, once the page it falls on is known, by the notes pages and the
    back cover (see :meth:`deckgen.rulebook.pdf.RulebookDocument.filterFlowables`)."""

    def __init__(self, notes: list, back: list, multiple: int = 4, least: int = 0):
        super().__init__()
        self.notes, self.back = notes, back  # flowables of one notes page; of the back cover
        self.multiple = multiple  # the page count the back cover's number is a multiple of
        self.least = least  # and at least this page count (a cover printed apart needs pages inside it)
        self.width = self.height = 0

    def wrap(self, *args):
        return 0, 0

    def draw(self):
        pass

    def pages(self, page: int, at_top: bool) -> list:
        """The flowables that follow text ending on ``page`` (``at_top``: that page is still empty, and
        becomes the first notes page): notes pages until the back cover's page number is a multiple of
        :attr:`multiple` (4: saddle stitch) and at least :attr:`least`."""
        flow: list = []
        m = self.multiple
        if at_top:
            notes = (-page) % m or m  # the empty page is a notes page; the back cover follows on page + notes
            flow += list(self.notes)
            notes -= 1
        else:
            notes = (-(page + 1)) % m
        back = page + notes + 1  # the back cover's page number
        while back < self.least:
            notes, back = notes + m, back + m
        for _ in range(notes):
            flow += [PageBreak(), *self.notes]
        return flow + [NextPageTemplate(BACK_TEMPLATE), PageBreak(), *self.back]


def notes_page(words: Mapping[str, Any], styles: Mapping[str, ParagraphStyle], theme: Theme) -> list:
    """One notes page's flowables: the heading (not in the contents), then rules to the foot."""
    style = ParagraphStyle("notes", parent=styles["h1"], keepWithNext=0)
    return [Paragraph(str(words["notes"]), style), RuledLines(theme.rule)]


def back_cover(title: str, rows: list[tuple[str, str]], words: Mapping[str, Any],
               styles: Mapping[str, ParagraphStyle], theme: Theme, width: float) -> list:
    """The back cover's flowables (the page template paints the cover's colour): the title, and the
    components in a table of the cover's ink."""
    ink = HexColor(theme.accent_ink)
    name = ParagraphStyle("back-name", parent=styles["body"], textColor=ink, alignment=TA_LEFT, fontSize=10.5,
                          leading=14, spaceAfter=0, hyphenationLang="")
    amount = ParagraphStyle("back-count", parent=name, alignment=TA_RIGHT)
    heading = ParagraphStyle("back-heading", parent=styles["h2"], textColor=ink, alignment=TA_CENTER,
                             fontSize=13, leading=16, spaceBefore=0, spaceAfter=8, keepWithNext=0)
    title_style = ParagraphStyle("back-title", parent=styles["title"], fontSize=20, leading=24, spaceAfter=4)
    flow: list = [Spacer(1, 24 * mm), Paragraph(title, title_style), Spacer(1, 16 * mm),
                  Paragraph(str(words["components"]), heading)]
    if rows:
        cells = [[Paragraph(n, name), Paragraph(q, amount)] for n, q in rows]
        table = Table(cells, colWidths=[width * 0.68, width * 0.32], hAlign="CENTER")
        table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), styles["body"].fontName),
                                   ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
                                   ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                                   ("LINEABOVE", (0, 0), (-1, 0), 0.8, ink),
                                   ("LINEBELOW", (0, 0), (-1, -1), 0.3, ink)]))
        flow.append(table)
    return flow


def back_matter(builder) -> BackMatter:
    """The notes pages and the back cover of the booklet a :class:`deckgen.rulebook.story.StoryBuilder`
    builds, in its language: the components, then the cover's cards again."""
    ctx, styles = builder.ctx, builder.styles
    meta = ctx.source.meta
    words = furniture_words(ctx.lang, meta.get("labels") or {})
    title = ctx.xml(meta.get("title", ctx.game.name(ctx.lang)))
    rows = [(ctx.xml(name), quantity) for name, quantity in components(ctx.game, ctx.lang, words)]
    back = back_cover(title, rows, words, styles, ctx.theme, min(builder.width, 95 * mm))
    cards = [str(t) for t in meta.get("cover_cards") or []]
    if cards and ctx.draw:
        back += [Spacer(1, 14 * mm), builder._card_row(cards, None, width_mm=24, align="CENTER")]
    return BackMatter(notes_page(words, styles, ctx.theme), back, ctx.page_multiple, ctx.least_pages)


__all__ = ["BACK_TEMPLATE", "BackMatter", "RuledLines", "back_cover", "back_matter", "components", "count_words",
           "furniture_words", "notes_page"]
