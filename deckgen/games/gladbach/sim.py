"""Seeded simulator for Gladbach tournament sabacc, and the deck-sufficiency check.

What it is for: playing whole games with simple strategies to measure how
many cards a game consumes, so that the printed deck composition is large
enough (:func:`deck_sufficiency`), and to exercise the ranking and chip
rules end to end.  Deterministic: all chance (shuffle, dice, strategy
choices) comes from one ``random.Random(seed)``.

Table procedure (the rule decisions are in ``data/gladbach/decisions.yaml``):

* deal ``START_HAND_SIZE`` (2) cards to each player, seat 0 first;
* nine rounds; in each, seat 0 to seat N-1 in turn: may draw one card, may
  discard one card (never the last one), places chips on this round's field;
* after rounds 3 and 6 two six-sided dice are rolled (:func:`roll_dice`:
  fair and independent, so a double comes one time in six); on a double
  every player discards the whole hand, then each (seat order) draws as many
  cards as they held;
* a draw from an empty draw pile first shuffles the discard pile except its
  top card into a new draw pile; with nothing to shuffle no card is drawn;
* after round 9 the best hand(s) by ``engine.rank_key`` take every chip of
  every round, settled by ``engine.settle`` (a tie splits evenly, the
  remainder goes one chip each to the tied winners in seat order).

Strategies (:data:`STRATEGIES`, the default first)
    ``"greedy"``       draws unless holding a lone blue 0, then discards the
                       card whose removal improves the hand most (if any).
    ``"always_draw"``  draws every turn and never discards: the worst case
                       for card consumption.
    ``"random"``       draws and discards at random.
Bets (:data:`BETS`; every bet is at least one chip, capped by the chips left)
    ``"fixed"`` one chip a turn; ``"random"`` 1-3 chips; ``"rising"`` 1 chip
    in rounds 1-3, 2 in rounds 4-6, 3 in rounds 7-9.
Dice (:data:`DOUBLES`)
    ``"roll"`` real dice; ``"always"`` every roll is a double (the worst case
    for the deck); ``"never"`` no roll is a double (the game without the rule).
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Callable, Mapping

from deckgen.games.gladbach.engine import (
    BLUE,
    CARD_KINDS,
    DICE_ROUNDS,
    MAX_PLAYERS,
    ROUNDS,
    START_HAND_SIZE,
    Card,
    build_deck,
    category,
    rank_key,
    settle,
    split_pot,
)

__all__ = [
    "ROUNDS",
    "DICE_ROUNDS",
    "STRATEGIES",
    "BETS",
    "DOUBLES",
    "START_CHIPS",
    "GameResult",
    "roll_dice",
    "SufficiencyReport",
    "simulate",
    "worst_case_draws",
    "deck_sufficiency",
    "smallest_uniform_composition",
    "split_pot",
]

#: Chips every player starts with: enough for the highest bet (3) in all nine rounds.
START_CHIPS = 30


# ------------------------------------------------------------------ piles


class _Piles:
    """Draw pile and discard pile, with the empty-pile procedure and stats."""

    def __init__(self, deck: list[Card], rng: random.Random):
        self.rng = rng
        self.draw_pile = list(deck)
        rng.shuffle(self.draw_pile)
        self.discard_pile: list[Card] = []
        self.min_draw_pile = len(self.draw_pile)
        self.reshuffles = 0
        self.failed_draws = 0
        self.cards_drawn = 0

    def draw(self) -> Card | None:
        if not self.draw_pile:
            self.min_draw_pile = 0
            if len(self.discard_pile) > 1:
                top = self.discard_pile.pop()
                self.draw_pile = self.discard_pile
                self.rng.shuffle(self.draw_pile)
                self.discard_pile = [top]
                self.reshuffles += 1
            else:
                self.failed_draws += 1
                return None
        card = self.draw_pile.pop()
        self.cards_drawn += 1
        self.min_draw_pile = min(self.min_draw_pile, len(self.draw_pile))
        return card

    def discard(self, card: Card) -> None:
        self.discard_pile.append(card)


# ------------------------------------------------------------- strategies


def _best_discard(hand: list[Card]) -> int | None:
    """Index of the card whose removal improves the hand most, or None."""
    if len(hand) < 2:
        return None
    best_i, best_key = None, rank_key(hand)
    for i in range(len(hand)):
        key = rank_key(hand[:i] + hand[i + 1 :])
        if key < best_key:
            best_i, best_key = i, key
    return best_i


def _greedy_draw(hand: list[Card], rng: random.Random) -> bool:
    return not (len(hand) == 1 and hand[0].colour == BLUE)


def _greedy_discard(hand: list[Card], rng: random.Random) -> int | None:
    return _best_discard(hand)


def _random_draw(hand: list[Card], rng: random.Random) -> bool:
    return rng.random() < 0.5


def _random_discard(hand: list[Card], rng: random.Random) -> int | None:
    if len(hand) < 2 or rng.random() < 0.5:
        return None
    return rng.randrange(len(hand))


#: name -> (wants_to_draw(hand, rng), card_to_discard(hand, rng) -> index|None)
STRATEGIES: dict[str, tuple[Callable, Callable]] = {
    "greedy": (_greedy_draw, _greedy_discard),
    "always_draw": (lambda hand, rng: True, lambda hand, rng: None),
    "random": (_random_draw, _random_discard),
}

#: name -> wanted chips(rng, round); the simulator places at least one, capped by the chips left.
BETS: dict[str, Callable[[random.Random, int], int]] = {
    "fixed": lambda rng, rnd: 1,
    "random": lambda rng, rnd: rng.randint(1, 3),
    "rising": lambda rng, rnd: (rnd + 2) // 3,
}

#: How the dice after rounds 3 and 6 fall: real dice, always a double, never a double.
DOUBLES = ("roll", "always", "never")


def roll_dice(rng: random.Random, doubles: str = "roll") -> list[int]:
    """Two six-sided dice.

    ``"roll"``: two fair, independent dice -- a double (both the same) with
    probability 6/36 = 1/6.  ``"always"``: the second die shows what the first
    shows.  ``"never"``: the second die shows one of the five other faces.
    """
    first = rng.randint(1, 6)
    if doubles == "roll":
        return [first, rng.randint(1, 6)]
    if doubles == "always":
        return [first, first]
    if doubles == "never":
        return [first, rng.choice([f for f in range(1, 7) if f != first])]
    raise ValueError(f"unknown dice mode {doubles!r}; known: {', '.join(DOUBLES)}")


# ------------------------------------------------------------------ result


@dataclass
class GameResult:
    """Everything a simulated game produced (``to_dict`` is JSON-ready)."""

    seed: int
    players: int
    strategies: list[str]
    fields: list[list[int]]  # fields[r][seat]: chips seat placed in round r+1
    hands: list[list[str]]  # final hands, seat order
    rank_keys: list[list[int]]
    winners: list[int]  # seats
    payouts: list[int]  # chips each seat takes at the end
    chips_before: list[int]
    chips_after: list[int]
    dice: list[list[int]]  # the rolls after rounds 3 and 6
    doubles: int  # how many of those rolls were doubles (each made every player redraw)
    min_draw_pile: int  # smallest draw pile seen (0: it was empty at some point)
    cards_drawn: int
    reshuffles: int  # times the discard pile was shuffled back
    failed_draws: int  # draws with no card available at all
    draw_pile_ran_empty: bool = field(init=False)

    def __post_init__(self) -> None:
        self.draw_pile_ran_empty = (
            self.min_draw_pile == 0 or self.reshuffles > 0 or self.failed_draws > 0
        )

    @property
    def pot(self) -> int:
        """All chips placed on all round fields."""
        return sum(sum(r) for r in self.fields)

    @property
    def dice_double(self) -> bool:
        """A double came up after round 3 or round 6."""
        return self.doubles > 0

    @property
    def category(self) -> str | None:
        """The winning hand's :func:`~deckgen.games.gladbach.engine.category` (tied winners share it)."""
        return category(self.hands[self.winners[0]]) if self.winners else None

    def to_dict(self) -> dict:
        out = asdict(self)
        out.update(pot=self.pot, dice_double=self.dice_double, category=self.category)
        return out


# --------------------------------------------------------------- simulate


def simulate(
    players: int,
    seed: int = 0,
    *,
    composition: Mapping[str, int],
    strategy: str | list[str] = "greedy",
    bet: str = "fixed",
    doubles: str = "roll",
    start_chips: int = START_CHIPS,
    hand_size: int = START_HAND_SIZE,
) -> GameResult:
    """Play one game of ``players`` seats with ``random.Random(seed)``.

    ``strategy`` is one name for all seats or one per seat (see
    :data:`STRATEGIES`); ``bet`` one of :data:`BETS`; ``doubles`` how the
    dice fall (:data:`DOUBLES`: ``"always"`` is the worst case for card
    consumption).  Raises ``ValueError`` for bad arguments or a deck too
    small to deal.
    """
    if players < 1:
        raise ValueError("need at least one player")
    names = [strategy] * players if isinstance(strategy, str) else list(strategy)
    if len(names) != players:
        raise ValueError(f"{len(names)} strategies for {players} players")
    for name in names:
        if name not in STRATEGIES:
            raise ValueError(f"unknown strategy {name!r}; known: {sorted(STRATEGIES)}")
    if bet not in BETS:
        raise ValueError(f"unknown bet {bet!r}; known: {sorted(BETS)}")
    if doubles not in DOUBLES:
        raise ValueError(f"unknown dice mode {doubles!r}; known: {', '.join(DOUBLES)}")
    if isinstance(start_chips, bool) or not isinstance(start_chips, int) or start_chips < 0:
        raise ValueError(f"start chips must be a whole number, 0 or more, not {start_chips!r}")
    if hand_size < 1:
        raise ValueError("hand size must be at least 1")

    rng = random.Random(seed)
    piles = _Piles(build_deck(composition), rng)
    chips = [start_chips] * players
    chips_before = list(chips)

    hands: list[list[Card]] = [[] for _ in range(players)]
    for _ in range(hand_size):
        for seat in range(players):
            card = piles.draw()
            if card is None:
                raise ValueError("deck too small to deal the starting hands")
            hands[seat].append(card)

    fields: list[list[int]] = []
    dice: list[list[int]] = []
    double_count = 0
    for rnd in range(1, ROUNDS + 1):
        placed = [0] * players
        for seat in range(players):
            wants_draw, pick_discard = STRATEGIES[names[seat]]
            hand = hands[seat]
            if wants_draw(hand, rng):
                card = piles.draw()
                if card is not None:
                    hand.append(card)
            index = pick_discard(hand, rng)
            if index is not None and len(hand) > 1:
                piles.discard(hand.pop(index))
            stake = min(max(1, BETS[bet](rng, rnd)), chips[seat])
            chips[seat] -= stake
            placed[seat] = stake
        fields.append(placed)
        if rnd in DICE_ROUNDS:
            roll = roll_dice(rng, doubles)
            dice.append(roll)
            if roll[0] == roll[1]:
                double_count += 1
                sizes = [len(h) for h in hands]
                for hand in hands:
                    for card in hand:
                        piles.discard(card)
                    hand.clear()
                for seat, size in enumerate(sizes):
                    for _ in range(size):
                        card = piles.draw()
                        if card is not None:
                            hands[seat].append(card)

    keys = [rank_key(h) if h else None for h in hands]
    live = [k for k in keys if k is not None]
    best = min(live) if live else None
    winners = [seat for seat, k in enumerate(keys) if k is not None and k == best]
    # nobody without a card can win; with no winner at all (impossible unless the deck
    # is too small to redraw) the chips stay on the board and money_change shows it
    payouts = settle(fields, winners, players) if winners else [0] * players
    chips_after = [c + p for c, p in zip(chips, payouts)]

    return GameResult(
        seed=seed,
        players=players,
        strategies=names,
        fields=fields,
        hands=[[str(c) for c in h] for h in hands],
        rank_keys=[list(k) if k is not None else [] for k in keys],
        winners=winners,
        payouts=payouts,
        chips_before=chips_before,
        chips_after=chips_after,
        dice=dice,
        doubles=double_count,
        min_draw_pile=piles.min_draw_pile,
        cards_drawn=piles.cards_drawn,
        reshuffles=piles.reshuffles,
        failed_draws=piles.failed_draws,
    )


# --------------------------------------------------------- deck sufficiency


def worst_case_draws(players: int, hand_size: int = START_HAND_SIZE) -> int:
    """Cards taken from the draw pile when everyone always draws, never
    discards, and both dice rolls are doubles.

    Per player: the deal (``h``), nine draws, the redraw after round 3
    (``h + 3`` cards) and after round 6 (``h + 6``): ``3h + 18`` -- 24 for
    the two-card deal.
    """
    return players * (hand_size + ROUNDS + (hand_size + 3) + (hand_size + 6))


@dataclass
class SufficiencyReport:
    """Outcome of :func:`deck_sufficiency` (``to_dict`` is JSON-ready)."""

    players: int
    games: int
    seed: int
    strategy: str
    force_doubles: bool
    deck_size: int
    worst_case_draws: int
    max_cards_drawn: int  # most cards drawn in any simulated game
    min_draw_pile: int  # smallest draw pile seen in any game
    games_ran_empty: int  # games whose draw pile was ever empty
    sufficient: bool = field(init=False)

    def __post_init__(self) -> None:
        self.sufficient = self.games_ran_empty == 0

    def to_dict(self) -> dict:
        return asdict(self)


def deck_sufficiency(
    composition: Mapping[str, int],
    players: int = MAX_PLAYERS,
    games: int = 200,
    seed: int = 0,
    *,
    strategy: str = "always_draw",
    force_doubles: bool = True,
) -> SufficiencyReport:
    """Play ``games`` seeded games (seeds ``seed``, ``seed+1``, ...) and report
    whether the draw pile ever ran empty.

    The defaults are the worst case: every player always draws, never
    discards, and both dice rolls are doubles.
    """
    comp = composition
    deck_size = len(build_deck(comp))
    max_drawn, min_pile, ran_empty = 0, deck_size, 0
    for g in range(games):
        result = simulate(
            players, seed + g, composition=comp, strategy=strategy,
            doubles="always" if force_doubles else "roll",
        )
        max_drawn = max(max_drawn, result.cards_drawn)
        min_pile = min(min_pile, result.min_draw_pile)
        ran_empty += result.draw_pile_ran_empty
    return SufficiencyReport(
        players=players,
        games=games,
        seed=seed,
        strategy=strategy,
        force_doubles=force_doubles,
        deck_size=deck_size,
        worst_case_draws=worst_case_draws(players),
        max_cards_drawn=max_drawn,
        min_draw_pile=min_pile,
        games_ran_empty=ran_empty,
    )


def smallest_uniform_composition(
    players: int = MAX_PLAYERS, games: int = 20, seed: int = 0
) -> dict[str, int]:
    """The fewest equal copies of all 19 kinds that pass the worst-case check."""
    copies = 1
    while True:
        comp = {kind: copies for kind in CARD_KINDS}
        try:
            if deck_sufficiency(comp, players, games=games, seed=seed).sufficient:
                return comp
        except ValueError:  # too small even to deal
            pass
        copies += 1
