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
found rendering the faces shown; :mod:`deckgen.preview.placement` puts each
on the card, deck, document or rulebook it is about, so the "only problems"
filter shows exactly the cards ``deckgen check`` names.  The pieces:
:mod:`~deckgen.preview.views` (what the page shows), :mod:`~deckgen.preview.images`
(pictures), :mod:`~deckgen.preview.extras` (checks, documents, rulebook
pages), :mod:`~deckgen.preview.page` (index.html).
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

from deckgen.build import Fingerprints, check_selection, deck_languages, render_deck, selected_decks
from deckgen.errors import DeckgenError, Problem
from deckgen.model import Deck, Game, Project
from deckgen.preview.extras import SlowWork
from deckgen.preview.images import DEFAULT_PALETTE, FaceJob, Palette, PicturePool, palette_of
from deckgen.preview.placement import attach
from deckgen.preview.views import DeckView, Face, Gallery, GalleryOptions, GameView, Tile
from deckgen.progress import Progress
from deckgen.render.store import Store, hash_text, raster_key, renderer_id

PICTURE_DIRS = ("img", "docs", "rules")


# ------------------------------------------------------------------ building it


def gallery_languages(project: Project, wanted: tuple[str, ...]) -> tuple[str, ...]:
    """The languages shown: those asked for (in the project's order), else the project's first."""
    if not wanted:
        return project.languages[:1]
    return tuple(l for l in project.languages if l in wanted)


def check_gallery_options(project: Project, game_ids: list[str], options: GalleryOptions) -> None:
    check_selection(project, game_ids, options.variant, options.cards)
    from deckgen.boundary import outside_problem, stays_inside
    from deckgen.project import default_output

    try:
        default = default_output(project.root)
    except DeckgenError:  # output/ links out: refused where it is chosen; a named --out may lie anywhere
        return
    if Path(options.out) == default / "preview" and not stays_inside(options.out, default):
        raise DeckgenError(outside_problem(options.out, default, project.root, "the output folder"))


def _decks(game: Game, variant: str | None) -> list[Deck]:
    return selected_decks(game, variant)


def build_gallery(project: Project, game_ids: list[str], options: GalleryOptions, store: Store | None = None,
                  progress: Progress | None = None,
                  cancelled: Callable[[], bool] = lambda: False) -> Gallery:
    """Render, draw and check what the gallery shows, write its pictures and index.html; return it.

    Once ``cancelled()`` says so (`deckgen serve`: a file changed again), checks, documents and rulebook
    pages not yet begun are left out (their games marked not checked) and the page is written as it is.
    The page and its assets are written by their generator (:class:`deckgen.preview.generator.GalleryFiles`)."""
    from deckgen.outputs.extra import make_files

    start = time.perf_counter()
    check_gallery_options(project, game_ids, options)
    selection, generator = gallery_selection(project, game_ids, options, lambda: _make_gallery(
        project, game_ids, options, store, progress, cancelled))
    make_files(selection, [generator])
    gallery = generator.gallery(selection)
    gallery.seconds = time.perf_counter() - start
    return gallery


def gallery_selection(project: Project, game_ids: list[str], options: GalleryOptions,
                      make: Callable[[], Gallery] | None = None):
    """The selection of a gallery run and its generator (``make`` makes the gallery when the page needs it)."""
    from deckgen.outputs.plan import Selection
    from deckgen.outputs.selection import BuildOptions
    from deckgen.preview.generator import GalleryFiles

    selection = Selection(project, tuple(game_ids), BuildOptions(out=Path(options.out), languages=options.languages,
                                                                 cards=options.cards, variant=options.variant))
    return selection, GalleryFiles(options, make)


def _no_stage(label: str, total: int, unit: str) -> Callable[..., None]:
    """No progress shown: a stage whose ticks do nothing."""
    return lambda n=1, game=None: None


def _make_gallery(project: Project, game_ids: list[str], options: GalleryOptions, store: Store | None,
                  progress: Progress | None, cancelled: Callable[[], bool]) -> Gallery:
    """Every face of the gallery rendered, drawn and checked, its pictures written (the page not yet)."""
    from deckgen.build import default_store
    from deckgen.render.raster import configure_fontconfig

    out = Path(options.out)
    store = store if store is not None else default_store(project)
    configure_fontconfig(project.fonts_dir, store.folder or out / ".cache")
    prints = Fingerprints(project)
    renderer = renderer_id()
    languages = gallery_languages(project, options.languages)
    gallery = Gallery(project, languages, dpi=options.dpi, cards=options.cards)
    pool = PicturePool(store, options.workers)
    stage = progress.stage if progress is not None else _no_stage
    try:
        rendered = stage("rendering", len(game_ids), "games")
        for gid in game_ids:
            gallery.games.append(_game_view(project, project.games[gid], options, languages, store, prints,
                                            renderer, pool, gallery))
            rendered(1, game=gid)
        pool.start()  # draw in the workers while this process checks
        slow = SlowWork(project, options, store, prints, out, cancelled)
        checked = stage("checking", len(gallery.games), "games")
        for view in gallery.games:
            attach(view, slow.problems(view, gallery), languages, project)
            if options.documents != "off":
                slow.documents(view, languages)
                slow.rulebook(view, languages)
            checked(1, game=view.id)
        pool.wait(stage("pictures", pool.queued, "faces"))
        slow.finish()
        gallery.drawn, gallery.encoded = pool.drawn, pool.encoded + slow.encoded
        for view in gallery.games:
            view.palette = _palette(view, out, store)
    finally:
        pool.close()
    gallery.pictures = _pictures(gallery)
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


# ------------------------------------------------------------------ palettes, pictures


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
