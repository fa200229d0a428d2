"""Helpers for a game plugin's own tests: the conformance suite ``deckgen check`` runs, as a pytest assertion.

In a plugin author's tests::

    from deckgen.testing import assert_conforms

    def test_my_game_conforms():
        assert_conforms("path/to/project", "mygame")

:func:`conformance_problems` returns the problems instead (a list of
:class:`deckgen.errors.Problem`; empty when the game conforms).  The suite
is :mod:`deckgen.checks.conformance` plus the judged rule examples of
``data/GAME/decisions.yaml``.
"""

from __future__ import annotations

from pathlib import Path

from deckgen.errors import DeckgenError, Problem


def conformance_problems(project_dir: str | Path, game: str | None = None) -> list[Problem]:
    """The conformance problems of ``game`` (default: every game with an engine) of the project in
    ``project_dir``; a project that does not load gives its own problems."""
    from deckgen.checks.conformance import conformance_problems as suite
    from deckgen.decisions import example_problems
    from deckgen.loader import load_project

    try:
        project = load_project(Path(project_dir))
    except DeckgenError as exc:
        return list(exc.problems)
    problems: list[Problem] = []
    for gid in [game] if game else list(project.games):
        if gid not in project.games:
            return [Problem.at(f"no game {gid!r} (games: {', '.join(project.games) or 'none'})")]
        model = project.games[gid]
        descriptor = project.descriptor(model)
        if descriptor is None:
            continue
        try:
            data = descriptor.data_for(model)
        except DeckgenError as exc:
            problems += exc.problems
            continue
        problems += example_problems(model, descriptor, data)
        problems += suite(project, model, descriptor, data)
    return problems


def assert_conforms(project_dir: str | Path, game: str | None = None) -> None:
    """Fail (AssertionError, one line per problem) unless ``game`` of the project conforms."""
    problems = conformance_problems(project_dir, game)
    assert not problems, "the game does not conform:\n" + "\n".join(str(p) for p in problems)
