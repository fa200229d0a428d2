"""The ``deckgen`` command line (click): options in, pipeline called, report out.

Conventions shared by every command: ``--project DIR`` (default: the
nearest folder with a ``deckgen.yaml`` here or above, else the bundled
games); ``--lang`` takes a code, a comma-separated list or ``all``;
``--out DIR`` where files are written.  Input problems print as
``FILE:LINE:COLUMN: field: message`` lines on stderr and exit 2.  Nothing
here names a game: options and commands that belong to one game come from
its descriptor (:mod:`deckgen.registry`).
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import click

from deckgen import __version__
from deckgen.errors import DeckgenError, Problem, ShowdownError, collapse
from deckgen.layout.papers import CHOICES as PAPERS

EXIT_INPUT = 2
EXIT_INTERNAL = 1
#: Said with an internal error (a bug in deckgen, not a problem in the user's files).
REPORT_HINT = ("this is a bug in deckgen, not a mistake in your files: please report it with the command you "
               "ran, deckgen --version and the lines above")


def _load(project_dir, games=(), untrusted="refuse"):
    """The project; with ``games``, only those games are loaded (when the project lists them all).
    ``untrusted="skip"``: a command that needs no plugin leaves untrusted plugins (and their games) out."""
    from deckgen.loader import load_project
    from deckgen.project import find_project_root

    project = load_project(find_project_root(project_dir), only=list(games) or None, untrusted=untrusted)
    _report(project.notes)
    return project


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _report(problems) -> None:
    for p in problems:
        click.echo(str(p), err=True)


def _report_errors(problems) -> None:
    """Every problem once, one line each, then their count (what follows from them is not counted)."""
    problems = collapse(problems)
    _report(problems)
    errors = sum(1 for p in problems if not p.warning)
    if errors:
        click.echo(_count(errors, "problem"), err=True)


def _languages(project, values: tuple[str, ...]) -> tuple[str, ...]:
    """``--lang`` values -> language codes: codes, comma-separated lists or ``all``; () means all."""
    codes: list[str] = []
    for value in values:
        for code in (c.strip() for c in value.split(",")):
            if not code:
                continue
            if code == "all":
                return ()
            if code not in project.languages:
                raise DeckgenError(Problem(None, None, None, "--lang", f"{code!r} is not a language of this "
                                                                       f"project ({', '.join(project.languages)})"))
            if code not in codes:
                codes.append(code)
    return tuple(codes)


project_option = click.option(
    "--project", "project_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
    help="Project folder (holds deckgen.yaml). Default: the nearest deckgen.yaml here or above, "
         "else the bundled games.")
lang_option = click.option(
    "--lang", "languages", multiple=True, metavar="LANG",
    help="Languages: a code (de), a list (de,fr) or all. Repeatable. Default: all of the project's.")


def out_option(what: str):
    return click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
                        help=f"Folder to write {what} to. Default: output/ of the project.")


def _output(project, out: Path | None) -> Path:
    from deckgen.project import default_output

    return out if out is not None else default_output(project.root)


class DeckgenGroup(click.Group):
    """Turns DeckgenError into located one-line messages and exit code 2; adds the games' own commands."""

    def _game_commands(self) -> dict[str, click.Command]:
        from deckgen.registry import installed_games

        commands: dict[str, click.Command] = {}
        try:
            games = installed_games()
        except DeckgenError:
            return {}
        for descriptor in games.values():
            for command in descriptor.commands:
                commands.setdefault(command.name, command)
        return commands

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(self._game_commands()))

    def get_command(self, ctx, name):
        return super().get_command(ctx, name) or self._game_commands().get(name)

    #: options of the whole program that may also be written after the command's name (`deckgen check --trust`)
    GLOBAL_FLAGS = ("--trust", "--debug")

    def parse_args(self, ctx, args):
        """Move the global flags written after the command's name in front of it, where click reads them."""
        if ctx.parent is None:
            end = args.index("--") if "--" in args else len(args)
            moved = [a for a in args[:end] if a in self.GLOBAL_FLAGS]
            if moved:
                args = moved + [a for a in args[:end] if a not in self.GLOBAL_FLAGS] + args[end:]
        return super().parse_args(ctx, args)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except DeckgenError as exc:
            _report_errors(exc.problems)
            ctx.exit(EXIT_INPUT)
        except KeyboardInterrupt:
            click.echo("interrupted; finished files were kept, unfinished ones not written", err=True)
            ctx.exit(130)
        except BrokenPipeError:  # `deckgen decisions X | head`
            sys.stderr.close()
            ctx.exit(0)
        except OSError as exc:  # an output folder that cannot be written, a full disk, ...
            where = f"{exc.filename}: " if exc.filename else ""
            click.echo(f"{where}{exc.strerror or exc}", err=True)
            ctx.exit(1)
        except (click.exceptions.Exit, click.ClickException, click.exceptions.Abort, SystemExit):
            raise
        except Exception as exc:  # a plugin's mistake (exit 2), or a bug: say so, and what to send
            import traceback

            from deckgen.blame import plugin_problem

            blamed = plugin_problem(exc)
            if blamed is not None:
                if ctx.params.get("debug"):
                    click.echo("".join(traceback.format_exception(exc)).rstrip(), err=True)
                _report_errors([blamed])
                ctx.exit(EXIT_INPUT)
            click.echo("".join(traceback.format_exception(exc)).rstrip(), err=True)
            click.echo(f"deckgen: internal error: {type(exc).__name__}: {exc}", err=True)
            click.echo(REPORT_HINT, err=True)
            ctx.exit(EXIT_INTERNAL)


@click.group(cls=DeckgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="deckgen")
@click.option("--debug", is_flag=True, help="Print the traceback of an error in a plugin's code too.")
@click.option("--trust", "trust_once", is_flag=True,
              help="Run this project's plugins (Python code) for this one command without recording trust "
                   "(see deckgen trust; CI: DECKGEN_TRUST=1).")
@click.pass_context
def main(ctx, debug, trust_once):
    """deckgen: card games from YAML data to print-ready PDFs.

    \b
    Examples:
      deckgen list                     what games and decks the project has
      deckgen build                    everything into output/
      deckgen build classic --paper letter --duplex short
      deckgen check                    validate data, text fit and glyphs
      deckgen judge classic hand.yaml  who wins a showdown
      deckgen preview                  a gallery of every card (output/preview/)
      deckgen serve                    the gallery, updated as you edit
      deckgen trust                    let this project's plugins run
    """
    if trust_once:
        _trust_for_this_run(ctx)


def _trust_for_this_run(ctx) -> None:
    """``--trust``: the environment says so for this command and the processes it starts, then no more."""
    import os

    from deckgen.trust import ENV_TRUST

    before = os.environ.get(ENV_TRUST)
    os.environ[ENV_TRUST] = "1"

    def restore() -> None:
        if before is None:
            os.environ.pop(ENV_TRUST, None)
        else:
            os.environ[ENV_TRUST] = before

    ctx.call_on_close(restore)


@main.command("list")
@project_option
def list_cmd(project_dir):
    """List games, engines, decks, card counts, documents and languages.

    \b
    Example:
      deckgen list --project my-games
    """
    project = _load(project_dir, untrusted="skip")
    click.echo(f"{project.name}  ({project.root})")
    click.echo(f"languages: {', '.join(project.languages)}")
    for game in project.games.values():
        engine = f"  engine: {game.engine}" if game.engine else ""
        click.echo(f"{game.id}: {game.name(project.languages[0])}{engine}")
        for deck in game.decks.values():
            s = deck.size
            click.echo(f"  {deck.id}: {_count(deck.total_cards, 'card')} ({_count(len(deck.cards), 'kind')}), "
                       f"{'round ' if s.round else ''}{s.name} {s.width:g}×{s.height:g} mm + {s.bleed:g} mm bleed"
                       f"{'' if deck.localized else ', language-neutral'}")
            for variant in deck.variants.values():
                click.echo(f"    variant {variant.variant}: {_count(variant.total_cards, 'card')} "
                           f"({_count(len(variant.cards), 'kind')})")
        for doc in game.documents.values():
            click.echo(f"  document {doc.id} ({doc.kind or doc.template})")
    if project.needs_trust:
        from deckgen.trust import trust_command

        for game_id in project.needs_trust:
            click.echo(f"{game_id}: needs trust (its engine or card source comes from this project's plugins)")
        click.echo(f"plugins: not run; read them, then run: {trust_command(project.root)}")
    click.echo(f"engines: {', '.join(sorted(project.engines)) or 'none'}")


def _progress(quiet: bool):
    """A progress bar per stage on a terminal; when piped, one line per stage on stderr; none when quiet."""
    if quiet:
        return None
    if not sys.stderr.isatty():
        def announce(label, total):
            click.echo(f"{label} ({total})…", err=True)
            return lambda n: None
        return announce

    def progress(label, total):
        bar = click.progressbar(length=max(total, 1), label=f"{label:<12}", file=sys.stderr, show_pos=True)
        bar.__enter__()

        def tick(n):
            bar.update(n)
            if bar.pos >= total:
                bar.__exit__(None, None, None)
        return tick
    return progress


@main.command()
@click.argument("games", nargs=-1)
@click.option("--paper", type=click.Choice(PAPERS, case_sensitive=False), default="a4",
              show_default=True, help="Paper size of the print-and-play sheets and documents.")
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True,
              help="Resolution the cards are rasterized at.")
@click.option("--duplex", type=click.Choice(["long", "short", "none"]), default="long", show_default=True,
              help="How backs pages are mirrored: long-edge or short-edge duplex, or none (fronts only).")
@lang_option
@out_option("the PDFs")
@click.option("--jobs", type=click.IntRange(1, 64), default=None, help="Rasterizing processes (default: CPUs).")
@click.option("--variant", "--faces", "variant", default=None,
              help="Build only this deck variant, e.g. --faces cloud-city (default: every deck and variant).")
@click.option("--cards", "cards", default=None, metavar="ID,...",
              help="Only these cards (to replace lost or damaged ones): DECK-LANG-reprint-*.pdf.")
@click.option("--copies", type=click.IntRange(1, 99), default=1, show_default=True,
              help="Print every deck this many times (a convention with several tables).")
@click.option("--deck", "deck_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="FILE", help="Print exactly the cards of this deck list, e.g. a match deck written by "
                                   "deckgen deck archeon --out FILE: DECK-NAME-LANG-*.pdf.")
@click.option("--cache", "cache_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Cache folder (default: OUT/.cache).")
@click.option("--no-cache", is_flag=True, help="Remember nothing: render and draw every face.")
@click.option("--vector", is_flag=True, help="Place the cards as vector graphics (small files, sharp at any "
                                             "size) instead of rasters at --dpi.")
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
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but problems.")
@project_option
def build(games, paper, dpi, duplex, languages, out, jobs, variant, cards, copies, deck_file, cache_dir, no_cache,
          vector, layout, list_layouts, printer_file, ink, instructions, cut_file, cut_radius, max_file_mb,
          no_booklets, quiet, project_dir):
    """Build print-ready PDFs of GAMES (default: all).

    For each deck and language, writes OUT/GAME/DECK-LANG-PAPER.pdf (sheets
    with crop marks, a backs page after each fronts page) and
    OUT/GAME/DECK-LANG-cards.pdf (one card per page with bleed, TrimBox
    and BleedBox, for print shops), each document of the game (boards,
    reference sheets) and its rule booklets.  Nothing is written if
    anything has a problem.  An unchanged card is not drawn again and an
    unchanged file not written again; a closing line says what was done.

    \b
    Examples:
      deckgen build
      deckgen build classic --paper letter --dpi 600
      deckgen build classic --lang de,fr --duplex short --out /tmp/print
      deckgen build pazaak --cards plus-3,minus-2 --lang de
      deckgen build gladbach --layout gutters --printer office.yaml
      deckgen deck archeon --seed 7 --out match-7.yaml
      deckgen build archeon --deck match-7.yaml --lang de
    """
    from deckgen.build import BuildOptions, BuildReport, build as run_build
    from deckgen.layout.printer import find_profile

    project = _load(project_dir, games)
    if list_layouts:
        from deckgen.layout.layouts import describe_layouts

        for name, text, file in describe_layouts(project.root):
            click.echo(f"{name:<14} {text}  ({file})")
        return
    game_ids = list(games) or list(project.games)
    picked = tuple(c.strip() for c in (cards or "").split(",") if c.strip())
    profile, profile_path = find_profile(printer_file)
    options = BuildOptions(paper=paper.lower(), dpi=dpi, duplex=duplex, out=_output(project, out),
                           languages=_languages(project, languages), workers=jobs, variant=variant,
                           cache=cache_dir, use_cache=not no_cache, cards=picked, copies=copies, vector=vector,
                           layout=layout, printer=profile, max_file_mb=max_file_mb, ink=ink,
                           cut_file=cut_file, cut_radius=cut_radius, instructions=instructions,
                           deck_file=deck_file, booklets=not no_booklets)
    if not quiet and sys.stderr.isatty():
        click.echo(f"building {', '.join(game_ids)} into {options.out}", err=True)
    if not quiet and profile is not None and printer_file is None:
        click.echo(f"printer profile {profile_path}: {profile.describe()}", err=True)
    report = BuildReport()
    run_build(project, game_ids, options, _progress(quiet), report)
    if not quiet:
        for path in report.written:
            click.echo(f"wrote {path}")
        click.echo(report.line())


@main.command()
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
@project_option
def export(games, fmt, preset, list_presets, base_url, dpi, languages, cards, variant, out, project_dir):
    """Write every card face of GAMES (default: all) as its own SVG or PNG file, or as a print shop wants them.

    Files are named OUT/GAME/DECK-LANG-CARD.png (DECK-CARD.png for a deck
    without words) and DECK-LANG-back.png for the back.

    With --preset NAME the decks go to OUT/GAME/NAME/ as the preset says
    (docs/print-shops.md): re-rendered at the shop's trim and safe zone (a
    design that does not fit there is reported, never stretched), at its
    pixel size, in CMYK with PDF/X metadata where it asks, the total ink
    of every card checked against its limit.  Nothing is written if
    anything has a problem.

    \b
    Examples:
      deckgen export classic --format svg --lang en
      deckgen export pazaak --format png --dpi 150 --out /tmp/cards
      deckgen export classic --preset mpc --lang en
      deckgen export gladbach --preset drivethru --out /tmp/shop
      deckgen export pazaak --preset tts --base-url https://example.org/pazaak
    """
    from dataclasses import replace

    from deckgen.build import BuildOptions, check_options

    project = _load(project_dir, games)
    if list_presets:
        from deckgen.presets import describe_presets

        for name, file, text in describe_presets(project.root):
            click.echo(f"{name:<12} {text}  ({file})")
        return
    if preset and fmt:
        raise DeckgenError(Problem(None, None, None, "--preset", "give --preset or --format, not both"))
    game_ids = list(games) or list(project.games)
    picked = tuple(c.strip() for c in (cards or "").split(",") if c.strip())
    options = BuildOptions(dpi=dpi if dpi is not None and dpi >= 72 else 300, out=_output(project, out),
                           languages=_languages(project, languages), cards=picked, variant=variant)
    check_options(project, game_ids, options)
    if preset:
        from deckgen.export import export_preset
        from deckgen.presets import load_preset

        report = export_preset(project, game_ids, load_preset(preset, project.root), options, dpi, base_url)
        _report(report.warnings)
        for stem, (face, ink) in report.darkest.items():
            click.echo(f"{stem}: darkest face {face}, total ink up to {ink:.0f} %")
        where = ", ".join(str(f) for f in report.folder) or str(options.out)
        click.echo(f"wrote {len(report.written)} files to {where}")
        return
    from deckgen.export import export as run_export

    fmt = fmt or "png"
    options = replace(options, dpi=dpi or 300)
    written = run_export(project, game_ids, fmt, options)
    click.echo(f"wrote {len(written)} {fmt.upper()} files to {options.out}")


def _pair(text: str, option: str) -> tuple[float, float]:
    try:
        a, b = (float(v) for v in text.replace(";", ",").split(","))
    except ValueError:
        raise DeckgenError(Problem(None, None, None, option, f"expected two numbers X,Y, not {text!r}")) from None
    return a, b


@main.command()
@click.option("--paper", type=click.Choice(PAPERS, case_sensitive=False), default="a4", show_default=True,
              help="Paper size of the calibration sheet.")
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long", show_default=True,
              help="How your printer turns the sheet: over its long or its short edge.")
@out_option("the calibration sheet")
@click.option("--shift", default=None, metavar="X,Y",
              help="Save the centre reading (mm) of a printed sheet as the printer profile, and stop.")
@click.option("--scale", default=None, metavar="SX,SY", help="With --shift: the scale of the backs (e.g. 1.002,1).")
@click.option("--name", default="", help="With --shift: a name for the printer.")
@click.option("--printer", "printer_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="With --shift: the profile file to write (default: printer.yaml in deckgen's configuration "
                   "folder, which every build then uses).")
@project_option
def calibrate(paper, duplex, out, shift, scale, name, printer_file, project_dir):
    """Print a duplex test sheet, or save what you measured on it as a printer profile.

    The sheet (OUT/calibrate-PAPER-DUPLEX.pdf) has crosses on the front
    and scales behind them on the back: print it double-sided at actual
    size, push a pin through each cross and read on the back where it came
    out.  Then save the centre reading; every build moves its backs pages
    by it (see docs/home-printing.md).

    \b
    Examples:
      deckgen calibrate --paper letter
      deckgen calibrate --shift 0.8,-0.4
      deckgen calibrate --shift 0.8,-0.4 --scale 1.002,1 --printer office.yaml
    """
    from deckgen.layout.printer import (MAX_SHIFT_MM, SCALE_RANGE, PrinterProfile, default_profile_path,
                                        save_profile)

    if shift is not None:
        dx, dy = _pair(shift, "--shift")
        sx, sy = _pair(scale, "--scale") if scale is not None else (1.0, 1.0)
        if max(abs(dx), abs(dy)) > MAX_SHIFT_MM:
            raise DeckgenError(Problem(None, None, None, "--shift", f"{shift} is more than {MAX_SHIFT_MM:g} mm: "
                                                                    f"check the reading (a printer this far off "
                                                                    f"needs repair, not a profile)"))
        if not all(SCALE_RANGE[0] <= v <= SCALE_RANGE[1] for v in (sx, sy)):
            raise DeckgenError(Problem(None, None, None, "--scale", f"{scale} is outside "
                                                                    f"{SCALE_RANGE[0]:g}..{SCALE_RANGE[1]:g}"))
        path = printer_file or default_profile_path()
        profile = PrinterProfile(name, dx, dy, sx, sy)
        save_profile(profile, path)
        click.echo(f"wrote {path}: {profile.describe()}")
        return
    if scale is not None:
        raise DeckgenError(Problem(None, None, None, "--scale", "give --scale together with --shift"))
    from deckgen.build import SLUG_FONT
    from deckgen.layout.calibrate import calibration_pdf
    from deckgen.layout.pdfcanvas import register_font
    from deckgen.output import write_atomic

    project = _load(project_dir)
    body = project.fonts.get("body") or next(iter(project.fonts.values()))
    font = register_font(SLUG_FONT, project.fonts_dir / body)
    path = _output(project, out) / f"calibrate-{paper.lower()}-{duplex}.pdf"
    write_atomic(path, calibration_pdf(paper.lower(), duplex, font))
    click.echo(f"wrote {path}")


@main.command()
@out_option("nothing; the cache of that output folder is emptied")
@click.option("--cache", "cache_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The cache folder to empty (default: OUT/.cache).")
@project_option
def clean(out, cache_dir, project_dir):
    """Empty the build cache (rasters, faces, build records); output files stay.

    Only a cache deckgen made (marked with its CACHEDIR.TAG) is emptied, only
    of deckgen's own entries, never through a link; killed builds' temporary
    files in the output folder go too.

    \b
    Example:
      deckgen clean
    """
    from deckgen.output import cache_folder, empty_cache, sweep_stale

    project = _load(project_dir, untrusted="skip")
    output = _output(project, out)
    folder = cache_folder(output, cache_dir)
    swept = sweep_stale([output, *(output / g for g in project.games)])
    if folder.is_symlink() or folder.is_dir():
        empty_cache(folder)
        click.echo(f"emptied {folder}")
    else:
        click.echo(f"no cache at {folder}")
    if swept:
        click.echo(f"removed {len(swept)} temporary file{'s' if len(swept) != 1 else ''} of killed builds")


@main.command()
@click.argument("games", nargs=-1)
@lang_option
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True,
              help="a4: A5 pages imposed two per A4 side; letter: half-letter pages two per Letter side.")
@out_option("the booklets")
@project_option
def rules(games, languages, paper, out, project_dir):
    """Build the rule booklets of GAMES (default: all that have data/GAME/rules/).

    For each language, writes OUT/GAME/GAME-rules-LANG.pdf (A5 pages in
    reading order with 3 mm bleed, TrimBox and BleedBox, bookmarks and a
    clickable contents page) and GAME-rules-LANG-booklet-a4.pdf (imposed for
    saddle stitching: print duplex, flip on the short edge, fold, staple);
    with --paper letter, GAME-rules-LANG-booklet-letter.pdf (half-letter
    pages two per Letter side).  Every example hand is judged by the game's
    engine first; nothing is written if anything has a problem.

    \b
    Examples:
      deckgen rules
      deckgen rules classic --lang de,fr --paper letter
    """
    from deckgen.build import BuildOptions, check_options, render_rulebooks
    from deckgen.output import write_atomic

    project = _load(project_dir, games)
    game_ids = list(games) or list(project.games)
    options = BuildOptions(paper=paper.lower(), out=_output(project, out), languages=_languages(project, languages))
    check_options(project, game_ids, options)
    files, problems = render_rulebooks(project, game_ids, options)
    if problems:
        raise DeckgenError(problems)
    for path, data in files:
        write_atomic(path, data)
        click.echo(f"wrote {path}")
    if not files:
        click.echo("no rulebooks: write data/GAME/rules/LANG.md (docs/rulebooks.md)", err=True)


@main.command()
@click.argument("games", nargs=-1)
@lang_option
@project_option
def check(games, languages, project_dir):
    """Check GAMES (default: all): data, composition, translations, text fit, glyphs, rule examples.

    Prints one line per problem (FILE:LINE:COLUMN: field: message) and exits 2 if there is any.
    With --lang, the words, faces, documents and rulebooks of those languages only.

    \b
    Example:
      deckgen check classic
      deckgen check classic --lang ru
    """
    from deckgen.build import check_selection
    from deckgen.checks import run_checks

    project = _load(project_dir, games)
    game_ids = list(games) or list(project.games)
    check_selection(project, game_ids, None, ())
    problems = collapse(run_checks(project, game_ids, languages=_languages(project, languages)))
    errors = [p for p in problems if not p.warning]
    for problem in problems:
        click.echo(str(problem))
    if errors:
        click.echo(f"{_count(len(errors), 'problem')}", err=True)
        sys.exit(EXIT_INPUT)
    click.echo(f"ok: {', '.join(game_ids)}")


def _judge_option_values(descriptor, args: list[str], schemas=None) -> dict:
    """``--name value`` / ``--name=value`` pairs of the game's options (judge options by default),
    validated by their JSON Schemas."""
    from jsonschema import Draft202012Validator

    schemas = dict(descriptor.judge_options if schemas is None else schemas)
    known = ", ".join(f"--{k}" for k in schemas) or "none"
    values: dict = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--"):
            raise DeckgenError(Problem(None, None, None, arg, f"unexpected argument (options of "
                                                              f"{descriptor.engine}: {known})"))
        name, eq, text = arg[2:].partition("=")
        if name not in schemas:
            raise DeckgenError(Problem(None, None, None, f"--{name}", f"{descriptor.engine} has no such option "
                                                                     f"(its options: {known})"))
        if not eq:
            if i + 1 >= len(args):
                raise DeckgenError(Problem(None, None, None, f"--{name}", "needs a value"))
            text = args[i + 1]
            i += 1
        schema = schemas[name]
        value: str | int | float = text
        if schema.get("type") == "integer":
            try:
                value = int(text)
            except ValueError:
                raise DeckgenError(Problem(None, None, None, f"--{name}", f"{text!r} is not a whole number")) from None
        elif schema.get("type") == "number":
            try:
                number = float(text)
            except ValueError:
                raise DeckgenError(Problem(None, None, None, f"--{name}", f"{text!r} is not a number")) from None
            if not math.isfinite(number):
                raise DeckgenError(Problem(None, None, None, f"--{name}", f"{text!r} is not a finite number"))
            value = number
        error = next(Draft202012Validator(schema).iter_errors(value), None)
        if error is not None:
            raise DeckgenError(Problem(None, None, None, f"--{name}", error.message))
        values[name] = value
        i += 1
    return values


def _options_help(field: str) -> str:
    from deckgen.registry import installed_games

    lines = []
    try:
        games = installed_games()
    except DeckgenError:
        return ""
    for engine, descriptor in sorted(games.items()):
        options = ", ".join(f"--{name} ({schema.get('description', '')})"
                            for name, schema in getattr(descriptor, field).items()) or "no options"
        lines.append(f"  {engine}: {options}")
        if field == "simulate_options" and descriptor.strategies:
            lines.append(f"  {' ' * len(engine)}  strategies: {', '.join(descriptor.strategies)}")
    return "\n".join(lines)


class GameOptionsCommand(click.Command):
    """Lists every installed engine's own options (``options_field`` of its descriptor) in ``--help``."""

    options_field = "judge_options"

    def format_epilog(self, ctx, formatter):
        super().format_epilog(ctx, formatter)
        text = _options_help(self.options_field)
        if text:
            formatter.write("\nOptions of each engine (from its descriptor):\n")
            formatter.write(text + "\n")


class JudgeCommand(GameOptionsCommand):
    options_field = "judge_options"


class SimulateCommand(GameOptionsCommand):
    options_field = "simulate_options"


@main.command(cls=JudgeCommand, context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.argument("game")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@project_option
@click.pass_context
def judge(ctx, game, file, project_dir):
    """Judge the showdown in FILE (YAML or JSON) with GAME's reference engine; print JSON.

    GAME is a game of the project (its engine judges, with the game's data)
    or an engine name.  Options a game's engine takes follow FILE.

    \b
    Example (classic):
      players:
        - {name: A, hand: [coins:11, sabers:ace]}
        - {name: B, hand: [face:idiot, flasks:2, staves:3]}
    \b
      deckgen judge classic showdown.yaml --location imperial
    """
    from deckgen.decisions import judge as judge_with, require_engine
    from deckgen.yamlpos import load_yaml

    project = _load(project_dir, [game])
    game_model, descriptor = require_engine(project, game)
    options = _judge_option_values(descriptor, list(ctx.args))
    doc = load_yaml(file)
    data = descriptor.data_for(game_model)
    try:
        result = judge_with(descriptor, doc.data, data, options)
    except ShowdownError as exc:
        if exc.path and str(exc.path[0]) in options:
            raise DeckgenError(Problem(None, None, None, f"--{exc.path[0]}", exc.message)) from None
        raise DeckgenError(doc.problem(exc.path, exc.message)) from None
    click.echo(json.dumps(result.raw, ensure_ascii=False, indent=2))


@main.command(cls=SimulateCommand, context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.argument("game")
@click.option("--players", type=click.IntRange(1, 64), default=None, help="Players at the table (default: "
                                                                            "the fewest the game allows).")
@click.option("--games", "count", type=click.IntRange(1, 1_000_000), default=1000, show_default=True,
              help="How many games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="The first game's seed (game i: seed + i).")
@click.option("--strategy", default=None, help="A named strategy of the game (see below; default its first).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@project_option
@click.pass_context
def simulate(ctx, game, players, count, seed, strategy, as_json, project_dir):
    """Play GAMES seeded games of GAME with its engine and simple strategies; print what happened.

    The same seed gives the same games.  The summary says how often each
    hand category wins, how long games run, each seat's share of the wins,
    how often the draw pile ran out, and that money was conserved in every
    game; some games add their own tables (Pazaak: the side decks against
    each other).  Options a game's simulator takes follow GAME.

    \b
    Examples:
      deckgen simulate classic --players 4 --games 2000
      deckgen simulate pazaak --games 500 --json
    """
    from deckgen.decisions import require_engine
    from deckgen.simulate import format_summary, run

    project = _load(project_dir, [game])
    game_model, descriptor = require_engine(project, game)
    options = _judge_option_values(descriptor, list(ctx.args), descriptor.simulate_options)
    data = descriptor.data_for(game_model)
    players = players or descriptor.players[0]
    if sys.stderr.isatty() and not as_json:
        with click.progressbar(length=count, label=f"{game:<12}", file=sys.stderr, show_pos=True) as bar:
            summary = run(descriptor, data, players, count, seed, strategy, options, bar.update)
    else:
        summary = run(descriptor, data, players, count, seed, strategy, options)
    if as_json:
        click.echo(json.dumps(summary.as_dict(), ensure_ascii=False, indent=2))
    else:
        for line in format_summary(summary):
            click.echo(line)


def _hand_text(showdown) -> str:
    """A showdown in one line: each player's cards, then any other setting (extra cards, wild ranks, ...)."""
    if not isinstance(showdown, dict):
        return str(showdown)
    from deckgen.judgement import CARD_KEYS, showdown_cards

    parts = []
    for p in showdown.get("players", []):
        if isinstance(p, dict):
            cards = showdown_cards(p) or [""]
            extra = {k: v for k, v in p.items() if k not in ("name", "card", *CARD_KEYS)}
            more = "".join(f" {k}={_compact(v)}" for k, v in extra.items())
            parts.append(f"{p.get('name')}: {' '.join(str(c) for c in cards)}{more}")
    text = "  vs  ".join(parts)
    rest = {k: v for k, v in showdown.items() if k != "players"}
    if rest:
        text += "  [" + ", ".join(f"{k}: {_compact(v)}" for k, v in rest.items()) + "]"
    return text


def _compact(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_compact(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return " ".join(_compact(v) for v in value)
    return str(value)


@main.command()
@click.argument("game")
@lang_option
@project_option
def decisions(game, languages, project_dir):
    """Print the rule decisions of GAME, each example judged by its engine now.

    Where the source rules are silent or ambiguous, each game decides and
    states the decision with example hands (data/GAME/decisions.yaml, words
    in the lang files); rulebooks in every language state the same.  A line
    marked MISMATCH means the engine no longer judges the example as the
    rule claims (``deckgen check`` fails too).

    \b
    Examples:
      deckgen decisions gladbach
      deckgen decisions classic --lang de
    """
    from deckgen.decisions import decision_text, judge_example, require_engine
    from deckgen.text.typography import typeset

    project = _load(project_dir, [game])
    game_model, descriptor = require_engine(project, game)
    if game_model is None or game_model.decisions is None:
        raise DeckgenError(f"{game!r} has no decisions.yaml")
    langs = _shown_languages(project, languages) or project.languages[:1]
    data = descriptor.data_for(game_model)
    problems: list[Problem] = []
    judged_lines: dict[str, list[str]] = {}  # decision id -> its examples as judged (the same in every language)
    for decision in game_model.decisions.decisions:
        judged_lines[decision.id] = []
        for example in decision.examples:
            judged = judge_example(descriptor, example, data)
            got = judged.winners if judged.winners is not None else [f"error: {judged.error}"]
            where = f" [{', '.join(f'{k}={v}' for k, v in example.options.items())}]" if example.options else ""
            mark = "" if judged.agrees else "   MISMATCH"
            judged_lines[decision.id].append(
                f"    {_hand_text(example.showdown)}{where}  ->  {', '.join(got) or 'nobody'}{mark}")
    for lang in langs:
        if len(langs) > 1:
            click.echo(f"[{lang}]")
        for decision in game_model.decisions.decisions:
            words = typeset(decision_text(game_model, lang, decision.id, data.get("facts", {}), problems), lang,
                            narrow_space=" ")
            click.echo(f"{decision.id}: {words}")
            for line in judged_lines[decision.id]:
                click.echo(line)
            click.echo("")
    _report(problems)


def _shown_languages(project, values: tuple[str, ...]) -> tuple[str, ...]:
    """``--lang`` of a command that shows one language unless asked (the gallery, decisions): the codes
    given, every language for ``all``; () (the first) if none."""
    codes = _languages(project, values)
    return codes or (tuple(project.languages) if any(v.strip() for v in values) else ())


def _card_list(cards: str | None) -> tuple[str, ...]:
    return tuple(c.strip() for c in (cards or "").split(",") if c.strip())


def _gallery_games(project, games: tuple[str, ...]) -> list[str]:
    """GAMES of ``deckgen preview``/``serve``; a card id where a game belongs is the old
    ``deckgen preview GAME CARD…`` form, answered with the new one."""
    for name in games:
        if name in project.games:
            continue
        cards = [g for g in games if g not in project.games]
        owner = next((g for g in games if g in project.games and any(
            c.id == name for d in project.games[g].decks.values() for c in d.cards)), None)
        if owner is not None:
            raise DeckgenError(Problem(None, None, None, name, (
                f"is a card, not a game: the gallery takes cards with --cards; write `deckgen preview {owner} "
                f"--cards {','.join(cards)}` (or add -o FILE.png for the old one-PNG contact sheet)")))
        from deckgen.suggest import did_you_mean

        raise DeckgenError(f"unknown game {name!r}{did_you_mean(name, project.games)} "
                           f"(this project has: {', '.join(project.games)})")
    return list(games) or list(project.games)


def _gallery_options(project, languages, cards, variant, dpi, out, jobs, live=False):
    from deckgen.preview.views import GalleryOptions

    return GalleryOptions(out=out or _output(project, None) / "preview", languages=_shown_languages(
        project, languages), cards=_card_list(cards), variant=variant, dpi=dpi, workers=jobs, live=live)


gallery_lang_option = click.option(
    "--lang", "languages", multiple=True, metavar="LANG",
    help="Languages: a code (de), a list (de,fr) or all. Default: the project's first.")
gallery_out_option = click.option(
    "--out", type=click.Path(file_okay=False, path_type=Path), default=None,
    help="Folder of the gallery. Default: output/preview/ of the project.")


@main.command()
@click.argument("games", nargs=-1)
@gallery_lang_option
@click.option("--cards", default=None, metavar="ID,...", help="Only these cards, for a quick look.")
@click.option("--variant", "--faces", "variant", default=None, help="Only this deck variant, e.g. cloud-city.")
@click.option("--dpi", type=click.IntRange(36, 600), default=150, show_default=True)
@gallery_out_option
@click.option("--jobs", type=click.IntRange(1, 64), default=None, help="Drawing processes (default: CPUs).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The old contact sheet instead: GAME CARD… side by side in one PNG FILE (every language "
                   "unless --lang).")
@click.option("--back", is_flag=True, help="Contact sheet (-o): also show the deck's back.")
@click.option("--columns", type=click.IntRange(1, 40), default=None,
              help="Contact sheet (-o): cards per row (default: up to 8).")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but problems.")
@project_option
def preview(games, languages, cards, variant, dpi, out, jobs, output, back, columns, quiet, project_dir):
    """Write a gallery of GAMES (default: all) that opens in a browser from disk: OUT/index.html.

    Every card of every deck, front and back, grouped by deck, with its id,
    count and what `deckgen check` says about it on the card; filters by
    deck, language and "only problems"; a miscut view (the trim moved 1 mm
    each way); documents and rulebook pages as thumbnails.  An unchanged
    card is not drawn again.  `deckgen serve` keeps it up to date as files
    change.

    \b
    Examples:
      deckgen preview                          every game, the first language
      deckgen preview classic --lang all
      deckgen preview classic --cards the-star,coins-5 --lang de,ru
      deckgen preview pazaak --back -o /tmp/pazaak.png   (the old one-PNG contact sheet)
    """
    project = _load(project_dir)
    if output is not None:
        _contact_sheet(project, games, languages, dpi, columns, variant, back, output)
        return
    from deckgen.preview.gallery import build_gallery, prune

    game_ids = _gallery_games(project, games)
    if columns is not None:
        click.echo("--columns only shapes the contact sheet (-o FILE); the gallery fits the window", err=True)
    options = _gallery_options(project, languages, cards, variant, dpi, out, jobs)
    say = None if quiet or not sys.stderr.isatty() else (lambda text: click.echo(f"{text}…", err=True))
    gallery = build_gallery(project, game_ids, options, progress=say)
    prune(options.out, gallery.pictures)
    _report(gallery.errors)
    if not quiet:
        click.echo(f"wrote {Path(options.out) / 'index.html'}")
        click.echo(gallery.line())


def _contact_sheet(project, args, languages, dpi, columns, variant, back, output) -> None:
    from deckgen.preview import contact_sheet, write_png

    if not args:
        raise DeckgenError(Problem(None, None, None, "-o", "the contact sheet needs a GAME: "
                                                           "`deckgen preview GAME [CARD…] -o FILE.png`"))
    png, problems = contact_sheet(project, args[0], list(args[1:]), _languages(project, languages), dpi, columns,
                                  variant, back)
    write_png(output, png)
    _report(problems)
    click.echo(f"wrote {output}")


@main.command()
@click.argument("games", nargs=-1)
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="Port on 127.0.0.1 (0: any free one).")
@gallery_lang_option
@click.option("--cards", default=None, metavar="ID,...", help="Only these cards.")
@click.option("--variant", "--faces", "variant", default=None, help="Only this deck variant.")
@click.option("--dpi", type=click.IntRange(36, 600), default=150, show_default=True)
@gallery_out_option
@click.option("--jobs", type=click.IntRange(1, 64), default=None, help="Drawing processes (default: CPUs).")
@project_option
def serve(games, port, languages, cards, variant, dpi, out, jobs, project_dir):
    """Serve the gallery of GAMES (default: all) on 127.0.0.1 and keep it up to date while you edit.

    Watches data/, templates/, fonts/ and deckgen.yaml; a change redraws
    only the cards it touches and the open page updates itself.  A file
    that cannot be read (a YAML or template error) shows as a located line
    at the top of the page until it is fixed; the server keeps running.
    Ctrl-C stops it.

    \b
    Examples:
      deckgen serve
      deckgen serve classic --lang de --port 8000
    """
    from deckgen.preview.gallery import check_gallery_options
    from deckgen.preview.server import LiveGallery, serve as run_server
    from deckgen.project import find_project_root

    from deckgen.trust import UntrustedPlugins

    root = find_project_root(project_dir)
    try:
        project = _load(project_dir)
    except UntrustedPlugins:
        raise
    except DeckgenError:  # the first build prints it, and the page shows it until the file is fixed
        project = None
    if project is not None:
        game_ids = _gallery_games(project, games)
        options = _gallery_options(project, languages, cards, variant, dpi, out, jobs, live=True)
        check_gallery_options(project, game_ids, options)
    else:
        from deckgen.preview.views import GalleryOptions
        from deckgen.project import default_output

        wanted = tuple(c.strip() for v in languages for c in v.split(",") if c.strip() and c.strip() != "all")
        game_ids = list(games)
        options = GalleryOptions(out=out or default_output(root) / "preview", languages=wanted,
                                 cards=_card_list(cards), variant=variant, dpi=dpi, workers=jobs, live=True)
    live = LiveGallery(root, game_ids, options, log=lambda line: click.echo(line, err=True))
    run_server(live, port, ready=lambda url: click.echo(f"serving {url} (Ctrl-C stops)"))


@main.command()
@click.argument("game")
@click.argument("deck", required=False)
@click.option("--cards", default=None, metavar="ID,...",
              help="These cards, in this order (default: seven spread over the deck).")
@click.option("--lang", "lang", default=None, metavar="LANG", help="Language (default: the project's first).")
@click.option("--dpi", type=click.IntRange(72, 600), default=200, show_default=True, help="Resolution of the cards.")
@click.option("--no-title", is_flag=True, help="Leave the game's name out.")
@out_option("the PNG")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="PNG file to write (default: OUT/showcase-GAME-DECK-LANG.png).")
@project_option
def showcase(game, deck, cards, lang, dpi, no_title, out, output, project_dir):
    """Write a PNG of a fan of GAME's cards (of DECK; default its first deck) for a README or an announcement.

    \b
    Examples:
      deckgen showcase classic
      deckgen showcase pazaak --cards plus-1,minus-2,flip-2 --lang de -o pazaak.png
    """
    from deckgen.output import write_atomic
    from deckgen.preview.showcase import showcase as make_showcase

    project = _load(project_dir, [game])
    if lang is not None:
        _languages(project, (lang,))
    shown = make_showcase(project, game, deck, _card_list(cards), lang, dpi, title=not no_title)
    chosen = lang or project.languages[0]
    if output is None:
        from deckgen.preview.showcase import pick_deck

        output = _output(project, out) / f"showcase-{game}-{pick_deck(project.games[game], deck).label}-{chosen}.png"
    write_atomic(output, shown.png)
    _report(shown.problems)
    click.echo(f"wrote {output} ({shown.size[0]}×{shown.size[1]} px: {', '.join(shown.cards)})")


@main.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--template", type=click.Choice(["blank", "numbered", "poker"]), default="blank", show_default=True,
              help="blank: three cards to start from; numbered: suits and values from a CSV spreadsheet; "
                   "poker: 52 cards and two jokers made with a generated run.")
def new(directory, template):
    """Start a project folder in DIRECTORY: a game with fonts, icons, a reference card and a rulebook.

    \b
    Examples:
      deckgen new my-games && cd my-games && deckgen build
      deckgen new my-deck --template poker
    """
    from deckgen.editor import wire, write_schemas
    from deckgen.loader import load_project
    from deckgen.scaffold import create_project

    create_project(directory, template)
    project = load_project(directory)
    write_schemas(project, Path(directory) / "schemas")
    wire(project, Path(directory) / "schemas")
    click.echo(f"created {directory}: edit data/, templates/ and deckgen.yaml, then run `deckgen build`")


@main.command("trust")
@click.argument("directory", required=False, type=click.Path(file_okay=False, path_type=Path))
@click.option("--list", "list_trusted", is_flag=True, help="List the trusted projects and their plugin files.")
@click.option("--remove", is_flag=True, help="Forget DIR's trust: its plugins ask again before they run.")
def trust_cmd(directory, list_trusted, remove):
    """Let the plugins of the project in DIR (default: the nearest) run: they are Python code.

    Records the project's folder and the sha256 of each plugin file in
    trust.json of your deckgen config folder. A plugin file that changes, or a
    new one, must be trusted again. Read the plugins first. For one run
    instead: deckgen --trust COMMAND, or DECKGEN_TRUST=1 (CI).

    \b
    Examples:
      deckgen trust ~/games/kessel
      deckgen trust --list
      deckgen trust --remove ~/games/kessel
    """
    from deckgen.trust import forget_project, store_path, trusted_projects

    if list_trusted:
        projects = trusted_projects()
        for folder, record in projects.items():
            click.echo(f"{folder}  (trusted {record.get('trusted', '?')})")
            for name, digest in record["files"].items():
                click.echo(f"  {name}  sha256 {str(digest)[:12]}")
        if not projects:
            click.echo(f"no trusted projects ({store_path()})")
        return
    if remove:
        root = Path(directory).resolve() if directory is not None else _project_root(None)
        click.echo(f"{root}: {'no longer trusted' if forget_project(root) else 'was not trusted'}")
        return
    root = _project_root(directory)
    files = _plugin_files_of(root)
    if not files:
        click.echo(f"{root}: no plugins, nothing to trust")
        return
    from deckgen.trust import trust_project

    store = trust_project(root, files)
    click.echo(f"trusted {_count(len(files), 'plugin file')} of {root}: {', '.join(files)} (recorded in {store})")


def _project_root(directory: str | Path | None) -> Path:
    from deckgen.project import find_project_root

    return find_project_root(directory)


def _plugin_files_of(root: Path) -> dict[str, str]:
    """The sha256 of each plugin file deckgen.yaml names; its problems (a missing plugin, ...) raised."""
    from deckgen.loader import PROJECT_FILE
    from deckgen.registry import plugin_paths
    from deckgen.trust import plugin_files
    from deckgen.validate import schema as schema_of, validate
    from deckgen.yamlpos import load_yaml

    doc = load_yaml(root / PROJECT_FILE, PROJECT_FILE)
    problems = validate(doc, schema_of("project"))
    if problems:
        raise DeckgenError(problems)
    found, problems = plugin_paths(root, doc.data.get("plugins", []), lambda i: doc.problem(("plugins", i), ""))
    if problems:
        raise DeckgenError(problems)
    return plugin_files(root, [path for _, _, path in found])


@main.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder for the schemas (default: schemas/ in the project).")
@click.option("--wire", "wire_files", is_flag=True,
              help="Also give each YAML file a first line naming its schema (as `deckgen new` does).")
@project_option
def schema(out, wire_files, project_dir):
    """Write the project's JSON Schemas, for editors that complete and check YAML as you type.

    One schema for deckgen.yaml, icons.yaml and style files, and per game for
    game.yaml, its card lists and its lang files, holding the game's own card
    fields, deck and card ids, texts and string keys: a typo in a lang file is
    underlined in the editor.  judgement.schema.json describes what
    `deckgen judge` prints, showdown.ENGINE.schema.json what it reads
    (a showdown or match file of that engine). A file names its schema in its first line,
    `# yaml-language-server: $schema=PATH` (VS Code: the YAML extension).
    Run it again after adding a card field, card or string.

    \b
    Examples:
      deckgen schema
      deckgen schema --out .schemas --wire
    """
    from deckgen.editor import wire, write_schemas
    from deckgen.judgement import JUDGE_OUTPUT_SCHEMA
    from deckgen.output import write_atomic

    project = _load(project_dir)
    target = out if out is not None else project.root / "schemas"
    written = write_schemas(project, target)
    judged = Path(target) / "judgement.schema.json"  # what `deckgen judge` prints
    write_atomic(judged, (json.dumps(JUDGE_OUTPUT_SCHEMA, indent=2) + "\n").encode("utf-8"))
    written.append(judged)
    for engine, descriptor in sorted(project.engines.items()):  # what `deckgen judge ENGINE FILE` reads
        if descriptor.showdown_schema is not None:
            path = Path(target) / f"showdown.{engine}.schema.json"
            write_atomic(path, (json.dumps(descriptor.showdown_schema, indent=2) + "\n").encode("utf-8"))
            written.append(path)
    changed = wire(project, target) if wire_files else []
    click.echo(f"wrote {len(written)} schemas to {target}" + (f"; {len(changed)} files now name theirs"
                                                                 if wire_files else ""))


if __name__ == "__main__":  # pragma: no cover
    main()
