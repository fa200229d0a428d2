"""``deckgen diff``: what changed between two versions of a project, as a report, pictures or an errata kit."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import click

from deckgen.commands.common import progress_for, project_option


@click.command()
@click.argument("old", required=False)
@click.argument("new", required=False)
@click.option("--lang", "languages", multiple=True, metavar="LANG",
              help="Languages: a code (de), a list (de,fr) or all. Default: all of the project's.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write an HTML report with pictures (old | new | changed pixels) into this folder.")
@click.option("--errata", is_flag=True, help="With --out: also the errata kit (reprint sheets of the changed "
                                             "and added cards, an errata sheet per language, cards to take out).")
@project_option
def diff(old, new, languages, as_json, out, errata, project_dir):
    """Show what changed between OLD and NEW: cards, copies, backs, booklet sections.

    Each side is a git revision of the project (a commit, branch or tag) or a
    project folder; OLD defaults to the last commit and NEW to the working
    tree, uncommitted changes included.  A card counts as changed when its
    printed face differs, not when only its data file moved.

    \b
    Examples:
      deckgen diff                       # the last commit against your changes
      deckgen diff v1.0 v1.1 --lang de
      deckgen diff v1.0 --out diff/ --errata
    """
    from deckgen.diffing.compare import compare, lines
    from deckgen.diffing.run import snapshot
    from deckgen.diffing.sides import resolve
    from deckgen.errors import DeckgenError, Problem
    from deckgen.output import cache_folder
    from deckgen.project import default_output, find_project_root

    if errata and out is None:
        raise DeckgenError(Problem(None, None, None, "--errata", "needs --out DIR: the folder the kit goes to"))
    project = find_project_root(project_dir)
    codes = tuple(c.strip() for v in languages for c in v.split(",") if c.strip() and c.strip() != "all")
    with tempfile.TemporaryDirectory(prefix="deckgen-diff-") as tmp:
        scratch = Path(tmp)
        sides = resolve(old, "OLD", project, scratch), resolve(new, "NEW", project, scratch)
        cache = cache_folder(default_output(project), create=True)
        from concurrent.futures import ThreadPoolExecutor

        with progress_for(False, piped=not as_json) as progress, \
                ThreadPoolExecutor(2) as pool:  # each side builds in a process of its own: both cores at once
            built = progress.stage("building", 2, "sides")
            old_job, new_job = (pool.submit(snapshot, side, scratch, codes, cache) for side in sides)
            old_snap = old_job.result()
            built(1)
            new_snap = new_job.result()
            built(1)
        for side, snap in zip(sides, (old_snap, new_snap)):
            unknown = [c for c in codes if c not in snap["languages"]]
            if unknown:
                raise DeckgenError(Problem(None, None, None, "--lang",
                                           f"{unknown[0]!r} is not a language of {side.label} "
                                           f"({', '.join(snap['languages'])})"))
        report = compare(old_snap, new_snap, codes)
        if as_json:
            click.echo(json.dumps({"old": sides[0].label, "new": sides[1].label, "games": report},
                                  indent=2, ensure_ascii=False))
        else:
            click.echo(f"{sides[0].label} -> {sides[1].label}")
            for line in lines(report):
                click.echo(f"  {line}")
        if out is not None:
            from deckgen.diffing.html import write_report

            page = write_report(report, sides, out, scratch)
            click.echo(f"wrote {page}", err=as_json)
            if errata:
                from deckgen.diffing.errata import write_errata

                for path in write_errata(report, sides, new_snap, out, scratch, cache):
                    click.echo(f"wrote {path}", err=as_json)
