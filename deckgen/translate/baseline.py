"""The baseline: which source-language text each translation was made from, kept beside the translation.

``data/GAME/lang/LANG.baseline.yaml`` maps each unit key to a short hash of
the source text it was translated from (white space normalised, so that
reflowing a paragraph changes nothing).  When the source text changes, its
hash no longer matches and the translation is *stale*.  Only
``deckgen translate mark`` and ``deckgen translate import`` (for what it
updated) write it; ``deckgen new`` writes one in which everything is current.
A project without one has no record: its staleness is *unknown*.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import yaml

from deckgen.errors import DeckgenError, Problem
from deckgen.translate.units import normalized

_HEADER = ("# deckgen translate: the {source} text each {lang} translation was made from, as hashes.\n"
           "# Written by `deckgen translate mark` and `deckgen translate import`; do not edit by hand.\n")


def text_hash(text: str) -> str:
    """A short, stable fingerprint of a source text (white space runs count as one space)."""
    return hashlib.sha256(normalized(text).encode("utf-8")).hexdigest()[:12]


def baseline_path(root: Path, game: str, lang: str) -> Path:
    return Path(root) / "data" / game / "lang" / f"{lang}.baseline.yaml"


def read_baseline(root: Path, game: str, lang: str) -> dict[str, str] | None:
    """The recorded hashes by unit key, or None when the language has no baseline yet."""
    path = baseline_path(root, game, lang)
    if not path.is_file():
        return None
    rel = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        line = getattr(getattr(exc, "problem_mark", None), "line", None)
        raise DeckgenError(Problem(rel, None if line is None else line + 1, None, None,
                                   "not readable YAML: delete it and run `deckgen translate mark` "
                                   "to record the current texts again")) from None
    texts = data.get("texts") if isinstance(data, dict) else None
    if not isinstance(texts, dict):
        raise DeckgenError(Problem(rel, 1, None, "texts", "missing: delete the file and run "
                                                          "`deckgen translate mark` to write it again"))
    return {str(k): str(v) for k, v in texts.items()}


def write_baseline(root: Path, game: str, lang: str, source: str, hashes: dict[str, str]) -> Path:
    """Write the baseline (keys sorted, so that it diffs well); returns its path."""
    path = baseline_path(root, game, lang)
    body = yaml.safe_dump({"source": source, "texts": dict(sorted(hashes.items()))}, allow_unicode=True,
                          sort_keys=False, width=200)
    text = _HEADER.format(source=source, lang=lang) + body
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    return path
