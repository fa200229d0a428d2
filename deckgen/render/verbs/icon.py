"""The verb ``icon(name, cx, cy, size, ...)``: a vector icon of icons.yaml."""

from __future__ import annotations

from markupsafe import Markup

from deckgen.render.icons import icon_markup
from deckgen.render.verbs.face import Face


def icon(face: Face, name: str, cx: float, cy: float, size: float, fill: str | None = None, rotate: float = 0.0,
         opacity: float | None = None) -> Markup:
    """The icon ``name`` centred on (cx, cy), ``size`` mm tall (its aspect kept), optionally recoloured,
    turned by ``rotate`` degrees and faded; an unknown name is a problem at the template line."""
    try:
        return icon_markup(face.icons, name, cx, cy, size, fill=fill, rotate=rotate, opacity=opacity)
    except KeyError as exc:
        face.report(exc.args[0])
        return Markup("")
