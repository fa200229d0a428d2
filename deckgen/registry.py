"""The game registry: what a game brings besides data, found by its engine name.

A game's data (``data/GAME/game.yaml``) names its rules with ``engine:``.
The engine — with its showdown reader, checks, document kinds, simulator
and extra commands — is described once by a :class:`GameDescriptor`, the
way OpenSpiel's ``kuhn_poker.py`` declares ``_GAME_INFO`` and calls
``register_game`` at the bottom of the module.

Descriptors reach the registry in one way: a Python module is imported and
calls :func:`register_game`.  The modules come from

* installed packages, through the entry-point group ``deckgen.games``
  (deckgen's own classic, gladbach, pazaak and archeon are declared there in
  ``pyproject.toml``);
* a project's own plugins, listed under ``plugins:`` in ``deckgen.yaml``
  (Python files or packages inside the project folder), loaded for that
  project only (:func:`load_project_plugins`), and only once the user has
  trusted them (:mod:`deckgen.trust`).

Shared code (cli, build, checks, judge, decisions) asks the registry and
never names a game.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
import traceback
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping

from deckgen.errors import DeckgenError, PluginError, Problem
from deckgen.parts import Parts, collecting as collecting_parts, current as current_parts

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.model import Game, Project

ENTRY_POINT_GROUP = "deckgen.games"


@dataclass(frozen=True)
class CheckContext:
    """What a check may read: the project, the game, its engine data (already loaded), and the languages
    to check (empty: all of the project's)."""

    project: "Project"
    game: "Game"
    data: Mapping[str, Any]
    languages: tuple[str, ...] = ()

    @property
    def langs(self) -> list[str]:
        """The languages to check, in the project's order."""
        return [l for l in self.project.languages if not self.languages or l in self.languages]


@dataclass(frozen=True)
class Check:
    """A named check: ``run(ctx)`` returns the located problems it finds."""

    name: str
    run: Callable[[CheckContext], Iterable[Problem]]


@dataclass(frozen=True)
class DocumentKind:
    """A kind of printed document that a game offers (board, local-rules sheet, ...).

    Everything is a default that ``game.yaml`` may override per document:
    the SVG ``template`` (in ``templates/GAME/``), the ``page`` (``"paper"``:
    the chosen paper; or ``(width, height)`` in mm), the ``orientation`` of
    a paper page, how a fixed-size page is printed (``prints``: any of
    ``sheet``, ``large``, ``tiled``) and the file name ``stem``.
    ``context(ctx)`` returns the extra template variables the document needs
    (data only; layout stays in the template).
    """

    template: str
    context: Callable[[Any], Mapping[str, Any]] | None = None
    page: str | tuple[float, float] = "paper"
    orientation: str = "portrait"
    prints: tuple[str, ...] = ("sheet",)
    stem: str | None = None
    safe: float = 10.0
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class DeckList:
    """The cards a deck list file names (``deckgen build GAME --deck FILE``), read by a game's ``deck_file``.

    ``deck`` is the game's deck the cards come from (its size and templates),
    ``name`` a short name for the output files (``match-7``: ``DECK-NAME-LANG-...pdf``),
    ``cards`` the card ids, one per physical card, in print order.
    """

    deck: str
    name: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class SimulationRequest:
    """One batch of simulated games: who plays, how many, with which seed and options.

    ``strategy`` names one of the descriptor's ``strategies`` (None: its
    first); ``progress(n)`` is called after every ``n`` games played.
    """

    players: int
    games: int
    seed: int
    data: Mapping[str, Any]
    options: Mapping[str, Any] = field(default_factory=dict)
    strategy: str | None = None
    progress: Callable[[int], None] | None = None


#: What one simulated game reports (a dict): the keys ``deckgen simulate`` aggregates.
#: ``winners``        seat names (``P1`` ... ``PN``, ``P1`` the first to act) of the game's winners
#: ``category``       the winning hand's category (or None), for "how often each hand wins"
#: ``length``         how long the game ran (rounds, turns or sets: ``length_unit`` of the descriptor)
#: ``money_change``   what all holdings together gained; anything but 0 is a bug (money is conserved)
#: ``conserved``      for games without money: the game's own conservation law held
#: ``deck_ran_out``   whether the draw pile ran empty at some point
#: ``matchup``        optional: (name of seat 1's equipment, seat 2's ...), e.g. Pazaak side decks
SIMULATION_RECORD_KEYS = ("winners", "category", "length", "money_change", "conserved", "deck_ran_out", "matchup")


@dataclass(frozen=True)
class GameDescriptor:
    """Everything deckgen needs to know about a game's rules, in one place.

    ``engine``         the name ``game.yaml`` gives as ``engine:``
    ``title``          a short human name (help texts)
    ``judge``          ``judge(showdown, data, options) -> dict`` with at least ``winners``;
                       bad input raises :class:`deckgen.errors.ShowdownError` at a path
    ``players``        (fewest, most) players at one table
    ``judge_options``  option name -> JSON Schema of its value (``description`` is the help text);
                       they become ``--NAME`` options of ``deckgen judge``
    ``showdown_example`` a showdown in the judge's format (YAML text) for help and tests
    ``load_data``      ``load_data(game) -> dict``: the engine data the game's files hold
                       (e.g. classic's locations); raises DeckgenError with located problems
    ``composition``    ``composition(game) -> {card: copies}`` in the engine's notation, read
                       from the deck data (what the engine plays with)
    ``checks``         game-specific checks run by ``deckgen check``
    ``documents``      document kind -> :class:`DocumentKind`
    ``simulate``       ``simulate(request) -> [record, ...]``, one record per game (see
                       :data:`SIMULATION_RECORD_KEYS`); deterministic for a seed
    ``simulate_options`` option name -> JSON Schema, like ``judge_options``, for ``deckgen simulate``
    ``strategies``     the named strategies ``simulate`` knows, the default first
    ``length_unit``    what ``length`` counts ("rounds", "turns", "sets")
    ``summarize``      optional ``summarize(records, request) -> {title: table}``: the game's own
                       tables for ``deckgen simulate`` (a table is a list of row dicts; a mapping
                       instead is a count of the game's own, a top-level key of ``--json``)
    ``card_face``      ``card_face(game, token) -> (deck id, card id)``: the printed card of an engine
                       token, for pictures of example hands in rulebooks; a function that takes a
                       third argument also gets the example's judge options (``{"deck": ...}``)
    ``rulebook_tables`` table name -> ``fn(builder) -> {"columns": [...], "rows": [...]}``, tables a
                       rulebook's ``table NAME`` directive prints from the data; the columns are as
                       wide as their content asks, and the ``"names"`` columns (default ``[0]``) and
                       headers are never hyphenated (an older ``"widths"`` is no longer read)
    ``commands``       extra click commands (e.g. a deck assembler)
    ``deck_file``      ``deck_file(game, path) -> DeckList``: the cards of a deck list file (e.g. what
                       the game's deck assembler writes), printed by ``deckgen build GAME --deck FILE``;
                       a bad file raises DeckgenError with located problems
    ``showdown_schema`` optional JSON Schema of the judge's input: checked before the engine reads a
                       document (unknown keys, types; :mod:`deckgen.showdown_schema`) and published
                       by ``deckgen schema``; without one the engine validates its input alone
    ``facts``: values a game's rule texts quote (``{max_players}``) are the ``facts`` entry of
    ``load_data``'s result.
    """

    engine: str
    title: str
    judge: Callable[[Any, Mapping[str, Any], Mapping[str, Any]], dict]
    players: tuple[int, int] = (2, 8)
    judge_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    showdown_example: str = ""
    load_data: Callable[["Game | None"], dict] | None = None
    composition: Callable[["Game"], Mapping[str, int]] | None = None
    checks: tuple[Check, ...] = ()
    documents: Mapping[str, DocumentKind] = field(default_factory=dict)
    simulate: Callable[[SimulationRequest], list[dict]] | None = None
    simulate_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    strategies: tuple[str, ...] = ()
    length_unit: str = "rounds"
    summarize: Callable[[list[dict], SimulationRequest], Mapping[str, list[dict] | Mapping[str, Any]]] | None = None
    card_face: Callable[..., tuple[str, str] | None] | None = None
    rulebook_tables: Mapping[str, Callable[[Any], Mapping[str, Any]]] = field(default_factory=dict)
    commands: tuple[Any, ...] = ()
    deck_file: Callable[["Game", Path], DeckList] | None = None
    module: str = ""
    showdown_schema: Mapping[str, Any] | None = None

    def data_for(self, game: "Game | None") -> dict:
        """The engine data of ``game`` (empty if the engine needs none)."""
        return dict(self.load_data(game)) if self.load_data else {}


# ------------------------------------------------------------------ registration

_INSTALLED: dict[str, GameDescriptor] = {}
_COLLECTING: list[dict[str, GameDescriptor]] = []  # plugin loads in progress (innermost last)
_ENTRY_POINTS_LOADED = False


def register_game(descriptor: GameDescriptor) -> GameDescriptor:
    """Register ``descriptor``; call it at the bottom of a game module.

    While a project's plugins load, the game is registered for that project
    only; otherwise it joins the installed games.
    """
    if not isinstance(descriptor, GameDescriptor):
        raise TypeError(f"register_game() takes a GameDescriptor, not {type(descriptor).__name__}")
    target = _COLLECTING[-1] if _COLLECTING else _INSTALLED
    target[descriptor.engine] = descriptor
    return descriptor


@contextmanager
def _collecting() -> Iterator[dict[str, GameDescriptor]]:
    found: dict[str, GameDescriptor] = {}
    _COLLECTING.append(found)
    try:
        yield found
    finally:
        _COLLECTING.pop()


def installed_games() -> dict[str, GameDescriptor]:
    """The games of installed packages (entry-point group ``deckgen.games``), by engine name."""
    global _ENTRY_POINTS_LOADED
    if not _ENTRY_POINTS_LOADED:
        _ENTRY_POINTS_LOADED = True
        points = list(metadata.entry_points(group=ENTRY_POINT_GROUP))
        if not any(p.value.startswith("deckgen.games.") for p in points):
            # deckgen itself is not installed (a source tree on sys.path): its own
            # games are the packages of deckgen.games, registered the same way.
            import pkgutil

            import deckgen.games

            for info in pkgutil.iter_modules(deckgen.games.__path__):
                importlib.import_module(f"deckgen.games.{info.name}")
        for point in points:
            try:
                point.load()
            except Exception as exc:  # a broken third-party package must not hide the others
                raise PluginError(Problem.at(
                    f"the installed game plugin {point.name!r} ({point.value}) failed to load: "
                    f"{type(exc).__name__}: {exc}", field=f"entry point {ENTRY_POINT_GROUP}")) from None
    return dict(_INSTALLED)


# ------------------------------------------------------------------ project plugins

_PLUGIN_CACHE: dict[tuple[str, int], tuple[dict[str, GameDescriptor], Parts]] = {}


def _plugin_stamp(path: Path) -> int:
    files = [path] if path.is_file() else sorted(path.rglob("*.py"))
    return hash(tuple((str(f), f.stat().st_mtime_ns) for f in files))


def _import_plugin(path: Path, root: Path) -> tuple[dict[str, GameDescriptor], Parts]:
    """Import one plugin file or package under a name unique to its path; return what it registered."""
    key = (str(path), _plugin_stamp(path))
    if key in _PLUGIN_CACHE:
        return _PLUGIN_CACHE[key]
    digest = hashlib.sha1(str(path).encode()).hexdigest()[:10]
    name = f"deckgen_plugin_{digest}_{path.stem.replace('-', '_')}"
    init = path / "__init__.py" if path.is_dir() else path
    spec = importlib.util.spec_from_file_location(
        name, init, submodule_search_locations=[str(path)] if path.is_dir() else None)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    with _collecting() as found, collecting_parts() as parts:
        try:
            spec.loader.exec_module(module)
        except BaseException:
            sys.modules.pop(name, None)
            raise
    _PLUGIN_CACHE[key] = found, parts
    return found, parts


def plugin_paths(root: Path, plugins: list[str], where: Callable[[int], Problem]) -> tuple[list[tuple[int, str, Path]], list[Problem]]:
    """The project's plugin entries as ``(index, entry, resolved path)``, and a problem for each entry that is
    no .py file or package folder inside the project.  Nothing is imported."""
    found, problems = [], []
    for index, entry in enumerate(plugins):
        path = (root / entry).resolve()
        try:
            path.relative_to(root.resolve())
        except ValueError:
            problems.append(_with(where(index), f"plugin {entry!r} lies outside the project folder"))
            continue
        if not (path.is_file() and path.suffix == ".py") and not (path / "__init__.py").is_file():
            problems.append(_with(where(index), f"no plugin {entry!r}: give a .py file or a package folder "
                                                f"(with __init__.py) inside the project"))
            continue
        found.append((index, entry, path))
    return found, problems


def plugins_trusted(root: Path, plugins: list[str]) -> bool:
    """True if the project's plugins may run (trusted, or trusted for this run); nothing is imported."""
    from deckgen.trust import is_trusted, plugin_files

    found, _ = plugin_paths(root, plugins, lambda i: Problem())
    return is_trusted(root, plugin_files(root, [path for _, _, path in found]))


def load_project_plugins(root: Path, plugins: list[str], where: Callable[[int], Problem],
                         parts: Parts | None = None) -> dict[str, GameDescriptor]:
    """Import the project's plugin modules; returns the games they register (and adds to ``parts`` the
    verbs, card sources and checks they register: :mod:`deckgen.parts`).

    ``plugins`` are paths relative to the project root (a ``.py`` file or a
    package folder).  A plugin that is missing or fails to import is a
    problem located at its line of ``deckgen.yaml`` (``where(index)``).
    Nothing is imported unless the user trusts the project's plugins as they
    are now (:mod:`deckgen.trust`); otherwise :class:`deckgen.trust.UntrustedPlugins`
    names them and the command that trusts them.
    """
    from deckgen.trust import require_trust, plugin_files

    found_paths, problems = plugin_paths(root, plugins, where)
    if found_paths:
        require_trust(root, plugin_files(root, [path for _, _, path in found_paths]), where(found_paths[0][0]))
    games: dict[str, GameDescriptor] = {}
    for index, entry, path in found_paths:
        try:
            found, added = _import_plugin(path, root)
        except Exception as exc:
            problems.append(_with(where(index), f"plugin {entry!r} failed to load: {_origin(exc, path)}"))
            continue
        if not found and not added:
            problems.append(_with(where(index), f"plugin {entry!r} registers nothing: call "
                                                f"deckgen.register_game(GameDescriptor(...)) at its end, or "
                                                f"register_verb, register_card_source, register_check or register_output"))
        games.update(found)
        if parts is not None:
            parts.add(added)
    if problems:
        raise PluginError(problems)
    return games


def _with(problem: Problem, message: str) -> Problem:
    return Problem(problem.file, problem.line, problem.column, problem.field, message)


def _origin(exc: BaseException, path: Path) -> str:
    """``Type: message (file:line)`` naming the innermost frame inside the plugin."""
    where = ""
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename.startswith(str(path)):
            where = f" ({Path(frame.filename).name}:{frame.lineno})"
    if isinstance(exc, SyntaxError) and exc.lineno:
        where = f" ({Path(exc.filename or path).name}:{exc.lineno})"
    return f"{type(exc).__name__}: {exc}{where}"


def engine_names(games: Mapping[str, GameDescriptor]) -> str:
    """``a, b, c`` for messages."""
    return ", ".join(sorted(games)) or "none"


def lookup(games: Mapping[str, GameDescriptor], engine: str) -> GameDescriptor:
    """The descriptor for ``engine``; DeckgenError listing the known engines if there is none."""
    try:
        return games[engine]
    except KeyError:
        raise DeckgenError(f"unknown engine {engine!r} (known: {engine_names(games)})") from None


# ------------------------------------------------------------------ checks from plugins


def register_check(check: Check) -> Check:
    """Register ``check`` for every game of the project whose plugin calls it (``deckgen check`` runs it,
    ``--only NAME`` picks it); called outside a project's plugin, for every project.  A game's own checks
    go in its descriptor's ``checks`` instead."""
    if not isinstance(check, Check):
        raise TypeError(f"register_check() takes a Check(name, run), not {type(check).__name__}")
    current_parts().checks[check.name] = check
    return check
