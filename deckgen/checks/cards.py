"""General checks: translations complete, text fits, every glyph exists, documents build."""

from __future__ import annotations

from deckgen.build import BuildOptions, render_documents, render_targets
from deckgen.errors import DeckgenError
from deckgen.checks import check
from deckgen.model import Game, Project


@check("translations")
def translations(project: Project, game: Game) -> list[str]:
    """Every card has every localized text field, in every language."""
    problems = []
    for lang in project.languages:
        if lang not in game.strings:
            continue  # the loader already reported the missing file
        file = f"data/{game.id}/lang/{lang}.yaml"
        for deck in game.decks.values():
            if deck.id not in game.strings[lang].decks:
                problems.append(f"{file}: decks: no name for deck {deck.id!r}")
            if not deck.localized:
                continue
            for card in deck.cards:
                for key in game.card_texts:
                    if not card.text(lang, key).strip():
                        problems.append(f"{file}: cards.{card.id}.{key}: missing {lang} text")
    return problems


@check("text fit and glyphs")
def text_fit(project: Project, game: Game) -> list[str]:
    """Render every face in every language; report text overflow, missing glyphs, safe zone."""
    problems = []
    for target in render_targets(project, [game.id]):
        problems.extend(target.problems)
    return problems


@check("documents")
def documents(project: Project, game: Game) -> list[str]:
    """Every document (board, reference sheet) builds in every language: its words exist and fit."""
    if not game.documents:
        return []
    try:
        render_documents(project, [game.id], BuildOptions())
    except DeckgenError as exc:
        return [str(p) for p in exc.problems]
    return []
