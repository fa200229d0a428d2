"""What the word tests read: a game's language file and booklet source in one language, any data YAML, and
every string under a parsed value — one reader for the rounds of native reads that pin their fixes."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=None)
def data_yaml(relative: str | Path) -> dict:
    """A YAML file of the checkout (a path relative to it, or absolute), parsed once per run."""
    return yaml.safe_load((ROOT / relative).read_text(encoding="utf-8"))


def lang(game: str, code: str) -> dict:
    """``data/GAME/lang/CODE.yaml``."""
    return data_yaml(f"data/{game}/lang/{code}.yaml")


def rules(game: str, code: str) -> str:
    """The booklet source ``data/GAME/rules/CODE.md``."""
    return (ROOT / "data" / game / "rules" / f"{code}.md").read_text(encoding="utf-8")


def flat(text: str) -> str:
    """``text`` with its line breaks and runs of spaces folded into single spaces (a wrapped source line)."""
    return re.sub(r"\s+", " ", text)


def flat_rules(game: str, code: str) -> str:
    """The booklet source of ``game`` in ``code``, its line breaks folded into spaces."""
    return flat(rules(game, code))


def strings(value) -> list[str]:
    """Every string under ``value`` (mappings and lists walked in order)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []
