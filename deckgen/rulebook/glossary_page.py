"""The booklet's generated glossary: the terms of the glossary it uses, each with the page that defines it.

A glossary entry that names its defining section (``defined: spike``,
deckgen.terms) and whose word the booklet uses is listed, in alphabetical
order, with the section's title and the page it starts on.  Headings record
the page they land on while Platypus draws them (:class:`SectionHeading`);
the glossary comes after them in the story, so by the time it is laid out
every page it cites is known.  The glossary closes the story: pages that
close the booklet (notes, back cover) follow it.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any, Callable, Protocol

from reportlab.platypus import Flowable, PageBreak

from deckgen.rulebook.paragraph import Paragraph
from deckgen.rulebook.pdf import Heading

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.rulebook.context import Context
    from deckgen.terms import Term


class StoryBuilder(Protocol):
    """What the glossary needs of the story's builder (deckgen.rulebook.story.StoryBuilder)."""

    ctx: "Context"
    styles: dict[str, Any]
    width: float
    keys: int
    pages: dict[str, int]


class SectionHeading(Paragraph):
    """A heading paragraph that records, when drawn, the page number its section starts on."""

    def __init__(self, text: str, style: Any, section: str, pages: dict[str, int]):
        super().__init__(text, style)
        self.section, self.pages = section, pages

    def draw(self) -> None:
        super().draw()
        if self.section:
            self.pages[self.section] = self.canv.getPageNumber()


class LateTable(Flowable):
    """A table made only when it is laid out (from page numbers recorded earlier in the same pass)."""

    def __init__(self, make: Callable[[], Flowable]):
        super().__init__()
        self.make = make
        self.table: Flowable | None = None

    def _built(self) -> Flowable:
        self.table = self.make()
        return self.table

    def wrap(self, available_width, available_height):
        table = self._built()
        self.width, self.height = table.wrap(available_width, available_height)
        return self.width, self.height

    def split(self, available_width, available_height):
        return self._built().split(available_width, available_height)

    def draw(self) -> None:
        assert self.table is not None
        self.table.drawOn(self.canv, 0, 0)


def _sort_key(word: str) -> str:
    """Alphabetical order across scripts and accents: É with E, Ä with A."""
    return "".join(c for c in unicodedata.normalize("NFD", word.casefold()) if not unicodedata.combining(c))


def used_terms(builder: "StoryBuilder", terms: "list[Term]") -> "list[Term]":
    """The terms with a defining section of this booklet that its player text uses."""
    from deckgen.rulebook.source import booklet_texts
    from deckgen.terms import term_patterns

    source = builder.ctx.source
    ids = {b.id for b in source.blocks if b.kind == "heading"}
    texts = [text for _block, text in booklet_texts(source)]
    out = []
    for term in terms:
        if not term.defined or term.defined not in ids:
            continue
        patterns = term_patterns(term)
        if any(p.search(text) for p in patterns for text in texts):
            out.append(term)
    return sorted(out, key=lambda t: _sort_key(t.use.split(",")[0]))


def glossary_section(builder: "StoryBuilder", terms: "list[Term]") -> list:
    """A new page with the glossary's heading (in the contents) and its table; nothing if no term is used."""
    from deckgen.rulebook.styles import themed_table

    used = used_terms(builder, terms)
    if not used:
        return []
    ctx, styles = builder.ctx, builder.styles
    title = ctx.label("glossary")
    builder.keys += 1
    key = f"s{builder.keys}-glossary"
    heading = Paragraph(f'<a name="{key}"/>{title}', styles["h1"])
    heading.deckgen_heading = Heading(0, Paragraph(title, styles["body"]).getPlainText(), key)
    titles = {b.id: b for b in ctx.source.blocks if b.kind == "heading"}

    def table() -> Flowable:
        rows = []
        for term in used:
            section = titles[term.defined or ""]
            word = term.use.split(",")[0].strip()  # "platzen, geplatzt": the first form names the term
            rows.append([Paragraph(f"<b>{ctx.xml(word)}</b>", styles["cell"]),
                         Paragraph(ctx.xml(section.text, section), styles["cell"]),
                         Paragraph(str(builder.pages.get(term.defined or "", "")), styles["page-ref"])])
        width = builder.width
        return themed_table(rows, [width * 0.38, width * 0.5, width * 0.12], ctx.theme, header=False)

    return [PageBreak(), heading, LateTable(table)]
