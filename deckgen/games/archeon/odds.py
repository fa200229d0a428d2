"""Exact hand-step frequencies of a match deck, by enumeration (nothing stored).

Every Blood card meets every Sand card of the deck once (22 × 22 hands,
equally likely); an Impostor's two dice run through all 36 outcomes and its
owner keeps the number that makes the hand strongest, so each hand carries
36 × 36 equally likely dice outcomes.  The counts are integers, the shares
exact fractions.  ``deckgen check`` and rulebook tables call
:func:`step_frequencies`; it takes well under a second.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any, Mapping, Sequence

from deckgen.games.archeon.data import ArcheonData, of
from deckgen.games.archeon.engine import HandCard, Player, Table, _context, _evaluate, strength

DICE = tuple(product(range(1, 7), repeat=2))  # 36 ordered outcomes of two dice
OUTCOMES_PER_HAND = 36 * 36


def _hand_table(data: ArcheonData, blood: HandCard, sand: HandCard, table: Table) -> dict[tuple, tuple]:
    """Impostor values (one per Impostor, in slot order) -> (strength, step id) of the hand."""
    player = Player("P", (blood, sand))
    ctx = _context(data, table, [player])
    slots = [i for i, c in enumerate((blood, sand)) if c.kind == "impostor"]
    out = {}
    for values in product(range(1, 7), repeat=len(slots)):
        hand = _evaluate(ctx, [player], {(0, s): v for s, v in zip(slots, values)})[0]
        out[values] = (strength(hand), hand.step_id)
    return out


def hand_counts(data: ArcheonData, blood: HandCard, sand: HandCard, table: Table | None = None) -> dict[str, int]:
    """How many of the 36 × 36 dice outcomes give each step (the owner picking his best die per Impostor)."""
    table = table or Table()
    by_values = _hand_table(data, blood, sand, table)
    impostors = sum(c.kind == "impostor" for c in (blood, sand))
    counts: dict[str, int] = {}
    if impostors == 0:
        counts[by_values[()][1]] = OUTCOMES_PER_HAND
        return counts
    # best step for every choice set: each Impostor has the two numbers of its dice to pick from
    best: dict[tuple, str] = {}
    for outcome in product(DICE, repeat=impostors):
        options = tuple(tuple(sorted(set(d))) for d in outcome)
        if options not in best:
            best[options] = max((by_values[combo] for combo in product(*options)), key=lambda kv: kv[0])[1]
        step = best[options]
        counts[step] = counts.get(step, 0) + (OUTCOMES_PER_HAND // 36 ** impostors)
    return counts


def step_counts(data: ArcheonData, cards: Sequence[Any], planet: str | None = None,
                cache: dict[tuple, dict[str, int]] | None = None) -> dict[str, int]:
    """Step -> weight over every Blood × Sand hand of ``cards`` (archive cards or HandCards).

    ``cache`` (pair of cards -> counts) may be shared by calls with the same data and planet: many match
    decks hold the same pairs."""
    from deckgen.games.archeon.deck import as_engine_cards

    hand_cards = [c if isinstance(c, HandCard) else as_engine_cards([c])[0] for c in cards]
    table = Table(planet, dict(data.planets.get(planet, {})) if planet else {})
    blood = [c for c in hand_cards if c.family == "blood"]
    sand = [c for c in hand_cards if c.family == "sand"]
    total: dict[str, int] = {s: 0 for s in data.rules.ladder}
    cache = {} if cache is None else cache
    for b in blood:
        for s in sand:
            key = (b.kind, b.value, b.sign, b.era, s.kind, s.value, s.sign, s.era)
            if key not in cache:
                cache[key] = hand_counts(data, b, s, table)
            for step, n in cache[key].items():
                total[step] += n
    return total


def step_frequencies(data: ArcheonData, cards: Sequence[Any], planet: str | None = None,
                     cache: dict[tuple, dict[str, int]] | None = None) -> dict[str, Fraction]:
    """Step id -> exact share of hands of that step, over every Blood × Sand hand of the deck ``cards``
    (``cache`` as for :func:`step_counts`)."""
    counts = step_counts(data, cards, planet, cache)
    whole = sum(counts.values())
    return {step: Fraction(n, whole) for step, n in counts.items()} if whole else {}


def match_deck_frequencies(data: ArcheonData, seed: int = 0, planet: str | None = None) -> dict[str, Fraction]:
    """The step shares of the match deck ``deckgen deck archeon --seed SEED`` gives."""
    from deckgen.games.archeon.deck import match_deck

    return step_frequencies(data, match_deck(data, seed), planet)


def step_odds_table(builder) -> dict[str, Any]:
    """Rulebook table ``step-odds``: each step of the ladder and its share of the hands of match deck 0."""
    ctx = builder.ctx
    data = of(ctx.data)
    shares = match_deck_frequencies(data, 0)
    rows = [[{"text": f"**{len(data.rules.ladder) - i}. {ctx.t(f'step.{step}')}**"},
             f"{100 * float(shares[step]):.2f}\u00a0%"]
            for i, step in enumerate(reversed(data.rules.ladder))]
    return {"columns": [ctx.t("label.step"), "%"], "widths": [0.7, 0.3], "rows": rows}


RULEBOOK_TABLES: Mapping[str, Any] = {"step-odds": step_odds_table}
