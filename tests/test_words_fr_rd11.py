"""The French words keep the fixes of the eleventh fresh native-level read (issue 30, reviews11/fr.md).

Data files only, no build: Archeon's Reshuffle marker shuffles a discard pile back *with* its deck
(not the calque « mélangez … dans son paquet »); the reserve paragraph lists only chips (the chips
paid for pawned cards, not the cards); the round winner is « le vainqueur » throughout the booklet,
the table-talk paragraph included.
"""

from __future__ import annotations

import re

from tests.words import flat, lang, rules


def test_archeon_reshuffle_marker_shuffles_a_pile_back_with_its_deck():
    effect = lang("archeon", "fr")["strings"]["token.reshuffle.effect"]
    assert "dans son paquet" not in effect
    assert effect == "Remélangez une défausse avec son paquet, sauf sa carte du dessus."


def test_archeon_reserve_paragraph_lists_only_chips():
    booklet = flat(rules("archeon", "fr"))
    assert "y puisent, cartes engagées" not in booklet
    assert "jetons que les capacités et les planètes y puisent, jetons payés pour les cartes engagées." in booklet


def test_archeon_round_winner_is_always_le_vainqueur():
    booklet = flat(rules("archeon", "fr"))
    assert not re.search(r"\bgagnants?\b", booklet)
    assert "avant que le vainqueur ne ramasse le reste" in booklet
