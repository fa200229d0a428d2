"""Seeded turn-by-turn Pazaak match simulator with simple named strategies.

Plays whole matches between two players, each with a ten-card side deck,
following the rules and decisions of :mod:`deckgen.games.pazaak.engine`:

* four hand cards are drawn at random from each side deck for the whole
  match; each is played at most once in the match;
* every set shuffles a fresh shared 40-card main deck; the players alternate
  opening sets (set 1: the first player);
* a turn is: draw one main-deck card, optionally play one hand card, then
  stand or end the turn; over 20 at the end of the turn is a bust, nine cards
  at 20 or less win at once;
* a set is judged by the reference judge; void sets are replayed; the first
  to three set wins takes the match.

All randomness comes from one ``random.Random(seed)``, so a seed always
gives the same match.  :data:`STRATEGIES` names the strategies ``deckgen
simulate pazaak --strategy`` offers; :meth:`MatchResult.to_record` writes a
played match in the format the match judge reads
(:mod:`deckgen.games.pazaak.match`).  Pure: no file I/O, no printing.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Protocol, Sequence

from deckgen.games.pazaak.deck_counts import bundled_main_deck
from deckgen.games.pazaak.engine import (
    HAND_SIZE,
    MAX_TABLE,
    Played,
    SETS_TO_WIN,
    STATUS_BUST,
    TARGET,
    judge_tables,
    normalise_side_deck,
    parse_card as _parse_card,
    play_tokens,
    resolve,
)


@dataclass(frozen=True)
class View:
    """What a strategy sees at a decision point during its own turn."""

    table: tuple[str, ...]
    total: int
    hand: tuple[str, ...]
    opponent_table: tuple[str, ...]
    opponent_total: int
    opponent_stood: bool


class Strategy(Protocol):
    """A player's policy: which hand card to play (if any) and when to stand."""

    def choose_card(self, view: View) -> str | None:
        """A table token for one card of ``view.hand`` (see ``play_tokens``), or None."""

    def should_stand(self, view: View) -> bool:
        """True to stand after this turn, False to end the turn and play on."""


@lru_cache(maxsize=1 << 12)
def parse_card(token: str) -> Played:
    """The engine's reading of a token the simulator laid (tokens repeat, cards are immutable)."""
    return _parse_card(token)


@lru_cache(maxsize=1 << 16)
def _total(tokens: tuple[str, ...]) -> int:
    return sum(resolve([parse_card(t) for t in tokens]))


def table_total(tokens: Sequence[str]) -> int:
    """Total of a table given as tokens."""
    return _total(tuple(tokens))


@dataclass(frozen=True)
class SimpleStrategy:
    """Stand at ``stand_at`` or more, or as soon as ahead of a standing opponent.

    A hand card is played only when it fills the ninth slot at 20 or less,
    saves a bust, reaches ``good_enough`` (20: exactly 20) or, with
    ``overtake``, takes the lead over an opponent who has stood.  Among
    useful options the highest resulting total wins.
    """

    stand_at: int = 17
    good_enough: int = TARGET
    overtake: bool = True

    def choose_card(self, view: View) -> str | None:
        options = []
        for card in dict.fromkeys(view.hand):
            for token in play_tokens(card):
                total = table_total(view.table + (token,))
                if total <= TARGET:
                    options.append((total, token))
        if not options:
            return None
        best_total, best = max(options, key=lambda o: o[0])
        if len(view.table) + 1 == MAX_TABLE:
            return best
        if view.total > TARGET or view.total < best_total >= self.good_enough:
            return best
        if self.overtake and view.opponent_stood and view.total <= view.opponent_total < best_total:
            return best
        return None

    def should_stand(self, view: View) -> bool:
        if view.opponent_stood:
            if view.total != view.opponent_total:
                return view.total > view.opponent_total
        return view.total >= self.stand_at


STRATEGIES: dict[str, SimpleStrategy] = {
    # stands at 17; hand cards to save a bust, reach exactly 20, fill the ninth slot or pass a standing opponent
    "standard": SimpleStrategy(),
    # stands at 15 and keeps its hand cards for busts, 20s and the ninth slot
    "cautious": SimpleStrategy(stand_at=15, overtake=False),
    # plays on to 18 and spends a hand card for 19 as well as for 20
    "bold": SimpleStrategy(stand_at=18, good_enough=19),
}
"""The named strategies, the default first: both players play the chosen one."""


@dataclass
class SetResult:
    """One played set: tables as table tokens, judged by the reference judge."""

    number: int
    opener: str
    tables: list[list[str]]
    totals: list[int]
    statuses: list[str]
    winners: list[str]
    void: bool
    reason: str
    ended_by: str


@dataclass
class MatchResult:
    """A whole match; ``winner`` is the player with three set wins."""

    seed: int
    names: list[str]
    hands: list[list[str]]
    sets: list[SetResult] = field(default_factory=list)
    set_wins: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    side_decks: list[list[str]] = field(default_factory=list)

    def to_dict(self) -> dict:
        """A JSON-serialisable copy."""
        return asdict(self)

    def to_record(self) -> dict:
        """The match in the format of the match judge (``deckgen judge pazaak FILE``)."""
        players = []
        for k, name in enumerate(self.names):
            player: dict[str, str | list[str]] = {"name": name}
            if self.side_decks:
                player["side_deck"] = list(self.side_decks[k])
            player["hand"] = list(self.hands[k])
            players.append(player)
        sets = [{"players": [{"name": n, "table": list(t)} for n, t in zip(self.names, s.tables)]}
                for s in self.sets]
        return {"players": players, "sets": sets}


def _fresh_main_deck(rng: random.Random, main_deck: dict[int, int] | None = None) -> list[int]:
    deck = [value for value, count in (main_deck or bundled_main_deck()).items() for _ in range(count)]
    rng.shuffle(deck)
    return deck


def play_set(
    number: int,
    names: Sequence[str],
    hands: list[list[str]],
    opener: int,
    deck: list[int],
    strategies: Sequence[Strategy],
) -> SetResult:
    """Play one set turn by turn; ``hands`` lose the cards that are played."""
    tables: list[list[str]] = [[], []]
    stood = [False, False]
    player = opener
    ended_by = "both stood"

    def view_for(p: int) -> View:
        o = 1 - p
        return View(
            tuple(tables[p]), table_total(tables[p]), tuple(hands[p]),
            tuple(tables[o]), table_total(tables[o]) if tables[o] else 0, stood[o],
        )

    while True:
        tables[player].append(str(deck.pop()))
        if len(tables[player]) < MAX_TABLE:
            token = strategies[player].choose_card(view_for(player))
            if token is not None:
                card = parse_card(token)
                if card.card not in hands[player]:
                    raise ValueError(f"strategy played {token!r}, which is not in hand {hands[player]}")
                hands[player].remove(card.card)
                tables[player].append(card.token)
        total = table_total(tables[player])
        if total > TARGET:
            ended_by = STATUS_BUST
            break
        if len(tables[player]) >= MAX_TABLE:
            ended_by = "nine-card"
            break
        if strategies[player].should_stand(view_for(player)):
            stood[player] = True
        if all(stood):
            break
        if not stood[1 - player]:
            player = 1 - player

    judged = judge_tables([(names[p], [parse_card(t) for t in tables[p]]) for p in (0, 1)])
    return SetResult(
        number=number,
        opener=names[opener],
        tables=tables,
        totals=[p["total"] for p in judged["players"]],
        statuses=[p["status"] for p in judged["players"]],
        winners=judged["winners"],
        void=judged["void"],
        reason=judged["reason"],
        ended_by=ended_by,
    )


def simulate_match(
    side_decks: Sequence[Sequence[str]],
    seed: int,
    names: Sequence[str] = ("A", "B"),
    strategies: Sequence[Strategy] | None = None,
    max_sets: int = 500,
    main_deck: dict[int, int] | None = None,
) -> MatchResult:
    """Play a whole match deterministically for ``seed``.

    ``side_decks`` are two ten-card side decks (catalogue ids or aliases);
    raises ValueError for a bad deck or name list.  ``max_sets`` only guards
    against an endless run of void sets (RuntimeError when exceeded).
    ``main_deck`` (value -> copies) is the printed main deck; default the rules' 40 cards.
    """
    if len(side_decks) != 2 or len(names) != 2 or names[0] == names[1]:
        raise ValueError("a pazaak match needs two side decks and two different player names")
    decks = [normalise_side_deck(list(d)) for d in side_decks]
    strategies = list(strategies) if strategies is not None else [SimpleStrategy(), SimpleStrategy()]
    rng = random.Random(seed)
    hands = [rng.sample(deck, HAND_SIZE) for deck in decks]
    result = MatchResult(seed=seed, names=list(names), hands=[list(h) for h in hands],
                         set_wins={n: 0 for n in names}, side_decks=[list(d) for d in decks])
    while result.winner is None:
        number = len(result.sets) + 1
        if number > max_sets:
            raise RuntimeError(f"no match winner after {max_sets} sets")
        played = play_set(number, names, hands, (number - 1) % 2, _fresh_main_deck(rng, main_deck), strategies)
        result.sets.append(played)
        for name in played.winners:
            result.set_wins[name] += 1
            if result.set_wins[name] >= SETS_TO_WIN:
                result.winner = name
    return result
