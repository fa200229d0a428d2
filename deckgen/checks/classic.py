"""Classic sabacc checks: the printed decks agree with the reference engine.

* ``classic composition`` -- the classic deck and each face-set variant
  (``cloud-city``) hold the 76 cards of ``deck_cards(face_set)``: each suit
  1-15 once, the eight faces of the set twice, suited cards worth their rank,
  classic faces their fixed value; a Cloud City face prints no value (null)
  unless it is worth the same at every location of the set (the Idiot: 0).
* ``classic locations`` -- ``data/classic/locations.yaml``: every location
  gives a value to every face card of its set, each value agrees with a
  printed value, every array and discard rule names cards that exist in the
  deck of that face set, every text exists in every project language.

Problem lines start ``FILE:LINE: field:`` so an editor can jump to them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from deckgen.checks import check
from deckgen.engines.classic_cards import CLASSIC_FACE_VALUES, FACE_SETS, RANK_NAMES, SUITS, deck_cards
from deckgen.engines.classic_locations import parse_locations
from deckgen.errors import DeckgenError, ShowdownError
from deckgen.model import Card, Deck, Game, Project
from deckgen.yamlpos import Located, load_yaml

DECK_ID = "classic"
DECK_SIZE = 76
SLOT_KINDS = ("face", "rank", "numbered", "suit")


def _where(card: Card) -> str:
    return f"{card.source.file}:{card.source.line}" if card.source else "?"


def _key(card: Card) -> tuple:
    return ("face", card.face) if card.suit == "face" else (card.suit, card.rank)


def _engine_key(engine_card) -> tuple:
    return ("face", engine_card.face) if engine_card.is_face else (engine_card.suit, engine_card.rank)


def decks_by_face_set(game: Game) -> dict[str, Deck]:
    """The printed deck of each face set: the base deck is 'classic', a variant its own name."""
    base = game.decks.get(DECK_ID)
    if base is None:
        return {}
    out = {"classic": base}
    out.update({name: deck for name, deck in base.variants.items() if name in FACE_SETS})
    return out


def location_values(locations: dict, face_set: str) -> dict[str, set[int]]:
    """face -> the set of values the locations of ``face_set`` give it."""
    values: dict[str, set[int]] = {}
    for loc in locations.values():
        if loc.face_set == face_set:
            for face, value in loc.faces:
                values.setdefault(face, set()).add(value)
    return values


def _readable_locations(game: Game) -> dict:
    """The parsed locations table, or {} if it is missing or broken (reported elsewhere)."""
    name = game.engine_data.get("locations")
    if not name:
        return {}
    try:
        return parse_locations(load_yaml(game.directory / name, name).data)
    except (DeckgenError, ShowdownError):
        return {}


def composition_problems(deck: Deck, face_set: str, locations: dict) -> list[str]:
    """One deck against ``deck_cards(face_set)``: cards, copies, values, total."""
    problems = []
    expected = Counter(_engine_key(c) for c in deck_cards(face_set))
    varying = location_values(locations, face_set) if face_set != "classic" else {}
    seen: dict[tuple, str] = {}
    for card in deck.cards:
        key = _key(card)
        if key in seen:
            problems.append(f"{_where(card)}: {card.id}: the same card as {seen[key]}")
            continue
        seen[key] = card.id
        if key not in expected:
            problems.append(f"{_where(card)}: {card.id}: not a card of the {face_set} deck "
                            f"(its faces are {', '.join(FACE_SETS[face_set])})")
            continue
        if card.count != expected[key]:
            problems.append(f"{_where(card)}: count: {card.id} has {expected[key]} copies, not {card.count}")
        problems.extend(_value_problem(card, face_set, varying))
    for key in expected:
        if key not in seen:
            what = f"face card {key[1]}" if key[0] == "face" else f"{key[0]} {key[1]}"
            problems.append(f"{deck.source.file if deck.source else 'data'}: {deck.label}: lacks {what}")
    if deck.total_cards != DECK_SIZE:
        problems.append(f"{deck.source.file if deck.source else 'data'}: {deck.label}: "
                        f"{deck.total_cards} cards, not {DECK_SIZE}")
    return problems


def _value_problem(card: Card, face_set: str, varying: dict[str, set[int]]) -> list[str]:
    if card.suit != "face":
        return [] if card.value == card.rank else [f"{_where(card)}: value: {card.id} is worth {card.rank}, "
                                                   f"not {card.value}"]
    if face_set == "classic":
        want = CLASSIC_FACE_VALUES[card.face]
        return [] if card.value == want else [f"{_where(card)}: value: {card.id} is worth {want}, not {card.value}"]
    values = varying.get(card.face, set())
    if card.value is None or len(values) == 0:
        return []
    if len(values) > 1:
        return [f"{_where(card)}: value: {card.id} is worth {min(values)} to {max(values)} depending on the "
                f"location; print value: null (the local-rules mark)"]
    (only,) = values
    return [] if card.value == only else [f"{_where(card)}: value: {card.id} is worth {only} at every location, "
                                          f"not {card.value}"]


@check("classic composition", engine="classic")
def classic_composition(project: Project, game: Game) -> list[str]:
    """The classic deck and every face-set variant hold the 76 cards the engine expects."""
    base = game.decks.get(DECK_ID)
    if base is None:
        return [f"data/{game.id}/game.yaml: decks: no deck named {DECK_ID!r}"]
    locations = _readable_locations(game)
    problems = composition_problems(base, "classic", locations)
    for name, variant in base.variants.items():
        if name not in FACE_SETS:
            problems.append(f"{base.source.file if base.source else 'data'}: variants.{name}: no face set "
                            f"of that name (face sets: {', '.join(FACE_SETS)})")
            continue
        problems.extend(composition_problems(variant, name, locations))
    return problems


# ------------------------------------------------------------ local rules


class _Report:
    """Collects problem lines located in one YAML document."""

    def __init__(self, doc: Located):
        self.doc, self.lines = doc, []

    def add(self, path: tuple, message: str) -> None:
        self.lines.append(f"{self.doc.file}:{self.doc.line(path)}: {'.'.join(map(str, path))}: {message}")


def _printed_faces(game: Game) -> dict[str, dict[str, Card]]:
    """face set -> face name -> its printed card."""
    return {fs: {c.face: c for c in deck.cards if c.suit == "face"} for fs, deck in decks_by_face_set(game).items()}


def _check_texts(report: _Report, raw: Any, path: tuple, languages: tuple[str, ...]) -> None:
    if isinstance(raw, str):
        raw = {"en": raw}
    if not isinstance(raw, dict):
        report.add(path, "must be a text per language, e.g. {en: ..., de: ...}")
        return
    for lang in languages:
        if not isinstance(raw.get(lang), str) or not raw[lang].strip():
            report.add(path, f"no {lang} text")


def _check_slot(report: _Report, slot: Any, path: tuple, face_set: str, printed: dict[str, Card]) -> None:
    kinds = [k for k in SLOT_KINDS if isinstance(slot, dict) and k in slot]
    if len(kinds) != 1:
        report.add(path, f"a slot names exactly one of {', '.join(SLOT_KINDS)}")
        return
    kind, value = kinds[0], slot[kinds[0]]
    if kind == "face":
        if value not in FACE_SETS[face_set]:
            report.add(path + (kind,), f"names face card {value!r}, which is not in the {face_set} face set "
                                       f"({', '.join(FACE_SETS[face_set])})")
        elif printed and value not in printed:
            report.add(path + (kind,), f"names face card {value!r}, which the printed {face_set} deck lacks")
    elif kind == "rank":
        ok = (isinstance(value, str) and value.lower() in RANK_NAMES.values()) or (
            isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 15)
        if not ok:
            report.add(path + (kind,), f"names rank {value!r}, which no card has (1-15 or "
                                       f"{', '.join(RANK_NAMES.values())})")
    elif value not in SUITS:
        report.add(path + (kind,), f"names suit {value!r}, which no card has ({', '.join(SUITS)})")


def _check_location(report: _Report, loc_id: str, raw: Any, printed_sets: dict, languages) -> None:
    path = ("locations", loc_id)
    if not isinstance(raw, dict):
        report.add(path, "a location must be a mapping")
        return
    face_set = raw.get("face_set")
    if face_set not in FACE_SETS:
        report.add(path + ("face_set",), f"unknown face set {face_set!r} ({', '.join(FACE_SETS)})")
        return
    printed = printed_sets.get(face_set, {})
    faces = raw.get("faces")
    if not isinstance(faces, dict):
        report.add(path + ("faces",), "must map every face card of the set to its value")
        faces = {}
    for name in FACE_SETS[face_set]:
        value = faces.get(name)
        if name not in faces:
            report.add(path + ("faces",), f"no value for face card {name!r} ({face_set} face set)")
        elif isinstance(value, bool) or not isinstance(value, int):
            report.add(path + ("faces", name), f"the value of {name!r} must be a whole number, not {value!r}")
        elif name in printed and printed[name].value is not None and printed[name].value != value:
            card = printed[name]
            report.add(path + ("faces", name), f"{name} is worth {value} here, but the card prints "
                                               f"{card.value} ({_where(card)})")
    for name in faces:
        if name not in FACE_SETS[face_set]:
            report.add(path + ("faces", name), f"face card {name!r} is not in the {face_set} face set")
    _check_texts(report, raw.get("name"), path + ("name",), languages)
    array = raw.get("array")
    if isinstance(array, dict):
        _check_texts(report, array.get("name"), path + ("array", "name"), languages)
        pattern = array.get("pattern")
        if not isinstance(pattern, list) or not pattern:
            report.add(path + ("array", "pattern"), "an array needs a non-empty list of card slots")
            pattern = []
        for i, slot in enumerate(pattern):
            _check_slot(report, slot, path + ("array", "pattern", i), face_set, printed)
    elif array is not None:
        report.add(path + ("array",), "an array must be a mapping (id, name, pattern) or null")
    discard = raw.get("discard")
    if isinstance(discard, dict):
        _check_texts(report, discard.get("text"), path + ("discard", "text"), languages)
        holding = discard.get("if_holding")
        names = holding.get("any_of") if isinstance(holding, dict) else []
        for i, name in enumerate(names if isinstance(names, list) else []):
            if name not in FACE_SETS[face_set]:
                report.add(path + ("discard", "if_holding", "any_of", i),
                           f"names face card {name!r}, which is not in the {face_set} face set")


@check("classic locations", engine="classic")
def classic_locations(project: Project, game: Game) -> list[str]:
    """The local-rules table: complete face values, arrays of existing cards, texts in every language."""
    name = game.engine_data.get("locations")
    if not name:
        return [f"data/{game.id}/game.yaml: engine_data: no 'locations' file (the local-rules table)"]
    try:
        doc = load_yaml(game.directory / name, f"data/{game.id}/{name}")
    except DeckgenError as exc:
        return [str(p) for p in exc.problems]
    report = _Report(doc)
    table = doc.data.get("locations") if isinstance(doc.data, dict) else None
    if not isinstance(table, dict) or not table:
        report.add(("locations",), "no locations: write locations: {id: {...}, ...}")
        return report.lines
    printed = _printed_faces(game)
    for loc_id, raw in table.items():
        _check_location(report, str(loc_id), raw, printed, project.languages)
    if not report.lines:  # anything else the engine refuses (counts, discard numbers, ...)
        try:
            parse_locations(doc.data)
        except ShowdownError as exc:
            report.add(exc.path, exc.message)
    return report.lines
