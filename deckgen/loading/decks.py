"""A game's decks: card lists read, validated against the game's card fields, and made into Cards.

:func:`load_deck` reads a deck's card files (or a variant's), checks each
card against the schema of the game's ``card_fields``, and gathers each
card's texts from the language files; :func:`pick_deck` makes a deck of
cards chosen, with counts, from another deck of the game.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path

from deckgen.errors import Problem
from deckgen.loading.collector import Collector, file_missing, inside, template_exists, template_missing
from deckgen.model import CARD_SIZES_MM, Card, CardSize, Deck, Source
from deckgen.suggest import did_you_mean
from deckgen.validate import schema
from deckgen.yamlpos import Located


def load_deck(col: Collector, root: Path, game_id: str, deck_id: str, spec: dict, files: list[str],
              card_fields: dict, game_doc: Located, texts, variant: str | None = None,
              card_texts: tuple[str, ...] = ("name",), languages: tuple[str, ...] = (),
              runs: dict | None = None) -> Deck | None:
    from deckgen.sources import card_texts_for, check_cards, load_card_list, unread_suffix
    from deckgen.strings import located

    game_dir = root / "data" / game_id
    docs, lists = [], {}
    listed = isinstance(spec.get("cards"), list)
    for number, name in enumerate(files):
        at: tuple = ("decks", deck_id, "cards", number) if listed and variant is None else ("decks", deck_id, "cards")
        path = inside(col, game_doc, at, game_dir, name)
        if path is None:
            return None
        unread = unread_suffix(name, col.parts)
        if unread:
            col.problems.append(game_doc.problem(at, unread))
            return None
        if not path.is_file():
            if variant is not None and name in spec.get("variants", {}).get(variant, {}).values():
                old = next(k for k, v in spec["variants"][variant].items() if v == name)
                at = ("decks", deck_id, "variants", variant, old)
            col.problems.append(game_doc.problem(at, file_missing(col, path)))
            return None
        card_list, found = load_card_list(path, col.rel(path), col.load, card_fields, card_texts, languages,
                                          col.limits, col.parts)
        col.problems.extend(found)
        if card_list is None:
            return None
        found = [_card_label(p) for p in check_cards(card_list, _card_schema(card_fields), col.limits)]
        if found:
            col.problems.extend(found)
            _not_loaded(col, card_list.doc, deck_id)
            return None
        docs.append(card_list.doc)
        lists[id(card_list.doc)] = card_list
        if runs is not None:
            runs.update({made.run.name: made.run for made in card_list.runs.values()})
    size = _card_size(spec)
    if 2 * size.safe >= min(size.width, size.height):
        col.problems.append(game_doc.problem(("decks", deck_id, "safe"), "safe margin leaves no room on the card"))
        return None
    cards = []
    seen: dict[str, str] = {}
    total = 0
    entries = [(d, i, e) for d in docs for i, e in enumerate(d.data)]
    for cards_doc, index, entry in entries:
        line = cards_doc.line((index,))
        card_id = entry["id"]
        if card_id in seen:
            col.problems.append(_card_label(cards_doc.problem(
                (index, "id"), f"duplicate card id {card_id!r} (first at {seen[card_id]})")))
            continue
        total += entry.get("count", 1)
        if total > col.limits.cards:
            col.problems.append(_card_label(cards_doc.problem(
                (index, "count") if "count" in entry else (index,),
                f"deck {deck_id!r} would have more than {col.limits.cards} cards (limits.cards in deckgen.yaml)")))
            return None
        seen[card_id] = f"{cards_doc.file}:{line}"
        bad = False
        for key in ("front", "back"):
            name = entry.get(key)
            if name and not template_exists(root, game_id, name):
                col.problems.append(_card_label(cards_doc.problem(
                    (index, key), template_missing(root, game_id, name))))
                bad = True
        if bad:
            continue
        fields = {k: v for k, v in entry.items() if k not in ("id", "count", "front", "back")}
        for key in card_fields:
            fields.setdefault(key, None)
        words = {}
        for lang, (ldoc, by_card) in texts.items():
            own = by_card.get(card_id, {})
            made, found = card_texts_for(lists[id(cards_doc)], index, card_id, lang, ldoc, own)
            col.problems.extend(found)
            words[lang] = {**made, **{key: located(str(value), ldoc.file, ldoc.line(("cards", card_id, key)),
                                                   ldoc.column(("cards", card_id, key)), f"cards.{card_id}.{key}")
                                      for key, value in own.items()}}
        cards.append(Card(id=card_id, count=entry.get("count", 1), fields=fields, texts=words,
                          front=entry.get("front"), source=Source(cards_doc.file, line), back=entry.get("back"),
                          run=made_by.run.name if (made_by := lists[id(cards_doc)].runs.get(index)) else None))
    return Deck(id=deck_id, game_id=game_id, cards=tuple(cards), size=size, front=spec["front"],
                back=spec["back"], localized=spec.get("localized", True), style=spec.get("style", {}),
                source=Source(game_doc.file, game_doc.line(("decks", deck_id))), variant=variant,
                **_expected_count(game_doc, deck_id, spec))


def _expected_count(doc: Located, deck_id: str, spec: dict) -> dict:
    """The deck's declared ``count:`` and where it is written (for the check that holds it)."""
    if "count" not in spec:
        return {}
    at = ("decks", deck_id, "count")
    return {"expected_count": spec["count"], "count_at": (doc.file, doc.line(at), doc.column(at))}


def pick_deck(col: Collector, doc: Located, deck_id: str, spec: dict, decks: dict, broken: bool) -> Deck | None:
    """A deck made of cards chosen (with counts) from another deck of the game."""
    source = decks.get(spec["cards_from"])
    if source is None:
        if not broken:  # the source deck's file was reported already
            col.problems.append(doc.problem(("decks", deck_id, "cards_from"),
                                            f"no deck {spec['cards_from']!r} with its own cards in this game"
                                            f"{did_you_mean(spec['cards_from'], decks)}"))
        return None
    by_id = {c.id: c for c in source.cards}
    cards = []
    for card_id, count in spec["pick"].items():
        if card_id not in by_id:
            col.problems.append(doc.problem(("decks", deck_id, "pick", card_id),
                                            f"deck {source.id!r} has no card {card_id!r}"
                                            f"{did_you_mean(card_id, by_id)}"))
            continue
        cards.append(replace(by_id[card_id], count=count))
    if len(cards) != len(spec["pick"]):
        return None
    size = source.size if "size" not in spec else _card_size(spec)
    return Deck(id=deck_id, game_id=source.game_id, cards=tuple(cards), size=size, front=spec["front"],
                back=spec["back"], localized=spec.get("localized", source.localized),
                style=spec.get("style", source.style),
                source=Source(doc.file, doc.line(("decks", deck_id))), **_expected_count(doc, deck_id, spec))


def _card_size(spec: dict) -> CardSize:
    """The card size a deck spec asks for (named or explicit), with bleed and safe margin."""
    size_spec = spec.get("size", "poker")
    if isinstance(size_spec, str):
        (width, height), name = CARD_SIZES_MM[size_spec], size_spec
    else:
        width, height, name = size_spec["width"], size_spec["height"], "custom"
    return CardSize(width=width, height=height, bleed=spec.get("bleed", 3.0), safe=spec.get("safe", 3.0), name=name,
                    shape=spec.get("shape", "rect"))


def _card_schema(card_fields: dict) -> dict:
    base = copy.deepcopy(schema("cards"))
    item = base["items"]
    # each field's schema is a resource of its own, so that its '#/...' references resolve inside it
    item["properties"].update({name: {"$id": f"urn:deckgen:card-field:{name}", **fragment}
                               if isinstance(fragment, dict) and "$id" not in fragment else fragment
                               for name, fragment in card_fields.items()})
    item["additionalProperties"] = False
    return base


def _card_label(problem: Problem) -> Problem:
    """A problem of a card list says ``card 5.rank`` (the 5th card, counted from 1), not ``4.rank``."""
    head, _, rest = (problem.field or "").partition(".")
    if not head.isdigit():
        return problem
    return replace(problem, field=f"card {int(head) + 1}" + (f".{rest}" if rest else ""))


def _not_loaded(col: Collector, doc: Located, deck_id: str) -> None:
    """Say once what a broken card file means for the rest, instead of every text naming its cards."""
    count = len(doc.data) if isinstance(doc.data, list) else 0
    col.consequences.append(Problem(doc.file, None, None, None,
                                    f"{count} card{'s' if count != 1 else ''} of {Path(doc.file).name} not loaded, so "
                                    f"deck {deck_id!r} and the texts naming its cards are not checked",
                                    warning=True))
