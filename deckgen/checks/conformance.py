"""The conformance suite every game's engine passes, run by ``deckgen check`` on bundled and plugin games alike.

For a game with an engine (its :class:`deckgen.registry.GameDescriptor`):

* the players' range is sensible, and the engine's own ``showdown_example``
  has a number of players in it, is judged, and its winners are players of it;
* the composition the engine plays with (``composition(game)``) is whole
  numbers of copies, more than 0, as many cards as one of the game's decks;
* where the game has a simulator, a short seeded simulation
  (:data:`SIMULATED_GAMES` games) runs, gives the same games for the same
  seed and conserves money (or, without money, the game's own law).

That every rule example and decision is judged as claimed is checked by
the rule decisions and rulebook checks.  Problems in what the plugin
declares are located at its file and line; a composition that does not
match the deck data at ``engine:`` of game.yaml.  :mod:`deckgen.testing`
runs the same suite from a plugin author's own tests.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any, Mapping

import yaml

from deckgen.errors import DeckgenError, Problem, ShowdownError
from deckgen.judgement import shown_path
from deckgen.model import Game, Project
from deckgen.registry import Check, CheckContext, GameDescriptor, SimulationRequest

#: How many games the simulation part plays (twice: the second time to see the seed gives the same games).
SIMULATED_GAMES = 20
#: The seed of those games.
SIMULATION_SEED = 7


def conformance_problems(project: Project, game: Game, descriptor: GameDescriptor,
                         data: Mapping[str, Any]) -> list[Problem]:
    """Everything the suite finds wrong with ``game``'s engine (empty: it conforms)."""
    problems = _players_problems(project, descriptor)
    if not problems:
        problems += _example_problems(project, descriptor, data)
    problems += _composition_problems(project, game, descriptor)
    if descriptor.simulate is not None and not problems:
        problems += _simulation_problems(project, descriptor, data)
    return problems


def check_conformance(ctx: CheckContext) -> list[Problem]:
    """The check ``deckgen check`` runs on a game with an engine."""
    descriptor = ctx.project.descriptor(ctx.game)
    return [] if descriptor is None else conformance_problems(ctx.project, ctx.game, descriptor, ctx.data)


CONFORMANCE = Check("conformance", check_conformance)


def _declared_at(project: Project, descriptor: GameDescriptor, name: str) -> tuple[str | None, int | None]:
    """The plugin file and the line that declares ``name`` (a descriptor field), else its judge's line."""
    try:
        file = inspect.getsourcefile(descriptor.judge)
        lines, start = inspect.getsourcelines(descriptor.judge)
    except (TypeError, OSError):
        return None, None
    if not file:
        return None, None
    line = start
    try:
        for number, text in enumerate(Path(file).read_text(encoding="utf-8").splitlines(), start=1):
            if text.strip().startswith(f"{name}="):
                line = number
    except OSError:
        pass
    return _project_path(project, file), line


def _project_path(project: Project, file: str) -> str:
    try:
        return str(Path(file).resolve().relative_to(project.root.resolve()))
    except ValueError:
        return shown_path(file)


def _players_problems(project: Project, descriptor: GameDescriptor) -> list[Problem]:
    low, high = descriptor.players
    if isinstance(low, int) and isinstance(high, int) and 1 <= low <= high:
        return []
    file, line = _declared_at(project, descriptor, "players")
    return [Problem.at(f"({low}, {high}) is not a range of players: give (fewest, most), 1 or more",
                       file=file, line=line, field="players")]


def _example_problems(project: Project, descriptor: GameDescriptor, data: Mapping[str, Any]) -> list[Problem]:
    from deckgen.decisions import judge

    if not descriptor.showdown_example.strip():
        return []
    file, line = _declared_at(project, descriptor, "showdown_example")

    def problem(message: str) -> list[Problem]:
        return [Problem.at(message, file=file, line=line, field="showdown_example")]

    try:
        showdown = yaml.safe_load(descriptor.showdown_example)
    except yaml.YAMLError as exc:
        return problem(f"not YAML: {str(exc).splitlines()[0]}")
    try:
        judged = judge(descriptor, showdown, data, {})
    except ShowdownError as exc:
        return problem(f"the engine rejects its own example: {exc}")
    players = showdown.get("players") if isinstance(showdown, Mapping) else None
    names = {str(p.get("name")) for p in players if isinstance(p, Mapping)} if isinstance(players, list) else set()
    strangers = [w for w in judged.winners if names and w not in names]
    if strangers:
        return problem(f"the engine names {', '.join(strangers)} as winner(s), who are not players of the example")
    return []


def _composition_problems(project: Project, game: Game, descriptor: GameDescriptor) -> list[Problem]:
    if descriptor.composition is None:
        return []
    composition = descriptor.composition(game)
    file, line = _engine_line(project, game)

    def problem(message: str) -> list[Problem]:
        return [Problem.at(f"the {descriptor.engine} engine's composition {message}", file=file, line=line,
                           field="composition")]

    if not isinstance(composition, Mapping) or not composition:
        return problem("is empty: it must give each card's copies ({card: copies}) from the deck data")
    bad = [f"{card!r}: {n!r}" for card, n in composition.items()
           if not isinstance(n, int) or isinstance(n, bool) or n <= 0]
    if bad:
        return problem(f"has copies that are not whole numbers above 0 ({', '.join(bad[:3])})")
    total = sum(composition.values())
    sizes = sorted({deck.total_cards for deck in game.decks.values()})
    if sizes and total not in sizes:
        return problem(f"holds {total} cards, but the game's decks hold {', '.join(map(str, sizes))}")
    return []


def _engine_line(project: Project, game: Game) -> tuple[str | None, int | None]:
    if game.source is None:
        return None, None
    try:
        lines = (project.root / game.source.file).read_text(encoding="utf-8").splitlines()
    except OSError:
        return game.source.file, game.source.line
    found = next((n for n, text in enumerate(lines, start=1) if text.startswith("engine:")), game.source.line)
    return game.source.file, found


def _simulation_problems(project: Project, descriptor: GameDescriptor, data: Mapping[str, Any]) -> list[Problem]:
    simulate = descriptor.simulate
    assert simulate is not None
    file, line = _declared_at(project, descriptor, "simulate")

    def problem(message: str) -> list[Problem]:
        return [Problem.at(f"the simulator {message}", file=file, line=line, field="simulate")]

    def play() -> list[dict]:
        return simulate(SimulationRequest(players=descriptor.players[0], games=SIMULATED_GAMES,
                                          seed=SIMULATION_SEED, data=data))

    try:
        records = play()
    except DeckgenError as exc:
        return problem(f"stops: {exc}")
    if not isinstance(records, list) or len(records) != SIMULATED_GAMES:
        return problem(f"returns {len(records) if isinstance(records, list) else type(records).__name__} "
                       f"records for {SIMULATED_GAMES} games")
    for number, record in enumerate(records, start=1):
        if not isinstance(record, Mapping) or not isinstance(record.get("winners"), list):
            return problem(f"reports no 'winners' list for game {number}")
        if record.get("money_change", 0) != 0 or record.get("conserved", True) is not True:
            return problem(f"does not conserve money in game {number} (seed {SIMULATION_SEED}): "
                           f"money_change {record.get('money_change', 0)!r}")
    if play() != records:
        return problem(f"plays different games for the same seed ({SIMULATION_SEED}): it must be deterministic")
    return []
