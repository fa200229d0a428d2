"""Betting in classic sabacc: the WEG bet phase and the dice rules' betting round.

WEG (seed 003): in the bet phase of a turn only the active player bets
(0 to the cap, 3 credits); every other player still in the hand then
matches that bet or folds.  A raise is a bet on one's own turn: nobody
raises in someone else's bet phase.  Folding is possible only here.

Dice rules (seed 001): the first player in play left of the dealer opens;
then, in turn order, every player matches the bet, raises it (by at most
the cap, when the table agreed one) or folds, until every player still in
has matched the last raise.  A player may call the hand with an action of
a betting round after the pot-building rounds; the round then goes on as
usual.

Both take the players' choices as callbacks and return the actions, each
with the credits it put into the main pot; a choice the rules forbid
raises :class:`~deckgen.games.classic.turns.RuleViolation`.  Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from deckgen.errors import ShowdownError
from deckgen.games.classic.rules import Rules
from deckgen.games.classic.turns import RuleViolation

BET, CHECK, MATCH, RAISE, FOLD = "bet", "check", "match", "raise", "fold"
MAX_ACTIONS_PER_PLAYER = 100  # a round that long means a strategy raises forever


@dataclass(frozen=True)
class Action:
    """One betting action: ``amount`` credits into the main pot; ``calls_hand`` marks a call of the hand."""

    player: str
    kind: str
    amount: int = 0
    raised_by: int = 0
    calls_hand: bool = False


@dataclass(frozen=True)
class Choice:
    """What a player wants: ``fold``, ``match`` (or check) or ``raise`` by ``by`` credits; maybe call the hand."""

    kind: str
    by: int = 0
    call_hand: bool = False


def _check_cap(rules: Rules, amount: int) -> None:
    try:
        rules.check_bet(amount)
    except ShowdownError as exc:
        raise RuleViolation(exc.message) from None


def weg_bet_phase(active: str, others: Sequence[str], rules: Rules,
                  choose_bet: Callable[[str], int | None],
                  choose_stay: Callable[[str, int], bool]) -> list[Action]:
    """The bet phase of ``active``'s turn; ``others`` are the other players still in, in turn order.

    ``choose_bet(active)`` gives the bet (0 to the cap) or None to fold;
    ``choose_stay(player, bet)`` whether a player matches (True) or folds.
    """
    bet = choose_bet(active)
    if bet is None:
        return [Action(active, FOLD)]
    _check_cap(rules, bet)
    actions = [Action(active, BET if bet else CHECK, bet, bet)]
    for player in others:
        if choose_stay(player, bet):
            actions.append(Action(player, MATCH if bet else CHECK, bet))
        else:
            actions.append(Action(player, FOLD))
    return actions


def betting_round(order: Sequence[str], rules: Rules, choose: Callable[[str, int, int], Choice],
                  may_call: bool = False) -> list[Action]:
    """A dice-rules betting round among ``order`` (the players still in, the opener first).

    ``choose(player, to_match, level)`` returns a :class:`Choice`; ``level``
    is the bet every player must reach.  At most one call of the hand, and
    only when ``may_call``.  Ends when every player still in has matched
    the last raise, or one player is left.
    """
    put = {p: 0 for p in order}
    level = 0
    still_in = list(order)
    waiting = list(order)
    actions: list[Action] = []
    called = False
    while waiting and len(still_in) > 1:
        if len(actions) > MAX_ACTIONS_PER_PLAYER * len(order):
            raise RuleViolation("the betting round does not end: every raise is answered by another")
        player = waiting.pop(0)
        to_match = level - put[player]
        choice = choose(player, to_match, level)
        if choice.call_hand and (called or not may_call):
            raise RuleViolation("the hand cannot be called now" if not may_call else "the hand is already called")
        called = called or choice.call_hand
        if choice.kind == FOLD:
            still_in.remove(player)
            actions.append(Action(player, FOLD, calls_hand=choice.call_hand))
            continue
        if choice.kind == RAISE:
            if choice.by < 1:
                raise RuleViolation(f"a raise adds at least 1 credit, not {choice.by}")
            _check_cap(rules, choice.by)
            level += choice.by
            amount = level - put[player]
            kind = BET if to_match == 0 and level == choice.by else RAISE
            i = still_in.index(player)
            waiting = still_in[i + 1:] + still_in[:i]
        elif choice.kind == MATCH:
            amount, kind = to_match, (MATCH if to_match else CHECK)
        else:
            raise RuleViolation(f"no betting action {choice.kind!r}")
        put[player] += amount
        actions.append(Action(player, kind, amount, choice.by if choice.kind == RAISE else 0, choice.call_hand))
    return actions


def folded_in(actions: Sequence[Action]) -> list[str]:
    return [a.player for a in actions if a.kind == FOLD]


def paid(actions: Sequence[Action]) -> dict[str, int]:
    """Credits each player put into the main pot in ``actions``."""
    out: dict[str, int] = {}
    for a in actions:
        out[a.player] = out.get(a.player, 0) + a.amount
    return out
