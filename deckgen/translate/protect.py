"""What a translation must keep from its source: placeholders, text marks and booklet directives.

A translator rewrites the words but keeps ``{name}`` placeholders (a plural
``{n|one:…|other:…}`` keeps its name and chooses its own forms), the
emphasis marks ``**`` and ``*`` in pairs, hard line breaks ``\\``, and
never writes a Markdown construct that would change the block's kind (a
heading, a list, a fence).
"""

from __future__ import annotations

import re
from collections import Counter

_PLACEHOLDER = re.compile(r"\{([^{}|]*)(?:\|[^{}]*)?\}")
_FENCE_OR_BLOCK = re.compile(r"(^|\n)\s*(```|#{1,6}\s|>\s|[-+*]\s|\d+[.)]\s)")


def placeholders(text: str) -> Counter:
    """The placeholder names of ``text`` with their counts (a plural's forms left out)."""
    return Counter(m.group(1).strip() for m in _PLACEHOLDER.finditer(text))


def _marks(text: str) -> tuple[int, int]:
    bold = text.count("**")
    single = text.replace("**", "").count("*")
    return bold % 2, single % 2


def broken(source: str, translation: str, markdown: bool, current: str | None = None) -> str | None:
    """Why ``translation`` cannot replace a text translated from ``source``, or None when it can.

    A placeholder of the source may be left out only where the project's current translation leaves it
    out too (a language that does not need the value); a name the source does not offer never.
    """
    want, got = placeholders(source), placeholders(translation)
    if current is not None:
        for name, n in list(want.items()):
            if placeholders(current)[name] < n:
                want[name] = placeholders(current)[name]
        want = +want
    if want != got:
        lost = sorted((want - got).elements())
        added = sorted((got - want).elements())
        parts = []
        if lost:
            parts.append("drops " + ", ".join("{" + p + "}" for p in lost))
        if added:
            parts.append("adds " + ", ".join("{" + p + "}" for p in added))
        return (f"the translation {' and '.join(parts)}: keep every placeholder of the source exactly "
                f"(the name in braces is not translated)")
    if _marks(translation) != (0, 0):
        return "an emphasis mark ** or * is not closed: close every mark you open"
    if current is None and translation.count("\\") != source.count("\\"):
        return "the source has a different number of hard line breaks (\\): keep them"
    if markdown and _FENCE_OR_BLOCK.search(translation):
        return ("the translation starts a heading, list, quote or fenced block: write the text only "
                "(the Markdown around it stays in the source file)")
    return None
