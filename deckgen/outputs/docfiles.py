"""Each game's documents and rule booklets, rendered to PDF bytes (nothing written): the build writes them
once every file is made without a problem.

:func:`game_file` answers the document and booklet kinds
(:mod:`deckgen.outputs.books`): the first file asked of a game renders all
of that game's documents (or booklets) at once and keeps them in the
selection's memo.  In ``deckgen build`` a game whose data, templates, fonts
and options are unchanged since its documents and booklets were written is
not rendered again (its files are answered as on disk, ``None``); booklets
are not rendered for a game whose documents have a problem.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

from deckgen import __version__
from deckgen.errors import DeckgenError, Problem
from deckgen.model import Project
from deckgen.outputs.plan import Selection
from deckgen.outputs.selection import BuildOptions
from deckgen.render.store import hash_text

GameFiles = tuple[dict[Path, "bytes | None"], list[Problem]]


def game_file(selection: Selection, path: Path, booklet: bool) -> list[tuple[Path, bytes | None]]:
    """The planned document (or booklet) ``path`` as (path, PDF bytes), bytes None for one on disk as it
    would be written; a DeckgenError with the problems of its game's documents (or booklets)."""
    path = Path(path)
    gid = path.relative_to(Path(selection.options.out)).parts[0]
    files, problems = _game_files(selection, gid, booklet)
    if problems:
        raise DeckgenError(problems)
    if path not in files:
        raise DeckgenError(f"the {'booklets' if booklet else 'documents'} of {gid!r} hold no {path.name}")
    return [(path, files[path])]


def _game_files(selection: Selection, gid: str, booklet: bool) -> GameFiles:
    made = selection.memo.setdefault("game_documents", {})
    if (gid, booklet) not in made:
        made[(gid, booklet)] = _render_game(selection, gid, booklet)
    return made[(gid, booklet)]


def _render_game(selection: Selection, gid: str, booklet: bool) -> GameFiles:
    from deckgen.outputs.context import Remember

    project, options = selection.project, selection.options
    context = selection.memo.get("context")
    record_key = hash_text("booklets" if booklet else "documents", str(Path(options.out) / gid))
    first = not any(g == gid for g, _ in selection.memo["game_documents"])
    fingerprint = None
    if context is not None and context.remember:
        fingerprint = hash_text(context.prints.game_inputs(project.games[gid]), options.paper, options.languages,
                                options.booklets, __version__)
        record = context.store.get("builds", record_key)
        if record and record.get("fp") == fingerprint and all(Path(p).is_file() for p in record["files"]):
            return {Path(p): None for p in record["files"]}, []
    if booklet:
        documents = selection.memo["game_documents"].get((gid, False))
        if documents is not None and documents[1]:  # no booklets for a game whose documents have problems
            return {}, documents[1]
        made, problems = render_rulebooks(project, [gid], replace(options, variant=None))
    else:
        made, problems = render_documents(project, [gid], replace(options, variant=None))
    if context is not None and fingerprint is not None and made and not problems:
        # what the game's documents (or booklets) were made of, remembered once they are in place
        context.after.append(([], Remember("builds", record_key, {"fp": fingerprint,
                                                                  "files": [str(p) for p, _ in made]})))
    return dict(made), problems


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
