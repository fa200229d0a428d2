"""Pazaak checks: the printed decks agree with the reference engine.

* the main deck holds the engine's MAIN_DECK (four each of 1 to 10, 40 cards);
* the side-card catalogue deck has exactly one card for every id of the
  engine's CATALOGUE, each with the engine's kind and printed value;
* every named side deck (any other deck made of side cards) passes the
  engine's ``validate_side_deck``: exactly ten catalogue cards;
Text fit, translations and the engine's rule examples are covered by the
general checks.
"""

from __future__ import annotations

from collections import Counter

from deckgen.checks import check
from deckgen.model import Card, Deck, Game, Project

MAIN_DECK_ID = "main"
CATALOGUE_DECK_ID = "side"
ENGINE_FILE = "deckgen/engines/pazaak.py"
_SIGNED_KINDS = ("plus", "minus", "plus-or-minus", "tiebreaker")


def _where(card: Card) -> str:
    return f"{card.source.file}:{card.source.line}" if card.source and card.source.line else (
        card.source.file if card.source else "?")


def _deck_where(game: Game, deck: Deck) -> str:
    if deck.source is None:
        return f"data/{game.id}/game.yaml"
    return f"{deck.source.file}:{deck.source.line}" if deck.source.line else deck.source.file


def _missing_deck(game: Game, deck_id: str, what: str) -> list[str]:
    return [f"data/{game.id}/game.yaml: decks: no deck {deck_id!r} ({what})"]


def main_deck_problems(game: Game, deck: Deck) -> list[str]:
    """The main deck against the engine's MAIN_DECK: values, copies, 40 cards in all."""
    from deckgen.engines.pazaak import MAIN_DECK

    expected = dict(MAIN_DECK)
    problems = []
    counts: Counter[int] = Counter()
    first: dict[int, Card] = {}
    for card in deck.cards:
        if card.kind != "main":
            problems.append(f"{_where(card)}: kind: {card.id} is a {card.kind!r} card; "
                            "the main deck holds only main-deck cards (kind: main)")
            continue
        if card.value not in expected:
            problems.append(f"{_where(card)}: value: {card.id} has value {card.value!r}; "
                            f"main-deck cards are {min(expected)} to {max(expected)}")
            continue
        counts[card.value] += card.count
        first.setdefault(card.value, card)
    for value, want in expected.items():
        got = counts.get(value, 0)
        if got == want:
            continue
        where = _where(first[value]) if value in first else _deck_where(game, deck)
        problems.append(f"{where}: count: the main deck has {want} cards of value {value}, this data gives {got}")
    total = deck.total_cards
    want_total = sum(expected.values())
    if total != want_total:
        problems.append(f"{_deck_where(game, deck)}: decks.{deck.id}: the main deck has {want_total} cards, "
                        f"this one has {total}")
    return problems


def _expected_value(side) -> int | None:
    """The number printed on a side card: the magnitude of a signed card, none for the others."""
    return abs(side.choices[0]) if side.kind in _SIGNED_KINDS else None


def catalogue_problems(game: Game, deck: Deck) -> list[str]:
    """One card for every engine catalogue id, each with the engine's kind and value."""
    from deckgen.engines.pazaak import CATALOGUE, CATALOGUE_IDS, normalise_id

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
            problems.append(f"{_where(card)}: code: {card.id} has code {code!r}, which is not in the engine's "
                            f"catalogue{hint}; allowed: {', '.join(CATALOGUE_IDS)}")
            continue
        if code in seen:
            problems.append(f"{_where(card)}: code: {card.id} repeats {code!r} (already {seen[code].id}); "
                            "the catalogue holds each side card once")
            continue
        seen[code] = card
        if card.count != 1:
            problems.append(f"{_where(card)}: count: {card.id} has {card.count} copies; "
                            "the catalogue holds one of each side card")
        if card.kind != side.kind:
            problems.append(f"{_where(card)}: kind: {card.id} ({code}) is a {side.kind!r} card, not {card.kind!r}")
        if card.value != _expected_value(side):
            problems.append(f"{_where(card)}: value: {card.id} ({code}) prints {_expected_value(side)!r}, "
                            f"not {card.value!r}")
    for code in CATALOGUE_IDS:
        if code not in seen:
            problems.append(f"{_deck_where(game, deck)}: decks.{deck.id}: no card for the engine's side card {code!r}")
    return problems


def side_deck_problems(game: Game, deck: Deck) -> list[str]:
    """A named side deck: the engine's validate_side_deck on the cards' codes."""
    from deckgen.engines.pazaak import validate_side_deck

    codes = [card.code if isinstance(card.code, str) else card.id for card in deck.physical_cards()]
    return [f"{_deck_where(game, deck)}: decks.{deck.id}: {message}" for message in validate_side_deck(codes)]


def named_side_decks(game: Game) -> list[Deck]:
    """Every deck other than the main deck and the catalogue that holds side cards."""
    return [deck for deck in game.decks.values()
            if deck.id not in (MAIN_DECK_ID, CATALOGUE_DECK_ID)
            and any(isinstance(card.fields.get("code"), str) for card in deck.cards)]


@check("pazaak main deck", engine="pazaak")
def main_deck(project: Project, game: Game) -> list[str]:
    """Main deck: 40 cards, four each of 1 to 10, as the engine says."""
    deck = game.decks.get(MAIN_DECK_ID)
    if deck is None:
        return _missing_deck(game, MAIN_DECK_ID, "the main deck")
    return main_deck_problems(game, deck)


@check("pazaak side-card catalogue", engine="pazaak")
def side_catalogue(project: Project, game: Game) -> list[str]:
    """The catalogue deck matches the engine's CATALOGUE one to one."""
    deck = game.decks.get(CATALOGUE_DECK_ID)
    if deck is None:
        return _missing_deck(game, CATALOGUE_DECK_ID, "the side-card catalogue")
    return catalogue_problems(game, deck)


@check("pazaak named side decks", engine="pazaak")
def side_decks(project: Project, game: Game) -> list[str]:
    """Every named side deck has exactly ten cards from the catalogue."""
    problems = []
    for deck in named_side_decks(game):
        problems.extend(side_deck_problems(game, deck))
    return problems
