"""Checks every game gets: translations complete, every face and document renders cleanly.

Rendering is the check: a card face or a document page is rendered in
every language exactly as the build does, so text that does not fit, a
glyph the font lacks, ink outside the safe zone or a missing string is
reported with the line it comes from.
"""

from __future__ import annotations

import re

from deckgen.errors import DeckgenError, Problem
from deckgen.registry import Check, CheckContext


def check_translations(ctx: CheckContext) -> list[Problem]:
    """Every deck has a name and every card every localized text field, in every language.

    A text marked optional in ``card_texts`` is demanded in every language
    only of the cards that have it in some language.
    """
    decks = [d for base in ctx.game.decks.values() for d in (base, *base.variants.values())]
    return translation_problems(ctx.game, decks, ctx.langs)


def translation_problems(game, decks, languages) -> list[Problem]:
    """The missing names and texts of ``decks`` in ``languages`` (a build checks what it builds)."""
    problems = []
    for lang in languages:
        strings = game.strings.get(lang)
        if strings is None:
            continue  # the loader already reported the missing file
        file = strings.source.file if strings.source else f"data/{game.id}/lang/{lang}.yaml"
        missing_runs: dict[tuple[str, str], list[str]] = {}  # (run, text) -> cards: reported once per run
        for deck in decks:
            if deck.id not in strings.decks:
                decks_file, line, column = strings.position("decks")
                problems.append(Problem(decks_file, line, column, f"decks.{deck.id}", "missing: the deck's name"))
            if not deck.localized:
                continue
            for card in deck.cards:
                for key in game.card_texts:
                    if card.text(lang, key).strip():
                        continue
                    if card.run is not None and key not in game.optional_texts:
                        missing_runs.setdefault((card.run, key), []).append(card.id)
                        continue
                    message = "missing: this text"
                    if key in game.optional_texts:
                        having = [other for other in game.strings if card.text(other, key).strip()]
                        if not having:
                            continue  # an optional text this card has in no language
                        message = f"missing: this text, which the card has in {', '.join(having)}"
                    # at the card's entry, or where it would be written (the cards: section)
                    known = card.id in ((strings.doc.data or {}).get("cards") or {}) if strings.doc else False
                    _file, line, column = strings.position("cards", card.id) if known else strings.position("cards")
                    problems.append(Problem(file, line, column, f"cards.{card.id}.{key}", message))
        for (run, key), ids in missing_runs.items():
            known = run in ((strings.doc.data or {}).get("runs") or {}) if strings.doc else False
            _file, line, column = strings.position("runs", run) if known else strings.position("cards")
            problems.append(Problem(file, line, column, f"runs.{run}.{key}",
                                    f"missing: the pattern of this text, for the {len(ids)} cards of the run "
                                    f"({ids[0]} …) that have no text of their own"))
    problems.extend(run_word_problems(game, decks, languages))
    return list(dict.fromkeys(problems))  # a variant shares its base deck's cards: each text said once


#: An axis named in a run's text pattern: ``{suit}``, ``{value:+d}`` (the syntax of deckgen/sources/runs.py).
_AXIS = re.compile(r"(?<!\\)\{([a-z_][a-z0-9_]*)(?::[^{}|]*)?\}")


def run_word_problems(game, decks, languages) -> list[Problem]:
    """A run's axis value that has its word in one language and not in another: ``{suit}`` would print the
    raw ``square`` on a German card. (A value no language gives a word for prints as written, on purpose.)

    One problem per language, run and axis, naming every value that lacks its word.
    """
    def run_entry(lang: str, run: str) -> dict:
        strings = game.strings.get(lang)
        data = (strings.doc.data or {}) if strings is not None and strings.doc is not None else {}
        return (data.get("runs") or {}).get(run) or {}

    translated: dict[str, dict[str, set[str]]] = {}  # run -> axis -> the values some language has a word for
    for lang in game.strings:
        for run, entry in (((game.strings[lang].doc.data or {}).get("runs") or {}) if game.strings[lang].doc
                           else {}).items():
            for axis, words in (entry or {}).items():
                if isinstance(words, dict):
                    translated.setdefault(run, {}).setdefault(axis, set()).update(str(v) for v in words)
    missing: dict[tuple[str, str, str], list[str]] = {}  # (lang, run, axis) -> values without a word
    for lang in languages:
        strings = game.strings.get(lang)
        if strings is None:
            continue
        own_texts = ((strings.doc.data or {}).get("cards") or {}) if strings.doc else {}
        for deck in decks:
            for card in deck.cards:
                if card.run is None or not translated.get(card.run):
                    continue
                entry = run_entry(lang, card.run)
                used = {axis for key, pattern in entry.items() if isinstance(pattern, str)
                        and key not in (own_texts.get(card.id) or {}) for axis in _AXIS.findall(pattern)}
                for axis in sorted(used & set(translated[card.run])):
                    value = card.fields.get(axis)
                    given_words = entry.get(axis)
                    words = given_words if isinstance(given_words, dict) else {}
                    if str(value) in translated[card.run][axis] and value not in words and str(value) not in words:
                        values = missing.setdefault((lang, card.run, axis), [])
                        if str(value) not in values:
                            values.append(str(value))
    problems = []
    for (lang, run, axis), values in missing.items():
        strings = game.strings[lang]
        entry = run_entry(lang, run)
        path = ("runs", run, axis) if axis in entry else ("runs", run) if entry else ("runs",)
        file, line, column = strings.position(*path)
        given = [other for other in game.strings if other != lang
                 and any(str(k) in values for k in (run_entry(other, run).get(axis) or {}))]
        problems.append(Problem(file, line, column, f"runs.{run}.{axis}",
                                f"missing: the word for {', '.join(repr(v) for v in values)} (given in "
                                f"{', '.join(given)}): without it the cards print the value as the card list "
                                f"writes it"))
    return problems


def check_card_counts(ctx: CheckContext) -> list[Problem]:
    """A deck that declares its size (``count:`` in game.yaml) has that many cards, copies included."""
    problems = []
    for base in ctx.game.decks.values():
        for deck in (base, *base.variants.values()):
            if deck.expected_count is None or deck.total_cards == deck.expected_count:
                continue
            file, line, column = deck.count_at or (None, None, None)  # set together with expected_count
            which = f"variant {deck.variant!r} of deck {deck.id!r}" if deck.variant else f"deck {deck.id!r}"
            difference = deck.total_cards - deck.expected_count
            problems.append(Problem(file, line, column, f"decks.{deck.id}.count",
                                    f"{which} has {deck.total_cards} cards, {abs(difference)} "
                                    f"{'more' if difference > 0 else 'fewer'} than the {deck.expected_count} "
                                    f"declared here (copies included: a card's count: in the card list)"))
    return problems


def check_faces(ctx: CheckContext) -> list[Problem]:
    """Render every face in every language; report overflow, missing glyphs, safe zone, missing strings."""
    from deckgen.render.decks import default_store, render_targets

    problems: list[Problem] = []
    try:
        for target in render_targets(ctx.project, [ctx.game.id], tuple(ctx.langs), store=default_store(ctx.project)):
            problems.extend(target.problems)
    except DeckgenError as exc:
        problems.extend(exc.problems)
    return problems


def check_documents(ctx: CheckContext, paper: str = "a4") -> list[Problem]:
    """Every document renders and can be placed in every language: its words exist and fit."""
    from deckgen.documents import build_documents

    if not ctx.game.documents:
        return []
    try:
        _files, problems = build_documents(ctx.project, ctx.game, ctx.langs, paper, ctx.data,
                                           draw=False)
    except DeckgenError as exc:
        return exc.problems
    return problems


def check_rulebook(ctx: CheckContext) -> list[Problem]:
    """Every language's rulebook: same structure, examples judged as claimed, words and glyphs present."""
    from deckgen.rulebook.build import check_rulebook as check

    try:
        return check(ctx.project, ctx.game, ctx.data, ctx.langs)
    except DeckgenError as exc:
        return exc.problems


from deckgen.checks.cutsafe import CUTSAFE  # noqa: E402
from deckgen.checks.colourwords import COLOUR_WORDS  # noqa: E402
from deckgen.checks.shoptrims import SHOP_TRIMS  # noqa: E402
from deckgen.checks.glossary import GLOSSARY  # noqa: E402
from deckgen.checks.player_text import PLAYER_TEXT  # noqa: E402
from deckgen.checks.stale_translations import STALE_TRANSLATIONS  # noqa: E402

GENERAL = (
    Check("translations", check_translations),
    STALE_TRANSLATIONS,
    Check("card count", check_card_counts),
    GLOSSARY,
    PLAYER_TEXT,
    CUTSAFE,
    Check("text fit and glyphs", check_faces),
    SHOP_TRIMS,
    COLOUR_WORDS,
    Check("documents", check_documents),
    Check("rulebook", check_rulebook),
)


