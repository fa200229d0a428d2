"""Every language's rulebook has the same structure.

Translators write freely within a section, but the skeleton must agree:
the same headings (level and id) in the same order, the same directives
(examples, tables, card rows, odds) with the same data, and the same
placeholders in each section.  Page breaks (``---``) are each language's
own: a longer language turns its pages elsewhere.  A difference is reported at the line of the
language that lacks or changes something, naming where the reference
language (the project's first) has it.
"""

from __future__ import annotations

import difflib
import json
from typing import Any

from deckgen.errors import Problem
from deckgen.rulebook.source import Block, Source
from deckgen.strings import placeholders

#: Directive body keys that are words of a language, not shared data.
LANGUAGE_KEYS = ("caption", "text", "title")


def _data(body: Any) -> Any:
    if isinstance(body, dict):
        return {k: _data(v) for k, v in body.items() if k not in LANGUAGE_KEYS}
    if isinstance(body, list):
        return [_data(v) for v in body]
    return body


def skeleton(source: Source) -> list[tuple[tuple, Block]]:
    """(signature, block) of every block that must agree between languages."""
    out: list[tuple[tuple, Block]] = []
    section_placeholders: set[str] = set()
    current: Block | None = None

    def close() -> None:
        if current is not None and section_placeholders:
            out.append((("placeholders", current.id, tuple(sorted(section_placeholders))), current))

    for block in source.blocks:
        if block.kind == "heading":
            close()
            section_placeholders = set()
            current = block
            out.append((("heading", block.level, block.id), block))
        elif block.kind == "directive" and block.name == "pagebreak":
            continue  # where a page turns is each language's own layout
        elif block.kind == "directive":
            body = json.dumps(_data(block.body), sort_keys=True, ensure_ascii=False, default=str)
            out.append((("directive", block.name, block.args, body), block))
        else:
            for text in (block.text, *block.items):
                section_placeholders |= placeholders(text)
    close()
    return out


def _describe(signature: tuple) -> str:
    kind = signature[0]
    if kind == "heading":
        return f"section {signature[2]!r} (level {signature[1]})"
    if kind == "directive":
        args = f" {signature[2]}" if signature[2] else ""
        return f"directive '{signature[1]}{args}'"
    return f"placeholders {', '.join('{' + p + '}' for p in signature[2])} in section {signature[1]!r}"


def structure_problems(reference: Source, other: Source) -> list[Problem]:
    """What ``other`` lacks, adds or changes compared with ``reference``."""
    ref, oth = skeleton(reference), skeleton(other)
    matcher = difflib.SequenceMatcher(a=[s for s, _ in ref], b=[s for s, _ in oth], autojunk=False)
    problems = []
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "equal":
            continue
        near = oth[b0][1].line if b0 < len(oth) else (oth[-1][1].line if oth else 1)
        for sig, block in ref[a0:a1]:
            if op in ("delete", "replace"):
                problems.append(Problem(other.file, near, None, None,
                                        f"lacks {_describe(sig)}, which {reference.file}:{block.line} has"))
        for sig, block in oth[b0:b1]:
            if op in ("insert", "replace"):
                problems.append(Problem(other.file, block.line, None, None,
                                        f"has {_describe(sig)}, which {reference.file} lacks"))
    return problems
