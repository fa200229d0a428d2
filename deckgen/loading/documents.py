"""A game's ``documents:``: each entry over the defaults of its kind (offered by the game's engine)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deckgen.loading.collector import Collector, template_exists, template_missing
from deckgen.model import CARD_SIZES_MM, DocumentSpec, Source
from deckgen.yamlpos import Located


def load_documents(col: Collector, root: Path, game_id: str, doc: Located, raw: dict, descriptor) -> dict[str, DocumentSpec]:
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
        if not template_exists(root, game_id, template):
            col.problems.append(doc.problem(at + ("template",) if "template" in entry else at,
                                            template_missing(root, game_id, template)))
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
