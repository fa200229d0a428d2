"""``deckgen check`` for Pazaak: the printed decks agree with the rules the engine knows.

* the main deck holds the rules' main deck (the bundled game's ``main.yaml``:
  four each of 1 to 10, 40 cards);
* the side-card catalogue deck has exactly one card for every side card of
  the engine's CATALOGUE, each with the engine's kind and printed value;
* every named side deck (any other deck made of side cards) passes the
  engine's ``validate_side_deck``: exactly ten catalogue cards;
* every rule example is a set that play can reach (no table going on after a bust, never two
  busts or two full tables): a warning under ``format: 2``.
Text fit, translations and the rule examples are covered by the general checks.
"""

from __future__ import annotations

from collections import Counter

from deckgen.errors import Problem
from deckgen.games.pazaak.engine import CATALOGUE, CATALOGUE_IDS, normalise_id, validate_side_deck
from deckgen.games.pazaak.deck_counts import MAIN_DECK_ID, bundled_main_deck
from deckgen.model import Card, Deck, Game
from deckgen.registry import Check, CheckContext

CATALOGUE_DECK_ID = "side"
_SIGNED_KINDS = ("plus", "minus", "plus-or-minus", "tiebreaker")


def _at(card: Card, field: str, message: str) -> Problem:
    src = card.source
    return Problem(src.file if src else None, src.line if src else None, None, f"{card.id}.{field}", message)


def _deck_at(game: Game, deck: Deck | None, message: str, deck_id: str | None = None) -> Problem:
    src = deck.source if deck else game.source
    file = src.file if src else f"data/{game.id}/game.yaml"
    return Problem(file, src.line if src and deck else None, None, f"decks.{deck_id or (deck.id if deck else '')}", message)


def main_deck_problems(game: Game, deck: Deck) -> list[Problem]:
    """The main deck against the rules' (the bundled game's main.yaml): values, copies, 40 cards in all."""
    expected = bundled_main_deck()
    problems = []
    counts: Counter[int] = Counter()
    first: dict[int, Card] = {}
    for card in deck.cards:
        if card.kind != "main":
            problems.append(_at(card, "kind", f"{card.id} is a {card.kind!r} card; the main deck holds only "
                                              f"main-deck cards (kind: main)"))
            continue
        if card.value not in expected:
            problems.append(_at(card, "value", f"{card.id} has value {card.value!r}; main-deck cards are "
                                               f"{min(expected)} to {max(expected)}"))
            continue
        counts[card.value] += card.count
        first.setdefault(card.value, card)
    for value, want in expected.items():
        got = counts.get(value, 0)
        if got == want:
            continue
        message = f"the main deck has {want} cards of value {value}, this data gives {got}"
        problems.append(_at(first[value], "count", message) if value in first else _deck_at(game, deck, message))
    if deck.total_cards != sum(expected.values()):
        problems.append(_deck_at(game, deck, f"the main deck has {sum(expected.values())} cards, "
                                             f"this one has {deck.total_cards}"))
    return problems


def _expected_value(side) -> int | None:
    """The number printed on a side card: the magnitude of a signed card, none for the others."""
    return abs(side.choices[0]) if side.kind in _SIGNED_KINDS else None


def catalogue_problems(game: Game, deck: Deck) -> list[Problem]:
    """One card for every engine catalogue id, each with the engine's kind and value."""
    by_id = {side.id: side for side in CATALOGUE}
    problems = []
    seen: dict[str, Card] = {}
    for card in deck.cards:
        code = card.code
        side = by_id.get(code) if isinstance(code, str) else None
        if side is None:
            hint = ""
            if isinstance(code, str) and normalise_id(code) in by_id:
                hint = f" (write it {normalise_id(code)!r})"
            problems.append(_at(card, "code", f"{card.id} has code {code!r}, which is not a side card{hint}; "
                                              f"allowed: {', '.join(CATALOGUE_IDS)}"))
            continue
        if code in seen:
            problems.append(_at(card, "code", f"{card.id} repeats {code!r} (already {seen[code].id}); the "
                                              f"catalogue holds each side card once"))
            continue
        seen[code] = card
        if card.count != 1:
            problems.append(_at(card, "count", f"{card.id} has {card.count} copies; the catalogue holds one of "
                                               f"each side card"))
        if card.kind != side.kind:
            problems.append(_at(card, "kind", f"{card.id} ({code}) is a {side.kind!r} card, not {card.kind!r}"))
        if card.value != _expected_value(side):
            problems.append(_at(card, "value", f"{card.id} ({code}) prints {_expected_value(side)!r}, "
                                               f"not {card.value!r}"))
    for code in CATALOGUE_IDS:
        if code not in seen:
            problems.append(_deck_at(game, deck, f"no card for the side card {code!r}"))
    return problems


def side_codes(deck: Deck) -> list[str]:
    """The side-card codes of every physical card of a deck."""
    return [card.code if isinstance(card.code, str) else card.id for card in deck.physical_cards()]


def named_side_decks(game: Game) -> list[Deck]:
    """Every deck other than the main deck and the catalogue that holds side cards."""
    return [deck for deck in game.decks.values()
            if deck.id not in (MAIN_DECK_ID, CATALOGUE_DECK_ID)
            and any(isinstance(card.fields.get("code"), str) for card in deck.cards)]


def check_main_deck(ctx: CheckContext) -> list[Problem]:
    """Main deck: 40 cards, four each of 1 to 10."""
    deck = ctx.game.decks.get(MAIN_DECK_ID)
    if deck is None:
        return [_deck_at(ctx.game, None, "no main deck", MAIN_DECK_ID)]
    return main_deck_problems(ctx.game, deck)


def check_catalogue(ctx: CheckContext) -> list[Problem]:
    """The catalogue deck matches the engine's CATALOGUE one to one."""
    deck = ctx.game.decks.get(CATALOGUE_DECK_ID)
    if deck is None:
        return [_deck_at(ctx.game, None, "no side-card catalogue", CATALOGUE_DECK_ID)]
    return catalogue_problems(ctx.game, deck)


def check_side_decks(ctx: CheckContext) -> list[Problem]:
    """Every named side deck has exactly ten cards from the catalogue."""
    return [_deck_at(ctx.game, deck, message)
            for deck in named_side_decks(ctx.game) for message in validate_side_deck(side_codes(deck))]


def check_possible_examples(ctx: CheckContext) -> list[Problem]:
    """Every rule example is a set play can reach (:mod:`deckgen.games.pazaak.possible`)."""
    from deckgen.games.pazaak.possible import example_problems

    return example_problems(ctx.game, strict=(ctx.project.format or 1) >= 3)


CHECKS = (
    Check("pazaak main deck", check_main_deck),
    Check("pazaak possible examples", check_possible_examples),
    Check("pazaak side-card catalogue", check_catalogue),
    Check("pazaak named side decks", check_side_decks),
)
