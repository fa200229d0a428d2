"""What a face's CSS (``<style>`` and ``style=""``, and attribute values with functions) may not do.

CSS names outside resources through ``url()`` and ``src()``, ``@import``
(also in its string form ``@import "x.css";``), ``image()`` and
``image-set()`` (which take plain strings); old browsers ran
``expression()``.  Comments and backslash escapes are undone first, so
``@im\\70 ort`` or ``u/**/rl(`` hide nothing.  Only references to the face's
own elements (``#id``) and embedded data (``data:``) pass.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_COMMENT = re.compile(r"/\*.*?(?:\*/|\Z)", re.DOTALL)
_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})[ \t\r\n\f]?|\\(.)", re.DOTALL)
_REF_FUNCTION = re.compile(r"(?<![\w-])(url|src)\(", re.IGNORECASE)
_REFUSED = re.compile(r"@import|(?<![\w])(?:-webkit-)?image(?:-set)?\(|(?<![\w-])expression\(", re.IGNORECASE)
#: Text one of the patterns above can match holds one of these (lowercased).
_NEEDED = ("url(", "src(", "@import", "image(", "image-set(", "expression(")


@dataclass(frozen=True)
class CssFinding:
    """``ref`` (a url() target) that names something outside the face, or a refused ``construct``."""

    ref: str | None = None
    construct: str | None = None


def plain(css: str) -> str:
    """``css`` without comments and with its escapes undone."""
    def unescape(match: re.Match) -> str:
        if match[1]:
            code = int(match[1], 16)
            return chr(code) if 0 < code < 0x110000 else "\ufffd"
        return match[2]

    return _ESCAPE.sub(unescape, _COMMENT.sub("", css))


def allowed_ref(ref: str) -> bool:
    ref = ref.strip()
    return ref.startswith("#") or ref.lower().startswith("data:")


def references(css: str) -> list[str]:
    """Every target of ``url(...)``/``src(...)`` in plain ``css``, quoted or not (an unclosed one runs to
    the end)."""
    refs = []
    for match in _REF_FUNCTION.finditer(css):
        at = match.end()
        while at < len(css) and css[at] in " \t\r\n\f":
            at += 1
        if at < len(css) and css[at] in "'\"":
            end = css.find(css[at], at + 1)
            refs.append(css[at + 1:] if end < 0 else css[at + 1:end])
        else:
            end = css.find(")", at)
            refs.append(css[at:] if end < 0 else css[at:end])
    return refs


def scan(css: str) -> tuple[list[CssFinding], list[str]]:
    """What in ``css`` is refused (constructs that load or run things, url()s naming outside things), and
    the ``data:`` URIs it embeds through url()/src(): one reading of the text."""
    text = plain(css) if ("\\" in css or "/*" in css) else css
    if text.isascii():  # (the patterns match ASCII letters only as ASCII letters: a quick look says no)
        lowered = text.lower()
        if not any(word in lowered for word in _NEEDED):
            return [], []  # transform="translate(...)" and the like: most values stop here
    found = [CssFinding(construct=m.group().rstrip("(").lower() + ("()" if m.group().endswith("(") else ""))
             for m in _REFUSED.finditer(text)]
    refs = references(text)
    found += [CssFinding(ref=ref) for ref in refs if not allowed_ref(ref)]
    return found, [ref.strip() for ref in refs if ref.strip().lower().startswith("data:")]
