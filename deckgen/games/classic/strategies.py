"""Named playing strategies of the classic sabacc simulator: how a seat draws, bets, folds and calls.

A strategy sees only its own hand (and, for the hold 'em field, the cards
lying face up), never the deck.  ``cautious`` stands early, bets little,
folds weak hands facing a bet and calls only a strong hand; ``bold``
draws for 20 and more, bets the most it may, rarely folds, calls sooner
and keeps its cards out of the disruptor field.  ``mixed`` seats them
alternately (P1 cautious, P2 bold, ...), to compare them at one table.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.classic.engine import Evaluation

#: the strength of a special hand (Pure Sabacc and better) for the thresholds below
SPECIAL_STRENGTH = 23


@dataclass(frozen=True)
class Strategy:
    """Thresholds on the hand's strength (|total|; 0 when bombed out; 23 and more when special).

    ``stand_at``   stop drawing at this strength
    ``call_at``    call the hand at this strength
    ``bet_at``     bet (or raise) at this strength; ``bet_size`` credits, at most the cap
    ``fold_below`` fold facing a bet below this strength (from round 2 on)
    ``add_below``  with local rules that forbid one-for-one exchanges, add a card below this
                   strength and exchange above it
    ``locks``      dice rules: lock the largest card into the disruptor field when standing
    ``raises``     raises per betting round at most
    """

    name: str
    stand_at: int
    call_at: int
    bet_at: int
    bet_size: int
    fold_below: int
    add_below: int = 10
    locks: bool = True
    raises: int = 1


CAUTIOUS = Strategy("cautious", stand_at=17, call_at=21, bet_at=19, bet_size=1, fold_below=12)
BOLD = Strategy("bold", stand_at=20, call_at=19, bet_at=15, bet_size=3, fold_below=5, locks=False)
STRATEGIES = {s.name: s for s in (CAUTIOUS, BOLD)}
MIXED = "mixed"
STRATEGY_NAMES = (CAUTIOUS.name, BOLD.name, MIXED)


def seat_strategies(name: str | None, players: int) -> tuple[Strategy, ...]:
    """The strategy of every seat for the named choice (default: the first)."""
    name = name or STRATEGY_NAMES[0]
    if name == MIXED:
        return tuple((CAUTIOUS, BOLD)[i % 2] for i in range(players))
    if name not in STRATEGIES:
        raise ValueError(f"no strategy {name!r} (known: {', '.join(STRATEGY_NAMES)})")
    return (STRATEGIES[name],) * players


def strength(ev: Evaluation) -> int:
    """How good a hand is, on one scale: 0 bombed out, |total| for ordinary hands, 23+ special."""
    if ev.bombed_out:
        return 0
    if ev.special:
        return SPECIAL_STRENGTH + ev.key[0]
    return abs(ev.total)


def bet_amount(strategy: Strategy, ev: Evaluation, cap: int | None) -> int:
    """What the strategy bets (or raises by) with this hand; 0 for nothing."""
    if strength(ev) < strategy.bet_at:
        return 0
    return strategy.bet_size if cap is None else min(strategy.bet_size, cap)


def stays(strategy: Strategy, ev: Evaluation, to_match: int, round_number: int) -> bool:
    """Whether the strategy matches a bet of ``to_match`` (folding is free of risk only with nothing to match)."""
    if to_match <= 0 or round_number < 2:
        return True
    return strength(ev) >= strategy.fold_below


def wants_to_call(strategy: Strategy, ev: Evaluation, forced: bool = False) -> bool:
    """Whether the strategy calls the hand now (``forced``: the table ends the hand)."""
    return forced or strength(ev) >= strategy.call_at


def stands(strategy: Strategy, ev: Evaluation) -> bool:
    """Whether the strategy keeps its hand as it is."""
    return strength(ev) >= strategy.stand_at
