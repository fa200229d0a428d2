"""``deckgen check``: run every check that applies to a game, collect located problems.

General checks (translations, text fit and glyphs of every face, documents,
rule decisions, the engine conformance suite of :mod:`deckgen.checks.conformance`)
run for every game; a game's engine adds its own through
its descriptor (:class:`deckgen.registry.GameDescriptor` ``checks``), and a
project's plugin adds checks for every game of the project with
:func:`deckgen.registry.register_check` (:mod:`deckgen.parts`).  A
check is a :class:`deckgen.registry.Check`: it reads a
:class:`deckgen.registry.CheckContext` and returns
:class:`deckgen.errors.Problem` objects.  A problem found twice (a deck and
its variant share a card) is reported once.
"""

from __future__ import annotations

from deckgen.errors import DeckgenError, Problem, unique
from deckgen.model import Project
from deckgen.parts import project_parts
from deckgen.registry import CheckContext


def run_checks(project: Project, game_ids: list[str], only: set[str] | None = None,
               languages: tuple[str, ...] = (), progress=None) -> list[Problem]:
    """Run every applicable check of the given games (or those named in ``only``) for ``languages`` (empty:
    all of the project's); returns all problems.  ``progress`` (a :class:`deckgen.progress.Progress`) shows a
    stage per game, ticked as each check ends (charged to the game and to the check's name).

    Problems of the game's engine data (which the engine's checks need) are
    always reported.
    """
    from deckgen.checks.conformance import CONFORMANCE
    from deckgen.checks.general import GENERAL
    from deckgen.decisions import RULE_EXAMPLES

    problems: list[Problem] = []
    added = list(project_parts(project).checks.values())
    for gid in game_ids:
        game = project.games[gid]
        descriptor = project.descriptor(game)
        try:
            data = descriptor.data_for(game) if descriptor else {}
        except DeckgenError as exc:  # the game's engine data is broken: its engine checks would cascade
            problems.extend(exc.problems)
            data = None
        ctx = CheckContext(project, game, data or {}, tuple(languages))
        checks = list(GENERAL)
        if descriptor is not None and data is not None:
            checks += [*descriptor.checks, RULE_EXAMPLES, CONFORMANCE]
        elif data is None:  # documents and the rulebook are made from that data: they would only echo it
            checks = [c for c in checks if c.name not in ("documents", "rulebook")]
        checks += added  # a plugin's check that raises is blamed at its line (deckgen.blame)
        to_run = [check for check in checks if only is None or check.name in only]
        tick = progress.stage(f"checking {gid}", len(to_run), "checks") if progress is not None else None
        for check in to_run:
            problems.extend(check.run(ctx))
            if tick is not None:
                tick(1, game=gid, kind=check.name)
    return unique(problems)

