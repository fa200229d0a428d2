"""Archeon's chips: the ante by round, penalties, the bank's payout, the spike, card stakes, placings.

Pure functions.  Chips move between three kinds of holders: the players,
the round's bank (won whole by the round's winner, split on a tie), and the
reserve (the box: draw fees burn into it, Vorzyd V and Rodia take from it,
Hutta's commission goes back to it).  Every function here moves chips from
one holder to another, so their sum never changes — the simulator checks it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from deckgen.games.archeon.data import Rules
from deckgen.games.archeon.engine import Hand, Player, Reveal, Table


def ante(rules: Rules, round_no: int, frozen: bool = False) -> int:
    """The ante step of round ``round_no`` (1-based): the table, then doubling every round; Belsavis: the first."""
    steps = rules.ante_steps
    if frozen:
        return steps[0]
    if round_no <= len(steps):
        return steps[round_no - 1]
    return steps[-1] * rules.ante_doubling ** (round_no - len(steps))


@dataclass(frozen=True)
class PenaltyParts:
    """How a loser's penalty came about (for tests and explanations)."""

    base: int
    multiplied: int
    final: int


def penalty(rules: Rules, hand: Hand, player: Player, table: Table, reveal: Reveal, ante_now: int) -> PenaltyParts:
    """A loser's penalty, in the order of decision penalty-order.

    Base (the pair penalty for a pair-like hand, else the difference) × the
    round multiplier; then doublings (Advance), additions (Surcharge),
    subtractions (Mon Calamari, Insurance), caps (Stabilisation, Hedge);
    never below 0, never more than the player's chips.
    """
    base = rules.pair_penalty if hand.paired else hand.difference
    amount = base * table.multiplier
    multiplied = amount
    for play in player.plays:
        if play.ability == "advance":
            amount *= int(play.params["factor"])
    shielded = reveal.shielded.get(player.name, frozenset())
    for i, t in enumerate(table.tokens):
        if t in reveal.active_tokens and t.effect.get("penalty_plus") and t.target == player.name \
                and i not in shielded:
            amount += int(t.effect["penalty_plus"])
    planet = table.planet_rules if reveal.planet_active else {}
    amount -= int(planet.get("penalty_minus", 0))
    for play in player.plays:
        if play.ability == "insurance":
            amount -= int(play.params["minus"])
    for play in player.plays:
        if play.ability == "stabilisation":
            amount = min(amount, int(play.params["cap"]))
    for t in reveal.active_tokens:
        if t.effect.get("penalty_cap_ante") and t.by == player.name:
            amount = min(amount, ante_now)
    amount = max(0, amount)
    if player.chips is not None:
        amount = min(amount, player.chips)
    return PenaltyParts(base, multiplied, amount)


@dataclass
class Settlement:
    """Step 7 of the reveal: who paid what, how the bank was shared, what the reserve gave or took."""

    penalties: dict[str, int] = field(default_factory=dict)
    charges: dict[str, int] = field(default_factory=dict)  # Corellian system: who never drew
    bank: int = 0  # the bank paid out
    payout: dict[str, int] = field(default_factory=dict)
    from_reserve: int = 0  # Vorzyd V, Rodia (negative: Hutta's commission went back)
    debts: dict[str, int] = field(default_factory=dict)  # Credit Line repaid to the reserve
    chips_after: dict[str, int] = field(default_factory=dict)
    eliminated: list[str] = field(default_factory=list)
    stakes: dict[str, list[str]] = field(default_factory=dict)
    rewards: dict[str, int] = field(default_factory=dict)  # unchecked declarations, paid from the bank


def split(amount: int, recipients: Sequence[str]) -> dict[str, int]:
    """``amount`` shared equally; the odd chips go one each to the first recipients (decision split-remainder)."""
    if not recipients:
        return {}
    share, rest = divmod(amount, len(recipients))
    return {name: share + (1 if i < rest else 0) for i, name in enumerate(recipients)}


def settle(rules: Rules, players: Sequence[Player], table: Table, reveal: Reveal, bank_before: int = 0,
           debts: Mapping[str, int] | None = None, rewards: Mapping[str, int] | None = None) -> Settlement:
    """Penalties into the bank, the rewards of unchecked declarations out of it (as far as it holds them, in
    turn order), the planet's bank rules, the payout, Credit Line debts, eliminations, stakes."""
    out = Settlement()
    ante_now = ante(rules, table.round, bool(table.planet_rules.get("ante_frozen")) and reveal.planet_active)
    planet = table.planet_rules if reveal.planet_active else {}
    by_name = {p.name: p for p in players}
    chips = {p.name: p.chips for p in players}
    losers = [h for h in reveal.hands if h.name not in reveal.winners]
    for hand in losers:
        paid = penalty(rules, hand, by_name[hand.name], table, reveal, ante_now).final
        out.penalties[hand.name] = paid
        held = chips[hand.name]
        if held is not None:
            chips[hand.name] = held - paid
    if planet.get("must_draw_or_pay"):
        for p in players:
            if not p.drew:
                due = int(planet["must_draw_or_pay"])
                held = chips[p.name]
                if held is not None:
                    due = min(due, held)
                    chips[p.name] = held - due
                out.charges[p.name] = due
    bank = bank_before + sum(out.penalties.values()) + sum(out.charges.values())
    for p in players:
        owed = min((rewards or {}).get(p.name, 0), bank)
        if owed:
            bank -= owed
            out.rewards[p.name] = owed
            held = chips[p.name]
            if held is not None:
                chips[p.name] = held + owed
    if planet.get("bank_factor"):
        extra = bank * (int(planet["bank_factor"]) - 1)
        bank += extra
        out.from_reserve += extra
    if planet.get("bonus_per_loser"):
        extra = int(planet["bonus_per_loser"]) * len(losers)
        bank += extra
        out.from_reserve += extra
    if planet.get("commission"):
        back = min(bank, int(planet["commission"]))
        bank -= back
        out.from_reserve -= back
    recipients = list(reveal.winners)
    if planet.get("share_unpenalised"):
        recipients = [p.name for p in players if p.name in reveal.winners or out.penalties.get(p.name, 1) == 0]
    out.bank = bank
    out.payout = split(bank, recipients)
    for name, got in out.payout.items():
        held = chips[name]
        if held is not None:
            chips[name] = held + got
    for p in players:
        owed = (debts or {}).get(p.name, 0)
        for play in p.plays:
            if play.ability == "credit-line":
                owed += int(play.params["repay"])
        if owed:
            held = chips[p.name]
            if held is not None:
                owed = min(owed, held)
                chips[p.name] = held - owed
            out.debts[p.name] = owed
    out.chips_after = {k: v for k, v in chips.items() if v is not None}
    out.eliminated = [p.name for p in players if (held := chips[p.name]) is not None and held <= 0]
    out.stakes = stakes({p.name: p.stake for p in players if p.stake}, reveal.winners)
    return out


def stakes(staked: Mapping[str, str], winners: Sequence[str]) -> dict[str, list[str]]:
    """Card stakes: who holds which staked card after the round.

    One winner keeps his own stake and takes every loser's; a tie returns
    every card to its owner.
    """
    if len(winners) != 1:
        return {name: [card] for name, card in staked.items()}
    winner = winners[0]
    out: dict[str, list[str]] = {}
    for name, card in staked.items():
        out.setdefault(winner, []).append(card)
    return out


@dataclass(frozen=True)
class SpikeResult:
    """After a spike: the multiplier, who exited the round, who may call the next spike."""

    multiplier: int
    exited: tuple[str, ...]
    right: str | None  # None: anybody (nobody accepted, the caller keeps it)
    raised: bool


def spike(rules: Rules, multiplier: int, caller: str, answers: Sequence[tuple[str, bool]],
          frozen: bool = False) -> SpikeResult:
    """A spike called by ``caller``: every other participant accepts (True) or exits (False), in turn order.

    The multiplier doubles (×1 ×2 ×4 ×8, the last is the ceiling) if at
    least one player accepts; otherwise it stays.  The right to the next
    spike passes to the last player who accepted.  The Ceiling token
    (``frozen``) or a multiplier at the ceiling leaves it unchanged.
    """
    mults = rules.multipliers
    exited = tuple(name for name, accepted in answers if not accepted)
    acceptors = [name for name, accepted in answers if accepted]
    if frozen or multiplier >= mults[-1] or not acceptors:
        return SpikeResult(multiplier, exited, acceptors[-1] if acceptors else caller, False)
    nxt = mults[mults.index(multiplier) + 1] if multiplier in mults else min(m for m in mults if m > multiplier)
    return SpikeResult(nxt, exited, acceptors[-1], True)


def placings(out_round: Mapping[str, int | None]) -> dict[str, int]:
    """Final places: players still in (round None) first, then by elimination, later is better; same round, same place."""
    order = sorted(out_round.items(), key=lambda kv: -(kv[1] if kv[1] is not None else 10 ** 9))
    places: dict[str, int] = {}
    place = 0
    last = object()
    for i, (name, rnd) in enumerate(order):
        if rnd != last:
            place = i + 1
            last = rnd
        places[name] = place
    return places
