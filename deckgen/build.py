"""The build pipeline: model -> faces (SVG) -> rasters -> sheet and single-card PDFs; documents -> vector PDFs.

Every requested deck and language is rendered to SVG, and every document
page and booklet too, before anything is written; if anything has a
problem (text that does not fit, a missing glyph, a template error)
nothing is written.  Faces are queued for rasterizing (one process pool
for the whole build) as soon as they are rendered; each deck's PDFs are
then composed and written atomically, one deck at a time, so memory holds
one deck's images, not the build's.

A build remembers (:mod:`deckgen.render.store`) what each face was made of
and each raster by its content: an unchanged card is neither rendered nor
drawn again, an unchanged output is not written again, and the same
inputs always give the same bytes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from deckgen import __version__
from deckgen.errors import DeckgenError, Problem, unique
from deckgen.layout.papers import PAPERS_MM, paper_label
from deckgen.model import Card, Deck, Game, Project
from deckgen.output import cache_folder, cache_folders, inside, sweep_stale, write_atomic
from deckgen.render.store import Store, hash_file, hash_text, raster_key, renderer_id

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
    cache: Path | None = None  # the cache folder (default: OUT/.cache)
    use_cache: bool = True  # False: nothing is remembered between builds
    cards: tuple[str, ...] = ()  # only these cards (a reprint); empty: every card
    copies: int = 1  # every deck this many times (a convention with several tables)
    documents: bool = True  # documents and booklets too (not for a reprint of cards)
    booklets: bool = True  # the rule booklets among them (False: `deckgen rules` makes them on their own)
    vector: bool = False  # cards placed as vector graphics instead of rasters
    layout: str = "grid"  # the sheet layout (deckgen/layouts/ or the project's layouts/)
    printer: Any = None  # a PrinterProfile moving every backs page, or None
    max_file_mb: float | None = None  # split a larger PDF into numbered parts
    ink: str = "full"  # full | low | grey: see deckgen.render.inklow
    cut_file: bool = False  # an SVG of the cut lines beside each sheets PDF, one per sheet
    instructions: bool = False  # a first page in every sheets PDF saying how to print and cut it
    cut_radius: float = 3.0  # mm: the corner radius of the cut path
    deck_file: Path | None = None  # print exactly the cards of this deck list (the game's deck_file reads it)


@dataclass
class BuildReport:
    """What a build did, for its closing line."""

    decks: int = 0
    cards: int = 0
    pages: int = 0
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    bytes: int = 0
    drawn: int = 0  # faces rasterized now
    reused: int = 0  # faces whose raster came from the cache
    rendered: int = 0  # faces rendered from their templates now
    seconds: float = 0.0

    def line(self) -> str:
        mib = self.bytes / 1024 / 1024
        return (f"{self.decks} decks, {self.cards} cards, {self.pages} pages; {len(self.written)} files written "
                f"({mib:.1f} MiB), {len(self.unchanged)} unchanged; {self.drawn} faces drawn, {self.reused} from the "
                f"cache; {self.seconds:.1f} s")


@dataclass
class DeckTarget:
    """One deck in one language: the SVG hash of every card's front and back, and the SVGs rendered now."""

    game: Game
    deck: Deck
    lang: str
    fronts: dict[str, str]  # card id -> SVG hash
    backs: dict[str, str]  # card id -> SVG hash of its back
    svgs: dict[str, str] = field(default_factory=dict)  # SVG hash -> SVG (faces rendered in this run)
    problems: list[Problem] = field(default_factory=list)
    rendered: int = 0
    ink: str = "full"

    @property
    def stem(self) -> str:
        return f"{self.deck.label}-{self.lang}" if self.deck.localized else self.deck.label

    @property
    def back(self) -> str:
        """The SVG of the back of the deck's first card (every card's, unless cards name their own)."""
        return self.svgs.get(next(iter(self.backs.values())), "")

    def front_svg(self, card_id: str) -> str:
        return self.svgs[self.fronts[card_id]]


def deck_languages(project: Project, deck: Deck, wanted: tuple[str, ...]) -> list[str]:
    """Languages a deck is built in: all wanted ones if it carries words, else one."""
    langs = [l for l in project.languages if not wanted or l in wanted]
    if not deck.localized:
        return langs[:1] or [project.languages[0]]
    return langs


def listed_deck(project: Project, game_ids: list[str], options: BuildOptions) -> Deck:
    """The deck a deck list file (``--deck FILE``) prints: its cards, in its order, from the game's deck.

    The file is read by the game's ``deck_file`` (registry); the deck is the
    game's deck it names, with only those cards (a card listed twice printed
    twice) and the list's name as its variant, so the files are
    ``DECK-NAME-LANG-PAPER.pdf``.
    """
    if len(game_ids) != 1:
        raise DeckgenError(Problem(None, None, None, "--deck", "a deck list belongs to one game: name it, "
                                                               "e.g. deckgen build archeon --deck FILE"))
    for option, value in (("--cards", options.cards), ("--variant", options.variant)):
        if value:
            raise DeckgenError(Problem(None, None, None, "--deck", f"a deck list names its own cards: "
                                                                   f"leave out {option}"))
    game = project.games[game_ids[0]]
    descriptor = project.descriptor(game)
    if descriptor is None or descriptor.deck_file is None:
        raise DeckgenError(Problem(None, None, None, "--deck", f"the game {game.id!r} has no deck lists to print"))
    assert options.deck_file is not None, "called for --deck FILE only"
    listed = descriptor.deck_file(game, Path(options.deck_file))
    base = game.decks.get(listed.deck)
    if base is None:
        raise DeckgenError(Problem(str(options.deck_file), None, None, "deck",
                                   f"the game {game.id!r} has no deck {listed.deck!r}"))
    by_id = {c.id: c for c in base.cards}
    missing = [cid for cid in listed.cards if cid not in by_id]
    if missing:
        raise DeckgenError(Problem(str(options.deck_file), None, None, "cards",
                                   f"no card {missing[0]!r} in the deck {listed.deck!r}"))
    counts: dict[str, int] = {}
    for cid in listed.cards:
        counts[cid] = counts.get(cid, 0) + 1
    cards = tuple(replace(by_id[cid], count=n) for cid, n in counts.items())
    return replace(base, cards=cards, variant=listed.name, variants={})


def selected_decks(game: Game, variant: str | None) -> list[Deck]:
    """The decks to build: base decks and all their variants, or only the named variant."""
    if variant is None:
        return [d for base in game.decks.values() for d in (base, *base.variants.values())]
    return [base.variants[variant] for base in game.decks.values() if variant in base.variants]


# ------------------------------------------------------------------ fingerprints


class Fingerprints:
    """Hashes of what faces and outputs are made of, computed once per build."""

    def __init__(self, project: Project):
        self.project = project
        self._files: dict[Path, str] = {}
        self._env: dict[str, str] = {}
        self._decks: dict[int, tuple[Deck, str]] = {}  # the deck is kept so that its id stays its own

    def file(self, path: Path) -> str:
        """The hash of a project file; '' for one that leads outside the project or is no regular file (never
        opened), and its size and time for one above limits.file_bytes (not read whole)."""
        if path not in self._files:
            self._files[path] = self._hash(Path(path))
        return self._files[path]

    def _hash(self, path: Path) -> str:
        import stat

        from deckgen.boundary import stays_inside
        from deckgen.limits import DEFAULT

        if not stays_inside(path, self._root(path)):
            return ""
        try:
            info = path.stat()
        except OSError:
            return ""
        if not stat.S_ISREG(info.st_mode):
            return ""
        if info.st_size > (self.project.limits or DEFAULT).file_bytes:
            return f"size {info.st_size} time {info.st_mtime_ns}"
        return hash_file(path)

    def _root(self, path: Path) -> Path:
        """The folder ``path`` must stay in: the project's, or deckgen's own built-in templates."""
        from deckgen.render.templates import BUILTIN_TEMPLATES

        return BUILTIN_TEMPLATES if Path(path).is_relative_to(BUILTIN_TEMPLATES) else Path(self.project.root)

    def tree(self, folder: Path, patterns=("*",)) -> str:
        """The hash of the project files under ``folder``: no link out of the project followed, nothing but
        regular files opened (deckgen.boundary.files_under)."""
        from deckgen.boundary import files_under

        files = list(files_under(folder, self._root(folder), tuple(patterns)))
        return hash_text([(str(p.relative_to(folder)), self.file(p)) for p in files])

    def environment(self, game: Game) -> str:
        """Everything a face of ``game`` may read besides its card and its strings."""
        if game.id not in self._env:
            from deckgen.render.templates import template_dirs

            project = self.project
            parts = [__version__, [self.tree(d) for d in template_dirs(project.root, game.id)],
                     self.tree(Path(project.root) / "art"),
                     sorted((role, self.file(project.fonts_dir / name)) for role, name in project.fonts.items()),
                     game.style, self.file(Path(game.directory) / "decisions.yaml")]
            self._env[game.id] = hash_text(*parts)
        return self._env[game.id]

    def deck(self, deck: Deck) -> str:
        """What a template may read of its deck: a variant deck's faces are its own (a template may print
        ``deck.label``), and a face that shows the deck's size or order changes with them."""
        if id(deck) not in self._decks:
            self._decks[id(deck)] = (deck, hash_text(
                deck.id, deck.variant, deck.size, deck.front, deck.back, deck.localized, dict(deck.style),
                [(c.id, c.count) for c in deck.cards]))
        return self._decks[id(deck)][1]

    def game_inputs(self, game: Game) -> str:
        """Everything a document or booklet of ``game`` may read: the environment and every game data file."""
        return hash_text(self.environment(game), self.tree(Path(game.directory)),
                         self.file(self.project.root / "deckgen.yaml"))


def face_key(prints: Fingerprints, game: Game, deck: Deck, lang: str, card: Card | None, side: str,
             ink: str = "full") -> str:
    """What a face is made of, apart from the strings it reads (recorded when it is rendered)."""
    strings = game.strings.get(lang)
    card_part = None
    if card is not None:
        card_part = [card.id, dict(card.fields), card.front, card.back,
                     {k: str(v) for k, v in card.texts.get(lang, {}).items()}]
    return hash_text(prints.environment(game), side, lang, card_part, ink, prints.deck(deck),
                     [strings.game, dict(strings.decks)] if strings else None)


# ------------------------------------------------------------------ rendering faces


def render_deck(project: Project, game: Game, deck: Deck, lang: str, store: Store | None = None,
                prints: Fingerprints | None = None, force: bool = False, ink: str = "full",
                on_face: Callable[[str, str, tuple[str, str]], None] | None = None,
                only: tuple[str, ...] = (), on_render: Callable[[], None] | None = None) -> DeckTarget:
    """Every front of ``deck`` and every card's back, in ``lang``, as SVG hashes (no files written).

    With a ``store``, a face whose inputs and strings are unchanged since it
    was last rendered without problems is not rendered again (``force``
    renders every face).  ``on_face(svg_hash, svg, (template, face))`` is told of each face as
    soon as it is rendered: a build starts drawing it while the next renders; ``on_render()`` before the first
    face is rendered.  ``only`` (card ids) renders just those cards and the back they need (a reprint).
    """
    from deckgen.render.templates import DeckRenderer

    renderer = None
    prints = prints or Fingerprints(project)
    target = DeckTarget(game, deck, lang, {}, {}, ink=ink)
    strings = game.strings.get(lang)
    current = dict(strings.strings) if strings else {}

    def face(card: Card | None, side: str) -> str:
        nonlocal renderer
        key = face_key(prints, game, deck, lang, card, side, ink)
        if store is not None and not force:
            entry = store.get("faces", key)
            if entry and all(current.get(k) == v for k, v in entry["strings"].items()):
                target.problems.extend(Problem(*w) for w in entry.get("warnings", []))
                return entry["svg"]
        if renderer is None:
            if on_render is not None:
                on_render()
            renderer = DeckRenderer(project, game, deck, lang)
        if side == "front":
            assert card is not None, "a front is always a card's"
            rendered = renderer.render_front(card)
        else:
            rendered = renderer.render_back(card)
        target.rendered += 1
        svg = rendered.svg
        if ink != "full" and svg:
            from deckgen.render.inklow import grey_ink, low_ink

            svg = low_ink(svg) if ink == "low" else grey_ink(svg)
        svg_hash = hash_text(svg)
        if on_face is not None and svg_hash not in target.svgs and svg and not any(
                not p.warning for p in rendered.problems):  # a refused face is never drawn (it may not finish)
            on_face(svg_hash, svg, _face_name(game, deck, lang, card, side))
        target.svgs[svg_hash] = svg
        target.problems.extend(rendered.problems)
        if store is not None and not any(not p.warning for p in rendered.problems):
            warnings = [[p.file, p.line, p.column, p.field, p.message, True] for p in rendered.problems]
            store.put("faces", key, {"svg": svg_hash, "strings": rendered.strings, "warnings": warnings})
        return svg_hash

    shared = None
    for card in deck.cards:
        if only and card.id not in only:
            continue
        target.fronts[card.id] = face(card, "front")
        if card.back:
            target.backs[card.id] = face(card, "back")
        else:
            shared = shared or face(None, "back")
            target.backs[card.id] = shared
    if not deck.cards:
        face(None, "back")
    target.problems = unique(target.problems)
    return target


def render_targets(project: Project, game_ids: list[str], languages: tuple[str, ...] = (),
                   variant: str | None = None, store: Store | None = None) -> list[DeckTarget]:
    """Render every deck of the given games to SVG (no files written); with a ``store``, unchanged faces
    are taken from it (their SVG text is then not in the target)."""
    prints = Fingerprints(project)
    return [render_deck(project, project.games[gid], deck, lang, store, prints)
            for gid in game_ids for deck in selected_decks(project.games[gid], variant)
            for lang in deck_languages(project, deck, languages)]


def default_store(project: Project) -> Store:
    """The cache of the project's default output folder (what ``deckgen build`` without --out uses)."""
    from deckgen.project import default_output

    return Store(cache_folder(default_output(project.root)))


def output_paths(target: DeckTarget, options: BuildOptions) -> tuple[Path, Path]:
    """(sheets PDF, single-card PDF) for a target."""
    folder = Path(options.out) / target.game.id
    extra = ("-reprint" if options.cards else "") + ({"low": "-low-ink", "grey": "-grey"}.get(options.ink, ""))
    return folder / f"{target.stem}{extra}-{options.paper}.pdf", folder / f"{target.stem}{extra}-cards.pdf"


def check_options(project: Project, game_ids: list[str], options: BuildOptions) -> None:
    """Raise DeckgenError for options this project cannot build with."""
    if options.paper not in PAPERS_MM:
        raise DeckgenError(f"unknown paper {options.paper!r} (choose from {', '.join(PAPERS_MM)})")
    if options.ink not in ("full", "low", "grey"):
        raise DeckgenError(Problem(None, None, None, "--ink", f"full, low or grey, not {options.ink!r}"))
    if options.duplex not in ("long", "short", "none"):
        raise DeckgenError(f"unknown duplex mode {options.duplex!r} (long, short or none)")
    if not 72 <= options.dpi <= 1200:
        raise DeckgenError(f"--dpi must be between 72 and 1200, not {options.dpi}")
    if not 1 <= options.copies <= 99:
        raise DeckgenError(f"--copies must be between 1 and 99, not {options.copies}")
    if options.max_file_mb is not None and not options.max_file_mb > 0:
        raise DeckgenError(Problem(None, None, None, "--max-file-mb",
                                   f"must be a size in MB above 0, not {options.max_file_mb:g}"))
    from deckgen.layout.layouts import load_layout

    load_layout(options.layout, project.root)  # a located error if the layout is unknown or broken
    check_selection(project, game_ids, options.variant, options.cards)


def check_selection(project: Project, game_ids: list[str], variant: str | None, cards) -> None:
    """Raise DeckgenError for games, a deck variant (--variant) or cards (--cards) the project lacks."""
    unknown = [g for g in game_ids if g not in project.games]
    if unknown:
        from deckgen.suggest import did_you_mean

        raise DeckgenError(f"unknown game {unknown[0]!r}{did_you_mean(unknown[0], project.games)} "
                           f"(this project has: {', '.join(project.games)})")
    if variant is not None and not any(selected_decks(project.games[g], variant) for g in game_ids):
        raise DeckgenError(Problem(None, None, None, "--variant",
                                   f"no deck of {', '.join(game_ids)} has a variant {variant!r}"))
    if cards:
        known = {c.id for g in game_ids for d in selected_decks(project.games[g], variant) for c in d.cards}
        missing = [c for c in cards if c not in known]
        if missing:
            raise DeckgenError(Problem(None, None, None, "--cards",
                                       f"no card {missing[0]!r} in {', '.join(game_ids)}"))


# ------------------------------------------------------------------ the build


def _store(options: BuildOptions) -> Store:
    if not options.use_cache:
        return Store(None)
    return Store(cache_folder(options.out, options.cache))


def _picked(deck: Deck, options: BuildOptions) -> list[Card]:
    """The physical cards to print: the deck (or the chosen cards) as often as asked."""
    cards = [c for c in deck.physical_cards() if not options.cards or c.id in options.cards]
    return cards * options.copies


def build(project: Project, game_ids: list[str], options: BuildOptions,
          progress: Callable[[str, int], Callable[[int], None]] | None = None,
          report: BuildReport | None = None) -> list[Path]:
    """Build the games; returns the files written.  Raises DeckgenError, writing nothing, on problems."""
    start = time.perf_counter()
    report = report if report is not None else BuildReport()
    check_options(project, game_ids, options)
    listed = listed_deck(project, game_ids, options) if options.deck_file is not None else None

    def decks(game: Game) -> list[Deck]:
        return [listed] if listed is not None else selected_decks(game, options.variant)

    store = _store(options)
    prints = Fingerprints(project)
    renderer = renderer_id()
    ticker = progress("rendering", sum(
        1 for g in game_ids for d in decks(project.games[g])
        for _ in deck_languages(project, d, options.languages))) if progress else None
    from deckgen.render.raster import RasterPool, configure_fontconfig

    # before any drawing process starts: cairo in the workers sees only the project's fonts
    cache = cache_folder(options.out, options.cache, create=True)
    configure_fontconfig(project.fonts_dir, cache)
    sweep_stale([Path(options.out), *(Path(options.out) / g for g in game_ids),
                 *(cache_folders(cache) if options.use_cache else ())])
    pool = RasterPool(store, options.workers, None)
    try:
        targets, problems = [], []
        for gid in game_ids:
            game = project.games[gid]
            for deck in decks(game):
                for lang in deck_languages(project, deck, options.languages):
                    target = render_deck(project, game, deck, lang, store, prints, ink=options.ink,
                                         on_face=None if options.vector else _drawer(pool, deck, options, renderer),
                                         only=options.cards, on_render=None if options.vector else pool.warm)
                    targets.append(target)
                    problems += target.problems
                    if not any(not p.warning for p in target.problems):  # a refused face may never finish drawing
                        _queue(pool, store, target, options, renderer, project, prints)
                    if ticker:
                        ticker(1)
        problems += _plan_problems(project, targets, options)
        problems += _translation_problems(targets)
        if any(not p.warning for p in problems):  # the cards cannot be printed: say so now, not after the books
            raise DeckgenError([p for p in unique(problems) if not p.warning])
        documents: list[tuple[Path, Any]] = []
        if options.documents and not options.cards and options.variant is None and options.ink == "full" \
                and listed is None:
            documents, doc_problems = _documents_and_booklets(project, game_ids, options, store, prints, report,
                                                              progress)
            problems += doc_problems
        errors = [p for p in unique(problems) if not p.warning]
        if errors:
            raise DeckgenError(errors)
        _write_decks(project, targets, options, store, pool, renderer, report, progress)
        for path, _data in documents:
            inside(options.out, path)
        for path, data in documents:
            if data is None:
                report.unchanged.append(path)
                continue
            write_atomic(path, data)
            report.written.append(path)
            report.bytes += len(data)
    finally:
        pool.close()
    report.seconds = time.perf_counter() - start
    report.drawn = pool.drawn
    return list(report.written)


def _drawer(pool, deck: Deck, options: BuildOptions, renderer: str) -> Callable[[str, str, tuple[str, str]], None]:
    """Queue a face for drawing the moment it is rendered."""
    w, h = deck.size.pixels(options.dpi)

    def draw(svg_hash: str, svg: str, name: tuple[str, str] | None = None) -> None:
        pool.submit(svg, w, h, raster_key(svg_hash, w, h, renderer), name)

    return draw


def _face_name(game: Game, deck: Deck, lang: str, card: Card | None, side: str) -> tuple[str, str]:
    """(template file, face) of a face, for a message about drawing it."""
    if side == "front" and card is not None:
        return f"templates/{game.id}/{card.front or deck.front}", f"card {card.id} [{lang}]"
    if card is not None and card.back:
        return f"templates/{game.id}/{card.back}", f"back of {card.id} [{lang}]"
    return f"templates/{game.id}/{deck.back}", f"back of {deck.label} [{lang}]"


def _queue(pool, store: Store, target: DeckTarget, options: BuildOptions, renderer: str, project, prints) -> None:
    """Queue every face of ``target`` whose raster is not in the store (rendering it if only its hash is known);
    in vector mode, make sure every face's SVG is at hand instead."""
    w, h = target.deck.size.pixels(options.dpi)
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


def _deck_title(t: DeckTarget) -> str:
    name = t.game.strings[t.lang].decks.get(t.deck.id, t.deck.id) if t.lang in t.game.strings else t.deck.id
    variant = f" – {t.deck.variant}" if t.deck.variant else ""
    return f"{t.game.name(t.lang)} – {name}{variant}" + (f" ({t.lang})" if t.deck.localized else "")


def _settings(t: DeckTarget, options: BuildOptions, folded: bool = False) -> str:
    """The slug line's build settings: normalised options, never a path, so rebuilds stay identical."""
    s = t.deck.size
    paper = paper_label(options.paper)
    extra = f" · {options.copies} copies" if options.copies > 1 else ""
    quality = "vector" if options.vector else f"{options.dpi} dpi"
    layout = f" · layout {options.layout}" if options.layout != "grid" else ""
    layout += {"low": " · low ink", "grey": " · grey"}.get(options.ink, "")
    printer = f" · {options.printer.describe()}" if options.printer is not None and not options.printer.is_identity \
        else ""
    sides = "folded" if folded else f"duplex {options.duplex}"
    return (f"{paper} · {quality} · {sides} · {s.width:g}×{s.height:g} mm + "
            f"{s.bleed:g} mm bleed{layout}{extra}{printer} · deckgen {__version__}")


def _sheet_cards(deck: Deck, cards: list[Card], per_sheet: int, options: BuildOptions) -> list[Card]:
    """The cards on the sheets: a deck of a single card (a reference or score card) fills its sheet
    with copies, once per --copies; every other deck as picked."""
    if len(deck.physical_cards()) == 1 and cards:
        return [cards[0]] * (per_sheet * options.copies)
    return cards


def _split(write: Callable[[list, Any], object], units: list, limit_mb: float | None, path: Path) -> list[Path]:
    """The PDF of ``units`` (sheets, or cards), written by ``write(units, handle)`` into temporary files
    beside ``path`` (not yet synced: a Committer does that): one, or — when it is over ``limit_mb`` — the
    fewest parts of whole units that each stay under it (a single unit larger than the limit is its own
    part)."""
    from deckgen.output import write_pending

    def pending(chunk: list) -> Path:
        return write_pending(path, lambda handle: write(chunk, handle), sync=False)

    whole = pending(units)
    length = whole.stat().st_size
    if limit_mb is None or length <= limit_mb * 1024 * 1024 or len(units) < 2:
        return [whole]
    whole.unlink()
    limit = limit_mb * 1024 * 1024
    parts = max(2, -(-length // int(limit * 0.97)))
    while True:
        size = -(-len(units) // parts)
        chunks = [units[i:i + size] for i in range(0, len(units), size)]
        files: list[Path] = []
        try:
            for chunk in chunks:
                files.append(pending(chunk))
        except BaseException:
            for f in files:
                f.unlink(missing_ok=True)
            raise
        if all(f.stat().st_size <= limit or len(c) == 1 for f, c in zip(files, chunks)) or size == 1:
            return files
        for f in files:
            f.unlink()
        parts += 1


def _part_paths(path: Path, count: int) -> list[Path]:
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-part{i}{path.suffix}") for i in range(1, count + 1)]


def _stale_parts(path: Path, keep: list[Path]) -> list[Path]:
    """Files of an earlier build of ``path`` that the new one does not write (the whole file or its parts)."""
    old = [path, *path.parent.glob(f"{path.stem}-part*{path.suffix}")] if path.parent.is_dir() else [path]
    return [p for p in old if p.is_file() and p not in keep]


def _write_decks(project, targets: list[DeckTarget], options: BuildOptions, store: Store, pool, renderer: str,
                 report: BuildReport, progress) -> None:
    """Compose and write each deck's two PDFs, one deck at a time (its rasters loaded only for it); a deck's
    files are synced to disk and put in place while the next deck is written."""
    from deckgen.output import Committer

    with Committer() as committer:
        _write_each_deck(project, targets, options, store, pool, renderer, report, progress, committer)


def _write_each_deck(project, targets: list[DeckTarget], options: BuildOptions, store: Store, pool, renderer: str,
                     report: BuildReport, progress, committer) -> None:
    """The loop of :func:`_write_decks`: each deck's files made, then handed to ``committer``."""
    from deckgen.layout.geometry import plan_sheet
    from deckgen.layout.layouts import load_layout
    from deckgen.layout.pdfcanvas import register_font
    from deckgen.layout.sheets import SheetJob, sheet_count, write_sheets
    from deckgen.output import write_pending

    body_font = project.fonts.get("body") or next(iter(project.fonts.values()))
    font_name = register_font(SLUG_FONT, project.fonts_dir / body_font)
    paper_w, paper_h = PAPERS_MM[options.paper]
    layout = load_layout(options.layout, project.root)
    bar = progress("drawing", sum(len(pool._pending) for _ in [0])) if progress and pool._pending else None
    pool.progress = bar
    for t in targets:
        cards = _picked(t.deck, options)
        if not cards:
            continue
        plan = plan_sheet(paper_w, paper_h, t.deck.size, layout)
        on_sheets = _sheet_cards(t.deck, cards, plan.per_sheet, options)
        w, h = t.deck.size.pixels(options.dpi)
        front_keys = [raster_key(t.fronts[c.id], w, h, renderer) for c in cards]
        back_keys = [raster_key(t.backs[c.id], w, h, renderer) for c in cards]
        sheet_front_keys = [raster_key(t.fronts[c.id], w, h, renderer) for c in on_sheets]
        sheet_back_keys = [raster_key(t.backs[c.id], w, h, renderer) for c in on_sheets]
        title, settings = _deck_title(t), _settings(t, options, plan.fold is not None)
        sheets_path, single_path = (inside(options.out, p) for p in output_paths(t, options))
        report.decks += 1
        report.cards += len(cards)
        n_sheets = -(-len(on_sheets) // plan.per_sheet)
        report.pages += 2 * n_sheets if options.duplex != "none" and plan.fold is None else n_sheets
        fingerprint = hash_text(__version__, title, settings, front_keys, back_keys, sheet_front_keys,
                                options.paper, options.duplex, options.vector, layout, options.printer,
                                options.max_file_mb, options.cut_file, options.cut_radius, options.instructions)
        record = store.get("builds", hash_text(str(sheets_path)))
        if record and record.get("fp") == fingerprint and all(Path(p).is_file() for p in record.get("files", [])):
            report.unchanged += [Path(p) for p in record["files"]]
            report.reused += len(set(front_keys) | set(back_keys))
            continue
        needed = list(dict.fromkeys(front_keys + back_keys))
        if options.vector:
            from deckgen.layout.pdfimage import VectorFace

            faces = {h: VectorFace(t.svgs[h], h) for h in {*t.fronts.values(), *t.backs.values()}}
            images = {k: faces[svg] for svg in faces for k in [raster_key(svg, w, h, renderer)]}
        else:
            images = {k: pool.raster(k, w, h) for k in needed}  # pixels waited for and read as each PDF is written
            report.reused += len(needed)
        fronts = [images[k] for k in front_keys]
        backs = [images[k] for k in back_keys]
        images_back = backs[0] if backs else None
        job = SheetJob(title, [images[k] for k in sheet_front_keys], [images[k] for k in sheet_back_keys],
                       options.duplex, settings, options.printer,
                       instruction_page(project, t, options, plan, layout) if options.instructions else ())
        sheets = list(range(sheet_count(plan, job)))
        made: list[tuple[Path, Path]] = []  # (temporary file, its place)
        try:  # each file goes to a temporary name as it is made; all are put in place once all are made
            sheet_pdfs = _split(lambda chunk, handle: write_sheets(plan, job, font_name, chunk, handle), sheets,
                                options.max_file_mb, sheets_path)
            made += zip(sheet_pdfs, _part_paths(sheets_path, len(sheet_pdfs)))
            single_pdfs = _split_single(t.deck.size, title, fronts, backs, font_name, options.max_file_mb,
                                        single_path)
            made += zip(single_pdfs, _part_paths(single_path, len(single_pdfs)))
            if options.cut_file:
                from deckgen.layout.cutfile import cut_svgs

                for n, svg in enumerate(cut_svgs(plan, len(on_sheets), options.cut_radius), 1):
                    path = sheets_path.with_name(f"{sheets_path.stem}-cut-{n}.svg")
                    made.append((write_pending(path, lambda h, data=svg.encode("utf-8"): h.write(data),
                                               sync=False), path))
            box = _tuckbox(t, cards, options, images_back, font_name, sheets_path)
            if box is not None:
                path, data = box
                made.append((write_pending(path, lambda h, data=data: h.write(data), sync=False), path))
        except BaseException:
            for tmp, _ in made:
                tmp.unlink(missing_ok=True)
            raise
        del images, fronts, backs, job
        written = [place for _, place in made]
        stale = [*_stale_parts(sheets_path, written), *_stale_parts(single_path, written),
                 *sheets_path.parent.glob(f"{sheets_path.stem}-cut-*.svg"),
                 *sheets_path.parent.glob(f"{t.stem}-tuckbox-*.pdf")]
        stale = [p for p in stale if p not in written]
        report.bytes += sum(tmp.stat().st_size for tmp, _ in made)
        report.written += written
        record = {"fp": fingerprint, "files": [str(p) for p in written]}  # once the files are in place
        committer.commit(made, stale, lambda key=hash_text(str(sheets_path)), record=record:
                         store.put("builds", key, record))
    report.reused = max(0, report.reused - pool.drawn)


def instruction_page(project: Project, t: DeckTarget, options: BuildOptions, plan, layout) -> tuple[str, ...]:
    """The title and paragraphs of the printing-instructions page, in the deck's language (English when
    deckgen has no words in it): paper, scaling, duplex or fold, cutting, corners."""
    import yaml

    texts = yaml.safe_load((Path(__file__).resolve().parent / "layout" / "instructions.yaml")
                           .read_text(encoding="utf-8"))
    lang = t.lang if t.deck.localized else project.languages[0]
    words = {**texts["en"], **texts.get(lang.split("-")[0], {})}
    paper = paper_label(options.paper)
    sides = "fold" if plan.fold else f"duplex-{options.duplex}"
    cut = "cut-machine" if plan.registration is not None else "cut-gutters" if plan.gutter > 0 else "cut-shared"
    scale = "scale" if plan.rulers else "scale-plain"
    return (words["title"], words["paper"].format(paper=paper), words[scale], words[sides], words[cut],
            words["corners"])


#: Decks with fewer physical cards get no tuck box (a reference or score card).
TUCKBOX_MIN_CARDS = 5


def _tuckbox(t: DeckTarget, cards: list[Card], options: BuildOptions, back, font_name: str, sheets_path: Path):
    """(path, PDF) of the deck's tuck box — for a whole deck in full ink only — or None."""
    from deckgen.layout.tuckbox import plan_tuckbox, write_tuckbox

    if options.cards or options.ink != "full" or back is None or len(cards) < TUCKBOX_MIN_CARDS:
        return None
    if t.deck.size.round:  # tokens go into a bag, not a tuck box
        return None
    size = t.deck.size
    try:
        net = plan_tuckbox(size.width, size.height, len(cards) // options.copies, options.paper)
    except ValueError:
        return None
    strings = t.game.strings.get(t.lang)
    deck_name = strings.decks.get(t.deck.id, t.deck.id) if strings else t.deck.id
    if t.deck.variant:
        deck_name += f" – {t.deck.variant}"
    pdf = write_tuckbox(net, t.game.name(t.lang), deck_name, back, size.width, size.height, size.bleed, font_name)
    return sheets_path.parent / f"{t.stem}-tuckbox-{net.paper}.pdf", pdf


def _split_single(size, title: str, fronts: list, backs: list, font_name: str, limit_mb: float | None,
                  path: Path) -> list[Path]:
    """The single-card PDF, split like the sheets when it is too large: each part holds whole cards
    (a card with its own back stays with it) and ends with the deck's back when all cards share one."""
    from deckgen.layout.single import write_single_cards

    shared = len({getattr(b, "digest", id(b)) for b in backs}) == 1 if backs else False
    units = list(range(len(fronts)))

    def write(chunk: list[int], handle) -> None:
        part_fronts = [fronts[i] for i in chunk]
        part_backs = [backs[i] for i in chunk] if backs else None
        if shared and part_backs:
            part_backs = [backs[0]] * len(chunk)
        write_single_cards(size, title, part_fronts, part_backs, font_name, handle)

    return _split(write, units, limit_mb, path)


def _documents_and_booklets(project: Project, game_ids: list[str], options: BuildOptions, store: Store,
                            prints: Fingerprints, report: BuildReport, progress=None
                            ) -> tuple[list[tuple[Path, Any]], list[Problem]]:
    """Documents and booklets to write: (path, bytes), or (path, None) for an unchanged one; and problems.

    A game whose data, templates, fonts and options are unchanged since its
    documents were written is not rendered again.
    """
    files: list[tuple[Path, Any]] = []
    problems: list[Problem] = []
    ticker = progress("documents", len(game_ids)) if progress else None
    for gid in game_ids:
        if ticker:
            ticker(1)
        game = project.games[gid]
        sub = replace(options, variant=None)
        fingerprint = hash_text(prints.game_inputs(game), options.paper, options.languages, options.booklets,
                                __version__)
        record = store.get("builds", hash_text("documents", str(Path(options.out) / gid)))
        if record and record.get("fp") == fingerprint and all(Path(p).is_file() for p in record["files"]):
            files += [(Path(p), None) for p in record["files"]]
            continue
        made, found = render_documents(project, [gid], sub)
        books, book_found = render_rulebooks(project, [gid], sub) if options.booklets and not found else ([], [])
        problems += found + book_found
        if not (found or book_found) and made + books:
            store.put("builds", hash_text("documents", str(Path(options.out) / gid)),
                      {"fp": fingerprint, "files": [str(p) for p, _ in made + books]})
        files += made + books
    return files, problems


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
        problems.extend(p for p in found if not p.warning)
        files.extend((Path(options.out) / gid / name, pdf) for name, pdf in made)
    return files, problems


def render_documents(project: Project, game_ids: list[str], options: BuildOptions
                     ) -> tuple[list[tuple[Path, bytes]], list[Problem]]:
    """Every game's documents in each language, as (path, PDF bytes); and the (non-warning) problems found."""
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
        problems.extend(p for p in found if not p.warning)
        files.extend((Path(options.out) / gid / name, pdf) for name, pdf in made)
    return files, problems
