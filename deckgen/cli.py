"""The ``deckgen`` command line (click): options in, pipeline called, report out.

Conventions shared by every command: ``--project DIR`` (default: the
nearest folder with a ``deckgen.yaml`` here or above, else the bundled
games); ``--lang`` takes a code, a comma-separated list or ``all``;
``--out DIR`` where files are written.  Input problems print as
``FILE:LINE:COLUMN: field: message`` lines on stderr and exit 2.  Nothing
here names a game: options and commands that belong to one game come from
its descriptor (:mod:`deckgen.registry`).

This module is the group and its error policy; the commands are in
:mod:`deckgen.commands` (a module per kind of job).
"""

from __future__ import annotations

import sys

import click

from deckgen import __version__
from deckgen.commands.common import EXIT_INPUT, EXIT_INTERNAL, report_problems
from deckgen.commands.gallery import preview, serve, showcase
from deckgen.commands.games import check, decisions, judge, simulate
from deckgen.commands.kit import kit
from deckgen.commands.calibrate import calibrate
from deckgen.commands.making import build, clean, export, rules
from deckgen.commands.project import list_cmd, new, schema, trust_cmd
from deckgen.commands.translate import translate
from deckgen.commands.diff import diff
from deckgen.errors import DeckgenError

#: Said with an internal error (a bug in deckgen, not a problem in the user's files).
REPORT_HINT = ("this is a bug in deckgen, not a mistake in your files: please report it with the command you "
               "ran, deckgen --version and the lines above")


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
            report_problems(exc.problems)
            ctx.exit(EXIT_INPUT)
        except KeyboardInterrupt:
            from deckgen.interrupt import interrupted

            ctx.exit(interrupted())
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
                report_problems([blamed])
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
      deckgen kit classic:6 pazaak:4 --lang de,en   a convention's print plan and runs
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



for _command in (build, export, calibrate, clean, rules, kit, check, judge, simulate, decisions, preview, serve,
                 showcase, list_cmd, new, trust_cmd, schema, translate, diff):
    main.add_command(_command)


if __name__ == "__main__":  # pragma: no cover
    main()
