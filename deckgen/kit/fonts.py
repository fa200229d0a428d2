"""The project's fonts registered for the kit's own pages (plan, labels, tournament sheets)."""

from __future__ import annotations

import hashlib

from deckgen.model import Project


def kit_font(project: Project, role: str) -> str:
    """The project's font of ``role`` (else its body font, else its first) registered for the kit's pages."""
    from deckgen.layout.pdfcanvas import register_font

    file = project.fonts.get(role) or project.fonts.get("body") or next(iter(project.fonts.values()))
    path = project.fonts_dir / file
    return register_font(f"DeckgenKit-{hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:12]}", path)
