"""Rulebook text: the card markup and locale typography turned into reportlab paragraph markup.

Rulebook paragraphs are written in the same light markup as card texts
(``**bold**``, ``*italic*``, ``{placeholder}``, plurals, ``{icon}``) and get
the same typography (quotes, French spaces, numbers kept with their words
and partners — :mod:`deckgen.text.typography`), so a term and a number
look the same on a card and in the booklet; a short last word is held to
the word before it, so no paragraph ends with a lone "it." or "0".  The result is the XML that
reportlab's ``Paragraph`` reads; every character is checked against the
font it will be set in.
"""

from __future__ import annotations

from typing import Any, Mapping
from xml.sax.saxutils import escape

from deckgen.errors import Problem
from deckgen.strings import fill
from deckgen.text import FontSet
from deckgen.text.markup import parse
from deckgen.text.typography import NBSP, NNBSP, apply


def to_paragraph_xml(text: str, lang: str, values: Mapping[str, Any], fonts: FontSet, at: Problem,
                     problems: list[Problem], family: str = "body", icons: Mapping[str, str] | None = None) -> str:
    """``text`` (card markup) as reportlab paragraph XML, typography applied; problems located at ``at``."""
    filled = fill(text, values, icons or {}, problems, fallback=at, lang=lang)
    items, markup_problems = parse(filled, lang)
    problems.extend(Problem(at.file, at.line, at.column, at.field, m) for m in markup_problems)
    items = _no_runt(apply(items, lang))
    out: list[str] = []
    state = (False, False)
    missing: set[str] = set()
    for it in items:
        if it.kind == "break":
            out.append(_close(state) + "<br/>" + _open(state))
            continue
        style = (it.bold, it.italic)
        if style != state:
            out.append(_close(state) + _open(style))
            state = style
        if it.kind == "icon":
            if icons and it.text in icons:
                out.append(f'<img src="{escape(icons[it.text])}" width="1.2em" height="1.2em" valign="-0.2em"/>')
            else:
                problems.append(Problem(at.file, at.line, at.column, at.field,
                                        f"unknown icon {{{it.text}}} in a rulebook text"))
            continue
        ch = it.text
        font = fonts.font(family, it.bold, it.italic)
        if ch == NNBSP and not font.has(NNBSP):
            ch = NBSP
        if not ch.isspace() and not font.has(ch):
            missing.add(ch)
        out.append(escape(ch))
    out.append(_close(state))
    if missing:
        problems.append(Problem(at.file, at.line, at.column, at.field, "missing glyphs: " + " ".join(sorted(missing))))
    return "".join(out)


#: A last word of at most this many letters and digits (its punctuation and apostrophes not counted, as
#: on cards) never stands alone on a paragraph's last line (Platypus breaks greedily, so the space before
#: it becomes a no-break space; the card layout rebalances its lines instead): fr « vainqueur. »,
#: « d’habitude. », ru «заложить.», de „Sieger.“ (held, it is not hyphenated either: no „Sie-/ger.“).
RUNT_CHARS = 10


def _no_runt(items: list) -> list:
    """Hold a short last word to the one before it — in running text only: a table cell or a title of
    a few words must stay free to break anywhere."""
    from dataclasses import replace

    if sum(1 for it in items if it.kind == "char" and it.text in (" ", NBSP, NNBSP)) < 5:  # words, glued or not
        return items
    word = chars = 0  # letters and digits (an icon counts one); every item
    for i in range(len(items) - 1, -1, -1):
        it = items[i]
        if it.kind == "break":
            return items
        if it.kind == "char" and it.text == " ":
            if 0 < chars and word <= RUNT_CHARS:
                items = list(items)
                items[i] = replace(it, text=NBSP)
            return items
        if it.kind == "char" and it.text in (NBSP, NNBSP):
            return items  # already held
        chars += 1
        word += 1 if it.kind != "char" or it.text.isalnum() else 0
    return items


def _open(state: tuple[bool, bool]) -> str:
    bold, italic = state
    return ("<b>" if bold else "") + ("<i>" if italic else "")


def _close(state: tuple[bool, bool]) -> str:
    bold, italic = state
    return ("</i>" if italic else "") + ("</b>" if bold else "")
