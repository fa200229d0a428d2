"""The printed card of a classic engine token (``coins:10``, ``face:jedi-master``), in any face set.

Returns a deck id (``classic``, or ``classic/cloud-city`` for a card only
the Cloud City variant prints) and the card's id.  An example judged with
``options: {deck: adapted-42}`` names ranks of the 42-card adaptation
(``3``, ``ace``); they are the cards of the ``adapted-42`` deck.
"""

from __future__ import annotations

from deckgen.errors import ShowdownError
from deckgen.games.classic import adapted42
from deckgen.games.classic.cards import parse_card
from deckgen.games.classic.data import DECK_ID, card_token


def card_face(game, token: str, options=None) -> tuple[str, str] | None:
    if (options or {}).get("deck") == adapted42.DECK_ID:
        return _adapted_face(game, token)
    try:
        wanted = parse_card(token)
    except ShowdownError:
        return None
    base = game.decks.get(DECK_ID)
    if base is None:
        return None
    for deck_id, deck in [(DECK_ID, base), *((f"{DECK_ID}/{v}", d) for v, d in base.variants.items())]:
        for card in deck.cards:
            try:
                if parse_card(card_token(card)) == wanted:
                    return deck_id, card.id
            except ShowdownError:
                continue
    return None


def _adapted_face(game, token: str) -> tuple[str, str] | None:
    try:
        rank = adapted42.parse_rank(token)
    except ShowdownError:
        return None
    deck = game.decks.get(adapted42.DECK_ID)
    for card in deck.cards if deck else ():
        if card.fields.get("rank") == rank:
            return adapted42.DECK_ID, card.id
    return None
