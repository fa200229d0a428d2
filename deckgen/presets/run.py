"""``deckgen export --preset NAME``: the games' decks as a print shop wants them (see :mod:`deckgen.export`).

The decks are re-rendered at the shop's trim where it differs, drawn at
its pixel size, converted to CMYK where it asks (:mod:`deckgen.presets.colourpass`)
and handed to its writer (:mod:`deckgen.presets.files`); nothing is written
if anything has a problem.  Every deck of the selection goes, as the
product of the shop's that fits it (:mod:`deckgen.presets.products`): a
deck that none fits is an error naming the deck and the shop unless the
user leaves it out with ``--skip DECK``, so an order is never partial
without saying so (:mod:`deckgen.presets.order` sums it up).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

from deckgen.errors import DeckgenError, Problem, unique
from deckgen.model import CardSize, Deck, Game, Project
from deckgen.output import write_atomic
from deckgen.outputs.plan import PlannedFile
from deckgen.outputs.selection import BuildOptions, deck_languages, selected_decks
from deckgen.presets import Preset
from deckgen.presets.colourpass import ColourPass
from deckgen.presets.files import Output, collisions, preset_files
from deckgen.presets.frames import frames_out_of_safe_zone, merged, with_boxes
from deckgen.presets.order import OrderedDeck, OrderSummary, SkippedDeck
from deckgen.presets.target import PresetDeck, PresetReport
from deckgen.render.decks import DeckTarget, Fingerprints, options_store, render_deck
from deckgen.render.store import hash_text, renderer_id


@dataclass
class Order:
    """What a preset export sends: the decks, the files (each name once) and the decks left out."""

    decks: list[PresetDeck] = field(default_factory=list)
    outputs: list[Output] = field(default_factory=list)
    skipped: list[SkippedDeck] = field(default_factory=list)
    files_of: dict[int, int] = field(default_factory=dict)  # id(PresetDeck) -> its number of files
    deck_of: dict[Path, PresetDeck] = field(default_factory=dict)  # each file's deck

    def summary(self, preset: Preset, written: bool) -> OrderSummary:
        """The one-screen summary of this order."""
        summary = OrderSummary(preset.name, preset.title, skipped=list(self.skipped), files=len(self.outputs),
                               written=written)
        for d in self.decks:
            if not d.cards:  # --cards picked none of its cards: nothing goes
                continue
            summary.decks.append(OrderedDeck(
                d.gid, d.deck.label, d.lang if d.deck.localized else "", d.target.stem, len(d.cards),
                sum(c.count for c in d.cards), d.shop.product.id, d.shop.product.title, _size_text(d),
                self.files_of.get(id(d), 0)))
        return summary


def _size_text(d: PresetDeck) -> str:
    s = d.shop.size
    return f"{s.width:g}×{s.height:g} mm + {s.bleed:g} mm bleed, {d.shop.pixels[0]}×{d.shop.pixels[1]} px"


def check_skip(project: Project, game_ids: list[str], skip: tuple[str, ...]) -> list[Problem]:
    """A ``--skip`` naming no deck of the selected games is a problem listing the decks there are."""
    known = {name for gid in game_ids for deck in project.games[gid].decks.values()
             for name in (deck.id, deck.label)}
    return [Problem(None, None, None, "--skip", f"no deck {name!r} in {', '.join(game_ids)} (its decks: "
                                                f"{', '.join(sorted(known))})")
            for name in skip if name not in known]


def preset_decks(project: Project, game_ids: list[str], preset: Preset, options: BuildOptions, dpi: int | None,
                 target_of: Callable[[Game, Deck, str], DeckTarget], check_cut: bool = True,
                 skip: tuple[str, ...] = ()) -> tuple[list[PresetDeck], list[Problem], list[SkippedDeck]]:
    """Every deck the preset prints, in each language, with its target from ``target_of(game, deck at the
    shop's size, lang)``; the problems found (a deck no product fits among them), and the decks ``skip``
    leaves out."""
    problems: list[Problem] = check_skip(project, game_ids, skip)
    decks: list[PresetDeck] = []
    skipped: list[SkippedDeck] = []
    cut_checked: set = set()
    for gid in game_ids:
        game = project.games[gid]
        for deck in selected_decks(game, options.variant):
            size = deck.size
            if deck.id in skip or deck.label in skip:
                fits = preset.product_for(deck)
                why = (f"--skip (it would print as {fits.id})" if fits is not None
                       else f"--skip; no product of {preset.name} fits it")
                skipped.append(SkippedDeck(gid, deck.label, f"{size.name} {size.width:g}×{size.height:g} mm", why))
                continue
            try:
                shop = preset.shop_size(deck, dpi)
            except DeckgenError as exc:
                problems += exc.problems
                continue
            s = shop.size
            if check_cut and shop.changed and (gid, size, s) not in cut_checked:  # the cut-safe rules at the
                from deckgen.checks.cutsafe import cut_problems  # shop's trim, for the decks of this deck's size

                cut_checked.add((gid, size, s))
                alike = _frames_moved(project, game, size, s)
                problems += [replace(p, message=f"{p.message} [at preset {preset.name}'s {s.width:g}×{s.height:g} "
                                                f"mm trim]") for p in cut_problems(project, alike, s) if not p.warning]
            shop_deck = _at_shop_size(project, game, deck, s) if shop.changed else deck
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
    return decks, problems, skipped


def _at_shop_size(project: Project, game: Game, deck: Deck, shop: CardSize) -> Deck:
    """``deck`` drawn at the shop's size: its layout follows from the design's size (``design_size``), its frames
    moved clear of the shop's safe zone (:mod:`deckgen.presets.frames`)."""
    moved = frames_out_of_safe_zone(merged(game.style, deck.style or {}), deck.size, shop,
                                    _faces(project, game, deck))
    style = {**with_boxes(deck.style or {}, moved), "design_size": [deck.size.width, deck.size.height],
             "design_bleed": deck.size.bleed}
    return replace(deck, size=shop, style=style)


def _frames_moved(project: Project, game: Game, size: CardSize, shop: CardSize) -> Game:
    """``game`` with only its decks of ``size``, their layout boxes moved as they are drawn at ``shop``'s size
    (:mod:`deckgen.presets.frames`), each where it is written (game style or deck style), for the cut-safe
    rules to check."""
    def own(style, moved):
        names = set((style or {}).get("boxes") or {})
        return with_boxes(style or {}, {k: v for k, v in moved.items() if k in names})

    decks, game_moved = {}, {}
    for k, v in game.decks.items():
        if v.size != size:
            continue
        moved = frames_out_of_safe_zone(merged(game.style, v.style or {}), size, shop, _faces(project, game, v))
        game_moved.update({name: box for name, box in moved.items() if name not in game_moved})
        decks[k] = replace(v, style=own(v.style, moved)) if v.style else v
    return replace(game, style=own(game.style, game_moved), decks=decks)


def _faces(project: Project, game: Game, deck: Deck) -> list[frozenset[str]]:
    """The layout boxes each template of ``deck`` names (its front and back, and cards' own)."""
    from deckgen.checks.cutsafe import template_boxes

    templates = dict.fromkeys([deck.front, deck.back, *(t for c in deck.cards for t in (c.front, c.back) if t)])
    return [template_boxes(project, game.id, t) for t in templates if t]


def order_files(project: Project, preset: Preset, decks: list[PresetDeck], skipped: list[SkippedDeck],
                options: BuildOptions, renderer: str, colour: ColourPass | None,
                base_url: str | None) -> tuple[Order, list[Problem]]:
    """The files of every deck (each name once) and the problems of names given to two different faces."""
    order = Order(decks=decks, skipped=skipped)
    outputs: list[Output] = []
    for d in decks:
        mine = preset_files(project, preset, [d], options, renderer, colour, base_url)
        order.files_of[id(d)] = len({o.path for o in mine})
        for o in mine:
            order.deck_of.setdefault(o.path, d)
        outputs += mine
    order.outputs, problems = collisions(preset, outputs)
    return order, problems


def plan_order(project: Project, game_ids: list[str], preset: Preset, options: BuildOptions,
               dpi: int | None = None, base_url: str | None = None, skip: tuple[str, ...] = ()) -> Order:
    """The order ``export_preset`` makes, from the data alone (no face rendered or drawn): each face is named
    by a key of its card and side (a shared back, one key), so the plan shows which face every file holds."""
    def placeholder(game: Game, deck: Deck, lang: str) -> DeckTarget:
        """A target whose faces are named, not rendered: the same card, the same name; a shared back, one."""
        return DeckTarget(game, deck, lang, {c.id: hash_text("front", c.id) for c in deck.cards},
                          {c.id: hash_text("back", c.id if c.back else "") for c in deck.cards})

    decks, problems, skipped = preset_decks(project, game_ids, preset, options, dpi, placeholder, False, skip)
    if problems:
        raise DeckgenError(unique(problems))
    order, problems = order_files(project, preset, decks, skipped, options, renderer_id(), None, base_url)
    if problems:
        raise DeckgenError(unique(problems))
    return order


def plan_preset(project: Project, game_ids: list[str], preset: Preset, options: BuildOptions,
                dpi: int | None = None, base_url: str | None = None, skip: tuple[str, ...] = ()
                ) -> list[PlannedFile]:
    """Every file ``export_preset`` writes, from the data alone (no face rendered or drawn)."""
    order = plan_order(project, game_ids, preset, options, dpi, base_url, skip)
    return planned_files(preset, order, options)


def planned_files(preset: Preset, order: Order, options: BuildOptions) -> list[PlannedFile]:
    """The order's files as ``--plan`` lists them."""
    planned = []
    for out in order.outputs:
        path = out.path
        size = order.deck_of[path].shop.size if path in order.deck_of else None
        paper = f"{size.width:g}x{size.height:g}mm" if size is not None else None
        planned.append(PlannedFile(path, f"preset {preset.name}", paper, None,
                                   1 if path.suffix in (".png", ".jpg") else None))
    return planned


def export_preset(project: Project, game_ids: list[str], preset: Preset, options: BuildOptions,
                  dpi: int | None = None, base_url: str | None = None, skip: tuple[str, ...] = (),
                  proof: bool = False, progress=None) -> PresetReport:
    """Write the games' decks as ``preset`` says into OUT/GAME/PRESET/; raises DeckgenError, writing nothing,
    on any problem (a deck no product fits and not in ``skip``, a face that does not fit the shop's size, a
    card over the ink limit, names that collide).  ``proof``: also OUT/GAME/PRESET/soft-proof.png, the faces
    whose colours shift most as designed and as printed (CMYK presets only).  ``progress``: a
    :class:`deckgen.progress.Progress`, told of each deck rendered, face drawn and file written."""
    if proof and preset.colour.mode != "cmyk":
        raise DeckgenError(Problem(None, None, None, "--proof",
                                   f"preset {preset.name} sends RGB files and the shop converts them; the soft "
                                   f"proof needs a preset that converts to CMYK itself (colour: {{mode: cmyk}}, "
                                   f"e.g. drivethru or meinspiel)"))
    store = options_store(options)
    prints = Fingerprints(project)
    renderer = renderer_id()
    report = PresetReport()

    def stage(label: str, total: int, unit: str):
        return progress.stage(label, total, unit) if progress is not None else (lambda n=1, game=None: None)

    def rendered(game: Game, deck: Deck, lang: str) -> DeckTarget:
        target = render_deck(project, game, deck, lang, store, prints, force=True)
        tick(1, game=game.id)
        return target

    report.warnings += list(preset.notes)
    # the names first: a plan from the data alone finds a deck no product fits and two faces under one name
    # before anything is drawn
    planned = plan_order(project, game_ids, preset, options, dpi, base_url, skip)
    tick = stage("rendering", len(planned.decks), "decks")
    decks, problems, skipped = preset_decks(project, game_ids, preset, options, dpi, rendered, skip=skip)
    report.warnings += floor_warnings(preset, decks)
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
        pool.progress = stage("drawing", len(set(keys) & set(pool._pending)), "faces")
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
    order, name_problems = order_files(project, preset, decks, skipped, options, renderer, colour, base_url)
    problems += name_problems
    if problems:
        raise DeckgenError(unique(problems))
    files = stage("files", len(order.outputs), "files")
    for out in order.outputs:
        write_atomic(out.path, out.make(store))
        report.written.append(out.path)
        files(1, game=out.path.relative_to(options.out).parts[0] if out.path.is_relative_to(options.out) else None)
    if proof and colour is not None:
        from deckgen.presets.proofsheet import proof_path, proof_png

        for gid in dict.fromkeys(d.gid for d in decks):
            path = proof_path(Path(options.out), gid, preset.name)
            write_atomic(path, proof_png(colour, colour.worst_faces(gid)))
            report.proofs.append(path)
    report.folder = list(dict.fromkeys(Path(options.out) / d.gid / preset.name for d in decks))
    report.summary = order.summary(preset, written=True)
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
