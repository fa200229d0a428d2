"""Put imported translations back into the project's files, changing exactly the translated texts.

A language-file string is replaced by a double-quoted YAML scalar; a
booklet text by its new words on the same line(s), keeping the list marker
or quote before it.  Everything else — comments, order, other lines — stays
byte for byte, and a file whose texts did not change is not written.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from deckgen.translate.units import Unit

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\u00ad": "\\u00AD", "\u00a0": "\\u00A0",
            "\u202f": "\\u202F", "\u2011": "\\u2011"}


def yaml_quoted(text: str) -> str:
    """``text`` as a YAML double-quoted scalar (invisible characters escaped so a translator sees them)."""
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


#: Booklet sources are wrapped at this width; a replaced paragraph is wrapped the same way.
WRAP = 100
_BLOCK_START = re.compile(r"\s*(```|~~~|#{1,6}(\s|$)|>|[-+*](\s|$)|\d+[.)](\s|$)|\||=+\s*$|-+\s*$)")


def replacement(unit: Unit, text: str) -> str:
    """What replaces ``unit``'s span in its file for the new ``text``.

    A booklet paragraph is wrapped at :data:`WRAP` columns, its continuation lines indented under its
    first word, unless a wrapped line would start a Markdown block (a list, a heading…): then it stays
    one line.
    """
    if unit.kind == "yaml":
        return yaml_quoted(text)
    if "\n" in unit.prefix or unit.start == unit.end or not unit.prefix.strip() and unit.key.endswith("/0"):
        return unit.prefix + text
    lines = textwrap.wrap(text, WRAP, initial_indent=unit.prefix, subsequent_indent=unit.indent,
                          break_long_words=False, break_on_hyphens=False)
    if any(_BLOCK_START.match(line[len(unit.indent):]) for line in lines[1:]):
        return unit.prefix + text
    return "\n".join(lines)


def apply(path: Path, changes: list[tuple[Unit, str]]) -> bool:
    """Replace each unit's span in ``path`` by its new text (from the end, so offsets hold); True if written."""
    original = path.read_text(encoding="utf-8")
    text = original
    for unit, new in sorted(changes, key=lambda c: c[0].start, reverse=True):
        text = text[: unit.start] + replacement(unit, new) + text[unit.end:]
    if text == original:
        return False
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return True


def insert_yaml(path: Path, keys: tuple[str, ...], text: str) -> bool:
    """Add the string ``keys`` = ``text`` to a YAML file that lacks it, beside its siblings.

    The nearest mapping that exists receives the missing keys: in block style
    as new lines after its last entry (at its indentation), in flow style
    (``{name: "…"}``) before its closing brace.  Returns False when the file
    has no mapping to add to (the caller reports it).
    """
    import yaml

    source = path.read_text(encoding="utf-8")
    root = yaml.compose(source, Loader=yaml.SafeLoader)
    node, depth = root, 0
    while depth < len(keys) and isinstance(node, yaml.MappingNode):
        child = next((v for k, v in node.value if str(k.value) == keys[depth]), None)
        if child is None:
            break
        node, depth = child, depth + 1
    if not isinstance(node, yaml.MappingNode) or depth == len(keys):
        return False
    rest = keys[depth:]
    if node.flow_style:
        value = yaml_quoted(text)
        for key in reversed(rest[1:]):
            value = "{" + f"{_key(key)}: {value}" + "}"
        addition = (", " if node.value else "") + f"{_key(rest[0])}: {value}"
        at = node.end_mark.index - 1  # the closing brace
        new = source[:at] + addition + source[at:]
    else:
        column = node.value[0][0].start_mark.column if node.value else node.start_mark.column + 2
        lines = []
        for n, key in enumerate(rest):
            pad = " " * (column + 2 * n)
            lines.append(f"{pad}{_key(key)}:" + (f" {yaml_quoted(text)}" if n == len(rest) - 1 else ""))
        end = node.end_mark.index
        line_end = source.rfind("\n", 0, end) + 1 if end and source[end - 1:end] == "\n" else end
        if line_end < len(source) and source[line_end - 1:line_end] != "\n":
            line_end = source.find("\n", line_end) + 1 or len(source)
        insert = "\n".join(lines) + "\n"
        if line_end and source[line_end - 1] != "\n":
            insert = "\n" + insert
        new = source[:line_end] + insert + source[line_end:]
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(new, encoding="utf-8")
    tmp.replace(path)
    return True


def _key(key: str) -> str:
    """A mapping key as YAML writes it plainly, quoted only where it must be."""
    import re

    return key if re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.\-]*", key) else yaml_quoted(key)
