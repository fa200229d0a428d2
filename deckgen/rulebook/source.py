"""Read a rulebook source file: Markdown with a YAML header and fenced directives.

A source file (``data/GAME/rules/LANG.md``) is written by a translator::

    ---
    title: Classic Sabacc
    subtitle: The rules
    labels: {wins: "{names} wins", ...}
    ---

    # The deck {#deck}

    A paragraph with **bold**, *italic* and "quotes".

    - a list item

    > A boxed note.

    ```example
    players:
      - {name: Ana, hand: [coins:10, sabers:11]}
      - {name: Ben, hand: [flasks:5, staves:9]}
    winners: [Ana]
    ```

An ``organisers`` fence holds Markdown paragraphs for whoever prepares the
game (commands, file names, how the cards were made): the booklet sets it in
a tinted box headed by the ``labels.organisers`` of the header, and the
player-text checks leave it alone.

Every heading carries an id (``{#deck}``), the same in every language.
Fenced blocks are directives: their first word names them, the rest of the
info line holds arguments, and their body is YAML (or empty).  The text of
paragraphs uses the card markup (docs/text-markup.md).  Each block keeps
the line it starts on, so every problem names its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

from deckgen.errors import DeckgenError, Problem
from deckgen.yamlpos import Located, parse_yaml

_HEADING_ID = re.compile(r"\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$")
DIRECTIVES = ("cards", "example", "table", "decisions", "odds", "pagebreak", "organisers", "tournament")
#: Directives whose body is Markdown text of the language, not YAML data.
TEXT_DIRECTIVES = ("organisers",)


@dataclass(frozen=True)
class Block:
    """One block of a rulebook: its kind, text or arguments, and the line it starts on (1-based)."""

    kind: str  # heading, paragraph, list, note, directive
    line: int
    text: str = ""
    level: int = 0  # heading level; 1 for ordered lists
    id: str = ""  # heading id
    items: tuple[str, ...] = ()  # list items
    name: str = ""  # directive name
    args: str = ""  # directive arguments
    body: Any = None  # directive body (parsed YAML)
    body_doc: Located | None = None  # the body with its lines (offset to the file)


@dataclass
class Source:
    """A parsed rules file."""

    file: str
    lang: str
    meta: dict[str, Any]
    blocks: list[Block] = field(default_factory=list)
    meta_doc: Located | None = None


def read_source(path: Path, display: str, lang: str) -> Source:
    """Parse a rules file (``data/GAME/rules/LANG.md``); raise DeckgenError with located problems.  A file
    that leads outside its game's folder (a symlink) or is no regular file is refused, never read."""
    from deckgen.boundary import stays_inside

    path = Path(path)
    if not stays_inside(path, path.parent.parent):
        raise DeckgenError(Problem(display, message="leads outside the game's folder (a symlink?): deckgen "
                                                    "reads only inside the project"))
    if path.exists() and not path.is_file():
        raise DeckgenError(Problem(display, message="not a regular file"))
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DeckgenError(Problem(display, message="file not found")) from None
    except UnicodeDecodeError:
        raise DeckgenError(Problem(display, message="not valid UTF-8 text")) from None
    return parse_source(text, display, lang)


def _unwrap(text: str) -> str:
    """Markdown soft line breaks (a newline inside a paragraph) are spaces; ``\\`` stays a hard break."""
    return re.sub(r"[ \t]*\n[ \t]*", " ", text)


def _paragraphs(text: str) -> list[str]:
    """The paragraphs of a text directive's body (parted by blank lines), each unwrapped to one line."""
    return [_unwrap(part.strip()) for part in re.split(r"\n[ \t]*\n", text) if part.strip()]


def _offset(doc: Located, lines: int) -> Located:
    """``doc`` with every line number moved down by ``lines`` (a fenced body inside the file)."""
    return Located(doc.data, doc.file, {k: v + lines for k, v in doc.lines.items()}, doc.columns)


def parse_source(text: str, file: str, lang: str) -> Source:
    md = MarkdownIt("commonmark").use(front_matter_plugin)
    tokens = md.parse(text)
    problems: list[Problem] = []
    meta: dict[str, Any] = {}
    meta_doc = None
    blocks: list[Block] = []
    i = 0
    list_stack: list[dict] = []
    quote_depth = 0
    while i < len(tokens):
        tok = tokens[i]
        line = (tok.map[0] + 1) if tok.map else 0
        if tok.type == "front_matter":
            try:
                meta_doc = _offset(parse_yaml(tok.content, file), 1)
                meta = meta_doc.data or {}
                if not isinstance(meta, dict):
                    problems.append(Problem(file, 2, None, None, "the header must be a YAML mapping"))
                    meta = {}
            except DeckgenError as exc:
                problems.extend(Problem(p.file, (p.line or 0) + 1, p.column, p.field, p.message) for p in exc.problems)
        elif tok.type == "heading_open":
            inline = tokens[i + 1].content
            match = _HEADING_ID.search(inline)
            if not match:
                problems.append(Problem(file, line, None, None, f"heading {inline!r} needs an id: write "
                                                                f"'{inline} {{#some-id}}' (the same id in every language)"))
                heading_id = ""
            else:
                heading_id = match.group(1)
                inline = inline[: match.start()].rstrip()
            blocks.append(Block("heading", line, inline, level=int(tok.tag[1]), id=heading_id))
            i += 3
            continue
        elif tok.type in ("bullet_list_open", "ordered_list_open"):
            list_stack.append({"line": line, "ordered": tok.type == "ordered_list_open", "items": []})
        elif tok.type in ("bullet_list_close", "ordered_list_close"):
            done = list_stack.pop()
            if not list_stack:
                blocks.append(Block("list", done["line"], level=int(done["ordered"]), items=tuple(done["items"])))
        elif tok.type == "blockquote_open":
            quote_depth += 1
            parts = []
            j = i + 1
            while tokens[j].type != "blockquote_close":
                if tokens[j].type == "inline":
                    parts.append(tokens[j].content)
                j += 1
            blocks.append(Block("note", line, "\n".join(_unwrap(p) for p in parts)))
            i = j + 1
            quote_depth -= 1
            continue
        elif tok.type == "inline" and list_stack:
            list_stack[-1]["items"].append(_unwrap(tok.content))
        elif tok.type == "inline":
            blocks.append(Block("paragraph", line, _unwrap(tok.content)))
        elif tok.type == "fence":
            name, _, args = tok.info.strip().partition(" ")
            if name not in DIRECTIVES:
                problems.append(Problem(file, line, None, None, f"unknown directive {name!r} (known: "
                                                                f"{', '.join(DIRECTIVES)})"))
            elif name in TEXT_DIRECTIVES:  # words for the organisers: paragraphs, read as they are
                blocks.append(Block("directive", line, text=tok.content, name=name, args=args.strip(),
                                    items=tuple(_paragraphs(tok.content))))
            else:
                body, body_doc = None, None
                if tok.content.strip():
                    try:
                        body_doc = _offset(parse_yaml(tok.content, file), line)
                        body = body_doc.data
                    except DeckgenError as exc:
                        problems.extend(Problem(p.file, (p.line or 0) + line, p.column, p.field, p.message)
                                        for p in exc.problems)
                        i += 1
                        continue
                blocks.append(Block("directive", line, name=name, args=args.strip(), body=body, body_doc=body_doc))
        elif tok.type in ("html_block", "code_block", "hr"):
            if tok.type == "hr":
                blocks.append(Block("directive", line, name="pagebreak"))
            else:
                problems.append(Problem(file, line, None, None, f"{tok.type.replace('_', ' ')} is not supported in "
                                                                f"a rulebook; write plain text or a directive"))
        i += 1
    if problems:
        raise DeckgenError(problems)
    return Source(file, lang, meta, blocks, meta_doc)


def booklet_texts(source: Source) -> Iterator[tuple[Block, str]]:
    """(block, text) of every text players read in a booklet: everything but the organisers' blocks."""
    for block in source.blocks:
        if block.kind == "directive":
            if block.name == "organisers":
                continue
            body = block.body
            if isinstance(body, dict) and body.get("caption"):
                yield block, str(body["caption"])
            continue
        for text in (block.text, *block.items):
            if text:
                yield block, text
