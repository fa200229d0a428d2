"""What a build writes for each game besides its decks: documents (boards, reference cards) and rule booklets
with their imposed copies, planned from the data alone and rendered by :mod:`deckgen.outputs.docfiles`."""

from __future__ import annotations

from pathlib import Path

from deckgen.outputs.docfiles import game_file
from deckgen.outputs.plan import PlannedFile, Rendered, Selection
from deckgen.outputs.selection import build_languages, with_documents


def booklet_sources(selection: Selection) -> list[tuple[str, str]]:
    """(game, language) of every booklet the selection can make: the game has rules/ and that language's
    source exists — what the home and the shop booklets are planned from."""
    from deckgen.rulebook.files import has_rulebook, source_path

    found = []
    for gid in selection.game_ids:
        game = selection.project.games[gid]
        if has_rulebook(game):
            found += [(gid, lang) for lang in build_languages(selection.project, selection.options)
                      if source_path(game, lang).is_file()]
    return found


class Documents:
    """Each document of a game in each language, on each paper it prints on (``STEM-LANG-PAPER.pdf``)."""

    kind = "document"

    def plan(self, selection: Selection) -> list[PlannedFile]:
        from deckgen.documents import document_names

        options = selection.options
        if not with_documents(options):
            return []
        found = []
        for gid in selection.game_ids:
            game = selection.project.games[gid]
            for spec in game.documents.values():
                for lang in build_languages(selection.project, options):
                    found += [PlannedFile(Path(options.out) / gid / name, self.kind, paper, "none",
                                          None if mode == "tiled" else 1)
                              for mode, name, paper in document_names(spec, lang, options.paper)]
        return found

    def render(self, selection: Selection, planned: PlannedFile) -> Rendered:
        return game_file(selection, planned.path, booklet=False)


class Booklets:
    """Each game's rule booklet in each language that has its rules written: in reading order on A5, and
    imposed two pages a side for saddle stitching."""

    kind = "booklet"

    def plan(self, selection: Selection) -> list[PlannedFile]:
        from deckgen.layout.papers import READING_PAGE
        from deckgen.rulebook.files import booklet_names, imposed_paper

        options = selection.options
        if not (with_documents(options) and options.booklets):
            return []
        found = []
        for gid, lang in booklet_sources(selection):
            reading, imposed = booklet_names(selection.project.games[gid], lang, options.paper)
            found.append(PlannedFile(Path(options.out) / gid / reading, self.kind, READING_PAGE, None, None))
            found.append(PlannedFile(Path(options.out) / gid / imposed, "booklet imposed",
                                     imposed_paper(options.paper), "short", None))
        return found

    def render(self, selection: Selection, planned: PlannedFile) -> Rendered:
        return game_file(selection, planned.path, booklet=True)
