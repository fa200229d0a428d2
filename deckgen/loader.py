"""YAML -> validated model.

``load_project(root)`` reads ``deckgen.yaml``, loads the project's plugins,
then every game's ``game.yaml``, card lists, language files, style and rule
decisions; it validates each against its schema and returns a
:class:`deckgen.model.Project`.  All problems found are collected and raised
together as one :class:`DeckgenError` — a user fixes a batch of mistakes per
run, not one.  What follows from a file that could not be read is not
reported again card by card.

This module reads ``deckgen.yaml`` itself; each game is read by the parts
of :mod:`deckgen.loading` (collector, game, decks, texts, style,
decisions, documents).
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from deckgen.boundary import outside_problem, stays_inside
from deckgen.errors import DeckgenError, Problem
from deckgen.limits import Limits
from deckgen.loading.collector import Collector
from deckgen.loading.game import load_game
from deckgen.loading.style import STYLE_SCHEMA as STYLE_SCHEMA  # imported from here by plugins
from deckgen.model import Game, Project
from deckgen.suggest import did_you_mean
from deckgen.validate import schema
from deckgen.yamlpos import Located, load_yaml

PROJECT_FILE = "deckgen.yaml"
#: The project format this deckgen writes and reads natively (``format:`` in deckgen.yaml).
FORMAT = 3


def load_project(root: Path, only: Iterable[str] | None = None, untrusted: str = "refuse") -> Project:
    """Load and validate the project in ``root``; raise DeckgenError on problems.

    ``only`` (game ids) loads just those games, when deckgen.yaml lists them all (a command about one
    game neither waits for nor stumbles over the others); otherwise every game is loaded.
    The project's plugins are imported only when the user trusts them (:mod:`deckgen.trust`); if not,
    ``untrusted="refuse"`` raises :class:`deckgen.trust.UntrustedPlugins` before importing any, and
    ``untrusted="skip"`` (commands that need no plugin) imports none and leaves out the games whose engine
    they would bring (their ids in ``Project.needs_trust``).
    """
    from deckgen.project import is_bundled
    from deckgen.registry import installed_games, load_project_plugins, plugins_trusted
    from deckgen.trust import UntrustedPlugins

    root = Path(root).resolve()
    col = Collector(root)
    if not stays_inside(root / PROJECT_FILE, root):
        raise DeckgenError(outside_problem(root / PROJECT_FILE, root, root))
    doc = col.load(root / PROJECT_FILE)
    if doc is None:
        raise DeckgenError(col.problems)
    if not col.validate(doc, schema("project")):
        raise DeckgenError(col.problems)
    data = doc.data
    col.limits = Limits.from_settings(data.get("limits"))
    from deckgen.text.breaking import add_project

    add_project(data.get("breaking"))
    version = _format(col, doc)
    languages = tuple(data["languages"])
    fonts = dict(data.get("fonts", {}))
    for role, name in fonts.items():
        message = _font_problem(root / "fonts" / name, root)
        if message:
            col.problems.append(doc.problem(("fonts", role), f"fonts/{name}: {message}"))
    engines = dict(installed_games())
    plugins = data.get("plugins", [])
    skipped = bool(plugins) and untrusted == "skip" and not plugins_trusted(root, plugins)
    needs_trust: list[str] = []
    if plugins and not skipped:
        try:
            engines.update(load_project_plugins(root, plugins, lambda i: doc.problem(("plugins", i), ""), col.parts))
        except UntrustedPlugins:
            raise  # the one thing to say: nothing else is loaded, and no game's missing engine is reported
        except DeckgenError as exc:
            col.problems.extend(exc.problems)
    games = {}
    wanted = set(only or ())
    if not wanted or not wanted <= set(data["games"]):
        wanted = set(data["games"])
    for index, game_id in enumerate(data["games"]):
        if game_id not in wanted:
            continue
        game_dir = root / "data" / game_id
        if not stays_inside(game_dir / "game.yaml", game_dir) or not stays_inside(game_dir, root / "data"):
            col.problems.append(outside_problem(game_dir / "game.yaml" if stays_inside(game_dir, root / "data")
                                                else game_dir, root, root, problem=doc.problem(("games", index), "")))
            continue
        if not (game_dir / "game.yaml").is_file():
            known = sorted(p.parent.name for p in (root / "data").glob("*/game.yaml"))
            col.problems.append(doc.problem(("games", index),
                                            f"no data/{game_id}/game.yaml{did_you_mean(game_id, known)}"))
            continue
        game = load_game(col, root, game_id, languages, engines, needs_trust if skipped else None)
        if game is not None:
            games[game_id] = game
    if col.problems:
        raise DeckgenError(col.problems + col.consequences)
    from deckgen.text.floor import TextFloor

    return Project(root=root, name=data["name"], languages=languages, games=games, fonts=fonts,
                   engines=engines, format=version, bundled=is_bundled(root), notes=tuple(col.notes),
                   limits=col.limits, needs_trust=tuple(needs_trust), parts=col.parts,
                   min_text=TextFloor.from_settings(data.get("min_text_pt")), cache_limit=_cache_limit(data))


def _cache_limit(data: dict) -> int | None:
    """deckgen.yaml's ``cache: limit:`` in bytes (the schema has checked its form), or None."""
    from deckgen.render.cachelimit import parse_size

    limit = (data.get("cache") or {}).get("limit")
    return None if limit is None else parse_size(limit)


def _format(col: Collector, doc: Located) -> int:
    """The project's format version; a note for an unversioned (format 1) project."""
    version = doc.data.get("format")
    if version is None:
        col.notes.append(Problem(doc.file, 1, 1, None, f"no 'format:' given, so this project is read as format 1, "
                                                       f"which still builds; add the line 'format: {FORMAT}' to "
                                                       f"deckgen.yaml (docs/project-format.md lists what format "
                                                       f"{FORMAT} adds)", warning=True))
        return 1
    if version > FORMAT:
        col.problems.append(doc.problem(("format",), f"this project is written in format {version}, but this "
                                                     f"deckgen reads formats 1 to {FORMAT}: update deckgen"))
    return version


def _font_problem(path: Path, root: Path) -> str | None:
    """Why ``path`` cannot serve as a font (outside the project's fonts/ folder, missing, cut short,
    unreadable, no TrueType outlines), or None."""
    from deckgen.text.fonts import font_file_problem

    if not stays_inside(path, root / "fonts") or not stays_inside(root / "fonts", root):
        return "leads outside the project's fonts/ folder (a symlink?): deckgen reads only inside the project"
    return font_file_problem(path)


def load_engine_files(game: Game) -> dict[str, Located]:
    """The game's ``engine_data`` files, parsed with their line numbers, by keyword."""
    return {key: load_yaml(game.directory / name, f"data/{game.id}/{name}")
            for key, name in game.engine_data.items()}
