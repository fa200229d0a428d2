"""A game's language files (``lang/LANG.yaml``) and the checks of the card texts they hold.

A card's text under a key the game does not declare, or for a card id no
deck has, is a located error at the language file's line.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from deckgen.boundary import outside_problem, stays_inside
from deckgen.errors import Problem
from deckgen.loading.collector import Collector
from deckgen.model import Source, Strings
from deckgen.suggest import did_you_mean, nearest
from deckgen.validate import schema
from deckgen.yamlpos import Located


def load_strings(col: Collector, game_dir: Path, languages):
    """Read lang/LANG.yaml for each language: (Strings by lang, (doc, card texts) by lang)."""
    result: dict[str, Strings] = {}
    texts: dict[str, tuple[Located, dict]] = {}
    for lang in languages:
        path = game_dir / "lang" / f"{lang}.yaml"
        if not stays_inside(path, game_dir):
            col.problems.append(outside_problem(path, game_dir, col.root, f"data/{game_dir.name}/"))
            continue
        if not path.is_file():
            col.problems.append(Problem(col.rel(path), message=f"missing language file for {lang!r}"))
            continue
        doc = col.load(path)
        if doc is None or not col.validate(doc, schema("lang")):
            continue
        d = doc.data
        if d.get("hyphenation"):
            from deckgen.text.hyphenate import add_exceptions

            add_exceptions(lang, d["hyphenation"])
        from deckgen.text.breaking import game_names

        game_names(lang, d, f"{game_dir.resolve()}")
        result[lang] = Strings(lang=lang, game=d["game"], decks=d.get("decks", {}), strings=d.get("strings", {}),
                               source=Source(doc.file, 1), decisions=d.get("decisions", {}), doc=doc)
        texts[lang] = (doc, d.get("cards", {}))
    return result, texts


def check_text_keys(col: Collector, texts, card_texts: tuple[str, ...], game_doc: Located) -> None:
    """A card's text under a key the game does not have (``nmae:``) is a located error, not a missing name.

    Each unknown key is reported once, at its first place; the message says the line that declares it.
    """
    places: dict[str, list[Problem]] = {}
    for _lang, (doc, cards) in texts.items():
        for card_id, entry in cards.items():
            for key in entry:
                if key not in card_texts:
                    places.setdefault(key, []).append(doc.problem(("cards", card_id, key), ""))
    known = ", ".join(card_texts) or "none"
    for key, found in places.items():
        near = nearest(key, card_texts)
        if near is not None:
            message = (f"unknown key {key!r} (did you mean {near!r}? a card's texts in this game: {known}; "
                       f"game.yaml card_texts)")
        else:
            message = f"unknown key {key!r}: {_declare_text(game_doc, key)}"
        if len(found) > 1:
            message += f" (and {len(found) - 1} more place{'s' if len(found) > 2 else ''})"
        col.problems.append(replace(found[0], message=message))


def _declare_text(game_doc: Located, key: str) -> str:
    """What to write in game.yaml so that the card text ``key`` is known: the whole new card_texts line."""
    raw = game_doc.data.get("card_texts")
    items = [f"{{{next(iter(i))}: optional}}" if isinstance(i, dict) else str(i) for i in (raw or ["name"])]
    line = f"card_texts: [{', '.join(items + [f'{{{key}: optional}}'])}]"
    where = f"at {game_doc.file}:{game_doc.line(('card_texts',))}" if raw is not None else f"in {game_doc.file}"
    return f"to print it, write `{line}` {where} (a plain `{key}` if every card has it in every language)"


def check_text_ids(col: Collector, texts, ids: dict[str, str]) -> None:
    for lang, (doc, cards) in texts.items():
        for card_id in cards:
            if card_id not in ids:
                col.problems.append(doc.problem(("cards", card_id),
                                                f"unknown card id {card_id!r}{did_you_mean(card_id, ids)}"))
