"""Render a deck's cards to SVG text with Jinja2.

The environment autoescapes (card data containing ``<`` or ``&`` is text,
never markup), fails on undefined names, and offers templates:

``card`` / ``deck`` / ``lang``      the model objects and the language code
``name``                             the card's localized name
``t(key)``                           a localized label from lang/LANG.yaml ``strings``
``geo``                              card geometry in mm (W, H, bleed, trim, safe)
``text(s, x, y, w, h, ...)``         laid-out text as glyph outlines (deckgen.text)
``icon(name, cx, cy, size, ...)``    a vector icon
``plural(n, one=..., few=..., other=...)``  the CLDR plural form of ``n`` in ``lang``
``style``                            the deck's free ``style`` values

Problems (text that does not fit, missing glyphs, unknown labels) are
collected per card, so ``check`` and ``build`` can report them all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

import jinja2
from markupsafe import Markup

from deckgen.errors import DeckgenError, Problem
from deckgen.model import Card, Deck, Game, Project
from deckgen.render.icons import icon_markup, load_icons
from deckgen.text import FontSet
from deckgen.text.jinja import make_plural_function, make_text_function


@dataclass
class RenderedCard:
    """One rendered face: SVG text and the problems found while rendering it."""

    key: str  # card id or "back"
    svg: str
    problems: list[str] = field(default_factory=list)


def geometry(deck: Deck) -> SimpleNamespace:
    """Card geometry (mm) handed to templates as ``geo``."""
    s = deck.size
    b, m = s.bleed, s.safe
    return SimpleNamespace(
        W=s.full_width, H=s.full_height, bleed=b, w=s.width, h=s.height,
        trim=SimpleNamespace(x=b, y=b, w=s.width, h=s.height, x1=b + s.width, y1=b + s.height),
        safe=SimpleNamespace(x=b + m, y=b + m, w=s.width - 2 * m, h=s.height - 2 * m,
                             x1=b + s.width - m, y1=b + s.height - m),
        cx=s.full_width / 2, cy=s.full_height / 2,
    )


_FONT_CACHE: dict[tuple, FontSet] = {}


def project_fonts(project: Project) -> FontSet:
    """The project's FontSet (loaded once per process)."""
    key = (str(project.fonts_dir), tuple(sorted(project.fonts.items())))
    if key not in _FONT_CACHE:
        _FONT_CACHE[key] = FontSet.from_dir(project.fonts_dir, roles=dict(project.fonts))
    return _FONT_CACHE[key]


class DeckRenderer:
    """Renders the fronts and the back of one deck in one language."""

    def __init__(self, project: Project, game: Game, deck: Deck, lang: str):
        self.project, self.game, self.deck, self.lang = project, game, deck, lang
        tdir = project.templates_dir
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader([str(tdir / game.id), str(tdir / "_common")]),
            autoescape=True, undefined=jinja2.StrictUndefined,
            trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
        self.fonts = project_fonts(project)
        self.icons = load_icons(tdir, game.id)
        self.geo = geometry(deck)
        strings = game.strings.get(lang)
        self.labels = dict(strings.strings) if strings else {}

    def render_front(self, card: Card) -> RenderedCard:
        return self._render(card.front or self.deck.front, card.id, card)

    def render_back(self) -> RenderedCard:
        return self._render(self.deck.back, "back", None)

    def _render(self, template_name: str, key: str, card: Card | None) -> RenderedCard:
        problems: list[str] = []
        where = f"{self.game.id}/{self.deck.id}/{key} [{self.lang}]"
        g = self.geo
        safe = (g.safe.x, g.safe.y, g.safe.x1, g.safe.y1)
        text_fn = make_text_function(self.fonts, self.icons, self.lang, problems, safe_rect=safe, where=where)

        def t(label: str) -> str:
            if label not in self.labels:
                problems.append(f"{where}: missing label {label!r} in data/{self.game.id}/lang/{self.lang}.yaml")
                return label
            return self.labels[label]

        def icon(name: str, cx: float, cy: float, size: float, **kw) -> Markup:
            try:
                return icon_markup(self.icons, name, cx, cy, size, **kw)
            except KeyError as exc:
                problems.append(f"{where}: {exc.args[0]}")
                return Markup("")

        context = {
            "card": card, "deck": self.deck, "game": self.game, "lang": self.lang,
            "name": card.text(self.lang, "name") if card else "",
            "texts": card.texts.get(self.lang, {}) if card else {},
            "geo": g, "style": self.deck.style, "t": t, "text": text_fn, "icon": icon,
            "plural": make_plural_function(self.lang),
        }
        if card is not None and not context["name"] and "name" in self.game.card_texts:
            problems.append(f"{where}: no name in data/{self.game.id}/lang/{self.lang}.yaml")
        try:
            svg = self.env.get_template(template_name).render(context)
        except jinja2.TemplateSyntaxError as exc:
            raise DeckgenError(Problem(exc.message or "syntax error", _rel(exc.filename, self.project.root),
                                       exc.lineno)) from None
        except jinja2.TemplateError as exc:
            file, line = _template_position(exc)
            raise DeckgenError(Problem(f"{exc.message or exc} (rendering {key})",
                                       _rel(file, self.project.root) if file else template_name, line)) from None
        except (ArithmeticError, KeyError, LookupError, TypeError, ValueError) as exc:
            # a template calling text()/icon() with a bad argument, dividing by zero, ...
            file, line = _template_position(exc)
            message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
            raise DeckgenError(Problem(f"{type(exc).__name__}: {message} (rendering {key})",
                                       _rel(file, self.project.root) if file else template_name, line)) from None
        if "<text" in svg:
            problems.append(f"{where}: template {template_name} has a raw <text> element; "
                            f"use text() so the bundled fonts are measured and embedded as outlines")
        return RenderedCard(key, svg, problems)


def _rel(path: str | None, root: Path) -> str:
    if not path:
        return "?"
    try:
        return str(Path(path).resolve().relative_to(root))
    except ValueError:
        return path


def _template_position(exc: BaseException) -> tuple[str | None, int | None]:
    """The innermost template frame of a rendering error (jinja rewrites tracebacks)."""
    tb = exc.__traceback__
    found = (None, None)
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name.endswith(".j2") or name.endswith(".svg"):
            found = (name, tb.tb_lineno)
        tb = tb.tb_next
    return found
