"""Vector icons as data: ``templates/_common/icons.yaml`` and ``templates/GAME/icons.yaml``.

The same icon serves the SVG templates (``icon()``) and running card text
(``{name}`` markup), so a suit looks the same in a corner and in a sentence.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from markupsafe import Markup

from deckgen.errors import DeckgenError
from deckgen.text import Icon
from deckgen.validate import validate
from deckgen.yamlpos import load_yaml

ICONS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "propertyNames": {"pattern": "^[a-z][a-z0-9-]*$"},
    "additionalProperties": {
        "type": "object",
        "additionalProperties": False,
        "required": ["viewbox", "svg"],
        "properties": {
            "viewbox": {"type": "array", "items": {"type": "number"}, "minItems": 4, "maxItems": 4},
            "svg": {"type": "string", "minLength": 1},
            "advance": {"type": "number", "exclusiveMinimum": 0},
            "scale": {"type": "number", "exclusiveMinimum": 0},
        },
    },
}


def load_icons(templates_dir: Path, game_id: str) -> dict[str, Icon]:
    """Icons of ``_common`` overlaid with the game's own (read once per file version)."""
    from deckgen.boundary import held_inside

    paths = [Path(templates_dir) / folder / "icons.yaml" for folder in ("_common", game_id)]
    project = Path(templates_dir).parent
    held_inside(Path(templates_dir), project, base=project)
    for path in paths:  # a link out of the project (icons.yaml -> elsewhere) is refused, never read
        held_inside(path, path.parent, base=project, what=f"templates/{path.parent.name}/")
        held_inside(path.parent, templates_dir, base=project, what="templates/")
    stamps = tuple((str(p), p.stat().st_mtime_ns if p.is_file() else None) for p in paths)
    return dict(_load_icons(stamps, game_id))


@lru_cache(maxsize=64)
def _load_icons(stamps: tuple, game_id: str) -> dict[str, Icon]:
    icons: dict[str, Icon] = {}
    for (name, stamp), folder in zip(stamps, ("_common", game_id)):
        path = Path(name)
        if stamp is None:
            continue
        doc = load_yaml(path, f"templates/{folder}/icons.yaml")
        problems = validate(doc, ICONS_SCHEMA)
        problems += [doc.problem((name, "svg"), message) for name, spec in (doc.data or {}).items()
                     if not problems for message in [_svg_problem(spec["svg"])] if message]
        if problems:
            raise DeckgenError(problems)
        for name, spec in (doc.data or {}).items():
            kwargs = {"svg": spec["svg"], "viewbox": tuple(spec["viewbox"])}
            if "advance" in spec:
                kwargs["advance"] = spec["advance"]
            if "scale" in spec:
                kwargs["scale"] = spec["scale"]
            icons[name] = Icon(**kwargs)
    return icons


def _svg_problem(svg: str) -> str | None:
    """Why an icon's SVG cannot be drawn (not well-formed, or naming something outside it), or None."""
    import re
    import xml.etree.ElementTree as ET

    if re.search(r"<!(DOCTYPE|ENTITY)", svg, re.IGNORECASE):
        return "an icon may not declare a document type or entities"
    try:
        root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{svg}</svg>')
    except ET.ParseError as exc:
        return f"not well-formed SVG: {str(exc).split(':')[0]}"
    for element in root.iter():
        for name, value in element.attrib.items():
            refs = [value] if name.rsplit("}", 1)[-1] == "href" else re.findall(r"url\(\s*['\"]?([^'\")]*)", value)
            for ref in refs:
                if not (ref.strip().startswith("#") or ref.strip().lower().startswith("data:")):
                    return f"{ref[:60]!r} names something outside the icon (only #id and data: are allowed)"
    return None


def icon_markup(icons: dict[str, Icon], name: str, cx: float, cy: float, size: float,
                fill: str | None = None, rotate: float = 0.0, opacity: float | None = None) -> Markup:
    """SVG for icon ``name`` centred on (cx, cy), ``size`` mm tall (aspect kept)."""
    try:
        icon = icons[name]
    except KeyError:
        raise KeyError(f"unknown icon {name!r}") from None
    x0, y0, w, h = icon.viewbox
    s = size / h
    attrs = ""
    if fill:
        attrs += f' fill="{Markup.escape(fill)}"'
    if opacity is not None:
        attrs += f' opacity="{opacity:g}"'
    transform = f"translate({cx:.3f} {cy:.3f})"
    if rotate:
        transform += f" rotate({rotate:g})"
    transform += f" scale({s:.5f}) translate({-(x0 + w / 2):.3f} {-(y0 + h / 2):.3f})"
    return Markup(f'<g class="deckgen-icon" transform="{transform}"{attrs}>{icon.svg}</g>')
