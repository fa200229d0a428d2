"""The French words after the sixth fresh native read (issue 30, /work/reviews6/fr.md): its fixes kept fixed.

Data tests on the bundled French files (booklet sources, lang files and the Gladbach tournament words);
they read YAML and Markdown only, so they are fast.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from tests.conftest import ROOT
from tests.test_words_fr import _texts as _read_texts
from tests.words import data_yaml as _yaml

_texts = lru_cache(maxsize=None)(_read_texts)


def test_gladbach_zero_beats_every_other_total_not_every_hand():
    # G1, G2: a 0 in three cards loses to a 0 in two (criterion 3), so a 0 beats other totals only
    lang = _yaml("data/gladbach/lang/fr.yaml")
    for text in (lang["strings"]["ref.r1"], lang["decisions"]["value"]):
        assert "bat tout autre total" in text
        assert not re.search(r"bat toute autre main|bat tout\.", text)


def test_gladbach_tournament_says_the_points_and_the_seats():
    # G3: the hand after tied winners scores 2 points; G4: « places » stays the final rank, seats are drawn
    steps = "\n".join(_yaml("data/gladbach/tournament.yaml")["fr"]["steps"])
    assert "la main suivante marque alors 2 points" in steps
    assert "est alors la deuxième" not in steps
    assert "Les places de la première ronde" not in steps
    assert "sièges sont tirés au sort" in steps


@pytest.mark.parametrize("game, pattern", [
    ("pazaak", r"Laissez chacun devant vous"),                                    # P1
    ("archeon", r"le tout multiplié par le multiplicateur\.|n.a de valeur, toutes deux comptent"),  # A1, A2
])
def test_a_phrase_the_sixth_read_turned_down_is_gone(game, pattern):
    assert re.findall(pattern, _texts(game)) == []


def test_archeon_quick_start_says_what_the_spike_does_to_penalties():
    # A1: the learner is told that an accepted spike doubles the penalties, the multiplier of the round made plain
    text = (ROOT / "data/archeon/rules/fr.md").read_text(encoding="utf-8")
    quick = text.split("# Les nouveautés")[0]
    assert "le tout doublé à chaque surenchère acceptée." in quick
