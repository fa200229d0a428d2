"""Editor completion: the project's own JSON Schemas, and the lines that point an editor at them.

``deckgen schema --out DIR`` writes a schema for every kind of YAML file of
the project — not the general ones of ``deckgen/schemas/`` but completed
with what this project says: a game's card fields in its card lists, its
deck ids, card ids, card texts, run names, decision ids and (from the
project's first language) string keys in its lang files, the engines it
can name in game.yaml.  An editor that reads schemas (VS Code with the YAML
extension, any yaml-language-server client) then completes these names as
you type and underlines a typo in a lang file.

A YAML file is tied to its schema by a first line::

    # yaml-language-server: $schema=../../schemas/GAME/game.schema.json

:func:`wire` writes those lines (``deckgen new`` does it for a new
project); after adding a card field or a string, run ``deckgen schema``
again and the same lines serve.
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any, Iterator

from deckgen.model import Game, Project
from deckgen.validate import schema

MODELINE = "# yaml-language-server: $schema="
_DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _icons_schema() -> dict:
    from deckgen.render.icons import ICONS_SCHEMA

    out = copy.deepcopy(ICONS_SCHEMA)
    out.update({"$schema": _DRAFT, "title": "deckgen icons (templates/_common/icons.yaml, templates/GAME/icons.yaml)"})
    props = out["additionalProperties"]["properties"]
    props["viewbox"]["description"] = "[x, y, width, height]: the drawing area of svg, y down; the icon is scaled " \
                                      "so this box is `size` mm tall"
    props["svg"]["description"] = "SVG elements (path, circle, rect ...) drawn in the viewbox; leave out fill so " \
                                  "the template or the text sets the colour"
    props["advance"]["description"] = "width taken in running text, in em (default 1)"
    props["scale"]["description"] = "height in running text, in em (default: the font's capital height)"
    return out


def _project_schema(project: Project) -> dict:
    out = copy.deepcopy(schema("project"))
    out["$schema"] = _DRAFT
    out["properties"]["games"]["items"]["examples"] = sorted(project.games)
    out["properties"]["fonts"]["description"] = "font role -> TrueType file in fonts/; a family role (body) has " \
                                                "the variants -bold, -italic and -bold-italic for the markup"
    fonts = sorted(p.name for p in project.fonts_dir.glob("*.ttf")) if project.fonts_dir.is_dir() else []
    if fonts:
        out["properties"]["fonts"]["additionalProperties"]["examples"] = fonts
    return out


def _game_schema(project: Project) -> dict:
    out = copy.deepcopy(schema("game"))
    out["$schema"] = _DRAFT
    engines = sorted(project.engines)
    if engines:
        out["properties"]["engine"]["enum"] = engines
    return out


def _cards_schema(game: Game, card_fields: dict) -> dict:
    from deckgen.sources.runs import RUN_SCHEMA

    base = copy.deepcopy(schema("cards"))
    card = base["items"]
    card["properties"].update(copy.deepcopy(card_fields))
    card["additionalProperties"] = False
    run = copy.deepcopy(RUN_SCHEMA)
    run["properties"].update({k: v for k, v in card["properties"].items() if k != "id"})
    axis_names: dict[str, Any] = {"enum": sorted(card_fields)} if card_fields else {"not": {}}
    run["properties"]["each"]["propertyNames"] = axis_names
    run["additionalProperties"] = False
    base.update({"$schema": _DRAFT, "title": f"deckgen card list of the game {game.id} (data/{game.id}/*.yaml)"})
    base["description"] = "one entry per card, or a generated run (run:, each:, id:) that makes a card for every " \
                          "combination of its axes"
    base["items"] = {"if": {"type": "object", "required": ["run"]}, "then": run, "else": card}
    return base


def _lang_schema(project: Project, game: Game, run_axes: dict[str, dict[str, list]]) -> dict:
    out = copy.deepcopy(schema("lang"))
    out["$schema"] = _DRAFT
    out["title"] = f"deckgen language file of the game {game.id} (data/{game.id}/lang/LANG.yaml)"
    props = out["properties"]
    props["decks"]["properties"] = {d: {"type": "string", "minLength": 1} for d in game.decks}
    props["decks"]["additionalProperties"] = False
    text = {"type": "object", "additionalProperties": False,
            "properties": {key: {"type": "string"} for key in game.card_texts}}
    ids = sorted({c.id for deck in game.decks.values() for d in (deck, *deck.variants.values()) for c in d.cards})
    props["cards"]["properties"] = {card_id: text for card_id in ids}
    props["cards"]["additionalProperties"] = False
    first = game.strings.get(project.languages[0])
    if first is not None and first.strings:
        # a language may also name the example players in its own script (player.NAME: deckgen.strings)
        props["strings"]["properties"] = {key: {"type": "string"} for key in sorted(first.strings)}
        props["strings"]["patternProperties"] = {r"^player\.[^.]+$": {"type": "string"}}
        props["strings"]["additionalProperties"] = False
        props["strings"]["description"] = f"labels for templates and documents: the keys of the " \
                                          f"{project.languages[0]} file, and player.NAME for an example " \
                                          f"player's name in this language"
    if game.decisions is not None:
        props["decisions"]["propertyNames"] = {"enum": [d.id for d in game.decisions.decisions]}
    runs = {}
    for name, axes in run_axes.items():
        words = {axis: {"type": "object", "additionalProperties": {"type": "string"},
                        "propertyNames": {"enum": [str(v) for v in values]},
                        "description": f"the word of each value of {axis}"} for axis, values in axes.items()}
        runs[name] = {"type": "object", "properties": {**words, **{k: {"type": "string"} for k in game.card_texts}},
                      "additionalProperties": {"type": "string"}}
    props["runs"]["properties"] = runs
    props["runs"]["additionalProperties"] = False
    return out


def _style_schema() -> dict:
    from deckgen.loading.style import STYLE_SCHEMA

    return {"$schema": _DRAFT, "title": "deckgen style (data/GAME/style.yaml)", **copy.deepcopy(STYLE_SCHEMA)}


def _run_axes(project: Project, game: Game) -> dict[str, dict[str, list]]:
    """The generated runs of the game's YAML card lists: name -> axis -> values."""
    from deckgen.sources.runs import axis_values
    from deckgen.yamlpos import load_yaml

    runs: dict[str, dict[str, list]] = {}
    for path in card_list_files(project, game):
        data = load_yaml(path).data or []
        for entry in data if isinstance(data, list) else []:
            if isinstance(entry, dict) and "run" in entry and isinstance(entry.get("each"), dict):
                runs[entry["run"]] = {axis: list(axis_values(raw)) for axis, raw in entry["each"].items()}
    return runs


def card_list_files(project: Project, game: Game) -> list[Path]:
    """The YAML card lists of ``game`` (every deck's, variants included)."""
    import yaml

    raw = yaml.safe_load((game.directory / "game.yaml").read_text(encoding="utf-8"))
    names: list[str] = []
    for spec in (raw.get("decks") or {}).values():
        cards = spec.get("cards", [])
        names += cards if isinstance(cards, list) else [cards]
        for swaps in (spec.get("variants") or {}).values():
            names += list(swaps.values())
    return [game.directory / n for n in dict.fromkeys(names) if n.endswith((".yaml", ".yml"))]


def _glossary_schema() -> dict:
    """The schema of a shared glossary, glossary/LANG.yaml."""
    from deckgen.validate import schema

    return schema("glossary")


def _kit_schema(project: Project) -> dict:
    """The schema of a convention kit's plan (``deckgen kit PLAN.yaml``), its games and languages the
    project's."""
    import copy

    from deckgen.validate import schema

    body = copy.deepcopy(schema("kit"))
    table = body["properties"]["tables"]["items"]["properties"]
    table["game"]["enum"] = list(project.games)
    table["langs"]["items"]["enum"] = list(project.languages)
    return body


def project_schemas(project: Project) -> dict[str, dict]:
    """Every schema of the project, by its path under the schema folder."""
    import yaml

    out = {"deckgen.schema.json": _project_schema(project), "icons.schema.json": _icons_schema(),
           "style.schema.json": _style_schema(), "glossary.schema.json": _glossary_schema(),
           "kit.schema.json": _kit_schema(project)}
    game_schema = _game_schema(project)
    for game in project.games.values():
        fields = (yaml.safe_load((game.directory / "game.yaml").read_text(encoding="utf-8")) or {}).get(
            "card_fields") or {}
        out[f"{game.id}/game.schema.json"] = game_schema
        out[f"{game.id}/cards.schema.json"] = _cards_schema(game, fields)
        out[f"{game.id}/lang.schema.json"] = _lang_schema(project, game, _run_axes(project, game))
    return out


def write_schemas(project: Project, out: Path) -> list[Path]:
    """Write the project's schemas into ``out``; the files written."""
    from deckgen.output import write_atomic

    written = []
    for name, body in project_schemas(project).items():
        path = Path(out) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
        written.append(path)
    return written


def schema_files(project: Project) -> Iterator[tuple[Path, str]]:
    """(YAML file of the project, the name of its schema) for every file a schema describes."""
    import yaml

    root = project.root
    yield root / "deckgen.yaml", "deckgen.schema.json"
    for lang in project.languages:  # the shared glossaries (deckgen.terms)
        shared = root / "glossary" / f"{lang}.yaml"
        if shared.is_file():
            yield shared, "glossary.schema.json"
    for folder in ["_common", *project.games]:
        icons = project.templates_dir / folder / "icons.yaml"
        if icons.is_file():
            yield icons, "icons.schema.json"
    for game in project.games.values():
        yield game.directory / "game.yaml", f"{game.id}/game.schema.json"
        for path in card_list_files(project, game):
            yield path, f"{game.id}/cards.schema.json"
        for lang in project.languages:
            path = game.directory / "lang" / f"{lang}.yaml"
            if path.is_file():
                yield path, f"{game.id}/lang.schema.json"
        style = (yaml.safe_load((game.directory / "game.yaml").read_text(encoding="utf-8")) or {}).get("style")
        if style:
            yield game.directory / style, "style.schema.json"


def _as_json(value):
    """``value`` as an editor sees it: mapping keys are strings (YAML's ``2: Two`` has the key "2")."""
    if isinstance(value, dict):
        return {str(k): _as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_json(v) for v in value]
    return value


def file_problems(path: Path, schema_obj: dict, display: str | None = None) -> list:
    """What an editor would underline in the YAML file ``path`` with ``schema_obj``: located problems."""
    from deckgen.validate import validate
    from deckgen.yamlpos import load_yaml

    doc = load_yaml(path, display)
    doc.data = _as_json(doc.data)
    return validate(doc, schema_obj)


def wire(project: Project, schemas_dir: Path) -> list[Path]:
    """Give every described YAML file a first line naming its schema in ``schemas_dir``; the files changed."""
    changed = []
    for path, name in schema_files(project):
        target = os.path.relpath(Path(schemas_dir) / name, path.parent).replace(os.sep, "/")
        line = f"{MODELINE}{target}\n"
        text = path.read_text(encoding="utf-8")
        if text.startswith(MODELINE):
            text = text.split("\n", 1)[1] if "\n" in text else ""
        if not text.startswith(line):
            path.write_text(line + text, encoding="utf-8")
            changed.append(path)
    return changed
