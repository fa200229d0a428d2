"""The rule booklets a print preset's shop takes (its ``booklet:`` entry), as an output generator.

``deckgen rules GAME --preset NAME`` runs this generator alone; ``deckgen
export GAME --preset NAME`` runs it beside the card files when the preset
has a booklet entry; both list its files with ``--plan``.  Each game with
rules gets, per language, ``OUT/GAME/PRESET/GAME-rules-LANG-PRESET.pdf``
and, where the shop prints the cover apart, ``…-PRESET-cover.pdf``
(:mod:`deckgen.rulebook.shop` makes them).
"""

from __future__ import annotations

from pathlib import Path

from deckgen.errors import DeckgenError
from deckgen.outputs.books import booklet_sources
from deckgen.outputs.plan import PlannedFile, Rendered, Selection
from deckgen.outputs.selection import build_languages, with_documents
from deckgen.presets import Preset


class ShopBooklets:
    """Each game's rule booklet in each language with rules, as the preset's shop wants it."""

    kind = "shop booklet"

    def __init__(self, preset: Preset):
        self.preset = preset

    def plan(self, selection: Selection) -> list[PlannedFile]:
        from deckgen.presets.booklet import shop_booklet_names

        spec = self.preset.booklet
        if spec is None or not with_documents(selection.options):  # not for a reprint of cards or a variant
            return []
        found = []
        for gid, lang in booklet_sources(selection):
            for name in shop_booklet_names(gid, lang, self.preset.name, spec):
                what = "shop booklet cover" if name.endswith("-cover.pdf") else self.kind
                found.append(PlannedFile(self.folder(selection, gid) / name, what,
                                         f"{spec.page}+{spec.bleed:g}mm", None,
                                         4 if name.endswith("-cover.pdf") else None))
        return found

    def folder(self, selection: Selection, gid: str) -> Path:
        """OUT/GAME/PRESET: beside the preset's card files."""
        return Path(selection.options.out) / gid / self.preset.name

    def render(self, selection: Selection, planned: PlannedFile) -> Rendered:
        path = Path(planned.path)
        gid = path.relative_to(Path(selection.options.out)).parts[0]
        made = selection.memo.setdefault(f"shop booklets {self.preset.name}", {})
        if gid not in made:
            made[gid] = self._game(selection, gid)
        files, problems = made[gid]
        if problems:
            raise DeckgenError(problems)
        if path.name not in files:
            raise DeckgenError(f"the shop booklets of {gid!r} hold no {path.name}")
        return files[path.name]

    def _game(self, selection: Selection, gid: str):
        from deckgen.rulebook.shop import shop_booklets

        project = selection.project
        game = project.games[gid]
        descriptor = project.descriptor(game)
        try:
            data = descriptor.data_for(game) if descriptor else {}
        except DeckgenError as exc:
            return {}, exc.problems
        files, problems = shop_booklets(project, game, build_languages(project, selection.options), data,
                                        self.preset)
        return dict(files), problems


def shop_generator(preset: Preset) -> ShopBooklets:
    """The generator of ``preset``'s booklets; a located problem if the preset has no ``booklet:`` entry."""
    if preset.booklet is None:
        raise DeckgenError(preset.problem((), f"preset {preset.name} has no booklet: entry (how its shop wants rule "
                                              f"booklets); booklet-x4 and booklet-x1a have one (docs/rulebooks.md)"))
    return ShopBooklets(preset)


def render_pending(selection: Selection, generator: ShopBooklets, planned: list[PlannedFile]):
    """Render the booklets to temporary files beside their places (a :class:`deckgen.output.PendingFiles` to
    commit once everything else of the order is made, or discard); a DeckgenError writes nothing."""
    from deckgen.output import PendingFiles
    from deckgen.outputs.extra import render_files

    pending = PendingFiles()
    try:
        render_files(selection, [generator], [planned], pending.add)
    except BaseException:
        pending.discard()
        raise
    return pending


__all__ = ["ShopBooklets", "render_pending", "shop_generator"]
