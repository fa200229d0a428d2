"""``deckgen export --preset NAME``: the games' decks as a print shop wants them (see :mod:`deckgen.export`).

The decks are re-rendered at the shop's trim where it differs, drawn at
its pixel size, converted to CMYK where it asks (:mod:`deckgen.presets.colourpass`)
and handed to its writer (:mod:`deckgen.presets.files`); nothing is written
if anything has a problem.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable

from deckgen.errors import DeckgenError, Problem, unique
from deckgen.model import Deck, Game, Project
from deckgen.output import write_atomic
from deckgen.outputs.plan import PlannedFile
from deckgen.outputs.selection import BuildOptions, deck_languages, selected_decks
from deckgen.presets import Preset
from deckgen.presets.colourpass import ColourPass
from deckgen.presets.files import collisions, preset_files
from deckgen.presets.target import PresetDeck, PresetReport
from deckgen.render.decks import DeckTarget, Fingerprints, options_store, render_deck
from deckgen.render.store import hash_text, renderer_id


def preset_decks(project: Project, game_ids: list[str], preset: Preset, options: BuildOptions, dpi: int | None,
                 target_of: Callable[[Game, Deck, str], DeckTarget], check_cut: bool = True
                 ) -> tuple[list[PresetDeck], list[Problem], list[Problem]]:
    """Every deck the preset prints, in each language, with its target from ``target_of(game, deck at the
    shop's size, lang)``; the problems found, and those of decks of a size the preset has none for."""
    problems: list[Problem] = []
    decks: list[PresetDeck] = []
    cut_checked: set = set()
    unprintable: list[Problem] = []  # decks of a size the preset has none for (tarot cards at a poker shop)
    for gid in game_ids:
        game = project.games[gid]
        for deck in selected_decks(game, options.variant):
            try:
                shop = preset.shop_size(deck, dpi)
            except DeckgenError as exc:
                if preset.size_key(deck) is not None:
                    problems += exc.problems
                else:  # a size the shop does not print: the other decks still go, if there are any
                    unprintable += exc.problems
                continue
            s = shop.size
            if check_cut and shop.changed and (gid, s.width, s.height) not in cut_checked:  # the cut-safe rules
                from deckgen.checks.cutsafe import cut_problems  # at the shop's trim

                cut_checked.add((gid, s.width, s.height))
                problems += [replace(p, message=f"{p.message} [at preset {preset.name}'s {s.width:g}×{s.height:g} "
                                                f"mm trim]") for p in cut_problems(project, game, s) if not p.warning]
            shop_deck = replace(deck, size=shop.size, style={**dict(deck.style or {}), "design_size": [
                deck.size.width, deck.size.height], "design_bleed": deck.size.bleed}) if shop.changed else deck
            for lang in deck_languages(project, deck, options.languages):
                target = target_of(game, shop_deck, lang)
                errors = [p for p in target.problems if not p.warning]
                if shop.changed:
                    s = shop.size
                    errors = [replace(p, message=f"{p.message} [re-rendered for preset {preset.name}: "
                                                 f"{s.width:g}×{s.height:g} mm trim, {s.safe:g} mm safe zone]")
                              for p in errors]
                problems += errors
                cards = [c for c in deck.cards if not options.cards or c.id in options.cards]
                decks.append(PresetDeck(gid, deck, shop, target, cards))
    return decks, problems, unprintable


def plan_preset(project: Project, game_ids: list[str], preset: Preset, options: BuildOptions,
                dpi: int | None = None, base_url: str | None = None) -> list[PlannedFile]:
    """Every file ``export_preset`` writes, from the data alone (no face rendered or drawn)."""
    def placeholder(game: Game, deck: Deck, lang: str) -> DeckTarget:
        """A target whose faces are named, not rendered: the same card, the same name; a shared back, one."""
        return DeckTarget(game, deck, lang, {c.id: hash_text("front", c.id) for c in deck.cards},
                          {c.id: hash_text("back", c.id if c.back else "") for c in deck.cards})

    decks, problems, unprintable = preset_decks(project, game_ids, preset, options, dpi, placeholder, False)
    if not decks and unprintable:
        problems += unprintable
    outputs = preset_files(project, preset, decks, options, renderer_id(), None, base_url)
    problems += collisions(preset, outputs)
    if problems:
        raise DeckgenError(unique(problems))
    sizes = {Path(options.out) / d.gid / preset.name: d.shop.size for d in decks}
    planned = []
    for path, _make in outputs:
        size = next((sizes[folder] for folder in path.parents if folder in sizes), None)
        paper = f"{size.width:g}x{size.height:g}mm" if size is not None else None
        planned.append(PlannedFile(path, f"preset {preset.name}", paper, None,
                                   1 if path.suffix in (".png", ".jpg") else None))
    return planned


def export_preset(project: Project, game_ids: list[str], preset: Preset, options: BuildOptions,
                  dpi: int | None = None, base_url: str | None = None) -> PresetReport:
    """Write the games' decks as ``preset`` says into OUT/GAME/PRESET/; raises DeckgenError, writing nothing,
    on any problem (a face that does not fit the shop's size, a card over the ink limit, names that collide)."""
    store = options_store(options)
    prints = Fingerprints(project)
    renderer = renderer_id()
    report = PresetReport()

    def rendered(game: Game, deck: Deck, lang: str) -> DeckTarget:
        return render_deck(project, game, deck, lang, store, prints, force=True)

    decks, problems, unprintable = preset_decks(project, game_ids, preset, options, dpi, rendered)
    report.warnings += floor_warnings(preset, decks)
    if not decks and unprintable:
        problems += unprintable
    elif unprintable:  # e.g. Archeon's planets and tokens at a shop printing poker cards: the archive goes
        report.warnings += [replace(p, message=f"{p.message}: not exported", warning=True)
                            for p in unprintable if p.field and p.field.startswith("decks.")]
    if problems:
        raise DeckgenError(unique(problems))

    from deckgen.render.raster import RasterPool

    pool = RasterPool(store, options.workers)
    try:
        keys = []
        for d in decks:
            for svg_hash in dict.fromkeys(h for c in d.cards for h in (d.target.fronts[c.id], d.target.backs[c.id])):
                key = d.key(svg_hash, renderer)
                pool.submit(d.target.svgs[svg_hash], *d.shop.pixels, key)
                keys.append(key)
        pool.wait(dict.fromkeys(keys))
    finally:
        pool.close()

    colour = ColourPass(project, preset, store) if preset.colour.mode == "cmyk" else None
    if colour is not None:
        for d in decks:
            colour.measure_deck(d, renderer)
        problems += colour.ink_problems()
        report.warnings += colour.gamut_warnings()
        report.darkest = colour.darkest
    outputs = preset_files(project, preset, decks, options, renderer, colour, base_url)
    problems += collisions(preset, outputs)
    if problems:
        raise DeckgenError(unique(problems))
    for path, make in outputs:
        write_atomic(path, make(store))
        report.written.append(path)
    report.folder = list(dict.fromkeys(Path(options.out) / d.gid / preset.name for d in decks))
    return report


def floor_warnings(preset: Preset, decks: list[PresetDeck]) -> list[Problem]:
    """Text under the floor of ``min_text_pt`` on the faces as the shop prints them (a warning before
    ``format: 3``; from then on an error, already among the problems that stop the export)."""
    from deckgen.text.floor import FLOOR_WORDS

    found = []
    for d in decks:
        tag = (f" [re-rendered for preset {preset.name}: {d.shop.size.width:g}×{d.shop.size.height:g} mm trim]"
               if d.shop.changed else "")
        found += [replace(p, message=p.message + tag) for p in d.target.problems
                  if p.warning and FLOOR_WORDS in p.message]
    return unique(found)
