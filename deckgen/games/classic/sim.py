"""Seeded simulator of one classic sabacc hand, with either shift rule.

Two shift rules:

``"weg"`` (default, West End Games): in each player's turn a d6 is rolled;
    on 1-3 every player hands a random card of the right-hand neighbour's
    hand to the dealer, who shuffles these cards and deals one back to each.
``"dice"`` (seed 001 adaptation): two dice are rolled after each player's
    play, after each betting round and once after the call; when they match,
    every card outside the disruptor (static) field goes back into the deck,
    the deck is shuffled and each player gets as many cards back as they
    gave.  A player may move one card into the field per turn (cards there
    are safe).

Strategy (the same for every player): while the hand bombs out or its
|total| is below ``stand_at``, draw one card and keep whichever of "add
it" or "exchange it for one card" gives the best hand; otherwise stand,
and (dice rule) lock the largest card into the field.  After the
pot-building rounds, the first player whose hand is special or reaches
``call_at`` calls.  Betting is not simulated (no bets; ante only).

Deterministic: the same seed and config give the same game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from deckgen.games.classic.engine import card_value, evaluate, face_set_of, resolve
from deckgen.games.classic.cards import Card, deck_cards
from deckgen.games.classic.locations import Location
from deckgen.games.classic.settle import Outcome, Settlement, Stake, settle

SHIFT_RULES = ("weg", "dice")


@dataclass(frozen=True)
class SimConfig:
    players: int = 4
    shift: str = "weg"
    dice_sides: int = 6
    pot_building_rounds: int = 4
    max_rounds: int = 12
    stand_at: int = 18
    call_at: int = 20
    use_field: bool = True
    location: Location | None = None

    def __post_init__(self):
        if self.shift not in SHIFT_RULES:
            raise ValueError(f"shift must be one of {SHIFT_RULES}, not {self.shift!r}")
        if not 2 <= self.players <= 8:
            raise ValueError("classic sabacc is for 2 to 8 players")
        if self.dice_sides < 2:
            raise ValueError("dice need at least 2 sides")


@dataclass(frozen=True)
class SimEvent:
    round: int
    player: str | None
    kind: str  # draw, exchange, stand, lock, roll, shift, call, showdown
    detail: str = ""


@dataclass(frozen=True)
class SimResult:
    seed: int
    config: SimConfig
    hands: tuple[tuple[str, tuple[str, ...]], ...]
    fields: tuple[tuple[str, tuple[str, ...]], ...]
    events: tuple[SimEvent, ...]
    caller: str | None
    winners: tuple[str, ...]
    categories: tuple[tuple[str, str], ...]
    shifts: int
    settlement: Settlement


class _Table:
    """Mutable state of the simulated hand."""

    def __init__(self, seed: int, config: SimConfig):
        self.cfg = config
        self.rng = random.Random(seed)
        self.deck: list[Card] = deck_cards(face_set_of(config.location))
        self.rng.shuffle(self.deck)
        self.names = [f"P{i + 1}" for i in range(config.players)]
        self.hands: dict[str, list[Card]] = {n: [] for n in self.names}
        self.field: dict[str, set[int]] = {n: set() for n in self.names}  # indices into hand
        self.events: list[SimEvent] = []
        self.round = 0
        self.shifts = 0
        for _ in range(2):
            for n in self.names:
                self.hands[n].append(self.deck.pop())

    def log(self, player: str | None, kind: str, detail: str = "") -> None:
        self.events.append(SimEvent(self.round, player, kind, detail))

    def eval(self, cards):
        return evaluate(cards, self.cfg.location)

    # -------------------------------------------------------------- moves
    def play(self, name: str) -> None:
        hand = self.hands[name]
        ev = self.eval(hand)
        if not ev.bombed_out and (ev.special or abs(ev.total) >= self.cfg.stand_at):
            self.log(name, "stand", str(ev.total))
            if self.cfg.shift == "dice" and self.cfg.use_field:
                self.lock(name)
            return
        if not self.deck:
            self.log(name, "stand", "deck empty")
            return
        card = self.deck.pop()
        options = [(self.eval(hand + [card]).key, -1)]
        for i in range(len(hand)):
            if i in self.field[name]:
                continue
            trial = hand[:i] + [card] + hand[i + 1:]
            options.append((self.eval(trial).key, i))
        _, choice = max(options)
        if choice < 0:
            hand.append(card)
            self.log(name, "draw", card.id)
        else:
            out = hand[choice]
            hand[choice] = card  # the exchanged card leaves the game
            self.log(name, "exchange", f"{out.id} -> {card.id}")

    def lock(self, name: str) -> None:
        free = [i for i in range(len(self.hands[name])) if i not in self.field[name]]
        if free:
            i = max(free, key=lambda j: abs(card_value(self.hands[name][j], self.cfg.location)))
            self.field[name].add(i)
            self.log(name, "lock", self.hands[name][i].id)

    # ------------------------------------------------------------- shifts
    def weg_shift_roll(self, name: str) -> None:
        roll = self.rng.randint(1, 6)
        self.log(name, "roll", str(roll))
        if roll <= 3:
            pile = []
            for i, n in enumerate(self.names):
                neighbour = self.names[i - 1]
                hand = self.hands[neighbour]
                pile.append((neighbour, hand.pop(self.rng.randrange(len(hand)))))
            cards = [c for _, c in pile]
            self.rng.shuffle(cards)
            for n, c in zip(self.names, cards):
                self.hands[n].append(c)
            self.shifts += 1
            self.log(None, "shift", "weg")

    def dice_shift_roll(self, who: str | None) -> None:
        a = self.rng.randint(1, self.cfg.dice_sides)
        b = self.rng.randint(1, self.cfg.dice_sides)
        self.log(who, "roll", f"{a}+{b}")
        if a != b:
            return
        returned: dict[str, int] = {}
        for n in self.names:
            kept = [c for i, c in enumerate(self.hands[n]) if i in self.field[n]]
            loose = [c for i, c in enumerate(self.hands[n]) if i not in self.field[n]]
            self.deck.extend(loose)
            returned[n] = len(loose)
            self.hands[n] = kept
            self.field[n] = set(range(len(kept)))
        self.rng.shuffle(self.deck)
        for n in self.names:
            for _ in range(returned[n]):
                self.hands[n].append(self.deck.pop())
        self.shifts += 1
        self.log(None, "shift", "dice")

    # -------------------------------------------------------------- calls
    def wants_to_call(self, name: str) -> bool:
        ev = self.eval(self.hands[name])
        return not ev.bombed_out and (ev.special or abs(ev.total) >= self.cfg.call_at)


def simulate(seed: int, config: SimConfig | None = None) -> SimResult:
    """Play one hand from ante to settlement; deterministic for ``seed``."""
    cfg = config or SimConfig()
    t = _Table(seed, cfg)
    caller = None
    for rnd in range(1, cfg.max_rounds + 1):
        t.round = rnd
        may_call = rnd > cfg.pot_building_rounds
        for name in t.names:
            if cfg.shift == "weg":
                t.weg_shift_roll(name)
                if may_call and t.wants_to_call(name):
                    caller = name
                    break
            t.play(name)
            if cfg.shift == "dice":
                t.dice_shift_roll(name)
        if caller:
            break
        if cfg.shift == "dice":  # end of the betting round
            if may_call:
                caller = next((n for n in t.names if t.wants_to_call(n)), None)
            t.dice_shift_roll(None)
            if caller:
                break
    if caller is None:
        caller = t.names[-1]  # the last round is called by the dealer
    t.log(caller, "call")
    if cfg.shift == "dice":
        t.dice_shift_roll(None)  # the last roll before the reveal
    hands = {n: list(t.hands[n]) for n in t.names}
    extra: dict[str, list[Card]] = {n: [] for n in t.names}
    while True:
        res = resolve(hands, extra, cfg.location)
        if not res.pending or len(t.deck) < len(res.pending):
            break
        for n in res.pending:
            extra[n].append(t.deck.pop())
    t.log(None, "showdown", ",".join(res.winners))
    outcome = Outcome(res.winners, tuple(n for n, ev in res.evaluations if ev.bombed_out), res.special, caller)
    money = settle([Stake(n) for n in t.names], outcome, sabacc_pot=0)
    return SimResult(
        seed=seed,
        config=cfg,
        hands=tuple((n, tuple(c.id for c in h)) for n, h in hands.items()),
        fields=tuple((n, tuple(t.hands[n][i].id for i in sorted(t.field[n]))) for n in t.names),
        events=tuple(t.events),
        caller=caller,
        winners=res.winners,
        categories=tuple((n, ev.category) for n, ev in res.evaluations),
        shifts=t.shifts,
        settlement=money,
    )
