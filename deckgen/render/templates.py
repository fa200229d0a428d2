"""Render faces — card fronts and backs, document pages — to SVG text with Jinja2.

One renderer serves every fixed-layout piece a game prints, so the same
checks (glyphs, overflow, hyphenation, safe zone) cover cards, boards and
reference sheets alike.  The environment autoescapes (data containing
``<`` or ``&`` is text, never markup), fails on undefined names, and offers
templates:

``card`` / ``deck`` / ``game`` / ``lang``  read-only views of the model (deckgen.render.views), the language code
``name`` / ``texts``             the card's localized name and texts (cards only)
``geo``                          geometry in mm (W, H, bleed, trim, safe, cx, cy)
``style``                        the game's style.yaml (``style.colours.red``) and the deck's style
``text(...)``, ``t(...)``, ...   the template verbs of :mod:`deckgen.render.verbs`, one module each,
                                 with those the project's plugins add

Problems are collected per face as located :class:`deckgen.errors.Problem`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Mapping

import jinja2

from deckgen.checks.drawn import drawn_problems, needs_tree
from deckgen.errors import DeckgenError, Problem
from deckgen.layout.retarget import retarget_box
from deckgen.limits import DEFAULT as DEFAULT_LIMITS
from deckgen.model import Card, CardSize, Deck, Game, Project
from deckgen.render.callsite import BUILTIN_TEMPLATES, shown_path as _rel, template_call_site
from deckgen.render.compiled import SourceCodeCache
from deckgen.render.icons import load_icons
from deckgen.render.sandbox import FaceEnvironment, LimitError, render_traced
from deckgen.render.svgcheck import face_problems
from deckgen.render.svgwalk import Inspection, inspect as inspect_svg
from deckgen.render.verbs import Face, verbs_for
from deckgen.render.verbs.picture import MIN_PICTURE_PPI, place_picture  # noqa: F401 - their old home
from deckgen.render.verbs.text import almost_black  # noqa: F401 - its old home
from deckgen.render.views import Freezer, ReadOnlyMapping
from deckgen.strings import fill, located
from deckgen.text import FontSet



def template_dirs(root: Path, game_id: str) -> list[Path]:
    """Where a game's templates are looked up, in order."""
    tdir = Path(root) / "templates"
    return [tdir / game_id, tdir / "_common", BUILTIN_TEMPLATES]


class BoundedLoader(jinja2.FileSystemLoader):
    """A FileSystemLoader that refuses, with one located line, a template (or ``{% include %}``d file)
    whose path resolves outside its folder, or in a folder that resolves outside the project: a symlink
    ``templates/demo/leak.txt -> ~/.ssh/id_rsa`` is never read.  Built-in templates stay in deckgen's."""

    def __init__(self, searchpath: list[str], root: str):
        super().__init__(searchpath)
        self.root = root

    def get_source(self, environment, template):
        from deckgen.boundary import held_inside, shown

        pieces = jinja2.loaders.split_template_path(template)
        for folder in self.searchpath:
            path = os.path.join(folder, *pieces)
            if os.path.lexists(path):
                top = BUILTIN_TEMPLATES if Path(folder) == BUILTIN_TEMPLATES else Path(self.root)
                held_inside(folder, top, base=self.root)
                held_inside(path, folder, base=self.root, what=f"{shown(folder, self.root)}/")
                break
        return super().get_source(environment, template)


@dataclass
class RenderedFace:
    """One rendered face: SVG text, the problems found while rendering it, the strings it read."""

    key: str  # card id, "back", or a document id
    svg: str
    problems: list[Problem] = field(default_factory=list)
    strings: dict[str, str] = field(default_factory=dict)  # language-file strings used: key -> text


RenderedCard = RenderedFace  # the name templates and tests knew


def page_geometry(width: float, height: float, bleed: float, safe: float) -> SimpleNamespace:
    """Geometry (mm) handed to templates as ``geo``: full size W x H includes the bleed."""
    b, m = bleed, safe
    w, h = width, height
    return SimpleNamespace(
        W=w + 2 * b, H=h + 2 * b, bleed=b, w=w, h=h,
        trim=SimpleNamespace(x=b, y=b, w=w, h=h, x1=b + w, y1=b + h),
        safe=SimpleNamespace(x=b + m, y=b + m, w=w - 2 * m, h=h - 2 * m, x1=b + w - m, y1=b + h - m),
        cx=(w + 2 * b) / 2, cy=(h + 2 * b) / 2,
    )


def geometry(deck_or_size: Deck | CardSize) -> SimpleNamespace:
    """Card geometry (mm) of a deck or a card size."""
    s = deck_or_size.size if isinstance(deck_or_size, Deck) else deck_or_size
    return page_geometry(s.width, s.height, s.bleed, s.safe)


_FONT_CACHE: dict[tuple, FontSet] = {}


def project_fonts(project: Project) -> FontSet:
    """The project's FontSet (loaded once per process)."""
    key = (str(project.fonts_dir), tuple(sorted(project.fonts.items())))
    if key not in _FONT_CACHE:
        _FONT_CACHE[key] = FontSet.from_dir(project.fonts_dir, roles=dict(project.fonts))
    return _FONT_CACHE[key]


@lru_cache(maxsize=32)
def _environment(dirs: tuple[str, ...], root: str = "") -> jinja2.Environment:
    """The sandbox (deckgen.render.sandbox): templates may come from others; data is text, never markup.
    Templates are read only inside their folders, inside the project ``root`` (:class:`BoundedLoader`)."""
    return FaceEnvironment(loader=BoundedLoader(list(dirs), root or os.path.commonpath(dirs[:1])),
                           trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                           bytecode_cache=_COMPILED)


#: Templates compiled once per source for every face environment of the process (deckgen.render.compiled)
_COMPILED = SourceCodeCache()


def _merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


class FaceRenderer:
    """Renders faces of one game in one language at one geometry."""

    def __init__(self, project: Project, game: Game, lang: str, geo: SimpleNamespace,
                 style: Mapping[str, Any] | None = None):
        self.project, self.game, self.lang, self.geo = project, game, lang, geo
        self.root = project.root
        self.env = _environment(tuple(str(d) for d in template_dirs(project.root, game.id)), str(project.root))
        self.fonts = project_fonts(project)
        self.icons = load_icons(project.templates_dir, game.id)
        self.style = _merge(game.style, style or {})
        self.strings = game.strings.get(lang)
        self._used: dict[str, str] = {}  # strings read by the face being rendered
        self.verbs = verbs_for(project)  # deckgen's template verbs and the plugins' (deckgen.render.verbs)
        #: read-only views of the model for templates (deckgen.render.views), one per object
        self.freezer = Freezer()

    # ------------------------------------------------------------------ helpers

    def label(self, key: str, problems: list[Problem], values: Mapping[str, Any] | None = None) -> str:
        """The string ``key`` of the language file, located, with its placeholders filled."""
        strings = self.strings
        if strings is None or key not in strings.strings:
            tfile, tline = template_call_site(self.root)
            lang_file = strings.source.file if strings and strings.source else f"data/{self.game.id}/lang/{self.lang}.yaml"
            from deckgen.suggest import did_you_mean

            hint = did_you_mean(key, strings.strings) if strings else ""
            problems.append(Problem(tfile, tline, None, None, f"no string {key!r} in {lang_file}{hint}"))
            return key
        file, line, column = strings.position("strings", key)
        self._used[key] = str(strings.strings[key])
        text = located(str(strings.strings[key]), file, line, column, f"strings.{key}")
        return fill(text, values or {}, self.icons, problems, lang=self.lang)

    def box(self, name: str) -> SimpleNamespace:
        """A named layout box of style.yaml, in this face's SVG coordinates.

        Boxes are millimetres from the trim's top-left corner at the deck's own
        size; a face drawn at another trim (``design_size`` in its style: a
        print shop's 59×91 mm for a 63×88 mm design) gets every box moved to
        it: margins kept, the middle stretched (:mod:`deckgen.layout.retarget`).
        """
        boxes = self.style.get("boxes", {})
        if name not in boxes:
            raise KeyError(f"no layout box {name!r} in style.yaml (boxes: {', '.join(sorted(boxes)) or 'none'})")
        x, y, w, h = (float(v) for v in boxes[name])
        design = self.style.get("design_size")
        if design:  # drawn at another trim than the design's (a print shop's): the layout follows it
            bleed = self.style.get("design_bleed")
            x, y, w, h = retarget_box((x, y, w, h), (float(design[0]), float(design[1])),
                                      (self.geo.trim.w, self.geo.trim.h),
                                      None if bleed is None else (float(bleed), self.geo.bleed))
        x += self.geo.trim.x
        y += self.geo.trim.y
        return SimpleNamespace(x=x, y=y, w=w, h=h, x1=x + w, y1=y + h, cx=x + w / 2, cy=y + h / 2)

    def summary(self, problems: list[Problem]) -> list[SimpleNamespace]:
        """The rule summary rows of decisions.yaml: text, the two example hands, and '>' or '='."""
        if self.game.decisions is None:
            return []
        from deckgen.judgement import showdown_cards

        rows = []
        for row in self.game.decisions.summary:
            players = row.example.showdown.get("players", [])
            hands = [showdown_cards(p) for p in players]
            names = [p.get("name") for p in players]
            winners = list(row.example.winners)
            relation = "=" if len(winners) > 1 else ">" if winners[:1] == names[:1] else "<"
            rows.append(SimpleNamespace(key=row.text, text=self.label(row.text, problems), hands=hands,
                                        relation=relation))
        return rows

    # ------------------------------------------------------------------ rendering

    def render(self, template_name: str, key: str, subject: str, extra: Mapping[str, Any]) -> RenderedFace:
        """Render ``template_name`` with the standard helpers plus ``extra`` variables."""
        problems: list[Problem] = []
        self._used = {}
        g = self.geo
        root = self.root
        face = Face(self, subject, problems, self.verbs)
        freeze = self.freezer.freeze
        context: dict[str, Any] = {"card": None, "deck": None, "game": self.game, "lang": self.lang, "name": "",
                                   "texts": {}, "geo": g, **face.verbs}
        context.update(extra)
        # templates get plain values, read-only views and template functions only (deckgen.render.views)
        context = {name: freeze(value) for name, value in context.items()}
        context["style"] = self.freezer.style(self.style)
        limits = getattr(self.project, "limits", None) or DEFAULT_LIMITS
        shown = f"templates/{self.game.id}/{template_name}"
        try:
            template = self.env.get_template(template_name)
            traced = render_traced(template, context, limits, trace=False)
        except LimitError as exc:
            file, line = _template_position(exc, root)
            raise DeckgenError(Problem(file or shown, line, None, None,
                                       f"{subject}: {exc}")) from None
        except RecursionError:
            raise DeckgenError(Problem(shown, 1, None, None, f"{subject}: templates include or call each other without end")) from None
        except jinja2.TemplateSyntaxError as exc:
            from deckgen.render.unclosed import unclosed_block

            line, message = exc.lineno, exc.message or "syntax error"
            opened = unclosed_block(exc.source or "", message, exc.lineno) if exc.source else None
            if opened is not None:
                line, message = opened
            raise DeckgenError(Problem(_rel(exc.filename, root), line, None, None, message)) from None
        except jinja2.TemplateNotFound as exc:
            file, line = _template_position(exc, root)
            raise DeckgenError(Problem(file or shown, line, None, None,
                                       f"template {exc.name!r} not found (rendering {key})")) from None
        except jinja2.TemplateError as exc:
            file, line = _template_position(exc, root)
            raise DeckgenError(Problem(file or shown, line, None, None,
                                       f"{exc.message or exc} (rendering {key})")) from None
        except (ArithmeticError, KeyError, LookupError, TypeError, ValueError, AttributeError) as exc:
            # a template calling text()/icon() with a bad argument, dividing by zero, ...
            file, line = _template_position(exc, root)
            # said in words, without Python's name for the error: a designer reads it
            message = f"no key {exc.args[0]!r}" if isinstance(exc, KeyError) and exc.args else str(exc)
            raise DeckgenError(Problem(file or shown, line, None, None, f"{message} (rendering {key})")) from None
        svg = traced.text

        def retrace():  # the same render again, traced, to say which template line wrote a faulty piece
            seen, used = len(problems), self._used
            try:
                return render_traced(template, context, limits)
            finally:
                del problems[seen:]
                self._used = used

        traced.retrace = retrace
        card_face = getattr(self, "deck", None) is not None
        # one reading of the SVG for both checks: what it may not hold, and (a card face) lines through its words
        found = inspect_svg(svg, limits, keep_tree=card_face and needs_tree(svg))
        problems.extend(face_problems(traced, subject, lambda f, l: (_rel(f, root) if f else shown, l), limits,
                                      found))
        if card_face:
            problems.extend(_drawn_problems(traced, subject, g, lambda f, l: (_rel(f, root) if f else shown, l),
                                            found))
        if "<text" in svg:
            problems.append(Problem(f"templates/{self.game.id}/{template_name}", None, None, None,
                                    f"raw <text> element; use text() so the bundled fonts are measured and "
                                    f"embedded as outlines"))
        return RenderedFace(key, svg, problems, dict(self._used))


class CardTexts(ReadOnlyMapping):
    """A card's texts in one language, as templates see them (read-only).

    A text the game declares in ``card_texts`` that this card lacks (an
    optional one) reads as ``""``, so ``{% if texts.rule %}`` works; a key
    the game does not declare stays an error (a typo in a template).
    """

    __slots__ = ("_declared",)

    def __init__(self, texts, declared, freezer: Freezer | None = None):
        super().__init__(texts, freezer or Freezer())
        self._declared = frozenset(declared)

    def __getitem__(self, key):
        if key not in self._data and key in self._declared:
            return ""
        return super().__getitem__(key)


class DeckRenderer(FaceRenderer):
    """Renders the fronts and backs of one deck in one language."""

    def __init__(self, project: Project, game: Game, deck: Deck, lang: str):
        super().__init__(project, game, lang, geometry(deck), deck.style)
        self.deck = deck
        self._reads: dict[str, frozenset | None] = {}  # template -> what it reads of the card
        self._same: dict[tuple[str, str], RenderedFace] = {}  # (template, the card's values it reads) -> face
        self._first: dict[str, tuple[dict, RenderedFace]] = {}  # template -> its first card's context and face

    def _card_context(self, card: Card | None) -> dict[str, Any]:
        """What a template knows of ``card``: read-only views (deckgen.render.views)."""
        freeze = self.freezer.freeze
        texts = CardTexts(card.texts.get(self.lang, {}) if card else {}, self.game.card_texts, self.freezer)
        return {"card": freeze(card), "deck": freeze(self.deck), "name": texts.get("name", "") if card else "",
                "texts": texts}

    def _render_card(self, template_name: str, key: str, subject: str, card: Card) -> RenderedFace:
        """A face of ``card``; rendered once for all cards that agree on what the template reads of them
        (a back drawn from the card's family, say), if that rendering had no problems to report.  The
        template is looked into only when a second card uses it (a one-card edit renders one card)."""
        from deckgen.render.reads import card_reads

        context = self._card_context(card)
        if template_name not in self._first:
            rendered = self.render(template_name, key, subject, context)
            self._first[template_name] = (context, rendered)
            return rendered
        if template_name not in self._reads:
            self._reads[template_name] = card_reads(self.env, template_name)
            self._remember(template_name, *self._first[template_name])
        same = self._same_key(template_name, context)
        if same in self._same:
            face = self._same[same]
            return RenderedFace(key, face.svg, [], dict(face.strings))
        rendered = self.render(template_name, key, subject, context)
        self._remember(template_name, context, rendered)
        return rendered

    def _same_key(self, template_name: str, context: dict[str, Any]) -> tuple[str, str] | None:
        from deckgen.render.reads import read_values

        reads = self._reads[template_name]
        values = None if reads is None else read_values(self.env, reads, context)
        return None if values is None else (template_name, values)

    def _remember(self, template_name: str, context: dict[str, Any], rendered: RenderedFace) -> None:
        same = self._same_key(template_name, context)
        if same is not None and not rendered.problems:
            self._same.setdefault(same, rendered)

    def render_front(self, card: Card) -> RenderedFace:
        # a missing name is the translations check's (build and check run it), said once there
        return self._render_card(card.front or self.deck.front, card.id, f"card {card.id} [{self.lang}]", card)

    def render_back(self, card: Card | None = None) -> RenderedFace:
        """The back of ``card`` if it names its own back template (rendered with the card's data),
        else the deck's back (the same for every card, rendered without one)."""
        if card is not None and card.back:
            return self._render_card(card.back, f"back-{card.id}", f"back of {card.id} [{self.lang}]", card)
        return self.render(self.deck.back, "back", f"back of {self.deck.label} [{self.lang}]",
                           self._card_context(None))


def _drawn_problems(traced, subject: str, g, where, found: Inspection) -> list[Problem]:
    """deckgen/checks/drawn.py on a rendered card face (``found``: the SVG check's reading of it), located at
    the template lines that drew it."""
    from deckgen.render.wellformed import tag_line

    def locate(offset: int, is_tag: bool):
        return tag_line(traced, offset, where) if is_tag else where(*traced.origin(offset))

    return drawn_problems(traced, subject, (g.trim.x, g.trim.y, g.trim.w, g.trim.h), locate, found)


def _template_position(exc: BaseException, root: Path) -> tuple[str | None, int | None]:
    """The innermost template frame of a rendering error (jinja rewrites tracebacks)."""
    tb = exc.__traceback__
    found: tuple[str | None, int | None] = (None, None)
    while tb is not None:
        template = tb.tb_frame.f_globals.get("__jinja_template__")
        name = tb.tb_frame.f_code.co_filename
        if template is not None:
            found = (_rel(template.filename, root), template.get_corresponding_lineno(tb.tb_lineno))
        elif name.endswith(".j2") or name.endswith(".svg"):
            found = (_rel(name, root), tb.tb_lineno)
        tb = tb.tb_next
    return found
