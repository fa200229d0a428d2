"""Print presets as data: one YAML file per print shop or output convention.

``deckgen export GAME --preset NAME`` looks NAME up in the project's
``presets/`` folder first, then among the presets shipped here
(``deckgen/presets/*.yaml``: ``mpc``, ``tgc``, ``drivethru``,
``meinspiel``), so a user adds a shop — or changes a bundled one — with a
YAML file and no code.  A preset names a writer (``images``, ``deck-pdf``,
``split-pdf``) and its fields: the shop's products (:mod:`deckgen.presets.products`:
which deck sizes each takes, its trim, bleed, safe zone and resolution); colour (rgb, or cmyk with a profile, an intent and an
ink limit); PDF/X conformance; page order; copies; backs; the file-name
pattern; a manifest; marks.

Every preset is checked against ``preset.schema.json`` and then for what
a schema cannot say (a product with both ``pixels`` and ``dpi``, CMYK asked of
PNG files, a file-name pattern that names two faces alike — a front and
its back included —, a profile that
is not a CMYK ``.icc`` file); each problem names the preset's file, line
and field.  The full reference is docs/print-shops.md.
"""

from __future__ import annotations

import json
import string
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from deckgen.errors import DeckgenError, Problem
from deckgen.model import CardSize, Deck
from deckgen.presets.booklet import BookletSpec, read_booklet
from deckgen.presets.products import Product, product_for, read_products, sold
from deckgen.yamlpos import Located, load_yaml

PRESET_DIR = Path(__file__).resolve().parent
#: What a file-name pattern may use.
PLACEHOLDERS = ("game", "deck", "lang", "stem", "card", "index", "copy", "count", "side", "preset")
WRITERS = ("images", "deck-pdf", "split-pdf", "image-grid")
#: The writer of a preset that prints rule booklets only (a booklet: entry and no writer:).
NO_WRITER = "none"


@lru_cache(maxsize=None)
def schema() -> dict:
    return json.loads((PRESET_DIR / "preset.schema.json").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class ShopSize:
    """One deck's faces as a preset prints them: the card size to render at and the image size."""

    size: CardSize  # trim, bleed and safe zone the faces are rendered at
    pixels: tuple[int, int]  # every image, bleed included
    dpi: float  # pixels per inch (from pixels, or the preset's / --dpi's)
    changed: bool  # True when the shop's trim, bleed or safe zone differ from the deck's
    product: Product  # what the shop prints the deck as


@dataclass(frozen=True)
class Colour:
    """A preset's colour settings."""

    mode: str = "rgb"  # rgb | cmyk
    profile: str = "fogra39"
    condition: str | None = None
    intent: str = "relative"
    ink_limit: float | None = None
    gamut_warning: float | None = None


@dataclass(frozen=True)
class Preset:
    """A validated preset."""

    name: str
    file: str  # as shown in messages: deckgen/presets/mpc.yaml, presets/myshop.yaml
    title: str
    description: str
    writer: str
    products: tuple[Product, ...]
    colour: Colour
    pdfx: str | None  # "X-1a", "X-4" or None
    order: str
    copies: str
    backs: str
    files: str
    back_file: str | None
    manifest: str | None
    marks: str
    doc: Located = field(compare=False, repr=False)
    grid: Mapping[str, int] | None = None  # image-grid: columns, rows, max_px
    notes: tuple[Problem, ...] = ()  # warnings about the preset itself (shown by every export with it)
    booklet: BookletSpec | None = None  # how the shop wants rule booklets (deckgen.presets.booklet), if it prints them

    def problem(self, path: tuple, message: str, warning: bool = False) -> Problem:
        """A problem located at ``path`` inside the preset file."""
        return self.doc.problem(path, message, warning)

    def product_for(self, deck: Deck) -> Product | None:
        """The product ``deck`` prints as, or None when the shop sells nothing it fits."""
        return product_for(self.products, deck.size)

    def unprintable(self, deck: Deck) -> list[Problem]:
        """Why ``deck`` cannot go to this shop: located at the deck's size and at the preset's products."""
        src = deck.source
        size = deck.size
        what = f"{size.name} ({size.width:g}×{size.height:g} mm{', round' if size.round else ''})"
        key = "products" if self.products and self.products[0].where[0] == "products" else "sizes"
        return [
            self.problem((key,), f"no product for {what} decks (it has: {sold(self.products)}); add one if the "
                                 f"shop sells it"),
            Problem(src.file if src else None, src.line if src else None, None, f"decks.{deck.id}.size",
                    f"deck {deck.label} of {deck.game_id}: no product of {self.name} ({self.title}) fits its "
                    f"{what} cards; leave it out with --skip {deck.id}, or export it elsewhere")]

    def shop_size(self, deck: Deck, dpi: int | None = None) -> ShopSize:
        """The size ``deck`` is rendered and drawn at; raises a located DeckgenError if no product fits it.

        ``dpi`` (``--dpi``) replaces the product's dpi; a product that fixes the
        pixel size refuses it.
        """
        product = self.product_for(deck)
        if product is None:
            raise DeckgenError(self.unprintable(deck))
        width, height = (deck.size.width, deck.size.height) if product.trim is None else product.trim
        bleed = deck.size.bleed if product.bleed is None else product.bleed
        safe = deck.size.safe if product.safe is None else product.safe
        size = CardSize(width=width, height=height, bleed=bleed, safe=safe, name=deck.size.name,
                        shape=deck.size.shape)
        if product.pixels is not None:
            if dpi is not None:
                raise DeckgenError(Problem(None, None, None, "--dpi",
                                           f"preset {self.name} fixes the image size ({product.pixels[0]}×"
                                           f"{product.pixels[1]} px); --dpi does not apply"))
            pixels = product.pixels
            ppi = pixels[0] / (size.full_width / 25.4)
            ppi_y = pixels[1] / (size.full_height / 25.4)
            if abs(ppi - ppi_y) > 0.01 * max(ppi, ppi_y):
                raise DeckgenError(self.problem(
                    product.where + ("pixels",),
                    f"{pixels[0]}×{pixels[1]} px is not the shape of the {deck.label} deck's "
                    f"{size.full_width:g}×{size.full_height:g} mm with bleed ({ppi:.0f} vs {ppi_y:.0f} dpi): "
                    f"its faces would be stretched; give the trim and bleed, or dpi"))
        else:
            ppi = dpi if dpi is not None else int(product.dpi or 300)
            pixels = size.pixels(int(ppi))
        changed = (width, height, bleed, safe) != (deck.size.width, deck.size.height, deck.size.bleed,
                                                   deck.size.safe)
        return ShopSize(size, pixels, ppi, changed, product)


# ------------------------------------------------------------------ finding presets


def preset_files(project_root: Path | None) -> dict[str, tuple[Path, str]]:
    """Every preset a project can use: name -> (file, display name); the project's own win."""
    found: dict[str, tuple[Path, str]] = {}
    for path in sorted(PRESET_DIR.glob("*.yaml")):
        found[path.stem] = (path, f"deckgen/presets/{path.name}")
    if project_root is not None:
        folder = Path(project_root) / "presets"
        if folder.is_dir():
            for path in sorted([*folder.glob("*.yaml"), *folder.glob("*.yml")]):
                found[path.stem] = (path, f"presets/{path.name}")
    return found


def load_preset(name: str, project_root: Path | None) -> Preset:
    """The preset called ``name``, validated; a DeckgenError with located problems if it is not valid."""
    files = preset_files(project_root)
    if name not in files:
        raise DeckgenError(Problem(None, None, None, "--preset",
                                   f"no preset {name!r} (there are: {', '.join(sorted(files))}; "
                                   f"a project adds one as presets/{name}.yaml)"))
    path, display = files[name]
    if project_root is not None and Path(path).parent == Path(project_root) / "presets":
        from deckgen.boundary import held_inside  # the project's own: held to its folder

        held_inside(path, Path(project_root) / "presets", base=project_root, what="presets/")
        held_inside(Path(project_root) / "presets", project_root, base=project_root)
    return parse_preset(path, display, name, project_root)


def describe_presets(project_root: Path | None) -> list[tuple[str, str, str]]:
    """(name, file, description) of every preset, for listings; an invalid one says so."""
    rows = []
    for name, (path, display) in sorted(preset_files(project_root).items()):
        try:
            preset = parse_preset(path, display, name, project_root)
            rows.append((name, display, f"{preset.title}: {preset.description}".rstrip(": ")))
        except DeckgenError as exc:
            rows.append((name, display, f"invalid: {exc.problems[0]}"))
    return rows


# ------------------------------------------------------------------ validation


def parse_preset(path: Path, display: str, name: str, project_root: Path | None = None) -> Preset:
    """Read and check one preset file."""
    from deckgen.validate import validate

    doc = load_yaml(path, display)
    if not isinstance(doc.data, dict):
        raise DeckgenError(doc.problem((), "a preset is a mapping of fields (writer:, sizes:, ...)"))
    if "writer" not in doc.data and "booklet" not in doc.data:
        raise DeckgenError(doc.problem((), "a preset needs writer: (how it writes the cards), or booklet: alone "
                                           "(a shop that prints rule booklets only)"))
    problems = validate(doc, schema())
    if problems:
        raise DeckgenError(problems)
    raw = doc.data
    booklet_only = "writer" not in raw
    products, size_problems = read_products(doc, raw) if not booklet_only else ((), [])
    problems += size_problems
    colour_raw = raw.get("colour", {"mode": "rgb"})
    colour = Colour(mode=colour_raw["mode"], profile=colour_raw.get("profile", "fogra39"),
                    condition=colour_raw.get("condition"), intent=colour_raw.get("intent", "relative"),
                    ink_limit=colour_raw.get("ink_limit"), gamut_warning=colour_raw.get("gamut_warning"))
    writer = raw.get("writer", NO_WRITER)
    booklet, booklet_problems = read_booklet(doc, raw, colour.mode, colour.ink_limit)
    problems += booklet_problems
    pdfx = None if raw.get("pdfx", "none") == "none" else raw["pdfx"]
    if colour.mode == "rgb":
        for key in ("profile", "condition", "intent", "ink_limit", "gamut_warning"):
            if key in colour_raw:
                problems.append(doc.problem(("colour", key), f"{key} applies to colour mode cmyk only"))
    else:
        problems += _check_profile(doc, colour.profile, project_root)
    if writer == "image-grid":
        if colour.mode != "rgb":
            problems.append(doc.problem(("colour", "mode"), "the image-grid writer writes PNG, which is RGB"))
        if "grid" not in raw:
            problems.append(doc.problem((), "the image-grid writer needs grid: {columns: N, rows: N}"))
        for key in ("marks", "pdfx", "order", "backs", "back_file"):
            if key in raw and not (key in ("marks", "pdfx") and raw[key] == "none"):
                problems.append(doc.problem((key,), f"{key} does not apply to the image-grid writer"))
        if raw.get("manifest", "tts") not in ("tts", "none"):
            problems.append(doc.problem(("manifest",), "the image-grid writer's manifest is tts (or none)"))
    elif "grid" in raw:
        problems.append(doc.problem(("grid",), "grid applies to the image-grid writer only"))
    if writer in ("image-grid", NO_WRITER):
        pass
    elif writer == "images":
        if raw.get("manifest") == "tts":
            problems.append(doc.problem(("manifest",), "manifest tts belongs to the image-grid writer"))
        if colour.mode != "rgb":
            problems.append(doc.problem(("colour", "mode"), "the images writer writes PNG, which is RGB: "
                                                            "use mode rgb, or a PDF writer for CMYK"))
        for key, allowed in (("marks", "none"), ("pdfx", "none")):
            if raw.get(key, "none") != allowed:
                problems.append(doc.problem((key,), f"{key} applies to the PDF writers only"))
        if "order" in raw:
            problems.append(doc.problem(("order",), "order applies to the deck-pdf writer only"))
        backs = raw.get("backs", "each")
        if backs == "shared" and "back_file" not in raw:
            problems.append(doc.problem(("backs",), "backs: shared needs back_file: (the name of the deck's back)"))
        if backs == "each" and "back_file" in raw:
            problems.append(doc.problem(("back_file",), "back_file applies to backs: shared only"))
    else:
        if raw.get("manifest") in ("json", "tts"):
            problems.append(doc.problem(("manifest",), f"manifest {raw['manifest']} does not apply to the PDF "
                                                       f"writers (csv or none)"))
        for key in ("backs", "back_file"):
            if key in raw:
                problems.append(doc.problem((key,), f"{key} applies to the images writer only"))
        if writer == "split-pdf" and "order" in raw:
            problems.append(doc.problem(("order",), "order applies to the deck-pdf writer only (split-pdf "
                                                    "writes fronts and backs in the same card order)"))
        if pdfx and colour.mode != "cmyk":
            problems.append(doc.problem(("pdfx",), f"PDF/{pdfx} here is CMYK: it needs colour: {{mode: cmyk}}"))
    preset = Preset(
        name=name, file=display, title=raw.get("title", name), description=raw.get("description", ""),
        writer=writer, products=products, colour=colour, pdfx=pdfx,
        order=raw.get("order", "front-back"), copies=raw.get("copies", "repeat"),
        backs=raw.get("backs", "each") if writer == "images" else "each",
        files=raw.get("files", "{stem}-{side}" if writer == "split-pdf" else "{stem}"
                      if writer in ("deck-pdf", "image-grid") else "{stem}/{index:03}-{card}-{side}"),
        back_file=raw.get("back_file"),
        manifest=None if raw.get("manifest", "tts" if writer == "image-grid" else "none") == "none"
        else raw.get("manifest", "tts"),
        marks=raw.get("marks", "none"), doc=doc,
        grid=({"max_px": 4096, **raw["grid"]} if "grid" in raw else None), booklet=booklet)
    pattern_problems = _check_pattern(preset) if writer != NO_WRITER else []
    problems += [p for p in pattern_problems if not p.warning]
    if problems:
        raise DeckgenError(problems)
    return replace(preset, notes=tuple(p for p in pattern_problems if p.warning))


def resolve_profile(spec: str, project_root: Path | None) -> Path:
    """The ICC file a preset's ``profile:`` names: a bundled name or a path relative to the project."""
    from deckgen.colour import BUNDLED, COLOUR_DIR

    if spec in BUNDLED:
        return COLOUR_DIR / BUNDLED[spec]["file"]
    path = Path(spec)
    if not path.is_absolute() and project_root is not None:
        path = Path(project_root) / path
    return path


def _check_profile(doc: Located, spec: str, project_root: Path | None) -> list[Problem]:
    from deckgen.colour import BUNDLED

    from deckgen.boundary import stays_inside

    path = resolve_profile(spec, project_root)
    where = ("colour", "profile")
    if spec not in BUNDLED and project_root is not None and not stays_inside(path, project_root):
        return [doc.problem(where, f"{spec!r} leads outside the project (a symlink or a path elsewhere?): "
                                   f"a project's files stay inside it")]
    if spec not in BUNDLED and not path.is_file():
        return [doc.problem(where, f"{spec!r} is neither a bundled profile ({', '.join(BUNDLED)}) nor an .icc "
                                   f"file of the project")]
    head = path.read_bytes()[:40]
    if len(head) < 40 or head[36:40] != b"acsp":
        return [doc.problem(where, f"{spec!r} is not an ICC profile")]
    if head[12:16] != b"prtr" or head[16:20] != b"CMYK":
        return [doc.problem(where, f"{spec!r} is not a CMYK output profile (class {head[12:16].decode('latin-1')!r},"
                                   f" colour space {head[16:20].decode('latin-1').strip()!r})")]
    return []


class _Sample(dict):
    def __missing__(self, key):
        raise KeyError(key)


def file_name(pattern: str, values: Mapping[str, Any]) -> str:
    """``pattern`` filled with ``values`` (str.format syntax: ``{index:03}``)."""
    return string.Formatter().vformat(pattern, (), _Sample(values))


def _sample(card: str, index: int, copy: int, side: str, stem: str = "deck-en", deck: str = "deck",
            lang: str = "en") -> dict[str, Any]:
    return {"game": "game", "deck": deck, "lang": lang, "stem": stem, "card": card, "index": index, "copy": copy,
            "count": 2, "side": side, "preset": "preset"}


def _check_pattern(preset: Preset) -> list[Problem]:
    """The preset's file-name patterns, and each product's own, checked on sample values (see ``_check_one``)."""
    problems = _check_one(preset, preset.files, preset.back_file, ("files",), ("back_file",))
    for product in preset.products:
        if product.files or product.back_file:
            problems += _check_one(preset, product.files or preset.files, product.back_file or preset.back_file,
                                   product.where + ("files",) if product.files else ("files",),
                                   product.where + ("back_file",) if product.back_file else ("back_file",))
    return problems


def _check_one(preset: Preset, files: str, back_file: str | None, files_at: tuple, back_at: tuple) -> list[Problem]:
    """Fill the patterns with sample values: unknown names, bad formats and names that collide are errors.

    A front and its back always need two names: with ``backs: each`` a
    pattern without ``{side}`` is an error; with ``backs: shared`` it is a
    warning here (only a card with its own back would clash, which the
    export's plan then refuses).
    """
    problems = []
    patterns = [(files_at, files)] + ([(back_at, back_file)] if back_file else [])
    for where, pattern in patterns:
        try:
            name = file_name(pattern, _sample("ember", 1, 1, "front"))
        except KeyError as exc:
            problems.append(preset.problem(where, f"unknown placeholder {{{exc.args[0]}}} (use: "
                                                  f"{', '.join('{' + p + '}' for p in PLACEHOLDERS)})"))
            continue
        except (ValueError, IndexError, AttributeError, TypeError) as exc:
            problems.append(preset.problem(where, f"not a valid pattern: {exc}"))
            continue
        parts = Path(name).parts
        if not name.strip() or Path(name).is_absolute() or ".." in parts or "\\" in name:
            problems.append(preset.problem(where, f"{pattern!r} must give a relative file name inside the "
                                                  f"output folder"))
    if problems:
        return problems
    # faces that must get different names
    if preset.writer == "images":
        faces = [_sample("ember", 1, 1, "front"), _sample("tide", 2, 1, "front")]
        if preset.copies == "repeat":
            faces.append(_sample("ember", 2, 2, "front"))
        if preset.backs == "each":
            faces += [dict(f, side="back") for f in faces]
    elif preset.writer == "split-pdf":
        faces = [_sample("", 0, 1, "front"), _sample("", 0, 1, "back")]
    else:
        faces = [_sample("", 0, 1, "front")]
    names = [file_name(files, f) for f in faces]
    if len(set(names)) < len(names):
        need = {"images": "{card} or {index}" + (" and {side}" if preset.backs == "each" else "")
                + (" ({index} counts copies with copies: repeat)" if preset.copies == "repeat" else ""),
                "split-pdf": "{side}"}.get(preset.writer, "")
        problems.append(preset.problem(files_at, f"{files!r} names different faces alike: it needs {need}"))
    elif preset.writer == "images" and preset.backs == "shared":
        sides = {file_name(files, _sample("ember", 1, 1, side)) for side in ("front", "back")}
        if len(sides) < 2:
            problems.append(preset.problem(files_at, f"{files!r} names a card's front and its own back alike: "
                                                     f"add {{side}} (front or back), or a card with its own back "
                                                     f"cannot be exported", warning=True))
    decks = [file_name(files, _sample("ember", 1, 1, "front", stem=s, deck=d, lang=l))
             for s, d, l in (("a-en", "a", "en"), ("a-de", "a", "de"), ("b-en", "b", "en"))]
    if len(set(decks)) < len(decks):
        problems.append(preset.problem(files_at, f"{files!r} names the files of different decks or "
                                                 f"languages alike: use {{stem}} (DECK-LANG) or {{deck}} and "
                                                 f"{{lang}}"))
    return problems
