"""Parse the light markup translators write in card texts into styled items.

Syntax (see docs/text-markup.md):

* ``**bold**``, ``*italic*``, ``***bold italic***``
* hard line break: a newline, or ``\\\\`` (two backslashes)
* inline icon: ``{chip}`` (name from the deck's icon table)
* plural: ``{2|one:фишка|few:фишки|many:фишек|other:фишки}`` -> "2 фишки";
  a ``#`` in the form places the number yourself: ``{2|one:# chip|other:# chips}``
* escapes: ``\\*``, ``\\{``, ``\\}`` give the literal character
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .plurals import CATEGORIES, plural_category

NBSP = "\u00a0"

_ICON_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
_NUMBER_RE = re.compile(r"^-?\d+(?:[.,]\d+)?$")


@dataclass(frozen=True)
class Item:
    """One unit of text: a character, an inline icon, or a hard line break."""

    kind: str  # "char" | "icon" | "break"
    text: str = ""  # the character, or the icon name
    bold: bool = False
    italic: bool = False


BREAK = Item("break")


def parse(text: str, lang: str = "en") -> tuple[list[Item], list[str]]:
    """Parse markup into items; returns (items, problems)."""
    items: list[Item] = []
    problems: list[str] = []
    bold = italic = False
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\\" and i + 1 < n:
            nxt = text[i + 1]
            if nxt == "\\":
                items.append(BREAK)
                i += 2
                continue
            if nxt in "*{}|":
                items.append(Item("char", nxt, bold, italic))
                i += 2
                continue
            items.append(Item("char", c, bold, italic))
            i += 1
            continue
        if c == "\n":
            items.append(BREAK)
            i += 1
            continue
        if c == "\r":
            i += 1
            continue
        if c == "*":
            run = len(text[i:]) - len(text[i:].lstrip("*"))
            run = min(run, 3)
            if run == 3:
                bold, italic = not bold, not italic
            elif run == 2:
                bold = not bold
            else:
                italic = not italic
            i += run
            continue
        if c == "{":
            end = text.find("}", i + 1)
            if end < 0:
                problems.append("unclosed '{' (write \\{ for a literal brace)")
                items.append(Item("char", c, bold, italic))
                i += 1
                continue
            inner = text[i + 1 : end]
            if _ICON_RE.match(inner):
                items.append(Item("icon", inner, bold, italic))
            elif "|" in inner:
                items.extend(_plural(inner, lang, bold, italic, problems))
            else:
                problems.append(f"unknown markup {{{inner}}}")
                items.extend(Item("char", ch, bold, italic) for ch in "{" + inner + "}")
            i = end + 1
            continue
        items.append(Item("char", c, bold, italic))
        i += 1
    if bold:
        problems.append("unclosed ** (bold)")
    if italic:
        problems.append("unclosed * (italic)")
    return items, problems


def _plural(inner: str, lang: str, bold: bool, italic: bool, problems: list[str]) -> list[Item]:
    number, *options = [p.strip() for p in inner.split("|")]
    forms: dict[str, str] = {}
    for opt in options:
        cat, sep, form = opt.partition(":")
        cat = cat.strip()
        if not sep or cat not in CATEGORIES:
            problems.append(f"bad plural option {opt!r} in {{{inner}}} (use one:…|few:…|many:…|other:…)")
            continue
        forms[cat] = form.strip()
    if not _NUMBER_RE.match(number):
        problems.append(f"plural needs a number before '|': {{{inner}}}")
        word = forms.get("other", "")
    else:
        cat = plural_category(number, lang)
        if cat in forms:
            word = forms[cat]
        elif "other" in forms:
            word = forms["other"]
        else:
            problems.append(f"plural {{{inner}}} has no form for {cat!r} in {lang} (nor 'other')")
            word = next(iter(forms.values()), "")
    shown = word.replace("#", number) if "#" in word else f"{number}{NBSP}{word}"
    sub, sub_problems = parse(shown, lang)
    problems.extend(sub_problems)
    return [Item(it.kind, it.text, it.bold or bold, it.italic or italic) for it in sub]


def plain(items: list[Item]) -> str:
    """Readable text of items (icons as {name}, breaks as newlines)."""
    out = []
    for it in items:
        out.append(it.text if it.kind == "char" else "{%s}" % it.text if it.kind == "icon" else "\n")
    return "".join(out)
