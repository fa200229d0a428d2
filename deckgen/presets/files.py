"""What a preset writes for each deck, each file with a function making its bytes: a PNG per face with a CSV
manifest, grids of faces (Tabletop Simulator and others), one PDF per deck or a fronts and a backs PDF.
Nothing is drawn or written here; :mod:`deckgen.presets.run` writes the files once nothing has a problem."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any, Callable, NamedTuple

from deckgen.errors import Problem
from deckgen.model import Card, Project
from deckgen.outputs.selection import BuildOptions
from deckgen.presets import Preset
from deckgen.presets.colourpass import ColourPass
from deckgen.presets.target import PresetDeck


class Output(NamedTuple):
    """One file to write: its path, a function making its bytes from the raster store, what it holds (a face's
    raster key, or a name unique to the file) and what to call that in a message."""

    path: Path
    make: Callable
    content: str = ""
    what: str = ""
    pattern_at: tuple = ("files",)  # where the pattern naming it is in the preset


def _patterns(preset: Preset, d: PresetDeck) -> tuple[str, str | None, tuple]:
    """The file-name pattern, back-file pattern and the pattern's place in the preset for ``d``'s product."""
    product = d.shop.product
    at = product.where + ("files",) if product.files else ("files",)
    return product.files or preset.files, product.back_file or preset.back_file, at


def _values(preset: Preset, d: PresetDeck, **more) -> dict:
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


def preset_files(project: Project, preset: Preset, decks: list[PresetDeck], options: BuildOptions, renderer: str,
          colour: ColourPass | None, base_url: str | None = None) -> list[Output]:
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
        files, back_file, at = _patterns(preset, d)
        if preset.writer == "images":
            pngs: list[tuple[str, str, str]] = []  # (file name, raster key, which face), every name asked for
            back_name = ""
            if preset.backs == "shared":
                assert back_file is not None, "a preset with backs: shared names its back_file"
                back_name = file_name(back_file, _values(preset, d, card="back", side="back")) + ".png"
            for card, index, copy in entries:
                values = _values(preset, d, card=card.id, index=index, copy=copy, count=card.count)
                front = file_name(files, dict(values, side="front")) + ".png"
                if preset.backs == "each" or card.back:
                    back = file_name(files, dict(values, side="back")) + ".png"
                    back_what = f"the back of {card.id}"
                else:
                    back = back_name
                    back_what = "the deck's back"
                pngs.append((front, face(d.target.fronts[card.id]), f"the front of {card.id}"))
                pngs.append((back, face(d.target.backs[card.id]), back_what))
                rows.append([card.id, card.count if preset.copies == "count" else 1, front, back,
                             _card_name(d, card)])
            uses: dict[str, int] = {}
            for _name, key in {(n, k) for n, k, _w in pngs}:  # how many names each face is written under
                uses[key] = uses.get(key, 0) + 1
            encoded: dict[str, bytes] = {}  # a face written under several names (backs: each) is encoded once
            for name, key, what in pngs:
                outputs.append(Output(folder / name, _png_maker(key, d.shop.dpi, encoded if uses[key] > 1 else None),
                                      key, f"{what} ({d.target.stem})", at))
            if preset.manifest == "csv":
                outputs.append(Output(folder / (d.target.stem + ".csv"),
                                      _csv_maker(["card", "count", "front", "back"], [r[:4] for r in rows]),
                                      f"manifest {d.gid}/{d.target.stem}", f"the manifest of {d.target.stem}"))
            elif preset.manifest == "json":
                outputs.append(Output(folder / (d.target.stem + ".json"), _json_maker(
                    {"deck": d.target.stem, "cards": [{"id": r[0], "name": r[4], "count": r[1], "front": r[2],
                                                      "back": r[3]} for r in rows]}),
                    f"manifest {d.gid}/{d.target.stem}", f"the manifest of {d.target.stem}"))
            continue
        pages_of = []  # (file name, [(card, side, svg hash)])
        faces: list[tuple[Card, str, str]] = [(card, d.target.fronts[card.id], d.target.backs[card.id])
                                              for card, _, _ in entries]
        title = _title(project, preset, d)
        if preset.writer == "deck-pdf":
            if preset.order == "fronts-then-backs":
                order = [(c, "front", f) for c, f, _ in faces] + [(c, "back", b) for c, _, b in faces]
            elif preset.order == "back-front":
                order = [x for c, f, b in faces for x in ((c, "back", b), (c, "front", f))]
            else:
                order = [x for c, f, b in faces for x in ((c, "front", f), (c, "back", b))]
            pages_of.append((file_name(files, _values(preset, d)) + ".pdf", order, title))
        else:
            for side, i in (("front", 1), ("back", 2)):
                pages_of.append((file_name(files, _values(preset, d, side=side)) + ".pdf",
                                 [(card, side, front if i == 1 else back) for card, front, back in faces],
                                 f"{title} – {side}s"))
        for name, pages, doc_title in pages_of:
            keys = [face(h) for _, _, h in pages]
            outputs.append(Output(folder / name, _pdf_maker(preset, d, keys, doc_title, colour),
                                  "pdf " + " ".join(keys), f"the {doc_title} PDF", at))
            for number, (card, side, _) in enumerate(pages, 1):
                rows.append([card.id, card.count if preset.copies == "count" else 1, name, side, number])
        if preset.manifest == "csv":
            outputs.append(Output(folder / (d.target.stem + ".csv"),
                                  _csv_maker(["card", "count", "file", "side", "page"], rows),
                                  f"manifest {d.gid}/{d.target.stem}", f"the manifest of {d.target.stem}"))
    return outputs


def _card_name(d: PresetDeck, card: Card) -> str:
    """The card's name in the deck's language (its id when it has none)."""
    return str(card.texts.get(d.lang, {}).get("name") or card.id)


def _json_maker(data: Any) -> Callable:
    def make(_store) -> bytes:
        return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    return make


def _grid_outputs(project: Project, preset: Preset, d: PresetDeck, folder: Path, face: Callable,
                  base: str | None) -> list[Output]:
    """A digital-tabletop deck: grid images of the fronts (each at most ``max_px`` a side, the last slot
    the back, shown for hidden cards), the back alone, and a Tabletop Simulator saved object naming them."""
    from deckgen.presets import file_name

    grid = preset.grid or {}
    cols, rows, max_px = int(grid["columns"]), int(grid["rows"]), int(grid.get("max_px", 4096))
    per = cols * rows - 1
    physical = [card for card in d.cards for _ in range(card.count)]
    files, _back, at = _patterns(preset, d)
    stem = file_name(files, _values(preset, d))
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
        outputs.append(Output(folder / name, _grid_maker(keys, back_key, cols, rows, cell_w, cell_h, size,
                                                         d.shop.pixels),
                              f"grid {' '.join(keys)} {back_key}", f"grid {n} of {d.target.stem}", at))
    back_name = f"{stem}-back.png"
    if back_key:
        outputs.append(Output(folder / back_name, _grid_maker([], None, 1, 1, cell_w, cell_h, size, d.shop.pixels,
                                                              single=back_key),
                              f"back {back_key}", f"the back of {d.target.stem}", at))
    if preset.manifest == "tts":
        outputs.append(Output(folder / f"{stem}.json", _tts_maker(_title(project, preset, d), sheets, names,
                                                                  back_name, cols, rows, d, folder, base),
                              f"tts {d.gid}/{d.target.stem}", f"the saved object of {d.target.stem}", at))
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
        return im.crop((bx, by, image.width - bx, image.height - by)).resize((cell_w, cell_h), Image.Resampling.LANCZOS)

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
               d: PresetDeck, folder: Path, base_url: str | None) -> Callable:
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


def _title(project: Project, preset: Preset, d: PresetDeck) -> str:
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


def _pdf_maker(preset: Preset, d: PresetDeck, keys: list[str], title: str, colour: ColourPass | None) -> Callable:
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


def collisions(preset: Preset, outputs: list[Output]) -> tuple[list[Output], list[Problem]]:
    """The outputs with each name once, and a problem for every name given to two different contents.

    Every writer's files pass here, once, before anything is drawn or
    written: the same face asked for twice under one name (a deck's shared
    back on every row) is one file; a front and a back, two cards or two
    decks under one name are an error naming the file and both faces.
    """
    first: dict[Path, Output] = {}
    problems: list[Problem] = []
    clashed: set[Path] = set()
    for out in outputs:
        seen = first.setdefault(out.path, out)
        if seen.content != out.content and out.path not in clashed:
            clashed.add(out.path)
            pattern = next((p.files for p in preset.products if p.where + ("files",) == seen.pattern_at),
                           preset.files)
            problems.append(preset.problem(seen.pattern_at, (
                f"the pattern {pattern!r} gives {seen.what} and {out.what} one name, "
                f"{out.path.parent.name}/{out.path.name}: add {{side}} (front or back), {{card}}, {{index}} or "
                f"{{stem}} so that each file holds one face")))
    return list(first.values()), problems
