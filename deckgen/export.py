"""``deckgen export``: every card face as its own file, or as a print shop wants it (``--preset``).

``--format svg`` writes the faces as the templates render them (millimetre
SVG with the bleed, text as outlines); ``--format png`` draws them at
``--dpi`` (with the bleed).  Files are named ``DECK-LANG-CARD.svg`` —
``DECK-CARD.svg`` for a deck without words — and ``DECK-LANG-back.svg``
for the deck's back (``DECK-LANG-CARD-back.svg`` for a card with its own).
PNGs come from the build's raster cache, so an export after a build draws
nothing again.

``--preset NAME`` (:mod:`deckgen.presets`) writes OUT/GAME/NAME/: the
faces re-rendered at the shop's trim, bleed and safe zone when they differ
from the deck's (the templates are drawn from ``geo``, so a design that
does not fit there is a located problem, never a stretched image), drawn
at the shop's pixel size, converted to CMYK with the preset's ICC profile
when it asks (:mod:`deckgen.colour`: total ink checked against its limit,
cards whose colours shift most named in warnings), and written by its
writer — a PNG per face with a CSV manifest, one PDF per deck, or a fronts
and a backs PDF — with PDF/X metadata and an output intent where asked
(:mod:`deckgen.presets.pdf`).  Nothing is written if anything has a problem.
"""

from __future__ import annotations

import csv
import json
import io
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

from deckgen.build import (BuildOptions, DeckTarget, Fingerprints, _store, deck_languages, render_deck,
                           selected_decks)
from deckgen.errors import DeckgenError, Problem, unique
from deckgen.model import Card, Deck, Project
from deckgen.output import write_atomic
from deckgen.presets import Preset, ShopSize
from deckgen.render.store import hash_text, raster_key, renderer_id

FORMATS = ("svg", "png")


def face_names(deck, lang: str, card_id: str | None, back: bool) -> str:
    """``DECK-LANG-CARD`` (``DECK-CARD`` for a deck without words); ``…-back`` for a back."""
    stem = f"{deck.label}-{lang}" if deck.localized else deck.label
    if card_id is None:
        return f"{stem}-back"
    return f"{stem}-{card_id}-back" if back else f"{stem}-{card_id}"


def export(project: Project, game_ids: list[str], fmt: str, options: BuildOptions) -> list[Path]:
    """Write every face of the games' decks; returns the files written."""
    if fmt not in FORMATS:
        raise DeckgenError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    store = _store(options)
    prints = Fingerprints(project)
    renderer = renderer_id()
    written: list[Path] = []
    jobs = []  # (path, svg hash, svg text, size)
    problems = []
    for gid in game_ids:
        game = project.games[gid]
        for deck in selected_decks(game, options.variant):
            for lang in deck_languages(project, deck, options.languages):
                target = render_deck(project, game, deck, lang, store, prints, force=True)
                problems += [p for p in target.problems if not p.warning]
                folder = Path(options.out) / gid
                shared_back = None
                for card in deck.cards:
                    if options.cards and card.id not in options.cards:
                        continue
                    jobs.append((folder / face_names(deck, lang, card.id, False), target.fronts[card.id], target, deck))
                    if card.back:
                        jobs.append((folder / face_names(deck, lang, card.id, True), target.backs[card.id], target,
                                     deck))
                    elif shared_back is None:
                        shared_back = target.backs[card.id]
                        jobs.append((folder / face_names(deck, lang, None, True), shared_back, target, deck))
    if problems:
        raise DeckgenError(problems)
    if fmt == "svg":
        for path, svg_hash, target, _deck in jobs:
            data = target.svgs[svg_hash].encode("utf-8")
            write_atomic(path.with_suffix(".svg"), data)
            written.append(path.with_suffix(".svg"))
        return written
    from PIL import Image

    from deckgen.render.raster import RasterPool

    pool = RasterPool(store, options.workers)
    try:
        keys = []
        for path, svg_hash, target, deck in jobs:
            w, h = deck.size.pixels(options.dpi)
            key = raster_key(svg_hash, w, h, renderer)
            pool.submit(target.svgs[svg_hash], w, h, key)
            keys.append(key)
        pool.wait(dict.fromkeys(keys))
        for (path, _svg_hash, _target, _deck), key in zip(jobs, keys):
            image = store.load_raster(key)
            buffer = io.BytesIO()
            Image.frombytes("RGB", (image.width, image.height), image.rgb()).save(
                buffer, "PNG", dpi=(options.dpi, options.dpi), compress_level=6)
            write_atomic(path.with_suffix(".png"), buffer.getvalue())
            written.append(path.with_suffix(".png"))
    finally:
        pool.close()
    return written


# ------------------------------------------------------------------ --preset


@dataclass
class PresetReport:
    """What a preset export did: files written, warnings, and each deck's darkest face (CMYK presets)."""

    folder: list[Path] = field(default_factory=list)  # OUT/GAME/PRESET per game
    written: list[Path] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    darkest: dict[str, tuple[str, float]] = field(default_factory=dict)  # DECK-LANG -> (face, max ink %)


@dataclass
class _Deck:
    """One deck in one language as a preset prints it."""

    gid: str
    deck: Deck  # the deck as its game defines it
    shop: ShopSize
    target: DeckTarget  # rendered at the shop's size
    cards: list[Card]  # the cards asked for (--cards)

    @property
    def lang(self) -> str:
        return self.target.lang

    def key(self, svg_hash: str, renderer: str) -> str:
        return raster_key(svg_hash, *self.shop.pixels, renderer)


def export_preset(project: Project, game_ids: list[str], preset: Preset, options: BuildOptions,
                  dpi: int | None = None, base_url: str | None = None) -> PresetReport:
    """Write the games' decks as ``preset`` says into OUT/GAME/PRESET/; raises DeckgenError, writing nothing,
    on any problem (a face that does not fit the shop's size, a card over the ink limit, names that collide)."""
    store = _store(options)
    prints = Fingerprints(project)
    renderer = renderer_id()
    report = PresetReport()
    problems: list[Problem] = []
    decks: list[_Deck] = []
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
            if shop.changed and (gid, s.width, s.height) not in cut_checked:  # the cut-safe rules at the shop's trim
                from deckgen.checks.cutsafe import cut_problems

                cut_checked.add((gid, s.width, s.height))
                problems += [replace(p, message=f"{p.message} [at preset {preset.name}'s {s.width:g}×{s.height:g} "
                                                f"mm trim]") for p in cut_problems(project, game, s) if not p.warning]
            shop_deck = replace(deck, size=shop.size, style={**dict(deck.style or {}), "design_size": [
                deck.size.width, deck.size.height], "design_bleed": deck.size.bleed}) if shop.changed else deck
            for lang in deck_languages(project, deck, options.languages):
                target = render_deck(project, game, shop_deck, lang, store, prints, force=True)
                errors = [p for p in target.problems if not p.warning]
                if shop.changed:
                    s = shop.size
                    errors = [replace(p, message=f"{p.message} [re-rendered for preset {preset.name}: "
                                                 f"{s.width:g}×{s.height:g} mm trim, {s.safe:g} mm safe zone]")
                              for p in errors]
                problems += errors
                cards = [c for c in deck.cards if not options.cards or c.id in options.cards]
                decks.append(_Deck(gid, deck, shop, target, cards))
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

    colour = _ColourPass(project, preset, store) if preset.colour.mode == "cmyk" else None
    if colour is not None:
        for d in decks:
            colour.measure_deck(d, renderer)
        problems += colour.ink_problems()
        report.warnings += colour.gamut_warnings()
        report.darkest = colour.darkest
    outputs = _plan(project, preset, decks, options, renderer, colour, base_url)
    problems += _collisions(preset, outputs)
    if problems:
        raise DeckgenError(unique(problems))
    for path, make in outputs:
        write_atomic(path, make(store))
        report.written.append(path)
    report.folder = list(dict.fromkeys(Path(options.out) / d.gid / preset.name for d in decks))
    return report


class _ColourPass:
    """Converts every face once (remembered in the cache by content), and what the conversion found."""

    def __init__(self, project: Project, preset: Preset, store):
        from deckgen.colour import converter

        self.preset, self.store = preset, store
        self.profile = _profile(project, preset)
        self.converter = converter(self.profile, preset.colour.intent)
        self.limit = preset.colour.ink_limit
        self.measured: dict[str, object] = {}  # RGB raster key -> FaceColour
        self.cmyk_keys: dict[str, str] = {}  # RGB raster key -> CMYK raster key
        self.faces: dict[tuple, dict] = {}  # (file, line, subject) -> {"langs": [...], "colour": FaceColour}
        self.darkest: dict[str, tuple[str, float]] = {}

    def convert(self, key: str, width: int, height: int):
        """The CMYK raster key of RGB raster ``key`` and its measurements (converting it now if new)."""
        from deckgen.colour import FaceColour, flate
        from deckgen.render.store import encode_raster, write_atomic_bytes

        if key in self.measured:
            return self.cmyk_keys[key], self.measured[key]
        ck = hash_text("cmyk", key, self.converter.key, self.limit)
        entry = self.store.get("colour", ck)
        if entry is not None and self.store.has_raster(ck):
            measured = FaceColour.from_json(entry)
        else:
            rgb = self.store.load_raster(key).rgb()
            cmyk = self.converter.to_cmyk(rgb, width, height)
            measured = self.converter.measure(rgb, cmyk, self.limit)
            data = encode_raster(width, height, flate(cmyk))
            path = self.store.raster_path(ck)
            if path is None:
                self.store.keep_raster(ck, data)
            else:
                write_atomic_bytes(path, data)
            self.store.put("colour", ck, measured.as_json())
        self.cmyk_keys[key], self.measured[key] = ck, measured
        return ck, measured

    def measure_deck(self, d: _Deck, renderer: str) -> None:
        t = d.target
        stem = t.stem
        shared_back = None
        for card in d.cards:
            faces = [(card, "front", t.fronts[card.id])]
            if card.back:
                faces.append((card, "own back", t.backs[card.id]))
            elif shared_back is None:
                shared_back = t.backs[card.id]
                faces.append((None, "back", shared_back))
            for owner, side, svg_hash in faces:
                _, measured = self.convert(d.key(svg_hash, renderer), *d.shop.pixels)
                if owner is not None and owner.source is not None:
                    src = (owner.source.file, owner.source.line)
                else:
                    src = (d.deck.source.file, d.deck.source.line) if d.deck.source else (None, None)
                subject = (f"card {owner.id}" if side == "front" else f"the back of card {owner.id}") \
                    if owner is not None else f"the back of {d.deck.label}"
                slot = self.faces.setdefault((*src, subject, d.deck.label), {"langs": [], "colour": measured})
                if d.deck.localized and t.lang not in slot["langs"]:
                    slot["langs"].append(t.lang)
                if measured.max_ink > slot["colour"].max_ink:
                    slot["colour"] = measured
                darkest = self.darkest.get(stem)
                if darkest is None or measured.max_ink > darkest[1]:
                    self.darkest[stem] = (subject, measured.max_ink)

    def _name(self, subject: str, langs: list[str]) -> str:
        return f"{subject} [{', '.join(langs)}]" if langs else subject

    def ink_problems(self) -> list[Problem]:
        if self.limit is None:
            return []
        problems = []
        for (file, line, subject, _deck), slot in self.faces.items():
            c = slot["colour"]
            if c.max_ink > self.limit + 0.5:
                problems.append(Problem(file, line, None, None,
                                        f"{self._name(subject, slot['langs'])}: total ink reaches {c.max_ink:.0f} % "
                                        f"on {c.over:.0%} of its area, over the {self.limit:g} % limit of preset "
                                        f"{self.preset.name} ({self.profile.identifier}); lighten its darkest "
                                        f"colours (a rich black of about C60 M40 Y40 K100 is 240 %)"))
        return problems

    def gamut_warnings(self, named: int = 5) -> list[Problem]:
        threshold = self.preset.colour.gamut_warning
        if threshold is None:
            return []
        over = sorted(((slot["colour"].delta_e, key, slot) for key, slot in self.faces.items()
                       if slot["colour"].delta_e > threshold), key=lambda x: -x[0])
        warnings = []
        for delta_e, (file, line, subject, _deck), slot in over[:named]:
            shifts = "; ".join(f"{hex_} prints as C{k[0]} M{k[1]} Y{k[2]} K{k[3]} (ΔE {de:g}, {share:.1%} of the "
                               f"card)" for hex_, de, share, k in slot["colour"].shifts
                               if de >= max(1.0, threshold / 2)) or "many small areas"
            warnings.append(Problem(file, line, None, None,
                                    f"{self._name(subject, slot['langs'])}: its colours shift in CMYK by ΔE2000 "
                                    f"{delta_e:g} over its worst 1 %: {shifts}", warning=True))
        if len(over) > named:
            rest = ", ".join(self._name(key[2], slot["langs"]) for _, key, slot in over[named:])
            warnings.append(Problem(self.preset.file, self.preset.doc.line(("colour", "gamut_warning")), None,
                                    "colour.gamut_warning",
                                    f"{len(over) - named} more faces shift by more than ΔE2000 {threshold:g}: {rest}",
                                    warning=True))
        return warnings


def _profile(project: Project, preset: Preset):
    """The preset's output profile with the output condition its PDF/X output intent names."""
    from deckgen.colour import BUNDLED, OutputProfile, bundled_profile, profile_description
    from deckgen.presets import resolve_profile

    spec = preset.colour.profile
    if spec in BUNDLED:
        profile = bundled_profile(spec)
    else:
        path = resolve_profile(spec, project.root)
        description = profile_description(path)
        profile = OutputProfile(path.stem, path, description, "http://www.color.org", description)
    if preset.colour.condition:
        profile = replace(profile, identifier=preset.colour.condition)
    return profile


Output = tuple[Path, Callable]  # (path, store -> bytes)


def _values(preset: Preset, d: _Deck, **more) -> dict:
    base = {"game": d.gid, "deck": d.deck.label, "lang": d.lang if d.deck.localized else "", "stem": d.target.stem,
            "preset": preset.name, "card": "", "index": 0, "copy": 1, "count": sum(c.count for c in d.cards),
            "side": ""}
    base.update(more)
    return base


def _entries(preset: Preset, cards: list[Card]) -> list[tuple[Card, int, int]]:
    """(card, index, copy) per file or page: each card once (copies: count) or each physical copy (repeat)."""
    if preset.copies == "count":
        return [(card, i, 1) for i, card in enumerate(cards, 1)]
    physical = [(card, copy) for card in cards for copy in range(1, card.count + 1)]
    return [(card, i, copy) for i, (card, copy) in enumerate(physical, 1)]


def _plan(project: Project, preset: Preset, decks: list[_Deck], options: BuildOptions, renderer: str,
          colour: _ColourPass | None, base_url: str | None = None) -> list[Output]:
    """Every file to write, with a function making its bytes (nothing is drawn or written yet)."""
    from deckgen.presets import file_name

    outputs: list[Output] = []
    for d in decks:
        if not d.cards:
            continue
        folder = Path(options.out) / d.gid / preset.name
        entries = _entries(preset, d.cards)

        def face(svg_hash: str, d=d):
            return d.key(svg_hash, renderer)

        rows: list[list] = []
        if preset.writer == "image-grid":
            outputs += _grid_outputs(project, preset, d, folder, face, base_url)
            continue
        if preset.writer == "images":
            pngs: dict[str, Path] = {}
            back_name = None
            if preset.backs == "shared":
                back_name = file_name(preset.back_file, _values(preset, d, card="back", side="back")) + ".png"
            for card, index, copy in entries:
                values = _values(preset, d, card=card.id, index=index, copy=copy, count=card.count)
                front = file_name(preset.files, dict(values, side="front")) + ".png"
                if preset.backs == "each" or card.back:
                    back = file_name(preset.files, dict(values, side="back")) + ".png"
                else:
                    back = back_name
                pngs.setdefault(front, face(d.target.fronts[card.id]))
                pngs.setdefault(back, face(d.target.backs[card.id]))
                rows.append([card.id, card.count if preset.copies == "count" else 1, front, back,
                             _card_name(d, card)])
            uses: dict[str, int] = {}
            for key in pngs.values():
                uses[key] = uses.get(key, 0) + 1
            encoded: dict[str, bytes] = {}  # a face written under several names (backs: each) is encoded once
            for name, key in pngs.items():
                outputs.append((folder / name, _png_maker(key, d.shop.dpi, encoded if uses[key] > 1 else None)))
            if preset.manifest == "csv":
                outputs.append((folder / (d.target.stem + ".csv"),
                                _csv_maker(["card", "count", "front", "back"], [r[:4] for r in rows])))
            elif preset.manifest == "json":
                outputs.append((folder / (d.target.stem + ".json"), _json_maker(
                    {"deck": d.target.stem, "cards": [{"id": r[0], "name": r[4], "count": r[1], "front": r[2],
                                                      "back": r[3]} for r in rows]})))
            continue
        pages_of = []  # (file name, [(card, side, svg hash)])
        faces = [(card, d.target.fronts[card.id], d.target.backs[card.id]) for card, _, _ in entries]
        title = _title(project, preset, d)
        if preset.writer == "deck-pdf":
            if preset.order == "fronts-then-backs":
                order = [(c, "front", f) for c, f, _ in faces] + [(c, "back", b) for c, _, b in faces]
            elif preset.order == "back-front":
                order = [x for c, f, b in faces for x in ((c, "back", b), (c, "front", f))]
            else:
                order = [x for c, f, b in faces for x in ((c, "front", f), (c, "back", b))]
            pages_of.append((file_name(preset.files, _values(preset, d)) + ".pdf", order, title))
        else:
            for side, i in (("front", 1), ("back", 2)):
                pages_of.append((file_name(preset.files, _values(preset, d, side=side)) + ".pdf",
                                 [(x[0], side, x[i]) for x in faces],
                                 f"{title} – {side}s"))
        for name, pages, doc_title in pages_of:
            keys = [face(h) for _, _, h in pages]
            outputs.append((folder / name, _pdf_maker(preset, d, keys, doc_title, colour)))
            for number, (card, side, _) in enumerate(pages, 1):
                rows.append([card.id, card.count if preset.copies == "count" else 1, name, side, number])
        if preset.manifest == "csv":
            outputs.append((folder / (d.target.stem + ".csv"), _csv_maker(["card", "count", "file", "side", "page"],
                                                                          rows)))
    return outputs


def _card_name(d: _Deck, card: Card) -> str:
    """The card's name in the deck's language (its id when it has none)."""
    return str(card.texts.get(d.lang, {}).get("name") or card.id)


def _json_maker(data: Any) -> Callable:
    def make(_store) -> bytes:
        return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    return make


def _grid_outputs(project: Project, preset: Preset, d: _Deck, folder: Path, face: Callable,
                  base: str | None) -> list[Output]:
    """A digital-tabletop deck: grid images of the fronts (each at most ``max_px`` a side, the last slot
    the back, shown for hidden cards), the back alone, and a Tabletop Simulator saved object naming them."""
    from deckgen.presets import file_name

    grid = preset.grid or {}
    cols, rows, max_px = int(grid["columns"]), int(grid["rows"]), int(grid.get("max_px", 4096))
    per = cols * rows - 1
    physical = [card for card in d.cards for _ in range(card.count)]
    stem = file_name(preset.files, _values(preset, d))
    sheets = [physical[i:i + per] for i in range(0, len(physical), per)] or [[]]
    size = d.shop.size
    cell_w = max_px // cols
    cell_h = int(cell_w * size.height / size.width)
    if cell_h * rows > max_px:
        cell_h = max_px // rows
        cell_w = int(cell_h * size.width / size.height)
    back_key = face(d.target.backs[d.cards[0].id]) if d.cards else None
    outputs: list[Output] = []
    names = []
    for n, sheet in enumerate(sheets, 1):
        name = f"{stem}-{n}.png" if len(sheets) > 1 else f"{stem}-faces.png"
        names.append(name)
        keys = [face(d.target.fronts[card.id]) for card in sheet]
        outputs.append((folder / name, _grid_maker(keys, back_key, cols, rows, cell_w, cell_h, size, d.shop.pixels)))
    back_name = f"{stem}-back.png"
    if back_key:
        outputs.append((folder / back_name, _grid_maker([], None, 1, 1, cell_w, cell_h, size, d.shop.pixels,
                                                        single=back_key)))
    if preset.manifest == "tts":
        outputs.append((folder / f"{stem}.json", _tts_maker(_title(project, preset, d), sheets, names, back_name,
                                                           cols, rows, d, folder, base)))
    return outputs


def _grid_maker(keys: list[str], back_key: str | None, cols: int, rows: int, cell_w: int, cell_h: int, size,
                pixels: tuple[int, int], single: str | None = None) -> Callable:
    """A PNG grid of the faces ``keys`` (trimmed: no bleed), the back in the last slot."""
    def cell(store, key):
        from PIL import Image

        image = store.load_raster(key)
        im = Image.frombytes("RGB", (image.width, image.height), image.rgb())
        bx = round(image.width * size.bleed / size.full_width)
        by = round(image.height * size.bleed / size.full_height)
        return im.crop((bx, by, image.width - bx, image.height - by)).resize((cell_w, cell_h), Image.LANCZOS)

    def make(store) -> bytes:
        from PIL import Image

        if single is not None:
            sheet = cell(store, single)
        else:
            sheet = Image.new("RGB", (cols * cell_w, rows * cell_h), "white")
            for i, key in enumerate(keys):
                sheet.paste(cell(store, key), ((i % cols) * cell_w, (i // cols) * cell_h))
            if back_key is not None:
                sheet.paste(cell(store, back_key), ((cols - 1) * cell_w, (rows - 1) * cell_h))
        buffer = io.BytesIO()
        sheet.save(buffer, "PNG", compress_level=6)
        return buffer.getvalue()
    return make


def _tts_maker(title: str, sheets: list[list[Card]], names: list[str], back_name: str, cols: int, rows: int,
               d: _Deck, folder: Path, base_url: str | None) -> Callable:
    """A Tabletop Simulator saved object: one custom deck per grid image, the cards in deck order."""
    def url(name: str) -> str:
        if base_url:
            return base_url.rstrip("/") + "/" + name
        return (Path(folder).resolve() / name).as_uri()

    def make(_store) -> bytes:
        transform = {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180,
                     "scaleX": 1, "scaleY": 1, "scaleZ": 1}
        custom, ids, contained = {}, [], []
        for n, (sheet, name) in enumerate(zip(sheets, names), 1):
            custom[str(n)] = {"FaceURL": url(name), "BackURL": url(back_name), "NumWidth": cols, "NumHeight": rows,
                              "BackIsHidden": True, "UniqueBack": False, "Type": 0}
            for i, card in enumerate(sheet):
                card_id = n * 100 + i
                ids.append(card_id)
                contained.append({"Name": "Card", "Nickname": _card_name(d, card), "Description": card.id,
                                  "CardID": card_id, "Transform": transform,
                                  "CustomDeck": {str(n): custom[str(n)]}})
        if len(contained) == 1:
            state = dict(contained[0])
        else:
            state = {"Name": "DeckCustom", "Nickname": title, "Transform": transform, "DeckIDs": ids,
                     "CustomDeck": custom, "ContainedObjects": contained}
        data = {"SaveName": title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "",
                "Rules": "", "XmlUI": "", "LuaScript": "", "ObjectStates": [state], "TabStates": {},
                "VersionNumber": ""}
        return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    return make


def _title(project: Project, preset: Preset, d: _Deck) -> str:
    game = project.games[d.gid]
    strings = game.strings.get(d.lang)
    name = strings.decks.get(d.deck.id, d.deck.id) if strings else d.deck.id
    variant = f" – {d.deck.variant}" if d.deck.variant else ""
    lang = f" ({d.lang})" if d.deck.localized else ""
    return f"{game.name(d.lang)} – {name}{variant}{lang} – {preset.title}"


def _png_maker(key: str, dpi: float, encoded: dict[str, bytes] | None) -> Callable:
    def make(store) -> bytes:
        from PIL import Image

        if encoded is not None and key in encoded:
            return encoded[key]
        image = store.load_raster(key)
        buffer = io.BytesIO()
        Image.frombytes("RGB", (image.width, image.height), image.rgb()).save(
            buffer, "PNG", dpi=(dpi, dpi), compress_level=6)
        if encoded is not None:
            encoded[key] = buffer.getvalue()
        return buffer.getvalue()
    return make


def _csv_maker(header: list[str], rows: list[list]) -> Callable:
    def make(_store) -> bytes:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
        return buffer.getvalue().encode("utf-8")
    return make


def _pdf_maker(preset: Preset, d: _Deck, keys: list[str], title: str, colour: _ColourPass | None) -> Callable:
    def make(store) -> bytes:
        from deckgen.presets.pdf import Intent, PageImage, PageSize, write_pdf

        pages, cache = [], {}
        for key in keys:
            if key not in cache:
                if colour is not None:
                    ck = colour.cmyk_keys[key]
                    raster = store.load_raster(ck)
                    cache[key] = PageImage(ck, raster.width, raster.height, 4, raster.flate_rgb)
                else:
                    raster = store.load_raster(key)
                    cache[key] = PageImage(key, raster.width, raster.height, 3, raster.flate_rgb)
            pages.append(cache[key])
        intent = None
        if colour is not None:
            p = colour.profile
            intent = Intent(p.identifier, p.condition, p.registry, p.data, p.condition)
        s = d.shop.size
        return write_pdf(pages, PageSize(s.width, s.height, s.bleed), title, preset.marks, preset.pdfx, intent)
    return make


def _collisions(preset: Preset, outputs: list[Output]) -> list[Problem]:
    """Two outputs with one name (a pattern without {lang} over several languages, ...) are a problem."""
    seen: dict[Path, int] = {}
    for path, _ in outputs:
        seen[path] = seen.get(path, 0) + 1
    clashes = [p for p, n in seen.items() if n > 1]
    if not clashes:
        return []
    return [preset.problem(("files",), f"the pattern {preset.files!r} gives {len(clashes)} names to more than "
                                       f"one file, e.g. {clashes[0].name}: add {{stem}}, {{card}}, {{index}} or "
                                       f"{{side}}")]
