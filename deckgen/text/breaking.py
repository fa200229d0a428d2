"""Breaking rules as data, per language: where a line may break and where it never does.

The bundled rules live in ``deckgen/text/breaking/LANG.yaml``; a project adds to them with
``breaking: {LANG: {...}}`` in deckgen.yaml, and the loader adds each game's card names and
glossary terms as names that never break.  The same rules serve cards (:mod:`deckgen.text.layout`)
and booklets (:mod:`deckgen.rulebook.text`):

* ``hyphenation``: dictionary corrections, every allowed break marked ("Va-ri-an-te");
* ``never_break``: words never hyphenated; a name of a few words (up to :data:`GLUE_CHARS`
  characters) also never parts at its spaces when it stands inside a longer text;
* ``compound_hyphen_only``: a compound written with a hyphen breaks only after that hyphen;
* ``bind_to_next``: short words that never end a line;
* ``bind_number_after``: words that stay with the number after them ("Stufe 5").
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

BUNDLED = Path(__file__).with_name("breaking")
#: A name of several words at most this long is kept on one line inside running text.
GLUE_CHARS = 24
LIST_KEYS = ("hyphenation", "never_break", "bind_to_next", "bind_number_after")


@dataclass(frozen=True)
class BreakingRules:
    """The breaking rules of one language (bundled, project and game names together)."""

    lang: str
    hyphenation: tuple[str, ...] = ()
    never_break: tuple[str, ...] = ()
    compound_hyphen_only: bool = True
    bind_to_next: frozenset[str] = frozenset()
    bind_number_after: frozenset[str] = frozenset()

    @functools.cached_property
    def never_words(self) -> frozenset[str]:
        """Every single word of a never-break name, lower case (none of them is hyphenated)."""
        words = set()
        for name in self.never_break:
            for word in re.split(r"[\s\u00a0\-]+", name):
                core = word.strip(".,;:!?()«»„“”\"'")
                if core:
                    words.add(core.lower())
        return frozenset(words)

    @functools.cached_property
    def glued_names(self) -> re.Pattern[str] | None:
        """A pattern of the names of several words kept on one line (longest first), or None."""
        names = sorted({n for n in self.never_break if " " in n.strip() and len(n) <= GLUE_CHARS},
                       key=len, reverse=True)
        if not names:
            return None
        return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n.strip()) for n in names) + r")(?!\w)")


def _lang(lang: str) -> str:
    return lang.replace("_", "-").split("-")[0].lower()


#: What projects and games added, per language: key -> values (see :func:`add`).
_ADDED: dict[str, dict[str, list]] = {}


@functools.lru_cache(maxsize=None)
def _bundled(lang: str) -> Mapping[str, Any]:
    path = BUNDLED / f"{lang}.yaml"
    if not path.is_file():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return data if isinstance(data, dict) else {}


@functools.lru_cache(maxsize=None)
def rules_for(lang: str) -> BreakingRules:
    """The breaking rules of ``lang`` (de, de-AT, de_DE all read de)."""
    code = _lang(lang)
    base, added = _bundled(code), _ADDED.get(code, {})
    lists = {key: [str(v) for v in base.get(key) or []] + [str(v) for v in added.get(key, [])]
             for key in LIST_KEYS}
    hyphen_only = added.get("compound_hyphen_only", [base.get("compound_hyphen_only", True)])[-1]
    return BreakingRules(lang=code, hyphenation=tuple(lists["hyphenation"]),
                         never_break=tuple(dict.fromkeys(lists["never_break"])),
                         compound_hyphen_only=bool(hyphen_only),
                         bind_to_next=frozenset(w.lower() for w in lists["bind_to_next"]),
                         bind_number_after=frozenset(w.lower() for w in lists["bind_number_after"]))


def add(lang: str, rules: Mapping[str, Any]) -> None:
    """Add a project's rules (the keys of a LANG.yaml) to ``lang``'s; lists are extended."""
    code = _lang(lang)
    table = _ADDED.setdefault(code, {})
    for key in LIST_KEYS:
        values = rules.get(key)
        if values:
            table.setdefault(key, []).extend(str(v) for v in values)
    if "compound_hyphen_only" in rules:
        table.setdefault("compound_hyphen_only", []).append(bool(rules["compound_hyphen_only"]))
    _changed()


def add_names(lang: str, names: Iterable[str]) -> None:
    """Card names and glossary terms of a game: never hyphenated, short ones kept on one line."""
    wanted = [str(n).strip() for n in names if isinstance(n, str) and str(n).strip()]
    if wanted:
        add(lang, {"never_break": wanted})


def _changed() -> None:
    from deckgen.text import hyphenate

    rules_for.cache_clear()
    hyphenate.hyphenation_points.cache_clear()


def dictionary_corrections(lang: str) -> tuple[str, ...]:
    """The words of ``lang`` written with their allowed breaks (bundled and project)."""
    return rules_for(lang).hyphenation
