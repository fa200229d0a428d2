"""The build pipeline: model -> faces (SVG) -> rasters -> sheet and single-card PDFs; documents -> vector PDFs.

Every requested deck and language is rendered to SVG, and every document
page too, first; if anything has a problem (text that does not fit, a
missing glyph, a template error) nothing is written.  Only then are the
cards rasterized (in a process pool), the PDFs composed and written
atomically.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from deckgen.errors import DeckgenError, Problem, unique
from deckgen.layout.geometry import LayoutError, plan_sheet
from deckgen.layout.papers import PAPERS_MM
from deckgen.layout.pdfcanvas import register_font
from deckgen.layout.sheets import SheetJob, write_sheets
from deckgen.layout.single import write_single_cards
from deckgen.model import Deck, Game, Project
from deckgen.output import write_atomic
from deckgen.render.raster import RasterImage, configure_fontconfig, rasterize_many
from deckgen.render.templates import DeckRenderer

SLUG_FONT = "DeckgenSlug"


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked for."""

    paper: str = "a4"
    dpi: int = 300
    duplex: str = "long"
    out: Path = Path("output")
    languages: tuple[str, ...] = ()  # empty: all of the project's
    workers: int | None = None
    variant: str | None = None  # only this deck variant (e.g. "cloud-city"); None: base and all variants


@dataclass
class DeckTarget:
    """One deck in one language, rendered to SVG, waiting to be rasterized."""

    game: Game
    deck: Deck
    lang: str
    fronts: dict[str, str]  # card id -> svg
    backs: dict[str, str]  # card id -> svg of its back
    problems: list[Problem] = field(default_factory=list)

    @property
    def stem(self) -> str:
        return f"{self.deck.label}-{self.lang}" if self.deck.localized else self.deck.label

    @property
    def back(self) -> str:
        """The back of the deck's first card (every card's, unless cards name their own backs)."""
        return next(iter(self.backs.values()))


class RasterCache:
    """Rasters of one build by SVG content and pixel size.

    The same face often appears in several outputs (a variant shares the
    suited cards with its base deck, a named side deck picks catalogue
    cards, a language-neutral back repeats in every language); it is
    rasterized once.
    """

    def __init__(self) -> None:
        self._images: dict[tuple[str, int, int], RasterImage] = {}

    @staticmethod
    def _key(svg: str, w: int, h: int) -> tuple[str, int, int]:
        return hashlib.sha256(svg.encode("utf-8")).hexdigest(), w, h

    def missing(self, svgs: list[str], w: int, h: int) -> list[tuple[str, int, int]]:
        """Jobs (svg, w, h) for the faces not rasterized yet, each once."""
        jobs, seen = [], set()
        for svg in svgs:
            key = self._key(svg, w, h)
            if key not in self._images and key not in seen:
                seen.add(key)
                jobs.append((svg, w, h))
        return jobs

    def add(self, jobs: list[tuple[str, int, int]], images: list[RasterImage]) -> None:
        for job, image in zip(jobs, images):
            self._images[self._key(*job)] = image

    def get(self, svg: str, w: int, h: int) -> RasterImage:
        return self._images[self._key(svg, w, h)]


def deck_languages(project: Project, deck: Deck, wanted: tuple[str, ...]) -> list[str]:
    """Languages a deck is built in: all wanted ones if it carries words, else one."""
    langs = [l for l in project.languages if not wanted or l in wanted]
    if not deck.localized:
        return langs[:1] or [project.languages[0]]
    return langs


def selected_decks(game: Game, variant: str | None) -> list[Deck]:
    """The decks to build: base decks and all their variants, or only the named variant."""
    if variant is None:
        return [d for base in game.decks.values() for d in (base, *base.variants.values())]
    return [base.variants[variant] for base in game.decks.values() if variant in base.variants]


def render_deck(project: Project, game: Game, deck: Deck, lang: str) -> DeckTarget:
    """Every front of ``deck`` and every card's back, in ``lang`` (no files written)."""
    renderer = DeckRenderer(project, game, deck, lang)
    fronts, backs, problems = {}, {}, []
    shared = None
    for card in deck.cards:
        rendered = renderer.render_front(card)
        fronts[card.id] = rendered.svg
        problems.extend(rendered.problems)
        if card.back:
            back = renderer.render_back(card)
        else:
            shared = shared or renderer.render_back()
            back = shared
        backs[card.id] = back.svg
        problems.extend(back.problems)
    if not deck.cards:
        shared = renderer.render_back()
        problems.extend(shared.problems)
    return DeckTarget(game, deck, lang, fronts, backs, unique(problems))


def render_targets(project: Project, game_ids: list[str], languages: tuple[str, ...] = (),
                   variant: str | None = None) -> list[DeckTarget]:
    """Render every deck of the given games to SVG (no files written)."""
    targets = []
    for gid in game_ids:
        game = project.games[gid]
        for deck in selected_decks(game, variant):
            for lang in deck_languages(project, deck, languages):
                targets.append(render_deck(project, game, deck, lang))
    return targets


def output_paths(target: DeckTarget, options: BuildOptions) -> tuple[Path, Path]:
    """(sheets PDF, single-card PDF) for a target."""
    folder = Path(options.out) / target.game.id
    return folder / f"{target.stem}-{options.paper}.pdf", folder / f"{target.stem}-cards.pdf"


def check_options(project: Project, game_ids: list[str], options: BuildOptions) -> None:
    """Raise DeckgenError for options this project cannot build with."""
    if options.paper not in PAPERS_MM:
        raise DeckgenError(f"unknown paper {options.paper!r} (choose from {', '.join(PAPERS_MM)})")
    if options.duplex not in ("long", "short", "none"):
        raise DeckgenError(f"unknown duplex mode {options.duplex!r} (long, short or none)")
    if not 72 <= options.dpi <= 1200:
        raise DeckgenError(f"--dpi must be between 72 and 1200, not {options.dpi}")
    unknown = [g for g in game_ids if g not in project.games]
    if unknown:
        raise DeckgenError(f"unknown game {unknown[0]!r} (this project has: {', '.join(project.games)})")
    if options.variant is not None and not any(
            selected_decks(project.games[g], options.variant) for g in game_ids):
        raise DeckgenError(f"no deck of {', '.join(game_ids)} has a variant {options.variant!r}")


def build(project: Project, game_ids: list[str], options: BuildOptions,
          progress: Callable[[str, int], Callable[[int], None]] | None = None) -> list[Path]:
    """Build the games; returns the files written.  Raises DeckgenError, writing nothing, on problems."""
    check_options(project, game_ids, options)
    targets = render_targets(project, game_ids, options.languages, options.variant)
    problems = [p for t in targets for p in t.problems]
    paper_w, paper_h = PAPERS_MM[options.paper]
    plans = {}
    for t in targets:
        try:
            plans[t.deck.label] = plan_sheet(paper_w, paper_h, t.deck.size)
        except LayoutError as exc:
            src = t.deck.source
            problems.append(Problem(src.file if src else None, src.line if src else None, None, "size", str(exc)))
    documents, doc_problems = render_documents(project, game_ids, options)
    problems += doc_problems
    if not problems:  # the booklets only once everything else is sound (they take longest)
        books, book_problems = render_rulebooks(project, game_ids, options)
        documents += books
        problems += book_problems
    if problems:
        raise DeckgenError(problems)
    configure_fontconfig(project.fonts_dir, Path(options.out) / ".cache")
    body_font = project.fonts.get("body") or next(iter(project.fonts.values()))
    font_name = register_font(SLUG_FONT, project.fonts_dir / body_font)
    written: list[Path] = []
    rasters = RasterCache()
    for t in targets:
        w, h = t.deck.size.pixels(options.dpi)
        cards = t.deck.physical_cards()
        faces = [*t.fronts.values(), *t.backs.values()]
        todo = rasters.missing(faces, w, h)
        tick = progress(f"{t.game.id}/{t.stem}", len(todo)) if progress and todo else None
        rasters.add(todo, rasterize_many(todo, options.workers, tick))
        fronts = [rasters.get(t.fronts[c.id], w, h) for c in cards]
        backs = [rasters.get(t.backs[c.id], w, h) for c in cards]
        name = t.game.strings[t.lang].decks.get(t.deck.id, t.deck.id) if t.lang in t.game.strings else t.deck.id
        variant = f" – {t.deck.variant}" if t.deck.variant else ""
        title = f"{t.game.name(t.lang)} – {name}{variant}" + (f" ({t.lang})" if t.deck.localized else "")
        s = t.deck.size
        settings = (f"{options.paper.upper() if options.paper != 'letter' else 'Letter'} · {options.dpi} dpi · "
                    f"duplex {options.duplex} · {s.width:g}×{s.height:g} mm + {s.bleed:g} mm bleed")
        sheets_pdf = write_sheets(plans[t.deck.label], SheetJob(title, fronts, backs, options.duplex, settings),
                                  font_name)
        single_pdf = write_single_cards(s, title, fronts, backs, font_name)
        sheets_path, single_path = output_paths(t, options)
        write_atomic(sheets_path, sheets_pdf)
        write_atomic(single_path, single_pdf)
        written += [sheets_path, single_path]
    for path, data in documents:
        write_atomic(path, data)
        written.append(path)
    return written


def render_rulebooks(project: Project, game_ids: list[str], options: BuildOptions
                     ) -> tuple[list[tuple[Path, bytes]], list[Problem]]:
    """Every game's rule booklets in each language (reading order and imposed), and the problems found."""
    from deckgen.rulebook.build import build_rulebooks, has_rulebook

    files: list[tuple[Path, bytes]] = []
    problems: list[Problem] = []
    if options.variant is not None:
        return files, problems
    languages = [l for l in project.languages if not options.languages or l in options.languages]
    for gid in game_ids:
        game = project.games[gid]
        if not has_rulebook(game):
            continue
        descriptor = project.descriptor(game)
        try:
            data = descriptor.data_for(game) if descriptor else {}
        except DeckgenError as exc:
            problems.extend(exc.problems)
            continue
        made, found = build_rulebooks(project, game, languages, options.paper, data)
        problems.extend(found)
        files.extend((Path(options.out) / gid / name, pdf) for name, pdf in made)
    return files, problems


def render_documents(project: Project, game_ids: list[str], options: BuildOptions
                     ) -> tuple[list[tuple[Path, bytes]], list[Problem]]:
    """Every game's documents in each language, as (path, PDF bytes); and the problems found."""
    from deckgen.documents import build_documents

    files: list[tuple[Path, bytes]] = []
    problems: list[Problem] = []
    if options.variant is not None:
        return files, problems
    languages = [l for l in project.languages if not options.languages or l in options.languages]
    for gid in game_ids:
        game = project.games[gid]
        if not game.documents:
            continue
        descriptor = project.descriptor(game)
        try:
            data = descriptor.data_for(game) if descriptor else {}
        except DeckgenError as exc:
            problems.extend(exc.problems)
            continue
        made, found = build_documents(project, game, languages, options.paper, data)
        problems.extend(found)
        files.extend((Path(options.out) / gid / name, pdf) for name, pdf in made)
    return files, problems
