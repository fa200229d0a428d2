"""Build and check the rule booklets of a game in every language.

For each language with a source file ``data/GAME/rules/LANG.md`` this
writes ``GAME-rules-LANG.pdf`` (A5 pages in reading order with 3 mm bleed,
TrimBox and BleedBox, bookmarks and a clickable contents page) and its
saddle-stitch imposition ``GAME-rules-LANG-booklet-a4.pdf`` (or, for
Letter, half-letter pages two per Letter side: ``…-booklet-letter.pdf``).

The words come from the source file; tables that restate data (the
local-rules table, side cards, decisions) are generated from the data in
the booklet's language; every example hand is judged by the game's engine
at build time, and a claim the engine disagrees with is a problem at its
line; odds come from the engine's simulator.  The same checks run in
``deckgen check``, without laying out pages.
"""

from __future__ import annotations

import io
from typing import Mapping

from reportlab.lib.units import mm

from deckgen.errors import Problem
from deckgen.layout.papers import BOOKLET_PAGES_MM, booklet_page, landscape
from deckgen.model import Game, Project
from deckgen.rulebook.context import Context, load_sources
from deckgen.layout.papers import READING_PAGE
from deckgen.rulebook.furniture import document_title
from deckgen.rulebook.files import booklet_names, booklet_stem, has_rulebook
from deckgen.rulebook.impose import impose
from deckgen.rulebook.pdf import BLEED_MM, Layout, PlacedFace, RulebookDocument, place_faces
from deckgen.rulebook.source import Source
from deckgen.rulebook.structure import structure_problems

from deckgen.rulebook.story import StoryBuilder, story_of
from deckgen.rulebook.styles import make_styles, meta_line, register_fonts, theme_for
from deckgen.text.floor import project_floor

#: Names deckgen.rulebook.build had before its parts became modules of their own.
__all__ = ["Context", "StoryBuilder", "build_rulebooks", "check_rulebook", "load_sources", "render_booklet",
           "theme_for"]

LABELS = ("contents", "wins", "tie", "nobody", "and", "category", "share")


def render_booklet(project: Project, game: Game, source: Source, data, trim: str,
                   stale: frozenset[str] = frozenset()) -> tuple[bytes, list[Problem]]:
    """The booklet's pages in reading order (PDF bytes, card faces drawn), and its problems.  ``stale``
    (a draft's): the texts to mark as translated from an older source (:mod:`deckgen.translate.draft`)."""
    pdf, faces, problems = lay_out_booklet(project, game, source, data, trim, stale=stale)
    return (place_faces(pdf, faces), []) if not problems else (b"", problems)


def lay_out_booklet(project: Project, game: Game, source: Source, data, trim: str, bleed_mm: float = BLEED_MM,
                    page_multiple: int = 4, least_pages: int = 0, stale: frozenset[str] = frozenset()
                    ) -> tuple[bytes, list[PlacedFace], list[Problem]]:
    """The booklet's pages in reading order (PDF bytes, card faces not drawn yet), where its card faces go, and
    its problems; ``bleed_mm`` on every side, the page count a multiple of ``page_multiple`` and at least
    ``least_pages``; ``stale``: a draft's texts to mark."""
    fonts = register_fonts(project)
    descriptor = project.descriptor(game)
    layout = Layout(BOOKLET_PAGES_MM[trim][0] * mm, BOOKLET_PAGES_MM[trim][1] * mm, bleed=bleed_mm * mm)
    found: list[Problem] = []
    theme = theme_for(game, source, fonts, found)
    ctx = Context(project, game, descriptor, data, source, draw=True, theme=theme, problems=found,
                  page_multiple=page_multiple, least_pages=least_pages, stale=stale)
    styles = make_styles(fonts, theme, source.lang, project_floor(project).pt("booklets"))
    width = layout.trim_w - 2 * layout.margin_x
    story = story_of(ctx, styles, width, (width, layout.trim_h - layout.margin_top - layout.margin_bottom))
    if ctx.problems:
        return b"", [], ctx.problems
    buffer = io.BytesIO()
    title = source.meta.get("title", game.name(source.lang))
    doc = RulebookDocument(buffer, layout, theme, document_title(source.lang, title, source.meta.get("subtitle", "")),
                           footer=str(title), faces=ctx.faces, initialFontName=fonts["body"])
    doc.multiBuild(story)
    return buffer.getvalue(), doc.faces, []


def check_rulebook(project: Project, game: Game, data, languages=None) -> list[Problem]:
    """Every language's source (or those of ``languages``): parsed, the structure of the project's first
    language, examples judged, words and glyphs present."""
    if not has_rulebook(game):
        return []
    wanted = list(languages or project.languages)
    first = project.languages[0]
    sources, problems = load_sources(project, game, list(dict.fromkeys([first, *wanted])))
    if first not in wanted:
        problems = [p for p in problems if not (p.file or "").endswith(f"/{first}.md")]
    reference = sources.get(first)
    sources = {lang: source for lang, source in sources.items() if lang in wanted}
    for lang, source in sources.items():
        if reference is not None and source is not reference:
            problems += structure_problems(reference, source)
        fonts = register_fonts(project)
        found: list[Problem] = []
        ctx = Context(project, game, project.descriptor(game), data, source, draw=False,
                      theme=theme_for(game, source, fonts, found), problems=found)
        for key in LABELS:
            ctx.label(key, names="A")  # present, with no placeholder but {names}
        story_of(ctx, make_styles(fonts, ctx.theme, lang, project_floor(project).pt("booklets")), 100 * mm)
        problems += ctx.problems
        problems += _glossary(project, game, source)
    return problems


def _glossary(project: Project, game: Game, source: Source) -> list[Problem]:
    """Uses of terms the language file's glossary replaces, in the booklet's words (header included)."""
    from deckgen.checks.glossary import glossary_problems, shared_rules

    strings = game.strings.get(source.lang)
    if strings is None:
        return []
    texts: list[tuple[Problem, str]] = []
    for block in source.blocks:
        at = Problem(source.file, block.line)
        words = [block.text, *block.items]
        if block.kind == "directive" and isinstance(block.body, Mapping):
            words.append(str(block.body.get("caption", "")))
        texts += [(at, str(w)) for w in words if w]
    meta = source.meta or {}
    for key in ("title", "subtitle"):
        if meta.get(key):
            texts.append((Problem(source.file, meta_line(source, key), None, key), str(meta[key])))
    for group in ("labels", "categories"):
        for key, value in (meta.get(group) or {}).items() if isinstance(meta.get(group), Mapping) else ():
            texts.append((Problem(source.file, meta_line(source, group), None, f"{group}.{key}"), str(value)))
    return [p for p in glossary_problems(strings, texts, shared_rules(project, source.lang)) if p.file == source.file]


def build_rulebooks(project: Project, game: Game, languages, paper: str, data) -> tuple[list[tuple[str, bytes]],
                                                                                    list[Problem]]:
    """(file name, PDF bytes) of the game's booklets in ``languages``, and all problems (nothing if any)."""
    if not has_rulebook(game):
        return [], []
    problems = [p for p in check_rulebook(project, game, data, languages) if not p.warning]
    if problems:
        return [], problems
    sources, found = load_sources(project, game, languages)
    files = []
    for lang, source in sources.items():
        stem = booklet_stem(game, lang)
        reading_name, imposed_name = booklet_names(game, lang, paper)
        reading, found = render_booklet(project, game, source, data, READING_PAGE)
        problems += found
        if found:
            continue
        files.append((reading_name, reading))
        title = document_title(lang, source.meta.get("title", game.name(lang)), source.meta.get("subtitle") or stem)
        page, sheet = booklet_page(paper)
        if page != READING_PAGE:
            pages, found = render_booklet(project, game, source, data, page)
            problems += found
        else:
            pages = reading
        files.append((imposed_name, impose(pages, landscape(sheet), title)))
    return files, problems
