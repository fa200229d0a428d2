"""The French words after the fourth fresh native read (issue 30, /work/reviews4/fr.md): its fixes kept fixed.

Data tests read the bundled French files (booklet sources, lang files, the Gladbach tournament words, the
kit and errata words); one test names a table's decks in the kit plan the way an organiser reads them.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from deckgen.kit.report import deck_name
from tests.test_words_fr import _texts as _read_texts
from tests.words import data_yaml as _yaml

_texts = lru_cache(maxsize=None)(_read_texts)


def _tournament_fr() -> str:
    fr = _yaml("data/gladbach/tournament.yaml")["fr"]
    return "\n".join([fr["decision"], *fr["steps"]])


@pytest.mark.parametrize("game, pattern", [
    ("classic", r"idéalement quatre"),                                   # C1: figures, not words
    ("gladbach", r"paquet de \{deck_size\}|et\s+enfin le plus de"),      # G1, G2
    ("pazaak", r"ni plus ni moins :|jouée\s+ensuite"),                   # P1, P2
    ("archeon", r"sur\s+le\s+champ|fois le multiplicateur|suppléments|que \{cutoff\}|\(avec son marqueur\)"),
])
def test_a_phrase_the_fourth_read_turned_down_is_gone(game, pattern):
    assert re.findall(pattern, _texts(game)) == []


def test_archeon_quick_start_names_dxun_for_prime_sabacc_and_spells_sur_le_champ():
    text = _texts("archeon")
    assert "ou un Miroir sur Dxun" in text
    assert re.search(r"3 jetons\s+sur-le-champ", text)


def test_gladbach_tournament_words_read_as_french():
    text = _tournament_fr()
    for calque in ("règles de tournoi", "selon le classement et", "comme le font les règles", "points mène",
                   "d’une carte des règles"):
        assert calque not in text, calque
    assert "Les règles du tournoi" in text and "est en tête" in text


def test_kit_and_errata_french_words_have_a_clear_subject():
    kit = _yaml("deckgen/kit/words.yaml")["fr"]
    assert kit["made"].startswith("{tables} tables (jeux : {games})")
    assert kit["unknown-pages"].startswith("Le nombre de pages de ce passage")
    picture = _yaml("deckgen/diffing/errata_words.yaml")["fr"]["picture"]
    assert picture == "l’illustration (comparez l’ancienne et la nouvelle)"


def test_kit_names_a_tables_decks_in_the_organisers_language_not_by_id(project):
    gladbach = project.games["gladbach"]
    names = [deck_name(gladbach, deck, "fr") for deck in gladbach.decks.values()]
    assert names == ["Paquet de tournoi", "Carte de classement"]
    assert deck_name(gladbach, gladbach.decks["gladbach"], "xx") == "gladbach"  # no words: the id
    classic = project.games["classic"]
    variant = next(v for base in classic.decks.values() for v in base.variants.values())
    assert deck_name(classic, variant, "fr").startswith("Paquet classique")
