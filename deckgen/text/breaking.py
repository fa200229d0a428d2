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
from typing import Any, Callable, Iterable, Mapping

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
    min_left: int = 2  # letters kept before a hyphenation break
    min_right: int = 3  # letters carried to the next line

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


#: What projects and games added: (source, language) -> key -> values (see :func:`add`); a source (the
#: project's deckgen.yaml, a game's lang file) loaded again replaces what it said before.
_ADDED: dict[tuple[str, str], dict[str, list]] = {}


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
    base = _bundled(code)
    lists = {key: [str(v) for v in base.get(key) or []] for key in LIST_KEYS}
    hyphen_only = base.get("compound_hyphen_only", True)
    for (_source, of), added in _ADDED.items():
        if of != code:
            continue
        for key in LIST_KEYS:
            lists[key] += added.get(key, [])
        hyphen_only = added.get("compound_hyphen_only", hyphen_only)
        base = {**base, **{k: added[k] for k in ("min_left", "min_right") if k in added}}
    return BreakingRules(lang=code, hyphenation=tuple(lists["hyphenation"]),
                         never_break=tuple(dict.fromkeys(lists["never_break"])),
                         compound_hyphen_only=bool(hyphen_only),
                         bind_to_next=frozenset(w.lower() for w in lists["bind_to_next"]),
                         bind_number_after=frozenset(w.lower() for w in lists["bind_number_after"]),
                         min_left=max(1, int(base.get("min_left", 2))),
                         min_right=max(1, int(base.get("min_right", 3))))


def add(lang: str, rules: Mapping[str, Any], source: str = "project") -> None:
    """Add rules (the keys of a LANG.yaml) from ``source`` to ``lang``'s bundled ones; what ``source``
    said before for ``lang`` is replaced."""
    table: dict[str, Any] = {key: [str(v) for v in rules.get(key) or []] for key in LIST_KEYS}
    if "compound_hyphen_only" in rules:
        table["compound_hyphen_only"] = bool(rules["compound_hyphen_only"])
    for key in ("min_left", "min_right"):
        if isinstance(rules.get(key), int) and not isinstance(rules.get(key), bool):
            table[key] = rules[key]
    _ADDED[(source, _lang(lang))] = table
    _changed()


def add_project(breaking: Mapping[str, Any] | None) -> None:
    """deckgen.yaml's ``breaking:`` (language -> rules); a project without it clears a former one's."""
    for key in [k for k in _ADDED if k[0] == "project"]:
        del _ADDED[key]
    for lang, rules in (breaking or {}).items():
        if isinstance(rules, Mapping):
            add(str(lang), rules)
    _changed()


def add_names(lang: str, names: Iterable[str], source: str) -> None:
    """Card names and glossary terms of a game (``source``): never hyphenated, short ones kept on one line."""
    wanted = [str(n).strip() for n in names
              if isinstance(n, str) and str(n).strip() and not any(c in n for c in ".,;:!?")]  # no sentences
    add(lang, {"never_break": wanted}, source)


#: what else caches results read from the rules (deckgen.text.hyphenate registers its word cache here)
_ON_CHANGE: list[Callable[[], None]] = []


def when_changed(clear: Callable[[], None]) -> None:
    """Call ``clear`` whenever the rules change (a project or a game adds its words)."""
    _ON_CHANGE.append(clear)


def _changed() -> None:
    rules_for.cache_clear()
    for clear in _ON_CHANGE:
        clear()


def dictionary_corrections(lang: str) -> tuple[str, ...]:
    """The words of ``lang`` written with their allowed breaks (bundled and project)."""
    return rules_for(lang).hyphenation


def game_names(lang: str, lang_file: Mapping[str, Any], source: str) -> None:
    """A lang file's card names (``cards.ID.name``) and glossary terms (``glossary: - use:``) as names
    that never break, for the game whose lang file it is (``source``)."""
    names: list[str] = []
    for entry in (lang_file.get("cards") or {}).values():
        if isinstance(entry, Mapping) and isinstance(entry.get("name"), str):
            names.append(entry["name"])
    for entry in lang_file.get("glossary") or []:
        if isinstance(entry, Mapping) and isinstance(entry.get("use"), str):
            names.append(entry["use"])
    add_names(lang, names, source)
