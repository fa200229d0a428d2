"""The files of each deck, composed from its rasters and written: sheets, single-card files (split into parts
above --max-file-mb), cut files and tuck boxes.

Decks are written one at a time, so memory holds one deck's images; each
deck's files go to temporary names and are put in place together
(:class:`deckgen.output.Committer`).  A deck whose inputs are unchanged
since its files were written is not written again.
"""

from __future__ import annotations

import functools

from pathlib import Path
from typing import Any, Callable

from deckgen import __version__
from deckgen.layout.papers import PAPERS_MM, paper_label
from deckgen.model import Card, Project
from deckgen.output import inside
from deckgen.outputs.report import BuildReport
from deckgen.outputs.selection import BuildOptions, deck_paths, picked_cards, sheet_cards
from deckgen.render.decks import DeckTarget
from deckgen.render.store import Store, hash_text, raster_key

#: The font of the slug line (title and settings) at the foot of every sheet.
SLUG_FONT = "DeckgenSlug"


def write_decks(project, targets: list[DeckTarget], options: BuildOptions, store: Store, pool, renderer: str,
                 report: BuildReport, progress) -> None:
    """Compose and write each deck's two PDFs, one deck at a time (its rasters loaded only for it); a deck's
    files are synced to disk and put in place while the next deck is written."""
    from deckgen.output import Committer

    with Committer() as committer:
        _write_each_deck(project, targets, options, store, pool, renderer, report, progress, committer)


def _write_each_deck(project, targets: list[DeckTarget], options: BuildOptions, store: Store, pool, renderer: str,
                     report: BuildReport, progress, committer) -> None:
    """The loop of :func:`_write_decks`: each deck's files made, then handed to ``committer``."""
    from deckgen.layout.geometry import plan_sheet
    from deckgen.layout.layouts import load_layout
    from deckgen.layout.pdfcanvas import register_font
    from deckgen.layout.sheets import SheetJob, sheet_count, write_sheets
    from deckgen.output import write_pending

    body_font = project.fonts.get("body") or next(iter(project.fonts.values()))
    font_name = register_font(SLUG_FONT, project.fonts_dir / body_font)
    paper_w, paper_h = PAPERS_MM[options.paper]
    layout = load_layout(options.layout, project.root)
    bar = progress("drawing", sum(len(pool._pending) for _ in [0])) if progress and pool._pending else None
    pool.progress = bar
    for t in targets:
        cards = picked_cards(t.deck, options)
        if not cards:
            continue
        plan = plan_sheet(paper_w, paper_h, t.deck.size, layout)
        on_sheets = sheet_cards(t.deck, cards, plan.per_sheet, options)
        w, h = t.deck.size.pixels(options.dpi)
        front_keys = [raster_key(t.fronts[c.id], w, h, renderer) for c in cards]
        back_keys = [raster_key(t.backs[c.id], w, h, renderer) for c in cards]
        sheet_front_keys = [raster_key(t.fronts[c.id], w, h, renderer) for c in on_sheets]
        sheet_back_keys = [raster_key(t.backs[c.id], w, h, renderer) for c in on_sheets]
        lang = slug_language(project, t)
        title, settings = _deck_title(t), _settings(t, options, plan.fold is not None, lang)
        sheets_path, single_path = (inside(options.out, p) for p in output_paths(t, options))
        report.decks += 1
        report.cards += len(cards)
        n_sheets = -(-len(on_sheets) // plan.per_sheet)
        report.pages += 2 * n_sheets if options.duplex != "none" and plan.fold is None else n_sheets
        fingerprint = hash_text(__version__, title, settings, front_keys, back_keys, sheet_front_keys,
                                options.paper, options.duplex, options.vector, layout, options.printer,
                                options.max_file_mb, options.cut_file, options.cut_radius, options.instructions)
        record = store.get("builds", hash_text(str(sheets_path)))
        if record and record.get("fp") == fingerprint and all(Path(p).is_file() for p in record.get("files", [])):
            report.unchanged += [Path(p) for p in record["files"]]
            report.reused += len(set(front_keys) | set(back_keys))
            continue
        needed = list(dict.fromkeys(front_keys + back_keys))
        if options.vector:
            from deckgen.layout.pdfimage import VectorFace

            faces = {h: VectorFace(t.svgs[h], h) for h in {*t.fronts.values(), *t.backs.values()}}
            images = {k: faces[svg] for svg in faces for k in [raster_key(svg, w, h, renderer)]}
        else:
            images = {k: pool.raster(k, w, h) for k in needed}  # pixels waited for and read as each PDF is written
            report.reused += len(needed)
        fronts = [images[k] for k in front_keys]
        backs = [images[k] for k in back_keys]
        images_back = backs[0] if backs else None
        job = SheetJob(title, [images[k] for k in sheet_front_keys], [images[k] for k in sheet_back_keys],
                       options.duplex, settings, options.printer,
                       instruction_page(project, t, options, plan, layout) if options.instructions else (), lang)
        sheets = list(range(sheet_count(plan, job)))
        made: list[tuple[Path, Path]] = []  # (temporary file, its place)
        try:  # each file goes to a temporary name as it is made; all are put in place once all are made
            sheet_pdfs = _split(lambda chunk, handle: write_sheets(plan, job, font_name, chunk, handle), sheets,
                                options.max_file_mb, sheets_path)
            made += zip(sheet_pdfs, _part_paths(sheets_path, len(sheet_pdfs)))
            single_pdfs = _split_single(t.deck.size, title, fronts, backs, font_name, options.max_file_mb,
                                        single_path)
            made += zip(single_pdfs, _part_paths(single_path, len(single_pdfs)))
            if options.cut_file:
                from deckgen.layout.cutfile import cut_svgs

                for n, svg in enumerate(cut_svgs(plan, len(on_sheets), options.cut_radius), 1):
                    path = sheets_path.with_name(f"{sheets_path.stem}-cut-{n}.svg")
                    made.append((write_pending(path, lambda h, data=svg.encode("utf-8"): h.write(data),
                                               sync=False), path))
            box = _tuckbox(t, cards, options, images_back, font_name, sheets_path)
            if box is not None:
                path, data = box
                made.append((write_pending(path, lambda h, data=data: h.write(data), sync=False), path))
        except BaseException:
            for tmp, _ in made:
                tmp.unlink(missing_ok=True)
            raise
        del images, fronts, backs, job
        written = [place for _, place in made]
        stale = [*_stale_parts(sheets_path, written), *_stale_parts(single_path, written),
                 *sheets_path.parent.glob(f"{sheets_path.stem}-cut-*.svg"),
                 *sheets_path.parent.glob(f"{t.stem}-tuckbox-*.pdf")]
        stale = [p for p in stale if p not in written]
        report.bytes += sum(tmp.stat().st_size for tmp, _ in made)
        report.written += written
        record = {"fp": fingerprint, "files": [str(p) for p in written]}  # once the files are in place
        committer.commit(made, stale, lambda key=hash_text(str(sheets_path)), record=record:
                         store.put("builds", key, record))
    report.reused = max(0, report.reused - pool.drawn)


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


def _tuckbox(t: DeckTarget, cards: list[Card], options: BuildOptions, back, font_name: str, sheets_path: Path):
    """(path, PDF) of the deck's tuck box — for a whole deck in full ink only — or None."""
    from deckgen.layout.tuckbox import write_tuckbox
    from deckgen.outputs.decks import tuckbox_net, tuckbox_path

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


def _split_single(size, title: str, fronts: list, backs: list, font_name: str, limit_mb: float | None,
                  path: Path) -> list[Path]:
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

    return _split(write, units, limit_mb, path)


def _split(write: Callable[[list, Any], object], units: list, limit_mb: float | None, path: Path) -> list[Path]:
    """The PDF of ``units`` (sheets, or cards), written by ``write(units, handle)`` into temporary files
    beside ``path`` (not yet synced: a Committer does that): one, or — when it is over ``limit_mb`` — the
    fewest parts of whole units that each stay under it (a single unit larger than the limit is its own
    part)."""
    from deckgen.output import write_pending

    def pending(chunk: list) -> Path:
        return write_pending(path, lambda handle: write(chunk, handle), sync=False)

    whole = pending(units)
    length = whole.stat().st_size
    if limit_mb is None or length <= limit_mb * 1024 * 1024 or len(units) < 2:
        return [whole]
    whole.unlink()
    limit = limit_mb * 1024 * 1024
    parts = max(2, -(-length // int(limit * 0.97)))
    while True:
        size = -(-len(units) // parts)
        chunks = [units[i:i + size] for i in range(0, len(units), size)]
        files: list[Path] = []
        try:
            for chunk in chunks:
                files.append(pending(chunk))
        except BaseException:
            for f in files:
                f.unlink(missing_ok=True)
            raise
        if all(f.stat().st_size <= limit or len(c) == 1 for f, c in zip(files, chunks)) or size == 1:
            return files
        for f in files:
            f.unlink()
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
    variant = f" – {t.deck.variant}" if t.deck.variant else ""
    return f"{t.game.name(t.lang)} – {name}{variant}" + (f" ({t.lang})" if t.deck.localized else "")


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
    extras += [words["copies"].format(n=options.copies)] if options.copies > 1 else []
    if options.printer is not None and not options.printer.is_identity:
        extras.append(options.printer.describe())
    sides = "folded" if folded else f"duplex-{options.duplex}"
    return settings_line(lang, paper_label(options.paper), None if options.vector else options.dpi, sides,
                         s.width, s.height, s.bleed, extras, __version__)


def output_paths(target: DeckTarget, options: BuildOptions) -> tuple[Path, Path]:
    """(sheets PDF, single-card PDF) for a target."""
    return deck_paths(target.game, target.deck, target.lang, options)
