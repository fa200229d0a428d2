"""Gladbach checks: the printed deck agrees with the reference engine.

* composition: only the 19 card kinds (blue 0, green 1-9, red 1-9), each
  once, with the signed value its colour and number give, and as many
  copies as the engine's standard deck (``DEFAULT_COMPOSITION``, the one the
  simulator proves sufficient);
* sufficiency: the printed composition lets ``MAX_PLAYERS`` play nine rounds
  without the draw pile ever running empty, in seeded simulated games
  (worst case: everyone always draws, both dice rolls doubles; plus games
  with the greedy and random strategies and real dice).

The engine's rule examples are judged by the general check in
``deckgen.checks.examples``.
"""

from __future__ import annotations

from deckgen.checks import check
from deckgen.model import Deck, Game, Project

DECK_ID = "gladbach"
#: Seeded games per strategy: enough to cover the worst case, fast (~0.1 s).
SUFFICIENCY_GAMES = 200
_SIGN = {"blue": 0, "green": 1, "red": -1}


def _where(card) -> str:
    return f"{card.source.file}:{card.source.line}" if card.source else "data"


def _deck(game: Game) -> Deck | None:
    return game.decks.get(DECK_ID)


def composition_of(deck: Deck) -> dict[str, int]:
    """``{"green:3": copies, ...}`` of a deck's cards (kinds in the engine's notation)."""
    comp: dict[str, int] = {}
    for card in deck.cards:
        kind = f"{card.colour}:{card.number}"
        comp[kind] = comp.get(kind, 0) + card.count
    return comp


@check("gladbach composition", engine="gladbach")
def gladbach_composition(project: Project, game: Game) -> list[str]:
    """Only the 19 kinds, once each, values from colour and number, copies as the engine declares."""
    from deckgen.engines.gladbach import CARD_KINDS, DEFAULT_COMPOSITION, parse_card, validate_composition
    from deckgen.errors import ShowdownError

    deck = _deck(game)
    if deck is None:
        return [f"data/{game.id}/game.yaml: decks: no deck named {DECK_ID!r}"]
    problems: list[str] = []
    seen: dict[str, str] = {}
    for card in deck.cards:
        at = _where(card)
        kind = f"{card.colour}:{card.number}"
        try:
            parsed = parse_card(kind)
        except ShowdownError as exc:
            problems.append(f"{at}: {card.id}: not a card of the Gladbach deck: {exc.message}")
            continue
        kind = str(parsed)
        if kind in seen:
            problems.append(f"{at}: {card.id}: the same card ({kind}) as {seen[kind]}")
            continue
        seen[kind] = f"{card.id} ({at})"
        value = _SIGN[parsed.colour] * parsed.number
        if card.value != value:
            problems.append(f"{at}: value: {card.id} ({kind}) is worth {value}, not {card.value}")
        expected = DEFAULT_COMPOSITION.get(kind)
        if expected is not None and card.count != expected:
            problems.append(f"{at}: count: {card.id} has {card.count} copies; the engine's standard deck "
                            f"(DEFAULT_COMPOSITION, proven by the simulator) has {expected}")
    cards_file = deck.cards[0].source.file if deck.cards and deck.cards[0].source else f"data/{game.id}"
    for kind in CARD_KINDS:
        if kind not in seen:
            problems.append(f"{cards_file}: the deck lacks {kind}")
    for line in validate_composition(composition_of(deck)) if not problems else []:
        problems.append(f"{cards_file}: {line}")
    return problems


@check("gladbach deck sufficiency", engine="gladbach")
def gladbach_sufficiency(project: Project, game: Game) -> list[str]:
    """MAX_PLAYERS players never empty the draw pile (seeded simulations)."""
    from deckgen.engines.gladbach import MAX_PLAYERS, validate_composition
    from deckgen.engines.gladbach_sim import deck_sufficiency

    deck = _deck(game)
    if deck is None:
        return []
    comp = composition_of(deck)
    if validate_composition(comp):
        return []  # the composition check reports it
    cards_file = deck.cards[0].source.file if deck.cards[0].source else f"data/{game.id}"
    problems = []
    for strategy, doubles in (("always_draw", True), ("greedy", False), ("random", False)):
        try:
            report = deck_sufficiency(comp, MAX_PLAYERS, games=SUFFICIENCY_GAMES, seed=0,
                                      strategy=strategy, force_doubles=doubles)
        except ValueError as exc:
            problems.append(f"{cards_file}: {deck.total_cards} cards cannot even be dealt to "
                            f"{MAX_PLAYERS} players: {exc}")
            break
        if not report.sufficient:
            problems.append(
                f"{cards_file}: {deck.total_cards} cards are too few for {MAX_PLAYERS} players: the draw pile "
                f"ran empty in {report.games_ran_empty} of {report.games} simulated games "
                f"(strategy {strategy}{', doubles forced' if doubles else ''}; worst case draws "
                f"{report.worst_case_draws} cards)")
    return problems
