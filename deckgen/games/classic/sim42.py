"""One seeded hand of the 42-card adaptation (seed 001), for ``deckgen simulate classic --deck adapted-42``.

The dealer shuffles the 42 cards (the printed deck's counts when the game
has them), announces two wild ranks and a clone rank at random, and every
seat antes as in the classic game.  Each round every seat in turn draws a
card while its best total is below its strategy's ``stand`` mark (a hand
holds at most six cards); after the pot-building rounds any other seat may
call, as under the WEG rules, and in the last round (``rounds``) the first
seat allowed to call must.  The showdown is judged by
:func:`deckgen.games.classic.adapted42.resolve` (sudden demise with cards
from the deck) and settled like the classic game
(:func:`deckgen.games.classic.settle.settle`): bombed-out hands and a caller
who does not win pay the penalty into the sabacc pot; an 11 also takes the
sabacc pot.  This simulator plays no bets: every seat stays in until the
showdown.  Deterministic for a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Mapping

from deckgen.games.classic import adapted42
from deckgen.games.classic.adapted42 import MAX_HAND, TARGET, Announcement, evaluate, resolve
from deckgen.games.classic.rules import Rules
from deckgen.games.classic.settle import Outcome, Stake, settle
from deckgen.games.classic.rules import ANTE
from deckgen.games.classic.sim import SimConfig, SimResult

#: (draw while the best total is below, call at or above) for each strategy, on the 42-card deck's scale
THRESHOLDS: Mapping[str, tuple[int, int]] = {"cautious": (9, 11), "bold": (10, 9)}


@dataclass(frozen=True)
class Deck42Config:
    """The 42-card table: the shared table settings and the deck's counts (rank -> copies)."""

    table: SimConfig
    composition: Mapping[int, int]


def _seat_strategies(name: str | None, players: int) -> list[str]:
    name = name or "cautious"
    if name == "mixed":
        return [("cautious", "bold")[i % 2] for i in range(players)]
    return [name] * players


def announce(rng: random.Random, composition: Mapping[int, int]) -> Announcement:
    """The dealer's two wild ranks and a clone rank, drawn among the ranks the deck holds."""
    ranks = sorted(r for r, n in composition.items() if n > 0)
    wild = rng.sample(ranks, 2)
    clone = rng.choice([r for r in ranks if r not in wild])
    return Announcement((min(wild), max(wild)), clone)


def simulate(seed: int, config: Deck42Config) -> SimResult:
    """Play one hand of the 42-card deck from ante to settlement."""
    cfg = config.table
    rules: Rules = cfg.rules
    rng = random.Random(seed)
    deck = [rank for rank, n in sorted(config.composition.items()) for _ in range(n)]
    rng.shuffle(deck)
    call = announce(rng, config.composition)
    names = [f"P{i + 1}" for i in range(cfg.players)]
    strategy = dict(zip(names, _seat_strategies(cfg.strategy, cfg.players)))
    hands = {n: [deck.pop(), deck.pop()] for n in names}
    ran_out = False
    caller = None
    played = 0
    for rnd in range(1, cfg.max_rounds + 1):
        played = rnd
        forced = rnd == cfg.max_rounds
        for active in names:
            stand_at, _ = THRESHOLDS[strategy[active]]
            ev = evaluate(hands[active], call)
            if not ev.bombed_out and ev.total < stand_at and len(hands[active]) < MAX_HAND:
                if deck:
                    hands[active].append(deck.pop())
                else:
                    ran_out = True
            if not rules.may_call_in_round(rnd):
                continue
            for other in names[names.index(active) + 1:] + names[:names.index(active)]:
                _, call_at = THRESHOLDS[strategy[other]]
                mine = evaluate(hands[other], call)
                if forced or (not mine.bombed_out and mine.total >= call_at):
                    caller = other
                    break
            if caller is not None:
                break
        if caller is not None:
            break
    extra: dict[str, list[int]] = {n: [] for n in names}
    while True:
        res = resolve(hands, call, extra)
        if not res.pending:
            break
        if len(deck) < len(res.pending):
            ran_out = True
            break
        for n in res.pending:
            extra[n].append(deck.pop())
    evals = dict(res.evaluations)
    winners = res.winners
    outcome = Outcome(winners, tuple(n for n, ev in res.evaluations if ev.bombed_out), res.special,
                      caller if rules.caller_pays else None)
    money = settle([Stake(n) for n in names], outcome, sabacc_pot=cfg.sabacc_pot, ante=ANTE, penalty=rules.penalty,
                   fold_fee=rules.fold_fee, sabacc_ante_always=rules.sabacc_ante_always)
    return SimResult(
        seed=seed, config=cfg,
        hands=tuple((n, tuple(str(c) for c in hands[n] + extra[n])) for n in names),
        fields=tuple((n, ()) for n in names), events=(), caller=caller, winners=tuple(winners),
        category=evals[winners[0]].category if winners else None,
        categories=tuple((n, ev.category) for n, ev in res.evaluations), rounds=played, shifts=0, folded=(),
        deck_ran_out=ran_out, settlement=money, strategies=tuple(strategy[n] for n in names))


__all__ = ["Deck42Config", "simulate", "TARGET", "adapted42"]
