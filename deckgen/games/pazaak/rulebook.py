"""Tables the Pazaak rulebook prints from the data: every side card, with its picture and rule."""

from __future__ import annotations

from typing import Any

from deckgen.games.pazaak.checks import CATALOGUE_DECK_ID


def side_cards_table(builder) -> dict[str, Any]:
    """One row per side card of the catalogue: its picture, name and rules text in the booklet's language."""
    ctx = builder.ctx
    deck = ctx.game.decks[CATALOGUE_DECK_ID]
    labels = ctx.source.meta.get("labels") or {}
    rows = []
    for card in deck.cards:
        texts = card.texts.get(ctx.lang, {})
        rows.append([{"card": card.fields.get("code"), "width": 9.0}, {"text": f"**{texts.get('name', card.id)}**"},
                     texts.get("text", "")])
    return {"columns": [labels.get("card", ""), labels.get("name", ""), labels.get("effect", "")],
            "widths": [0.15, 0.27, 0.58], "rows": rows}


TABLES = {"side-cards": side_cards_table}
