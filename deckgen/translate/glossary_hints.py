"""The glossary terms a source text contains, with the word the target language uses for each concept.

Read from the ``glossary:`` lists of the two language files (and the
project's shared ``glossary/LANG.yaml``): an entry's ``concept`` links the
source word to the target word.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml


def _entries(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError:
        return []
    entries = data.get("glossary") if isinstance(data, dict) else None
    return [e for e in entries or [] if isinstance(e, dict) and e.get("use")]


def term_pairs(root: Path, game: str, source: str, lang: str) -> list[tuple[str, str]]:
    """(source word, target word) for every concept both languages name, longest source word first."""
    def concepts(lang_: str) -> dict[str, str]:
        found: dict[str, str] = {}
        for path in (root / "glossary" / f"{lang_}.yaml", root / "data" / game / "lang" / f"{lang_}.yaml"):
            for entry in _entries(path):
                if entry.get("concept"):
                    found[str(entry["concept"])] = str(entry["use"])
        return found

    src, tgt = concepts(source), concepts(lang)
    pairs = [(src[c], tgt.get(c, "")) for c in src]
    return sorted(pairs, key=lambda p: -len(p[0]))


def terms_in(text: str, pairs: list[tuple[str, str]]) -> list[str]:
    """``source = target`` for each glossary word found in ``text`` (whole words, any case)."""
    found = []
    text = text.replace("\u2019", "'")
    for word, target in pairs:
        pattern = re.escape(word.replace("\u2019", "'"))
        if re.search(r"(?<!\w)" + pattern + r"(?!\w)", text, re.IGNORECASE | re.UNICODE):
            found.append(f"{word} = {target}" if target else f"{word} (no {word!r} in this language's glossary)")
    return found
