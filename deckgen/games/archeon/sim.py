"""Whole Archeon matches, seeded, for ``deckgen simulate archeon``.

A match: a match deck assembled for the seed, every player with the
starting chips, three tokens from the shuffled 40 and an entourage of five
from a support deck of 14 (drawn with the rarity weights).  Each round a
planet is revealed, the ante paid, one Blood and one Sand card dealt and the
top card of each deck turned up as its discard pile; then up to three
circles (Kuat two, Belsavis four) of turns — an entourage card and a token
if the strategy wants, then one main action: Draw, Stand, Spike or Exit —
until a circle in which everybody stood, a Cutoff, or one player left; then
the reveal (the engine's, with the round's planet, tokens and entourage
plays) and the settlement.  A player without chips leaves; the last one
holding chips wins.

Table talk (:mod:`~deckgen.games.archeon.talk`): every player declares one
card on his first turn of a round (on Bothawui also a forced opening
declaration before the first turn), lying with probability ``--bluff``; on
his turn a player checks another's unchecked declaration with probability
``--challenge`` instead of his main action; a player who would stand plants
his worse card on the next player with probability ``--bluff`` (lying about
it: he names a 1), and the receiver believes with probability ``--believe``.
Wayland hides the log: draws come from the decks only, a circle in which
everybody stood does not end the round early, and the Audit tokens find
nobody to charge.  Not played: the tokens and abilities that only move
information (Peek, Insight, Tip-off, Order, Rumour ...); Bakura passes Blood.  Chips move only between players,
the bank and the reserve, and every record's ``money_change`` is the change
of their sum (0 in every match, or the simulator has a bug).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping

from deckgen.games.archeon import money
from deckgen.games.archeon.data import ArcheonData, ArchiveCard, of
from deckgen.games.archeon.deck import as_engine_cards, match_deck, support_deck
from deckgen.games.archeon.engine import FAMILIES, HandCard, Play, Player, Table, TokenPlay, reveal
from deckgen.games.archeon.talk import Claim
from deckgen.registry import SimulationRequest

MAX_ROUNDS = 100  # a safety net only: from round 12 the ante doubles every round, so no match gets near it

#: the table-talk options of ``deckgen simulate archeon`` (probabilities, 0 to 1) and their defaults
TALK_OPTIONS = {"bluff": 0.3, "challenge": 0.2, "believe": 0.6}
SIMULATE_OPTIONS = {
    "bluff": {"type": "number", "minimum": 0, "maximum": 1,
              "description": f"how often a declaration or a plant is a lie, 0 to 1 (default {TALK_OPTIONS['bluff']}); "
                             "also how often a player who would stand plants a card"},
    "challenge": {"type": "number", "minimum": 0, "maximum": 1,
                  "description": "how often a player checks another's declaration on his turn, 0 to 1 "
                                 f"(default {TALK_OPTIONS['challenge']})"},
    "believe": {"type": "number", "minimum": 0, "maximum": 1,
                "description": f"how often a planted card is believed, 0 to 1 (default {TALK_OPTIONS['believe']})"},
}


@dataclass(frozen=True)
class Strategy:
    """When a player draws, spikes, accepts a spike, exits and plays tokens and entourage cards."""

    name: str
    draw_below: float  # draw while the hand scores below this
    spike_at: float  # call a spike with a hand scoring at least this
    accept_at: float  # accept a spike with at least this, else exit
    tokens: bool = True
    entourage: bool = True


STRATEGIES = {
    "steady": Strategy("steady", draw_below=44, spike_at=52, accept_at=30),
    "cautious": Strategy("cautious", draw_below=40, spike_at=58, accept_at=44),
    "bold": Strategy("bold", draw_below=48, spike_at=46, accept_at=18),
    "plain": Strategy("plain", draw_below=44, spike_at=99, accept_at=0, tokens=False, entourage=False),
}
STRATEGY_NAMES = tuple(STRATEGIES)


def _number(card: HandCard) -> int:
    """The printed value of a numbered card."""
    assert card.value is not None, "a numbered card has its value"
    return card.value


def score(cards: tuple[HandCard, HandCard]) -> float:
    """A rough strength of a hand as its holder sees it before the reveal (higher is better)."""
    a, b = cards
    kinds = {a.kind, b.kind}
    same_sign = a.sign is not None and a.sign == b.sign
    same_era = a.era is not None and a.era == b.era
    bonus = 4 if same_sign else (2 if same_era else 0)
    if kinds == {"sylop"}:
        return 100.0
    if "sylop" in kinds:
        other = b if a.kind == "sylop" else a
        return (55.0 if other.kind == "impostor" else 60.0 - 2 * _number(other)) + bonus
    if kinds == {"impostor"}:
        return 34.0
    if "impostor" in kinds:
        other = b if a.kind == "impostor" else a
        return 28.0 - 0.5 * _number(other)
    va, vb = _number(a), _number(b)
    if va == vb:
        return 60.0 - 2 * va + bonus
    diff = abs(va - vb)
    return 20.0 - 3 * diff - 0.2 * (va + vb)


@dataclass
class _Seat:
    name: str
    chips: int
    tokens: list[str] = field(default_factory=list)
    entourage: list[ArchiveCard] = field(default_factory=list)
    support: list[ArchiveCard] = field(default_factory=list)


@dataclass
class _Round:
    planet: str
    rules: dict
    ante: int
    order: list[str]  # seats in the round, in turn order
    hands: dict[str, list[HandCard]]
    decks: dict[str, list[HandCard]]
    discards: dict[str, list[HandCard]]
    paid_in: dict[str, int]
    plays: dict[str, list[Play]]
    tokens: list[TokenPlay] = field(default_factory=list)
    multiplier: int = 1
    frozen: bool = False
    spike_right: str | None = None
    draws: Counter = field(default_factory=Counter)
    free_draws: Counter = field(default_factory=Counter)
    pawned: set = field(default_factory=set)
    last_action: dict = field(default_factory=dict)
    cutoff: bool = False
    no_entourage: bool = False
    extra_circles: int = 0
    declarations: list = field(default_factory=list)  # [who, Claim, forced, checked, the card named]


class Match:
    """One seeded match (state and the steps of play); :meth:`play` returns its record."""

    def __init__(self, data: ArcheonData, players: int, seed: int, strategy: Strategy,
                 talk: Mapping[str, float] | None = None):
        self.data, self.rules, self.strategy = data, data.rules, strategy
        self.talk = {**TALK_OPTIONS, **(talk or {})}
        self.talk_rng = random.Random(seed * 7919 + 1)  # table talk has its own dice: the rest of play is unchanged
        self.talk_counts = {"declaration": {"made": 0, "won": 0}, "check": {"made": 0, "won": 0},
                            "plant": {"made": 0, "believed": 0, "challenged": 0, "won": 0}}
        self.rng = random.Random(seed)
        self.deck = as_engine_cards(match_deck(data, seed))
        self.seats = {f"P{i + 1}": _Seat(f"P{i + 1}", data.rules.start_chips) for i in range(players)}
        self.bank = 0
        self.reserve = 0  # net chips the reserve has given (negative) or taken (positive)
        self.start_total = self.total()
        pool = list(data.tokens)
        self.rng.shuffle(pool)
        for k, seat in enumerate(self.seats.values()):
            seat.tokens = pool[k * self.rules.tokens_per_player:(k + 1) * self.rules.tokens_per_player]
            seat.support = support_deck(data, seed * 97 + k)
            self.rng.shuffle(seat.support)
            seat.entourage = [seat.support.pop() for _ in range(min(self.rules.entourage_hand, len(seat.support)))]
        self.planets: list[str] = []
        self.alive = list(self.seats)
        self.out_round: dict[str, int] = {}
        self.round_no = 0
        self.steps: Counter = Counter()
        self.winning_steps: Counter = Counter()
        self.deck_ran_out = False
        self.last_category: str | None = None

    # ---------------------------------------------------------------- chips

    def total(self) -> int:
        return sum(s.chips for s in self.seats.values()) + self.bank + self.reserve

    def pay(self, who: str, amount: int, to: str = "bank") -> int:
        """``who`` pays up to ``amount`` to the bank or the reserve; returns what was paid."""
        seat = self.seats[who]
        amount = max(0, min(amount, seat.chips))
        seat.chips -= amount
        if to == "bank":
            self.bank += amount
        else:
            self.reserve += amount
        return amount

    def from_bank(self, who: str, amount: int) -> int:
        amount = max(0, min(amount, self.bank))
        self.bank -= amount
        self.seats[who].chips += amount
        return amount

    def from_reserve(self, who: str, amount: int) -> None:
        self.reserve -= amount
        self.seats[who].chips += amount

    # ---------------------------------------------------------------- a round

    def next_planet(self) -> str:
        if not self.planets:
            self.planets = list(self.data.planets)
            self.rng.shuffle(self.planets)
        return self.planets.pop()

    def deal(self, planet: str) -> _Round:
        rules = dict(self.data.planets[planet])
        ante_now = money.ante(self.rules, self.round_no, bool(rules.get("ante_frozen")))
        first = (self.round_no - 1) % len(self.alive)
        order = self.alive[first:] + self.alive[:first]
        decks = {f: [c for c in self.deck if c.family == f] for f in FAMILIES}
        for pile in decks.values():
            self.rng.shuffle(pile)
        hands = {p: [decks["blood"].pop(), decks["sand"].pop()] for p in order}
        discards = {f: [decks[f].pop()] for f in FAMILIES}
        rnd = _Round(planet, rules, ante_now, order, hands, decks, discards, {p: 0 for p in order},
                     {p: [] for p in order})
        for p in order:
            rnd.paid_in[p] += self.pay(p, ante_now)
        return rnd

    def draw_price(self, rnd: _Round, who: str, source: str) -> int:
        r = rnd.rules
        if rnd.free_draws[who] > 0:
            return 0
        factor = 1
        if "draw_factor" in r:
            factor = r["draw_factor"]
        if rnd.draws[who] == 0 and "first_draw_factor" in r:
            factor = r["first_draw_factor"]
        elif rnd.draws[who] > 0 and "later_draw_factor" in r:
            factor = r["later_draw_factor"]
        if source == "discard" and "discard_draw_factor" in r:
            factor = r["discard_draw_factor"]
        if source == "deck" and "deck_draw_factor" in r:
            factor = r["deck_draw_factor"]
        return rnd.ante * factor

    def take_from_deck(self, rnd: _Round, family: str) -> HandCard | None:
        pile = rnd.decks[family]
        if not pile:
            discard = rnd.discards[family]
            if len(discard) > 1:
                self.deck_ran_out = True
                pile.extend(discard[:-1])
                del discard[:-1]
                self.rng.shuffle(pile)
        return pile.pop() if pile else None

    def try_draw(self, rnd: _Round, who: str) -> bool:
        """Draw if it helps and is affordable; returns whether the player drew."""
        if rnd.rules.get("max_draws") is not None and rnd.draws[who] >= rnd.rules["max_draws"]:
            return False
        hand = rnd.hands[who]
        now = score((hand[0], hand[1]))
        best = None
        for i, family in enumerate(FAMILIES):
            top = rnd.discards[family][-1] if rnd.discards[family] else None
            if rnd.rules.get("hidden_log"):  # Wayland: a draw from a discard pile would be seen
                top = None
            if top is not None:
                trial = list(hand)
                trial[i] = top
                gain = score((trial[0], trial[1])) - now
                if gain > 3 and (best is None or gain > best[0]):
                    best = (gain, family, "discard")
        if best is None:
            worse = max(range(2), key=lambda i: (hand[i].kind == "number") * (hand[i].value or 0))
            best = (0, FAMILIES[worse], "deck")
        _, family, source = best
        price = self.draw_price(rnd, who, source)
        if price > self.seats[who].chips or (price > 0 and self.seats[who].chips - price < rnd.ante
                                             and self.strategy.name == "cautious"):
            return False
        card = rnd.discards[family].pop() if source == "discard" else self.take_from_deck(rnd, family)
        if card is None:
            return False
        if rnd.free_draws[who] > 0:
            rnd.free_draws[who] -= 1
        paid = self.pay(who, price, to="bank" if rnd.rules.get("draw_fees_to_bank") else "reserve")
        if rnd.rules.get("draw_fees_to_bank"):
            rnd.paid_in[who] += paid
        i = FAMILIES.index(family)
        trial = list(hand)
        trial[i] = card
        if score((trial[0], trial[1])) >= now:
            rnd.discards[family].append(hand[i])
            hand[i] = card
        else:
            rnd.discards[family].append(card)
        rnd.draws[who] += 1
        return True

    # ---------------------------------------------------------------- tokens and entourage

    def play_token(self, rnd: _Round, who: str, circle: int, last: bool) -> None:
        seat = self.seats[who]
        hand = rnd.hands[who]
        s = score((hand[0], hand[1]))
        others = [p for p in rnd.order if p != who]
        richest = max(others, key=lambda p: self.seats[p].chips) if others else None
        for name in list(seat.tokens):
            eff = self.data.tokens[name]
            target = None
            use = False
            if eff.get("refund"):
                use = rnd.paid_in[who] >= eff["refund"] and self.bank >= eff["refund"]
            elif eff.get("take_from_each") or eff.get("charge_each") or eff.get("take_from_bank"):
                use = True
            elif eff.get("charge"):
                use, target = richest is not None, richest
            elif (eff.get("charge_each_standing") or eff.get("charge_standing")) and rnd.rules.get("hidden_log"):
                use = False  # Wayland: nobody can tell who stood, so an Audit finds nobody to charge
            elif eff.get("charge_each_standing"):
                use = any(rnd.last_action.get(p) == "stand" for p in others)
            elif eff.get("charge_standing"):
                standing = [p for p in others if rnd.last_action.get(p) == "stand"]
                use, target = bool(standing), (standing[0] if standing else None)
            elif eff.get("impostor_value") and eff["aim"] == "table":
                other = [c for c in hand if c.kind == "number"]
                use = last and any(c.kind == "impostor" for c in hand) and bool(other) and \
                    other[0].value == eff["impostor_value"]
            elif eff.get("impostor_dice"):
                use = last and any(c.kind == "impostor" for c in hand)
            elif eff.get("reverse"):
                use = last and s < 0
            elif eff.get("prime"):
                if last and hand[0].kind == hand[1].kind == "number" and hand[0].value == hand[1].value:
                    dice = (self.rng.randint(1, 6), self.rng.randint(1, 6))
                    if hand[0].value in dice:
                        self.spend_token(rnd, who, name, value=hand[0].value)
                        return
            elif eff.get("reveal_now"):
                use = s >= 50 and circle >= 1
            elif eff.get("freeze_multiplier"):
                use = rnd.multiplier > 1 and s < 30
            elif eff.get("penalty_cap_ante") or eff.get("shield"):
                use = last and s < 30
            elif eff.get("free_draws") or eff.get("second_discard"):
                use = s < self.strategy.draw_below
                if use:
                    rnd.free_draws[who] += 1
            elif eff["aim"] == "player" and (eff.get("penalty_plus") or eff.get("plain_pairs")
                                               or eff.get("sylop_value") or eff.get("impostor_value")):
                use, target = last and richest is not None, richest
            elif eff.get("chronicle_as_mirror"):
                use = last and hand[0].era == hand[1].era and hand[0].sign != hand[1].sign
            elif eff.get("swap_hands"):
                use, target = last and s < 0 and richest is not None, richest
                if use and target is not None:
                    rnd.hands[who], rnd.hands[target] = rnd.hands[target], rnd.hands[who]
            if use:
                self.spend_token(rnd, who, name, target=target)
                return

    def spend_token(self, rnd: _Round, who: str, name: str, target: str | None = None, value: int | None = None):
        eff = self.data.tokens[name]
        self.seats[who].tokens.remove(name)
        others = [p for p in rnd.order if p != who]
        if eff.get("refund"):
            got = self.from_bank(who, min(eff["refund"], rnd.paid_in[who]))
            rnd.paid_in[who] -= got
        elif eff.get("take_from_each"):
            for p in others:
                paid = self.pay(p, eff["take_from_each"], to="reserve")
                self.reserve -= paid
                self.seats[who].chips += paid
        elif eff.get("charge_each"):
            for p in others:
                rnd.paid_in[p] += self.pay(p, eff["charge_each"])
        elif eff.get("charge") and target:
            rnd.paid_in[target] += self.pay(target, eff["charge"])
        elif eff.get("charge_each_standing"):
            for p in others:
                if rnd.last_action.get(p) == "stand":
                    rnd.paid_in[p] += self.pay(p, eff["charge_each_standing"])
        elif eff.get("charge_standing") and target:
            rnd.paid_in[target] += self.pay(target, eff["charge_standing"])
        elif eff.get("take_from_bank"):
            self.from_bank(who, eff["take_from_bank"])
        elif eff.get("reveal_now"):
            rnd.cutoff = True
        elif eff.get("freeze_multiplier"):
            rnd.frozen = True
        elif eff.get("no_entourage"):
            rnd.no_entourage = True
        elif eff.get("extra_circles"):
            rnd.extra_circles += eff["extra_circles"]
        rnd.tokens.append(TokenPlay(name, eff, who, target, value))

    def play_entourage(self, rnd: _Round, who: str, last: bool) -> None:
        seat = self.seats[who]
        if rnd.no_entourage or not seat.entourage:
            return
        side = rnd.rules.get("entourage_side")
        hand = rnd.hands[who]
        s = score((hand[0], hand[1]))
        first, second = hand[0], hand[1]
        nums = (first.value, second.value) if first.kind == second.kind == "number" \
            and first.value is not None and second.value is not None else None  # the two numbers, if both are
        for card in list(seat.entourage):
            if card.tier is None or (side and card.side != side):
                continue
            sign = self.data.signs[card.sign]
            params = sign.tiers[card.tier - 1]
            ab = sign.ability
            play = None
            if ab in ("insurance", "stabilisation") and last and s < 30:
                play = Play(ab, card.tier, params)
            elif ab == "advance" and s >= 50 and self.bank > 0:
                self.from_bank(who, int(params["take"]))
                play = Play(ab, card.tier, params)
            elif ab == "assembly" and nums is not None and nums[0] != nums[1] \
                    and abs(nums[0] - nums[1]) <= int(params["reach"]):
                play = Play(ab, card.tier, params, card="blood" if nums[0] > nums[1] else "sand")
            elif ab in ("tuning", "protocol") and nums is not None and abs(nums[0] - nums[1]) <= int(params["by"]) \
                    and nums[0] != nums[1]:
                hi = 0 if nums[0] > nums[1] else 1
                play = Play(ab, card.tier, params, card=FAMILIES[hi], by=-abs(nums[0] - nums[1]))
            elif ab == "rank-shift" and nums is not None and nums[0] == nums[1] and nums[0] > 1:
                play = Play(ab, card.tier, params)
            elif ab == "providence" and last and any(c.kind == "impostor" for c in hand):
                play = Play(ab, card.tier, params)
            elif ab == "credit-line" and seat.chips < 2 * rnd.ante:
                self.from_reserve(who, int(params["borrow"]))
                play = Play(ab, card.tier, params)
            elif ab == "contraband" and s < self.strategy.draw_below:
                rnd.free_draws[who] += min(int(params["free_draws"]), 3)
                play = Play(ab, card.tier, params)
            elif ab == "resolution" and any(t.effect.get("reverse") and t.by != who for t in rnd.tokens) \
                    and (params["cancel"] in ("token", "any")):
                play = Play(ab, card.tier, params, cancel="cook-the-books")
                if params["refund"]:
                    self.from_bank(who, int(params["refund"]))
            if play is not None:
                seat.entourage.remove(card)
                rnd.plays[who].append(play)
                if rnd.rules.get("entourage_to_left"):
                    i = rnd.order.index(who)
                    self.seats[rnd.order[(i + 1) % len(rnd.order)]].entourage.append(card)
                return
        if who not in rnd.pawned and seat.chips < rnd.ante * 2:
            untiered = [c for c in seat.entourage if c.tier is None] or seat.entourage
            seat.entourage.remove(untiered[0])
            rnd.pawned.add(who)
            self.from_reserve(who, self.rules.pawn)

    # ---------------------------------------------------------------- spike, turn, round

    # ---------------------------------------------------------------- table talk

    def transfer(self, payer: str, payee: str, amount: int) -> int:
        """``payer`` pays ``payee`` up to ``amount`` (what he has)."""
        amount = max(0, min(amount, self.seats[payer].chips))
        self.seats[payer].chips -= amount
        self.seats[payee].chips += amount
        return amount

    def claim_about(self, card: HandCard) -> Claim:
        """What a player says of one of his cards: the truth, or (with probability bluff) another value."""
        truth = card.value if card.kind == "number" else None
        if self.talk_rng.random() < self.talk["bluff"]:
            return Claim(card.family, "number", self.talk_rng.choice([v for v in range(1, 7) if v != truth]))
        if card.kind == "number":
            return Claim(card.family, "number", card.value)
        return Claim(card.family, card.kind)

    def declare(self, rnd: _Round, who: str, forced: bool = False) -> None:
        card = rnd.hands[who][self.talk_rng.randrange(2)]
        rnd.declarations.append([who, self.claim_about(card), forced, False, card])
        if not forced:
            self.talk_counts["declaration"]["made"] += 1

    def try_check(self, rnd: _Round, who: str) -> bool:
        """Check an unchecked declaration of another player still in the round (main action); True if done."""
        # a declaration speaks of the card held then; one thrown away since lies open on a discard pile
        open_ = [d for d in rnd.declarations if not d[3] and d[0] != who and d[0] in rnd.order
                 and any(c is d[4] for c in rnd.hands[d[0]])]
        if not open_ or self.seats[who].chips < 1 or self.talk_rng.random() >= self.talk["challenge"]:
            return False
        declaration = open_[0]
        declaration[3] = True
        by, claim = declaration[0], declaration[1]
        rnd.paid_in[who] += self.pay(who, int(self.rules.talk["check_cost"]))
        self.talk_counts["check"]["made"] += 1
        if not claim.holds_for(declaration[4]):
            self.transfer(by, who, int(self.rules.talk["liar_pays"]))
            self.talk_counts["check"]["won"] += 1
        return True

    def try_plant(self, rnd: _Round, who: str) -> bool:
        """Plant the worse card on the next player (instead of standing); True if done."""
        if len(rnd.order) < 2 or self.talk_rng.random() >= self.talk["bluff"]:
            return False
        to = rnd.order[(rnd.order.index(who) + 1) % len(rnd.order)]
        hand = rnd.hands[who]
        i = max(range(2), key=lambda k: (hand[k].kind == "number") * (hand[k].value or 0))
        card = hand[i]
        lie = self.talk_rng.random() < self.talk["bluff"]
        claim = Claim(card.family, "number", 1) if lie else (
            Claim(card.family, "number", card.value) if card.kind == "number" else Claim(card.family, card.kind))
        true = claim.holds_for(card)
        counts = self.talk_counts["plant"]
        counts["made"] += 1
        wrong_pays = int(self.rules.talk["plant_wrong_pays"])
        if self.talk_rng.random() < self.talk["believe"]:
            counts["believed"] += 1
            theirs = rnd.hands[to]
            hand[i], theirs[i] = theirs[i], card
            if not true:
                self.transfer(to, who, wrong_pays)
                counts["won"] += 1
        else:
            counts["challenged"] += 1
            if true:
                self.transfer(to, who, wrong_pays)
                counts["won"] += 1
            else:
                self.transfer(who, to, wrong_pays)
        return True

    def spike(self, rnd: _Round, who: str) -> None:
        i = rnd.order.index(who)
        answers = []
        for p in rnd.order[i + 1:] + rnd.order[:i]:
            hand = rnd.hands[p]
            answers.append((p, score((hand[0], hand[1])) >= self.strategy.accept_at))
        result = money.spike(self.rules, rnd.multiplier, who, answers, rnd.frozen)
        rnd.multiplier = result.multiplier
        rnd.spike_right = result.right
        for p in result.exited:
            rnd.order.remove(p)

    def turn(self, rnd: _Round, who: str, circle: int, circles: int) -> str:
        last = circle == circles - 1
        hand = rnd.hands[who]
        if self.strategy.entourage:
            self.play_entourage(rnd, who, last)
        if self.strategy.tokens:
            for _ in range(int(rnd.rules.get("tokens_per_turn", 1))):
                if who in rnd.order:
                    self.play_token(rnd, who, circle, last)
        if not any(d[0] == who and not d[2] for d in rnd.declarations):
            self.declare(rnd, who)
        if self.try_check(rnd, who):
            return "check"
        hand = rnd.hands[who]
        s = score((hand[0], hand[1]))
        if (s >= self.strategy.spike_at and not rnd.frozen and rnd.multiplier < self.rules.multipliers[-1]
                and rnd.spike_right in (None, who) and len(rnd.order) > 1):
            self.spike(rnd, who)
            return "spike"
        if rnd.multiplier >= 4 and s < 0 and self.strategy.name != "bold":
            rnd.order.remove(who)
            return "exit"
        if s < self.strategy.draw_below and self.try_draw(rnd, who):
            return "draw"
        if s < self.strategy.draw_below and self.try_plant(rnd, who):
            return "plant"
        if rnd.rules.get("stand_cost"):
            rnd.paid_in[who] += self.pay(who, int(rnd.rules["stand_cost"]))
        return "stand"

    def play_round(self) -> None:
        self.round_no += 1
        planet = self.next_planet()
        rnd = self.deal(planet)
        circles = int(rnd.rules.get("circles", self.rules.circles))
        if rnd.rules.get("opening_declaration"):  # Bothawui: everybody names a card before the first turn
            for who in rnd.order:
                self.declare(rnd, who, forced=True)
        circle = 0
        while circle < circles + rnd.extra_circles and not rnd.cutoff and len(rnd.order) > 1:
            all_stood = True
            for who in list(rnd.order):
                if who not in rnd.order or len(rnd.order) <= 1 or rnd.cutoff:
                    continue
                action = self.turn(rnd, who, circle, circles + rnd.extra_circles)
                rnd.last_action[who] = action
                if action != "stand":
                    all_stood = False
            if rnd.rules.get("pass_blood_each_circle") and len(rnd.order) > 1:
                blood = [rnd.hands[p][0] for p in rnd.order]
                for k, p in enumerate(rnd.order):
                    rnd.hands[p][0] = blood[k - 1]
            circle += 1
            if all_stood and not rnd.rules.get("hidden_log"):  # on Wayland nobody sees that all stood
                break
        self.settle(rnd)

    def settle(self, rnd: _Round) -> None:
        if len(rnd.order) == 1:  # everybody else exited: the last one takes the bank, no reveal
            only = rnd.order[0]
            self.seats[only].chips += self.bank
            self.bank = 0
            self.last_category = "uncontested"
            self.winning_steps["uncontested"] += 1
        else:
            players = []
            for p in rnd.order:
                cards = []
                extra = 0
                for t in rnd.tokens:
                    if t.effect.get("impostor_dice") and t.by == p:
                        extra = max(extra, int(t.effect["impostor_dice"]))
                for play in rnd.plays[p]:
                    if play.ability == "providence":
                        extra = max(extra, int(play.params["dice"]) or 2)
                for c in rnd.hands[p]:
                    if c.kind == "impostor":
                        c = HandCard(c.family, c.kind, None, c.sign, c.era, c.id,
                                     tuple(self.rng.randint(1, 6) for _ in range(max(2, extra))))
                    cards.append(c)
                players.append(Player(p, (cards[0], cards[1]), tuple(rnd.plays[p]), self.seats[p].chips,
                                      drew=rnd.draws[p] > 0))
            table = Table(rnd.planet, rnd.rules, tuple(rnd.tokens), self.round_no, rnd.multiplier, "blood", 0)
            result = reveal(self.data, players, table)
            rewards = {}
            for who, _, forced, checked, _ in rnd.declarations:
                if not forced and not checked and who in rnd.order:
                    rewards[who] = int(self.rules.talk["declaration_reward"])
            out = money.settle(self.rules, players, table, result, self.bank, rewards=rewards)
            for p, got in out.rewards.items():
                self.seats[p].chips += got
                self.talk_counts["declaration"]["won"] += 1
            for p, paid in out.penalties.items():
                self.seats[p].chips -= paid
            for p, paid in out.charges.items():
                self.seats[p].chips -= paid
            self.bank = 0
            self.reserve -= out.from_reserve
            for p, got in out.payout.items():
                self.seats[p].chips += got
            for p, owed in out.debts.items():
                self.seats[p].chips -= owed
                self.reserve += owed
            for hand in result.hands:
                self.steps[hand.step_id] += 1
            win = result.hand(result.winners[0])
            self.last_category = win.step_id
            self.winning_steps[win.step_id] += 1
        if self.bank:  # nobody took it (cannot happen): back to the reserve, so that nothing is lost
            self.reserve += self.bank
            self.bank = 0
        broke = [p for p in self.alive if self.seats[p].chips <= 0]
        for p in broke:
            self.out_round[p] = self.round_no
        self.alive = [p for p in self.alive if p not in broke]

    def play(self) -> dict[str, Any]:
        while len(self.alive) > 1 and self.round_no < MAX_ROUNDS:
            self.play_round()
        if len(self.alive) == 1:
            winners = list(self.alive)
        elif not self.alive:  # the last players left in the same round: they share first place
            last = max(self.out_round.values())
            winners = [p for p, r in self.out_round.items() if r == last]
        else:
            top = max(self.seats[p].chips for p in self.alive)
            winners = [p for p in self.alive if self.seats[p].chips == top]
        return {
            "winners": sorted(winners, key=lambda p: int(p[1:])),
            "category": self.last_category,
            "length": self.round_no,
            "money_change": self.total() - self.start_total,
            "deck_ran_out": self.deck_ran_out,
            "steps": dict(self.steps),
            "winning_steps": dict(self.winning_steps),
            "places": money.placings({p: self.out_round.get(p) for p in self.seats}),
            "table_talk": self.talk_counts,
        }


def simulate(request: SimulationRequest) -> list[dict]:
    """``request.games`` matches, match ``i`` with seed ``seed + i``; deterministic for a seed."""
    data = of(request.data)
    strategy = STRATEGIES[request.strategy or STRATEGY_NAMES[0]]
    talk = {k: float(request.options[k]) for k in TALK_OPTIONS if request.options.get(k) is not None}
    records = []
    for i in range(request.games):
        records.append(Match(data, request.players, request.seed + i, strategy, talk).play())
        if request.progress is not None:
            request.progress(1)
    return records


def summarize(records: list[dict], request: SimulationRequest) -> Mapping[str, list[dict] | Mapping[str, Any]]:
    """How often each step occurs at the reveals and how often it wins a round; match lengths."""
    data = of(request.data)
    shown: Counter = Counter()
    won: Counter = Counter()
    for r in records:
        shown.update(r.get("steps", {}))
        won.update(r.get("winning_steps", {}))
    hands, rounds = sum(shown.values()) or 1, sum(won.values()) or 1
    rows = []
    # a step no planet enables (the Idiot's Array, seed 002) can never be shown: no row, rather than a
    # share of 0 that the booklet's table would print as "< 0.1 %"
    unreachable = set() if any(rules.get("idiots_array") for rules in data.planets.values()) else {"idiots-array"}
    for i, step in reversed(list(enumerate(data.rules.ladder, 1))):
        if step in unreachable and not shown[step] and not won[step]:
            continue
        rows.append({"step": f"{i} {step}", "share of hands": shown[step] / hands, "share of rounds won": won[step] / rounds})
    if won.get("uncontested"):
        rows.append({"step": "uncontested (all others exited)", "share of hands": None,
                     "share of rounds won": won["uncontested"] / rounds})
    lengths = Counter(r["length"] for r in records)
    spread = [{"rounds": f"{lo}-{hi}", "share of matches": sum(n for k, n in lengths.items() if lo <= k <= hi)
               / (len(records) or 1)} for lo, hi in ((1, 5), (6, 10), (11, 15), (16, 20), (21, MAX_ROUNDS))]
    talk: dict = {}
    for r in records:
        for move, counts in r.get("table_talk", {}).items():
            for key, n in counts.items():
                talk.setdefault(move, {}).setdefault(key, 0)
                talk[move][key] += n
    return {"hand steps at the reveals": rows, "match length": spread, "table_talk": talk}
