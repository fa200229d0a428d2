"""Whose problem is it: a card's, a deck's design, a document's, the rulebook's or the game's.

A problem that names a card (a field ``cards.ID…`` or a face ``card ID
[LANG]``) goes on that card; a layout box's (the cut-safe check) on the
decks whose templates draw the box; one that names a document or its
template on that document; one of a rule file on the rulebook; a deck's
back or template on the deck; the rest on the game.
"""

from __future__ import annotations

import re

from deckgen.errors import Problem
from deckgen.model import Project
from deckgen.preview.views import _DOCUMENT, DeckView, GameView, document_language  # noqa: F401 (re-exported)

_SUBJECT = re.compile(r"\b(card|back of) ([^\s\[\]]+) \[([\w-]+)\]")
_LANG_FILE = re.compile(r"(?:^|/)lang/([\w-]+)\.ya?ml$")
_RULES_FILE = re.compile(r"(?:^|/)rules/([\w-]+)\.md$")
_FIELD_CARD = re.compile(r"^cards\.([^.]+)")
_ON_TEMPLATES = re.compile(r"templates/[\w./-]+")


def problem_target(problem: Problem, card_ids: set[str], deck_labels: set[str]) -> tuple[str, str | None, str | None]:
    """What a problem is about: ("card", id, lang), ("deck", label, lang), ("document", id, lang),
    ("rulebook", None, lang) or ("game", None, lang)."""
    file = problem.file or ""
    lang_file = _LANG_FILE.search(file)
    lang = lang_file.group(1) if lang_file else None
    subject = _SUBJECT.search(problem.message)
    if subject:
        lang = subject.group(3)
    card = _FIELD_CARD.match(problem.field or "")
    if card and card.group(1) in card_ids:
        return "card", card.group(1), lang
    if subject:
        kind, name = subject.group(1), subject.group(2)
        if name in card_ids and not (kind == "back of" and name in deck_labels):
            return "card", name, lang
        if kind == "back of" and name in deck_labels:
            return "deck", name, lang
    document = _DOCUMENT.search(problem.message)
    if document:
        return "document", document.group(1), document.group(2)
    rules = _RULES_FILE.search(file)
    if rules:
        return "rulebook", None, rules.group(1)
    return "game", None, lang


def attach(view: GameView, problems: list[Problem], languages: tuple[str, ...], project: Project | None = None
            ) -> None:
    """Put each problem on the tiles of its card, its deck, document or rulebook, or on the game; a problem of
    a layout box (the cut-safe check) on the decks whose templates draw that box."""
    card_ids = {t.card for d in view.decks for t in d.tiles}
    labels = {d.label for d in view.decks} | {d.id for d in view.game.decks.values()}
    for deck in view.decks:
        deck.problems = []
        for tile in deck.tiles:
            tile.problems = []
    view.problems, view.rulebook_problems, view.document_problems = [], [], {}
    for problem in problems:
        kind, name, lang = problem_target(problem, card_ids, labels)
        shown = lang is None or lang in languages

        def fits(tile_lang: str, localized: bool) -> bool:
            return not shown or not localized or tile_lang == lang

        if kind == "card":
            for deck in view.decks:
                for tile in deck.tiles:
                    if tile.card == name and fits(tile.lang, tile.localized) and problem not in tile.problems:
                        tile.problems.append(problem)
        elif kind == "game" and project is not None and _decks_drawing(project, view, problem):
            for deck in _decks_drawing(project, view, problem):
                if problem not in deck.problems:
                    deck.problems.append(problem)
        elif kind == "game" and _documents_of(view, problem):
            for doc in _documents_of(view, problem):
                view.document_problems.setdefault(doc, []).append(problem)
        elif kind == "deck" or (kind == "game" and _templates_named(problem)):
            decks = [d for d in view.decks if (kind == "deck" and name in (d.label, d.deck.id))
                     or (kind == "game" and _templates_named(problem) & {f"templates/{view.id}/{t}" for t in d.templates})]
            decks = [d for d in decks if fits(d.lang, d.deck.localized)] or decks
            if not decks:
                view.problems.append(problem)
            for deck in decks:
                if problem not in deck.problems:
                    deck.problems.append(problem)
        elif kind == "document" and name is not None:  # (a document problem always names its document)
            view.document_problems.setdefault(name, []).append(problem)
        elif kind == "rulebook":
            if problem not in view.rulebook_problems:
                view.rulebook_problems.append(problem)
        else:
            view.problems.append(problem)


_BOX_FIELD = re.compile(r"(?:^|\.)(?:boxes|roles)\.([^.]+)")


def _decks_drawing(project: Project, view: GameView, problem: Problem) -> list[DeckView]:
    """The decks whose templates draw the layout box a problem's field names (none if it names no box)."""
    from deckgen.checks.cutsafe import template_boxes

    box = _BOX_FIELD.search(problem.field or "")
    if box is None:
        return []
    return [d for d in view.decks
            if any(box.group(1) in template_boxes(project, view.id, t) for t in sorted(d.templates) if t)]


def _documents_of(view: GameView, problem: Problem) -> list[str]:
    """Ids of the documents whose templates a problem names."""
    named = _templates_named(problem)
    return [spec.id for spec in view.game.documents.values() if f"templates/{view.id}/{spec.template}" in named]


def _templates_named(problem: Problem) -> set[str]:
    names = set(_ON_TEMPLATES.findall(problem.message))
    if (problem.file or "").startswith("templates/"):
        names.add(problem.file)
    return names
