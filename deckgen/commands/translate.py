"""``deckgen translate``: status of every translation, the baseline, and the PO round trip for translators."""

from __future__ import annotations

import json
from pathlib import Path

import click

from deckgen.commands.common import plural, project_option, report_lines
from deckgen.errors import DeckgenError, Problem

_lang = click.option("--lang", "languages", multiple=True, metavar="LANG",
                     help="Languages: a code (de), a list (de,fr) or all. Default: every translated language.")


@click.group()
def translate():
    """Translators' tools: what is stale or missing, and PO files for Poedit, Weblate, Crowdin or Lokalise.

    \b
    Examples:
      deckgen translate status --lang de
      deckgen translate export --format po --lang de --out po/
      deckgen translate import po/
      deckgen translate mark --lang de
    """


@translate.command()
@project_option
@_lang
@click.argument("games", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print {GAME: {LANG: {translated, stale, missing, "
                                                        "identical, words}}} as JSON.")
@click.option("--strict", is_flag=True, help="Exit 1 when anything is stale or missing (for CI).")
def status(project_dir, languages, games, as_json, strict):
    """Count translated, stale, missing and unchanged texts per game and language, and the words to do."""
    from deckgen.translate.project_texts import text_project
    from deckgen.translate.status import language_status

    project = text_project(project_dir)
    langs, names = project.pick_languages(languages), project.pick_games(games)
    table: dict[str, dict[str, dict[str, int]]] = {}
    recorded: dict[tuple[str, str], bool] = {}
    for game in names:
        for lang in langs:
            st = language_status(project.root, game, project.source, lang)
            table.setdefault(game, {})[lang] = st.counts()
            recorded[game, lang] = st.baseline
    unknown = not all(recorded.values())
    if as_json:
        click.echo(json.dumps(table, indent=2, ensure_ascii=False))
    else:
        click.echo(f"translated from {project.source}:")
        for game, by_lang in table.items():
            for lang, c in by_lang.items():
                stale = str(c["stale"]) if recorded[game, lang] else "unknown"
                click.echo(f"  {game} {lang}: {c['translated']} translated, {stale} stale, {c['missing']} missing, "
                           f"{c['identical']} same as {project.source}; {plural(c['words'], 'word')} to translate")
        if unknown:
            click.echo("stale: unknown where no baseline was recorded; after checking the translations, "
                       "record one with `deckgen translate mark`", err=True)
    if strict and any(c["stale"] or c["missing"] for by in table.values() for c in by.values()):
        raise SystemExit(1)


@translate.command()
@project_option
@_lang
@click.argument("games", nargs=-1)
def mark(project_dir, languages, games):
    """Record that every present translation is current (made from today's source texts)."""
    from deckgen.translate.baseline import write_baseline
    from deckgen.translate.project_texts import text_project
    from deckgen.translate.status import current_hashes, language_status

    project = text_project(project_dir)
    for game in project.pick_games(games):
        for lang in project.pick_languages(languages):
            st = language_status(project.root, game, project.source, lang)
            hashes = current_hashes(st)
            if not hashes:
                continue
            path = write_baseline(project.root, game, lang, project.source, hashes)
            click.echo(f"{path.relative_to(project.root).as_posix()}: {plural(len(hashes), 'text')} recorded as current")


@translate.command("export")
@project_option
@_lang
@click.argument("games", nargs=-1)
@click.option("--format", "fmt", type=click.Choice(["po"]), default="po", show_default=True)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="Folder to write DIR/GAME/LANG.po to.")
@click.option("--no-room", is_flag=True, help="Leave out the room hints (they render every card once).")
def export_cmd(project_dir, languages, games, fmt, out, no_room):
    """Write one PO file per game and language (a language the project lacks gets an empty one)."""
    from deckgen.translate.po import export_po
    from deckgen.translate.project_texts import text_project

    project = text_project(project_dir)
    from deckgen.translate.room_hints import RoomsUnknown, room_hints

    for game in project.pick_games(games):
        try:
            rooms = None if no_room else room_hints(project.root, game, project.source)
        except RoomsUnknown as exc:
            rooms = None
            click.echo(f"{game}: no room hints: the project does not load ({plural(exc.args[0], 'problem')}; "
                       f"`deckgen check {game}` lists them)", err=True)
        for lang in project.pick_languages(languages, allow_new=True):
            path = export_po(project.root, game, project.source, lang, out, rooms)
            click.echo(str(path))


@translate.command("import")
@project_option
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
def import_cmd(project_dir, folder):
    """Bring the translations of every PO file under FOLDER back into the project's files."""
    from deckgen.translate.po import identify, import_po, read_po
    from deckgen.translate.project_texts import text_project

    project = text_project(project_dir)
    files = sorted(Path(folder).rglob("*.po"))
    if not files:
        raise DeckgenError(Problem(str(folder), None, None, None, "no .po files here"))
    read = []
    problems: list[Problem] = []
    for path in files:
        display = str(path)
        try:
            po = read_po(path, display)
            read.append((path, display, po, *identify(po, display, list(project.games), list(project.languages))))
        except DeckgenError as exc:
            problems.extend(exc.problems)
    if problems:
        raise DeckgenError(problems)
    for _path, display, po, game, lang in read:
        if lang == project.source:
            raise DeckgenError(Problem(display, 1, None, "Language", f"{lang!r} is the project's first language: "
                                                                     f"its texts are the source, not a translation"))
        report = import_po(project.root, po, display, game, project.source, lang)
        report_lines(report.warnings)
        line = f"{game} {lang}: {plural(report.changed, 'text')} updated"
        if report.confirmed:
            line += f", {report.confirmed} confirmed as current"
        if report.fuzzy:
            line += f", {report.fuzzy} still fuzzy (skipped)"
        click.echo(line + (f" ({', '.join(report.written)})" if report.written else ""))
        if lang not in project.languages and report.written:
            click.echo(f"add {lang} to `languages:` in deckgen.yaml to build it", err=True)


@translate.command()
@project_option
@_lang
@click.argument("games", nargs=-1)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder to write to. Default: output/translate/ of the project.")
def proof(project_dir, languages, games, out):
    """Write a proof page per game and language: each stale or missing text, source and translation side by
    side, with the card it is printed on or its page in the draft booklet."""
    from deckgen.commands.common import load_for, output_folder
    from deckgen.translate.project_texts import text_project
    from deckgen.translate.proof import write_proof

    texts = text_project(project_dir)
    names, langs = texts.pick_games(games), texts.pick_languages(languages)
    project = load_for(texts.root, names, untrusted="skip")
    folder = out if out is not None else output_folder(project, None) / "translate"
    for game in names:
        for lang in langs:
            click.echo(f"wrote {write_proof(project, game, lang, folder)}")
