"""The commands about a game's rules: ``check``, ``judge``, ``simulate``, ``decisions`` (with the options
each game's descriptor declares)."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import click

from deckgen.commands.common import (EXIT_INPUT, chosen_languages, lang_option, load_for, plural, progress_for,
                                    project_option, report_lines, shown_languages, time_summary)
from deckgen.errors import DeckgenError, Problem, ShowdownError, collapse


@click.command()
@click.argument("games", nargs=-1)
@lang_option
@click.option("-q", "--quiet", is_flag=True, help="Show no progress; print only the problems (and ok).")
@project_option
def check(games, languages, quiet, project_dir):
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

    project = load_for(project_dir, games)
    game_ids = list(games) or list(project.games)
    check_selection(project, game_ids, None, ())
    with progress_for(quiet, piped=False) as progress:  # tools read check's lines: a live view on a terminal only
        problems = collapse(run_checks(project, game_ids, languages=chosen_languages(project, languages),
                                       progress=progress))
    errors = [p for p in problems if not p.warning]
    for problem in problems:
        click.echo(str(problem))
    if sys.stderr.isatty():  # where the time went, per check: on a terminal (tools read check's lines)
        time_summary(progress, quiet)
    if errors:
        click.echo(f"{plural(len(errors), 'problem')}", err=True)
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


@click.command(cls=JudgeCommand, context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
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

    project = load_for(project_dir, [game])
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


@click.command(cls=SimulateCommand, context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
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

    project = load_for(project_dir, [game])
    game_model, descriptor = require_engine(project, game)
    options = _judge_option_values(descriptor, list(ctx.args), descriptor.simulate_options)
    data = descriptor.data_for(game_model)
    players = players or descriptor.players[0]
    with progress_for(as_json, piped=False) as progress:  # a live view on a terminal only
        played = progress.stage("playing", count, "games")
        summary = run(descriptor, data, players, count, seed, strategy, options, played)
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


@click.command()
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

    project = load_for(project_dir, [game])
    game_model, descriptor = require_engine(project, game)
    if game_model is None or game_model.decisions is None:
        raise DeckgenError(f"{game!r} has no decisions.yaml")
    langs = shown_languages(project, languages) or project.languages[:1]
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
    report_lines(problems)
