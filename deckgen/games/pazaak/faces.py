"""The printed card of a Pazaak table token: ``7`` a main-deck card, ``+2``, ``±4:-4``, ``D``, ``2&4``, … side cards."""

from __future__ import annotations

from deckgen.games.pazaak.checks import CATALOGUE_DECK_ID, MAIN_DECK_ID
from deckgen.games.pazaak.engine import normalise_id


def card_face(game, token: str) -> tuple[str, str] | None:
    text = str(token).strip()
    if text.isdigit():
        deck = game.decks.get(MAIN_DECK_ID)
        for card in deck.cards if deck else ():
            if card.fields.get("value") == int(text):
                return MAIN_DECK_ID, card.id
        return None
    code = normalise_id(text.split(":", 1)[0])
    deck = game.decks.get(CATALOGUE_DECK_ID)
    for card in deck.cards if deck else ():
        if card.fields.get("code") == code:
            return CATALOGUE_DECK_ID, card.id
    return None
