"""The German words keep the fixes of the fresh native-level read of issue 30 (reviews3/de.md).

Each test reads data files only (no build): Archeon's Delta ability and audit markers do not
reuse the words for the ability tier ("Rang") and the challenge action ("Prüfen"); discarding
is "ablegen" and standing is "stehen" in every game; the booklets' example labels and the
print instructions are German words; the hand procedure for a support deck says when it ends.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.words import data_yaml as _yaml, strings as _strings

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("archeon", "classic", "gladbach", "pazaak")


def _player_text(game: str) -> str:
    """The German booklet source and the lang strings of ``game``, without the glossary (it names rejected words)."""
    lang = {k: v for k, v in _yaml(ROOT / "data" / game / "lang" / "de.yaml").items() if k != "glossary"}
    booklet = (ROOT / "data" / game / "rules" / "de.md").read_text(encoding="utf-8")
    return booklet + "\n" + "\n".join(_strings(lang))


def _archeon() -> dict:
    return _yaml(ROOT / "data" / "archeon" / "lang" / "de.yaml")["strings"]


def test_no_archeon_ability_or_token_name_reuses_the_tier_or_the_challenge_word():
    strings = _archeon()
    names = {k: v for k, v in strings.items() if k.endswith(".ability") or re.fullmatch(r"token\.[\w-]+", k)}
    assert "Wertverschiebung" == strings["sign.delta.ability"]
    clashing = {k: v for k, v in names.items() if "Rang" in v or "Prüf" in v}
    assert not clashing, f"an ability or token name reuses 'Rang' (tier) or 'Prüfen' (challenge): {clashing}"


@pytest.mark.parametrize("game", GAMES)
def test_discard_is_ablegen_and_stand_is_stehen(game):
    text = _player_text(game)
    assert not re.search(r"\bwirf(st|t)?\b[^.;:]*\bab\b", text, re.I), "discarding is 'ablegen', never 'abwerfen'"
    assert not re.search(r"\bpasse\b|\bPassen\b", text), "standing is 'stehen (bleiben)', never 'passen'"


def test_example_labels_name_the_player_without_a_genitive_s():
    labels = _yaml(ROOT / "deckgen" / "rulebook" / "example_inputs.yaml")["de"]
    for key in ("extra", "field"):
        assert "{name}s" not in labels[key], f"'{labels[key]}' prints 'As …' for player A"
        assert "von {name}" in labels[key]


def test_print_instructions_use_real_german_words():
    words = " ".join(_strings(_yaml(ROOT / "deckgen" / "layout" / "instructions.yaml")["de"]))
    assert "Rückseitenseite" not in words and "Vorderseitenseite" not in words
    assert "Seite mit Rückseiten" in words


def test_support_deck_by_hand_says_when_it_is_complete():
    booklet = (ROOT / "data" / "archeon" / "rules" / "de.md").read_text(encoding="utf-8")
    procedure = booklet[booklet.index("Von Hand stellt ihr"):booklet.index("```organisers")]
    assert re.search(r"Sobald ihr \{support_deck\} Karten behalten habt", procedure)


def test_bakura_passes_the_card_of_the_named_family():
    strings = _yaml(ROOT / "data" / "archeon" / "lang" / "de.yaml")
    texts = [strings["strings"]["planet.bakura.rule"], strings["decisions"]["bakura-pass"]]
    for text in texts:
        assert "diese Karte" not in text and "Karte dieser Familie" in text
