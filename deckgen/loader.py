"""YAML -> validated model.

``load_project(root)`` reads ``deckgen.yaml``, every game's ``game.yaml``,
its card lists and its language files, validates each against its schema
and returns a :class:`deckgen.model.Project`.  All problems found are
collected and raised together as one :class:`DeckgenError` — a user fixes
a batch of mistakes per run, not one.
"""

from __future__ import annotations

import copy
from pathlib import Path

from deckgen.errors import DeckgenError, Problem
from deckgen.model import CARD_SIZES_MM, Card, CardSize, Deck, Game, Project, Source, Strings
from deckgen.validate import check_schema, schema, validate
from deckgen.yamlpos import Located, load_yaml

PROJECT_FILE = "deckgen.yaml"


class _Collector:
    """Accumulates problems; ``load`` returns None for an unreadable file."""

    def __init__(self, root: Path):
        self.root = root
        self.problems: list[Problem] = []

    def rel(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root))
        except ValueError:
            return str(path)

    def load(self, path: Path) -> Located | None:
        try:
            return load_yaml(path, self.rel(path))
        except DeckgenError as exc:
            self.problems.extend(exc.problems)
            return None

    def validate(self, located: Located, schema_obj: dict) -> bool:
        found = validate(located, schema_obj)
        self.problems.extend(found)
        return not found


def load_project(root: Path) -> Project:
    """Load and validate the project in ``root``; raise DeckgenError on problems."""
    root = Path(root).resolve()
    col = _Collector(root)
    doc = col.load(root / PROJECT_FILE)
    if doc is None:
        raise DeckgenError(col.problems)
    if not col.validate(doc, schema("project")):
        raise DeckgenError(col.problems)
    data = doc.data
    languages = tuple(data["languages"])
    fonts = dict(data.get("fonts", {}))
    for role, name in fonts.items():
        if not (root / "fonts" / name).is_file():
            col.problems.append(doc.problem(("fonts", role), f"font file fonts/{name} not found"))
    games = {}
    for index, game_id in enumerate(data["games"]):
        game_dir = root / "data" / game_id
        if not (game_dir / "game.yaml").is_file():
            col.problems.append(doc.problem(("games", index), f"no data/{game_id}/game.yaml"))
            continue
        game = _load_game(col, root, game_id, languages)
        if game is not None:
            games[game_id] = game
    if col.problems:
        raise DeckgenError(col.problems)
    return Project(root=root, name=data["name"], languages=languages, games=games, fonts=fonts)


def _card_schema(card_fields: dict) -> dict:
    base = copy.deepcopy(schema("cards"))
    item = base["items"]
    item["properties"].update(card_fields)
    item["additionalProperties"] = False
    return base


def _template_exists(root: Path, game_id: str, name: str) -> bool:
    return any((root / "templates" / d / name).is_file() for d in (game_id, "_common"))


def _load_game(col: _Collector, root: Path, game_id: str, languages: tuple[str, ...]) -> Game | None:
    game_dir = root / "data" / game_id
    doc = col.load(game_dir / "game.yaml")
    if doc is None or not col.validate(doc, schema("game")):
        return None
    data = doc.data
    card_fields = data.get("card_fields", {})
    ok = True
    for name, fragment in card_fields.items():
        message = check_schema(fragment)
        if message:
            col.problems.append(doc.problem(("card_fields", name), f"not a valid JSON Schema: {message}"))
            ok = False
    card_texts = tuple(data.get("card_texts", ["name"]))
    strings, texts = _load_strings(col, game_dir, languages)
    decks = {}
    for deck_id, spec in data["decks"].items():
        for key in ("front", "back"):
            if not _template_exists(root, game_id, spec[key]):
                col.problems.append(doc.problem(("decks", deck_id, key),
                                                f"template templates/{game_id}/{spec[key]} not found"))
                ok = False
        if not ok:
            continue
        deck = _load_deck(col, root, game_id, deck_id, spec, card_fields, doc, texts)
        if deck is not None:
            decks[deck_id] = deck
    if not ok:
        return None
    ids: dict[str, str] = {}
    for deck in decks.values():  # card ids are unique within a game
        for card in deck.cards:
            if card.id in ids and ids[card.id] != deck.id:
                col.problems.append(Problem(f"duplicate card id {card.id!r} (also in deck {ids[card.id]!r})",
                                            card.source.file, card.source.line, "id"))
            ids[card.id] = deck.id
    for lang, s in strings.items():
        for deck_id in s.decks:
            if deck_id not in decks:
                col.problems.append(Problem(f"unknown deck {deck_id!r}", s.source.file, None, f"decks.{deck_id}"))
    _check_text_ids(col, texts, ids)
    return Game(id=game_id, directory=game_dir, decks=decks, strings=strings,
                engine=data.get("engine"), card_texts=card_texts)


def _load_strings(col: _Collector, game_dir: Path, languages):
    """Read lang/LANG.yaml for each language: (Strings by lang, (doc, card texts) by lang)."""
    result: dict[str, Strings] = {}
    texts: dict[str, tuple[Located, dict]] = {}
    for lang in languages:
        path = game_dir / "lang" / f"{lang}.yaml"
        if not path.is_file():
            col.problems.append(Problem(f"missing language file for {lang!r}", col.rel(path)))
            continue
        doc = col.load(path)
        if doc is None or not col.validate(doc, schema("lang")):
            continue
        d = doc.data
        result[lang] = Strings(lang=lang, game=d["game"], decks=d.get("decks", {}),
                               strings=d.get("strings", {}), source=Source(doc.file, 1))
        texts[lang] = (doc, d.get("cards", {}))
    return result, texts


def _check_text_ids(col: _Collector, texts, ids: dict[str, str]) -> None:
    for lang, (doc, cards) in texts.items():
        for card_id in cards:
            if card_id not in ids:
                col.problems.append(doc.problem(("cards", card_id), f"unknown card id {card_id!r}"))


def _load_deck(col: _Collector, root: Path, game_id: str, deck_id: str, spec: dict,
               card_fields: dict, game_doc: Located, texts) -> Deck | None:
    game_dir = root / "data" / game_id
    cards_doc = col.load(game_dir / spec["cards"])
    if cards_doc is None or not col.validate(cards_doc, _card_schema(card_fields)):
        return None
    size_spec = spec.get("size", "poker")
    if isinstance(size_spec, str):
        width, height = CARD_SIZES_MM[size_spec]
        size_name = size_spec
    else:
        width, height = size_spec["width"], size_spec["height"]
        size_name = "custom"
    size = CardSize(width=width, height=height, bleed=spec.get("bleed", 3.0),
                    safe=spec.get("safe", 3.0), name=size_name)
    if 2 * (size.safe) >= min(width, height):
        col.problems.append(game_doc.problem(("decks", deck_id, "safe"), "safe margin leaves no room on the card"))
        return None
    texts_by_lang = {lang: cards for lang, (_doc, cards) in texts.items()}
    cards = []
    seen: dict[str, int] = {}
    for index, entry in enumerate(cards_doc.data):
        line = cards_doc.line((index,))
        card_id = entry["id"]
        if card_id in seen:
            col.problems.append(cards_doc.problem((index, "id"),
                                                  f"duplicate card id {card_id!r} (first on line {seen[card_id]})"))
            continue
        seen[card_id] = line
        front = entry.get("front")
        if front and not _template_exists(root, game_id, front):
            col.problems.append(cards_doc.problem((index, "front"), f"template templates/{game_id}/{front} not found"))
            continue
        fields = {k: v for k, v in entry.items() if k not in ("id", "count", "front")}
        for key in card_fields:
            fields.setdefault(key, None)
        texts = {lang: dict(t.get(card_id, {})) for lang, t in texts_by_lang.items()}
        cards.append(Card(id=card_id, count=entry.get("count", 1), fields=fields, texts=texts,
                          front=front, source=Source(cards_doc.file, line)))
    return Deck(id=deck_id, game_id=game_id, cards=tuple(cards), size=size, front=spec["front"],
                back=spec["back"], localized=spec.get("localized", True), style=spec.get("style", {}),
                source=Source(game_doc.file, game_doc.line(("decks", deck_id))))
