"""Pazaak: the 40-card main deck, the side-card catalogue and named side decks.

Modules: ``engine`` (card notation, a set judged from the two tables, turn
by turn), ``match`` (a whole match record judged: hands, sets, score),
``sim`` (seeded matches with named strategies) and ``checks``.  This module
declares the game to deckgen: ``deckgen judge pazaak FILE`` reads a set or a
match (docs/pazaak-match.md), ``deckgen simulate pazaak --decks all`` plays
the named side decks against each other.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from deckgen.errors import DeckgenError, Problem
from deckgen.games.pazaak import engine
from deckgen.games.pazaak.checks import CHECKS, named_side_decks, side_codes
from deckgen.games.pazaak.deck_counts import bundled_main_deck, main_deck
from deckgen.games.pazaak.match import is_match_record, judge_match
from deckgen.games.pazaak.sim import STRATEGIES, simulate_match
from deckgen.games.pazaak import faces, rulebook
from deckgen.games import schemas
from deckgen.registry import GameDescriptor, SimulationRequest, register_game

STRATEGY_NAMES = tuple(STRATEGIES)

SHOWDOWN_EXAMPLE = """\
players:
  - {name: A, table: ["7", "10", "+2"]}
  - {name: B, table: ["5", "D"]}
"""


def load_data(game) -> dict[str, Any]:
    if game is None:
        return {}
    return {"main_deck": main_deck(game),
            "side_decks": {deck.id: side_codes(deck) for deck in named_side_decks(game)}}


def judge(showdown: Any, data: Mapping[str, Any], options: Mapping[str, Any]) -> dict:
    """One set (``players`` with tables) or a whole match record (``players`` with hands, ``sets``)."""
    main = data.get("main_deck") or None
    if is_match_record(showdown):
        return judge_match(showdown, main_deck=main, side_decks=data.get("side_decks") or {})
    return engine.judge(showdown, main_deck=main)


def composition(game) -> dict[str, int]:
    """The main deck in the engine's notation (the value as a token) with copies."""
    return {str(value): copies for value, copies in main_deck(game).items()}


DECKS_OPTION = {
    "type": ["string", "array"],
    "items": {"type": "string"},
    "description": "two named side decks, e.g. starter,charge (P1's first), or 'all': every named side "
                   "deck against every other, in both seats",
}


def _deck_error(message: str) -> DeckgenError:
    return DeckgenError(Problem(None, None, None, "--decks", message))


def pairings(option: Any, decks: Mapping[str, list[str]]) -> list[tuple[str, str]]:
    """The (P1's deck, P2's deck) pairs a ``--decks`` value asks for, in the order they are played.

    None: the first two named decks; ``"all"``: every named deck against
    every other one, each pair in both seat orders; ``"a,b"`` or
    ``["a", "b"]``: that one pairing.
    """
    names = list(decks)
    if option is None:
        if len(names) < 2:
            raise _deck_error("the game needs two named side decks to simulate a match")
        return [(names[0], names[1])]
    if option == "all":
        if len(names) < 2:
            raise _deck_error("'all' needs at least two named side decks")
        return [(a, b) for a in names for b in names if a != b]
    chosen = [d.strip() for d in option.split(",")] if isinstance(option, str) else list(option)
    if len(chosen) != 2:
        raise _deck_error(f"give two named side decks, e.g. {','.join(names[:2]) or 'starter,charge'}, "
                          f"or 'all'")
    for name in chosen:
        if name not in decks:
            raise _deck_error(f"no named side deck {name!r} (known: {', '.join(names) or 'none'})")
    return [(chosen[0], chosen[1])]


def simulate(request: SimulationRequest) -> list[dict]:
    """Seeded matches between named side decks (``options["decks"]``, see :func:`pairings`).

    Game ``i`` plays pairing ``i`` modulo the number of pairings with seed
    ``seed + i``.  P1 is the seat that opens set 1.  ``length`` is the
    number of sets played, ``category`` how the deciding set was won,
    ``matchup`` the two side decks (P1's first).  ``conserved``: every hand
    card was played at most once and only from its player's hand, and the
    set wins add up to the sets that were not void, with three for the
    winner.
    """
    decks = request.data.get("side_decks", {})
    pairs = pairings(request.options.get("decks"), decks)
    name = request.strategy or STRATEGY_NAMES[0]
    strategy = STRATEGIES[name]
    main = request.data.get("main_deck") or None
    deck_size = sum((main or bundled_main_deck()).values())
    records = []
    for i in range(request.games):
        pair = pairs[i % len(pairs)]
        match = simulate_match([decks[pair[0]], decks[pair[1]]], request.seed + i, names=("P1", "P2"),
                               strategies=[strategy, strategy], main_deck=main)
        last = match.sets[-1]
        records.append({
            "winners": [match.winner],
            "category": last.reason,
            "length": len(match.sets),
            "conserved": _conserved(match),
            "deck_ran_out": any(sum(t.isdigit() for table in s.tables for t in table) >= deck_size
                                for s in match.sets),
            "matchup": pair,
        })
        if request.progress is not None:
            request.progress(1)
    return records


def _conserved(match) -> bool:
    """Hand cards played at most once and only from the hand; set wins add up."""
    for k, name in enumerate(match.names):
        played = Counter(engine.parse_card(t).card for s in match.sets for t in s.tables[k] if not t.isdigit())
        if played - Counter(match.hands[k]):
            return False
    wins = match.set_wins
    return (sum(wins.values()) == sum(1 for s in match.sets if not s.void)
            and wins.get(match.winner) == engine.SETS_TO_WIN
            and all(w < engine.SETS_TO_WIN for n, w in wins.items() if n != match.winner))


def summarize(records: list[dict], request: SimulationRequest) -> dict[str, list[dict]]:
    """Each side deck's share of matches won against each other deck (both seats) and overall."""
    won: Counter = Counter()
    played: Counter = Counter()
    order: list[str] = []
    for record in records:
        matchup = record.get("matchup")
        if not matchup:
            continue
        a, b = matchup
        for deck in (a, b):
            if deck not in order:
                order.append(deck)
        winner = {"P1": a, "P2": b}.get((record.get("winners") or [None])[0])
        if a == b:
            continue  # a deck against itself says nothing about the deck
        played[a, b] += 1
        played[b, a] += 1
        if winner is not None:
            loser = b if winner == a else a
            won[winner, loser] += 1
    named = list(request.data.get("side_decks", {}))
    known = [d for d in named if d in order] + [d for d in order if d not in named]
    rows = []
    for deck in known:
        row: dict[str, Any] = {"side deck": deck}
        for other in known:
            n = played[deck, other]
            row[f"vs {other}"] = won[deck, other] / n if n and other != deck else None
        total = sum(played[deck, o] for o in known if o != deck)
        row["overall"] = sum(won[deck, o] for o in known if o != deck) / total if total else None
        row["matches"] = total
        rows.append(row)
    return {"side decks: share of matches won by the row's deck (both seats)": rows} if rows else {}


GAME = register_game(GameDescriptor(
    engine="pazaak",
    title="Pazaak (main deck, side decks)",
    judge=judge,
    players=(2, 2),
    showdown_example=SHOWDOWN_EXAMPLE,
    load_data=load_data,
    composition=composition,
    checks=CHECKS,
    simulate=simulate,
    simulate_options={"decks": DECKS_OPTION},
    strategies=STRATEGY_NAMES,
    length_unit="sets",
    summarize=summarize,
    card_face=faces.card_face,
    rulebook_tables=rulebook.TABLES,
    module=__name__,
    showdown_schema=schemas.PAZAAK,
))
