"""What a booklet is built from: each language's parsed source, and the Context (game, data, strings, the
card faces a page shows, the problems found) that the story reads."""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Mapping

from deckgen.errors import DeckgenError, Problem
from deckgen.model import Game, Project
from deckgen.rulebook.files import RULES_DIR, source_path
from deckgen.rulebook.pdf import FaceBox
from deckgen.rulebook.theme import Theme
from deckgen.rulebook.source import Block, Source, read_source
from deckgen.rulebook.text import to_paragraph_xml

def load_sources(project: Project, game: Game, languages) -> tuple[dict[str, Source], list[Problem]]:
    """Every language's parsed source, and the problems found (a language without a source is a warning:
    translators add languages one at a time)."""
    sources, problems = {}, []
    for lang in languages:
        path = source_path(game, lang)
        display = f"data/{game.id}/{RULES_DIR}/{lang}.md"
        if not path.is_file():
            problems.append(Problem(display, None, None, None, "no rulebook in this language yet: its booklet "
                                                               "is not built", warning=True))
            continue
        try:
            sources[lang] = read_source(path, display, lang)
        except DeckgenError as exc:
            problems.extend(exc.problems)
    return sources, problems


@dataclass
class Context:
    """Everything the story builder needs for one booklet in one language."""

    project: Project
    game: Game
    descriptor: Any
    data: Mapping[str, Any]
    source: Source
    draw: bool  # False: check only (no card faces rendered)
    problems: list[Problem] = field(default_factory=list)
    faces: list = field(default_factory=list)
    theme: Theme = field(default_factory=Theme)
    page_multiple: int = 4  # the page count is padded to a multiple of it (a shop preset's booklet may say)
    least_pages: int = 0  # and to at least this many (8 when the cover is printed apart)
    _renderers: dict = field(default_factory=dict)
    _fronts: dict = field(default_factory=dict)  # (deck, language, card) -> its rendered front, drawn once
    _prints: Any = None  # the faces' fingerprints (deckgen.render.decks.Fingerprints), made when first asked
    stale: frozenset[str] = frozenset()  # a draft's stale texts (white space normalised), marked in print

    @property
    def lang(self) -> str:
        return self.source.lang

    def at(self, block: Block | None = None, key: str | None = None) -> Problem:
        line = block.line if block else (self.source.meta_doc.line(("labels", key)) if key and
                                         self.source.meta_doc else 1)
        return Problem(self.source.file, line, None, None, "")

    @property
    def facts(self) -> Mapping[str, Any]:
        return self.data.get("facts", {})

    def xml(self, text: str, block: Block | None = None, values: Mapping[str, Any] | None = None,
            family: str = "body") -> str:
        from deckgen.render.templates import project_fonts

        from deckgen.rulebook.numbers import group_numbers, group_values

        merged = group_values({**self.facts, **(values or {})}, self.lang)
        return to_paragraph_xml(group_numbers(str(text), self.lang), self.lang, merged, project_fonts(self.project), self.at(block),
                                self.problems, family)

    def t(self, key: str, **values: Any) -> str:
        """A string of the game's language file (markup, placeholders filled), for tables from data."""
        from deckgen.strings import fill, located

        strings = self.game.strings.get(self.lang)
        if strings is None or key not in strings.strings:
            self.problems.append(Problem(f"data/{self.game.id}/lang/{self.lang}.yaml", None, None,
                                         f"strings.{key}", "missing: needed by the rulebook"))
            return key
        file, line, column = strings.position("strings", key)
        return fill(located(str(strings.strings[key]), file, line, column, f"strings.{key}"), values, (),
                    self.problems, lang=self.lang)

    def label(self, key: str, block: Block | None = None, **values: Any) -> str:
        labels = self.source.meta.get("labels") or {}
        if key not in labels:
            self.problems.append(Problem(self.source.file, 1, None, f"labels.{key}",
                                         f"missing: the label {key!r} in the header"))
            return key
        return self.xml(labels[key], block, values)

    def names(self, names: list[str], block: Block) -> str:
        if len(names) <= 1:
            return "".join(names)
        labels = self.source.meta.get("labels") or {}
        return f", ".join(names[:-1]) + f" {labels.get('and', '&')} " + names[-1]

    def face(self, token: str, width_mm: float, block: Block, options: Mapping[str, Any] | None = None):
        """A card picture for an engine token (None for check-only or an unknown card); ``options`` are
        the example's judge options, for games whose tokens depend on them (a deck option)."""
        card_face = getattr(self.descriptor, "card_face", None)
        found = None
        if card_face is not None:
            takes_options = len(inspect.signature(card_face).parameters) >= 3
            found = card_face(self.game, str(token), dict(options or {})) if takes_options else \
                card_face(self.game, str(token))
        if found is None:
            self.problems.append(Problem(self.source.file, block.line, None, None,
                                         f"no printed card for {token!r} in this game"))
            return None
        deck_id, card_id = found
        base, _, variant = deck_id.partition("/")
        deck = self.game.decks[base].variants[variant] if variant else self.game.decks[base]
        if not self.draw:
            return None
        front_key = (deck_id, self.lang, card_id)
        if front_key not in self._fronts:
            self._fronts[front_key] = self._front(deck_id, deck, card_id)
        size = deck.size
        radius = min(size.width, size.height) / 2 if size.round else 3.0  # a token is cut round
        return FaceBox(self._fronts[front_key], width_mm, width_mm * size.height / size.width, self.faces, size.bleed, radius)

    def _front(self, deck_id: str, deck, card_id: str):
        """The SVG of a card's front: as the build's cache knows it (drawn by the deck's build, rendered only if
        need be), else rendered now."""
        from deckgen.render.decks import Fingerprints
        from deckgen.render.templates import DeckRenderer
        from deckgen.rulebook.card_pictures import cached_front

        lang = self.lang if deck.localized else self.project.languages[0]
        card = next(c for c in deck.cards if c.id == card_id)

        def render() -> str:
            if (deck_id, self.lang) not in self._renderers:
                self._renderers[(deck_id, self.lang)] = DeckRenderer(self.project, self.game, deck, lang)
            return self._renderers[(deck_id, self.lang)].render_front(card).svg

        if self._prints is None:
            self._prints = Fingerprints(self.project)
        return cached_front(self._prints, self.game, deck, lang, card, render) or render()
