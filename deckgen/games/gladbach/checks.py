"""``deckgen check`` for Gladbach sabacc: the printed deck against the rules, and deck sufficiency.

* composition: only the 19 card kinds of the rules (blue 0, green 1-9,
  red 1-9), each once, every kind present, each card's printed value the
  one its colour and number give;
* sufficiency: with the deck as printed, :data:`MAX_PLAYERS` players never
  empty the draw pile — proven by seeded simulations (always drawing with
  forced dice doubles, greedy and random play).
"""

from __future__ import annotations

from deckgen.errors import Problem, ShowdownError
from deckgen.games.gladbach.engine import CARD_KINDS, MAX_PLAYERS, parse_card, validate_composition
from deckgen.model import Card, Deck, Game
from deckgen.registry import Check, CheckContext

DECK_ID = "gladbach"
SUFFICIENCY_GAMES = 200
_SIGN = {"blue": 0, "green": 1, "red": -1}


def _at(card: Card, message: str, field: str | None = None) -> Problem:
    src = card.source
    return Problem(src.file if src else None, src.line if src else None, None, field or card.id, message)


def deck_of(game: Game) -> Deck | None:
    return game.decks.get(DECK_ID)


def composition_of(deck: Deck) -> dict[str, int]:
    """``{"green:3": copies, ...}`` of a deck's cards (kinds in the engine's notation)."""
    comp: dict[str, int] = {}
    for card in deck.cards:
        kind = f"{card.colour}:{card.number}"
        comp[kind] = comp.get(kind, 0) + card.count
    return comp


def _cards_file(game: Game, deck: Deck) -> str:
    return deck.cards[0].source.file if deck.cards and deck.cards[0].source else f"data/{game.id}"


def check_composition(ctx: CheckContext) -> list[Problem]:
    """Only the 19 kinds, once each, every kind present, values from colour and number."""
    game = ctx.game
    deck = deck_of(game)
    if deck is None:
        src = game.source
        return [Problem(src.file if src else None, None, None, "decks", f"no deck named {DECK_ID!r}")]
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for card in deck.cards:
        kind = f"{card.colour}:{card.number}"
        try:
            parsed = parse_card(kind)
        except ShowdownError as exc:
            problems.append(_at(card, f"not a card of the Gladbach deck: {exc.message}"))
            continue
        kind = str(parsed)
        if kind in seen:
            problems.append(_at(card, f"the same card ({kind}) as {seen[kind]}"))
            continue
        seen[kind] = card.id
        value = _SIGN[parsed.colour] * parsed.number
        if card.value != value:
            problems.append(_at(card, f"{card.id} ({kind}) is worth {value}, not {card.value}", f"{card.id}.value"))
    for kind in CARD_KINDS:
        if kind not in seen:
            problems.append(Problem(_cards_file(game, deck), None, None, None, f"the deck lacks {kind}"))
    return problems


def check_sufficiency(ctx: CheckContext) -> list[Problem]:
    """MAX_PLAYERS players never empty the draw pile of the printed deck (seeded simulations)."""
    from deckgen.games.gladbach.sim import deck_sufficiency

    deck = deck_of(ctx.game)
    if deck is None:
        return []
    comp = composition_of(deck)
    if validate_composition(comp):
        return []  # the composition check reports it
    where = Problem(_cards_file(ctx.game, deck))
    problems = []
    for strategy, doubles in (("always_draw", True), ("greedy", False), ("random", False)):
        try:
            report = deck_sufficiency(comp, MAX_PLAYERS, games=SUFFICIENCY_GAMES, seed=0,
                                      strategy=strategy, force_doubles=doubles)
        except ValueError as exc:
            problems.append(Problem(where.file, None, None, "count",
                                    f"{deck.total_cards} cards cannot even be dealt to {MAX_PLAYERS} players: {exc}"))
            break
        if not report.sufficient:
            problems.append(Problem(where.file, None, None, "count",
                f"{deck.total_cards} cards are too few for {MAX_PLAYERS} players: the draw pile ran empty in "
                f"{report.games_ran_empty} of {report.games} simulated games (strategy {strategy}"
                f"{', doubles forced' if doubles else ''}; worst case draws {report.worst_case_draws} cards)"))
    return problems


CHECKS = (
    Check("gladbach composition", check_composition),
    Check("gladbach deck sufficiency", check_sufficiency),
)
