"""German polish pass (issue 30): pins the pattern fixes of the editorial sweep.

Data-only checks on the German booklet sources and lang files: a losing *player*
pays (not "eine verlierende Hand"), no "ein paar" beside the term „Paar“, one word
for the deck's plan, no doubled "gewinnt, gewinnt".
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("classic", "gladbach", "pazaak", "archeon")


def _text(rel: str) -> str:
    return (ROOT / rel).read_text(encoding="utf-8")


def _all_german() -> str:
    parts = []
    for game in GAMES:
        parts.append(_text(f"data/{game}/rules/de.md"))
        parts.append(_text(f"data/{game}/lang/de.yaml"))
    return "\n".join(parts)


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("phrase", [
    "verlierende Hand",          # a hand does not pay; whoever loses does
    "Verliert eine solche Hand, zahlt sie",
    "Sets gewinnt, gewinnt",     # doubled verb
    "lässt ihren Spieler",       # Vorsehung: unclear possessive
    "auf deren Ablagestapel",    # unclear relative reference
])
def test_pattern_is_gone_everywhere(phrase: str) -> None:
    assert phrase not in _flat(_all_german())


def test_archeon_no_casual_ein_paar_beside_the_term_pair() -> None:
    assert "ein paar Archivkarten" not in _flat(_text("data/archeon/rules/de.md"))


def test_archeon_one_word_for_the_deck_plan() -> None:
    booklet = _flat(_text("data/archeon/rules/de.md"))
    assert "Gerüst" not in booklet
    assert booklet.count("Bauplan") >= 2


def test_archeon_penalty_is_paid_by_the_loser() -> None:
    booklet = _flat(_text("data/archeon/rules/de.md"))
    assert "Wer mit irgendeinem Paar verliert, zahlt" in booklet
    assert "Wer mit einer solchen Hand verliert, zahlt ihre Differenz" in booklet
    sheet = _flat(_text("data/archeon/lang/de.yaml"))
    assert "Wer mit einem Paar verliert, zahlt **{pair|" in sheet


def test_archeon_support_pile_dice_read_as_throws() -> None:
    booklet = _flat(_text("data/archeon/rules/de.md"))
    assert "wenn ihr zweimal nacheinander gerade werft" in booklet
    assert "wenn zwei Würfe nacheinander gerade sind" not in booklet


def test_pazaak_match_win_wording() -> None:
    assert "Wer zuerst drei Sets holt, gewinnt die Partie" in _flat(_text("data/pazaak/lang/de.yaml"))


@functools.lru_cache(maxsize=1)
def _archeon_strings() -> dict:
    import yaml

    data = yaml.safe_load(_text("data/archeon/lang/de.yaml"))
    return {**data["strings"], **data["decisions"]}


def test_archeon_lang_pattern_fixes() -> None:
    s = _archeon_strings()
    assert "für ihren Spieler" not in s["fixed-values"]
    assert "Teilenden" not in s["split-remainder"]
    assert "mit jeder Runde" in s["ante-steps"] and "mit jeder Runde" in s["ref.ante"]
    assert "wie sie es angibt" not in s["ladder"]
    assert not s["planet.nar-shaddaa.rule"].startswith("Man ")


def test_archeon_comet_counts_cards_in_words() -> None:
    s = _archeon_strings()
    assert "obersten zwei Karten" in s["sign.comet.tier1"]
    assert "obersten drei Karten" in s["sign.comet.tier2"]
