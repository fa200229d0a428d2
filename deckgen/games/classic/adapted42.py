"""The 42-card adaptation of classic sabacc (seed 001): two poker decks, target 11, wild and clone cards.

The deck: from each of two 52-card poker decks keep the aces (worth 1), the
2s to 5s of all four suits and one 6 — ranks 1 to 5 eight times each and
two 6s, 42 cards.  Suits play no part; a card is its rank.  The printed
deck ``adapted-42`` of ``data/classic/game.yaml`` holds the same cards, and
its counts (:func:`composition_from_cards`) limit a showdown's copies.

Before each game the dealer announces two *wild* ranks and one *clone*
rank (not a wild one); every card of those ranks is wild or a clone for
that game.  The showdown document carries the announcement::

    wild: [2, 5]             # the two wild ranks
    clone: 3                 # the clone rank
    players:
      - {name: A, hand: [1, 5, 3]}
      - {name: B, hand: [ace, 4, 6]}
    extra: {A: [2], B: [4]}  # optional: sudden-demise cards, one per round
    caller: A                # optional: who called (a caller who does not win pays the penalty)

A card is written as its rank, 1 to 6 (``ace`` or ``a`` for 1).  How a hand
counts (the decisions ``adapted-*`` of ``data/classic/decisions.yaml``):

* a wild card counts as any value from 1 to 6, each one chosen on its own;
* a clone counts as the value of another card of the same hand, the
  holder's choice — a wild card as it was set; it must copy while there is
  a card to copy, and clones never copy each other (what a clone would copy
  from another clone is what that clone copies); in a hand of clones only,
  each counts its own rank;
* the holder's choices are the best for the hand: the highest total not
  over 11, or, if every choice goes over, the lowest total.

Ranking, as a key ``(level, total)`` (larger is better): 11 is Pure Sabacc
(level 2, wins the sabacc pot too), 2 to 10 rank by total (level 1), over
11 bombs out (level 0, never wins).  A hand holds 2 to 6 cards, so a total
of 0 cannot occur.  Tied best hands go to sudden demise as in the classic
game: each tied player gets one more card (the six-card limit does not stop
it), whoever goes over drops out, and if all of them do, the best of the
other hands wins.

Pure: no file I/O (without a game's counts, the bundled deck's, read once by
:mod:`deckgen.games.classic.bundled`).  A bad showdown raises :class:`ShowdownError` at a path.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any, Callable, Iterable, Mapping, Sequence

from deckgen.errors import ShowdownError
from deckgen.games.classic.bundled import adapted_42_composition
from deckgen.games.classic.engine import read_caller

DECK_ID = "adapted-42"
TARGET = 11
RANKS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
#: which poker card each rank is: the seed keeps the aces as 1
POKER_CARDS: dict[int, str] = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6"}
MIN_HAND, MAX_HAND = 2, 6
WILD_RANKS = 2

BOMBED_OUT = "bombed out"
NORMAL = "normal"
PURE_SABACC = "pure sabacc"
LEVEL_BOMBED, LEVEL_NORMAL, LEVEL_PURE = range(3)

_NAMES = {"ace": 1, "a": 1}


# ------------------------------------------------------------------ cards


def parse_rank(token: Any, path: tuple = ()) -> int:
    """A card of the 42-card deck: its rank 1-6 (``ace``/``a`` is 1); anything else raises at ``path``."""
    if isinstance(token, bool):
        raise ShowdownError(path, f"{token!r} is not a card; write its rank, 1 to 6 (ace is 1).")
    if isinstance(token, int):
        rank = token
    elif isinstance(token, str) and token.strip().lower() in _NAMES:
        rank = _NAMES[token.strip().lower()]
    elif isinstance(token, str) and token.strip().isdigit():
        rank = int(token.strip())
    else:
        raise ShowdownError(path, f"{token!r} is not a card of the 42-card deck; write its rank, 1 to 6 "
                                  f"(ace is 1; suits play no part).")
    if rank not in RANKS:
        raise ShowdownError(path, f"the 42-card deck has no {rank}: its ranks are 1 to 6 "
                                  f"(7 to king are taken out of the poker decks).")
    return rank


def composition_from_cards(cards: Iterable[Any]) -> dict[int, int]:
    """rank -> copies of a printed deck's cards (model cards with a ``rank`` field and a ``count``)."""
    out: Counter = Counter()
    for card in cards:
        rank = card.fields.get("rank")
        if isinstance(rank, int) and not isinstance(rank, bool):
            out[rank] += card.count
    return dict(sorted(out.items()))


def with_deck_counts(load_data: Callable[[Any], dict]) -> Callable[[Any], dict]:
    """``load_data`` of the classic game, plus the printed 42-card deck's counts under :data:`DECK_ID`.

    The deck is read from the already loaded game model (no file is opened
    here); a game without the deck leaves the bundled deck's counts in force.
    """

    def load(game: Any) -> dict:
        data = dict(load_data(game))
        deck = game.decks.get(DECK_ID) if game is not None else None
        if deck is not None:
            data[DECK_ID] = composition_from_cards(deck.cards)
        return data

    load.__doc__ = load_data.__doc__
    return load


# ------------------------------------------------------------------ hands


@dataclass(frozen=True)
class Announcement:
    """The dealer's call before the game: two wild ranks and one clone rank."""

    wild: tuple[int, int]
    clone: int

    def kind(self, rank: int) -> str:
        return "wild" if rank in self.wild else "clone" if rank == self.clone else "plain"


@dataclass(frozen=True)
class Evaluation:
    """A judged hand: the cards, what each counts as, the total, category and ranking key."""

    cards: tuple[int, ...]
    counts: tuple[int, ...]
    total: int
    category: str
    key: tuple[int, int]

    @property
    def bombed_out(self) -> bool:
        return self.key[0] == LEVEL_BOMBED

    @property
    def special(self) -> bool:
        return self.key[0] == LEVEL_PURE


def _choices(cards: Sequence[int], call: Announcement) -> Iterable[tuple[int, ...]]:
    """Every way the hand may count: a value per card, in the cards' order."""
    kinds = [call.kind(c) for c in cards]
    wild_at = [i for i, k in enumerate(kinds) if k == "wild"]
    clone_at = [i for i, k in enumerate(kinds) if k == "clone"]
    copyable = len(clone_at) < len(cards)
    # wild cards are interchangeable, and so are clones: choose multisets, not sequences
    for wild_values in combinations_with_replacement(RANKS, len(wild_at)):
        values = list(cards)
        for i, v in zip(wild_at, wild_values):
            values[i] = v
        if not clone_at or not copyable:
            yield tuple(values)  # clones alone count their own rank
            continue
        sources = sorted({values[i] for i in range(len(cards)) if kinds[i] != "clone"})
        for copied in combinations_with_replacement(sources, len(clone_at)):
            out = list(values)
            for i, v in zip(clone_at, copied):
                out[i] = v
            yield tuple(out)


def evaluate(cards: Sequence[int], call: Announcement) -> Evaluation:
    """Judge one hand (ranks) under the dealer's announcement, with the best choices for its holder."""
    cards = tuple(cards)
    best: tuple[int, ...] | None = None
    for counts in _choices(cards, call):
        total = sum(counts)
        if best is None:
            best = counts
            continue
        have = sum(best)
        if (total <= TARGET and (have > TARGET or total > have)) or (have > TARGET and total < have):
            best = counts
    assert best is not None
    total = sum(best)
    if total > TARGET:
        return Evaluation(cards, best, total, BOMBED_OUT, (LEVEL_BOMBED, 0))
    if total == TARGET:
        return Evaluation(cards, best, total, PURE_SABACC, (LEVEL_PURE, total))
    return Evaluation(cards, best, total, NORMAL, (LEVEL_NORMAL, total))


# ------------------------------------------------------------------ showdown


@dataclass(frozen=True)
class Resolution:
    """Who wins after sudden demise: ``pending`` names tied players who still need an extra card."""

    winners: tuple[str, ...]
    evaluations: tuple[tuple[str, Evaluation], ...]
    rounds: tuple[tuple[tuple[str, Evaluation], ...], ...] = ()
    pending: tuple[str, ...] = ()
    special: bool = False


def resolve(hands: Mapping[str, Sequence[int]], call: Announcement,
            extra: Mapping[str, Sequence[int]] | None = None) -> Resolution:
    """The best hand wins; tied best hands play sudden demise with their ``extra`` cards, one a round."""
    extra = extra or {}
    evals = {n: evaluate(h, call) for n, h in hands.items()}
    used = {n: 0 for n in hands}
    rounds: list[tuple[tuple[str, Evaluation], ...]] = []
    pool = [n for n in hands if not evals[n].bombed_out]

    def result(winners: list[str], pending: Sequence[str] = ()) -> Resolution:
        special = bool(winners) and evals[winners[0]].special
        return Resolution(tuple(winners), tuple(evals.items()), tuple(rounds), tuple(pending), special)

    while pool:
        best = max(evals[n].key for n in pool)
        tied = [n for n in pool if evals[n].key == best]
        pool = [n for n in pool if n not in tied]
        if len(tied) == 1:
            return result(tied)
        current = {n: list(hands[n]) for n in tied}
        while True:
            if any(used[n] >= len(extra.get(n, ())) for n in tied):
                return result(tied, pending=tied)
            for n in tied:
                current[n].append(extra[n][used[n]])
                used[n] += 1
            now = {n: evaluate(current[n], call) for n in tied}
            rounds.append(tuple(now.items()))
            alive = [n for n in tied if not now[n].bombed_out]
            if not alive:
                break  # all of them went over: the best of the others wins
            top = max(now[n].key for n in alive)
            tied = [n for n in alive if now[n].key == top]
            if len(tied) == 1:
                return result(tied)
    return result([])


def read_announcement(showdown: Mapping[str, Any], composition: Mapping[int, int]) -> Announcement:
    """The dealer's ``wild: [r, r]`` and ``clone: r`` of a showdown document."""
    if "wild" not in showdown:
        raise ShowdownError(("wild",), "the dealer's announcement is missing: name the two wild ranks, "
                                       "e.g. wild: [2, 5]")
    wild = showdown["wild"]
    if not isinstance(wild, list) or len(wild) != WILD_RANKS:
        raise ShowdownError(("wild",), f"the dealer names exactly two wild ranks, e.g. wild: [2, 5], not {wild!r}")
    ranks = tuple(_held_rank(token, ("wild", i), composition) for i, token in enumerate(wild))
    if ranks[0] == ranks[1]:
        raise ShowdownError(("wild", 1), f"the two wild ranks must differ; {ranks[1]} is named twice")
    if "clone" not in showdown:
        raise ShowdownError(("clone",), "the dealer's announcement is missing the clone rank, e.g. clone: 3")
    clone = _held_rank(showdown["clone"], ("clone",), composition)
    if clone in ranks:
        raise ShowdownError(("clone",), f"the clone rank cannot be a wild rank; {clone} is wild")
    return Announcement((ranks[0], ranks[1]), clone)


def _held_rank(token: Any, path: tuple, composition: Mapping[int, int]) -> int:
    rank = parse_rank(token, path)
    if composition.get(rank, 0) < 1:
        raise ShowdownError(path, f"the 42-card deck holds no {rank}")
    return rank


def _read_cards(tokens: Any, path: tuple) -> list[int]:
    if not isinstance(tokens, list):
        raise ShowdownError(path, "a hand must be a list of cards (ranks 1 to 6).")
    return [parse_rank(t, path + (i,)) for i, t in enumerate(tokens)]


def read_showdown(showdown: Any, composition: Mapping[int, int] | None = None):
    """(announcement, hands, extra) of a showdown document; every problem raises at its path."""
    composition = dict(adapted_42_composition() if composition is None else composition)
    if not isinstance(showdown, Mapping):
        raise ShowdownError((), "a showdown must be a mapping with 'wild', 'clone' and 'players'.")
    call = read_announcement(showdown, composition)
    players = showdown.get("players")
    if not isinstance(players, list) or not players:
        raise ShowdownError(("players",), "'players' must be a non-empty list.")
    hands: dict[str, list[int]] = {}
    entries: list[tuple[tuple, int]] = []
    if "location" in showdown:
        raise ShowdownError(("location",), "local rules belong to the 76-card deck, not to the 42-card deck")
    for i, player in enumerate(players):
        path = ("players", i)
        if not isinstance(player, Mapping):
            raise ShowdownError(path, "a player must be a mapping with 'name' and 'hand'.")
        if "field" in player:
            raise ShowdownError(path + ("field",), "the disruptor field belongs to the dice rules of the 76-card "
                                                   "deck, not to the 42-card deck.")
        name = player.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ShowdownError(path + ("name",), "a player needs a non-empty 'name'.")
        if name in hands:
            raise ShowdownError(path + ("name",), f"the name '{name}' is used twice.")
        if "hand" not in player:
            raise ShowdownError(path + ("hand",), f"player '{name}' needs a 'hand'.")
        cards = _read_cards(player["hand"], path + ("hand",))
        if not MIN_HAND <= len(cards) <= MAX_HAND:
            raise ShowdownError(path + ("hand",), f"the hand of '{name}' holds {len(cards)} card(s); a hand holds "
                                                  f"{MIN_HAND} to {MAX_HAND} cards with the 42-card deck.")
        hands[name] = cards
        entries += [(path + ("hand", j), c) for j, c in enumerate(cards)]
    extra_raw = showdown.get("extra") or {}
    if not isinstance(extra_raw, Mapping):
        raise ShowdownError(("extra",), "'extra' must map player names to lists of cards.")
    extra: dict[str, list[int]] = {}
    for name, tokens in extra_raw.items():
        if name not in hands:
            raise ShowdownError(("extra", name), f"'{name}' is not a player of this showdown.")
        extra[name] = _read_cards(tokens, ("extra", name))
        entries += [(("extra", name, j), c) for j, c in enumerate(extra[name])]
    seen: Counter = Counter()
    for path, rank in entries:
        seen[rank] += 1
        allowed = composition.get(rank, 0)
        if seen[rank] > allowed:
            copies = "no" if allowed == 0 else "one copy" if allowed == 1 else f"{allowed} copies"
            raise ShowdownError(path, f"a {rank} appears {seen[rank]} times; the 42-card deck holds {copies} of it.")
    return call, hands, extra


def _eval_json(name: str, ev: Evaluation) -> dict:
    return {"name": name, "cards": list(ev.cards), "counts": list(ev.counts), "total": ev.total,
            "category": ev.category, "rank": list(ev.key), "bombed_out": ev.bombed_out}


def judge(showdown: Any, composition: Mapping[int, int] | None = None, location: Any = None) -> dict:
    """Judge a showdown of the 42-card deck (format in the module docstring).

    ``composition`` (rank -> copies, from the printed deck) limits how often
    a rank may appear in all hands and sudden-demise cards together; without
    it the seed's 42 cards do.  The result holds ``winners`` (several if a
    tie is left open because extra cards ran out — ``needs_extra`` names
    them; none if every hand bombed out), ``sabacc_pot_won``, and per player
    the ``cards``, what each ``counts`` as, ``total``, ``category`` and
    ``rank`` (the key [level, total]; larger is better).  Local rules
    (``location``) belong to the 76-card deck: naming one is an error.
    """
    if location:
        raise ShowdownError(("location",), "local rules belong to the 76-card deck, not to the 42-card deck")
    call, hands, extra = read_showdown(showdown, composition)
    caller = read_caller(showdown, hands)
    res = resolve(hands, call, extra)
    evals = dict(res.evaluations)
    bombed = [n for n, ev in res.evaluations if ev.bombed_out]
    return {
        "game": "classic",
        "deck": DECK_ID,
        "target": TARGET,
        "wild": list(call.wild),
        "clone": call.clone,
        "winners": list(res.winners),
        "winning_category": evals[res.winners[0]].category if res.winners else None,
        "sabacc_pot_won": res.special,
        "tied": len(res.winners) > 1,
        "needs_extra": list(res.pending),
        "bombed_out": bombed,
        "caller": caller,
        "penalized": bombed + ([caller] if caller is not None and caller not in res.winners
                               and caller not in bombed else []),
        "players": [_eval_json(n, ev) for n, ev in res.evaluations],
        "sudden_demise": [{"players": [n for n, _ in r], "hands": [_eval_json(n, ev) for n, ev in r]}
                          for r in res.rounds],
    }
