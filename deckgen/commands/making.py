"""The commands that write print files: ``build`` (and ``--plan``), ``export``, ``rules`` (``calibrate`` is
:mod:`deckgen.commands.calibrate`'s, ``clean`` :mod:`deckgen.commands.clean`'s, offered here too)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from deckgen.commands.clean import clean as clean  # noqa: F401 (deckgen.cli's list)
from deckgen.commands.common import (PAPERS, card_list, chosen_languages, deck_list, lang_option, load_for, out_option,
                                     output_folder, progress_for, project_option, report_lines, time_summary)
from deckgen.errors import DeckgenError, Problem
from deckgen.project import cache_home


@click.command()
@click.argument("games", nargs=-1)
@click.option("--paper", type=click.Choice(PAPERS, case_sensitive=False), default="a4",
              show_default=True, help="Paper size of the print-and-play sheets and documents.")
@click.option("--dpi", type=click.IntRange(72, 1200), default=None, show_default="300",
              help="Draw the cards as rasters at this resolution (as --raster does).")
@click.option("--duplex", type=click.Choice(["long", "short", "none"]), default="long", show_default=True,
              help="How backs pages are mirrored: long-edge or short-edge duplex, or none (fronts only).")
@lang_option
@out_option("the PDFs")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes making decks, documents and booklets at once (default: the cores, for a build "
                   "large enough to gain; 1: all in one process, for a shared laptop).")
@click.option("--variant", "--faces", "variant", default=None,
              help="Build only this deck variant, e.g. --faces cloud-city (default: every deck and variant).")
@click.option("--cards", "cards", default=None, metavar="ID,...",
              help="Only these cards (to replace lost or damaged ones): DECK-LANG-reprint-*.pdf.")
@click.option("--copies", type=click.IntRange(1, 99), default=1, show_default=True,
              help="Print every deck's sheets this many times (DECK-LANG-xN-PAPER.pdf); the single-card file, "
                   "tuck boxes, documents and booklets are made once; --decks NAME:N sets one deck's own; "
                   "deckgen kit plans a whole convention.")
@click.option("--decks", "deck_names", default=None, metavar="NAME[:N],...",
              help="Only these decks (an id, or id-variant like classic-cloud-city), each N times if :N is given "
                   "(else --copies times): --decks classic:6,pazaak-side:4.")
@click.option("--deck", "deck_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="FILE", help="Print exactly the cards of this deck list, e.g. a match deck written by "
                                   "deckgen deck archeon --out FILE: DECK-NAME-LANG-*.pdf.")
@click.option("--cache", "cache_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Cache folder (default: the folder DECKGEN_CACHE names, else the project's output/.cache, "
                   "shared by every --out).")
@click.option("--no-cache", is_flag=True, help="Remember nothing: render and draw every face.")
@click.option("--vector/--raster", "vector", default=None,
              help="Place the cards as vector graphics: small files, sharp at any size (the default, unless "
                   "--dpi is given); or draw them as rasters at --dpi, for a printer driver that prefers "
                   "pictures.")
@click.option("--layout", default="grid", show_default=True, metavar="NAME",
              help="How cards sit on the sheets: grid (shared cuts), gutters (each card with its own bleed), "
                   "print-and-cut (registration marks), or a layouts/NAME.yaml of the project.")
@click.option("--list-layouts", is_flag=True, help="List the sheet layouts this project can use, and stop.")
@click.option("--printer", "printer_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Printer profile moving every backs page (from deckgen calibrate); default: "
                   "printer.yaml in deckgen's configuration folder, if there is one.")
@click.option("--ink", type=click.Choice(["full", "low", "grey"]), default="full", show_default=True,
              help="low: the cards as outlines and text without backgrounds, to save ink (DECK-LANG-low-ink-"
                   "PAPER.pdf); grey: the whole design in light greys, for a black-and-white prototype "
                   "(DECK-LANG-grey-PAPER.pdf).")
@click.option("--instructions", is_flag=True, help="Begin every sheets PDF with a page on how to print and "
                                                   "cut it, in the deck's language.")
@click.option("--cut-file", is_flag=True, help="Also write an SVG of every sheet's cut lines for a cutting "
                                               "machine (DECK-LANG-PAPER-cut-N.svg).")
@click.option("--cut-radius", type=click.FloatRange(0, 10), default=3.0, show_default=True, metavar="MM",
              help="Corner radius of the cut lines.")
@click.option("--max-file-mb", type=float, default=None, metavar="MB",
              help="Split a PDF larger than this into numbered parts (…-part1.pdf, …).")
@click.option("--no-booklets", is_flag=True, help="Cards and documents, not the rule booklets (the slowest "
                                                  "part; deckgen rules makes them on their own).")
@click.option("--plan", "plan_only", is_flag=True, help="List every file the build would write (path, kind, "
              "paper, duplex, pages) and write nothing.")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but problems.")
@click.option("--json", "as_json", is_flag=True, help="Print what the build did and where the time went (per "
                                                      "stage and per game) as one JSON object on stdout.")
@project_option
def build(games, paper, dpi, duplex, languages, out, jobs, variant, cards, copies, deck_names, deck_file, cache_dir,
          no_cache,
          vector, layout, list_layouts, printer_file, ink, instructions, cut_file, cut_radius, max_file_mb,
          no_booklets, plan_only, quiet, as_json, project_dir):
    """Build print-ready PDFs of GAMES (default: all).

    For each deck and language, writes OUT/GAME/DECK-LANG-PAPER.pdf (sheets
    with crop marks, a backs page after each fronts page) and
    OUT/GAME/DECK-LANG-cards.pdf (one card per page with bleed, TrimBox
    and BleedBox, for print shops), each document of the game (boards,
    reference sheets) and its rule booklets.  Cards are placed as vector
    graphics; --raster (or a --dpi) draws them as pictures instead.  Nothing is written if
    anything has a problem.  An unchanged card is not drawn again and an
    unchanged file not written again; a closing line says what was done.

    \b
    Examples:
      deckgen build
      deckgen build classic --paper letter --raster --dpi 600
      deckgen build classic --lang de,fr --duplex short --out /tmp/print
      deckgen build pazaak --cards plus-3,minus-2 --lang de
      deckgen build gladbach --layout gutters --printer office.yaml
      deckgen deck archeon --seed 7 --out match-7.yaml
      deckgen build archeon --deck match-7.yaml --lang de
      deckgen build pazaak --lang en --plan
      deckgen build classic --lang en --json
    """
    from deckgen.build import BuildOptions, BuildReport, build as run_build
    from deckgen.layout.printer import find_profile

    project = load_for(project_dir, games)
    if list_layouts:
        from deckgen.layout.layouts import describe_layouts

        for name, text, file in describe_layouts(project.root):
            click.echo(f"{name:<14} {text}  ({file})")
        return
    game_ids = list(games) or list(project.games)
    picked = card_list(cards)
    profile, profile_path = find_profile(printer_file)
    vector = dpi is None if vector is None else vector  # vector unless --raster, or a --dpi to draw at
    options = BuildOptions(paper=paper.lower(), dpi=dpi or 300, duplex=duplex, out=output_folder(project, out),
                           languages=chosen_languages(project, languages), workers=jobs, variant=variant,
                           cache=cache_dir, cache_home=cache_home(project.root), use_cache=not no_cache,
                           cards=picked, copies=copies, vector=vector,
                           layout=layout, printer=profile, max_file_mb=max_file_mb, ink=ink,
                           cut_file=cut_file, cut_radius=cut_radius, instructions=instructions,
                           deck_file=deck_file, booklets=not no_booklets, **deck_list(deck_names))
    if plan_only:
        from deckgen.outputs.extra import plan_build

        for planned in plan_build(project, game_ids, options):
            click.echo(planned.line())
        return
    if not quiet and sys.stderr.isatty():
        click.echo(f"building {', '.join(game_ids)} into {options.out}", err=True)
    if not quiet and profile is not None and printer_file is None:
        click.echo(f"printer profile {profile_path}: {profile.describe()}", err=True)
    report = BuildReport()
    with progress_for(quiet, piped=not as_json) as progress:  # --json: a live view on a terminal only
        run_build(project, game_ids, options, progress, report)
    if as_json:
        import json

        click.echo(json.dumps({**report.as_json(), "time": progress.summary().as_json()}, ensure_ascii=False,
                              indent=2))
        return
    if not quiet:
        for path in report.written:
            click.echo(f"wrote {path}")
        for path in report.removed:
            click.echo(f"removed {path} (an earlier run of this build wrote it; this one does not)")
        click.echo(report.line())
    time_summary(progress, quiet)


@click.command()
@click.argument("games", nargs=-1)
@click.option("--format", "fmt", type=click.Choice(["svg", "png"]), default=None,
              help="svg: the faces as the templates render them; png: drawn at --dpi (the default).")
@click.option("--preset", default=None, metavar="NAME",
              help="Write the decks as a print shop wants them: mpc, tgc, drivethru, meinspiel, or a "
                   "presets/NAME.yaml of the project (see --list-presets).")
@click.option("--list-presets", is_flag=True, help="List the presets this project can use, and stop.")
@click.option("--base-url", default=None, metavar="URL",
              help="tts: where the images will be online (the saved object names URL/FILE); default: the "
                   "files' absolute file: paths on this machine.")
@click.option("--dpi", type=click.IntRange(36, 1200), default=None,
              help="Resolution (default 300; a preset's own, which this replaces unless it fixes the pixels).")
@lang_option
@click.option("--cards", "cards", default=None, metavar="ID,...", help="Only these cards.")
@click.option("--variant", "--faces", "variant", default=None, help="Only this deck variant.")
@out_option("the files")
@click.option("--plan", "plan_only", is_flag=True, help="List every file the export would write and write "
                                                        "nothing.")
@click.option("--skip", "skip", multiple=True, metavar="DECK",
              help="With --preset: leave this deck out of the order (repeatable), e.g. one the shop has no "
                   "product for; the summary lists it.")
@click.option("--json", "as_json", is_flag=True, help="With --preset: print the order summary as JSON.")
@click.option("--proof", is_flag=True, help="With a CMYK --preset: also write GAME/PRESET/soft-proof.png, the "
                                            "faces whose colours shift most, as designed and as printed.")
@project_option
def export(games, fmt, preset, list_presets, base_url, dpi, languages, cards, variant, out, plan_only, skip,
           as_json, proof, project_dir):
    """Write every card face of GAMES (default: all) as its own SVG or PNG file, or as a print shop wants them.

    Files are named OUT/GAME/DECK-LANG-CARD.png (DECK-CARD.png for a deck
    without words) and DECK-LANG-back.png for the back.

    With --preset NAME the decks go to OUT/GAME/NAME/ as the preset says
    (docs/print-shops.md): each as the shop's product that fits it,
    re-rendered at its trim and safe zone (a design that does not fit there
    is reported, never stretched), at its pixel size, in CMYK with PDF/X
    metadata where it asks, the total ink of every card checked against its
    limit.  A deck no product fits is an error unless --skip DECK leaves it
    out.  Nothing is written if anything has a problem; the order summary
    (decks, cards, products, files, decks skipped) ends the output.

    \b
    Examples:
      deckgen export classic --format svg --lang en
      deckgen export pazaak --format png --dpi 150 --out /tmp/cards
      deckgen export classic --preset mpc --lang en
      deckgen export gladbach --preset drivethru --out /tmp/shop
      deckgen export pazaak --preset tts --base-url https://example.org/pazaak
      deckgen export pazaak --preset mpc --plan
      deckgen export archeon --preset mpc --skip planets --skip tokens --json
      deckgen export classic --preset drivethru --lang en --proof
    """
    from dataclasses import replace

    from deckgen.build import BuildOptions, check_options
    from deckgen.presets import NO_WRITER

    project = load_for(project_dir, games)
    if list_presets:
        from deckgen.presets import describe_presets

        for name, file, text in describe_presets(project.root):
            click.echo(f"{name:<12} {text}  ({file})")
        return
    if preset and fmt:
        raise DeckgenError(Problem(None, None, None, "--preset", "give --preset or --format, not both"))
    for flag, given in (("--skip", skip), ("--json", as_json), ("--proof", proof)):
        if given and not preset:
            raise DeckgenError(Problem(None, None, None, flag, f"{flag} applies to --preset exports"))
    game_ids = list(games) or list(project.games)
    picked = card_list(cards)
    options = BuildOptions(dpi=dpi if dpi is not None and dpi >= 72 else 300, out=output_folder(project, out),
                           languages=chosen_languages(project, languages), cards=picked, variant=variant,
                           cache_home=cache_home(project.root))
    check_options(project, game_ids, options)
    if plan_only:
        from deckgen.outputs.faces import FaceExports
        from deckgen.outputs.plan import Selection

        if preset:
            from deckgen.presets import load_preset
            from deckgen.presets.run import plan_order, planned_files

            shop = load_preset(preset, project.root)
            books = _shop_booklets(project, game_ids, shop, options)
            if shop.writer == NO_WRITER:
                for line in books[1]:
                    click.echo(line.line())
                return
            order = plan_order(project, game_ids, shop, options, dpi, base_url, tuple(skip))
            _print_order(order.summary(shop, written=False), planned_files(shop, order, options) + books[1],
                         as_json, list(shop.notes))
            return
        else:
            planned = FaceExports(fmt or "png").plan(Selection(project, tuple(game_ids), options))
        for line in planned:
            click.echo(line.line())
        return
    if preset:
        from deckgen.export import export_preset
        from deckgen.presets import load_preset
        from deckgen.presets.target import PresetReport
        from deckgen.outputs.shopbooks import render_pending

        shop = load_preset(preset, project.root)
        selection, planned_books = _shop_booklets(project, game_ids, shop, options)
        pending = render_pending(selection, selection.memo["shop generator"], planned_books) if planned_books \
            else None
        try:
            with progress_for(False, piped=not as_json) as progress:
                report = (export_preset(project, game_ids, shop, options, dpi, base_url, tuple(skip), proof=proof,
                                        progress=progress)
                          if shop.writer != NO_WRITER else PresetReport())
        except BaseException:
            if pending is not None:
                pending.discard()
            raise
        if pending is not None:
            pending.commit()
            report.written += [p.path for p in planned_books]
        if as_json:
            import json

            report_lines(report.warnings)  # on stderr as ever; the JSON alone on stdout
            data = report.summary.as_json() if report.summary else {}
            data["darkest"] = {stem: {"face": face, "ink": round(ink, 1)} for stem, (face, ink)
                               in report.darkest.items()}
            data["folders"] = [str(f) for f in report.folder]
            data["proofs"] = [str(f) for f in report.proofs]
            click.echo(json.dumps(data, ensure_ascii=False, indent=2))
            return
        report_lines(report.warnings)
        for stem, (face, ink) in report.darkest.items():
            click.echo(f"{stem}: darkest face {face}, total ink up to {ink:.0f} %")
        if report.summary:
            for text in report.summary.lines():
                click.echo(text)
        for path in report.proofs:
            click.echo(f"soft proof: {path}")
        where = ", ".join(str(f) for f in report.folder) or str(options.out)
        click.echo(f"wrote {len(report.written)} files to {where}")
        time_summary(progress)
        return
    from deckgen.export import export as run_export

    fmt = fmt or "png"
    options = replace(options, dpi=dpi or 300)
    with progress_for(False) as progress:
        written = run_export(project, game_ids, fmt, options, progress)
    click.echo(f"wrote {len(written)} {fmt.upper()} files to {options.out}")
    time_summary(progress)


def _shop_booklets(project, game_ids, shop, options):
    """(selection, planned files) of the preset's shop booklets (none without a booklet: entry)."""
    from deckgen.outputs.extra import plan_each
    from deckgen.outputs.plan import Selection
    from deckgen.outputs.shopbooks import ShopBooklets

    selection = Selection(project, tuple(game_ids), options)
    generator = selection.memo["shop generator"] = ShopBooklets(shop)
    return selection, (plan_each(selection, [generator])[0] if shop.booklet is not None else [])


def _print_order(summary, planned, as_json: bool, notes) -> None:
    """``export --preset --plan``: the files and the order summary, or both as JSON."""
    report_lines(notes)
    if as_json:
        import json

        data = summary.as_json()
        data["paths"] = [str(p.path) for p in planned]
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    for planned_file in planned:
        click.echo(planned_file.line())
    for text in summary.lines():  # after the listing, as comment lines: a tool reading the paths skips them
        click.echo(f"# {text}")


@click.command()
@click.argument("games", nargs=-1)
@lang_option
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True,
              help="a4: A5 pages imposed two per A4 side; letter: half-letter pages two per Letter side.")
@out_option("the booklets")
@click.option("--plan", "plan_only", is_flag=True, help="List the booklets it would write and write nothing.")
@click.option("--draft", is_flag=True, help="For reviewers: write GAME-rules-LANG-draft.pdf (reading order) "
                                            "with stale translations marked in yellow; never a release booklet.")
@click.option("--preset", default=None, metavar="NAME",
              help="Only the booklets as a print shop wants them (a preset with booklet:, e.g. booklet-x4 or "
                   "booklet-x1a): CMYK PDF/X pages with bleed in OUT/GAME/NAME/.")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes making the booklets of several games at once (default: the cores; 1: one process).")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but problems.")
@project_option
def rules(games, languages, paper, out, plan_only, draft, preset, jobs, quiet, project_dir):
    """Build the rule booklets of GAMES (default: all that have data/GAME/rules/).

    For each language, writes OUT/GAME/GAME-rules-LANG.pdf (A5 pages in
    reading order with 3 mm bleed, TrimBox and BleedBox, bookmarks and a
    clickable contents page) and GAME-rules-LANG-booklet-a4.pdf (imposed for
    saddle stitching: print duplex, flip on the short edge, fold, staple);
    with --paper letter, GAME-rules-LANG-booklet-letter.pdf (half-letter
    pages two per Letter side).  Every example hand is judged by the game's
    engine first; nothing is written if anything has a problem.

    \b
    With --preset NAME it writes only OUT/GAME/NAME/GAME-rules-LANG-NAME.pdf
    as that print shop wants it (and -cover.pdf where the shop prints the
    cover apart): single pages with bleed in reading order, padded with notes
    pages to the shop's page multiple, CMYK PDF/X with its output intent,
    black text in black ink alone, total ink within its limit.

    \b
    Examples:
      deckgen rules
      deckgen rules classic --lang de,fr --paper letter
      deckgen rules gladbach --preset booklet-x4 --lang de
    """
    from deckgen.build import BuildOptions, check_options
    from deckgen.outputs.extra import builtin_kind, make_files, plan_each
    from deckgen.outputs.plan import Selection

    project = load_for(project_dir, games)
    game_ids = list(games) or list(project.games)
    options = BuildOptions(paper=paper.lower(), out=output_folder(project, out),
                          languages=chosen_languages(project, languages), cache_home=cache_home(project.root),
                          workers=jobs)
    check_options(project, game_ids, options)
    if draft:
        from deckgen.translate.draft import draft_booklets

        for path in draft_booklets(project, game_ids, options.languages, options.out):
            click.echo(f"wrote {path}")
        return
    selection = Selection(project, tuple(game_ids), options)
    if preset:
        from deckgen.outputs.shopbooks import shop_generator
        from deckgen.presets import load_preset

        booklets = [shop_generator(load_preset(preset, project.root))]
    else:
        booklets = [builtin_kind("booklet")]
    planned = plan_each(selection, booklets)
    if plan_only:
        for line in planned[0]:
            click.echo(line.line())
        return
    with progress_for(quiet) as progress:
        selection.memo["progress"] = progress
        files = make_files(selection, booklets, planned, jobs)
    for path, _data in files:
        if not quiet:
            click.echo(f"wrote {path}")
    if not files:
        click.echo("no rulebooks: write data/GAME/rules/LANG.md (docs/rulebooks.md)", err=True)
    else:
        time_summary(progress, quiet)
