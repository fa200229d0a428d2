"""The flow-of-play rules of one turn: drawing and exchanging, the disruptor field, who may call.

Pure checks of a move against the rules; the simulator plays only moves
these functions allow, and the tests try the ones they refuse.

* Draw (both rule sets): a player may stand, draw one card and add it, or
  exchange: draw ``k`` cards and discard ``k`` of the cards held before.
  Without local rules ``k`` is 1 (WEG's "exchange", seed 001's "trade");
  a location's ``discard`` counts give the allowed ``k`` (0 in a count only
  says that a player may keep every card).  Mos Eisley and the Old
  Republic widen the counts while the hand *before the draw* holds one of
  their faces.  Discarded cards leave the game; cards in the disruptor
  field cannot be discarded.
* Disruptor field (dice rules): per turn at most one card goes into the
  field and at most one comes out, only in the play round.
* Call: WEG -- only once every player, the dealer included, has completed
  a turn (``pot_building`` complete rounds), and never by the active
  player; dice rules -- in a betting round after the pot-building rounds.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from deckgen.games.classic.cards import Card
from deckgen.games.classic.locations import Location
from deckgen.games.classic.rules import Rules


class RuleViolation(ValueError):
    """A move the rules do not allow (a bug in a strategy, or a test trying one)."""


def exchange_sizes(hand: Sequence[Card], location: Location | None = None,
                   tradeable: int | None = None) -> tuple[int, ...]:
    """The numbers of cards a player may exchange in the draw phase (adding one card is always allowed).

    ``hand`` is the hand before drawing (it decides Mos Eisley's and the Old
    Republic's wider counts); ``tradeable`` how many of its cards may leave
    (those outside the disruptor field; default all).
    """
    tradeable = len(hand) if tradeable is None else tradeable
    counts = (1,) if location is None else location.discard.allowed(list(hand))
    return tuple(k for k in sorted(set(counts)) if 1 <= k <= tradeable)


def check_draw(hand: Sequence[Card], drawn: int, discarded: Sequence[Card], location: Location | None = None,
               field: Sequence[Card] = ()) -> None:
    """Raise RuleViolation unless drawing ``drawn`` cards and discarding ``discarded`` is a legal draw phase.

    ``hand`` is every card held before the draw, ``field`` the part of it
    lying in the disruptor field.
    """
    if drawn == 1 and not discarded:
        return  # draw one and add it
    held = Counter(hand) - Counter(field)
    if Counter(discarded) - held:
        raise RuleViolation("only cards held outside the disruptor field can be discarded")
    allowed = exchange_sizes(hand, location, sum(held.values()))
    if drawn != len(discarded) or drawn not in allowed:
        sizes = ", ".join(map(str, allowed)) or "none here"
        raise RuleViolation(f"an exchange draws and discards the same number of cards, one of {sizes}; "
                            f"not {drawn} drawn, {len(discarded)} discarded")


def check_field_moves(into: Sequence[Card], out_of: Sequence[Card]) -> None:
    """One card into and one out of the disruptor field per turn, at most."""
    if len(into) > 1 or len(out_of) > 1:
        raise RuleViolation("a turn moves at most one card into the disruptor field and one out of it")


def weg_may_call(player: str, active: str, round_number: int, rules: Rules) -> bool:
    """WEG: ``player`` may call in the call phase of ``active``'s turn of round ``round_number``."""
    return player != active and rules.may_call_in_round(round_number)


def dice_may_call(round_number: int, rules: Rules) -> bool:
    """Dice rules: the hand may be called in the betting round of round ``round_number``."""
    return rules.may_call_in_round(round_number)
