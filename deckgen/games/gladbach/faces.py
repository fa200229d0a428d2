"""The printed card of a Gladbach engine token (``green:3`` is card ``green-3`` of the deck)."""

from __future__ import annotations

from deckgen.errors import ShowdownError
from deckgen.games.gladbach.engine import parse_card

DECK_ID = "gladbach"


def card_face(game, token: str) -> tuple[str, str] | None:
    try:
        card = parse_card(token)
    except ShowdownError:
        return None
    deck = game.decks.get(DECK_ID)
    for printed in deck.cards if deck else ():
        if printed.fields.get("colour") == card.colour and printed.fields.get("number") == card.number:
            return DECK_ID, printed.id
    return None
