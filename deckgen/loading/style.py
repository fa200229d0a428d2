"""A game's ``style:`` file (colours, layout boxes, box roles, values) and the schema it is checked against."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deckgen.errors import Problem
from deckgen.loading.collector import Collector, file_missing, inside
from deckgen.yamlpos import Located


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
        "colour_words": {
            "description": "what players call a named colour (red, green, blue, ...): deckgen check holds the "
                           "colour to that word's hue (deckgen/checks/colour_words.yaml)",
            "type": "object",
            "propertyNames": {"pattern": "^[a-z][a-z0-9_-]*$"},
            "additionalProperties": {"type": "string", "pattern": "^[a-z]+$"},
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


def load_style(col: Collector, game_dir: Path, game_doc: Located, name: str | None) -> dict[str, Any]:
    if not name:
        return {}
    path = inside(col, game_doc, ("style",), game_dir, name)
    if path is None:
        return {}
    if not path.is_file():
        col.problems.append(game_doc.problem(("style",), file_missing(col, path)))
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
