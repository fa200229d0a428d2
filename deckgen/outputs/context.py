"""What deckgen's own generators share while a selection renders: the cache, the drawing processes, the
report, and the faces of every deck, each made once per selection (``selection.memo``).

:func:`build_context` is the store, fingerprints and drawing pool of a
selection (``deckgen build`` makes it with its progress and report and
closes it; a generator asked on its own gets a default one).
:func:`deck_targets` renders every deck's faces once and queues them for
drawing the moment each is rendered; a face that cannot be printed (text
that does not fit, a missing glyph) is a DeckgenError before any file is
composed.  What a generator wants done only after every file is in place
(a stale part removed, a build record kept) goes in
:attr:`BuildContext.after`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from deckgen.errors import DeckgenError, Problem, unique
from deckgen.layout.papers import PAPERS_MM
from deckgen.model import Deck, Project
from deckgen.outputs.plan import Selection
from deckgen.outputs.report import BuildReport
from deckgen.outputs.selection import BuildOptions, build_decks
from deckgen.render.decks import DeckTarget, FaceTexts, Fingerprints, options_store, render_deck
from deckgen.render.store import Store, raster_key, renderer_id

#: ``progress(label, total)`` announces a stage (a :class:`deckgen.progress.Progress`) and answers its
#: ``tick(n, game=None)``.
Progress = Callable[[str, int], Callable[..., None]]


@dataclass
class BuildContext:
    """The shared means of one selection's rendering."""

    store: Store
    prints: Fingerprints
    renderer: str
    pool: Any  # a deckgen.render.raster.RasterPool
    report: BuildReport
    progress: Progress | None = None
    #: skip a file an earlier build wrote from the same inputs (``deckgen build``; ``rules`` always renders)
    remember: bool = False
    #: (stale files to remove, what to call or a :class:`Remember`) once every file is in place
    after: list[tuple[list[Path], Callable[[], None] | Remember | None]] = field(default_factory=list)
    #: faces drawn by the build's worker processes (:mod:`deckgen.outputs.jobs`), besides this pool's
    drawn_elsewhere: int = 0

    @property
    def drawn(self) -> int:
        """Faces drawn as rasters by this build, in any process."""
        return self.pool.drawn + self.drawn_elsewhere

    def then(self, what: Callable[[], None] | Remember | None) -> None:
        """Do ``what`` (an entry of :attr:`after`) now that every file is in place."""
        if isinstance(what, Remember):
            self.store.put(what.kind, what.key, what.value)
        elif what is not None:
            what()

    def close(self) -> None:
        self.pool.close()


@dataclass(frozen=True)
class Remember:
    """An entry to keep in the cache once every file is in place (a build record): plain data, so a worker
    process of the build (:mod:`deckgen.outputs.jobs`) can hand it back to the build."""

    kind: str
    key: str
    value: dict


def build_context(selection: Selection) -> BuildContext:
    """The selection's context: the one the build gave it, or a default one (no progress, nothing
    remembered) made the first time a generator asks."""
    if "context" not in selection.memo:
        selection.memo["context"] = new_context(selection.project, selection.options)
    return selection.memo["context"]


def new_context(project: Project, options: BuildOptions, progress: Progress | None = None,
                report: BuildReport | None = None, remember: bool = False) -> BuildContext:
    """A context for ``options``: its cache (none with --no-cache), fontconfig set up before any drawing
    process starts (cairo in the workers sees only the project's fonts), and a drawing pool."""
    from deckgen.output import cache_folder
    from deckgen.render.raster import RasterPool, configure_fontconfig

    store = options_store(options)
    configure_fontconfig(project.fonts_dir,
                         cache_folder(options.out, options.cache, create=True, home=options.cache_home))
    return BuildContext(store, Fingerprints(project), renderer_id(), RasterPool(store, options.workers, None),
                        report if report is not None else BuildReport(), progress, remember)


def deck_targets(selection: Selection) -> list[DeckTarget]:
    """Every deck of the selection in every language, its faces rendered and queued for drawing (once per
    selection); a DeckgenError with every problem that keeps the cards from being printed."""
    if "targets" not in selection.memo:
        try:
            selection.memo["targets"] = _render_targets(selection)
        except DeckgenError as exc:
            selection.memo["targets"] = exc
    found = selection.memo["targets"]
    if isinstance(found, DeckgenError):
        raise DeckgenError(found.problems)
    return found


def deck_target(selection: Selection, index: int) -> DeckTarget:
    """Deck ``index`` of the selection's decks (:func:`~deckgen.outputs.selection.build_decks`) alone, its faces
    rendered and queued (once; a job of the build renders its deck this way, not every deck); its problems in
    ``target.problems`` (see :func:`target_problems`)."""
    if "targets" in selection.memo and not isinstance(selection.memo["targets"], DeckgenError):
        return selection.memo["targets"][index]
    one = selection.memo.setdefault("target_of", {})
    if index not in one:
        game, deck, lang = selection_decks(selection)[index]
        one[index] = _render_one(selection, game, deck, lang)
    return one[index]


def forget_target(selection: Selection, index: int) -> None:
    """Let go of deck ``index``'s rendered faces (its files are made)."""
    selection.memo.get("target_of", {}).pop(index, None)


def selection_decks(selection: Selection) -> list[tuple]:
    """(game, deck, language) of every deck the selection renders, in build order (worked out once)."""
    if "build_decks" not in selection.memo:
        selection.memo["build_decks"] = build_decks(selection.project, list(selection.game_ids), selection.options)
    return selection.memo["build_decks"]


def target_problems(selection: Selection, target: DeckTarget) -> tuple[list[Problem], list[Problem], list[Problem]]:
    """What keeps ``target``'s cards from being printed: its faces' problems, its size on the paper, its words
    (as :func:`deck_targets` says them for every deck: all faces', then all sizes', then all words')."""
    return (list(target.problems), _plan_problems(selection.project, [target], selection.options),
            _translation_problems([target]))


def _render_targets(selection: Selection) -> list[DeckTarget]:
    context = build_context(selection)
    decks = selection_decks(selection)
    ticker = context.progress("rendering", len(decks)) if context.progress else None
    targets: list[DeckTarget] = []
    for game, deck, lang in decks:
        targets.append(_render_one(selection, game, deck, lang))
        if ticker:
            ticker(1, game=game.id)
    problems = [p for t in targets for p in t.problems]
    problems += _plan_problems(selection.project, targets, selection.options)
    problems += _translation_problems(targets)
    errors = [p for p in unique(problems) if not p.warning]
    if errors:
        raise DeckgenError(errors)
    return targets


def _render_one(selection: Selection, game, deck: Deck, lang: str) -> DeckTarget:
    """One deck in one language, its faces rendered and (as rasters) queued for drawing."""
    project, options = selection.project, selection.options
    context = build_context(selection)
    store, prints, pool, renderer = context.store, context.prints, context.pool, context.renderer
    target = render_deck(project, game, deck, lang, store, prints, ink=options.ink,
                         on_face=None if options.vector else _drawer(pool, deck, options, renderer),
                         only=options.cards, on_render=None if options.vector else pool.warm)
    if not options.vector and not any(not p.warning for p in target.problems):  # a refused face may never
        _queue(pool, store, target, options, renderer, project, prints)  # finish drawing
    return target


def face_svgs(selection: Selection, target: DeckTarget) -> dict[str, str]:
    """Every face's SVG of ``target`` (to place as vector forms), the remembered faces rendered again only
    now that a file needs them: a deck whose files are unchanged is never rendered again."""
    context = build_context(selection)
    _queue(context.pool, context.store, target, selection.options, context.renderer, selection.project,
           context.prints)
    return target.svgs


def _drawer(pool, deck: Deck, options: BuildOptions, renderer: str) -> Callable[[str, str, tuple[str, str]], None]:
    """Queue a face for drawing the moment it is rendered."""
    w, h = deck.size.pixels(options.dpi)

    def draw(svg_hash: str, svg: str, name: tuple[str, str] | None = None) -> None:
        pool.submit(svg, w, h, raster_key(svg_hash, w, h, renderer), name)

    return draw


def _queue(pool, store: Store, target: DeckTarget, options: BuildOptions, renderer: str, project, prints) -> None:
    """Queue every face of ``target`` whose raster is not in the store (rendering it if only its hash is known);
    in vector mode, make sure every face's SVG is at hand instead."""
    w, h = target.deck.size.pixels(options.dpi)
    if options.vector:  # a face's text is needed only where a file is written again: rendered then, if at all
        if any(h not in target.svgs for h in {*target.fronts.values(), *target.backs.values()}):
            target.svgs = FaceTexts(target.svgs, lambda: render_deck(
                project, target.game, target.deck, target.lang, store, prints, force=True, ink=target.ink,
                only=options.cards).svgs)
        return
    for svg_hash in {*target.fronts.values(), *target.backs.values()}:  # a reprint's target holds its cards only
        key = raster_key(svg_hash, w, h, renderer)
        if not options.vector and (store.has_raster(key) or pool.queued(key)):
            continue  # drawn, or being drawn for another deck with the same face
        if svg_hash not in target.svgs:  # remembered face, raster gone (new dpi, cleaned cache): render again
            fresh = render_deck(project, target.game, target.deck, target.lang, store, prints, force=True,
                                ink=target.ink, only=options.cards)
            target.svgs.update(fresh.svgs)
            target.problems.extend(p for p in fresh.problems if p not in target.problems)
        svg = target.svgs.get(svg_hash)
        if svg is not None and not options.vector:
            pool.submit(svg, w, h, key)


def _translation_problems(targets: list[DeckTarget]) -> list[Problem]:
    """What ``deckgen check`` says of the built decks' words: build and check agree, used by a template or not."""
    from deckgen.checks.general import translation_problems

    problems = []
    for t in targets:
        problems += translation_problems(t.game, [t.deck], (t.lang,))
    return problems


def _plan_problems(project: Project, targets: list[DeckTarget], options: BuildOptions) -> list[Problem]:
    from deckgen.layout.geometry import LayoutError, plan_sheet
    from deckgen.layout.layouts import load_layout

    layout = load_layout(options.layout, project.root)
    paper_w, paper_h = PAPERS_MM[options.paper]
    problems = []
    for t in targets:
        try:
            plan_sheet(paper_w, paper_h, t.deck.size, layout)
        except LayoutError as exc:
            src = t.deck.source
            problems.append(Problem(src.file if src else None, src.line if src else None, None, "size", str(exc)))
    return problems
