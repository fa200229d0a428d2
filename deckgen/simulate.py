"""``deckgen simulate``: play many seeded games with a game's engine and summarize what happened.

The game's descriptor plays (``simulate(request)`` returns one record per
game, see :data:`deckgen.registry.SIMULATION_RECORD_KEYS`); this module
names no game: it checks that money (or the game's own conservation law)
held in every game, and computes what designers and rulebooks quote — how
often each hand category wins, how long games run, the advantage of each
seat, how often the draw pile ran out — plus the game's own tables.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any, Mapping

from deckgen.errors import DeckgenError, Problem
from deckgen.registry import GameDescriptor, SimulationRequest


@dataclass
class Summary:
    """The aggregate of a batch of simulated games (``as_dict`` is JSON-ready)."""

    engine: str
    players: int
    games: int
    seed: int
    strategy: str | None
    options: Mapping[str, Any]
    categories: dict[str, float] = field(default_factory=dict)  # winning category -> share of games
    seats: dict[str, float] = field(default_factory=dict)  # seat -> share of wins (ties split)
    length: float = 0.0
    length_unit: str = "rounds"
    ties: float = 0.0  # share of games won by more than one player
    no_winner: float = 0.0
    deck_ran_out: float | None = None
    conserved: bool = True
    tables: dict[str, list[dict]] = field(default_factory=dict)
    extras: dict[str, dict] = field(default_factory=dict)  # the game's own counts (Archeon: table_talk)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready; the game's own counts (``extras``) are top-level keys."""
        out = {k: getattr(self, k) for k in self.__dataclass_fields__ if k != "extras"}
        out.update(self.extras)
        return out


def run(descriptor: GameDescriptor, data: Mapping[str, Any], players: int, games: int, seed: int,
        strategy: str | None = None, options: Mapping[str, Any] | None = None, progress=None) -> Summary:
    """Simulate ``games`` games; raise DeckgenError if the game cannot or money was not conserved."""
    if descriptor.simulate is None:
        raise DeckgenError(f"the {descriptor.engine} engine has no simulator")
    low, high = descriptor.players
    if not low <= players <= high:
        raise DeckgenError(Problem(None, None, None, "--players",
                                   f"{descriptor.engine} is played by {low} to {high} players, not {players}"))
    if strategy is not None and descriptor.strategies and strategy not in descriptor.strategies:
        raise DeckgenError(Problem(None, None, None, "--strategy", f"no strategy {strategy!r} (known: "
                                                                   f"{', '.join(descriptor.strategies)})"))
    request = SimulationRequest(players=players, games=games, seed=seed, data=data, options=dict(options or {}),
                                strategy=strategy, progress=progress)
    records = descriptor.simulate(request)
    return summarize(descriptor, request, records)


def summarize(descriptor: GameDescriptor, request: SimulationRequest, records: list[dict]) -> Summary:
    """Aggregate the records of one batch."""
    n = len(records) or 1
    summary = Summary(descriptor.engine, request.players, len(records), request.seed,
                      request.strategy or (descriptor.strategies[0] if descriptor.strategies else None),
                      dict(request.options), length_unit=descriptor.length_unit)
    categories: Counter = Counter()
    seats: defaultdict[str, float] = defaultdict(float)  # seat -> wins (ties split)
    lengths, ran_out, known_run_out = 0.0, 0, 0
    broken = []
    for i, record in enumerate(records):
        winners = list(record.get("winners") or [])
        if record.get("money_change", 0) != 0 or not record.get("conserved", True):
            broken.append(i)
        if not winners:
            summary.no_winner += 1
        elif len(winners) > 1:
            summary.ties += 1
        for seat in winners:
            seats[seat] += 1 / len(winners)
        if winners and record.get("category") is not None:
            categories[str(record["category"])] += 1
        lengths += float(record.get("length", 0) or 0)
        if "deck_ran_out" in record:
            known_run_out += 1
            ran_out += bool(record["deck_ran_out"])
    summary.categories = {c: k / n for c, k in categories.most_common()}
    summary.seats = {f"P{s + 1}": seats.get(f"P{s + 1}", 0.0) / n for s in range(request.players)}
    summary.length = lengths / n
    summary.ties /= n
    summary.no_winner /= n
    summary.deck_ran_out = ran_out / known_run_out if known_run_out else None
    summary.conserved = not broken
    if descriptor.summarize is not None:  # a list is a table; a mapping is a count of the game's own
        own = descriptor.summarize(records, request)
        summary.tables = {k: list(v) for k, v in own.items() if not isinstance(v, Mapping)}
        summary.extras = {k: dict(v) for k, v in own.items() if isinstance(v, Mapping)}
    if broken:
        raise DeckgenError(f"the {descriptor.engine} simulator did not conserve money in {len(broken)} of "
                           f"{len(records)} games (first: game {broken[0] + 1}, seed {request.seed + broken[0]}); "
                           f"this is a bug, please report it")
    return summary


def _pct(x: float) -> str:
    return f"{100 * x:5.1f} %"


def format_table(rows: list[dict]) -> list[str]:
    """A list of row dicts as aligned text lines."""
    if not rows:
        return []
    keys = list(rows[0])
    cells = [[str(k) for k in keys]] + [[_cell(r.get(k)) for k in keys] for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(keys))]
    return ["  ".join(c[i].ljust(widths[i]) if i == 0 else c[i].rjust(widths[i]) for i in range(len(keys)))
            for c in cells]


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{100 * value:.1f} %" if 0 <= value <= 1 else f"{value:.2f}"
    return "" if value is None else str(value)


def format_summary(s: Summary) -> list[str]:
    """The summary as text lines for the terminal."""
    options = ", ".join(f"{k}={v}" for k, v in s.options.items())
    lines = [f"{s.engine}: {s.games} games, {s.players} players, seed {s.seed}"
             + (f", strategy {s.strategy}" if s.strategy else "") + (f", {options}" if options else ""),
             f"  average length: {s.length:.2f} {s.length_unit}",
             f"  ties: {_pct(s.ties).strip()}, no winner: {_pct(s.no_winner).strip()}"
             + (f", draw pile ran out: {_pct(s.deck_ran_out).strip()}" if s.deck_ran_out is not None else ""),
             f"  money conserved in every game: {'yes' if s.conserved else 'NO'}",
             "  wins by seat (ties split): " + ", ".join(f"{k} {_pct(v).strip()}" for k, v in s.seats.items())]
    if s.categories:
        lines.append("  winning hand categories:")
        lines += [f"    {c:<24} {_pct(v)}" for c, v in s.categories.items()]
    for title, counts in s.extras.items():
        lines.append(f"  {title.replace('_', ' ')}:")
        lines += [f"    {k}: " + (", ".join(f"{n} {v}" for n, v in c.items()) if isinstance(c, Mapping) else str(c))
                  for k, c in counts.items()]
    for title, rows in s.tables.items():
        lines.append(f"  {title}:")
        lines += ["    " + line for line in format_table(rows)]
    return lines
