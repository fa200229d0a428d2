"""The ``odds`` directive of a booklet: how often each hand category wins, from the game's simulator."""

from __future__ import annotations

import shlex
from typing import Any, Mapping, Protocol, Sequence

from deckgen.errors import DeckgenError, Problem
from deckgen.rulebook.context import Context
from deckgen.rulebook.source import Block


class TableMaker(Protocol):
    """What the directive needs of the story builder (deckgen.rulebook.story.StoryBuilder)."""

    ctx: Context

    def fitted_table(self, header: list[str], rows: list[list[Any]], block: Block,
                     names: Sequence[int] | None = None, header_xml: bool = False) -> list: ...

#: The simulators' summaries, by engine, data, and arguments: computed once per process.
_SIMULATED: dict[tuple, Any] = {}


def odds_table(builder: TableMaker, block: Block) -> list:
    """A table of the simulator's results: hand categories, or one of the game's own tables
    (``table="TITLE"``); arguments are checked even when nothing is drawn."""
    at = Problem(builder.ctx.source.file, block.line)
    try:
        words = shlex.split(str(block.args or ""))
    except ValueError as exc:
        builder.ctx.problems.append(Problem(at.file, at.line, None, None,
                                         f"odds: cannot read the arguments ({exc}); quote a title with "
                                         f'spaces or apostrophes: table="..."'))
        return []
    args = dict(part.split("=", 1) for part in words if "=" in part)
    try:
        players = int(args.pop("players", builder.ctx.descriptor.players[0]))
        games = int(args.pop("games", 2000))
        seed = int(args.pop("seed", 1))
    except ValueError as exc:
        builder.ctx.problems.append(Problem(at.file, at.line, None, None, f"odds: {exc}"))
        return []
    strategy = args.pop("strategy", None)
    table_name = args.pop("table", None)
    if getattr(builder.ctx.descriptor, "simulate", None) is None:
        builder.ctx.problems.append(Problem(at.file, at.line, None, None, "odds: this game has no simulator"))
        return []
    try:  # when only checking, a few games tell whether the arguments and the table exist
        summary = _simulated(builder.ctx.descriptor, builder.ctx.data, players, games if builder.ctx.draw else
                             min(games, 12), seed, strategy, args)
    except DeckgenError as exc:
        builder.ctx.problems += [Problem(at.file, at.line, None, p.field, f"odds: {p.message}")
                              for p in exc.problems]
        return []
    names = builder.ctx.source.meta.get("categories") or {}
    if table_name:
        rows_in = summary.tables.get(table_name)
        if rows_in is None:
            known = "; ".join(f'"{t}"' for t in summary.tables) or "none"
            builder.ctx.problems.append(Problem(at.file, at.line, None, "table",
                                             f"odds: the simulator has no table {table_name!r} "
                                             f"(its tables: {known})"))
            return []
        if not builder.ctx.draw or not rows_in:
            return []
        keys = list(rows_in[0])
        return builder.fitted_table([str(names.get(k, k)) for k in keys],
                                 [[_fmt(r.get(k), names, builder.ctx.lang) for k in keys] for r in rows_in], block)
    if not builder.ctx.draw:
        return []
    rows = [[str(names.get(c, c)), percent(share, builder.ctx.lang)]
            for c, share in summary.categories.items()]
    return builder.fitted_table([builder.ctx.label("category", block), builder.ctx.label("share", block)], rows, block,
                             header_xml=True)


def _simulated(descriptor, data, players, games, seed, strategy, options):
    """The simulator's summary for these arguments, computed once per process (every language shares it) and
    kept in the build's cache (deckgen.rulebook.engine_cache): once per game, not per language or run."""
    from deckgen.rulebook.engine_cache import data_digest, simulated

    key = (descriptor.engine, data_digest(data) or id(data), players, games, seed, strategy,
           tuple(sorted(options.items())))
    if key not in _SIMULATED:
        _SIMULATED[key] = simulated(descriptor, data, players, games, seed, strategy, options)
    return _SIMULATED[key]


def _number(value: float, digits: int, lang: str) -> str:
    """A number with the decimal sign of ``lang`` (84.2 in English, 84,2 in German, French, Russian)."""
    from babel.numbers import format_decimal

    pattern = "0." + "0" * digits if digits else "0"
    try:
        return format_decimal(value, format=pattern, locale=lang)
    except Exception:  # noqa: BLE001 - an unknown locale keeps the plain number
        return f"{value:.{digits}f}"


#: The smallest share a cell prints with one decimal (0.1 %); anything that would print as 0.0 prints
#: as "< 0.1 %", so an outcome the table lists never reads as impossible ("0,0 %").
SMALLEST_SHARE = 0.001


def percent(share: float, lang: str) -> str:
    """A share (0..1) as a percentage with one decimal in ``lang``'s number format; a share that would
    round to 0.0 (1 game in 2000 rounds half to even) prints as "< 0.1 %" (ru «< 0,1 %»)."""
    from decimal import ROUND_HALF_EVEN, Decimal

    if share < SMALLEST_SHARE and Decimal(repr(100 * share)).quantize(Decimal("0.1"), ROUND_HALF_EVEN) == 0:
        return "<\u00a0" + _number(100 * SMALLEST_SHARE, 1, lang) + "\u00a0%"
    return _number(100 * share, 1, lang) + "\u00a0%"


def _fmt(value: Any, names: Mapping[str, str], lang: str = "en") -> str:
    if isinstance(value, float):
        return percent(value, lang) if 0 <= value <= 1 else _number(value, 2, lang)
    return str(names.get(str(value), value)) if value is not None else ""
