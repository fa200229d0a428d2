"""Archeon's table talk (seed 002): the declaration, the check and the plant, and what each one pays.

* **Declaration**: a player names one of his cards aloud ("my Sand card is
  a 2"); free, and lying is allowed.  An unchecked declaration earns
  ``declaration_reward`` chip(s) from the bank at the reveal, once a round
  per player; one the round forced (the opening declaration of Bothawui,
  the commander's Order) earns nothing.
* **Check** (a main action): the checker pays ``check_cost`` into the bank
  and the declarer turns the named card up.  A lie: the declarer pays the
  checker ``liar_pays``.  The truth: the checker's chip is lost, and the
  checked declaration earns no reward.
* **Plant** (a main action): a player offers one of his cards face down to
  another, naming it.  Believed: the cards of that family are exchanged
  unseen; called a liar: the card is shown and goes back.  Whoever was wrong
  pays the other ``plant_wrong_pays``: the believer of a lie, the planter of
  a lie that was called, the caller of a true plant.  A true card believed
  costs nobody anything.

A claim is true when every attribute it names (kind, value, sign, era, or
the archive id) matches the card shown.  Payments come out of what a
player has when his chips are known.  Pure functions; the judge format is
in :mod:`deckgen.games.archeon.judge`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from deckgen.games.archeon.engine import HandCard

BELIEVE, LIAR = "believe", "liar"


@dataclass(frozen=True)
class Claim:
    """What a player says a card is: its family and any of kind, value, sign, era, archive id."""

    family: str
    kind: str | None = None
    value: int | None = None
    sign: str | None = None
    era: str | None = None
    id: str | None = None

    def holds_for(self, card: HandCard) -> bool:
        """True if the card shown is what was said."""
        if card.family != self.family:
            return False
        if self.id is not None and card.id != self.id:
            return False
        if self.kind is not None and card.kind != self.kind:
            return False
        if self.value is not None and (card.kind != "number" or card.value != self.value):
            return False
        return all(said is None or said == shown for said, shown in ((self.sign, card.sign), (self.era, card.era)))


@dataclass(frozen=True)
class Declaration:
    by: str
    claim: Claim
    shown: HandCard | None = None  # the card turned up by a check
    checked_by: str | None = None
    forced: bool = False  # Bothawui's opening declaration, the commander's Order: earns nothing


@dataclass(frozen=True)
class Plant:
    by: str
    to: str
    claim: Claim
    card: HandCard  # the card that was planted
    answer: str  # believe | liar


@dataclass(frozen=True)
class Payment:
    payer: str  # a player, or "bank"
    payee: str
    amount: int
    reason: str  # check fee, liar caught, plant believed lie, plant called lie, plant called truth, reward

    def as_dict(self) -> dict:
        return {"from": self.payer, "to": self.payee, "chips": self.amount, "for": self.reason}


@dataclass
class TalkResult:
    """Each move with its truth and who was wrong, the payments during the round, and the rewards at the reveal."""

    moves: list[dict] = field(default_factory=list)
    payments: list[Payment] = field(default_factory=list)
    rewards: dict[str, int] = field(default_factory=dict)


def play_talk(talk: Mapping[str, int], moves: Sequence[Declaration | Plant], chips: dict[str, int | None],
              in_round: Sequence[str]) -> TalkResult:
    """Settle the table talk of a round in order; ``chips`` (None: unknown) is updated in place.

    Check fees go to the bank (a ``bank`` payment); rewards are owed at the reveal and paid from
    the bank by the settlement.
    """
    out = TalkResult()

    def pay(payer: str, payee: str, amount: int, reason: str) -> int:
        held = chips.get(payer)
        if held is not None:
            amount = max(0, min(amount, held))
            chips[payer] = held - amount
        payee_held = chips.get(payee)
        if payee != "bank" and payee_held is not None:
            chips[payee] = payee_held + amount
        out.payments.append(Payment(payer, payee, amount, reason))
        return amount

    rewarded: set[str] = set()
    for move in moves:
        if isinstance(move, Declaration):
            entry: dict = {"declaration": move.by, "forced": move.forced}
            if move.checked_by is not None:
                true = move.claim.holds_for(move.shown) if move.shown is not None else True
                pay(move.checked_by, "bank", int(talk["check_cost"]), "check fee")
                if not true:
                    pay(move.by, move.checked_by, int(talk["liar_pays"]), "liar caught")
                entry.update(check=move.checked_by, true=true, wrong=move.checked_by if true else move.by)
            elif not move.forced and move.by in in_round and move.by not in rewarded:
                rewarded.add(move.by)
                out.rewards[move.by] = int(talk["declaration_reward"])
                entry["rewarded"] = True
            out.moves.append(entry)
        else:
            true = move.claim.holds_for(move.card)
            wrong = None
            if move.answer == BELIEVE and not true:
                wrong = move.to
                pay(move.to, move.by, int(talk["plant_wrong_pays"]), "plant: believed a lie")
            elif move.answer == LIAR:
                wrong = move.by if not true else move.to
                payee = move.to if wrong == move.by else move.by
                pay(wrong, payee, int(talk["plant_wrong_pays"]),
                    "plant: called a lie" if not true else "plant: called the truth a lie")
            out.moves.append({"plant": move.by, "to": move.to, "answer": move.answer, "true": true, "wrong": wrong})
    return out
