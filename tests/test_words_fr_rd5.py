"""The French words after the seventh fresh native read (issue 30, /work/reviews7/fr.md): its fixes kept fixed.

Data tests on the bundled French files (booklet sources, lang files, tournament and errata words);
they read YAML and Markdown only, so they are fast.
"""

from __future__ import annotations

import yaml

from tests.conftest import ROOT


def _text(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


def _yaml(path: str) -> dict:
    return yaml.safe_load(_text(path))


def test_gladbach_zero_is_the_best_total_not_unbeatable():
    # G1, G2: a blue 0 alone beats a 0 in two cards, so no caption or intro may call a 0 unbeatable
    rules = _text("data/gladbach/rules/fr.md")
    assert "impossible de faire mieux" not in rules
    assert "Rien ne vaut un total de 0" not in rules
    assert "caption: Son total de 0 est le meilleur qui soit." in rules


def test_gladbach_tournament_steps_count_rondes():
    # G3, G4: even tables said plainly; points and the sheet are per tournament round
    steps = _yaml("data/gladbach/tournament.yaml")["fr"]["steps"]
    joined = "\n".join(steps)
    assert "aussi également" not in joined
    assert "de façon aussi équilibrée que possible" in joined
    points = next(step for step in steps if step.startswith("Points"))
    sheet = next(step for step in steps if step.startswith("La feuille de résultats"))
    for step in (points, sheet):
        assert "chaque ronde" in step and "chaque partie" not in step


def test_classic_player_count_and_quick_start_credits():
    # C1, C2
    lang = _yaml("data/classic/lang/fr.yaml")
    assert "un abattage avec moins" not in lang["decisions"]["player-count"]
    assert "n'est pas du sabacc" in lang["decisions"]["player-count"]
    rules = _text("data/classic/rules/fr.md")
    assert "vingt crédits par joueur pour commencer" not in rules
    assert "vingt par joueur, c’est un bon début" in rules


def test_pazaak_double_tiebreaker_sentence_and_errata_apostrophe():
    # P1: « à totaux égaux » no longer hangs on « Départage »; S1: typographic apostrophe
    rules = " ".join(_text("data/pazaak/rules/fr.md").split())
    assert "par un Départage à totaux égaux" not in rules
    assert "si, à totaux égaux, les deux tables se terminent chacune par un Départage" in rules
    errata = _yaml("deckgen/diffing/errata_words.yaml")["fr"]
    assert errata["none"] == "Rien n’a changé dans cette langue."
