"""The local-rules sheet of classic sabacc (document kind ``classic-locations``): its data.

The page itself is ``templates/classic/local-rules.svg.j2``; this module
only hands it the table's content in the page's language: the locations of
the game's local-rules data grouped by face set, each face card's localized
name, every location's face values, its special array (name and cards, in
words built from the ``slot.*`` strings) and its discard rule.
"""

from __future__ import annotations

from typing import Any

from deckgen.games.classic.cards import RANK_NAMES, face_sets
from deckgen.games.classic.checks import face_names_in
from deckgen.registry import DocumentKind


def value_text(value: int) -> str:
    """A face value as printed: a true minus sign for negative numbers."""
    return f"\u2212{abs(value)}" if value < 0 else str(value)


def array_cards_text(ctx, location, faces: dict[str, str]) -> str:
    """The cards of a location's array in words, e.g. 'Lord of Sith + Commander (any suit) + Ace (any suit)'."""
    parts = []
    for slot in location.array.slots:
        if slot.kind == "face":
            item = ctx.t("slot.face", card=faces.get(slot.value, slot.value))
        elif slot.kind == "rank":
            rank = ctx.t(f"rank.{RANK_NAMES[slot.value]}") if slot.value in RANK_NAMES else str(slot.value)
            item = ctx.t("slot.rank", rank=rank)
        else:
            item = ctx.t(f"slot.{slot.kind}", suit=ctx.t(f"suit.{slot.value}"))
        parts.append(ctx.t("slot.many", n=slot.count, item=item) if slot.count > 1 else item)
    return " + ".join(parts)


def local_rules_context(ctx) -> dict[str, Any]:
    """``groups``: one per face set in table order, each with its faces and its locations' rows."""
    locations = ctx.data.get("locations") or {}
    faces = face_names_in(ctx.game, ctx.lang, table=True)
    groups: list[dict[str, Any]] = []
    for loc in locations.values():
        if not groups or groups[-1]["face_set"] != loc.face_set:
            groups.append({
                "face_set": loc.face_set,
                "label": ctx.t(f"locals.set.{loc.face_set}"),
                "faces": [{"id": f, "name": faces.get(f, f)} for f in face_sets()[loc.face_set]],
                "rows": [],
            })
        groups[-1]["rows"].append({
            "id": loc.id,
            "name": ctx.t(f"location.{loc.id}"),
            "values": [{"face": face, "value": value, "text": value_text(value), "negative": value < 0}
                       for face, value in loc.faces],
            "array": ctx.t(f"location.{loc.id}.array") if loc.array else None,
            "array_cards": array_cards_text(ctx, loc, faces) if loc.array else None,
            "discard": ctx.t(f"location.{loc.id}.discard"),
        })
    return {"groups": groups, "columns": max((len(g["faces"]) for g in groups), default=0)}


DOCUMENTS = {
    "classic-locations": DocumentKind(template="local-rules.svg.j2", context=local_rules_context, page="paper",
                                      orientation="landscape", stem="local-rules", safe=12.0),
}
