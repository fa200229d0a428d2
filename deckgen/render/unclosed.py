"""Where a Jinja block left open begins.

Jinja notices a ``{% if %}`` without its ``{% endif %}`` only where the
template goes on as if it were closed (an ``{% endblock %}`` lines later, or
the end of the file), and names that place. :func:`unclosed_block` finds the
line of the block itself, which is where the designer has to look.
"""

from __future__ import annotations

import re

_TAG = re.compile(r"\{%[-+]?\s*(\w+)([^%]*)%\}", re.DOTALL)
#: Tags that open a block closed by ``end`` + their name (``set`` only in its block form, without ``=``).
_BLOCKS = frozenset({"if", "for", "block", "macro", "call", "filter", "with", "set", "raw", "autoescape", "trans"})
_INNERMOST = re.compile(r"The innermost block that needs to be closed is '(\w+)'")


def unclosed_block(source: str, message: str, stopped_line: int) -> tuple[int, str] | None:
    """(line, message) for the block Jinja's syntax error ``message`` says is still open at ``stopped_line``;
    None when the message is about something else or the block is not found."""
    wanted = _INNERMOST.search(message or "")
    if wanted is None:
        return None
    name = wanted.group(1)
    stack: list[tuple[str, int]] = []
    for match in _TAG.finditer(source):
        line = source.count("\n", 0, match.start()) + 1
        if line > stopped_line:
            break
        tag, rest = match.group(1), match.group(2)
        if tag in _BLOCKS and not (tag == "set" and "=" in rest):
            stack.append((tag, line))
        elif tag.startswith("end") and stack and stack[-1][0] == tag[3:]:
            stack.pop()
    for tag, line in reversed(stack):
        if tag == name:
            return line, (f"{{% {name} %}} is never closed: add {{% end{name} %}} where it should end "
                          f"(Jinja noticed at line {stopped_line})")
    return None
