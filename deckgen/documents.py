"""Printed documents other than decks: boards, reference sheets, local-rules tables.

A document is one page drawn by an SVG template, rendered exactly like a
card face (:class:`deckgen.render.templates.FaceRenderer`: the same
``text()``, ``icon()``, ``table()`` and ``geo``, so the same glyph,
overflow and safe-zone checks), then placed as vector graphics on paper
(:mod:`deckgen.render.vector`).  A game lists its documents in game.yaml::

    documents:
      local-rules: {kind: classic-locations}            # a kind of the game's engine
      board: {template: board.svg.j2, page: {width: 277, height: 360}, prints: [large, tiled]}

A document whose ``page`` is ``paper`` is drawn at the size of the chosen
paper (``--paper``, in its ``orientation``): ``STEM-LANG-PAPER.pdf``.  A
fixed-size page is printed in each of its ``prints``:

``sheet``  centred on the chosen paper -> ``STEM-LANG-PAPER.pdf``
``large``  centred on the next larger paper (A4: A3, Letter: Tabloid) -> ``STEM-LANG-A3.pdf``
``tiled``  cut into strips over sheets of the chosen paper, with overlap strips to
           glue and crosshairs to align them -> ``STEM-LANG-PAPER-tiled.pdf``

A page larger than the printable area is scaled down to fit it (never up).
The words of the tiling instructions are the game's ``tile.*`` strings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from deckgen.errors import DeckgenError, Problem
from deckgen.layout.geometry import PRINTER_MARGIN_MM as PRINTABLE_MARGIN_MM
from deckgen.layout.papers import LARGER_PAPER, PAPERS_MM
from deckgen.model import DocumentSpec, Game, Project
from deckgen.render.templates import FaceRenderer, page_geometry
from deckgen.render.vector import Box, Page, Placement, compose

#: Room kept on tiled sheets around the strip, inside the printable margin: above it for the
#: instructions, below it for the crosshairs and words on the cut line, at its sides for the ticks.
TILE_BAND_Y_MM = 9.0
TILE_BAND_X_MM = 6.0
#: A tiled page may be scaled down to this at most before another sheet is used.
MIN_TILE_SCALE = 0.9
DEFAULT_OVERLAP_MM = 10.0
TILE_TEMPLATE = "tile.svg.j2"


@dataclass
class DocumentContext:
    """What a document kind's ``context`` function may read and use."""

    project: Project
    game: Game
    spec: DocumentSpec
    lang: str
    paper: str
    data: Mapping[str, Any]  # the engine data of the game (descriptor.load_data)
    renderer: FaceRenderer
    problems: list[Problem] = field(default_factory=list)

    @property
    def options(self) -> Mapping[str, Any]:
        return self.spec.options

    def t(self, key: str, **values: Any) -> str:
        """The string ``key`` of the language file, placeholders filled; a missing one is a problem."""
        return self.renderer.label(key, self.problems, values)


def page_size(spec: DocumentSpec, paper: str) -> tuple[float, float]:
    """The document page's width and height in mm."""
    if spec.page == "paper":
        w, h = PAPERS_MM[paper]
        return (max(w, h), min(w, h)) if spec.orientation == "landscape" else (min(w, h), max(w, h))
    width, height = spec.page
    return width, height


@dataclass
class RenderedDocument:
    """A document page rendered to SVG in one language."""

    spec: DocumentSpec
    lang: str
    width: float
    height: float
    svg: str
    problems: list[Problem]
    renderer: FaceRenderer


def render_document(project: Project, game: Game, spec: DocumentSpec, lang: str, paper: str,
                    data: Mapping[str, Any]) -> RenderedDocument:
    """Render the document's page (no files written); problems are collected, not raised."""
    width, height = page_size(spec, paper)
    safe = min(spec.safe, width / 3, height / 3)
    renderer = FaceRenderer(project, game, lang, page_geometry(width, height, 0.0, safe))
    ctx = DocumentContext(project, game, spec, lang, paper, data, renderer)
    extra: dict[str, Any] = {"document": spec, "paper": paper, "options": spec.options}
    descriptor = project.descriptor(game)
    kind = descriptor.documents.get(spec.kind) if descriptor and spec.kind else None
    if kind is not None and kind.context is not None:
        extra.update(kind.context(ctx))
    face = renderer.render(spec.template, spec.id, f"document {spec.id} [{lang}]", extra)
    return RenderedDocument(spec, lang, width, height, face.svg, ctx.problems + face.problems, renderer)


# ------------------------------------------------------------------ placing on paper


def _fit(width: float, height: float, room_w: float, room_h: float) -> float:
    """The scale (at most 1) at which a width x height page fits the room."""
    return min(1.0, room_w / width, room_h / height)


def _oriented(paper: str, landscape: bool) -> tuple[float, float]:
    w, h = PAPERS_MM[paper]
    return (max(w, h), min(w, h)) if landscape else (min(w, h), max(w, h))


def _centred(doc: RenderedDocument, paper: str) -> Page:
    """The page centred on ``paper`` (turned to suit it), scaled down to the printable area if needed."""
    landscape = doc.width > doc.height
    pw, ph = _oriented(paper, landscape)
    room_w, room_h = pw - 2 * PRINTABLE_MARGIN_MM, ph - 2 * PRINTABLE_MARGIN_MM
    scale = _fit(doc.width, doc.height, room_w, room_h)
    w, h = doc.width * scale, doc.height * scale
    x, y = (pw - w) / 2, (ph - h) / 2
    sheet = Box(0, 0, pw, ph)
    return Page(pw, ph, [Placement(0, x, y, scale)], trim=sheet, bleed=sheet, art=Box(x, y, w, h))


@dataclass(frozen=True)
class TilePlan:
    """How a tall page is cut into horizontal strips, one per sheet (all mm; y down from the page top)."""

    paper_w: float
    paper_h: float
    scale: float
    overlap: float
    parts: tuple[tuple[float, float], ...]  # (top, bottom) of each strip, in page mm

    @property
    def sheets(self) -> int:
        return len(self.parts)


def tile_plan(width: float, height: float, paper: str, overlap: float = DEFAULT_OVERLAP_MM) -> TilePlan:
    """The fewest sheets of ``paper`` (either orientation) that carry the page in strips.

    Each strip overlaps the next by ``overlap`` mm (the glue strip); a strip
    plus the instruction bands must fit the printable area at a scale of at
    least :data:`MIN_TILE_SCALE` (never above 1).
    """
    best = None
    for n in range(2, 13):
        for landscape in (True, False):
            pw, ph = _oriented(paper, landscape)
            room_w = pw - 2 * (PRINTABLE_MARGIN_MM + TILE_BAND_X_MM)
            room_h = ph - 2 * (PRINTABLE_MARGIN_MM + TILE_BAND_Y_MM)
            part = (height + (n - 1) * overlap) / n
            scale = _fit(width, part, room_w, room_h)
            if scale >= MIN_TILE_SCALE and (best is None or scale > best[0]):
                best = (scale, pw, ph, part)
        if best is not None:
            scale, pw, ph, part = best
            parts = tuple((i * (part - overlap), i * (part - overlap) + part) for i in range(n))
            return TilePlan(pw, ph, scale, overlap, parts)
    raise DeckgenError(f"a {width:g} x {height:g} mm page cannot be tiled on {paper} paper")


def _tiles(doc: RenderedDocument, paper: str, overlap: float) -> tuple[list[Page], list[str], list[Problem]]:
    """The tiled sheets: the page clipped to each strip, and an overlay of marks and instructions."""
    plan = tile_plan(doc.width, doc.height, paper, overlap)
    s = plan.scale
    pw, ph = plan.paper_w, plan.paper_h
    part_h = (plan.parts[0][1] - plan.parts[0][0]) * s
    left = (pw - doc.width * s) / 2
    top = (ph - part_h) / 2  # y down: where each strip's top sits on its sheet
    pages, overlays, problems = [], [], []
    geo = page_geometry(pw, ph, 0.0, PRINTABLE_MARGIN_MM)
    renderer = FaceRenderer(doc.renderer.project, doc.renderer.game, doc.lang, geo)
    n = plan.sheets
    for i, (y0, y1) in enumerate(plan.parts):
        strip = Box(left, ph - top - part_h, doc.width * s, part_h)
        origin_y = ph - top - (doc.height - y0) * s  # PDF y of the page's bottom edge
        glue = (top, top + plan.overlap * s) if i > 0 else None
        cut = top + part_h if i < n - 1 else None
        values = {"i": i + 1, "n": n, "next": i + 2, "prev": i}
        variables = {
            "strip": {"x": left, "y": top, "w": doc.width * s, "h": part_h},
            "glue": glue, "cut": cut, "sheet": i + 1, "sheets": n, "values": values,
            "scale": s,
        }
        face = renderer.render(TILE_TEMPLATE, f"{doc.spec.id}-tile{i + 1}",
                               f"document {doc.spec.id} sheet {i + 1} [{doc.lang}]", variables)
        problems.extend(face.problems)
        overlays.append(face.svg)
        sheet = Box(0, 0, pw, ph)
        pages.append(Page(pw, ph, [Placement(0, left, origin_y, s, clip=strip), Placement(1 + i, 0, 0, 1.0)],
                          trim=sheet, bleed=sheet, art=strip))
    return pages, overlays, problems


@dataclass
class DocumentFile:
    """One PDF of a document, laid out but not yet drawn: its pages and the SVGs they place."""

    name: str
    pages: list[Page]
    sources: list[str]
    problems: list[Problem]

    def pdf(self, title: str) -> bytes:
        return compose(self.pages, self.sources, title)


def document_names(spec: DocumentSpec, lang: str, paper: str) -> list[tuple[str, str, str]]:
    """(print mode, file name, paper) of each file of a document in ``lang``: known before it is rendered."""
    stem = f"{spec.stem}-{lang}"
    if spec.page == "paper":
        return [("paper", f"{stem}-{paper}.pdf", paper)]
    names = []
    for mode in spec.prints:
        if mode == "sheet":
            names.append((mode, f"{stem}-{paper}.pdf", paper))
        elif mode == "large":
            names.append((mode, f"{stem}-{LARGER_PAPER[paper]}.pdf", LARGER_PAPER[paper]))
        elif mode == "tiled":
            names.append((mode, f"{stem}-{paper}-tiled.pdf", paper))
    return names


def document_layouts(doc: RenderedDocument, paper: str) -> list[DocumentFile]:
    """The files of a rendered document for ``paper``, laid out (overlays rendered, nothing drawn yet)."""
    files = []
    for mode, name, on in document_names(doc.spec, doc.lang, paper):
        if mode == "paper":
            sheet = Box(0, 0, doc.width, doc.height)
            page = Page(doc.width, doc.height, [Placement(0, 0, 0, 1.0)], trim=sheet, bleed=sheet)
            files.append(DocumentFile(name, [page], [doc.svg], []))
        elif mode in ("sheet", "large"):
            files.append(DocumentFile(name, [_centred(doc, on)], [doc.svg], []))
        elif mode == "tiled":
            overlap = float(doc.spec.options.get("overlap_mm", DEFAULT_OVERLAP_MM))
            pages, overlays, problems = _tiles(doc, paper, overlap)
            files.append(DocumentFile(name, pages, [doc.svg, *overlays], problems))
    return files


def document_files(doc: RenderedDocument, paper: str, title: str) -> list[tuple[str, bytes, list[Problem]]]:
    """The PDF files of a rendered document for ``paper``: (file name, bytes, problems found placing it)."""
    return [(f.name, f.pdf(title), f.problems) for f in document_layouts(doc, paper)]


def build_documents(project: Project, game: Game, languages: list[str], paper: str,
                    data: Mapping[str, Any], only: Callable[[DocumentSpec], bool] = lambda s: True,
                    draw: bool = True) -> tuple[list[tuple[str, bytes]], list[Problem]]:
    """Every document of ``game`` in each language: (file name, PDF bytes) pairs, and all problems.

    With ``draw=False`` the pages are only rendered and laid out (what ``check``
    needs): no PDF is drawn and no file is returned.
    """
    files, problems = [], []
    for spec in game.documents.values():
        if not only(spec):
            continue
        for lang in languages:
            doc = render_document(project, game, spec, lang, paper, data)
            problems.extend(doc.problems)
            if any(not p.warning for p in doc.problems):
                continue
            for layout in document_layouts(doc, paper):
                problems.extend(layout.problems)
                if draw and not any(not p.warning for p in layout.problems):
                    files.append((layout.name, layout.pdf(_title(game, spec.id, lang))))
    return files, problems


def _title(game: Game, doc_id: str, lang: str) -> str:
    """A document's PDF title in ``lang``: the game's name and the document's (``document.ID`` of the lang
    file, else its id), joined by the language's title pattern."""
    from deckgen.rulebook.furniture import document_title

    strings = game.strings.get(lang)
    name = strings.strings.get(f"document.{doc_id}") if strings is not None else None
    return document_title(lang, game.name(lang), str(name or doc_id))
