"""The ``deckgen`` command line (click): options in, pipeline called, report out.

Every command takes ``--project DIR``; without it the nearest folder with a
``deckgen.yaml`` (here or above) is used, else the bundled games.  Input
problems print as ``FILE:LINE: field: message`` lines on stderr and exit 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from deckgen import __version__
from deckgen.errors import DeckgenError, Problem, ShowdownError
from deckgen.layout.papers import PAPERS_MM

EXIT_INPUT = 2


def _load(project_dir):
    from deckgen.loader import load_project
    from deckgen.project import find_project_root

    return load_project(find_project_root(project_dir))


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _report(problems) -> None:
    for p in problems:
        click.echo(str(p), err=True)


project_option = click.option(
    "--project", "project_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
    help="Project folder (holds deckgen.yaml). Default: the nearest deckgen.yaml here or above, "
         "else the bundled games.")


class DeckgenGroup(click.Group):
    """Turns DeckgenError into located one-line messages and exit code 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except DeckgenError as exc:
            _report(exc.problems)
            ctx.exit(EXIT_INPUT)
        except KeyboardInterrupt:
            click.echo("interrupted; finished files were kept, unfinished ones not written", err=True)
            ctx.exit(130)
        except OSError as exc:  # an output folder that cannot be written, a full disk, ...
            where = f"{exc.filename}: " if exc.filename else ""
            click.echo(f"{where}{exc.strerror or exc}", err=True)
            ctx.exit(1)


@click.group(cls=DeckgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="deckgen")
def main():
    """deckgen: card games from YAML data to print-ready PDFs.

    \b
    Examples:
      deckgen list                     what games and decks the project has
      deckgen build                    everything into output/
      deckgen build classic --paper letter --duplex short
      deckgen check                    validate data, text fit and glyphs
      deckgen judge classic hand.yaml  who wins a showdown
    """


@main.command("list")
@project_option
def list_cmd(project_dir):
    """List games, decks, card counts and languages.

    \b
    Example:
      deckgen list --project my-games
    """
    project = _load(project_dir)
    click.echo(f"{project.name}  ({project.root})")
    click.echo(f"languages: {', '.join(project.languages)}")
    for game in project.games.values():
        engine = f"  engine: {game.engine}" if game.engine else ""
        click.echo(f"{game.id}: {game.name(project.languages[0])}{engine}")
        for deck in game.decks.values():
            s = deck.size
            click.echo(f"  {deck.id}: {_count(deck.total_cards, 'card')} ({_count(len(deck.cards), 'kind')}), "
                       f"{s.name} {s.width:g}×{s.height:g} mm + {s.bleed:g} mm bleed"
                       f"{'' if deck.localized else ', language-neutral'}")
            for variant in deck.variants.values():
                click.echo(f"    variant {variant.variant}: {_count(variant.total_cards, 'card')} "
                           f"({_count(len(variant.cards), 'kind')})")
        for doc in game.documents.values():
            click.echo(f"  document {doc.id} ({doc.kind})")


@main.command()
@click.argument("games", nargs=-1)
@click.option("--paper", type=click.Choice(sorted(PAPERS_MM), case_sensitive=False), default="a4",
              show_default=True, help="Paper size of the print-and-play sheets.")
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True,
              help="Resolution the cards are rasterized at.")
@click.option("--duplex", type=click.Choice(["long", "short", "none"]), default="long", show_default=True,
              help="How backs pages are mirrored: long-edge or short-edge duplex, or none (fronts only).")
@click.option("--lang", "languages", multiple=True, help="Only these languages (repeatable). Default: all.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder. Default: output/ in the project folder.")
@click.option("--jobs", type=click.IntRange(1, 64), default=None, help="Rasterizing processes (default: CPUs).")
@click.option("--variant", "--faces", "variant", default=None,
              help="Build only this deck variant, e.g. --faces cloud-city (default: every deck and variant).")
@project_option
def build(games, paper, dpi, duplex, languages, out, jobs, variant, project_dir):
    """Build print-ready PDFs of GAMES (default: all).

    For each deck and language, writes OUT/GAME/DECK-LANG-PAPER.pdf (sheets
    with crop marks, a backs page after each fronts page) and
    OUT/GAME/DECK-LANG-cards.pdf (one card per page with bleed, TrimBox
    and BleedBox, for print shops).  Nothing is written if any card has a
    problem.

    \b
    Examples:
      deckgen build
      deckgen build classic --paper letter --dpi 600
      deckgen build classic --lang de --duplex short --out /tmp/print
    """
    from deckgen.build import BuildOptions, build as run_build

    project = _load(project_dir)
    game_ids = list(games) or list(project.games)
    options = BuildOptions(paper=paper.lower(), dpi=dpi, duplex=duplex, out=out or project.root / "output",
                           languages=tuple(languages), workers=jobs, variant=variant)
    bars = []

    def progress(label, total):
        bar = click.progressbar(length=total, label=f"{label:<24}", file=sys.stderr, show_pos=True)
        bar.__enter__()
        bars.append(bar)

        def tick(n):
            bar.update(n)
            if bar.pos >= total:
                bar.__exit__(None, None, None)
        return tick

    written = run_build(project, game_ids, options, progress if sys.stderr.isatty() else None)
    for path in written:
        click.echo(f"wrote {path}")


@main.command()
@click.argument("games", nargs=-1)
@project_option
def check(games, project_dir):
    """Check GAMES (default: all): data, composition, translations, text fit, glyphs.

    Prints one line per problem and exits 1 if there is any.

    \b
    Example:
      deckgen check classic
    """
    from deckgen.checks import run_checks

    project = _load(project_dir)
    game_ids = list(games) or list(project.games)
    unknown = [g for g in game_ids if g not in project.games]
    if unknown:
        raise DeckgenError(f"unknown game {unknown[0]!r} (this project has: {', '.join(project.games)})")
    problems = run_checks(project, game_ids)
    for line in problems:
        click.echo(line)
    if problems:
        click.echo(f"{len(problems)} problem(s)", err=True)
        sys.exit(1)
    click.echo(f"ok: {', '.join(game_ids)}")


@main.command()
@click.argument("game")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--location", default=None, help="Local rules to judge under (classic: e.g. imperial).")
@project_option
def judge(game, file, location, project_dir):
    """Judge the showdown in FILE (YAML or JSON) with GAME's reference engine; print JSON.

    \b
    Example (classic):
      players:
        - {name: A, hand: [coins:11, sabers:ace]}
        - {name: B, hand: [face:idiot, flasks:2, staves:3]}
    \b
      deckgen judge classic showdown.yaml --location imperial
    """
    from deckgen import engines
    from deckgen.loader import load_engine_data
    from deckgen.yamlpos import load_yaml

    try:
        engine = engines.get(game)
    except KeyError:
        raise DeckgenError(f"no engine for game {game!r} (known: {', '.join(engines.names())})") from None
    doc = load_yaml(file)
    project = _load(project_dir)
    options = load_engine_data(project.games[game]) if game in project.games else {}
    if location is not None:
        options["location"] = location
    try:
        result = engine.judge(doc.data, **options)
    except ShowdownError as exc:
        if exc.path[:1] == ("location",) and location is not None:
            raise DeckgenError(Problem(exc.message, None, None, "--location")) from None
        raise DeckgenError(doc.problem(exc.path, exc.message)) from None
    click.echo(json.dumps(result, ensure_ascii=False, indent=2))


@main.command()
@click.argument("game")
@project_option
def decisions(game, project_dir):
    """Print the rule decisions of GAME's engine, each example judged by the engine now.

    Where the source rules are silent or ambiguous, each engine decides and
    states the decision with example hands; rulebooks in every language
    state the same.  A line marked MISMATCH means the engine no longer
    judges the example as the rule claims (``deckgen check`` fails too).

    \b
    Example:
      deckgen decisions gladbach
    """
    from deckgen import engines
    from deckgen.checks.examples import decisions_of, example_showdown
    from deckgen.loader import load_engine_data

    try:
        engine = engines.get(game)
    except KeyError:
        raise DeckgenError(f"no engine for game {game!r} (known: {', '.join(engines.names())})") from None
    project = _load(project_dir)
    data = load_engine_data(project.games[game]) if game in project.games else {}
    for decision in decisions_of(engine):
        click.echo(f"{decision['id']}: {decision['rule']}")
        for example in decision.get("examples", []):
            showdown, claimed, options = example_showdown(example)
            hands = "  vs  ".join(
                f"{p['name']}: {' '.join(str(c) for c in p.get('hand', p.get('table', [])))}"
                for p in showdown["players"])
            where = f" [{options['location']}]" if options else ""
            try:
                got = engine.judge(showdown, **data, **options)["winners"]
            except ShowdownError as exc:
                got = [f"error: {exc.message}"]
            mark = "" if sorted(got) == sorted(claimed) else "   MISMATCH"
            click.echo(f"    {hands}{where}  ->  {', '.join(got) or 'nobody'}{mark}")
        click.echo("")


@main.command()
@click.argument("game")
@click.argument("cards", nargs=-1)
@click.option("--lang", "languages", multiple=True, help="Only these languages (repeatable). Default: all.")
@click.option("--dpi", type=click.IntRange(36, 600), default=150, show_default=True)
@click.option("--columns", type=click.IntRange(1, 40), default=None, help="Cards per row (default: up to 8).")
@click.option("--variant", "--faces", "variant", default=None, help="Show a deck variant, e.g. cloud-city.")
@click.option("--back", is_flag=True, help="Also show the deck's back.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="PNG file to write (default: output/preview-GAME.png).")
@project_option
def preview(game, cards, languages, dpi, columns, variant, back, output, project_dir):
    """Render CARDS of GAME (default: all) to one PNG contact sheet, to look at a design or a translation.

    The thin white line on each card is the trim; outside it is bleed.  Text
    problems are printed but do not stop the preview.

    \b
    Examples:
      deckgen preview classic the-star coins-5 --lang de --lang ru
      deckgen preview pazaak --back -o /tmp/pazaak.png
    """
    from deckgen.preview import contact_sheet, write_png

    project = _load(project_dir)
    png, problems = contact_sheet(project, game, list(cards), tuple(languages), dpi, columns, variant, back)
    target = output or project.root / "output" / f"preview-{game}.png"
    write_png(target, png)
    for line in problems:
        click.echo(line, err=True)
    click.echo(f"wrote {target}")


@main.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
def new(directory):
    """Start a project folder in DIRECTORY from a small example.

    \b
    Example:
      deckgen new my-games && cd my-games && deckgen build
    """
    from deckgen.scaffold import create_project

    create_project(directory)
    click.echo(f"created {directory}: edit data/, templates/ and deckgen.yaml, then run `deckgen build`")


if __name__ == "__main__":  # pragma: no cover
    main()
