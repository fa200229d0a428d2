"""The checks of player text: what players read holds no code, no software words and no clashing terms.

Player text is every booklet paragraph, list, note, heading and caption
outside an ``organisers`` block, the words of its header it prints (title,
labels, categories), and every text of a language file (names,
card texts, strings of documents, rule decisions).  The checks:

1. **code**: no command line, file name, code span or data syntax;
2. **software words**: none of the glossary's ``avoid`` stems (deckgen.terms);
3. **one word per concept**: within a game a concept has one word and a word
   one concept; across the games of a language a concept has one word;
4. **defined before use**: a term whose entry names the section that defines
   it (``defined:``) is used before that section only where it is set in
   bold (where it is explained in passing) — otherwise a warning.

Under ``format: 2`` the first two are warnings, from ``format: 3`` errors.
"""

from __future__ import annotations

import functools
import re
from typing import Iterable, Iterator

from deckgen.checks.glossary import SOFT_HYPHEN, texts_of
from deckgen.errors import Problem
from deckgen.model import Game, Project
from deckgen.registry import Check, CheckContext
from deckgen.rulebook.source import Block, Source, booklet_texts
from deckgen.terms import Term, game_terms, shared_terms, term_patterns, terms_for

#: What code looks like in a text (placeholders removed first), by the name a message gives it.
CODE = (
    ("a code span", re.compile(r"`[^`\n]+`")),
    ("a command line", re.compile(r"(?<![\w-])--[a-z][a-z-]+(?:\s+\w+)?")),
    ("a file name", re.compile(r"(?<![\w.-])[\w-]+\.(?:ya?ml|md|py|json|svg|pdf|csv|txt|toml)\b")),
    ("data syntax", re.compile(r"\b[a-z_][a-z0-9_]*\s?:\s*\[[^\]]*\]?|\b[a-z]+_[a-z0-9_]+\b")),
)
#: deckgen's commands and those its games add (``deckgen deck``); tests/test_player_text.py keeps it up to date.
COMMANDS = ("build", "calibrate", "check", "clean", "decisions", "deck", "diff", "export", "judge", "kit", "list", "new",
            "preview", "rules", "schema", "serve", "showcase", "simulate", "translate", "trust")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)


def _strict(project: Project) -> bool:
    """Rules 1 and 2 are errors from format 3 on."""
    return (project.format or 1) >= 3


@functools.cache
def _command() -> re.Pattern:
    """``deckgen VERB ...``: the program's name followed by one of its commands."""
    verbs = "|".join(sorted(map(re.escape, COMMANDS), key=len, reverse=True))
    return re.compile(rf"\bdeckgen\s+(?:{verbs})\b(?:\s+[\w./-]+)*")


def _stem(stem: str) -> re.Pattern:
    """A stem's pattern: it starts a word and any ending follows ("judge" finds "judges"); a stem written with a
    trailing space is a whole word ("the log " finds "the log." but not "the logic")."""
    ending = r"\b" if stem.endswith(" ") else r"\w*"
    return re.compile(r"(?<![\w-])" + re.escape(stem.strip()) + ending, re.IGNORECASE)


# ------------------------------------------------------------------ the texts

def header_texts(source: Source) -> Iterator[tuple[Problem, str]]:
    """(location, text) of the words of a booklet's header that it prints: title, subtitle, labels, categories."""
    meta, doc = source.meta or {}, source.meta_doc
    for key in ("title", "subtitle"):
        if isinstance(meta.get(key), str):
            yield Problem(source.file, doc.line((key,)) if doc else 1, None, key), meta[key]
    for group in ("labels", "categories"):
        values = meta.get(group)
        for key, value in (values.items() if isinstance(values, dict) else ()):
            yield Problem(source.file, doc.line((group, key)) if doc else 1, None, f"{group}.{key}"), str(value)


def language_texts(game: Game, lang: str) -> Iterator[tuple[Problem, str]]:
    """(location, text) of every text of the game's language file."""
    strings = game.strings.get(lang)
    if strings is None or strings.doc is None:
        return
    for path, text in texts_of(strings):
        yield strings.doc.problem(path, ""), text


# ------------------------------------------------------------------ rules 1 and 2

def code_problems(at: Problem, text: str, warning: bool, in_booklet: bool) -> list[Problem]:
    """Code in one player text."""
    plain = _PLACEHOLDER.sub(" ", text.replace(SOFT_HYPHEN, ""))
    where = ("move it into an ```organisers block, or say it in the players' words" if in_booklet
             else "say it in the players' words (commands and file names belong in a booklet's organisers' block)")
    found = []
    command = _command().search(plain)
    if command:
        found.append(Problem(at.file, at.line, at.column, at.field,
                             f"a command line in player text, {command.group(0).rstrip('.,;:')!r}: {where}", warning))
        return found
    for what, pattern in CODE:
        for match in pattern.finditer(plain):
            found.append(Problem(at.file, at.line, at.column, at.field,
                                 f"{what} in player text, {match.group(0).strip()!r}: {where}", warning))
            break
    return found


def avoid_problems(at: Problem, text: str, terms: Iterable[Term], warning: bool) -> list[Problem]:
    """Words of the software (the glossary's ``avoid`` stems) in one player text."""
    plain = text.replace(SOFT_HYPHEN, "")
    found = []
    for term in terms:
        for stem in term.avoid:
            match = _stem(stem).search(plain)
            if match:
                found.append(Problem(at.file, at.line, at.column, at.field,
                                     f"{match.group(0)!r} is a word players never see (the glossary entry "
                                     f"{term.use!r} at {term.at.location} avoids it): say it in the table's "
                                     f"words", warning))
                break  # one report per entry and text: "rules engine" is not also "engine"
    return found


# ------------------------------------------------------------------ rule 3

def concept_problems(project: Project, game: Game, lang: str) -> list[Problem]:
    """One word per concept and one concept per word within the game; one word per concept across games."""
    found: list[Problem] = []
    terms = [t for t in terms_for(project, game, lang) if t.concept]
    by_concept: dict[str, Term] = {}
    by_word: dict[str, Term] = {}
    for term in terms:
        first = by_concept.setdefault(term.concept or "", term)
        if first is not term and not _same(first.use, term.use):
            found.append(_at(term, f"concept {term.concept!r} is written {term.use!r} here and {first.use!r} at "
                                   f"{first.at.location}: one word per concept"))
        other = by_word.setdefault(_norm(term.use), term)
        if other is not term and other.concept != term.concept:
            found.append(_at(term, f"the word {term.use!r} names two concepts, {term.concept!r} here and "
                                   f"{other.concept!r} at {other.at.location}: one concept per word"))
    for other_id, other_game in project.games.items():
        if other_id == game.id:
            continue
        theirs = {t.concept: t for t in game_terms(other_game, lang) if t.concept}
        for term in terms:
            match = theirs.get(term.concept) if term.concept else None
            if term.game == game.id and match is not None and not _same(match.use, term.use):
                found.append(_at(term, f"concept {term.concept!r} is {term.use!r} in this game but {match.use!r} "
                                       f"in {other_id} ({match.at.location}): a concept has one word across the "
                                       f"games of a language"))
    return found


def _norm(word: str) -> str:
    """A word as the concept checks compare it: case and the apostrophe's shape do not count."""
    return word.replace("\u2019", "'").casefold()


def _same(a: str, b: str) -> bool:
    return _norm(a) == _norm(b)


def _at(term: Term, message: str, warning: bool = False) -> Problem:
    return Problem(term.at.file, term.at.line, term.at.column, term.at.field, message, warning)


# ------------------------------------------------------------------ rule 4

def _first_use(block: Block, patterns: list[re.Pattern]) -> tuple[str, re.Match] | None:
    """The block's text and the first match of any pattern in it (texts in order, earliest match)."""
    for text in (block.text, *block.items):
        plain = text.replace(SOFT_HYPHEN, "")
        matches = [m for p in patterns for m in [p.search(plain)] if m]
        if matches:
            return plain, min(matches, key=lambda m: m.start())
    return None


def _in_bold(text: str, start: int) -> bool:
    return any(m.start() <= start < m.end() for m in _BOLD.finditer(text))


def _outside_quick_start(blocks: list[Block]) -> list[Block]:
    """The blocks but those of the quick start, which previews the rules before the chapters explain them."""
    from deckgen.rulebook.quick_start import quick_start_span

    start, end = quick_start_span(blocks) or (0, 0)
    return blocks[:start] + blocks[end:]


def defined_problems(source: Source, terms: Iterable[Term]) -> list[Problem]:
    """Terms used before the section that defines them (where not set in bold), as warnings."""
    found = []
    ids = {b.id: b for b in source.blocks if b.kind == "heading"}
    for term in terms:
        if not term.defined:
            continue
        section = ids.get(term.defined)
        if section is None:
            found.append(_at(term, f"defined: {source.file} has no section {{#{term.defined}}}", warning=True))
            continue
        patterns = term_patterns(term)
        for block in _outside_quick_start(source.blocks):
            if block is section:
                break
            if block.kind == "directive":
                continue
            first = _first_use(block, patterns)
            if first is None:
                continue
            text, match = first
            if not _in_bold(text, match.start()):
                found.append(Problem(source.file, block.line, None, None,
                                     f"{match.group(0)!r} is used before section {{#{term.defined}}} (line "
                                     f"{section.line}) explains it: set it in bold where it is first explained, "
                                     f"or move it after", warning=True))
            break  # the first use decides: in bold it introduces the term, and later uses are fine
    return found


# ------------------------------------------------------------------ the check

def player_text_problems(project: Project, game: Game, langs: Iterable[str]) -> list[Problem]:
    """Every rule for every language of ``langs``: the game's language files and booklets."""
    from deckgen.rulebook.context import load_sources
    from deckgen.rulebook.files import has_rulebook

    warning = not _strict(project)
    found: list[Problem] = []
    for lang in langs:
        sources = load_sources(project, game, [lang])[0] if has_rulebook(game) else {}
        source = sources.get(lang)
        terms = terms_for(project, game, lang)
        found += shared_terms(project, lang)[1]
        for at, text in language_texts(game, lang):
            found += code_problems(at, text, warning, in_booklet=False)
            found += avoid_problems(at, text, terms, warning)
        if source is not None:
            located = [(Problem(source.file, block.line), text) for block, text in booklet_texts(source)]
            for at, text in located + list(header_texts(source)):
                found += code_problems(at, text, warning, in_booklet=True)
                found += avoid_problems(at, text, terms, warning)
            found += defined_problems(source, terms)
        found += concept_problems(project, game, lang)
    return found


def check_player_text(ctx: CheckContext) -> list[Problem]:
    """Booklets, card texts and documents hold only words for players, with one word per concept."""
    return player_text_problems(ctx.project, ctx.game, ctx.langs)


PLAYER_TEXT = Check("player text", check_player_text)
