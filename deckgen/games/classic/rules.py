"""The two rule sets of classic sabacc and the variants a table may agree on.

``weg`` (the default) is the West End Games game of "Crisis on Cloud City"
(seed 003): a turn of four phases (bet, shift, call, draw); only the active
player bets, the others match or fold; bets capped at 3 credits; a d6 shift
(1-3) in every turn; the hand may be called once every player has had a
turn, never by the active player; a caller who does not win pays like a
bombed-out player; folding costs one credit into the sabacc pot; the sabacc
pot gets an ante only when it is empty.

``dice`` is the dice adaptation of seed 001: rounds of a play round (draw,
trade or stand; one card into and one out of the disruptor field; a dice
roll after each play) and a betting round (opened by the player left of the
dealer, raised freely, closed by a roll of the dealer); no call during the
pot-building rounds; antes into both pots every hand; no fold fee and no
caller penalty.  Its variants: a fixed bomb-out penalty, a cap on bets and
raises, d10 or d12 dice, one die with an agreed number, and the "hold 'em"
field (field cards are community cards at the reveal).

:func:`make_rules` validates a table's choice and raises
:class:`ShowdownError` located at the option's name.  Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from deckgen.errors import ShowdownError

WEG = "weg"
DICE = "dice"
RULE_SETS = (WEG, DICE)
PRIVATE_FIELD = "private"
HOLD_EM_FIELD = "hold-em"
FIELD_MODES = (PRIVATE_FIELD, HOLD_EM_FIELD)
DICE_SIDES = (6, 10, 12)
DICE_COUNTS = (1, 2)
SHIFT_NUMBER = 1  # with one die, the number agreed to signal a shift
WEG_SHIFT_DIE = 6  # WEG: one d6 per turn; a shift on 1, 2 or 3
WEG_SHIFT_HIGHEST = 3
WEG_BET_CAP = 3
ANTE = 1
FOLD_FEE = 1

#: what each rule set takes when the table agrees on nothing else
DEFAULTS: dict[str, dict[str, Any]] = {
    WEG: {"bet_cap": WEG_BET_CAP, "pot_building": 1},
    DICE: {"bet_cap": None, "pot_building": 4},
}
#: options that only the dice rule set knows
DICE_ONLY = ("dice", "dice-count", "field")


@dataclass(frozen=True)
class Rules:
    """A rule set with the variants the table agreed on.

    ``bet_cap``       the largest bet or raise (None: no cap)
    ``penalty``       a fixed bomb-out penalty (None: the value of the main pot)
    ``pot_building``  complete rounds before the hand may be called
    ``dice_sides``, ``dice_count``  the dice of the dice rule set
    ``field``         ``private`` or ``hold-em`` (field cards are community cards)
    """

    name: str = WEG
    bet_cap: int | None = WEG_BET_CAP
    penalty: int | None = None
    pot_building: int = 1
    dice_sides: int = 6
    dice_count: int = 2
    field: str = PRIVATE_FIELD

    @property
    def uses_dice(self) -> bool:
        return self.name == DICE

    @property
    def fold_fee(self) -> int:
        """WEG: folding costs one credit into the sabacc pot; the dice rules name no fee."""
        return FOLD_FEE if self.name == WEG else 0

    @property
    def caller_pays(self) -> bool:
        """WEG: a caller who does not win pays like a bombed-out player."""
        return self.name == WEG

    @property
    def sabacc_ante_always(self) -> bool:
        """Dice rules: every hand starts with an ante into both pots; WEG: into the sabacc pot only when empty."""
        return self.name == DICE

    @property
    def hold_em(self) -> bool:
        return self.field == HOLD_EM_FIELD

    @property
    def shift_chance(self) -> Fraction:
        """The chance that one roll shifts."""
        if self.name == WEG:
            return Fraction(WEG_SHIFT_HIGHEST, WEG_SHIFT_DIE)
        return Fraction(1, self.dice_sides)

    def may_call_in_round(self, round_number: int) -> bool:
        """Whether the hand may be called in round ``round_number`` (1-based)."""
        return round_number > self.pot_building

    def check_bet(self, amount: int, path: tuple = ("bet",)) -> None:
        """A bet or raise of ``amount`` credits is a whole number from 0 to the cap."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise ShowdownError(path, f"a bet is a whole number of credits >= 0, not {amount!r}.")
        if self.bet_cap is not None and amount > self.bet_cap:
            raise ShowdownError(path, f"a bet or raise is at most {self.bet_cap} credits, not {amount}.")


def _whole(value: Any, option: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ShowdownError((option,), f"takes a whole number >= {low}, not {value!r}.")
    return value


def make_rules(name: str | None = None, **variants: Any) -> Rules:
    """The rule set ``name`` (default weg) with the agreed ``variants``.

    Variants are the option names of ``deckgen simulate`` (``bet-cap``,
    ``penalty``, ``pot-building``, ``dice``, ``dice-count``, ``field``);
    None means "not agreed".  Dice variants under the WEG rules are refused.
    """
    name = WEG if name is None else name
    if name not in RULE_SETS:
        raise ShowdownError(("rules",), f"unknown rule set {name!r}; use {' or '.join(RULE_SETS)}.")
    given = {k: v for k, v in variants.items() if v is not None}
    unknown = sorted(set(given) - {"bet-cap", "penalty", "pot-building", *DICE_ONLY})
    if unknown:
        raise ShowdownError((unknown[0],), f"classic sabacc has no variant {unknown[0]!r}.")
    if name == WEG:
        for option in DICE_ONLY:
            if option in given and given[option] != _dice_default(option):
                raise ShowdownError((option,), "this variant belongs to the dice rules (--rules dice); "
                                               "the WEG rules shift with a d6 and have no disruptor field.")
    values = dict(DEFAULTS[name])
    if "bet-cap" in given:
        values["bet_cap"] = _whole(given["bet-cap"], "bet-cap", 1)
    if "penalty" in given:
        values["penalty"] = _whole(given["penalty"], "penalty", 0)
    if "pot-building" in given:
        if name == WEG and given["pot-building"] == 0:
            raise ShowdownError(("pot-building",), "under the WEG rules every player has a turn before the hand "
                                                   "can be called: at least 1 round, not 0.")
        values["pot_building"] = _whole(given["pot-building"], "pot-building", 0)
    if "dice" in given:
        if given["dice"] not in DICE_SIDES:
            raise ShowdownError(("dice",), f"dice have {', '.join(map(str, DICE_SIDES))} sides, not {given['dice']!r}.")
        values["dice_sides"] = given["dice"]
    if "dice-count" in given:
        if given["dice-count"] not in DICE_COUNTS:
            raise ShowdownError(("dice-count",), f"the dice rules roll 1 or 2 dice, not {given['dice-count']!r}.")
        values["dice_count"] = given["dice-count"]
    if "field" in given:
        if given["field"] not in FIELD_MODES:
            raise ShowdownError(("field",), f"the field is {' or '.join(FIELD_MODES)}, not {given['field']!r}.")
        values["field"] = given["field"]
    return Rules(name=name, **values)


def _dice_default(option: str) -> Any:
    return {"dice": 6, "dice-count": 2, "field": PRIVATE_FIELD}[option]


def rules_from_options(options: Mapping[str, Any]) -> Rules:
    """The rules named by command-line options (``rules`` and the variants)."""
    variants = {k: options.get(k) for k in ("bet-cap", "penalty", "pot-building", *DICE_ONLY)}
    return make_rules(options.get("rules"), **variants)
