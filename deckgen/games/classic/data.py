"""What the classic engine reads from a game's files: the local-rules table and the printed decks.

:func:`load_data` is the descriptor's ``load_data``: it reads
``locations.yaml`` (named by ``engine_data: {locations: ...}`` in
game.yaml), reports every problem in it at its line, and counts the cards
of the printed decks by face set — the copies a showdown may hold come from
the deck data, not from code.  ``facts`` are the numbers the rule texts
quote.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from deckgen.errors import DeckgenError, Problem, ShowdownError
from deckgen.games.classic.cards import RANK_NAMES, Card, face_sets, parse_card, ranks, suits
from deckgen.games.classic.locations import SLOT_KINDS, parse_locations
from deckgen.model import Deck, Game
from deckgen.yamlpos import Located, load_yaml

DECK_ID = "classic"


def card_token(card) -> str:
    """A printed card (model) in the engine's notation: ``coins:5``, ``face:idiot``."""
    if card.suit == "face":
        return f"face:{card.face}"
    return f"{card.suit}:{card.rank}"


def decks_by_face_set(game: Game) -> dict[str, Deck]:
    """The printed deck of each face set: the base deck is 'classic', a variant its own name."""
    base = game.decks.get(DECK_ID)
    if base is None:
        return {}
    out = {"classic": base}
    out.update({name: deck for name, deck in base.variants.items() if name in face_sets()})
    return out


def compositions(game: Game) -> dict[str, Counter]:
    """face set -> engine card -> copies, counted from the printed decks (unparsable cards skipped)."""
    out = {}
    for face_set, deck in decks_by_face_set(game).items():
        counts: Counter = Counter()
        for card in deck.cards:
            try:
                counts[parse_card(card_token(card))] += card.count
            except ShowdownError:
                continue  # the composition check reports it
        out[face_set] = counts
    return out


def locations_doc(game: Game) -> Located | None:
    """The parsed locations file with its line numbers, or None if the game names none."""
    name = game.engine_data.get("locations")
    if not name:
        return None
    return load_yaml(game.directory / name, f"data/{game.id}/{name}")


def location_problems(doc: Located, printed: dict[str, dict[str, Any]]) -> list[Problem]:
    """Every problem of the locations table at once (the engine's parser stops at the first)."""
    problems: list[Problem] = []
    table = doc.data.get("locations") if isinstance(doc.data, dict) else None
    if not isinstance(table, dict) or not table:
        return [doc.problem(("locations",), "no locations: write locations: {id: {...}, ...}")]
    for loc_id, raw in table.items():
        _check_location(problems, doc, str(loc_id), raw, printed)
    if not problems:  # anything else the engine refuses (counts, discard numbers, moved words, ...)
        try:
            parse_locations(doc.data, printed_copies(printed))
        except ShowdownError as exc:
            problems.append(doc.problem(exc.path, exc.message))
    return problems


def _check_slot(problems, doc: Located, slot: Any, path: tuple, face_set: str, printed: dict) -> None:
    kinds = [k for k in SLOT_KINDS if isinstance(slot, dict) and k in slot]
    if len(kinds) != 1:
        problems.append(doc.problem(path, f"a slot names exactly one of {', '.join(SLOT_KINDS)}"))
        return
    kind, value = kinds[0], slot[kinds[0]]
    at = path + (kind,)
    if kind == "face":
        if value not in face_sets()[face_set]:
            problems.append(doc.problem(at, f"names face card {value!r}, which is not in the {face_set} face set "
                                            f"({', '.join(face_sets()[face_set])})"))
        elif printed and value not in printed:
            problems.append(doc.problem(at, f"names face card {value!r}, which the printed {face_set} deck lacks"))
    elif kind == "rank":
        ok = (isinstance(value, str) and value.lower() in RANK_NAMES.values()) or (
            isinstance(value, int) and not isinstance(value, bool) and value in ranks())
        if not ok:
            problems.append(doc.problem(at, f"names rank {value!r}, which no card has ({ranks()[0]}-{ranks()[-1]} or "
                                            f"{', '.join(RANK_NAMES.values())})"))
    elif value not in suits():
        problems.append(doc.problem(at, f"names suit {value!r}, which no card has ({', '.join(suits())})"))


def _check_location(problems, doc: Located, loc_id: str, raw: Any, printed_sets: dict) -> None:
    path = ("locations", loc_id)
    if not isinstance(raw, dict):
        problems.append(doc.problem(path, "a location must be a mapping"))
        return
    face_set = raw.get("face_set")
    if not isinstance(face_set, str) or face_set not in face_sets():
        problems.append(doc.problem(path + ("face_set",), f"unknown face set {face_set!r} ({', '.join(face_sets())})"))
        return
    printed = printed_sets.get(face_set, {})
    faces = raw.get("faces")
    if not isinstance(faces, dict):
        problems.append(doc.problem(path + ("faces",), "must map every face card of the set to its value"))
        faces = {}
    for name in face_sets()[face_set]:
        value = faces.get(name)
        if name not in faces:
            problems.append(doc.problem(path + ("faces",), f"no value for face card {name!r} ({face_set} face set)"))
        elif isinstance(value, bool) or not isinstance(value, int):
            problems.append(doc.problem(path + ("faces", name), f"the value of {name!r} must be a whole number, "
                                                                f"not {value!r}"))
    for name in faces:
        if name not in face_sets()[face_set]:
            problems.append(doc.problem(path + ("faces", name), f"face card {name!r} is not in the {face_set} face set"))
    array = raw.get("array")
    if isinstance(array, dict):
        pattern = array.get("pattern")
        if not isinstance(pattern, list) or not pattern:
            problems.append(doc.problem(path + ("array", "pattern"), "an array needs a non-empty list of card slots"))
            pattern = []
        for i, slot in enumerate(pattern):
            _check_slot(problems, doc, slot, path + ("array", "pattern", i), face_set, printed)
    elif array is not None:
        problems.append(doc.problem(path + ("array",), "an array must be a mapping (id, pattern) or null"))
    discard = raw.get("discard")
    if isinstance(discard, dict):
        holding = discard.get("if_holding")
        names = holding.get("any_of") if isinstance(holding, dict) else []
        for i, name in enumerate(names if isinstance(names, list) else []):
            if name not in face_sets()[face_set]:
                problems.append(doc.problem(path + ("discard", "if_holding", "any_of", i),
                                            f"names face card {name!r}, which is not in the {face_set} face set"))


def printed_faces(game: Game) -> dict[str, dict[str, Any]]:
    """face set -> face name -> its printed card."""
    return {fs: {c.face: c for c in deck.cards if c.suit == "face"} for fs, deck in decks_by_face_set(game).items()}


def printed_copies(printed: dict[str, dict[str, Any]]) -> dict[str, dict[str, int]]:
    """face set -> face name -> copies, from :func:`printed_faces`."""
    return {face_set: {name: card.count for name, card in faces.items()} for face_set, faces in printed.items()}


def facts() -> dict[str, Any]:
    """Numbers the rule texts quote (``{max_players}``), from the code that plays by them."""
    from deckgen.games.classic.engine import MAX_PLAYERS, MIN_PLAYERS
    from deckgen.games.classic.rules import DEFAULTS, DICE, WEG

    return {"min_players": MIN_PLAYERS, "max_players": MAX_PLAYERS, "bet_cap": DEFAULTS[WEG]["bet_cap"],
            "dice_pot_building": DEFAULTS[DICE]["pot_building"]}


def load_data(game: Game | None) -> dict[str, Any]:
    """The engine data of a classic game: ``locations``, ``compositions`` (by face set) and ``facts``."""
    if game is None:
        return {"facts": facts()}
    data: dict[str, Any] = {"compositions": compositions(game), "facts": facts()}
    doc = locations_doc(game)
    if doc is not None:
        problems = location_problems(doc, printed_faces(game))
        if problems:
            raise DeckgenError(problems)
        data["locations"] = parse_locations(doc.data, printed_copies(printed_faces(game)))
    return data
