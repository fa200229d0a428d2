"""The German words keep the fixes of the fifth fresh native-level read (issue 30, reviews5/de.md).

Data files only, no build: Gladbach keeps "punktgleich" for tournament points and says tied hands'
players "liegen gleichauf"; its decisions chapter names the rules program without a dangling
"dasselbe"; classic's quick start has no comma before "und wer", and a discard limit "begins at 0"
rather than containing one; Pazaak's decisions intro is passive, its void-set label does not repeat
"Set", and Vollgas says it barely protects from a bust; Archeon's tied hands never share the bank
themselves (their players do); the print plan's unknown-pages line names what has the pages.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.words import data_yaml as _yaml, rules

ROOT = Path(__file__).resolve().parent.parent


def _booklet(game: str) -> str:
    return rules(game, "de")


def test_gladbach_keeps_punktgleich_for_tournament_points_only():
    lang = _yaml("data/gladbach/lang/de.yaml")
    hand_text = _booklet("gladbach") + lang["decisions"]["full-tie"]
    assert not re.search(r"[Pp]unktgleich", hand_text)
    assert "gleichauf liegenden Spieler" in _booklet("gladbach")


def test_gladbach_decisions_intro_has_no_dangling_dasselbe():
    assert "dasselbe Regelprogramm" not in _booklet("gladbach")
    assert "mit unserem\nRegelprogramm nachgerechnet" in _booklet("gladbach")


def test_classic_quick_start_comma_and_discard_limit_wording():
    booklet = _booklet("classic")
    assert "Wer geplatzt ist und wer das Aufdecken" in booklet
    assert "0 in der Grenze" not in booklet
    decision = _yaml("data/classic/lang/de.yaml")["decisions"]["draw-and-discard"]
    assert "eine 0 darin" not in decision and "beginnt sie bei 0" in decision


def test_pazaak_intro_void_label_and_vollgas():
    booklet = _booklet("pazaak")
    assert "–\nbeurteilt dasselbe" not in booklet
    assert "werden von demselben Regelprogramm beurteilt" in booklet
    void = re.search(r'^  void: "(.*)"$', booklet, re.M)
    assert void and "Set" not in void.group(1)
    charge = _yaml("data/pazaak/lang/de.yaml")["strings"]["deck.charge.description"]
    assert "wenn du überziehst" not in charge and "vor dem Überziehen" in charge


def test_archeon_tied_players_share_the_bank():
    lang = _yaml("data/archeon/lang/de.yaml")
    for text in (lang["decisions"]["ties"], lang["strings"]["ref.ties"]):
        assert not re.search(r"Hände, die in all(em|dem) gleich sind, teilen", text), text
        assert "teilen sich ihre Spieler die Bank" in text


def test_kit_unknown_pages_names_the_print_run():
    line = _yaml("deckgen/kit/words.yaml")["de"]["unknown-pages"]
    assert not line.startswith("Seine ") and "dieses Druckgangs" in line


def test_classic_tied_players_liegen_gleichauf_like_the_other_games():
    lang = _yaml("data/classic/lang/de.yaml")
    text = _booklet("classic") + "\n".join(str(v) for v in lang["decisions"].values()) + lang["strings"]["adapted.rank.tie"]
    assert not re.search(r"[Pp]unktgleich", text)
    tie = next(entry for entry in lang["glossary"] if entry["use"] == "Gleichstand")
    assert "punktgleich" in tie["not"] and "Punktgleich" in tie["not"]
