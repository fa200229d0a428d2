"""The glossary of concepts: the terms a game's texts use, one word per concept, in each language.

A language file's ``glossary:`` (``data/GAME/lang/LANG.yaml``) lists its
entries; what the games of a project share lives once per language in the
optional ``glossary/LANG.yaml`` beside deckgen.yaml, under the same key::

    glossary:
      - use: "Idiot's Array"        # the word to write
        not: ["Idiot Array"]        # stems of words replaced by it (deckgen check: glossary)
        concept: idiots-array       # an id shared by every language and game
        defined: ladder             # the heading id of the booklet section that explains it
        avoid: ["judge"]            # stems of words players never see (software words, rejected words)
        note: "..."

Every key but ``use`` is optional; an entry without ``concept`` works as it
always did.  A game's own entry wins over a shared entry of the same concept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError, Problem
from deckgen.model import Game, Project
from deckgen.yamlpos import Located, load_yaml

#: The folder of the shared glossaries, beside deckgen.yaml.
SHARED_DIR = "glossary"


@dataclass(frozen=True)
class Term:
    """One glossary entry, with where it was written (``game`` None: the project's shared glossary)."""

    use: str
    concept: str | None
    defined: str | None
    avoid: tuple[str, ...]
    replaced: tuple[str, ...]
    at: Problem
    game: str | None = None


def _terms(doc: Located, entries: Any, game: str | None, prefix: tuple) -> list[Term]:
    out = []
    for i, entry in enumerate(entries if isinstance(entries, list) else []):
        if not isinstance(entry, dict) or not entry.get("use"):
            continue
        out.append(Term(str(entry["use"]), entry.get("concept"), entry.get("defined"),
                        tuple(map(str, entry.get("avoid") or ())), tuple(map(str, entry.get("not") or ())),
                        doc.problem(prefix + (i,), ""), game))
    return out


_SHARED: dict[tuple[str, str, float], tuple[list[Term], list[Problem]]] = {}


def shared_terms(project: Project, lang: str) -> tuple[list[Term], list[Problem]]:
    """The entries of ``glossary/LANG.yaml`` (none if the file does not exist), and its problems."""
    from deckgen.validate import schema, validate

    path = Path(project.root) / SHARED_DIR / f"{lang}.yaml"
    if not path.is_file():
        return [], []
    key = (str(path), lang, path.stat().st_mtime)
    if key not in _SHARED:
        display = f"{SHARED_DIR}/{lang}.yaml"
        try:
            doc = load_yaml(path, display)
        except DeckgenError as exc:
            _SHARED[key] = ([], list(exc.problems))
        else:
            problems = validate(doc, schema("glossary"))
            data = doc.data if isinstance(doc.data, dict) else {}
            _SHARED[key] = ([] if problems else _terms(doc, data.get("glossary"), None, ("glossary",)), problems)
    return _SHARED[key]


def game_terms(game: Game, lang: str) -> list[Term]:
    """The entries of the game's language file."""
    strings = game.strings.get(lang)
    if strings is None or strings.doc is None or not isinstance(strings.doc.data, dict):
        return []
    return _terms(strings.doc, strings.doc.data.get("glossary"), game.id, ("glossary",))


def terms_for(project: Project, game: Game, lang: str) -> list[Term]:
    """The game's entries, then the shared ones whose concept the game does not name itself."""
    own = game_terms(game, lang)
    concepts = {t.concept for t in own if t.concept}
    shared, _problems = shared_terms(project, lang)
    return own + [t for t in shared if not t.concept or t.concept not in concepts]


def term_patterns(term: Term) -> list[re.Pattern]:
    """The patterns of a term's words (``use`` may list several, parted by commas); a word written with a
    capital is a name and matched with its capital ("Double" is not "doubles")."""
    out = []
    for word in (w.strip() for w in term.use.split(",")):
        if word:
            flags = 0 if word[0].isupper() else re.IGNORECASE
            inflected = r"\w*\s+".join(re.escape(part) for part in word.split())  # "bomb out": "bombed out"
            out.append(re.compile(r"(?<![\w-])" + inflected + r"\w*", flags))
    return out
