"""The commands about the project itself: ``list``, ``new``, ``trust``, ``schema``."""

from __future__ import annotations

import json
from pathlib import Path

import click

from deckgen.commands.common import load_for, plural, project_option
from deckgen.errors import DeckgenError


@click.command("list")
@project_option
def list_cmd(project_dir):
    """List games, engines, decks, card counts, documents and languages.

    \b
    Example:
      deckgen list --project my-games
    """
    project = load_for(project_dir, untrusted="skip")
    click.echo(f"{project.name}  ({project.root})")
    click.echo(f"languages: {', '.join(project.languages)}")
    for game in project.games.values():
        engine = f"  engine: {game.engine}" if game.engine else ""
        click.echo(f"{game.id}: {game.name(project.languages[0])}{engine}")
        for deck in game.decks.values():
            s = deck.size
            click.echo(f"  {deck.id}: {plural(deck.total_cards, 'card')} ({plural(len(deck.cards), 'kind')}), "
                       f"{'round ' if s.round else ''}{s.name} {s.width:g}×{s.height:g} mm + {s.bleed:g} mm bleed"
                       f"{'' if deck.localized else ', language-neutral'}")
            for variant in deck.variants.values():
                click.echo(f"    variant {variant.variant}: {plural(variant.total_cards, 'card')} "
                           f"({plural(len(variant.cards), 'kind')})")
        for doc in game.documents.values():
            click.echo(f"  document {doc.id} ({doc.kind or doc.template})")
    if project.needs_trust:
        from deckgen.trust import trust_command

        for game_id in project.needs_trust:
            click.echo(f"{game_id}: needs trust (its engine or card source comes from this project's plugins)")
        click.echo(f"plugins: not run; read them, then run: {trust_command(project.root)}")
    click.echo(f"engines: {', '.join(sorted(project.engines)) or 'none'}")


@click.command()
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


@click.command("trust")
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
    click.echo(f"trusted {plural(len(files), 'plugin file')} of {root}: {', '.join(files)} (recorded in {store})")


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


@click.command()
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

    project = load_for(project_dir)
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
