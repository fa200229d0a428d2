"""Settlement of one classic sabacc hand: who pays what into which pot.

Two pots: the main pot (emptied every hand) and the sabacc pot (carried from
hand to hand, won only with a special hand).  Order of payments:

1. ante: each seat pays ``ante`` into the main pot, and 1 into the sabacc
   pot when that pot is empty at the start of the hand (WEG) or every hand
   (the dice rules: ``sabacc_ante_always``);
2. bets: each seat pays its total bets into the main pot;
3. folding: each folded seat pays ``fold_fee`` (WEG 1, dice rules 0) into
   the sabacc pot;
4. penalties: each bombed-out seat pays the value of the main pot (or the
   agreed fixed ``penalty``) into the sabacc pot; a caller who does not win
   pays the same, once, even when also bombed out (WEG: the outcome names
   a caller only under the rules that charge one);
5. the main pot goes to the winner(s); with no winner it moves into the
   sabacc pot;
6. a special hand (Pure Sabacc, Idiot's Array, location array) also takes
   the sabacc pot as it stands after steps 1-5.

Tied winners split evenly; what cannot be split goes (or stays) in the
sabacc pot.  Money is conserved: the players' net flows plus the change of
the sabacc pot sum to zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from deckgen.errors import ShowdownError

MAIN_POT = "main pot"
SABACC_POT = "sabacc pot"


@dataclass(frozen=True)
class Stake:
    """One seat in the hand: total bets (beyond the ante) and whether it folded."""

    name: str
    bet: int = 0
    folded: bool = False


@dataclass(frozen=True)
class Outcome:
    """The judged showdown, as far as money is concerned."""

    winners: tuple[str, ...] = ()
    bombed_out: tuple[str, ...] = ()
    sabacc_pot_won: bool = False
    caller: str | None = None


@dataclass(frozen=True)
class Flow:
    """``amount`` credits from ``payer`` to ``payee`` (a player or a pot)."""

    payer: str
    payee: str
    amount: int
    reason: str


@dataclass(frozen=True)
class Settlement:
    flows: tuple[Flow, ...]
    net: tuple[tuple[str, int], ...]  # per player: received minus paid
    main_pot: int  # value of the main pot at the showdown
    sabacc_pot_before: int
    sabacc_pot_after: int

    def net_of(self, name: str) -> int:
        return dict(self.net)[name]


def outcome_from_judgement(result: dict, caller: str | None = None) -> Outcome:
    """Build an :class:`Outcome` from the dict returned by ``judge``.

    Bomb-outs are taken from the showdown hands; bombing out during sudden
    demise costs nothing.
    """
    return Outcome(tuple(result["winners"]), tuple(result["bombed_out"]), bool(result["sabacc_pot_won"]), caller)


def _check(stakes: Sequence[Stake], outcome: Outcome | None, sabacc_pot: int, ante: int, penalty: int | None) -> None:
    names = [s.name for s in stakes]
    if not stakes:
        raise ShowdownError(("stakes",), "a hand needs at least one seat.")
    for i, s in enumerate(stakes):
        if names.index(s.name) != i:
            raise ShowdownError(("stakes", i, "name"), f"the name '{s.name}' is used twice.")
        if not isinstance(s.bet, int) or s.bet < 0:
            raise ShowdownError(("stakes", i, "bet"), f"a bet must be a whole number of credits >= 0, not {s.bet!r}.")
    for what, value in (("sabacc_pot", sabacc_pot), ("ante", ante)):
        if not isinstance(value, int) or value < 0:
            raise ShowdownError((what,), f"{what} must be a whole number >= 0, not {value!r}.")
    if penalty is not None and (not isinstance(penalty, int) or penalty < 0):
        raise ShowdownError(("penalty",), f"penalty must be a whole number >= 0, not {penalty!r}.")
    if outcome is None:
        return
    folded = {s.name for s in stakes if s.folded}
    for field_name in ("winners", "bombed_out"):
        for name in getattr(outcome, field_name):
            if name not in names:
                raise ShowdownError(("outcome", field_name), f"'{name}' has no seat in this hand.")
            if name in folded:
                raise ShowdownError(("outcome", field_name), f"'{name}' folded and cannot be at the showdown.")
    if outcome.caller is not None and (outcome.caller not in names or outcome.caller in folded):
        raise ShowdownError(("outcome", "caller"), f"the caller '{outcome.caller}' is not at the showdown.")


def _split(amount: int, winners: Sequence[str]) -> tuple[int, int]:
    """Share per winner and the remainder that cannot be split."""
    return divmod(amount, len(winners))


def settle(stakes: Sequence[Stake], outcome: Outcome | None = None, sabacc_pot: int = 0,
           ante: int = 1, penalty: int | None = None, fold_fee: int = 1,
           sabacc_ante_always: bool = False) -> Settlement:
    """Money flows of one hand.

    ``outcome`` may be None only when a single seat has not folded: that
    seat takes the main pot without a showdown (and never the sabacc pot).
    ``penalty`` None means the WEG penalty (the value of the main pot); a
    number is a fixed penalty.
    """
    _check(stakes, outcome, sabacc_pot, ante, penalty)
    flows: list[Flow] = []
    main = 0
    pot = sabacc_pot

    def pay(payer: str, payee: str, amount: int, reason: str) -> None:
        if amount > 0:
            flows.append(Flow(payer, payee, amount, reason))

    sabacc_ante = sabacc_ante_always or sabacc_pot == 0
    for s in stakes:
        pay(s.name, MAIN_POT, ante, "ante")
        main += ante
        if sabacc_ante:
            pay(s.name, SABACC_POT, 1, "ante to the sabacc pot")
            pot += 1
    for s in stakes:
        pay(s.name, MAIN_POT, s.bet, "bets")
        main += s.bet
    for s in stakes:
        if s.folded:
            pay(s.name, SABACC_POT, fold_fee, "fold")
            pot += fold_fee
    showdown_value = main
    active = [s.name for s in stakes if not s.folded]
    if outcome is None:
        if len(active) != 1:
            raise ShowdownError(("outcome",), "several seats are still in the hand; an outcome is needed.")
        outcome = Outcome(winners=(active[0],))
    fine = showdown_value if penalty is None else penalty
    payers = list(outcome.bombed_out)
    if outcome.caller and outcome.caller not in outcome.winners and outcome.caller not in payers:
        payers.append(outcome.caller)
    for name in payers:
        reason = "bombed out" if name in outcome.bombed_out else "called and did not win"
        pay(name, SABACC_POT, fine, reason)
        pot += fine
    if outcome.winners:
        share, rest = _split(main, outcome.winners)
        for name in outcome.winners:
            pay(MAIN_POT, name, share, "main pot")
        pay(MAIN_POT, SABACC_POT, rest, "main pot remainder")
        pot += rest
    else:
        pay(MAIN_POT, SABACC_POT, main, "no winner: main pot moves")
        pot += main
    if outcome.winners and outcome.sabacc_pot_won:
        share, rest = _split(pot, outcome.winners)
        for name in outcome.winners:
            pay(SABACC_POT, name, share, "sabacc pot")
        pot = rest
    net = {s.name: 0 for s in stakes}
    for f in flows:
        if f.payer in net:
            net[f.payer] -= f.amount
        if f.payee in net:
            net[f.payee] += f.amount
    return Settlement(tuple(flows), tuple(net.items()), showdown_value, sabacc_pot, pot)


def stakes_from(doc: Any) -> list[Stake]:
    """Read ``[{name, bet?, folded?}, ...]`` into stakes (path-located errors)."""
    if not isinstance(doc, list):
        raise ShowdownError(("stakes",), "stakes must be a list of seats.")
    out = []
    for i, item in enumerate(doc):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise ShowdownError(("stakes", i), "a seat needs a 'name'.")
        out.append(Stake(item["name"], item.get("bet", 0), bool(item.get("folded", False))))
    return out
