"""YAML -> validated model.

``load_project(root)`` reads ``deckgen.yaml``, every game's ``game.yaml``,
its card lists and its language files, validates each against its schema
and returns a :class:`deckgen.model.Project`.  All problems found are
collected and raised together as one :class:`DeckgenError` — a user fixes
a batch of mistakes per run, not one.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path

from deckgen.errors import DeckgenError, Problem
from deckgen.model import CARD_SIZES_MM, Card, CardSize, Deck, DocumentSpec, Game, Project, Source, Strings
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
        message = _font_problem(root / "fonts" / name)
        if message:
            col.problems.append(doc.problem(("fonts", role), f"fonts/{name}: {message}"))
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


def _font_problem(path: Path) -> str | None:
    """Why ``path`` cannot serve as a font (missing, unreadable, no TrueType outlines), or None."""
    from fontTools.ttLib import TTFont, TTLibError

    if not path.is_file():
        return "font file not found"
    try:
        with TTFont(str(path), lazy=True) as font:
            if "glyf" not in font or "cmap" not in font:
                return "not a TrueType font with glyf outlines (OpenType/CFF fonts are not supported)"
    except (TTLibError, OSError, ValueError, KeyError, AssertionError) as exc:
        return f"not a readable TrueType font ({exc})"
    return None


def load_engine_data(game: Game) -> dict:
    """The game's ``engine_data`` files, loaded, as keyword arguments for its engine."""
    return {key: load_yaml(game.directory / name, f"data/{game.id}/{name}").data
            for key, name in game.engine_data.items()}


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
    picked = {k: v for k, v in data["decks"].items() if "cards_from" in v}
    for deck_id, spec in data["decks"].items():
        for key in ("front", "back"):
            if not _template_exists(root, game_id, spec[key]):
                col.problems.append(doc.problem(("decks", deck_id, key),
                                                f"template templates/{game_id}/{spec[key]} not found"))
                ok = False
        if not ok or deck_id in picked:
            continue
        files = spec["cards"] if isinstance(spec["cards"], list) else [spec["cards"]]
        deck = _load_deck(col, root, game_id, deck_id, spec, files, card_fields, doc, texts)
        if deck is None:
            continue
        variants = {}
        for vname, swaps in spec.get("variants", {}).items():
            for old in swaps:
                if old not in files:
                    col.problems.append(doc.problem(("decks", deck_id, "variants", vname, old),
                                                    f"{old!r} is not one of this deck's card files"))
            vfiles = [swaps.get(f, f) for f in files]
            vdeck = _load_deck(col, root, game_id, deck_id, spec, vfiles, card_fields, doc, texts, variant=vname)
            if vdeck is not None:
                variants[vname] = vdeck
        decks[deck_id] = replace(deck, variants=variants)
    for deck_id, spec in picked.items():
        deck = _pick_deck(col, doc, deck_id, spec, decks)
        if deck is not None:
            decks[deck_id] = deck
    if not ok:
        return None
    ids: dict[str, str] = {}
    for deck in decks.values():
        for d in (deck, *deck.variants.values()):
            for card in d.cards:
                ids.setdefault(card.id, deck.id)
    for lang, s in strings.items():
        for deck_id in s.decks:
            if deck_id not in decks:
                col.problems.append(Problem(f"unknown deck {deck_id!r}", s.source.file, None, f"decks.{deck_id}"))
    _check_text_ids(col, texts, ids)
    documents = {k: DocumentSpec(k, v["kind"], v.get("options", {})) for k, v in data.get("documents", {}).items()}
    engine_data = dict(data.get("engine_data", {}))
    for key, name in engine_data.items():
        if not (game_dir / name).is_file():
            col.problems.append(doc.problem(("engine_data", key), f"file data/{game_id}/{name} not found"))
    return Game(id=game_id, directory=game_dir, decks=decks, strings=strings,
                engine=data.get("engine"), card_texts=card_texts, documents=documents, engine_data=engine_data)


def _pick_deck(col: _Collector, doc: Located, deck_id: str, spec: dict, decks: dict) -> Deck | None:
    """A deck made of cards chosen (with counts) from another deck of the game."""
    source = decks.get(spec["cards_from"])
    if source is None:
        col.problems.append(doc.problem(("decks", deck_id, "cards_from"),
                                        f"no deck {spec['cards_from']!r} with its own cards in this game"))
        return None
    by_id = {c.id: c for c in source.cards}
    cards = []
    for card_id, count in spec["pick"].items():
        if card_id not in by_id:
            col.problems.append(doc.problem(("decks", deck_id, "pick", card_id),
                                            f"deck {source.id!r} has no card {card_id!r}"))
            continue
        cards.append(replace(by_id[card_id], count=count))
    if len(cards) != len(spec["pick"]):
        return None
    size = source.size if "size" not in spec else _size(spec)
    return Deck(id=deck_id, game_id=source.game_id, cards=tuple(cards), size=size, front=spec["front"],
                back=spec["back"], localized=spec.get("localized", source.localized),
                style=spec.get("style", source.style),
                source=Source(doc.file, doc.line(("decks", deck_id))))


def _size(spec: dict) -> CardSize:
    """The card size a deck spec asks for (named or explicit), with bleed and safe margin."""
    size_spec = spec.get("size", "poker")
    if isinstance(size_spec, str):
        (width, height), name = CARD_SIZES_MM[size_spec], size_spec
    else:
        width, height, name = size_spec["width"], size_spec["height"], "custom"
    return CardSize(width=width, height=height, bleed=spec.get("bleed", 3.0), safe=spec.get("safe", 3.0), name=name)


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


def _load_deck(col: _Collector, root: Path, game_id: str, deck_id: str, spec: dict, files: list[str],
               card_fields: dict, game_doc: Located, texts, variant: str | None = None) -> Deck | None:
    game_dir = root / "data" / game_id
    docs = []
    for name in files:
        cards_doc = col.load(game_dir / name)
        if cards_doc is None or not col.validate(cards_doc, _card_schema(card_fields)):
            return None
        docs.append(cards_doc)
    size = _size(spec)
    if 2 * size.safe >= min(size.width, size.height):
        col.problems.append(game_doc.problem(("decks", deck_id, "safe"), "safe margin leaves no room on the card"))
        return None
    texts_by_lang = {lang: cards for lang, (_doc, cards) in texts.items()}
    cards = []
    seen: dict[str, str] = {}
    entries = [(d, i, e) for d in docs for i, e in enumerate(d.data)]
    for cards_doc, index, entry in entries:
        line = cards_doc.line((index,))
        card_id = entry["id"]
        if card_id in seen:
            col.problems.append(cards_doc.problem((index, "id"),
                                                  f"duplicate card id {card_id!r} (first at {seen[card_id]})"))
            continue
        seen[card_id] = f"{cards_doc.file}:{line}"
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
                source=Source(game_doc.file, game_doc.line(("decks", deck_id))), variant=variant)
