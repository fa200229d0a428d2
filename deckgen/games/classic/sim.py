"""Seeded simulator of one classic sabacc hand, from the ante to the settlement, under either rule set.

WEG (``rules.name == "weg"``, seed 003), turn by turn in seat order (P1 is
left of the dealer, the last seat deals):

1. bet -- the active player bets 0 to the cap; every other player still in
   matches or folds (:func:`~deckgen.games.classic.betting.weg_bet_phase`);
2. shift -- the active player rolls a d6, folded or not; on 1-3 every
   player still in loses a random card to the dealer, who shuffles them
   and deals one back to each;
3. call -- once every player has completed a turn, any other player still
   in may call; the hands are shown at once;
4. draw -- the active player stands, adds a card or exchanges
   (:mod:`~deckgen.games.classic.turns`: the local discard limits apply).

Dice rules (seed 001), round by round: a play round (each player still in
moves at most one card into and one out of the disruptor field, draws,
trades or stands, then rolls the dice), then a betting round
(:func:`~deckgen.games.classic.betting.betting_round`, where the hand may be
called after the pot-building rounds), closed by the dealer's roll -- the
roll that ends the betting round of the call is the last one before the
reveal.  Matching dice (or, with one die, the agreed number) shift every
card outside the fields: back into the deck, shuffled, dealt again.

The hand ends when it is called, when one player is left (the main pot
without a showdown), or, after ``max_rounds`` rounds, by a call of the
first player allowed to make one.  Tied hands play sudden demise with
cards from the deck; when the deck runs out, the tie stands and the pots
are split.  Strategies: :mod:`~deckgen.games.classic.strategies`.

Deterministic: the same seed and config give the same hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations

from deckgen.games.classic import betting
from deckgen.games.classic.cards import Card, deck_cards
from deckgen.games.classic.engine import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Evaluation,
    Resolution,
    best_evaluation,
    card_value,
    face_set_of,
    resolve,
)
from deckgen.games.classic.locations import Location
from deckgen.games.classic.rules import ANTE, SHIFT_NUMBER, WEG_SHIFT_DIE, WEG_SHIFT_HIGHEST, Rules
from deckgen.games.classic.settle import Outcome, Settlement, Stake, settle
from deckgen.games.classic.strategies import (
    STRATEGY_NAMES,
    Strategy,
    bet_amount,
    seat_strategies,
    stands,
    stays,
    strength,
    wants_to_call,
)
from deckgen.games.classic.turns import (
    check_draw,
    check_field_moves,
    dice_may_call,
    exchange_sizes,
    weg_may_call,
)

UNCONTESTED = "uncontested"  # the category of a hand won because everybody else folded


@dataclass(frozen=True)
class SimConfig:
    """One table: seats, rules with their variants, location, strategy and the sabacc pot carried in."""

    players: int = 4
    rules: Rules = field(default_factory=Rules)
    location: Location | None = None
    strategy: str | None = None
    sabacc_pot: int = 0
    max_rounds: int = 16
    #: the physical cards of the deck in play, from the game's data (:func:`deck_from`); empty: the bundled
    #: deck of the location's face set
    deck: tuple[Card, ...] = ()

    def __post_init__(self):
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"classic sabacc is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players}")
        if self.strategy is not None and self.strategy not in STRATEGY_NAMES:
            raise ValueError(f"no strategy {self.strategy!r} (known: {', '.join(STRATEGY_NAMES)})")
        if self.max_rounds <= self.rules.pot_building:
            raise ValueError("max_rounds must leave at least one round after the pot-building rounds")
        if self.sabacc_pot < 0:
            raise ValueError("the sabacc pot cannot be negative")


@dataclass(frozen=True)
class SimEvent:
    """One thing that happened; ``turn`` is whose WEG turn it was (None in a dice betting round)."""

    round: int
    player: str | None
    kind: str  # bet check match raise fold roll shift draw exchange stand lock unlock call demise showdown
    detail: str = ""
    amount: int = 0  # credits into the main pot
    turn: str | None = None
    raised_by: int = 0  # a bet or raise: by how much it lifted the bet


@dataclass(frozen=True)
class SimResult:
    seed: int
    config: SimConfig
    hands: tuple[tuple[str, tuple[str, ...]], ...]  # every seat's last hand, field cards included
    fields: tuple[tuple[str, tuple[str, ...]], ...]
    events: tuple[SimEvent, ...]
    caller: str | None
    winners: tuple[str, ...]
    category: str | None  # of the winning hand; "uncontested" when everybody else folded
    categories: tuple[tuple[str, str], ...]  # every hand at the showdown
    rounds: int
    shifts: int
    folded: tuple[str, ...]
    deck_ran_out: bool
    settlement: Settlement
    strategies: tuple[str, ...] = ()
    borrowed: tuple[tuple[str, tuple[str, ...]], ...] = ()  # hold 'em: the others' field cards each hand used


class _Table:
    """Mutable state of the simulated hand."""

    def __init__(self, seed: int, config: SimConfig):
        self.cfg = config
        self.rules = config.rules
        self.rng = random.Random(seed)
        self.deck: list[Card] = list(config.deck) or deck_cards(face_set_of(config.location))
        self.rng.shuffle(self.deck)
        self.names = [f"P{i + 1}" for i in range(config.players)]
        self.strategy: dict[str, Strategy] = dict(zip(self.names, seat_strategies(config.strategy, config.players)))
        self.held: dict[str, list[Card]] = {n: [] for n in self.names}
        self.field: dict[str, list[Card]] = {n: [] for n in self.names}
        self.in_play: list[str] = list(self.names)
        self.bets = {n: 0 for n in self.names}
        self.events: list[SimEvent] = []
        self.round = 0
        self.shifts = 0
        self.deck_ran_out = False
        self.caller: str | None = None
        for _ in range(2):
            for n in self.names:
                card = self.draw_card()
                assert card is not None  # a fresh deck holds two cards for every seat
                self.held[n].append(card)

    # ------------------------------------------------------------ basics
    def log(self, player: str | None, kind: str, detail: str = "", amount: int = 0, turn: str | None = None,
            raised_by: int = 0) -> None:
        self.events.append(SimEvent(self.round, player, kind, detail, amount, turn, raised_by))

    def draw_card(self) -> Card | None:
        if not self.deck:
            self.deck_ran_out = True
            return None
        card = self.deck.pop()
        if not self.deck:
            self.deck_ran_out = True
        return card

    def hand(self, name: str) -> list[Card]:
        return self.held[name] + self.field[name]

    def pool(self, name: str) -> list[Card]:
        """Hold 'em: the field cards of the other players still in."""
        if not self.rules.hold_em:
            return []
        return [c for n in self.in_play if n != name for c in self.field[n]]

    def judge(self, name: str, cards: list[Card] | None = None) -> Evaluation:
        return best_evaluation(self.hand(name) if cards is None else cards, self.pool(name), self.cfg.location)

    def after(self, name: str) -> list[str]:
        """The other players still in, in turn order after ``name``."""
        i = self.names.index(name)
        order = self.names[i + 1:] + self.names[:i]
        return [n for n in order if n in self.in_play]

    def fold(self, name: str) -> None:
        self.in_play.remove(name)

    # ------------------------------------------------------------ betting
    def record(self, actions: list[betting.Action], turn: str | None = None) -> None:
        for a in actions:
            self.bets[a.player] += a.amount
            self.log(a.player, a.kind, amount=a.amount, turn=turn, raised_by=a.raised_by)
            if a.kind == betting.FOLD:
                self.fold(a.player)
            if a.calls_hand and self.caller is None:
                self.caller = a.player
                self.log(a.player, "call", turn=turn)

    def weg_bet(self, active: str) -> None:
        def choose_bet(name: str) -> int:
            return bet_amount(self.strategy[name], self.judge(name), self.rules.bet_cap)

        def choose_stay(name: str, bet: int) -> bool:
            return stays(self.strategy[name], self.judge(name), bet, self.round)

        self.record(betting.weg_bet_phase(active, self.after(active), self.rules, choose_bet, choose_stay), active)

    def dice_betting(self, forced: bool) -> None:
        may_call = dice_may_call(self.round, self.rules)
        raised: dict[str, int] = {}
        chosen_call: list[str] = []

        def choose(name: str, to_match: int, level: int) -> betting.Choice:
            strat, ev = self.strategy[name], self.judge(name)
            if to_match and not stays(strat, ev, to_match, self.round):
                return betting.Choice(betting.FOLD)
            call = may_call and self.caller is None and not chosen_call and wants_to_call(strat, ev, forced)
            if call:
                chosen_call.append(name)
            amount = bet_amount(strat, ev, self.rules.bet_cap)
            if amount and raised.get(name, 0) < strat.raises and (not to_match or strength(ev) >= strat.call_at):
                raised[name] = raised.get(name, 0) + 1
                return betting.Choice(betting.RAISE, amount, call)
            return betting.Choice(betting.MATCH, call_hand=call)

        self.record(betting.betting_round(list(self.in_play), self.rules, choose, may_call))

    # ------------------------------------------------------------ shifts
    def weg_roll(self, active: str) -> None:
        roll = self.rng.randint(1, WEG_SHIFT_DIE)
        self.log(active, "roll", str(roll), turn=active)
        if roll > WEG_SHIFT_HIGHEST or len(self.in_play) < 2:
            return
        pile = [self.held[n].pop(self.rng.randrange(len(self.held[n]))) for n in self.in_play]
        self.rng.shuffle(pile)
        for n, card in zip(self.in_play, pile):
            self.held[n].append(card)
        self.shifts += 1
        self.log(None, "shift", "weg", turn=active)

    def dice_roll(self, who: str) -> None:
        sides = self.rules.dice_sides
        if self.rules.dice_count == 2:
            a, b = self.rng.randint(1, sides), self.rng.randint(1, sides)
            shift, detail = a == b, f"{a}+{b}"
        else:
            a = self.rng.randint(1, sides)
            shift, detail = a == SHIFT_NUMBER, str(a)
        self.log(who, "roll", detail)
        if shift:
            self.dice_shift()

    def dice_shift(self) -> None:
        returned = {}
        for n in self.in_play:
            self.deck.extend(self.held[n])
            returned[n] = len(self.held[n])
            self.held[n] = []
        self.rng.shuffle(self.deck)
        for n in self.in_play:
            self.held[n] = [self.deck.pop() for _ in range(returned[n])]
        self.shifts += 1
        self.log(None, "shift", "dice")

    # -------------------------------------------------------------- moves
    def field_moves(self, name: str) -> None:
        """Dice rules: lock the largest card when standing; free the largest one when the hand must change."""
        strat = self.strategy[name]
        if not strat.locks:
            return
        into, out = [], []
        worth = lambda c: abs(card_value(c, self.cfg.location))  # noqa: E731
        if stands(strat, self.judge(name)):
            if self.held[name]:
                into.append(max(self.held[name], key=worth))
        elif self.field[name]:
            out.append(max(self.field[name], key=worth))
        check_field_moves(into, out)
        for card in into:
            self.held[name].remove(card)
            self.field[name].append(card)
            self.log(name, "lock", card.id)
        for card in out:
            self.field[name].remove(card)
            self.held[name].append(card)
            self.log(name, "unlock", card.id)

    def draw_phase(self, name: str, turn: str | None = None) -> None:
        strat = self.strategy[name]
        if stands(strat, self.judge(name)):
            self.log(name, "stand", turn=turn)
            return
        before = self.hand(name)
        sizes = exchange_sizes(before, self.cfg.location, len(self.held[name]))
        if 1 in sizes or not sizes or strength(self.judge(name)) < strat.add_below:
            self.draw_one(name, before, 1 in sizes, turn)
        else:
            self.exchange_many(name, before, sizes[0], turn)

    def draw_one(self, name: str, before: list[Card], may_exchange: bool, turn: str | None) -> None:
        card = self.draw_card()
        if card is None:
            self.log(name, "stand", "the deck is empty", turn=turn)
            return
        choices: list[tuple[Card, ...]] = [()]
        if may_exchange:
            choices += [(c,) for c in dict.fromkeys(self.held[name])]
        discard = max(choices, key=lambda out: self.judge(name, _without(before, out) + [card]).key)
        self.apply_draw(name, before, [card], list(discard), turn)

    def exchange_many(self, name: str, before: list[Card], k: int, turn: str | None) -> None:
        if len(self.deck) < k:
            self.deck_ran_out = True
            self.log(name, "stand", "too few cards in the deck", turn=turn)
            return
        drawn = [card for card in (self.draw_card() for _ in range(k)) if card is not None]  # all k: checked above
        discard = max(combinations(self.held[name], k),
                      key=lambda out: self.judge(name, _without(before, out) + drawn).key)
        self.apply_draw(name, before, drawn, list(discard), turn)

    def apply_draw(self, name: str, before: list[Card], drawn: list[Card], discard: list[Card], turn) -> None:
        check_draw(before, len(drawn), discard, self.cfg.location, self.field[name])
        for card in discard:
            self.held[name].remove(card)  # discarded cards leave the game
        self.held[name].extend(drawn)
        kind = "exchange" if discard else "draw"
        self.log(name, kind, " ".join(c.id for c in discard) + (" -> " if discard else "")
                 + " ".join(c.id for c in drawn), turn=turn)

    # ----------------------------------------------------------- showdown
    def showdown(self) -> Resolution:
        hands = {n: self.hand(n) for n in self.in_play}
        community = {n: self.field[n] for n in self.in_play} if self.rules.hold_em else None
        extra: dict[str, list[Card]] = {n: [] for n in self.in_play}
        while True:
            res = resolve(hands, extra, self.cfg.location, community)
            if not res.pending:
                return res
            for n in res.pending:
                card = self.draw_card()
                if card is None:
                    return res  # the tie stands: the tied players share
                extra[n].append(card)
                self.log(n, "demise", card.id)


def _without(cards: list[Card], out) -> list[Card]:
    rest = list(cards)
    for card in out:
        rest.remove(card)
    return rest


def _play_weg(t: _Table) -> str | None:
    """Rounds of WEG turns; returns how the hand ended: "called", "uncontested" or None."""
    for rnd in range(1, t.cfg.max_rounds + 1):
        t.round = rnd
        forced = rnd == t.cfg.max_rounds
        for active in t.names:
            if active in t.in_play:
                t.weg_bet(active)
                if len(t.in_play) == 1:
                    return UNCONTESTED
            t.weg_roll(active)
            if t.rules.may_call_in_round(rnd):
                for other in t.after(active):
                    if weg_may_call(other, active, rnd, t.rules) and \
                            wants_to_call(t.strategy[other], t.judge(other), forced):
                        t.caller = other
                        t.log(other, "call", turn=active)
                        return "called"
            if active in t.in_play:
                t.draw_phase(active, active)
    return None


def _play_dice(t: _Table) -> str | None:
    """Rounds of a play round and a betting round; returns how the hand ended."""
    dealer = t.names[-1]
    for rnd in range(1, t.cfg.max_rounds + 1):
        t.round = rnd
        for player in list(t.in_play):
            t.field_moves(player)
            t.draw_phase(player)
            t.dice_roll(player)
        t.dice_betting(forced=rnd == t.cfg.max_rounds)
        if len(t.in_play) == 1:
            return UNCONTESTED
        t.dice_roll(dealer)  # the end of the betting round; after a call, the last roll before the reveal
        if t.caller is not None:
            return "called"
    return None


def simulate(seed: int, config: SimConfig | None = None) -> SimResult:
    """Play one hand from ante to settlement; deterministic for ``seed``."""
    cfg = config or SimConfig()
    t = _Table(seed, cfg)
    ended = _play_weg(t) if not cfg.rules.uses_dice else _play_dice(t)
    stakes = [Stake(n, t.bets[n], n not in t.in_play) for n in t.names]

    def pay(outcome: Outcome | None) -> Settlement:
        return settle(stakes, outcome, sabacc_pot=cfg.sabacc_pot, ante=ANTE, penalty=cfg.rules.penalty,
                      fold_fee=cfg.rules.fold_fee, sabacc_ante_always=cfg.rules.sabacc_ante_always)

    categories: tuple[tuple[str, str], ...] = ()
    borrowed: tuple[tuple[str, tuple[str, ...]], ...] = ()
    winners: tuple[str, ...]
    category: str | None
    if ended == UNCONTESTED:
        winners, category = (t.in_play[0],), UNCONTESTED
        money = pay(None)
    else:
        res = t.showdown()
        t.log(None, "showdown", ",".join(res.winners))
        evals = dict(res.evaluations)
        winners = res.winners
        category = evals[winners[0]].category if winners else None
        categories = tuple((n, ev.category) for n, ev in res.evaluations)
        borrowed = tuple((n, tuple(c.id for c in ev.borrowed)) for n, ev in res.evaluations if ev.borrowed)
        outcome = Outcome(res.winners, tuple(n for n, ev in res.evaluations if ev.bombed_out), res.special,
                          t.caller if cfg.rules.caller_pays else None)
        money = pay(outcome)
    return SimResult(
        seed=seed,
        config=cfg,
        hands=tuple((n, tuple(c.id for c in t.hand(n))) for n in t.names),
        fields=tuple((n, tuple(c.id for c in t.field[n])) for n in t.names),
        events=tuple(t.events),
        caller=t.caller,
        winners=tuple(winners),
        category=category,
        categories=categories,
        rounds=t.round,
        shifts=t.shifts,
        folded=tuple(n for n in t.names if n not in t.in_play),
        deck_ran_out=t.deck_ran_out,
        settlement=money,
        strategies=tuple(t.strategy[n].name for n in t.names),
        borrowed=borrowed,
    )
