"""What one table of a game needs: its decks (per table and per player) and its documents.

A game says so in an optional ``table:`` key of its game.yaml::

    table:
      decks: {main: 1, score: 1}     # deck (id, or id-variant) -> copies per table
      per_player: {side: 1}          # deck -> copies per player
      documents: [locations]         # documents printed once per table

Without it (a ``deckgen new`` game, or a game that does not say): every base
deck once (no variants), nothing per player, every document once.  A name the
game lacks is a located problem in game.yaml.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckgen.errors import DeckgenError, Problem
from deckgen.model import Deck, Game, Project
from deckgen.yamlpos import Located, load_yaml


@dataclass(frozen=True)
class DeckNeed:
    """``copies`` of a deck for one table."""

    deck: Deck
    copies: int


def table_spec(game: Game) -> tuple[dict[str, Any], Located | None]:
    """The ``table:`` key of the game's game.yaml (empty when it has none) and the document it is in."""
    path = game.directory / "game.yaml"
    if not path.is_file():
        return {}, None
    doc = load_yaml(path, f"data/{game.id}/game.yaml")
    spec = doc.data.get("table") if isinstance(doc.data, dict) else None
    return (spec if isinstance(spec, dict) else {}), doc


def table_decks(project: Project, game: Game, players: int) -> list[DeckNeed]:
    """The decks one table of ``game`` with ``players`` players needs, in the game's deck order."""
    spec, doc = table_spec(game)
    every = {d.label: d for base in game.decks.values() for d in (base, *base.variants.values())}
    if not spec.get("decks") and not spec.get("per_player"):
        return [DeckNeed(base, 1) for base in game.decks.values()]
    copies: dict[str, int] = {}
    problems: list[Problem] = []
    for key, factor in (("decks", 1), ("per_player", players)):
        for name, n in (spec.get(key) or {}).items():
            if name not in every:
                where = doc.problem(("table", key, name), f"the game has no deck {name!r} (its decks: "
                                                           f"{', '.join(every)})") if doc else Problem.at(name)
                problems.append(where)
                continue
            copies[name] = copies.get(name, 0) + n * factor
    if problems:
        raise DeckgenError(problems)
    return [DeckNeed(deck, copies[label]) for label, deck in every.items() if label in copies]


def table_documents(game: Game) -> list[str]:
    """The documents (keys of game.yaml's ``documents:``) printed once per table."""
    spec, doc = table_spec(game)
    names = spec.get("documents")
    if names is None:
        return list(game.documents)
    unknown = [n for n in names if n not in game.documents]
    if unknown and doc is not None:
        raise DeckgenError(doc.problem(("table", "documents", names.index(unknown[0])),
                                       f"the game has no document {unknown[0]!r} (its documents: "
                                       f"{', '.join(game.documents) or 'none'})"))
    return list(names)
