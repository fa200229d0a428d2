"""The French words after the fifth fresh native read (issue 30, /work/reviews5/fr.md): its fixes kept fixed.

Data tests on the bundled French files (booklet sources, lang files, the Gladbach tournament words and
the kit words); they read YAML and Markdown only, so they are fast.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from tests.test_words_fr import _texts as _read_texts
from tests.words import data_yaml as _yaml

_texts = lru_cache(maxsize=None)(_read_texts)


@pytest.mark.parametrize("game", ["classic", "gladbach", "pazaak", "archeon"])
def test_no_booklet_says_a_program_checked_its_examples(game):
    # C1, G3, P1, A4: a software word in player text; the examples are judged by the rules themselves
    assert re.findall(r"\bprogramme", _texts(game)) == []


@pytest.mark.parametrize("game, pattern", [
    ("gladbach", r"celle qui a le plus de cartes bleues, puis le plus de vertes"),  # G2 (ranking card)
    ("pazaak", r"neuf places|carte Plus, Moins"),                                     # P2, P3
    ("archeon", r"Presque chaque|sa paire de 1 bat|l’une de ces six :"),              # A1, A2, A3
])
def test_a_phrase_the_fifth_read_turned_down_is_gone(game, pattern):
    assert re.findall(pattern, _texts(game)) == []


def test_gladbach_standings_are_not_called_like_the_hand_ranking():
    # G1: « classement » was the standings, the hand ranking and the Carte de classement at once
    fr = _yaml("data/gladbach/tournament.yaml")["fr"]
    steps = "\n".join(fr["steps"])
    assert "feuille de classement" not in steps
    assert "classement général" in steps and "feuille de résultats" in steps
    assert "classement" not in fr["sheet"]["title"]
    glossary = {e["use"]: e for e in _yaml("data/gladbach/lang/fr.yaml")["glossary"]}
    assert "feuille de classement" in glossary["feuille de résultats"]["not"]


def test_archeon_reference_sheet_names_dxun_for_prime_sabacc():
    # A5: the quick start and the ladder say Dxun raises a Mirror to step 5; the reference sheet now too
    strings = _yaml("data/archeon/lang/fr.yaml")["strings"]
    assert "Dxun" in strings["ref.step.prime-sabacc"]


def test_kit_shop_line_counts_copies():
    # K1: the manifest gives how many copies of each deck, not a number of decks
    assert "nombre d’exemplaires de chaque paquet" in _yaml("deckgen/kit/words.yaml")["fr"]["shop"]
