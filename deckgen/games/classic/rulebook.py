"""Tables the classic rulebook prints from the data: the local rules of every location."""

from __future__ import annotations

from typing import Any

from deckgen.games.classic.checks import face_names_in
from deckgen.games.classic.documents import value_text


def locations_table(builder) -> dict[str, Any]:
    """One row per location: its face values, its special array (name and cards) and its discard rule."""
    from deckgen.games.classic.documents import array_cards_text

    ctx = builder.ctx
    locations = ctx.data.get("locations") or {}
    faces = face_names_in(ctx.game, ctx.lang, table=True)
    rows = []
    for loc in locations.values():
        values = " · ".join(f"{faces.get(face, face)}\u00a0{value_text(value)}" for face, value in loc.faces)
        array = (f"**{ctx.t(f'location.{loc.id}.array')}**: {array_cards_text(ctx, loc, faces)}"
                 if loc.array else ctx.t("locals.no-array"))
        rows.append([{"text": f"**{ctx.t(f'location.{loc.id}')}**"}, values, array, ctx.t(f"location.{loc.id}.discard")])
    return {"columns": [ctx.t("locals.location"), ctx.t("label.value"), ctx.t("locals.array"), ctx.t("locals.discard")],
            "widths": [0.19, 0.34, 0.27, 0.20], "rows": rows}


TABLES = {"locations": locations_table}
