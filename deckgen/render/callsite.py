"""Where template code runs: the template file and line of a call being made, for located problems."""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType

#: Templates deckgen itself provides (the tiling overlay, generic documents), searched last.
BUILTIN_TEMPLATES = Path(__file__).resolve().parent / "builtin"


def template_call_site(root: Path) -> tuple[str | None, int | None]:
    """(template file relative to ``root``, template line) of the template code running now."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        template = frame.f_globals.get("__jinja_template__")
        if template is not None:
            return shown_path(template.filename, root), template.get_corresponding_lineno(frame.f_lineno)
        frame = frame.f_back
    return None, None


def shown_path(path: str | None, root: Path) -> str:
    """A template file as messages show it: relative to the project, or ``deckgen/...`` for a built-in."""
    if not path:
        return "?"
    try:
        return str(Path(path).resolve().relative_to(root))
    except ValueError:
        try:
            return "deckgen/" + str(Path(path).resolve().relative_to(BUILTIN_TEMPLATES.parent.parent))
        except ValueError:
            return path
