"""Every face of a deck rendered to SVG (no file written), remembered by what it is made of.

A face whose inputs — the game's templates, art, fonts, style, its card,
its deck, the strings it read, and the project's deckgen.yaml and shared
glossary — are unchanged since it was last
rendered without problems is taken from the store (:mod:`deckgen.render.store`)
instead of being rendered again; :class:`Fingerprints` hashes those inputs
once per build.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from deckgen import __version__
from deckgen.errors import Problem, unique
from deckgen.model import Card, Deck, Game, Project
from deckgen.output import cache_folder
from deckgen.outputs.selection import BuildOptions, deck_languages, deck_stem, selected_decks
from deckgen.render.store import Store, hash_file, hash_text


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
            root = Path(project.root)
            # deckgen.yaml and the shared glossary: the project's breaking rules, format and limits change
            # how a face is laid out and what is an error on it
            parts = [__version__, [self.tree(d) for d in template_dirs(project.root, game.id)],
                     self.tree(root / "art"),
                     sorted((role, self.file(project.fonts_dir / name)) for role, name in project.fonts.items()),
                     game.style, self.file(Path(game.directory) / "decisions.yaml"),
                     self.file(root / "deckgen.yaml"), self.tree(root / "glossary")]
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


@dataclass
class DeckTarget:
    """One deck in one language: the SVG hash of every card's front and back, and the SVGs rendered now."""


    game: Game
    deck: Deck
    lang: str
    fronts: dict[str, str]  # card id -> SVG hash
    backs: dict[str, str]  # card id -> SVG hash of its back
    svgs: dict[str, str] = field(default_factory=dict)  # SVG hash -> SVG (faces rendered in this run; FaceTexts)
    problems: list[Problem] = field(default_factory=list)
    rendered: int = 0  # faces rendered from their templates in this run
    remembered: int = 0  # faces taken from the store instead
    ink: str = "full"


    @property
    def stem(self) -> str:
        return deck_stem(self.deck, self.lang)


    @property
    def back(self) -> str:
        """The SVG of the back of the deck's first card (every card's, unless cards name their own)."""
        return self.svgs.get(next(iter(self.backs.values())), "")


    def front_svg(self, card_id: str) -> str:
        return self.svgs[self.fronts[card_id]]


class FaceTexts(dict):
    """A deck's SVG hash -> SVG, where the faces the cache remembered (their hash known, not their text) are
    rendered only when a text is first asked for, the whole deck at once: a build whose files are all
    unchanged renders no face at all.  ``in`` says what is at hand now, without rendering."""

    def __init__(self, known: dict[str, str], render: Callable[[], dict[str, str]]):
        import threading

        super().__init__(known)
        self._render: Callable[[], dict[str, str]] | None = render
        self._lock = threading.Lock()

    def _fill(self) -> None:
        with self._lock:
            if self._render is not None:
                render, self._render = self._render, None
                self.update(render())

    def __missing__(self, key: str) -> str:
        self._fill()
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        if not dict.__contains__(self, key):
            self._fill()
        return dict.get(self, key, default)


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
                target.remembered += 1
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


def _face_name(game: Game, deck: Deck, lang: str, card: Card | None, side: str) -> tuple[str, str]:
    """(template file, face) of a face, for a message about drawing it."""
    if side == "front" and card is not None:
        return f"templates/{game.id}/{card.front or deck.front}", f"card {card.id} [{lang}]"
    if card is not None and card.back:
        return f"templates/{game.id}/{card.back}", f"back of {card.id} [{lang}]"
    return f"templates/{game.id}/{deck.back}", f"back of {deck.label} [{lang}]"


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


def options_store(options: BuildOptions) -> Store:
    """The cache a command with ``options`` reads and fills: ``--cache``, else the folder DECKGEN_CACHE names,
    else the project's (``options.cache_home``), else OUT/.cache; none with ``--no-cache``."""
    if not options.use_cache:
        return Store(None)
    return Store(cache_folder(options.out, options.cache, home=options.cache_home))
