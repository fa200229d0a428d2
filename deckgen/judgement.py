"""What a judge returns, typed: :class:`Judgement` and :class:`HandResult`.

A game's ``judge(showdown, data, options)`` returns a dict (the contract
of docs/plugins.md).  Shared code — rule booklets, ``deckgen judge``,
``deckgen decisions``, ``deckgen check`` — reads it only through
:func:`read_judgement`, which turns it into one typed shape:

* ``winners`` (required): the names of the players who win;
* ``hands`` (or ``players``): one entry per player with ``name`` and, if the
  engine knows them, the printable ``total``, the ``category`` name and the
  ``rank`` (1 = the best hand at the table);
* ``payouts``: chips each player takes, with the ``pot`` they come from;
* ``sets``: the judged parts of a whole match, each read the same way;
* ``void``: nobody won this (a set that does not count);
* everything else goes to ``extras`` (a hand's other keys to its own ``extras``).

A result that is not a mapping or lacks a ``winners`` list of names is
one located :class:`deckgen.errors.PluginError` naming the engine and its
file.  :func:`showdown_cards` is the one place that reads which cards a
showdown's player shows (``hand``, ``table``, ``cards`` or ``card``).
"""

from __future__ import annotations

import inspect
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from deckgen.errors import PluginError, Problem

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.registry import GameDescriptor

#: The keys of a showdown's player that hold the cards shown, in the order they are looked for.
CARD_KEYS = ("hand", "table", "cards")


@dataclass(frozen=True)
class HandResult:
    """One player's hand as judged: printable ``total``, ``category`` name, ``rank`` (1 = best)."""

    name: str
    total: int | float | str | None = None
    category: str | None = None
    rank: int | None = None
    extras: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Judgement:
    """A judged showdown.  ``raw`` is the engine's result as returned (``deckgen judge`` prints it)."""

    winners: tuple[str, ...]
    hands: tuple[HandResult, ...] = ()
    payments: Mapping[str, int] = field(default_factory=dict)
    pot: int | None = None
    sets: tuple["Judgement", ...] = ()
    void: bool = False
    extras: Mapping[str, Any] = field(default_factory=dict)
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def hand(self, index: int) -> HandResult | None:
        """The ``index``-th player's judged hand (None if the engine says nothing of it)."""
        return self.hands[index] if 0 <= index < len(self.hands) else None


def read_judgement(result: Any, descriptor: "GameDescriptor | None" = None) -> Judgement:
    """``result`` of a judge as a :class:`Judgement`; PluginError naming the engine if it has no winners."""
    if not isinstance(result, Mapping):
        raise _contract_error(descriptor, f"returned {type(result).__name__}, not a dict with 'winners'")
    winners = result.get("winners")
    if not isinstance(winners, (list, tuple)) or not all(isinstance(w, str) for w in winners):
        said = "no 'winners'" if winners is None else f"'winners' as {type(winners).__name__} {winners!r}"
        raise _contract_error(descriptor, f"returned {said}; it must return a dict with 'winners', "
                                          f"a list of the winning players' names")
    return _judgement(result)


def _judgement(result: Mapping[str, Any]) -> Judgement:
    entries = result.get("hands", result.get("players"))
    hands = tuple(_hand(h) for h in entries if isinstance(h, Mapping)) if isinstance(entries, list) else ()
    payouts = result.get("payouts")
    payments = ({str(k): v for k, v in payouts.items() if isinstance(v, int)}
                if isinstance(payouts, Mapping) else {})
    pot = result.get("pot")
    raw_sets = result.get("sets")
    sets: tuple[Judgement, ...] = ()
    if isinstance(raw_sets, list) and all(isinstance(s, Mapping) for s in raw_sets):
        sets = tuple(_judgement({"winners": [], **s}) for s in raw_sets)
    typed = {"winners", "payouts", "void"} | ({"hands" if "hands" in result else "players"} if hands else set())
    typed |= {"pot"} if isinstance(pot, int) else set()
    typed |= {"sets"} if sets else set()
    return Judgement(winners=tuple(str(w) for w in result.get("winners") or ()), hands=hands, payments=payments,
                     pot=pot if isinstance(pot, int) else None, sets=sets, void=bool(result.get("void")),
                     extras={k: v for k, v in result.items() if k not in typed}, raw=result)


def _hand(entry: Mapping[str, Any]) -> HandResult:
    total = entry.get("total")
    category = entry.get("category")
    rank = entry.get("rank")
    printable = total if isinstance(total, (int, float, str)) and not isinstance(total, bool) else None
    kept = {"name"} | ({"total"} if printable is not None else set())
    kept |= {"category"} if isinstance(category, str) else set()
    kept |= {"rank"} if isinstance(rank, int) and not isinstance(rank, bool) else set()
    return HandResult(name=str(entry.get("name", "")), total=printable,
                      category=category if isinstance(category, str) else None,
                      rank=rank if "rank" in kept else None,
                      extras={k: v for k, v in entry.items() if k not in kept})


def showdown_cards(player: Any) -> list[str]:
    """The card tokens a showdown's player shows: ``hand``, ``table``, ``cards`` or one ``card``."""
    if not isinstance(player, Mapping):
        return []
    if "card" in player and not any(k in player for k in CARD_KEYS):
        return [str(player["card"])]
    for key in CARD_KEYS:
        if key in player:
            return [str(t) for t in player[key] or []]
    return []


def _contract_error(descriptor: "GameDescriptor | None", what: str) -> PluginError:
    engine = descriptor.engine if descriptor is not None else "?"
    file, line = code_location(descriptor.judge) if descriptor is not None else (None, None)
    return PluginError(Problem.at(f"the judge of the {engine!r} engine {what} (docs/plugins.md)",
                                  file=file, line=line, field="winners"))


def code_location(function: Any) -> tuple[str | None, int | None]:
    """(file, line) where ``function`` is defined, the file relative to the working folder where possible."""
    try:
        file = inspect.getsourcefile(function)
        line = inspect.getsourcelines(function)[1]
    except (TypeError, OSError):
        module = sys.modules.get(getattr(function, "__module__", "") or "")
        return (getattr(module, "__file__", None), None)
    return (shown_path(file), line) if file else (None, None)


def shown_path(file: str) -> str:
    """``file`` relative to its project (the nearest folder above it with a deckgen.yaml), else to the
    working folder if it lies inside it, else as it is."""
    path = Path(file).resolve()
    for folder in path.parents:
        if (folder / "deckgen.yaml").is_file():
            return str(path.relative_to(folder))
    try:
        return str(path.relative_to(Path.cwd().resolve()))
    except ValueError:
        return file


#: The JSON Schema of what ``deckgen judge`` prints (``deckgen schema`` writes it as judgement.schema.json):
#: the engine's result, with ``winners`` required and the keys :func:`read_judgement` reads typed.
JUDGE_OUTPUT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "judgement.schema.json",
    "title": "deckgen judge: a judged showdown",
    "type": "object",
    "required": ["winners"],
    "properties": {
        "winners": {"type": "array", "items": {"type": "string"}, "description": "the winning players' names"},
        "hands": {"$ref": "#/$defs/hands"},
        "players": {"$ref": "#/$defs/hands"},
        "payouts": {"type": "object", "additionalProperties": {"type": "integer"},
                    "description": "chips each player takes"},
        "pot": {"type": "integer", "description": "the chips the payouts come from"},
        "sets": {"type": "array", "items": {"type": "object"}, "description": "the judged sets of a match"},
        "void": {"type": "boolean", "description": "nobody won this"},
    },
    "additionalProperties": True,
    "$defs": {
        "hands": {
            "type": "array", "description": "each player's hand as judged, in the showdown's order",
            "items": {"type": "object", "required": ["name"], "additionalProperties": True, "properties": {
                "name": {"type": "string"},
                "total": {"type": ["integer", "number", "string", "null"], "description": "the printable total"},
                "category": {"type": ["string", "null"], "description": "the hand's category name"},
                "rank": {"description": "the hand's place at the table (an integer, 1 the best); other "
                                        "values are the engine's own"},
            }},
        },
    },
}
