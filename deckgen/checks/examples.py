"""Rule examples: every example hand of an engine's ``DECISIONS`` is judged as it claims.

The engines state each decision the sources left open with example
showdowns; rulebooks print them.  This check runs each example through the
game's engine (with the game's engine data, e.g. classic's locations) and
reports an example whose winners differ from the claim, for every game.

Example forms accepted (as the engines write them):
``{"players": [...], "winners": [...]}``,
``{"hands": {name: cards}, "winners": [...]}`` and
``{"hands": ..., "winner": name | None, "location": id, "extra": {...}}``.
"""

from __future__ import annotations

import importlib
from typing import Any

from deckgen import engines
from deckgen.checks import check
from deckgen.errors import ShowdownError
from deckgen.loader import load_engine_data
from deckgen.model import Game, Project


def example_showdown(example: dict) -> tuple[dict, list[str], dict]:
    """(showdown, claimed winners, judge options) of one example."""
    if "players" in example:
        showdown = {"players": example["players"]}
    else:
        showdown = {"players": [{"name": n, "hand": h} for n, h in example["hands"].items()]}
    if "extra" in example:
        showdown["extra"] = example["extra"]
    if "winners" in example:
        claimed = list(example["winners"])
    else:
        claimed = [] if example.get("winner") is None else [example["winner"]]
    options = {"location": example["location"]} if example.get("location") else {}
    return showdown, claimed, options


def decisions_of(engine: Any) -> list[dict]:
    """The ``DECISIONS`` list of the module that defines ``engine``."""
    return list(getattr(importlib.import_module(type(engine).__module__), "DECISIONS", []))


def example_problems(engine: Any, data: dict) -> list[str]:
    """Problem lines for the engine's examples that are not judged as claimed."""
    where_file = type(engine).__module__.replace(".", "/") + ".py"
    problems = []
    for decision in decisions_of(engine):
        for n, example in enumerate(decision.get("examples", []), start=1):
            where = f"{where_file}: DECISIONS {decision['id']!r} example {n}"
            showdown, claimed, options = example_showdown(example)
            try:
                result = engine.judge(showdown, **data, **options)
            except ShowdownError as exc:
                problems.append(f"{where}: the judge rejects it: {exc.message}")
                continue
            if sorted(result["winners"]) != sorted(claimed):
                problems.append(f"{where}: the rule says {claimed} win, the engine judges {result['winners']}")
    return problems


@check("rule examples")
def rule_examples(project: Project, game: Game) -> list[str]:
    """Every example of the game's engine decisions is judged as claimed."""
    if not game.engine or game.engine not in engines.names():
        return []
    return example_problems(engines.get(game.engine), load_engine_data(game))
