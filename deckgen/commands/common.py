"""What every command shares: loading the project, --project/--lang/--out, problems and progress on stderr."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from deckgen.errors import DeckgenError, Problem, collapse
from deckgen.layout.papers import CHOICES as PAPERS

EXIT_INPUT = 2  # a problem in the user's files or command
EXIT_INTERNAL = 1  # a bug in deckgen


def load_for(project_dir, games=(), untrusted="refuse"):
    """The project; with ``games``, only those games are loaded (when the project lists them all).
    ``untrusted="skip"``: a command that needs no plugin leaves untrusted plugins (and their games) out."""
    from deckgen.loader import load_project
    from deckgen.project import find_project_root

    project = load_project(find_project_root(project_dir), only=list(games) or None, untrusted=untrusted)
    report_lines(project.notes)
    return project


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def report_lines(problems) -> None:
    for p in problems:
        click.echo(str(p), err=True)


def report_problems(problems) -> None:
    """Every problem once, one line each, then their count (what follows from them is not counted)."""
    problems = collapse(problems)
    report_lines(problems)
    errors = sum(1 for p in problems if not p.warning)
    if errors:
        click.echo(plural(errors, "problem"), err=True)


def chosen_languages(project, values: tuple[str, ...]) -> tuple[str, ...]:
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


def output_folder(project, out: Path | None) -> Path:
    from deckgen.project import default_output

    return out if out is not None else default_output(project.root)


def progress_for(quiet: bool, piped: bool = True):
    """The progress of a long command on stderr (:mod:`deckgen.progress`): one live view on a terminal, one
    line per stage (and one every half minute in a long stage) when piped (unless not ``piped``: a command
    whose output tools read line by line), nothing shown when ``quiet`` (its timings still kept, for
    ``--json``).  Use it in a ``with`` block: the view ends with the block."""
    from deckgen.progress import progress_for_stream

    return progress_for_stream(sys.stderr, quiet or (not piped and not sys.stderr.isatty()))


def time_summary(progress, quiet: bool = False) -> None:
    """Where the time went (per stage, per game) on stderr, after the command's own lines; nothing when
    ``quiet``."""
    if not quiet:
        for line in progress.summary().lines():
            click.echo(line, err=True)


def shown_languages(project, values: tuple[str, ...]) -> tuple[str, ...]:
    """``--lang`` of a command that shows one language unless asked (the gallery, decisions): the codes
    given, every language for ``all``; () (the first) if none."""
    codes = chosen_languages(project, values)
    return codes or (tuple(project.languages) if any(v.strip() for v in values) else ())


def card_list(cards: str | None) -> tuple[str, ...]:
    return tuple(c.strip() for c in (cards or "").split(",") if c.strip())


def deck_list(value: str | None) -> dict:
    """``--decks NAME[:N],...`` as BuildOptions fields: ``decks`` (the names) and ``deck_copies`` (those given
    a count); a located problem for a count that is not a whole number."""
    if not value:
        return {}
    names, copies = [], []
    for item in (part.strip() for part in value.split(",")):
        if not item:
            continue
        name, _, count = item.partition(":")
        names.append(name.strip())
        if count:
            if not count.strip().isdigit():
                raise DeckgenError(Problem(None, None, None, "--decks",
                                           f"{item!r}: the copies after ':' must be a whole number"))
            copies.append((name.strip(), int(count)))
    return {"decks": tuple(names), "deck_copies": tuple(copies)}
