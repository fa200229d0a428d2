"""Rule decisions as data: every example showdown judged by the game's engine.

Where the sources are silent or contradict each other, a game decides and
writes the decision down in ``data/GAME/decisions.yaml`` — an id and
example showdowns with the winners the rule claims — and in words in every
language file (``decisions:``).  Rulebooks print them; ``deckgen decisions``
shows them judged now; ``deckgen check`` fails, naming the example's file
and line, when the engine no longer judges an example as claimed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from deckgen.errors import DeckgenError, Problem
from deckgen.judgement import Judgement, read_judgement
from deckgen.model import Example, Game, Project
from deckgen.registry import Check, CheckContext, GameDescriptor
from deckgen.strings import fill, located


@dataclass(frozen=True)
class Judged:
    """An example and what the engine says of it now."""

    example: Example
    winners: list[str] | None  # None: the engine rejects the showdown
    error: str | None = None

    @property
    def agrees(self) -> bool:
        return self.winners is not None and sorted(self.winners) == sorted(self.example.winners)


def judge_showdown(descriptor: GameDescriptor, showdown: Any, data: Mapping[str, Any],
                   options: Mapping[str, Any]) -> dict:
    """The engine's result (a dict) for ``showdown``; see :func:`judge`, which shared code uses."""
    return dict(judge(descriptor, showdown, data, options).raw)


def judge(descriptor: GameDescriptor, showdown: Any, data: Mapping[str, Any],
          options: Mapping[str, Any]) -> Judgement:
    """Judge ``showdown`` with the game's engine, after the shared checks every game gets.

    The document must fit the engine's schema (if it has one) and the
    number of players the game's range; the engine checks everything else.  Raises ShowdownError located by a path, and
    PluginError if the engine's result has no ``winners`` list.
    """
    from deckgen.errors import ShowdownError
    from deckgen.showdown_schema import validate

    validate(descriptor.showdown_schema, showdown)
    if isinstance(showdown, Mapping) and isinstance(showdown.get("players"), list):
        n = len(showdown["players"])
        low, high = descriptor.players
        if not low <= n <= high:
            span = f"exactly {low}" if low == high else f"{low} to {high}"
            raise ShowdownError(("players",), f"{descriptor.engine} is played by {span} players; "
                                              f"this showdown has {n}")
    return read_judgement(descriptor.judge(showdown, data, options), descriptor)


def judge_example(descriptor: GameDescriptor, example: Example, data: Mapping[str, Any]) -> Judged:
    from deckgen.errors import ShowdownError

    try:
        result = judge(descriptor, dict(example.showdown), data, example.options)
    except ShowdownError as exc:
        return Judged(example, None, str(exc))
    return Judged(example, list(result.winners))


def example_problems(game: Game, descriptor: GameDescriptor, data: Mapping[str, Any]) -> list[Problem]:
    """Problems for the examples (decisions and summary) that the engine does not judge as claimed."""
    if game.decisions is None:
        return []
    problems = []
    for example in game.decisions.examples():
        judged = judge_example(descriptor, example, data)
        at = example.source
        if judged.winners is None:
            problems.append(Problem(at.file, at.line, None, example.field, f"the engine rejects this example: "
                                                                           f"{judged.error}"))
        elif not judged.agrees:
            claimed = ", ".join(example.winners) or "nobody"
            got = ", ".join(judged.winners) or "nobody"
            problems.append(Problem(at.file, at.line, None, example.field,
                                    f"the rule says {claimed} win(s), the engine judges {got}"))
    return problems


def decision_text(game: Game, lang: str, decision_id: str, facts: Mapping[str, Any],
                  problems: list[Problem]) -> str:
    """The words of a decision in ``lang`` (placeholders filled from the engine's facts)."""
    strings = game.strings.get(lang)
    if strings is None or decision_id not in strings.decisions:
        words_file = strings.source.file if strings and strings.source else f"data/{game.id}/lang/{lang}.yaml"
        problems.append(Problem(words_file, None, None, f"decisions.{decision_id}", "missing: the words of this decision"))
        return ""
    file, line, column = strings.position("decisions", decision_id)
    text = located(strings.decisions[decision_id], file, line, column, f"decisions.{decision_id}")
    return fill(text, facts, (), problems, lang=lang)


def wording_problems(project: Project, game: Game, facts: Mapping[str, Any], languages=None) -> list[Problem]:
    """Every decision has its words, with known placeholders only, in every language (or those of
    ``languages``); no stray ids."""
    if game.decisions is None:
        return []
    problems: list[Problem] = []
    ids = {d.id for d in game.decisions.decisions}
    for lang in languages or project.languages:
        for decision in game.decisions.decisions:
            decision_text(game, lang, decision.id, facts, problems)
        strings = game.strings.get(lang)
        if strings is None:
            continue
        for extra in strings.decisions:
            if extra not in ids:
                file, line, column = strings.position("decisions", extra)
                problems.append(Problem(file, line, column, f"decisions.{extra}",
                                        f"no decision {extra!r} in {game.decisions.file}"))
    return problems


def check_decisions(ctx: CheckContext) -> list[Problem]:
    """Every example judged as claimed; every decision worded in every language."""
    descriptor = ctx.project.descriptor(ctx.game)
    if descriptor is None or ctx.game.decisions is None:
        if ctx.game.decisions is not None:
            return [Problem(ctx.game.decisions.file, None, None, None,
                            "decisions need an engine to judge their examples: add 'engine:' to game.yaml")]
        return []
    return example_problems(ctx.game, descriptor, ctx.data) + \
        wording_problems(ctx.project, ctx.game, ctx.data.get("facts", {}), ctx.langs)


RULE_EXAMPLES = Check("rule decisions", check_decisions)


def require_engine(project: Project, name: str) -> tuple[Game | None, GameDescriptor]:
    """The game called ``name`` and its engine's descriptor; or, for an engine name, no game and the engine."""
    from deckgen.registry import engine_names

    game = project.games.get(name)
    if game is not None:
        descriptor = project.descriptor(game)
        if descriptor is None:
            src = game.source
            raise DeckgenError(Problem(src.file if src else None, None, None, "engine",
                                       f"game {name!r} has no engine: add 'engine: NAME' (known: "
                                       f"{engine_names(project.engines)})"))
        return game, descriptor
    if name in project.engines:
        return None, project.engines[name]
    from deckgen.suggest import did_you_mean

    hint = did_you_mean(name, [*project.games, *project.engines])
    raise DeckgenError(f"no game or engine {name!r}{hint} (games: {', '.join(project.games) or 'none'}; "
                       f"engines: {engine_names(project.engines)})")
