"""``deckgen kit``: a convention's print plan, printer runs, table labels and shop orders in one folder."""

from __future__ import annotations

from pathlib import Path

import click

from deckgen.commands.common import (PAPERS, chosen_languages, load_for, output_folder, progress_for, project_option,
                                     time_summary)
from deckgen.errors import DeckgenError, Problem


@click.command()
@click.argument("tables", nargs=-1, required=True, metavar="PLAN.yaml | GAME:TABLES...")
@click.option("--lang", "languages", multiple=True, metavar="LANG,...",
              help="Short form: a booklet per table in each of these languages, the decks in the first "
                   "(default: the project's first language).")
@click.option("--paper", type=click.Choice(PAPERS, case_sensitive=False), default="a4", show_default=True,
              help="Short form: the paper of the home printer.")
@click.option("--duplex", type=click.Choice(["long", "short", "none"]), default="long", show_default=True,
              help="Short form: how the printer prints both sides (none: you turn the stack by hand).")
@click.option("--printer", "printer_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Short form: a printer profile moving every backs page (default: the one deckgen calibrate "
                   "saved, if there is one).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The kit's folder (default: output/kit/ in the project).")
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True,
              help="Resolution the cards are rasterized at.")
@click.option("--dry-run", is_flag=True, help="Print the plan (runs, pages, sheets, files) and make nothing.")
@click.option("--json", "as_json", is_flag=True, help="With --dry-run: print plan.json instead.")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes making decks, documents and booklets at once (default: the cores; 1: one process).")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but problems.")
@project_option
def kit(tables, languages, paper, duplex, printer_file, out, dpi, dry_run, as_json, jobs, quiet, project_dir):
    """Make everything a convention prints: say how many tables of which games in which languages.

    Writes into one folder (default output/kit/): plan.pdf and plan.json
    (every printer run with its paper, duplex mode, pages, sheets, ink and
    times, and a checklist of what to cut, fold and sort), one PDF per
    printer run with its pages in the order they go through the printer,
    the table labels, and an order bundle per print shop.  A mistake in the
    plan is one located line and nothing is written.

    \b
    Examples:
      deckgen kit classic:6 pazaak:4 --lang de,en
      deckgen kit classic:6 pazaak:4 --lang de,en --dry-run
      deckgen kit convention.yaml
      deckgen kit convention.yaml --out /tmp/kit
    """
    from deckgen.kit.plan import read_plan, short_plan

    project = load_for(project_dir)
    is_file = len(tables) == 1 and ":" not in tables[0] and tables[0].endswith((".yaml", ".yml"))
    if is_file:
        for flag, given in (("--lang", languages), ("--printer", printer_file)):
            if given:
                raise DeckgenError(Problem(None, None, None, flag, f"a plan file says its own {flag[2:]}: "
                                                                   f"leave out {flag}"))
        plan = read_plan(project, Path(tables[0]))
    else:
        from deckgen.layout.printer import find_profile

        plan = short_plan(project, tuple(tables), chosen_languages(project, languages), paper.lower(), duplex,
                          find_profile(printer_file)[1])  # --printer, else the one deckgen calibrate saved
    folder = Path(out) if out is not None else output_folder(project, None) / "kit"
    if dry_run:
        _dry_run(project, plan, folder, as_json)
        return
    from deckgen.kit.make import make_kit
    from deckgen.project import cache_home

    with progress_for(quiet) as progress:
        written = make_kit(project, plan, folder, progress, dpi=dpi, workers=jobs, cache_home=cache_home(project.root))
    if not quiet:
        for path in written:
            click.echo(f"wrote {path}")
    time_summary(progress, quiet)


def _dry_run(project, plan, folder: Path, as_json: bool) -> None:
    import json

    from deckgen.kit.make import dry_run
    from deckgen.kit.report import plan_lines

    _, data = dry_run(project, plan, folder)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    for style, text in plan_lines(project, plan, data):
        click.echo({"title": "", "heading": "\n", "text": "  ", "item": "  - "}[style] + text)
