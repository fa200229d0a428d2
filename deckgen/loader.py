"""YAML -> validated model.

``load_project(root)`` reads ``deckgen.yaml``, loads the project's plugins,
then every game's ``game.yaml``, card lists, language files, style and rule
decisions; it validates each against its schema and returns a
:class:`deckgen.model.Project`.  All problems found are collected and raised
together as one :class:`DeckgenError` — a user fixes a batch of mistakes per
run, not one.  What follows from a file that could not be read is not
reported again card by card.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterable

from deckgen.boundary import outside_problem, stays_inside
from deckgen.errors import DeckgenError, Problem
from deckgen.limits import DEFAULT as DEFAULT_LIMITS, Limits
from deckgen.model import (
    CARD_SIZES_MM,
    Card,
    CardSize,
    Deck,
    Decision,
    Decisions,
    DocumentSpec,
    Example,
    Game,
    Project,
    Source,
    Strings,
    SummaryRow,
)
from deckgen.parts import Parts
from deckgen.suggest import did_you_mean, nearest
from deckgen.validate import check_schema, schema, validate
from deckgen.yamlpos import Located, load_yaml

PROJECT_FILE = "deckgen.yaml"
#: The project format this deckgen writes and reads natively (``format:`` in deckgen.yaml).
FORMAT = 2


class _Collector:
    """Accumulates problems; ``load`` returns None for an unreadable file."""

    def __init__(self, root: Path):
        self.root = root
        self.problems: list[Problem] = []
        self.notes: list[Problem] = []
        self.limits: Limits = DEFAULT_LIMITS
        self.consequences: list[Problem] = []  # what follows from a broken file, said once after the problems
        self.parts = Parts()  # what the project's plugins add (deckgen.parts)

    def rel(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root))
        except ValueError:
            return str(path)

    def load(self, path: Path) -> Located | None:
        try:
            return load_yaml(path, self.rel(path), self.limits)
        except DeckgenError as exc:
            self.problems.extend(exc.problems)
            return None

    def validate(self, located: Located, schema_obj: dict) -> bool:
        found = validate(located, schema_obj)
        self.problems.extend(found)
        return not found


def load_project(root: Path, only: Iterable[str] | None = None, untrusted: str = "refuse") -> Project:
    """Load and validate the project in ``root``; raise DeckgenError on problems.

    ``only`` (game ids) loads just those games, when deckgen.yaml lists them all (a command about one
    game neither waits for nor stumbles over the others); otherwise every game is loaded.
    The project's plugins are imported only when the user trusts them (:mod:`deckgen.trust`); if not,
    ``untrusted="refuse"`` raises :class:`deckgen.trust.UntrustedPlugins` before importing any, and
    ``untrusted="skip"`` (commands that need no plugin) imports none and leaves out the games whose engine
    they would bring (their ids in ``Project.needs_trust``).
    """
    from deckgen.project import is_bundled
    from deckgen.registry import installed_games, load_project_plugins, plugins_trusted
    from deckgen.trust import UntrustedPlugins

    root = Path(root).resolve()
    col = _Collector(root)
    if not stays_inside(root / PROJECT_FILE, root):
        raise DeckgenError(outside_problem(root / PROJECT_FILE, root, root))
    doc = col.load(root / PROJECT_FILE)
    if doc is None:
        raise DeckgenError(col.problems)
    if not col.validate(doc, schema("project")):
        raise DeckgenError(col.problems)
    data = doc.data
    col.limits = Limits.from_settings(data.get("limits"))
    from deckgen.text.breaking import add_project

    add_project(data.get("breaking"))
    version = _format(col, doc)
    languages = tuple(data["languages"])
    fonts = dict(data.get("fonts", {}))
    for role, name in fonts.items():
        message = _font_problem(root / "fonts" / name, root)
        if message:
            col.problems.append(doc.problem(("fonts", role), f"fonts/{name}: {message}"))
    engines = dict(installed_games())
    plugins = data.get("plugins", [])
    skipped = bool(plugins) and untrusted == "skip" and not plugins_trusted(root, plugins)
    needs_trust: list[str] = []
    if plugins and not skipped:
        try:
            engines.update(load_project_plugins(root, plugins, lambda i: doc.problem(("plugins", i), ""), col.parts))
        except UntrustedPlugins:
            raise  # the one thing to say: nothing else is loaded, and no game's missing engine is reported
        except DeckgenError as exc:
            col.problems.extend(exc.problems)
    games = {}
    wanted = set(only or ())
    if not wanted or not wanted <= set(data["games"]):
        wanted = set(data["games"])
    for index, game_id in enumerate(data["games"]):
        if game_id not in wanted:
            continue
        game_dir = root / "data" / game_id
        if not stays_inside(game_dir / "game.yaml", game_dir) or not stays_inside(game_dir, root / "data"):
            col.problems.append(outside_problem(game_dir / "game.yaml" if stays_inside(game_dir, root / "data")
                                                else game_dir, root, root, problem=doc.problem(("games", index), "")))
            continue
        if not (game_dir / "game.yaml").is_file():
            known = sorted(p.parent.name for p in (root / "data").glob("*/game.yaml"))
            col.problems.append(doc.problem(("games", index),
                                            f"no data/{game_id}/game.yaml{did_you_mean(game_id, known)}"))
            continue
        game = _load_game(col, root, game_id, languages, engines, needs_trust if skipped else None)
        if game is not None:
            games[game_id] = game
    if col.problems:
        raise DeckgenError(col.problems + col.consequences)
    return Project(root=root, name=data["name"], languages=languages, games=games, fonts=fonts,
                   engines=engines, format=version, bundled=is_bundled(root), notes=tuple(col.notes),
                   limits=col.limits, needs_trust=tuple(needs_trust), parts=col.parts)


def _format(col: _Collector, doc: Located) -> int:
    """The project's format version; a note for an unversioned (format 1) project."""
    version = doc.data.get("format")
    if version is None:
        col.notes.append(Problem(doc.file, 1, 1, None, f"no 'format:' given, so this project is read as format 1, "
                                                       f"which still builds; add the line 'format: {FORMAT}' to "
                                                       f"deckgen.yaml (docs/project-format.md lists what format "
                                                       f"{FORMAT} adds)", warning=True))
        return 1
    if version > FORMAT:
        col.problems.append(doc.problem(("format",), f"this project is written in format {version}, but this "
                                                     f"deckgen reads formats 1 to {FORMAT}: update deckgen"))
    return version


def _font_problem(path: Path, root: Path) -> str | None:
    """Why ``path`` cannot serve as a font (outside the project's fonts/ folder, missing, cut short,
    unreadable, no TrueType outlines), or None."""
    from deckgen.text.fonts import font_file_problem

    if not stays_inside(path, root / "fonts") or not stays_inside(root / "fonts", root):
        return "leads outside the project's fonts/ folder (a symlink?): deckgen reads only inside the project"
    return font_file_problem(path)


def load_engine_files(game: Game) -> dict[str, Located]:
    """The game's ``engine_data`` files, parsed with their line numbers, by keyword."""
    return {key: load_yaml(game.directory / name, f"data/{game.id}/{name}")
            for key, name in game.engine_data.items()}


def _card_schema(card_fields: dict) -> dict:
    base = copy.deepcopy(schema("cards"))
    item = base["items"]
    # each field's schema is a resource of its own, so that its '#/...' references resolve inside it
    item["properties"].update({name: {"$id": f"urn:deckgen:card-field:{name}", **fragment}
                               if isinstance(fragment, dict) and "$id" not in fragment else fragment
                               for name, fragment in card_fields.items()})
    item["additionalProperties"] = False
    return base


def _template_missing(root: Path, game_id: str, name: str) -> str:
    """The message for a template ``name`` that is not in the game's template folders."""
    from deckgen.render.templates import template_dirs

    known = sorted({p.name for d in template_dirs(root, game_id) if d.is_dir() for p in d.glob("*.j2")})
    return f"template templates/{game_id}/{name} not found{did_you_mean(name, known)}"


def _file_missing(col: _Collector, path: Path) -> str:
    """The message for a data file ``path`` that does not exist, with the nearest name in its folder."""
    known = sorted(p.name for p in path.parent.iterdir() if p.is_file() and p.name != "game.yaml") \
        if path.parent.is_dir() else []  # game.yaml is never the file another key names
    return f"{col.rel(path)} not found{did_you_mean(path.name, known)}"


def _template_exists(root: Path, game_id: str, name: str) -> bool:
    from deckgen.render.templates import template_dirs

    if Path(name).is_absolute() or ".." in Path(name).parts or "\\" in name:
        return False  # templates are looked up inside the template folders only
    return any((d / name).is_file() for d in template_dirs(root, game_id))


def _needs_card_source(data: dict, parts: Parts) -> bool:
    """Whether a deck of the game reads a card list of a suffix no loaded card source reads (a plugin's)."""
    from deckgen.sources import unread_suffix

    for spec in (data.get("decks") or {}).values():
        files = spec.get("cards", [])
        names = [files] if isinstance(files, str) else list(files)
        names += [name for variant in (spec.get("variants") or {}).values() for name in variant.values()]
        if any(isinstance(name, str) and unread_suffix(name, parts) for name in names):
            return True
    return False


def _load_game(col: _Collector, root: Path, game_id: str, languages: tuple[str, ...], engines: dict,
               needs_trust: list[str] | None = None) -> Game | None:
    """One game; with ``needs_trust`` (the project's plugins were not loaded), a game whose engine is not
    installed, or whose card lists only a plugin reads, is left out and its id added there."""
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
    engine = data.get("engine")
    descriptor = engines.get(engine) if engine else None
    if needs_trust is not None and ((engine and descriptor is None) or _needs_card_source(data, col.parts)):
        needs_trust.append(game_id)
        return None
    if engine and descriptor is None:
        from deckgen.registry import engine_names

        col.problems.append(doc.problem(("engine",), f"unknown engine {engine!r} (known: {engine_names(engines)}; "
                                                     f"a project adds its own with 'plugins:' in deckgen.yaml)"))
        ok = False
    card_texts, optional_texts = _card_texts(data.get("card_texts", ["name"]))
    before = len(col.problems)
    strings, texts = _load_strings(col, game_dir, languages)
    _check_text_keys(col, texts, card_texts, doc)
    lang_ok = len(col.problems) == before
    decks = {}
    broken = False
    runs: dict = {}  # the generated runs of the card lists, by name (lang files give their texts)
    picked = {k: v for k, v in data["decks"].items() if "cards_from" in v}
    for deck_id, spec in data["decks"].items():
        for key in ("front", "back"):
            if not _template_exists(root, game_id, spec[key]):
                col.problems.append(doc.problem(("decks", deck_id, key),
                                                _template_missing(root, game_id, spec[key])))
                ok = False
        if not ok or deck_id in picked:
            continue
        files = spec["cards"] if isinstance(spec["cards"], list) else [spec["cards"]]
        deck = _load_deck(col, root, game_id, deck_id, spec, files, card_fields, doc, texts,
                          card_texts=card_texts, languages=languages, runs=runs)
        if deck is None:
            broken = True
            continue
        variants = {}
        for vname, swaps in spec.get("variants", {}).items():
            for old in swaps:
                if old not in files:
                    col.problems.append(doc.problem(("decks", deck_id, "variants", vname, old),
                                                    f"{old!r} is not one of this deck's card files"))
            vfiles = [swaps.get(f, f) for f in files]
            vdeck = _load_deck(col, root, game_id, deck_id, spec, vfiles, card_fields, doc, texts, variant=vname,
                               card_texts=card_texts, languages=languages, runs=runs)
            if vdeck is None:
                broken = True
            else:
                variants[vname] = vdeck
        decks[deck_id] = replace(deck, variants=variants)
    for deck_id, spec in picked.items():
        deck = _pick_deck(col, doc, deck_id, spec, decks, broken)
        if deck is not None:
            decks[deck_id] = deck
    if not ok:
        return None
    ids: dict[str, str] = {}
    for deck in decks.values():
        for d in (deck, *deck.variants.values()):
            for card in d.cards:
                ids.setdefault(card.id, deck.id)
    if not broken and lang_ok:  # a card file that did not load is reported once, not card by card
        for lang, s in strings.items():
            for deck_id in s.decks:
                if deck_id not in data["decks"]:  # a declared deck that failed to load was reported already
                    hint = did_you_mean(deck_id, data["decks"])
                    col.problems.append(s.doc.problem(("decks", deck_id), f"unknown deck {deck_id!r}{hint}"))
        _check_text_ids(col, texts, ids)
        if runs or any((ldoc.data or {}).get("runs") for ldoc, _ in texts.values()):
            from deckgen.sources import lang_run_problems

            for ldoc, _ in texts.values():
                col.problems.extend(lang_run_problems(ldoc, runs))
    engine_data = dict(data.get("engine_data", {}))
    for key, name in engine_data.items():
        if _inside(col, doc, ("engine_data", key), game_dir, name) is None:
            continue
        if not (game_dir / name).is_file():
            col.problems.append(doc.problem(("engine_data", key), _file_missing(col, game_dir / name)))
    style = _load_style(col, game_dir, doc, data.get("style"))
    decisions = _load_decisions(col, game_dir, doc, data.get("decisions"))
    documents = _documents(col, root, game_id, doc, data.get("documents", {}), descriptor)
    return Game(id=game_id, directory=game_dir, decks=decks, strings=strings, engine=engine,
                card_texts=card_texts, optional_texts=optional_texts, documents=documents, engine_data=engine_data, style=style,
                decisions=decisions, source=Source(doc.file, 1))


# ------------------------------------------------------------------ style, decisions, documents

STYLE_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "colours": {
            "description": "named colours, used by card and document templates as style.colours.NAME",
            "type": "object",
            "propertyNames": {"pattern": "^[a-z][a-z0-9_-]*$"},
            "additionalProperties": {"type": "string", "pattern": "^#[0-9a-fA-F]{6}$"},
        },
        "boxes": {
            "description": "named layout boxes [x, y, width, height] in mm from the trim's top-left corner",
            "type": "object",
            "propertyNames": {"pattern": "^[a-z][a-z0-9_-]*$"},
            "additionalProperties": {"type": "array", "minItems": 4, "maxItems": 4, "items": {"type": "number"},
                                     "prefixItems": [{"type": "number"}, {"type": "number"},
                                                     {"type": "number", "minimum": 0},
                                                     {"type": "number", "minimum": 0}]},
        },
        "roles": {
            "description": "what each layout box is, for the cut-safe check (deckgen/checks/cutsafe.py): "
                           "a role, or a mapping with the role and how the box is drawn",
            "type": "object",
            "propertyNames": {"pattern": "^[a-z][a-z0-9_-]*$"},
            "additionalProperties": {
                "anyOf": [
                    {"$ref": "#/$defs/role"},
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["role"],
                        "properties": {
                            "role": {"$ref": "#/$defs/role"},
                            "turn": {"description": "also drawn turned 180° round the card's centre ('card') "
                                                    "or round the centre of the named box",
                                     "type": "string", "pattern": "^[a-z][a-z0-9_-]*$"},
                            "shape": {"description": "the outline drawn in the box (default rect)",
                                      "enum": ["rect", "ellipse", "diamond"]},
                            "stroke": {"description": "width (mm) of the widest visible line drawn on the box's "
                                                      "outline, glow included (default: values NAME_width, else 0)",
                                       "type": "number", "minimum": 0},
                            "note": {"type": "string"},
                        },
                    },
                ]
            },
        },
        "values": {"description": "other named values for the templates", "type": "object"},
    },
    "$defs": {
        "role": {
            "description": "frame: a line drawn along the box's outline; band: a filled band or panel whose edges "
                           "show; index: a corner index; content: words and symbols that must be read; art: a "
                           "picture or medallion",
            "enum": ["frame", "band", "index", "content", "art"],
        }
    },
}


def _load_style(col: _Collector, game_dir: Path, game_doc: Located, name: str | None) -> dict[str, Any]:
    if not name:
        return {}
    path = _inside(col, game_doc, ("style",), game_dir, name)
    if path is None:
        return {}
    if not path.is_file():
        col.problems.append(game_doc.problem(("style",), _file_missing(col, path)))
        return {}
    doc = col.load(path)
    if doc is not None and doc.data is None:
        col.problems.append(Problem(doc.file, 1, 1, None, f"the file is empty (named at {game_doc.file}:"
                                                          f"{game_doc.line(('style',))}): write colours:, boxes: "
                                                          f"or values: in it, or remove that style: line"))
        return {}
    if doc is None or not col.validate(doc, STYLE_SCHEMA):
        return {}
    return dict(doc.data or {})


DECISIONS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "decisions": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id"],
                "properties": {
                    "id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
                    "examples": {"type": "array", "items": {"$ref": "#/$defs/example"}},
                },
            },
        },
        "summary": {
            "description": "rows of a printed rule summary (a ranking card): a strings key and an example",
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["text", "example"],
                "properties": {"text": {"type": "string", "minLength": 1}, "example": {"$ref": "#/$defs/example"}},
            },
        },
    },
    "$defs": {
        "example": {
            "description": "a showdown in the judge's format, plus the winners the rule claims and judge options",
            "type": "object",
            "required": ["winners"],
            "properties": {
                "winners": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
                "options": {"type": "object"},
            },
        }
    },
}


def _example(doc: Located, raw: dict, path: tuple) -> Example:
    showdown = {k: v for k, v in raw.items() if k not in ("winners", "options")}
    return Example(showdown=showdown, winners=tuple(raw["winners"]), options=dict(raw.get("options", {})),
                   source=Source(doc.file, doc.line(path)), field=".".join(str(p) for p in path))


def _load_decisions(col: _Collector, game_dir: Path, game_doc: Located, name: str | None) -> Decisions | None:
    if not name:
        return None
    path = _inside(col, game_doc, ("decisions",), game_dir, name)
    if path is None:
        return None
    if not path.is_file():
        col.problems.append(game_doc.problem(("decisions",), _file_missing(col, path)))
        return None
    doc = col.load(path)
    if doc is None or not col.validate(doc, DECISIONS_SCHEMA):
        return None
    data = doc.data or {}
    decisions, seen = [], set()
    for i, raw in enumerate(data.get("decisions", [])):
        if raw["id"] in seen:
            col.problems.append(doc.problem(("decisions", i, "id"), f"duplicate decision id {raw['id']!r}"))
            continue
        seen.add(raw["id"])
        examples = tuple(_example(doc, e, ("decisions", i, "examples", j)) for j, e in enumerate(raw.get("examples", [])))
        decisions.append(Decision(raw["id"], examples, Source(doc.file, doc.line(("decisions", i)))))
    summary = tuple(SummaryRow(r["text"], _example(doc, r["example"], ("summary", i, "example")))
                    for i, r in enumerate(data.get("summary", [])))
    return Decisions(doc.file, tuple(decisions), summary)


def _documents(col: _Collector, root: Path, game_id: str, doc: Located, raw: dict, descriptor) -> dict[str, DocumentSpec]:
    """Document specs: the game.yaml entry over the defaults of its kind (from the game's engine)."""
    kinds = dict(descriptor.documents) if descriptor else {}
    specs = {}
    for doc_id, entry in raw.items():
        at = ("documents", doc_id)
        kind_name = entry.get("kind")
        kind = None
        if kind_name is not None:
            kind = kinds.get(kind_name)
            if kind is None:
                known = ", ".join(sorted(kinds)) or "none"
                whose = f"engine {descriptor.engine!r}" if descriptor else "a game without an engine"
                col.problems.append(doc.problem(at + ("kind",), f"unknown document kind {kind_name!r} "
                                                                f"({whose} offers: {known}); or give a template"))
                continue
        template = entry.get("template")
        if not template:
            assert kind is not None, "the schema asks for a template or a kind"
            template = kind.template
        if not _template_exists(root, game_id, template):
            col.problems.append(doc.problem(at + ("template",) if "template" in entry else at,
                                            _template_missing(root, game_id, template)))
            continue
        page: Any = entry.get("page", kind.page if kind else "paper")
        if isinstance(page, str) and page != "paper":
            page = CARD_SIZES_MM[page]
        elif isinstance(page, dict):
            page = (float(page["width"]), float(page["height"]))
        options = {**(kind.options if kind else {}), **entry.get("options", {})}
        specs[doc_id] = DocumentSpec(
            id=doc_id, kind=kind_name, template=template, page=page,
            orientation=entry.get("orientation", kind.orientation if kind else "portrait"),
            prints=tuple(entry.get("prints", kind.prints if kind else ("sheet",))),
            stem=entry.get("file") or (kind.stem if kind and kind.stem else doc_id),
            safe=float(entry.get("safe", kind.safe if kind else 10.0)), options=options,
            source=Source(doc.file, doc.line(at)))
    return specs


# ------------------------------------------------------------------ decks


def _pick_deck(col: _Collector, doc: Located, deck_id: str, spec: dict, decks: dict, broken: bool) -> Deck | None:
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
    size = source.size if "size" not in spec else _size(spec)
    return Deck(id=deck_id, game_id=source.game_id, cards=tuple(cards), size=size, front=spec["front"],
                back=spec["back"], localized=spec.get("localized", source.localized),
                style=spec.get("style", source.style),
                source=Source(doc.file, doc.line(("decks", deck_id))), **_expected_count(doc, deck_id, spec))


def _size(spec: dict) -> CardSize:
    """The card size a deck spec asks for (named or explicit), with bleed and safe margin."""
    size_spec = spec.get("size", "poker")
    if isinstance(size_spec, str):
        (width, height), name = CARD_SIZES_MM[size_spec], size_spec
    else:
        width, height, name = size_spec["width"], size_spec["height"], "custom"
    return CardSize(width=width, height=height, bleed=spec.get("bleed", 3.0), safe=spec.get("safe", 3.0), name=name,
                    shape=spec.get("shape", "rect"))


def _load_strings(col: _Collector, game_dir: Path, languages):
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


def _card_texts(raw: list) -> tuple[tuple[str, ...], frozenset[str]]:
    """game.yaml's ``card_texts``: every text's key, and the keys marked ``{KEY: optional}``."""
    keys, optional = [], set()
    for item in raw:
        if isinstance(item, dict):
            (key,) = item
            optional.add(key)
        else:
            key = item
        keys.append(key)
    return tuple(keys), frozenset(optional)


def _check_text_keys(col: _Collector, texts, card_texts: tuple[str, ...], game_doc: Located) -> None:
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


def _check_text_ids(col: _Collector, texts, ids: dict[str, str]) -> None:
    for lang, (doc, cards) in texts.items():
        for card_id in cards:
            if card_id not in ids:
                col.problems.append(doc.problem(("cards", card_id),
                                                f"unknown card id {card_id!r}{did_you_mean(card_id, ids)}"))


def _card_label(problem: Problem) -> Problem:
    """A problem of a card list says ``card 5.rank`` (the 5th card, counted from 1), not ``4.rank``."""
    head, _, rest = (problem.field or "").partition(".")
    if not head.isdigit():
        return problem
    return replace(problem, field=f"card {int(head) + 1}" + (f".{rest}" if rest else ""))


def _not_loaded(col: _Collector, doc: Located, deck_id: str) -> None:
    """Say once what a broken card file means for the rest, instead of every text naming its cards."""
    count = len(doc.data) if isinstance(doc.data, list) else 0
    col.consequences.append(Problem(doc.file, None, None, None,
                                    f"{count} card{'s' if count != 1 else ''} of {Path(doc.file).name} not loaded, so "
                                    f"deck {deck_id!r} and the texts naming its cards are not checked",
                                    warning=True))


def _inside(col: _Collector, doc: Located, at: tuple, base: Path, name: str) -> Path | None:
    """``base / name`` if it stays inside ``base`` (a data file names no file elsewhere on the machine)."""
    path = base / name
    try:
        path.resolve().relative_to(base.resolve())
    except ValueError:
        col.problems.append(doc.problem(at, f"{name!r} is outside data/{base.name}/: a game's files stay in its "
                                            f"folder"))
        return None
    return path


def _load_deck(col: _Collector, root: Path, game_id: str, deck_id: str, spec: dict, files: list[str],
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
        path = _inside(col, game_doc, at, game_dir, name)
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
            col.problems.append(game_doc.problem(at, _file_missing(col, path)))
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
    size = _size(spec)
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
            if name and not _template_exists(root, game_id, name):
                col.problems.append(_card_label(cards_doc.problem(
                    (index, key), _template_missing(root, game_id, name))))
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
