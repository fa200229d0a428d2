"""Whether a Pazaak set written as two tables can happen at a real table.

The judge scores any two tables it is given; a booklet example must also be a set that play can
reach. Turns alternate and the set ends at the first bust or the first full table, so:

* a table never goes on after the turn that took it over 20;
* the two players are never both bust, and never both hold nine cards;
* a table never goes on after it has filled all nine places.

:func:`impossible_set` names the first of these a set breaks; ``deckgen check`` runs it over every
rule example of the game (:func:`example_problems`), a warning under ``format: 2``, an error from 3.
"""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.errors import Problem, ShowdownError
from deckgen.games.pazaak.engine import MAX_TABLE, bust_turn, parse_table, turn_totals


def impossible_set(players: list[Any]) -> str | None:
    """Why the set of ``players`` (each ``{name, table}``) cannot happen in play, or None if it can."""
    busts, full = [], []
    for i, player in enumerate(players):
        if not isinstance(player, Mapping) or "table" not in player:
            continue
        try:
            cards = parse_table(player["table"], ("players", i, "table"))
        except ShowdownError:
            return None  # the judge reports a malformed table itself
        name = str(player.get("name", i))
        totals = turn_totals(cards)
        busted = bust_turn(totals)
        if busted is not None:
            if busted < len(totals):
                return f"{name}'s table goes on after the turn that took it over 20 (turn {busted}): " \
                       f"the set ended there"
            busts.append(name)
        if len(cards) >= MAX_TABLE:
            full.append(name)
    if len(busts) > 1:
        return "both players are over 20: the set ends at the first bust, so two never meet"
    if len(full) > 1:
        return "both players hold nine cards: the first full table ends the set"
    return None


def _sets(showdown: Mapping[str, Any]) -> list[list[Any]]:
    sets = showdown.get("sets")
    if isinstance(sets, list):
        return [list(s["players"]) for s in sets if isinstance(s, Mapping) and isinstance(s.get("players"), list)]
    players = showdown.get("players")
    return [players] if isinstance(players, list) else []


def impossible_example(showdown: Mapping[str, Any]) -> str | None:
    """Why an example (one set, or a match of sets) cannot happen, or None."""
    for number, players in enumerate(_sets(showdown), start=1):
        why = impossible_set(players)
        if why is not None:
            return why if "sets" not in showdown else f"set {number}: {why}"
    return None


def example_problems(game: Any, strict: bool) -> list[Problem]:
    """One problem for every rule example of ``game`` that cannot happen in play."""
    if game.decisions is None:
        return []
    problems = []
    for example in game.decisions.examples():
        why = impossible_example(example.showdown if isinstance(example.showdown, Mapping) else {})
        if why is not None:
            at = example.source
            problems.append(Problem(at.file, at.line, None, example.field,
                                    f"this example cannot happen in play: {why}", warning=not strict))
    return problems
