"""Room hints for a PO export: render the game's cards and documents in the source language, without the
cache, and note the box every language-file text was set in (:mod:`deckgen.text.room`).

Booklet paragraphs flow over pages and get no hint.  The smallest room a
text has (a string set on many cards) is the one that counts.
"""

from __future__ import annotations

from pathlib import Path

from deckgen.errors import DeckgenError
from deckgen.text.room import Room, recording


class RoomsUnknown(Exception):
    """The project does not load (``deckgen check`` says why): no room hints, the PO files all the same."""


def unit_key(field: str) -> str:
    """A text's field as :class:`deckgen.strings.Text` names it -> the unit key (``cards/ID/FIELD``)."""
    top, _, rest = field.partition(".")
    if top == "cards" and "." in rest:
        card, _, name = rest.rpartition(".")
        return f"cards/{card}/{name}"
    return f"{top}/{rest}" if rest else top


def room_hints(root: Path, game: str, source: str) -> dict[str, str]:
    """Unit key -> room hint, for every card and document text of ``game`` in ``source``."""
    from deckgen.commands.common import load_for
    from deckgen.documents import build_documents
    from deckgen.render.decks import render_targets
    from deckgen.render.store import Store

    try:
        project = load_for(root, [game], untrusted="skip")
    except DeckgenError as exc:
        raise RoomsUnknown(sum(1 for p in exc.problems if not p.warning)) from None
    if game not in project.games:
        return {}
    with recording() as rooms:
        try:
            render_targets(project, [game], (source,), store=Store(None))
            spec = project.games[game]
            descriptor = project.descriptor(spec)
            if spec.documents:
                data = descriptor.data_for(spec) if descriptor else {}
                build_documents(project, spec, [source], "a4", data or {}, draw=False)
        except DeckgenError:
            pass  # a game that does not render gets no hints; `deckgen check` says why
    smallest: dict[str, Room] = {}
    for room in rooms:
        key = unit_key(room.field)
        old = smallest.get(key)
        if old is None or room.lines() * room.characters_per_line() < old.lines() * old.characters_per_line():
            smallest[key] = room
    return {key: room.hint() for key, room in smallest.items()}
