"""Compare a language with the project's first language: what is translated, stale, missing, identical.

Language-file strings are paired by key.  Booklet texts are paired by
order within their section where both languages have the same number of
texts there; a section whose counts differ is one unit (``rules/SECTION/*``)
that is compared as a whole.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from deckgen.translate.baseline import read_baseline, text_hash
from deckgen.translate.units import Unit, read_units

STATES = ("translated", "stale", "missing", "identical")
_WORD = re.compile(r"\w+", re.UNICODE)
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@dataclass(frozen=True)
class Pair:
    """A source unit (or a whole section's units) and its translation (None: missing)."""

    key: str
    source: tuple[Unit, ...]
    target: tuple[Unit, ...]
    state: str

    @property
    def source_text(self) -> str:
        return "\n\n".join(u.text for u in self.source)

    @property
    def target_text(self) -> str:
        return "\n\n".join(u.text for u in self.target)

    @property
    def whole_section(self) -> bool:
        return self.key.endswith("/*")

    def words(self) -> int:
        """Words to translate in the source text (placeholders and markup left out)."""
        return len(_WORD.findall(_PLACEHOLDER.sub(" ", self.source_text)))


@dataclass
class LanguageStatus:
    """Every pair of one game in one language, and whether a baseline exists."""

    game: str
    lang: str
    source_lang: str
    pairs: list[Pair] = field(default_factory=list)
    baseline: bool = False

    def counts(self) -> dict[str, int]:
        found = Counter(p.state for p in self.pairs)
        result = {state: found.get(state, 0) for state in STATES}
        result["words"] = sum(p.words() for p in self.pairs if p.state in ("missing", "stale"))
        return result


def _by_section(units: list[Unit]) -> dict[str, list[Unit]]:
    sections: dict[str, list[Unit]] = {}
    for unit in units:
        if unit.section:
            sections.setdefault(unit.section, []).append(unit)
    return sections


def pairs_of(source: list[Unit], target: list[Unit]) -> list[tuple[str, tuple[Unit, ...], tuple[Unit, ...]]]:
    """(key, source units, target units) in the source's order; sections whose counts differ as one."""
    target_by_key = {u.key: u for u in target}
    source_sections, target_sections = _by_section(source), _by_section(target)
    whole = {s for s, units in source_sections.items()
             if target_sections.get(s) and len(target_sections[s]) != len(units)}
    result: list[tuple[str, tuple[Unit, ...], tuple[Unit, ...]]] = []
    done: set[str] = set()
    for unit in source:
        if unit.section in whole:
            if unit.section not in done:
                done.add(unit.section)
                result.append((f"rules/{unit.section}/*", tuple(source_sections[unit.section]),
                               tuple(target_sections[unit.section])))
            continue
        found = target_by_key.get(unit.key)
        result.append((unit.key, (unit,), (found,) if found is not None else ()))
    return result


def _has_words(text: str) -> bool:
    return bool(re.search(r"[^\W\d_]", _PLACEHOLDER.sub("", text)))


def language_status(root: Path, game: str, source_lang: str, lang: str) -> LanguageStatus:
    """The status of ``game`` in ``lang`` against ``source_lang``, read from the project's files."""
    root = Path(root)
    baseline = read_baseline(root, game, lang)
    status = LanguageStatus(game, lang, source_lang, baseline=baseline is not None)
    for key, src, tgt in pairs_of(read_units(root, game, source_lang), read_units(root, game, lang)):
        source_text = "\n\n".join(u.text for u in src)
        target_text = "\n\n".join(u.text for u in tgt)
        if not tgt or not target_text.strip():
            state = "missing"
        elif baseline is not None and key in baseline and baseline[key] != text_hash(source_text):
            state = "stale"
        elif target_text == source_text and _has_words(source_text) and lang != source_lang:
            state = "identical"
        else:
            state = "translated"
        status.pairs.append(Pair(key, src, tgt, state))
    return status


def current_hashes(status: LanguageStatus, keys: set[str] | None = None) -> dict[str, str]:
    """Hashes of the source texts of the pairs that have a translation (those in ``keys`` only, if given)."""
    return {p.key: text_hash(p.source_text) for p in status.pairs
            if p.target and (keys is None or p.key in keys)}
