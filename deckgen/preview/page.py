"""The gallery's page: index.html from its template, with its stylesheet, script and the project's fonts."""

from __future__ import annotations

from pathlib import Path

from deckgen import __version__
from deckgen.errors import Problem
from deckgen.preview.images import MISCUTS
from deckgen.preview.views import Gallery

ASSETS = Path(__file__).resolve().parent / "assets"


def _environment():
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(ASSETS)), autoescape=True, trim_blocks=True,
                             lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    env.filters["problem"] = _problem_parts
    return env


def _problem_parts(p: Problem) -> dict:
    return {"where": p.location, "field": p.field or "", "message": p.message, "warning": p.warning}


def render_page(gallery: Gallery, live: bool = False, page: int = 0) -> str:
    """The gallery's index.html."""
    project = gallery.project
    fonts = {role: f"assets/fonts/{name}" for role, name in project.fonts.items()
             if role in ("display", "body", "body-bold")}
    counts = {
        "cards": len(gallery.tiles),
        "problems": sum(1 for t in gallery.tiles if t.all_problems),
        "decks": sum(len(g.decks) for g in gallery.games),
    }
    return _environment().get_template("gallery.html.j2").render(
        gallery=gallery, project=project, fonts=fonts, counts=counts, live=live, page=page, miscuts=MISCUTS,
        version=__version__, languages=gallery.languages, all_languages=project.languages,
        checking=any(not g.checked for g in gallery.games))


def write_page(gallery: Gallery, out: Path, live: bool = False, page: int = 0) -> Path:
    """index.html and its assets (stylesheet, script, the project's fonts) into ``out``."""
    from deckgen.render.store import write_atomic_bytes

    out = Path(out)
    assets = out / "assets"
    for name in ("gallery.css", "gallery.js"):
        copy_if_changed(ASSETS / name, assets / name)
    for role, name in gallery.project.fonts.items():
        if role in ("display", "body", "body-bold"):
            copy_if_changed(gallery.project.fonts_dir / name, assets / "fonts" / name)
    index = out / "index.html"
    write_atomic_bytes(index, render_page(gallery, live, page).encode("utf-8"))
    return index


def copy_if_changed(source: Path, target: Path) -> None:
    from deckgen.render.store import write_atomic_bytes

    data = source.read_bytes()
    if not target.is_file() or target.read_bytes() != data:
        write_atomic_bytes(target, data)
