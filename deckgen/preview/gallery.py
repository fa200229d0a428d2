"""``deckgen preview``: a static HTML gallery of every card, with the check results on the cards.

The gallery is a folder (``output/preview/`` by default) that opens from
disk: ``index.html``, its stylesheet and script under ``assets/``, and the
pictures under ``img/`` (card faces and their miscut views), ``docs/``
(documents) and ``rules/`` (rulebook pages).  Each picture is named by what
it shows, so a picture that exists is current: an unchanged card is
neither rendered nor drawn again (faces and rasters come from the build
cache, :mod:`deckgen.render.store`), and a gallery built again writes only
the pictures of changed cards.

Problems are those of ``deckgen check`` (:func:`deckgen.checks.run_checks`,
every language, cached per game by what the game is made of) plus those
found rendering the faces shown.  A problem that names a card (a field
``cards.ID…`` or a face ``card ID [LANG]``) is shown on that card; one that
names a document, the rulebook or a deck's design (a template, a layout
box) on that; the rest on the game.  The "only problems" filter therefore
shows exactly the cards ``deckgen check`` names.
"""

from __future__ import annotations

import re
import shutil
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from deckgen import __version__
from deckgen.build import Fingerprints, deck_languages, render_deck, selected_decks
from deckgen.errors import DeckgenError, Problem, unique
from deckgen.model import Deck, Game, Project
from deckgen.preview.images import (DEFAULT_PALETTE, MISCUTS, FaceJob, Palette, PicturePool, palette_of, save_webp)
from deckgen.render.store import Store, hash_text, raster_key, renderer_id

ASSETS = Path(__file__).resolve().parent / "assets"
DEFAULT_DPI = 150
#: Documents are drawn this many pixels along their longer side.
DOCUMENT_PX = 900
#: Rulebook pages are drawn this many pixels wide.
RULE_PAGE_PX = 320
PICTURE_DIRS = ("img", "docs", "rules")


# ------------------------------------------------------------------ what the page shows


@dataclass
class Face:
    """A face's picture (path relative to the gallery) and its miscut view."""

    key: str
    picture: str
    miscut: str | None = None


@dataclass
class Tile:
    """One card kind of a deck in one language."""

    game: str
    deck: str  # the deck's label (id, or id-variant)
    lang: str
    localized: bool
    card: str
    name: str
    count: int
    source: str
    front: Face | None = None
    back: Face | None = None
    problems: list[Problem] = field(default_factory=list)  # what `deckgen check` says about the card
    errors: list[Problem] = field(default_factory=list)  # why a face of it could not be rendered now

    @property
    def uid(self) -> str:
        return f"{self.game}/{self.deck}/{self.lang}/{self.card}"

    @property
    def all_problems(self) -> list[Problem]:
        return self.errors + [p for p in self.problems if p not in self.errors]

    @property
    def status(self) -> str:
        if self.errors or any(not p.warning for p in self.problems):
            return "error"
        return "warning" if self.problems else "ok"


@dataclass
class DeckView:
    deck: Deck
    name: str
    lang: str
    tiles: list[Tile] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # the deck's design: templates, layout boxes, its back
    templates: set[str] = field(default_factory=set)
    found: list[Problem] = field(default_factory=list)  # problems found rendering its faces now

    @property
    def label(self) -> str:
        return self.deck.label

    @property
    def uid(self) -> str:
        return f"{self.deck.game_id}/{self.deck.label}/{self.lang}"


@dataclass
class Thumb:
    """A document page or a rulebook page."""

    title: str
    lang: str
    picture: str
    width: int
    height: int


@dataclass
class GameView:
    game: Game
    name: str
    palette: Palette = DEFAULT_PALETTE
    decks: list[DeckView] = field(default_factory=list)
    documents: list[Thumb] = field(default_factory=list)
    document_problems: dict[str, list[Problem]] = field(default_factory=dict)  # document id -> problems
    rulebook: dict[str, list[Thumb]] = field(default_factory=dict)  # lang -> pages
    rulebook_problems: list[Problem] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # everything else
    checked: bool = True  # False while the checks of its current inputs have not run

    @property
    def id(self) -> str:
        return self.game.id

    def document_problems_in(self, doc_id: str, lang: str) -> list[Problem]:
        """The problems of a document that concern its page in ``lang`` (those naming no language too)."""
        return [p for p in self.document_problems.get(doc_id, [])
                if (m := _DOCUMENT.search(p.message)) is None or m.group(2) == lang]


@dataclass
class Gallery:
    project: Project
    languages: tuple[str, ...]
    games: list[GameView] = field(default_factory=list)
    errors: list[Problem] = field(default_factory=list)  # problems that stopped a face from being drawn
    dpi: int = DEFAULT_DPI
    cards: tuple[str, ...] = ()
    drawn: int = 0  # faces drawn now
    encoded: int = 0  # pictures written now
    seconds: float = 0.0
    pictures: set[str] = field(default_factory=set)  # every picture the page shows

    @property
    def tiles(self) -> list[Tile]:
        return [t for g in self.games for d in g.decks for t in d.tiles]

    def line(self) -> str:
        tiles = self.tiles
        flagged = sum(1 for t in tiles if t.all_problems)
        decks = len({(g.id, d.label) for g in self.games for d in g.decks})
        return (f"{_count(len(tiles), 'card')} of {_count(decks, 'deck')} in {_count(len(self.languages), 'language')}, "
                f"{flagged} with problems; {_count(self.drawn, 'face')} drawn, "
                f"{_count(self.encoded, 'picture')} written; {self.seconds:.1f} s")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


@dataclass(frozen=True)
class GalleryOptions:
    out: Path
    languages: tuple[str, ...] = ()  # empty: the project's first
    cards: tuple[str, ...] = ()
    variant: str | None = None
    dpi: int = DEFAULT_DPI
    checks: str = "run"  # run | cached (use results only if current) | off
    documents: str = "run"  # run | cached | off: document and rulebook thumbnails
    workers: int | None = None
    live: bool = False  # the page is served by `deckgen serve`
    page: int = 0  # under `deckgen serve`: which rebuild this page is (the open page fetches a newer one)


# ------------------------------------------------------------------ building it


def gallery_languages(project: Project, wanted: tuple[str, ...]) -> tuple[str, ...]:
    """The languages shown: those asked for (in the project's order), else the project's first."""
    if not wanted:
        return project.languages[:1]
    return tuple(l for l in project.languages if l in wanted)


def check_gallery_options(project: Project, game_ids: list[str], options: GalleryOptions) -> None:
    unknown = [g for g in game_ids if g not in project.games]
    if unknown:
        raise DeckgenError(f"unknown game {unknown[0]!r} (this project has: {', '.join(project.games)})")
    if options.variant is not None and not any(selected_decks(project.games[g], options.variant) for g in game_ids):
        raise DeckgenError(Problem(None, None, None, "--variant",
                                   f"no deck of {', '.join(game_ids)} has a variant {options.variant!r}"))
    if options.cards:
        known = {c.id for g in game_ids for d in _decks(project.games[g], options.variant) for c in d.cards}
        missing = [c for c in options.cards if c not in known]
        if missing:
            raise DeckgenError(Problem(None, None, None, "--cards",
                                       f"no card {missing[0]!r} in {', '.join(game_ids)}"))


def _decks(game: Game, variant: str | None) -> list[Deck]:
    return selected_decks(game, variant)


def build_gallery(project: Project, game_ids: list[str], options: GalleryOptions, store: Store | None = None,
                  progress: Callable[[str], None] | None = None,
                  cancelled: Callable[[], bool] = lambda: False) -> Gallery:
    """Render, draw and check what the gallery shows, write its pictures and index.html; return it.

    Once ``cancelled()`` says so (`deckgen serve`: a file changed again), checks, documents and rulebook
    pages not yet begun are left out (their games marked not checked) and the page is written as it is."""
    from deckgen.build import default_store
    from deckgen.render.raster import configure_fontconfig

    start = time.perf_counter()
    check_gallery_options(project, game_ids, options)
    out = Path(options.out)
    store = store if store is not None else default_store(project)
    configure_fontconfig(project.fonts_dir, store.folder or out / ".cache")
    prints = Fingerprints(project)
    renderer = renderer_id()
    languages = gallery_languages(project, options.languages)
    gallery = Gallery(project, languages, dpi=options.dpi, cards=options.cards)
    pool = PicturePool(store, options.workers)
    say = progress or (lambda text: None)
    try:
        say("rendering")
        for gid in game_ids:
            gallery.games.append(_game_view(project, project.games[gid], options, languages, store, prints,
                                            renderer, pool, gallery))
        pool.start()  # draw in the workers while this process checks
        slow = _SlowWork(project, options, store, prints, out, cancelled)
        for view in gallery.games:
            say(f"checking {view.id}")
            _attach(view, slow.problems(view, gallery), languages, project)
            if options.documents != "off":
                say(f"documents of {view.id}")
                slow.documents(view, languages)
                slow.rulebook(view, languages)
        say("drawing")
        pool.wait()
        slow.finish()
        gallery.drawn, gallery.encoded = pool.drawn, pool.encoded + slow.encoded
        for view in gallery.games:
            view.palette = _palette(view, out, store)
    finally:
        pool.close()
    gallery.pictures = _pictures(gallery)
    write_page(gallery, out, live=options.live, page=options.page)
    gallery.seconds = time.perf_counter() - start
    return gallery


def _game_view(project: Project, game: Game, options: GalleryOptions, languages: tuple[str, ...], store: Store,
               prints: Fingerprints, renderer: str, pool: PicturePool, gallery: Gallery) -> GameView:
    view = GameView(game, game.name(languages[0]))
    out = Path(options.out)
    for deck in _decks(game, options.variant):
        cards = [c for c in deck.cards if not options.cards or c.id in options.cards]
        if not cards:
            continue
        w, h = deck.size.pixels(options.dpi)
        for lang in deck_languages(project, deck, languages):
            strings = game.strings.get(lang)
            name = strings.decks.get(deck.id, deck.id) if strings else deck.id
            dv = DeckView(deck, name + (f" · {deck.variant}" if deck.variant else ""), lang)
            dv.templates = {deck.front, deck.back, *(c.front for c in cards if c.front),
                            *(c.back for c in cards if c.back)}
            fronts, backs, svgs, dv.found, errors = _render(project, game, replace(deck, cards=tuple(cards)), lang,
                                                            store, prints)
            gallery.errors += [p for p in errors if p not in gallery.errors]
            wanted: dict[str, tuple[str, bool]] = {}  # raster key -> (svg hash, with a miscut view)
            for card in cards:
                tile = Tile(game.id, deck.label, lang, deck.localized, card.id, card.text(lang, "name") or card.id,
                            card.count, f"{card.source.file}:{card.source.line}" if card.source else "")
                for side, hashes in (("front", fronts), ("back", backs)):
                    svg_hash = hashes.get(card.id)
                    if isinstance(svg_hash, Problem):
                        if svg_hash not in tile.errors:
                            tile.errors.append(svg_hash)
                        continue
                    if svg_hash is None:
                        continue
                    key = raster_key(svg_hash, w, h, renderer)
                    face = Face(key, f"img/{key[:40]}.webp", f"img/{key[:40]}-miscut.webp" if side == "front" else None)
                    setattr(tile, side, face)
                    old = wanted.get(key)
                    wanted[key] = (svg_hash, side == "front" or (old is not None and old[1]))
                dv.tiles.append(tile)
            for key, (svg_hash, with_miscut) in wanted.items():
                picture = out / "img" / f"{key[:40]}.webp"
                miscut = out / "img" / f"{key[:40]}-miscut.webp" if with_miscut else None
                if picture.is_file() and (miscut is None or miscut.is_file()):
                    continue
                raster_path = store.raster_path(key)
                svg = None if raster_path is not None and raster_path.is_file() else svgs.get(svg_hash)
                if svg is None and (raster_path is None or not raster_path.is_file()):
                    svgs.update(_render(project, game, replace(deck, cards=tuple(cards)), lang, store, prints,
                                        force=True)[2])
                    svg = svgs.get(svg_hash)
                    if svg is None:
                        continue
                s = deck.size
                pool.submit(FaceJob(key, svg, w, h, str(raster_path) if raster_path else None, str(picture),
                                    str(miscut) if miscut else None, s.width, s.height, s.bleed))
            view.decks.append(dv)
    return view


def _render(project: Project, game: Game, deck: Deck, lang: str, store: Store, prints: Fingerprints,
            force: bool = False) -> tuple[dict[str, Any], dict[str, Any], dict[str, str], list[Problem],
                                          list[Problem]]:
    """(card id -> front SVG hash, card id -> back SVG hash, SVG hash -> SVG, problems, errors) of ``deck``.

    A face that cannot be rendered (a template error) stands as its Problem in place of the hash, so one
    broken card does not hide the others."""
    try:
        target = render_deck(project, game, deck, lang, store, prints, force=force)
        return dict(target.fronts), dict(target.backs), dict(target.svgs), list(target.problems), []
    except DeckgenError as whole:
        fronts: dict[str, Any] = {}
        backs: dict[str, Any] = {}
        svgs: dict[str, str] = {}
        problems: list[Problem] = []
        errors: list[Problem] = []
        for card in deck.cards:
            try:
                one = render_deck(project, game, replace(deck, cards=(card,)), lang, store, prints, force=force)
                fronts[card.id] = one.fronts[card.id]
                backs[card.id] = one.backs[card.id]
                svgs.update(one.svgs)
                problems += [p for p in one.problems if p not in problems]
            except DeckgenError as exc:
                problem = exc.problems[0] if exc.problems else whole.problems[0]
                fronts[card.id] = problem
                errors += [p for p in exc.problems if p not in errors]
        return fronts, backs, svgs, problems, errors


# ------------------------------------------------------------------ checks, documents, rulebooks


class _SlowWork:
    """The checks, document pages and rulebook pages of a game: cached by everything the game is made of."""

    def __init__(self, project: Project, options: GalleryOptions, store: Store, prints: Fingerprints, out: Path,
                 cancelled: Callable[[], bool] = lambda: False):
        self.project, self.options, self.store, self.prints, self.out = project, options, store, prints, out
        self.cancelled = cancelled
        self.encoded = 0
        self._rules: list[tuple[GameView, str, str, Any]] = []  # (view, lang, key, future)
        self._executor = None

    def key(self, game: Game, what: str, *more: Any) -> str:
        return hash_text("preview", what, __version__, self.prints.game_inputs(game), *more)

    def problems(self, view: GameView, gallery: Gallery) -> list[Problem]:
        """The problems `deckgen check` finds in the game and those found rendering its faces now."""
        game = view.game
        found = [p for d in view.decks for p in d.found]
        if self.options.checks == "off":
            return found
        key = self.key(game, "checks")
        entry = self.store.get("preview", key)
        if entry is None and self.options.checks == "run" and not self.cancelled():
            entry = {"problems": [list(_problem_row(p)) for p in run_game_checks(self.project, game.id)]}
            self.store.put("preview", key, entry)
        if entry is None:
            view.checked = False
            return found
        return unique([*found, *(Problem(*row) for row in entry["problems"])])

    def documents(self, view: GameView, languages: tuple[str, ...]) -> None:
        """A picture of every document page in the gallery's languages."""
        game = view.game
        if not game.documents:
            return
        descriptor = self.project.descriptor(game)
        data = None
        for spec in game.documents.values():
            for lang in languages:
                key = self.key(game, "document", spec.id, lang)
                entry = self.store.get("preview", key)
                if entry is not None and (self.out / entry["picture"]).is_file():
                    view.documents.append(Thumb(spec.id, lang, entry["picture"], entry["width"], entry["height"]))
                    continue
                if self.options.documents != "run" or self.cancelled():
                    view.checked = False
                    continue
                from deckgen.documents import render_document
                from deckgen.preview.images import rgb_image
                from deckgen.render.raster import rasterize

                try:
                    if data is None:
                        data = descriptor.data_for(game) if descriptor else {}
                    doc = render_document(self.project, game, spec, lang, "a4", data)
                except DeckgenError as exc:
                    view.document_problems.setdefault(spec.id, []).extend(exc.problems)
                    continue
                scale = DOCUMENT_PX / max(doc.width, doc.height)
                w, h = max(1, round(doc.width * scale)), max(1, round(doc.height * scale))
                raster = rasterize(doc.svg, w, h)
                picture = f"docs/{key[:40]}.webp"
                save_webp(rgb_image(w, h, raster.rgb()), self.out / picture)
                self.encoded += 1
                self.store.put("preview", key, {"picture": picture, "width": w, "height": h})
                view.documents.append(Thumb(spec.id, lang, picture, w, h))

    def rulebook(self, view: GameView, languages: tuple[str, ...]) -> None:
        """Pictures of the rulebook's pages in the gallery's languages (drawn in another process)."""
        from deckgen.rulebook.build import has_rulebook, source_path

        game = view.game
        if not has_rulebook(game) or shutil.which("pdftoppm") is None:
            return
        for lang in languages:
            if not source_path(game, lang).is_file():
                continue
            key = self.key(game, "rulebook", lang)
            entry = self.store.get("preview", key)
            if entry is not None and all((self.out / p).is_file() for p in entry["pages"]):
                self._add_rules(view, lang, entry)
                continue
            if self.options.documents != "run" or self.cancelled():
                view.checked = False
                continue
            if self._executor is None:
                from concurrent.futures import ProcessPoolExecutor

                self._executor = ProcessPoolExecutor(max_workers=1)
            future = self._executor.submit(rulebook_pages, str(self.project.root), game.id, lang, str(self.out),
                                           key[:40])
            self._rules.append((view, lang, key, future))

    def _add_rules(self, view: GameView, lang: str, entry: dict) -> None:
        pages = entry["pages"]
        view.rulebook[lang] = [Thumb(f"{i}", lang, p, entry["width"], entry["height"])
                               for i, p in enumerate(pages, 1)]
        view.rulebook_problems += [Problem(*row) for row in entry.get("problems", [])
                                   if Problem(*row) not in view.rulebook_problems]

    def finish(self) -> None:
        """Collect the rulebook pages (those not ready once cancelled are left out)."""
        from concurrent.futures import wait

        pending = {future for *_, future in self._rules}
        while pending and not self.cancelled():
            pending = wait(pending, timeout=0.25).not_done
        try:
            for view, lang, key, future in self._rules:
                if not future.done():
                    view.checked = False
                    continue
                entry = future.result()
                self.encoded += len(entry["pages"])
                if not entry.get("problems"):
                    self.store.put("preview", key, entry)
                self._add_rules(view, lang, entry)
        finally:
            if self._executor is not None:  # a rulebook still being drawn finishes on its own, unheeded
                self._executor.shutdown(wait=not self.cancelled(), cancel_futures=True)
                self._executor = None


def run_game_checks(project: Project, game_id: str) -> list[Problem]:
    """What `deckgen check GAME` reports."""
    from deckgen.checks import run_checks

    try:
        return run_checks(project, [game_id])
    except DeckgenError as exc:
        return exc.problems


def _problem_row(p: Problem) -> tuple:
    return (p.file, p.line, p.column, p.field, p.message, p.warning)


def rulebook_pages(root: str, game_id: str, lang: str, out: str, stem: str) -> dict:
    """Worker: the rulebook of ``game_id`` in ``lang`` drawn as page pictures under OUT/rules/."""
    import subprocess
    import tempfile

    from deckgen.loader import load_project
    from deckgen.rulebook.build import load_sources, render_booklet

    try:
        project = load_project(Path(root))
        game = project.games[game_id]
        descriptor = project.descriptor(game)
        data = descriptor.data_for(game) if descriptor else {}
        sources, problems = load_sources(project, game, [lang])
        if lang not in sources or any(not p.warning for p in problems):
            return {"pages": [], "problems": [list(_problem_row(p)) for p in problems], "width": 0, "height": 0}
        pdf, problems = render_booklet(project, game, sources[lang], data, "a5")
    except DeckgenError as exc:
        return {"pages": [], "problems": [list(_problem_row(p)) for p in exc.problems], "width": 0, "height": 0}
    if problems or not pdf:
        return {"pages": [], "problems": [list(_problem_row(p)) for p in problems], "width": 0, "height": 0}
    from PIL import Image

    folder = Path(out) / "rules"
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "r.pdf").write_bytes(pdf)
        subprocess.run(["pdftoppm", "-scale-to-x", str(RULE_PAGE_PX), "-scale-to-y", "-1", "-png",
                        str(Path(tmp) / "r.pdf"), str(Path(tmp) / "p")], check=True, capture_output=True)
        pages, size = [], (0, 0)
        for i, png in enumerate(sorted(Path(tmp).glob("p-*.png")), 1):
            with Image.open(png) as im:
                size = im.size
                name = f"rules/{stem}-{i:03}.webp"
                save_webp(im.convert("RGB"), Path(out) / name, quality=82)
            pages.append(name)
    return {"pages": pages, "problems": [], "width": size[0], "height": size[1]}


# ------------------------------------------------------------------ whose problem is it


_SUBJECT = re.compile(r"\b(card|back of) ([^\s\[\]]+) \[([\w-]+)\]")
_DOCUMENT = re.compile(r"\bdocument ([^\s\[\]]+)(?: sheet \d+)? \[([\w-]+)\]")
_LANG_FILE = re.compile(r"(?:^|/)lang/([\w-]+)\.ya?ml$")
_RULES_FILE = re.compile(r"(?:^|/)rules/([\w-]+)\.md$")
_FIELD_CARD = re.compile(r"^cards\.([^.]+)")
_ON_TEMPLATES = re.compile(r"templates/[\w./-]+")


def problem_target(problem: Problem, card_ids: set[str], deck_labels: set[str]) -> tuple[str, str | None, str | None]:
    """What a problem is about: ("card", id, lang), ("deck", label, lang), ("document", id, lang),
    ("rulebook", None, lang) or ("game", None, lang)."""
    file = problem.file or ""
    lang_file = _LANG_FILE.search(file)
    lang = lang_file.group(1) if lang_file else None
    subject = _SUBJECT.search(problem.message)
    if subject:
        lang = subject.group(3)
    card = _FIELD_CARD.match(problem.field or "")
    if card and card.group(1) in card_ids:
        return "card", card.group(1), lang
    if subject:
        kind, name = subject.group(1), subject.group(2)
        if name in card_ids and not (kind == "back of" and name in deck_labels):
            return "card", name, lang
        if kind == "back of" and name in deck_labels:
            return "deck", name, lang
    document = _DOCUMENT.search(problem.message)
    if document:
        return "document", document.group(1), document.group(2)
    rules = _RULES_FILE.search(file)
    if rules:
        return "rulebook", None, rules.group(1)
    return "game", None, lang


def _attach(view: GameView, problems: list[Problem], languages: tuple[str, ...], project: Project | None = None
            ) -> None:
    """Put each problem on the tiles of its card, its deck, document or rulebook, or on the game; a problem of
    a layout box (the cut-safe check) on the decks whose templates draw that box."""
    card_ids = {t.card for d in view.decks for t in d.tiles}
    labels = {d.label for d in view.decks} | {d.id for d in view.game.decks.values()}
    for deck in view.decks:
        deck.problems = []
        for tile in deck.tiles:
            tile.problems = []
    view.problems, view.rulebook_problems, view.document_problems = [], [], {}
    for problem in problems:
        kind, name, lang = problem_target(problem, card_ids, labels)
        shown = lang is None or lang in languages

        def fits(tile_lang: str, localized: bool) -> bool:
            return not shown or not localized or tile_lang == lang

        if kind == "card":
            for deck in view.decks:
                for tile in deck.tiles:
                    if tile.card == name and fits(tile.lang, tile.localized) and problem not in tile.problems:
                        tile.problems.append(problem)
        elif kind == "game" and project is not None and _decks_drawing(project, view, problem):
            for deck in _decks_drawing(project, view, problem):
                if problem not in deck.problems:
                    deck.problems.append(problem)
        elif kind == "game" and _documents_of(view, problem):
            for doc in _documents_of(view, problem):
                view.document_problems.setdefault(doc, []).append(problem)
        elif kind == "deck" or (kind == "game" and _templates_named(problem)):
            decks = [d for d in view.decks if (kind == "deck" and name in (d.label, d.deck.id))
                     or (kind == "game" and _templates_named(problem) & {f"templates/{view.id}/{t}" for t in d.templates})]
            decks = [d for d in decks if fits(d.lang, d.deck.localized)] or decks
            if not decks:
                view.problems.append(problem)
            for deck in decks:
                if problem not in deck.problems:
                    deck.problems.append(problem)
        elif kind == "document":
            view.document_problems.setdefault(name, []).append(problem)
        elif kind == "rulebook":
            if problem not in view.rulebook_problems:
                view.rulebook_problems.append(problem)
        else:
            view.problems.append(problem)


_BOX_FIELD = re.compile(r"(?:^|\.)(?:boxes|roles)\.([^.]+)")


def _decks_drawing(project: Project, view: GameView, problem: Problem) -> list[DeckView]:
    """The decks whose templates draw the layout box a problem's field names (none if it names no box)."""
    from deckgen.checks.cutsafe import template_boxes

    box = _BOX_FIELD.search(problem.field or "")
    if box is None:
        return []
    return [d for d in view.decks
            if any(box.group(1) in template_boxes(project, view.id, t) for t in sorted(d.templates) if t)]


def _documents_of(view: GameView, problem: Problem) -> list[str]:
    """Ids of the documents whose templates a problem names."""
    named = _templates_named(problem)
    return [spec.id for spec in view.game.documents.values() if f"templates/{view.id}/{spec.template}" in named]


def _templates_named(problem: Problem) -> set[str]:
    names = set(_ON_TEMPLATES.findall(problem.message))
    if (problem.file or "").startswith("templates/"):
        names.add(problem.file)
    return names


# ------------------------------------------------------------------ palettes, the page


def _palette(view: GameView, out: Path, store: Store) -> Palette:
    from PIL import Image

    faces = []
    for deck in view.decks[:2]:
        if deck.tiles and deck.tiles[0].back:
            faces.append(deck.tiles[0].back)
        faces += [t.front for t in deck.tiles[:4] if t.front]
    if not faces:
        return DEFAULT_PALETTE
    key = hash_text("palette", [f.key for f in faces])
    entry = store.get("preview", key)
    if entry:
        return Palette(**entry)
    images = []
    for face in faces:
        try:
            with Image.open(out / face.picture) as im:
                images.append(im.convert("RGB"))
        except OSError:
            continue
    palette = palette_of(images)
    store.put("preview", key, palette.__dict__)
    return palette


def _pictures(gallery: Gallery) -> set[str]:
    found = set()
    for view in gallery.games:
        for deck in view.decks:
            for tile in deck.tiles:
                for face in (tile.front, tile.back):
                    if face is not None:
                        found.add(face.picture)
                        if face.miscut:
                            found.add(face.miscut)
        found.update(t.picture for t in view.documents)
        found.update(t.picture for pages in view.rulebook.values() for t in pages)
    return found


def prune(out: Path, keep: set[str]) -> int:
    """Remove pictures of earlier galleries that ``keep`` does not name; returns how many."""
    removed = 0
    for folder in PICTURE_DIRS:
        for path in (Path(out) / folder).glob("*.webp"):
            if f"{folder}/{path.name}" not in keep:
                path.unlink(missing_ok=True)
                removed += 1
    return removed


def _environment():
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(ASSETS)), autoescape=True, trim_blocks=True,
                             lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    env.filters["problem"] = _problem_parts
    return env


def _problem_parts(p: Problem) -> dict:
    return {"where": p.location, "field": p.field or "", "message": p.message, "warning": p.warning}


def render_page(gallery: Gallery, live: bool = False, page: int = 0) -> str:
    """The gallery's index.html."""
    project = gallery.project
    fonts = {role: f"assets/fonts/{name}" for role, name in project.fonts.items()
             if role in ("display", "body", "body-bold")}
    counts = {
        "cards": len(gallery.tiles),
        "problems": sum(1 for t in gallery.tiles if t.all_problems),
        "decks": sum(len(g.decks) for g in gallery.games),
    }
    return _environment().get_template("gallery.html.j2").render(
        gallery=gallery, project=project, fonts=fonts, counts=counts, live=live, page=page, miscuts=MISCUTS,
        version=__version__, languages=gallery.languages, all_languages=project.languages,
        checking=any(not g.checked for g in gallery.games))


def write_page(gallery: Gallery, out: Path, live: bool = False, page: int = 0) -> Path:
    """index.html and its assets (stylesheet, script, the project's fonts) into ``out``."""
    from deckgen.render.store import write_atomic_bytes

    out = Path(out)
    assets = out / "assets"
    for name in ("gallery.css", "gallery.js"):
        copy_if_changed(ASSETS / name, assets / name)
    for role, name in gallery.project.fonts.items():
        if role in ("display", "body", "body-bold"):
            copy_if_changed(gallery.project.fonts_dir / name, assets / "fonts" / name)
    index = out / "index.html"
    write_atomic_bytes(index, render_page(gallery, live, page).encode("utf-8"))
    return index


def copy_if_changed(source: Path, target: Path) -> None:
    from deckgen.render.store import write_atomic_bytes

    data = source.read_bytes()
    if not target.is_file() or target.read_bytes() != data:
        write_atomic_bytes(target, data)
