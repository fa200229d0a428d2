"""Printed documents other than decks: boards, reference sheets, score pads.

A game lists its documents in ``game.yaml``::

    documents:
      board: {kind: gladbach-board, options: {...}}

A *kind* is a builder registered here with :func:`document`; it receives a
:class:`DocumentContext` and returns ``[(file name, PDF bytes), ...]``
(one or more files per language).  Builders draw with reportlab using the
project's embedded fonts (:meth:`DocumentContext.font`) and take every
word from the game's language files (``strings``) — never from code.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from deckgen.errors import DeckgenError
from deckgen.layout.pdfcanvas import register_font
from deckgen.model import DocumentSpec, Game, Project
from deckgen.text.typography import NBSP, typeset


@dataclass(frozen=True)
class DocumentContext:
    """Everything a document builder may read."""

    project: Project
    game: Game
    spec: DocumentSpec
    lang: str
    paper: str
    dpi: int
    duplex: str

    @property
    def options(self) -> Mapping[str, Any]:
        return self.spec.options

    def font(self, role: str) -> str:
        """Register the project's font for ``role`` with reportlab; return its name."""
        fonts = self.project.fonts
        file = fonts.get(role) or fonts.get(role.split("-")[0]) or next(iter(fonts.values()))
        return register_font(f"Deckgen-{file.rsplit('.', 1)[0]}", self.project.fonts_dir / file)

    def s(self, key: str) -> str:
        """A text from ``data/GAME/lang/LANG.yaml`` strings, with the language's typography applied
        (quotes, French spaces, no-break joins); a missing key is an input error."""
        strings = self.game.strings.get(self.lang)
        if strings is None or key not in strings.strings:
            raise DeckgenError(f"data/{self.game.id}/lang/{self.lang}.yaml: strings: missing {key!r} "
                               f"(needed by document {self.spec.id!r})")
        return typeset(strings.strings[key], self.lang, narrow_space=NBSP)


Builder = Callable[[DocumentContext], list[tuple[str, bytes]]]
_BUILDERS: dict[str, Builder] = {}


def document(kind: str) -> Callable[[Builder], Builder]:
    """Decorator: register a document builder under ``kind``."""
    def wrap(fn: Builder) -> Builder:
        _BUILDERS[kind] = fn
        return fn
    return wrap


def builder(kind: str) -> Builder:
    """The builder for ``kind`` (imports every module of this package once)."""
    if kind not in _BUILDERS:
        for info in pkgutil.iter_modules(__path__):
            importlib.import_module(f"{__name__}.{info.name}")
    try:
        return _BUILDERS[kind]
    except KeyError:
        raise DeckgenError(f"unknown document kind {kind!r} (known: {', '.join(sorted(_BUILDERS))})") from None
