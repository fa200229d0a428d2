"""The French words after the eighth fresh native read (issue 30, /work/reviews8/fr.md): its fixes kept fixed.

Data tests on the bundled French files (booklet sources, lang files, tournament words); they read
YAML and Markdown only, so they are fast.
"""

from __future__ import annotations

import yaml

from tests.conftest import ROOT


def _text(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


def _yaml(path: str) -> dict:
    return yaml.safe_load(_text(path))


def test_archeon_wayland_keeps_main_for_the_cards():
    # A1: « main » is the glossary word for the two cards, never the body part
    rule = _yaml("data/archeon/lang/fr.yaml")["strings"]["planet.wayland.rule"]
    assert "main" not in rule
    assert "poing fermé" in rule
    booklet = _text("data/archeon/rules/fr.md")
    assert "à l'abri de votre main" not in booklet
    assert "Tendez ensuite la main fermée" not in booklet
    assert "Tendez ensuite le poing fermé" in booklet


def test_gladbach_says_board_chips_not_pot():
    # G1: Gladbach's prize is « les jetons du plateau »; « pot » is classic's word
    rules = _text("data/gladbach/rules/fr.md")
    steps = "\n".join(_yaml("data/gladbach/tournament.yaml")["fr"]["steps"])
    for text in (rules, steps):
        assert "le pot" not in text
    assert "se partagent les jetons du plateau" in steps
    # G2: seating by standing brings near players together, not only tied ones
    assert "les joueurs proches au classement se rencontrent" in steps


def test_pazaak_match_ends_at_a_players_third_win():
    # P2: not « la troisième manche gagnée » (ambiguous: the third set won by anyone); P1: « le 19 »
    lang = _text("data/pazaak/lang/fr.yaml")
    assert "troisième manche gagnée" not in lang
    assert "la troisième victoire d'un joueur" in lang
    assert "Ana bat le 19 de Ben." in _text("data/pazaak/rules/fr.md")


def test_classic_zero_and_joker_decisions():
    # C1, C2
    decisions = _yaml("data/classic/lang/fr.yaml")["decisions"]
    assert decisions["zero-bombs-out"].startswith("Un total de 0 tout rond")
    assert "porte donc" not in decisions["adapted-wild"]
    assert "Avec un 5, un joker fait donc 11" in decisions["adapted-wild"]
