"""``deckgen check`` for classic sabacc: the printed decks against the rules, and the local rules' words.

* composition: the base deck holds the 76 cards of the classic face set,
  every face-set variant (``cloud-city``) the 76 cards of its set, each
  card as often as the rules say, with the value the rules give it;
* local rules: a face value at a location agrees with the value its card
  prints, and every location has its name, array name and discard rule in
  every language.
"""

from __future__ import annotations

from collections import Counter

from deckgen.errors import Problem
from deckgen.games.classic.cards import classic_face_values, deck_cards, face_sets
from deckgen.games.classic.data import DECK_ID, decks_by_face_set, locations_doc, printed_faces
from deckgen.model import Card, Deck, Game
from deckgen.registry import Check, CheckContext

def _at(card: Card, message: str, field: str | None = None) -> Problem:
    src = card.source
    return Problem(src.file if src else None, src.line if src else None, None, field or card.id, message)


def _deck_at(deck: Deck, message: str) -> Problem:
    src = deck.source
    return Problem(src.file if src else None, src.line if src else None, None, f"decks.{deck.id}", message)


def _key(card: Card) -> tuple:
    return ("face", card.face) if card.suit == "face" else (card.suit, card.rank)


def _engine_key(engine_card) -> tuple:
    return ("face", engine_card.face) if engine_card.is_face else (engine_card.suit, engine_card.rank)


def location_values(locations: dict, face_set: str) -> dict[str, set[int]]:
    """face -> the set of values the locations of ``face_set`` give it."""
    values: dict[str, set[int]] = {}
    for loc in locations.values():
        if loc.face_set == face_set:
            for face, value in loc.faces:
                values.setdefault(face, set()).add(value)
    return values


def composition_problems(deck: Deck, face_set: str, locations: dict) -> list[Problem]:
    """One deck against the rules' deck of ``face_set``: cards, copies, values, total."""
    problems = []
    expected = Counter(_engine_key(c) for c in deck_cards(face_set))
    varying = location_values(locations, face_set) if face_set != "classic" else {}
    seen: dict[tuple, str] = {}
    for card in deck.cards:
        key = _key(card)
        if key in seen:
            problems.append(_at(card, f"the same card as {seen[key]}"))
            continue
        seen[key] = card.id
        if key not in expected:
            problems.append(_at(card, f"not a card of the {face_set} deck (its faces are "
                                      f"{', '.join(face_sets()[face_set])})"))
            continue
        if card.count != expected[key]:
            problems.append(_at(card, f"the deck holds {expected[key]} of {card.id}, not {card.count}",
                                f"{card.id}.count"))
        problems.extend(_value_problem(card, face_set, varying))
    for key in expected:
        if key not in seen:
            what = f"face card {key[1]}" if key[0] == "face" else f"{key[0]} {key[1]}"
            problems.append(_deck_at(deck, f"{deck.label} lacks {what}"))
    # its size is game.yaml's `count:`, which deckgen's general check holds every deck to
    return problems


def _value_problem(card: Card, face_set: str, varying: dict[str, set[int]]) -> list[Problem]:
    field = f"{card.id}.value"
    if card.suit != "face":
        return [] if card.value == card.rank else [_at(card, f"{card.id} is worth {card.rank}, not {card.value}", field)]
    if face_set == "classic":
        want = classic_face_values()[card.face]
        return [] if card.value == want else [_at(card, f"{card.id} is worth {want}, not {card.value}", field)]
    values = varying.get(card.face, set())
    if card.value is None or len(values) == 0:
        return []
    if len(values) > 1:
        return [_at(card, f"{card.id} is worth {min(values)} to {max(values)} depending on the location; "
                          f"print value: null (the local-rules mark)", field)]
    (only,) = values
    return [] if card.value == only else [_at(card, f"{card.id} is worth {only} at every location, "
                                                   f"not {card.value}", field)]


def check_composition(ctx: CheckContext) -> list[Problem]:
    """The classic deck and every face-set variant hold the 76 cards the rules define."""
    game = ctx.game
    base = game.decks.get(DECK_ID)
    if base is None:
        src = game.source
        return [Problem(src.file if src else None, None, None, "decks", f"no deck named {DECK_ID!r}")]
    locations = ctx.data.get("locations", {})
    problems = composition_problems(base, "classic", locations)
    for name, variant in base.variants.items():
        if name not in face_sets():
            problems.append(_deck_at(base, f"variant {name!r} is no face set (face sets: {', '.join(face_sets())})"))
            continue
        problems.extend(composition_problems(variant, name, locations))
    return problems


def check_locations(ctx: CheckContext) -> list[Problem]:
    """Location values agree with the printed cards; every location's words exist in every language."""
    game = ctx.game
    locations = ctx.data.get("locations")
    doc = locations_doc(game) if locations else None  # the file the engine data's locations came from
    if not locations or doc is None:
        src = game.source
        return [Problem(src.file if src else None, None, None, "engine_data",
                        "no 'locations' file (the local-rules table)")]
    problems: list[Problem] = []
    printed = printed_faces(game)
    for loc in locations.values():
        cards = printed.get(loc.face_set, {})
        for face, value in loc.faces:
            card = cards.get(face)
            if card is not None and card.value is not None and card.value != value:
                problems.append(doc.problem(("locations", loc.id, "faces", face),
                                            f"{face} is worth {value} here, but its card prints {card.value} "
                                            f"({card.source.file}:{card.source.line})"))
    for lang in ctx.langs:
        strings = game.strings.get(lang)
        if strings is None:
            continue
        for loc in locations.values():
            wanted = {f"location.{loc.id}": f"the name of location {loc.id!r}",
                      f"location.{loc.id}.discard": f"the discard rule of location {loc.id!r} in a few words"}
            if loc.array is not None:
                wanted[f"location.{loc.id}.array"] = f"the name of the special array of location {loc.id!r}"
            for key, what in wanted.items():
                if not str(strings.strings.get(key, "")).strip():
                    file, _line, _col = strings.position("strings")
                    problems.append(Problem(file, None, None, f"strings.{key}", f"missing: {what}"))
    return problems


CHECKS = (
    Check("classic composition", check_composition),
    Check("classic local rules", check_locations),
)


def face_names_in(game: Game, lang: str, table: bool = False) -> dict[str, str]:
    """Localized name of every face card printed in any deck or variant of the game; with ``table``, the
    name a table or a list prints (a card's ``table_name`` in the lang file, e.g. fr « Idiot » for
    « L'Idiot », else its ``name``)."""
    names: dict[str, str] = {}
    for deck in decks_by_face_set(game).values():
        for card in deck.cards:
            face = card.fields.get("face")
            if face and face not in names and card.text(lang):
                names[face] = (table and card.text(lang, "table_name")) or card.text(lang)
    return names
