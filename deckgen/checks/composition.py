"""Deck composition checks: the deck data agrees with the game's reference engine."""

from __future__ import annotations

from deckgen.checks import check
from deckgen.model import Game, Project


def _where(card) -> str:
    return f"{card.source.file}:{card.source.line}" if card.source else "?"


@check("classic composition", engine="classic")
def classic_composition(project: Project, game: Game) -> list[str]:
    """The classic deck: 76 cards, each suit 1-15, the eight faces twice, values as the rules say."""
    from deckgen.engines.classic import deck_rows

    problems = []
    deck = game.decks.get("classic")
    if deck is None:
        return [f"data/{game.id}/game.yaml: decks: no deck named 'classic'"]
    expected = {}
    for row in deck_rows():
        key = ("face", row["face"]) if row["suit"] == "face" else (row["suit"], row["rank"])
        expected[key] = (row["value"], row["count"])
    seen = {}
    for card in deck.cards:
        key = ("face", card.face) if card.suit == "face" else (card.suit, card.rank)
        if key in seen:
            problems.append(f"{_where(card)}: {card.id}: the same card as {seen[key]}")
            continue
        seen[key] = card.id
        if key not in expected:
            problems.append(f"{_where(card)}: {card.id}: not a card of the classic deck")
            continue
        value, count = expected[key]
        if card.value != value:
            problems.append(f"{_where(card)}: value: {card.id} is worth {value}, not {card.value}")
        if card.count != count:
            problems.append(f"{_where(card)}: count: {card.id} has {count} copies, not {card.count}")
    for key in expected:
        if key not in seen:
            problems.append(f"{deck.source.file if deck.source else 'data'}: classic deck lacks {key[0]} {key[1]}")
    total = deck.total_cards
    if total != 76:
        problems.append(f"data/{game.id}/{deck.id}: the classic deck has {total} cards, not 76")
    return problems

