"""The build record: what each run of a build wrote, so that the next run of the same selection removes the
files it no longer writes — and only those.

A *run* is one game built with one choice of what to print: its languages,
decks (``--decks``), variant, cards, deck list, ink, paper, and whether
documents and booklets are made.  How it is printed (copies, duplex,
layout, dpi, instructions, cut files, split parts) is not part of it: building classic with ``--copies 6`` after ``--copies 1``
is the same run, so ``classic-en-a4.pdf`` goes when ``classic-en-x6-a4.pdf``
comes; building ``--lang de`` after ``--lang en`` is another run, and both
stay.  A file is removed only if the record of the same run in the same
output folder names it, it is a regular file (not a link) inside the output
folder, and this build does not write it.  The record lives in the build's
cache (``OUT/.cache``, or ``--cache``): with ``--no-cache`` nothing is
recorded and nothing removed.  It also says what the run wrote: per file,
and each deck's copies (:func:`last_run`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from deckgen.model import Project
from deckgen.outputs.selection import BuildOptions, build_decks, build_languages, deck_copies
from deckgen.render.store import Store, hash_text

#: The kind of cache entry that holds run records.
RECORD_KIND = "builds"


def run_identity(project: Project, game_id: str, options: BuildOptions) -> dict[str, Any]:
    """What makes two builds of ``game_id`` the same run (see the module's docstring)."""
    return {"game": game_id, "languages": build_languages(project, options), "decks": sorted(options.decks),
            "variant": options.variant, "cards": sorted(options.cards), "ink": options.ink,
            "deck_file": str(options.deck_file) if options.deck_file is not None else None,
            "documents": options.documents, "booklets": options.booklets, "paper": options.paper}


def _key(options: BuildOptions, identity: dict[str, Any]) -> str:
    return hash_text("run", str(Path(options.out).resolve()), json.dumps(identity, sort_keys=True))


def _owned(out: Path, game_id: str, paths: list[Path]) -> list[Path]:
    """The paths of ``paths`` in the game's folder of the output folder (what a run of the game writes)."""
    folder = (Path(out) / game_id).resolve()
    resolve = Resolver()
    return [p for p in paths if resolve(p).parent == folder or folder in resolve(p).parents]


class Resolver:
    """``Path.resolve`` for many files of a few folders: each folder resolved once (a file that is itself a
    link, resolved whole)."""

    def __init__(self) -> None:
        self._folders: dict[Path, Path] = {}

    def __call__(self, path: Path | str) -> Path:
        path = Path(path)
        if path.is_symlink():
            return path.resolve()
        folder = self._folders.get(path.parent)
        if folder is None:
            folder = self._folders[path.parent] = path.parent.resolve()
        return folder / path.name


def stale_files(store: Store, project: Project, game_ids: list[str], options: BuildOptions,
                made: list[Path]) -> list[Path]:
    """Files the last run of each game's selection wrote that this build, making ``made``, does not: each a
    regular file inside the output folder (never a link, never a file the record does not name)."""
    out = Path(options.out).resolve()
    resolve = Resolver()
    keep = {resolve(p) for p in made}
    found: list[Path] = []
    for gid in game_ids:
        record = store.get(RECORD_KIND, _key(options, run_identity(project, gid, options)))
        for name in (record or {}).get("files", []):
            path = Path(name)
            if resolve(path) in keep or path.is_symlink() or not path.is_file():
                continue
            if out not in resolve(path).parents:
                continue
            found.append(path)
    return found


def keep_records(store: Store, project: Project, game_ids: list[str], options: BuildOptions,
                 made: list[Path]) -> None:
    """Record, per game, the files this build made (written or unchanged) and each deck's copies."""
    for gid in game_ids:
        identity = run_identity(project, gid, options)
        copies = {f"{deck.label}-{lang}" if deck.localized else deck.label: deck_copies(deck, options)
                  for game, deck, lang in build_decks(project, [gid], options)}
        store.put(RECORD_KIND, _key(options, identity),
                  {**identity, "duplex": options.duplex, "copies": copies,
                   "files": [str(p) for p in _owned(options.out, gid, made)]})


def last_run(store: Store, project: Project, game_id: str, options: BuildOptions) -> dict[str, Any] | None:
    """The record of the last run of ``game_id``'s selection into ``options.out``: its identity, paper,
    duplex, copies per deck and files; None if there is none."""
    return store.get(RECORD_KIND, _key(options, run_identity(project, game_id, options)))
