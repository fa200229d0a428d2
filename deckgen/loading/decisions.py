"""A game's ``decisions:`` file: rule decisions with the example showdowns that hold them, and summary rows."""

from __future__ import annotations

from pathlib import Path

from deckgen.loading.collector import Collector, file_missing, inside
from deckgen.model import Decision, Decisions, Example, Source, SummaryRow
from deckgen.yamlpos import Located


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


def load_decisions(col: Collector, game_dir: Path, game_doc: Located, name: str | None) -> Decisions | None:
    if not name:
        return None
    path = inside(col, game_doc, ("decisions",), game_dir, name)
    if path is None:
        return None
    if not path.is_file():
        col.problems.append(game_doc.problem(("decisions",), file_missing(col, path)))
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
