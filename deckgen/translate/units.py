"""The translatable texts of a game in one language, each with its key and its exact place in its file.

Keys are the msgctxt of the PO files and the keys of the baseline:

- ``game``, ``decks/ID``, ``strings/KEY``, ``cards/ID/FIELD``, ``decisions/ID`` for a language file;
- ``rules/header/title``, ``rules/header/labels/KEY`` … for a booklet's YAML header;
- ``rules/SECTION/N`` for the N-th text (heading, paragraph, list item, note, organisers' paragraph or
  example caption) after the heading ``{#SECTION}``; ``rules/SECTION/0`` is the heading itself.

A language's own word lists (``glossary``, ``hyphenation``) are not translations of the source
language and are left out.  Every unit keeps the character span of its text in the file, so that an
imported translation replaces exactly that text and nothing else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml
from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

#: Top-level keys of a language file that hold the language's own lists, not translations.
OWN_LISTS = frozenset({"glossary", "hyphenation", "breaking"})
#: Keys of a booklet header that hold words (the rest is theme and cover data).
HEADER_TEXTS = frozenset({"title", "subtitle", "labels", "categories"})
_HEADING_ID = re.compile(r"\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$")


@dataclass(frozen=True)
class Unit:
    """One translatable text: its key, its text (soft line breaks as spaces), and where it is written."""

    key: str
    text: str
    file: str  # as shown in messages (project-relative)
    line: int  # 1-based line where the text starts
    start: int  # character offsets of the written text (a YAML scalar with its quotes; a Markdown block)
    end: int
    kind: str  # "yaml" (a scalar) or "markdown" (lines of a block)
    prefix: str = ""  # markdown: what stands before the text on its first line ("- ", "> ", "1. ")
    indent: str = ""  # markdown: what continuation lines start with
    path: tuple[str, ...] = ()  # yaml: the mapping keys that lead to the scalar

    @property
    def section(self) -> str:
        """The booklet section of a ``rules/SECTION/N`` unit, else ''."""
        parts = self.key.split("/")
        return parts[1] if parts[0] == "rules" and len(parts) == 3 and parts[1] != "header" else ""

    def where(self) -> str:
        """Where a player meets the text, in words for a translator's comment."""
        parts = self.key.split("/")
        if parts[0] == "cards":
            return f"card {parts[1]}, its {parts[2]}"
        if parts[0] == "decks":
            return f"the name of the deck {parts[1]}"
        if parts[0] == "strings":
            return f"printed text {parts[1]} (cards, reference sheets, documents)"
        if parts[0] == "decisions":
            return f"the rule decision {parts[1]} (booklet appendix)"
        if parts[0] == "game":
            return "the game's name"
        if parts[0] == "rules" and parts[1] == "header":
            return "booklet: " + " ".join(parts[2:])
        if parts[0] == "rules":
            return f"booklet, section {{#{parts[1]}}}" + (" (its heading)" if parts[2] == "0" else "")
        return self.key


def normalized(text: str) -> str:
    """``text`` with runs of white space as one space: reflowing a paragraph does not change it."""
    return re.sub(r"\s+", " ", text).strip()


def _line_starts(text: str) -> list[int]:
    starts = [0]
    for match in re.finditer("\n", text):
        starts.append(match.end())
    return starts


def yaml_units(text: str, file: str, key_prefix: str = "", offset_line: int = 0, offset_char: int = 0,
               only: frozenset[str] | None = None, skip: frozenset[str] = OWN_LISTS) -> list[Unit]:
    """The string scalars of a YAML mapping, depth first in file order (mapping keys joined by ``/``).

    ``only`` keeps just those top-level keys; ``skip`` leaves those out.  Lists are words of the
    language itself (aliases, hyphenation) and are not units.
    """
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return []  # the loader reports a broken file with its line
    units: list[Unit] = []

    def walk(node, path: tuple[str, ...]) -> None:
        if isinstance(node, yaml.MappingNode):
            for key_node, value in node.value:
                key = str(key_node.value)
                if not path and ((only is not None and key not in only) or key in skip):
                    continue
                walk(value, (*path, key))
        elif isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str" and path:
            if not str(node.value).strip():
                return
            units.append(Unit(key_prefix + "/".join(path), str(node.value), file,
                              node.start_mark.line + 1 + offset_line, node.start_mark.index + offset_char,
                              node.end_mark.index + offset_char, "yaml", path=path))

    if root is not None:
        walk(root, ())
    return units


def markdown_units(text: str, file: str) -> list[Unit]:
    """The texts of a booklet source, keyed by section and order (see the module's docstring)."""
    tokens = MarkdownIt("commonmark").use(front_matter_plugin).parse(text)
    starts = _line_starts(text)
    lines = text.split("\n")
    units: list[Unit] = []
    section, count = "", 0

    def span(first: int, last: int) -> tuple[int, int]:
        end = starts[last] - 1 if last < len(starts) else len(text)
        return starts[first], max(starts[first], end)

    def add(body: str, first: int, last: int) -> None:
        nonlocal count
        start, end = span(first, last)
        raw = lines[first]
        head = body.split("\n", 1)[0].strip()
        at = raw.find(head) if head else -1
        prefix = raw[:at] if at > 0 else ""
        indent = " " * len(prefix) if prefix.strip() else prefix
        units.append(Unit(f"rules/{section or 'start'}/{count}", normalized(body), file, first + 1, start, end,
                          "markdown", prefix, indent))
        count += 1

    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.type == "front_matter" and tok.map:
            header_start = starts[tok.map[0] + 1] if tok.map[0] + 1 < len(starts) else 0
            units.extend(yaml_units(tok.content, file, "rules/header/", tok.map[0] + 1, header_start,
                                    only=HEADER_TEXTS))
        elif tok.type == "heading_open" and tok.map:
            inline = tokens[i + 1].content
            match = _HEADING_ID.search(inline)
            section, count = (match.group(1) if match else section), 0
            title = inline[: match.start()].rstrip() if match else inline
            raw = lines[tok.map[0]]
            at = raw.find(title)
            start = starts[tok.map[0]] + max(at, 0)
            units.append(Unit(f"rules/{section or 'start'}/0", normalized(title), file, tok.map[0] + 1, start,
                              start + len(title), "markdown"))
            count = 1
            i += 3
            continue
        elif tok.type == "paragraph_open" and tok.map:
            add(tokens[i + 1].content, tok.map[0], tok.map[1])
        elif tok.type == "fence" and tok.map:
            name = tok.info.strip().split(" ")[0]
            body_first = tok.map[0] + 1
            if name == "organisers":
                _organiser_paragraphs(tok.content, body_first, add)
            elif tok.content.strip():
                body_start = starts[body_first] if body_first < len(starts) else len(text)
                for unit in yaml_units(tok.content, file, "", body_first, body_start,
                                       only=frozenset({"caption"})):
                    units.append(Unit(f"rules/{section or 'start'}/{count}", unit.text, file, unit.line,
                                      unit.start, unit.end, "yaml"))
                    count += 1
        i += 1
    return units


def _organiser_paragraphs(body: str, first_line: int, add) -> None:
    """The paragraphs of an organisers' block (parted by blank lines), each as a unit."""
    block_lines = body.split("\n")
    run: list[int] = []
    for n, raw in enumerate([*block_lines, ""]):
        if raw.strip():
            run.append(n)
        elif run:
            add("\n".join(block_lines[k] for k in run), first_line + run[0], first_line + run[-1] + 1)
            run = []


@dataclass(frozen=True)
class GameFiles:
    """The files that hold one language of a game: its language file and its booklet source (if any)."""

    lang_file: Path
    rules_file: Path

    def exists(self) -> bool:
        return self.lang_file.is_file() or self.rules_file.is_file()


def game_files(root: Path, game: str, lang: str) -> GameFiles:
    return GameFiles(root / "data" / game / "lang" / f"{lang}.yaml", root / "data" / game / "rules" / f"{lang}.md")


def read_units(root: Path, game: str, lang: str) -> list[Unit]:
    """Every unit of ``game`` in ``lang`` (none for a file that does not exist)."""
    files = game_files(root, game, lang)
    units: list[Unit] = []
    if files.lang_file.is_file():
        rel = files.lang_file.relative_to(root).as_posix()
        units += yaml_units(files.lang_file.read_text(encoding="utf-8"), rel)
    if files.rules_file.is_file():
        rel = files.rules_file.relative_to(root).as_posix()
        units += markdown_units(files.rules_file.read_text(encoding="utf-8"), rel)
    return units
