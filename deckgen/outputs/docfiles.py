"""Each game's documents and rule booklets, rendered to PDF bytes (nothing written): the build writes them
once every file is made without a problem.  A game whose data, templates, fonts and options are unchanged
since its documents were written is not rendered again."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

from deckgen import __version__
from deckgen.errors import DeckgenError, Problem
from deckgen.model import Project
from deckgen.outputs.report import BuildReport
from deckgen.outputs.selection import BuildOptions
from deckgen.render.decks import Fingerprints
from deckgen.render.store import Store, hash_text


def documents_and_booklets(project: Project, game_ids: list[str], options: BuildOptions, store: Store,
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

    return _per_game(project, game_ids, options, has_rulebook, build_rulebooks)


def render_documents(project: Project, game_ids: list[str], options: BuildOptions
                     ) -> tuple[list[tuple[Path, bytes]], list[Problem]]:
    """Every game's documents in each language, as (path, PDF bytes); and the (non-warning) problems found."""
    from deckgen.documents import build_documents

    return _per_game(project, game_ids, options, lambda game: bool(game.documents), build_documents)


def _per_game(project: Project, game_ids: list[str], options: BuildOptions, makes: Callable[[Any], bool],
              make: Callable[..., tuple[list[tuple[str, bytes]], list[Problem]]]
              ) -> tuple[list[tuple[Path, bytes]], list[Problem]]:
    """``make(project, game, languages, paper, engine data)`` for each game that ``makes`` something, as
    (path, PDF bytes), and the (non-warning) problems found; nothing for a variant build."""
    files: list[tuple[Path, bytes]] = []
    problems: list[Problem] = []
    if options.variant is not None:
        return files, problems
    languages = [l for l in project.languages if not options.languages or l in options.languages]
    for gid in game_ids:
        game = project.games[gid]
        if not makes(game):
            continue
        descriptor = project.descriptor(game)
        try:
            data = descriptor.data_for(game) if descriptor else {}
        except DeckgenError as exc:
            problems.extend(exc.problems)
            continue
        made, found = make(project, game, languages, options.paper, data)
        problems.extend(p for p in found if not p.warning)
        files.extend((Path(options.out) / gid / name, pdf) for name, pdf in made)
    return files, problems
