"""Local rules of classic sabacc: locations, their face values, arrays, discards.

The table itself is data (``data/classic/locations.yaml``); this module
validates the already-loaded document (:func:`parse_locations`) and matches a
hand against a location's special array.  The pattern language of arrays is
documented at the top of the YAML file; in short, an array is a list of
slots, each one of::

    {face: NAME}        that face card
    {rank: RANK}        a card of that rank, any suit (1-11 or commander..ace)
    {numbered: SUIT}    a numbered card (1-11) of that suit
    {suit: SUIT}        any card of that suit, numbered or ranked (1-15)

each with an optional ``count`` (default 1; ``count: 2`` of a face = both).
A hand shows the array when its cards can be assigned one-to-one to the
slots: no card left over, no slot left empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, NoReturn

from deckgen.games.classic.cards import (
    HIGHEST_NUMBERED,
    RANK_NAMES,
    Card,
    face_copies,
    face_sets,
    ranks,
    suits,
)
from deckgen.errors import ShowdownError

SLOT_KINDS = ("face", "rank", "numbered", "suit")
_RANK_WORDS = {name: rank for rank, name in RANK_NAMES.items()}


@dataclass(frozen=True)
class Slot:
    """One position of an array pattern; ``value`` is a face, rank or suit."""

    kind: str
    value: Any
    count: int = 1

    def accepts(self, card: Card) -> bool:
        if self.kind == "face":
            return card.face == self.value
        if self.kind == "rank":
            return not card.is_face and card.rank == self.value
        if self.kind == "numbered":
            return card.is_numbered and card.suit == self.value
        return not card.is_face and card.suit == self.value  # "suit"


@dataclass(frozen=True)
class Array:
    """A location's special hand: an id and a pattern (its name is ``location.ID.array`` in the lang files)."""

    id: str
    slots: tuple[Slot, ...]

    @property
    def size(self) -> int:
        return sum(s.count for s in self.slots)

    def matches(self, cards: tuple[Card, ...] | list[Card]) -> bool:
        """True when ``cards`` fill the slots exactly (one card per place)."""
        places = [s for s in self.slots for _ in range(s.count)]
        if len(cards) != len(places):
            return False
        used = [False] * len(places)

        def place(i: int) -> bool:
            if i == len(cards):
                return True
            for j, slot in enumerate(places):
                if not used[j] and slot.accepts(cards[i]):
                    used[j] = True
                    if place(i + 1):
                        return True
                    used[j] = False
            return False

        return place(0)


@dataclass(frozen=True)
class DiscardRule:
    """How many cards may be discarded; a larger choice while holding a face."""

    counts: tuple[int, ...]
    if_holding: tuple[str, ...] = ()
    counts_if_holding: tuple[int, ...] = ()

    def allowed(self, cards: tuple[Card, ...] | list[Card] = ()) -> tuple[int, ...]:
        if self.if_holding and any(c.face in self.if_holding for c in cards):
            return self.counts_if_holding
        return self.counts


@dataclass(frozen=True)
class Location:
    """One row of the local-rules table (its words are ``location.ID*`` in the lang files)."""

    id: str
    face_set: str
    faces: tuple[tuple[str, int], ...]
    array: Array | None
    discard: DiscardRule

    def face_value(self, name: str) -> int:
        return dict(self.faces)[name]


# ---------------------------------------------------------------- validation


def _fail(path: tuple, message: str) -> NoReturn:
    raise ShowdownError(path, message)


def _mapping(value: Any, path: tuple, what: str) -> dict:
    if not isinstance(value, dict):
        _fail(path, f"{what} must be a mapping.")
    return value


def _int(value: Any, path: tuple, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        _fail(path, f"{what} must be a whole number, not {value!r}.")
    return value


def _moved(raw: dict, key: str, path: tuple, where: str) -> None:
    """Words used to live in this file (format 1); say where they go now."""
    if key in raw:
        _fail(path + (key,), f"the words of the local rules now live in the lang files: write "
                             f"'{where}: ...' under strings: in each data/GAME/lang/LANG.yaml and delete this entry")


def _slot_value(kind: str, raw: Any, path: tuple, face_set: str) -> Any:
    if kind == "face":
        if raw not in face_sets()[face_set]:
            _fail(path, f"face '{raw}' is not in the {face_set} face set; use {', '.join(face_sets()[face_set])}.")
        return raw
    if kind == "rank":
        if isinstance(raw, str) and raw.lower() in _RANK_WORDS:
            return _RANK_WORDS[raw.lower()]
        if isinstance(raw, int) and not isinstance(raw, bool) and raw in ranks():
            return raw
        _fail(path, f"rank {raw!r} is not {ranks()[0]}-{ranks()[-1]} or commander, mistress, master, ace.")
    if raw not in suits():
        _fail(path, f"suit {raw!r} is not one of {', '.join(suits())}.")
    return raw


#: face set -> face name -> copies of the printed deck (None: the bundled deck's)
FaceCopies = Mapping[str, Mapping[str, int]] | None


def _copies_of(face_set: str, printed: FaceCopies) -> Mapping[str, int]:
    if printed is not None and face_set in printed:
        return printed[face_set]
    return face_copies(face_set)


def _slot_capacity(slot: Slot, face_set: str, printed: FaceCopies = None) -> int:
    """How many distinct cards of the deck fit the slot."""
    if slot.kind == "face":
        return _copies_of(face_set, printed).get(slot.value, 0)
    if slot.kind == "rank":
        return len(suits())
    if slot.kind == "numbered":
        return HIGHEST_NUMBERED
    return len(ranks())


def _array(raw: Any, path: tuple, face_set: str, printed: FaceCopies = None) -> Array | None:
    if raw is None:
        return None
    raw = _mapping(raw, path, "an array")
    _moved(raw, "name", path, f"location.{path[1]}.array")
    for key in ("id", "pattern"):
        if key not in raw:
            _fail(path, f"an array needs '{key}'.")
    if not isinstance(raw["id"], str) or not raw["id"].strip():
        _fail(path + ("id",), "an array id must be a non-empty text.")
    pattern = raw["pattern"]
    if not isinstance(pattern, list) or not pattern:
        _fail(path + ("pattern",), "a pattern must be a non-empty list of slots.")
    slots = []
    for i, item in enumerate(pattern):
        spath = path + ("pattern", i)
        item = _mapping(item, spath, "a slot")
        kinds = [k for k in item if k in SLOT_KINDS]
        extra = [k for k in item if k not in SLOT_KINDS and k != "count"]
        if len(kinds) != 1 or extra:
            _fail(spath, f"a slot has exactly one of {', '.join(SLOT_KINDS)} (and an optional count).")
        kind = kinds[0]
        count = _int(item.get("count", 1), spath + ("count",), "count")
        slot = Slot(kind, _slot_value(kind, item[kind], spath + (kind,), face_set), count)
        capacity = _slot_capacity(slot, face_set, printed)
        if not 1 <= count <= capacity:
            _fail(spath + ("count",), f"count {count} is impossible; the deck holds {capacity} such cards.")
        slots.append(slot)
    for name in face_sets()[face_set]:
        wanted = sum(s.count for s in slots if s.kind == "face" and s.value == name)
        held = _copies_of(face_set, printed).get(name, 0)
        if wanted > held:
            _fail(path + ("pattern",), f"the pattern asks for {wanted} copies of '{name}'; the deck holds {held}.")
    return Array(raw["id"].strip(), tuple(slots))


def _counts(raw: Any, path: tuple) -> tuple[int, ...]:
    if not isinstance(raw, list) or not raw:
        _fail(path, "discard counts must be a non-empty list of whole numbers.")
    out = tuple(_int(v, path + (i,), "a discard count") for i, v in enumerate(raw))
    if any(v < 0 for v in out):
        _fail(path, "discard counts cannot be negative.")
    return out


def _discard(raw: Any, path: tuple, face_set: str) -> DiscardRule:
    raw = _mapping(raw, path, "discard")
    _moved(raw, "text", path, f"location.{path[1]}.discard")
    if "counts" not in raw:
        _fail(path, "discard needs 'counts'.")
    counts = _counts(raw["counts"], path + ("counts",))
    cond = raw.get("if_holding")
    if cond is None:
        return DiscardRule(counts)
    cpath = path + ("if_holding",)
    cond = _mapping(cond, cpath, "if_holding")
    faces = cond.get("any_of")
    if not isinstance(faces, list) or not faces:
        _fail(cpath + ("any_of",), "any_of must be a non-empty list of face names.")
    for i, name in enumerate(faces):
        if name not in face_sets()[face_set]:
            _fail(cpath + ("any_of", i), f"face {name!r} is not in the {face_set} face set.")
    return DiscardRule(counts, tuple(faces), _counts(cond.get("counts"), cpath + ("counts",)))


def parse_location(loc_id: str, raw: Any, path: tuple, printed: FaceCopies = None) -> Location:
    """Validate one location entry (``path`` points at it); ``printed``: the game's face copies by face set."""
    raw = _mapping(raw, path, "a location")
    _moved(raw, "name", path, f"location.{loc_id}")
    for key in ("face_set", "faces", "array", "discard"):
        if key not in raw:
            _fail(path, f"a location needs '{key}'.")
    face_set = raw["face_set"]
    if face_set not in face_sets():
        _fail(path + ("face_set",), f"face set {face_set!r} is unknown; use {', '.join(face_sets())}.")
    faces_raw = _mapping(raw["faces"], path + ("faces",), "faces")
    wanted = face_sets()[face_set]
    for name in faces_raw:
        if name not in wanted:
            _fail(path + ("faces", name), f"face {name!r} is not in the {face_set} face set.")
    faces = []
    for name in wanted:
        if name not in faces_raw:
            _fail(path + ("faces",), f"the value of face '{name}' is missing.")
        faces.append((name, _int(faces_raw[name], path + ("faces", name), "a face value")))
    return Location(
        id=loc_id,
        face_set=face_set,
        faces=tuple(faces),
        array=_array(raw["array"], path + ("array",), face_set, printed),
        discard=_discard(raw["discard"], path + ("discard",), face_set),
    )


def parse_locations(doc: Any, printed: FaceCopies = None) -> dict[str, Location]:
    """Validate a loaded locations document ``{locations: {id: {...}}}``.

    An array may ask for as many copies of a face as the printed deck holds
    (``printed``: face set -> face -> copies, from the game's data; without
    it, the bundled deck's).
    """
    doc = _mapping(doc, (), "the locations document")
    table = _mapping(doc.get("locations"), ("locations",), "'locations'")
    if not table:
        _fail(("locations",), "no locations are defined.")
    out = {}
    for loc_id, raw in table.items():
        if not isinstance(loc_id, str) or not loc_id.strip():
            _fail(("locations",), f"a location id must be a non-empty text, not {loc_id!r}.")
        out[loc_id] = parse_location(loc_id, raw, ("locations", loc_id), printed)
    return out
