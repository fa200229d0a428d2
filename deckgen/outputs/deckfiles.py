"""Each deck's files composed from its rasters, as bytes (nothing written): sheets and single-card files (split
into parts above --max-file-mb), cut files and tuck boxes.

:func:`deck_files` answers the deck kinds (:mod:`deckgen.outputs.deckkinds`):
the first file asked of a deck composes all of its files at once, its
rasters loaded only for it, and keeps them in the selection's memo until
each is asked for (then it is handed out and let go).  In ``deckgen build`` a deck whose inputs are
unchanged since its files were written is not composed again: its files
are answered as on disk (``None``), and a record of what was written is
kept once the files are in place.
"""

from __future__ import annotations

import functools
import io
import re

from pathlib import Path
from typing import Any, Callable

from deckgen import __version__
from deckgen.errors import DeckgenError
from deckgen.layout.papers import PAPERS_MM, paper_label
from deckgen.model import Card, Project
from deckgen.outputs.context import (Remember, build_context, deck_target, deck_targets, face_svgs,
                                     selection_decks)
from deckgen.outputs.decks import cut_path, deck_owners, tuckbox_net, tuckbox_path
from deckgen.outputs.plan import PlannedFile, Selection
from deckgen.outputs.selection import BuildOptions, deck_copies, deck_paths, picked_cards, sheet_cards
from deckgen.render.decks import DeckTarget
from deckgen.render.store import hash_text, raster_key

#: The font of the slug line (title and settings) at the foot of every sheet.
SLUG_FONT = "DeckgenSlug"

DeckFiles = dict[Path, list[tuple[Path, "bytes | None"]]]


def deck_files(selection: Selection, planned: Path) -> list[tuple[Path, bytes | None]]:
    """The file(s) of the planned deck file ``planned``: (path, bytes), several for a file split into parts;
    bytes None for a file on disk as it would be written."""
    owner = deck_owners(selection).get(Path(planned))
    if owner is None:
        raise DeckgenError(f"no deck of this build writes {planned}")
    composed = selection.memo.setdefault("deck_files", {})
    if Path(planned) not in composed.get(owner, {}):  # not composed yet (or asked again: composed again)
        composed[owner] = _compose(selection, owner)
    return composed[owner].pop(Path(planned))  # handed out once: a deck's bytes are not held to the end


def deck_batch(selection: Selection, planned: PlannedFile) -> Path | None:
    """The deck a planned deck file belongs to (its sheets path): a deck's files render one after another."""
    return deck_owners(selection).get(Path(planned.path))


def _compose(selection: Selection, sheets_path: Path) -> DeckFiles:
    """Every file of the deck whose sheets are ``sheets_path``, keyed by its planned path."""
    from deckgen.layout.geometry import plan_sheet
    from deckgen.layout.layouts import load_layout
    from deckgen.layout.pdfcanvas import register_font

    project, options = selection.project, selection.options
    context = build_context(selection)
    store, pool, renderer, report = context.store, context.pool, context.renderer, context.report
    t = _target_of(selection, sheets_path)
    if "deck_setup" not in selection.memo:  # the first deck composed: the slug font, and the drawing bar
        body_font = project.fonts.get("body") or next(iter(project.fonts.values()))
        bar = context.progress("drawing", len(pool._pending)) if context.progress and pool._pending else None
        pool.progress = bar
        selection.memo["deck_setup"] = (register_font(SLUG_FONT, project.fonts_dir / body_font),
                                        load_layout(options.layout, project.root))
    font_name, layout = selection.memo["deck_setup"]
    planned = [p for p, owner in deck_owners(selection).items() if owner == sheets_path]
    paper_w, paper_h = PAPERS_MM[options.paper]
    cards = picked_cards(t.deck, options)
    one_deck = picked_cards(t.deck, options, copies=1)  # the single-card file and the tuck box: one copy
    plan = plan_sheet(paper_w, paper_h, t.deck.size, layout)
    on_sheets = sheet_cards(t.deck, cards, plan.per_sheet, options)
    w, h = t.deck.size.pixels(options.dpi)
    front_keys = [raster_key(t.fronts[c.id], w, h, renderer) for c in one_deck]
    back_keys = [raster_key(t.backs[c.id], w, h, renderer) for c in one_deck]
    sheet_front_keys = [raster_key(t.fronts[c.id], w, h, renderer) for c in on_sheets]
    sheet_back_keys = [raster_key(t.backs[c.id], w, h, renderer) for c in on_sheets]
    lang = slug_language(project, t)
    title, settings = _deck_title(t), _settings(t, options, plan.fold is not None, lang)
    single_path = output_paths(t, options)[1]
    report.decks += 1
    report.cards += len(cards)
    n_sheets = -(-len(on_sheets) // plan.per_sheet)
    report.pages += 2 * n_sheets if options.duplex != "none" and plan.fold is None else n_sheets
    fingerprint = hash_text(__version__, title, settings, front_keys, back_keys, sheet_front_keys,
                            options.paper, options.duplex, options.vector, layout, options.printer,
                            options.max_file_mb, options.cut_file, options.cut_radius, options.instructions)
    record_key = hash_text(str(sheets_path))
    record = store.get("builds", record_key) if context.remember else None
    if record and record.get("fp") == fingerprint and all(Path(p).is_file() for p in record.get("files", [])):
        unchanged = _as_recorded(planned, [Path(p) for p in record["files"]])
        if unchanged is not None:
            report.rasters.update(front_keys + back_keys)
            return unchanged
    needed = list(dict.fromkeys(front_keys + back_keys))
    if options.vector:
        from deckgen.layout.pdfimage import VectorFace

        svgs = face_svgs(selection, t)
        faces = {h: VectorFace(svgs[h], h) for h in {*t.fronts.values(), *t.backs.values()}}
        images = {k: faces[svg] for svg in faces for k in [raster_key(svg, w, h, renderer)]}
    else:
        images = {k: pool.raster(k, w, h) for k in needed}  # pixels waited for and read as each PDF is made
        report.rasters.update(needed)
    files = _deck_pdfs(project, t, options, plan, layout, font_name, (title, settings), one_deck, on_sheets, images,
                       (front_keys, back_keys, sheet_front_keys, sheet_back_keys), sheets_path, single_path)
    del images
    written = [path for parts in files.values() for path, _ in parts]
    stale = [*_stale_parts(sheets_path, written), *_stale_parts(single_path, written),
             *sheets_path.parent.glob(f"{sheets_path.stem}-cut-*.svg"),
             *sheets_path.parent.glob(f"{t.stem}-tuckbox-*.pdf")]
    record = {"fp": fingerprint, "files": [str(p) for p in written]}
    context.after.append(([p for p in stale if p not in written], Remember("builds", record_key, record)))
    return files


def _deck_pdfs(project: Project, t: DeckTarget, options: BuildOptions, plan, layout, font_name: str,
               words: tuple[str, str], cards: list[Card], on_sheets: list[Card], images: dict, keys: tuple,
               sheets_path: Path, single_path: Path) -> DeckFiles:
    """The sheets (or its parts), the single-card file (or its parts), the cut files and the tuck box of a
    deck, composed from its ``images``; ``cards`` is one copy of the deck (the single-card file, the tuck box)."""
    from deckgen.layout.sheets import SheetJob, sheet_count, write_sheets

    front_keys, back_keys, sheet_front_keys, sheet_back_keys = keys
    fronts = [images[k] for k in front_keys]
    backs = [images[k] for k in back_keys]
    title, settings = words
    job = SheetJob(title, [images[k] for k in sheet_front_keys], [images[k] for k in sheet_back_keys],
                   options.duplex, settings, options.printer,
                   instruction_page(project, t, options, plan, layout) if options.instructions else (),
                   slug_language(project, t))
    sheets = list(range(sheet_count(plan, job)))
    sheet_pdfs = _split(lambda chunk, handle: write_sheets(plan, job, font_name, chunk, handle), sheets,
                        options.max_file_mb)
    files: DeckFiles = {sheets_path: list(zip(_part_paths(sheets_path, len(sheet_pdfs)), sheet_pdfs))}
    single_pdfs = _split_single(t.deck.size, title, fronts, backs, font_name, options.max_file_mb)
    files[single_path] = list(zip(_part_paths(single_path, len(single_pdfs)), single_pdfs))
    if options.cut_file:
        from deckgen.layout.cutfile import cut_svgs

        for n, svg in enumerate(cut_svgs(plan, len(on_sheets), options.cut_radius), 1):
            files[cut_path(sheets_path, n)] = [(cut_path(sheets_path, n), svg.encode("utf-8"))]
    box = _tuckbox(t, cards, options, backs[0] if backs else None, font_name)
    if box is not None:
        files[box[0]] = [box]
    return files


def _as_recorded(planned: list[Path], recorded: list[Path]) -> DeckFiles | None:
    """Each planned file as the record of an earlier build has it on disk (itself, or its parts), or None if
    the record lacks one."""
    found: DeckFiles = {}
    for path in planned:
        part = re.compile(re.escape(path.stem) + r"-part\d+" + re.escape(path.suffix))
        files: list[tuple[Path, bytes | None]] = [(p, None) for p in recorded if p == path or (p.parent == path.parent and part.fullmatch(p.name))]
        if not files:
            return None
        found[path] = files
    return found


def _target_of(selection: Selection, sheets_path: Path) -> DeckTarget:
    """The rendered deck whose sheets are ``sheets_path``: every deck's faces rendered at once (their problems
    said first), unless a job of the build (:mod:`deckgen.outputs.jobs`) renders this deck alone."""
    index = deck_index(selection, sheets_path)
    if index in selection.memo.get("target_of", {}):
        return deck_target(selection, index)
    return deck_targets(selection)[index]


def deck_index(selection: Selection, sheets_path: Path) -> int:
    """The place among the selection's decks (:func:`~deckgen.outputs.context.selection_decks`) of the deck whose
    sheets are ``sheets_path``."""
    if "deck_index" not in selection.memo:
        selection.memo["deck_index"] = {deck_paths(game, deck, lang, selection.options)[0]: i
                                        for i, (game, deck, lang) in enumerate(selection_decks(selection))}
    return selection.memo["deck_index"][Path(sheets_path)]


@functools.cache
def _instruction_words() -> dict:
    """The words of the printing-instructions page in every language deckgen has them in (read once)."""
    import yaml

    return yaml.safe_load((Path(__file__).resolve().parent.parent / "layout" / "instructions.yaml")
                          .read_text(encoding="utf-8"))


def instruction_page(project: Project, t: DeckTarget, options: BuildOptions, plan, layout) -> tuple[str, ...]:
    """The title and paragraphs of the printing-instructions page, in the deck's language (English when
    deckgen has no words in it): paper, scaling, duplex or fold, cutting, corners."""
    texts = _instruction_words()
    lang = t.lang if t.deck.localized else project.languages[0]
    words = {**texts["en"], **texts.get(lang.split("-")[0], {})}
    paper = paper_label(options.paper)
    sides = "fold" if plan.fold else f"duplex-{options.duplex}"
    cut = "cut-machine" if plan.registration is not None else "cut-gutters" if plan.gutter > 0 else "cut-shared"
    scale = "scale" if plan.rulers else "scale-plain"
    return (words["title"], words["paper"].format(paper=paper), words[scale], words[sides], words[cut],
            words["corners"])


def _tuckbox(t: DeckTarget, cards: list[Card], options: BuildOptions, back, font_name: str
             ) -> tuple[Path, bytes] | None:
    """(path, PDF) of the deck's tuck box — for a whole deck in full ink only — or None."""
    from deckgen.layout.tuckbox import write_tuckbox

    net = tuckbox_net(t.deck, cards, options)
    if net is None or back is None:
        return None
    size = t.deck.size
    strings = t.game.strings.get(t.lang)
    deck_name = strings.decks.get(t.deck.id, t.deck.id) if strings else t.deck.id
    if t.deck.variant:
        deck_name += f" – {t.deck.variant}"
    pdf = write_tuckbox(net, t.game.name(t.lang), deck_name, back, size.width, size.height, size.bleed, font_name)
    return tuckbox_path(t.game, t.deck, t.lang, options, net), pdf


def _split_single(size, title: str, fronts: list, backs: list, font_name: str, limit_mb: float | None
                  ) -> list[bytes]:
    """The single-card PDF, split like the sheets when it is too large: each part holds whole cards
    (a card with its own back stays with it) and ends with the deck's back when all cards share one."""
    from deckgen.layout.single import write_single_cards

    shared = len({getattr(b, "digest", id(b)) for b in backs}) == 1 if backs else False
    units = list(range(len(fronts)))

    def write(chunk: list[int], handle) -> None:
        part_fronts = [fronts[i] for i in chunk]
        part_backs = [backs[i] for i in chunk] if backs else None
        if shared and part_backs:
            part_backs = [backs[0]] * len(chunk)
        write_single_cards(size, title, part_fronts, part_backs, font_name, handle)

    return _split(write, units, limit_mb)


def _split(write: Callable[[list, Any], object], units: list, limit_mb: float | None) -> list[bytes]:
    """The PDF of ``units`` (sheets, or cards), as ``write(units, handle)`` writes it: one, or — when it is
    over ``limit_mb`` — the fewest parts of whole units that each stay under it (a single unit larger than
    the limit is its own part)."""

    def made(chunk: list) -> bytes:
        handle = io.BytesIO()
        write(chunk, handle)
        return handle.getvalue()

    whole = made(units)
    if limit_mb is None or len(whole) <= limit_mb * 1024 * 1024 or len(units) < 2:
        return [whole]
    limit = limit_mb * 1024 * 1024
    parts = max(2, -(-len(whole) // int(limit * 0.97)))
    del whole
    while True:
        size = -(-len(units) // parts)
        chunks = [units[i:i + size] for i in range(0, len(units), size)]
        pdfs = [made(chunk) for chunk in chunks]
        if all(len(pdf) <= limit or len(c) == 1 for pdf, c in zip(pdfs, chunks)) or size == 1:
            return pdfs
        parts += 1


def _part_paths(path: Path, count: int) -> list[Path]:
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-part{i}{path.suffix}") for i in range(1, count + 1)]


def _stale_parts(path: Path, keep: list[Path]) -> list[Path]:
    """Files of an earlier build of ``path`` that the new one does not write (the whole file or its parts)."""
    old = [path, *path.parent.glob(f"{path.stem}-part*{path.suffix}")] if path.parent.is_dir() else [path]
    return [p for p in old if p.is_file() and p not in keep]


def _deck_title(t: DeckTarget) -> str:
    name = t.game.strings[t.lang].decks.get(t.deck.id, t.deck.id) if t.lang in t.game.strings else t.deck.id
    from deckgen.rulebook.furniture import document_title  # the language's title pattern (ru: em dash)

    variant = f" – {t.deck.variant}" if t.deck.variant else ""
    title = document_title(t.lang, t.game.name(t.lang), f"{name}{variant}")
    return title + (f" ({t.lang})" if t.deck.localized else "")


def slug_language(project: Project, t: DeckTarget) -> str:
    """The language a deck's sheets are labelled in: the deck's, or the project's first for a deck without
    words."""
    return t.lang if t.deck.localized else project.languages[0]


def _settings(t: DeckTarget, options: BuildOptions, folded: bool = False, lang: str = "en") -> str:
    """The slug line's build settings in ``lang``: normalised options, never a path, so rebuilds stay
    identical."""
    from deckgen.layout.slug import settings_line, slug_words

    words = slug_words(lang)
    s = t.deck.size
    extras = [words["layout"].format(name=options.layout)] if options.layout != "grid" else []
    extras += [words[options.ink]] if options.ink in ("low", "grey") else []
    copies = deck_copies(t.deck, options)
    extras += [words["copies"].format(n=copies)] if copies > 1 else []
    if options.printer is not None and not options.printer.is_identity:
        extras.append(options.printer.describe())
    sides = "folded" if folded else f"duplex-{options.duplex}"
    return settings_line(lang, paper_label(options.paper), None if options.vector else options.dpi, sides,
                         s.width, s.height, s.bleed, extras, __version__)


def output_paths(target: DeckTarget, options: BuildOptions) -> tuple[Path, Path]:
    """(sheets PDF, single-card PDF) for a target."""
    return deck_paths(target.game, target.deck, target.lang, options)
