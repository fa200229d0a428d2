"""The commands that show the cards: ``preview`` (the gallery), ``serve`` (it, live), ``showcase``."""

from __future__ import annotations

from pathlib import Path

import click

from deckgen.commands.common import (card_list, chosen_languages, load_for, out_option, output_folder, progress_for,
                                     project_option, report_lines, shown_languages, time_summary)
from deckgen.errors import DeckgenError, Problem


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

    return GalleryOptions(out=out or output_folder(project, None) / "preview", languages=shown_languages(
        project, languages), cards=card_list(cards), variant=variant, dpi=dpi, workers=jobs, live=live)


gallery_lang_option = click.option(
    "--lang", "languages", multiple=True, metavar="LANG",
    help="Languages: a code (de), a list (de,fr) or all. Default: the project's first.")


gallery_out_option = click.option(
    "--out", type=click.Path(file_okay=False, path_type=Path), default=None,
    help="Folder of the gallery. Default: output/preview/ of the project.")


@click.command()
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
@click.option("--plan", "plan_only", is_flag=True, help="List the page and assets the gallery writes (its pictures "
                                                        "are named as they are drawn) and write nothing.")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but problems.")
@project_option
def preview(games, languages, cards, variant, dpi, out, jobs, output, back, columns, plan_only, quiet, project_dir):
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
    project = load_for(project_dir)
    if output is not None:
        _contact_sheet(project, games, languages, dpi, columns, variant, back, output)
        return
    from deckgen.preview.gallery import build_gallery, check_gallery_options, gallery_selection, prune

    game_ids = _gallery_games(project, games)
    if columns is not None:
        click.echo("--columns only shapes the contact sheet (-o FILE); the gallery fits the window", err=True)
    options = _gallery_options(project, languages, cards, variant, dpi, out, jobs)
    if plan_only:
        from deckgen.outputs.extra import plan_each

        check_gallery_options(project, game_ids, options)
        selection, generator = gallery_selection(project, game_ids, options)
        for planned in plan_each(selection, [generator])[0]:
            click.echo(planned.line())
        return
    with progress_for(quiet) as progress:
        gallery = build_gallery(project, game_ids, options, progress=progress)
    prune(options.out, gallery.pictures)
    report_lines(gallery.errors)
    if not quiet:
        click.echo(f"wrote {Path(options.out) / 'index.html'}")
        click.echo(gallery.line())
    time_summary(progress, quiet)


def _contact_sheet(project, args, languages, dpi, columns, variant, back, output) -> None:
    from deckgen.preview import contact_sheet, write_png

    if not args:
        raise DeckgenError(Problem(None, None, None, "-o", "the contact sheet needs a GAME: "
                                                           "`deckgen preview GAME [CARD…] -o FILE.png`"))
    png, problems = contact_sheet(project, args[0], list(args[1:]), chosen_languages(project, languages), dpi, columns,
                                  variant, back)
    write_png(output, png)
    report_lines(problems)
    click.echo(f"wrote {output}")


@click.command()
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
        project = load_for(project_dir)
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
                                 cards=card_list(cards), variant=variant, dpi=dpi, workers=jobs, live=True)
    live = LiveGallery(root, game_ids, options, log=lambda line: click.echo(line, err=True))
    run_server(live, port, ready=lambda url: click.echo(f"serving {url} (Ctrl-C stops)"))


@click.command()
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

    project = load_for(project_dir, [game])
    if lang is not None:
        chosen_languages(project, (lang,))
    shown = make_showcase(project, game, deck, card_list(cards), lang, dpi, title=not no_title)
    chosen = lang or project.languages[0]
    if output is None:
        from deckgen.preview.showcase import pick_deck

        label = pick_deck(project.games[game], deck).label
        output = output_folder(project, out) / f"showcase-{game}-{label}-{chosen}.png"
    write_atomic(output, shown.png)
    report_lines(shown.problems)
    click.echo(f"wrote {output} ({shown.size[0]}×{shown.size[1]} px: {', '.join(shown.cards)})")
