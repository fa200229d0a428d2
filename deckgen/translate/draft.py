"""Draft booklets for reviewers: the stale paragraphs of a translation marked where they are printed.

``deckgen rules --draft`` writes ``GAME-rules-LANG-draft.pdf`` beside the
booklets: every paragraph, list item, note or heading whose translation was
made from an older source text is set on a yellow ground with a "stale"
mark in the margin.  A release build never marks anything, and a draft
never takes a release booklet's name.
"""

from __future__ import annotations

from pathlib import Path

from deckgen.errors import DeckgenError, Problem
from deckgen.translate.status import language_status
from deckgen.translate.units import normalized

def stale_texts(root: Path, game: str, source: str, lang: str) -> frozenset[str]:
    """The normalised texts of ``lang``'s booklet that are stale (nothing for the source language)."""
    if lang == source:
        return frozenset()
    status = language_status(root, game, source, lang)
    return frozenset(normalized(u.text) for p in status.pairs if p.state == "stale"
                     for u in p.target if u.file.endswith(".md"))


def draft_booklets(project, game_ids: list[str], languages: tuple[str, ...], out: Path) -> list[Path]:
    """Write each game's reading-order draft booklet per language; returns the paths written.

    Nothing is written if any booklet has a problem.
    """
    from deckgen.output import write_pending
    from deckgen.rulebook.build import render_booklet
    from deckgen.rulebook.context import load_sources
    from deckgen.layout.papers import READING_PAGE

    made: list[tuple[Path, bytes]] = []
    problems: list[Problem] = []
    source_lang = project.languages[0]
    for gid in game_ids:
        game = project.games[gid]
        descriptor = project.descriptor(game)
        data = descriptor.data_for(game) if descriptor else {}
        langs = [l for l in project.languages if not languages or l in languages]
        sources, found = load_sources(project, game, langs)
        problems += [p for p in found if not p.warning]
        for lang, source in sources.items():
            stale = stale_texts(project.root, gid, source_lang, lang)
            pdf, found = render_booklet(project, game, source, data, READING_PAGE, stale=stale)
            problems += found
            made.append((Path(out) / gid / f"{gid}-rules-{lang}-draft.pdf", pdf))
    if problems:
        raise DeckgenError(problems)
    written = []
    for path, pdf in made:
        tmp = write_pending(path, lambda handle, data=pdf: handle.write(data))
        tmp.replace(path)
        written.append(path)
    return written
