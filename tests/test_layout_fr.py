"""The French review's layout items (issue 29, reviews/2026-12-words-fr.md) that the breaking rules and
the bundled French data hold: no lone last word in a booklet paragraph, no hyphenated game terms in the
Archeon abilities table, no three hyphenated line ends in a row in Pazaak's §5.1."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from deckgen.errors import Problem
from deckgen.rulebook.text import to_paragraph_xml
from deckgen.text import FontSet, breaking
from deckgen.text.hyphenate import hyphenation_points

ROOT = Path(__file__).resolve().parents[1]
NBSP = "\u00a0"


pytestmark = pytest.mark.usefixtures("breaking_rules_restored")  # tests/conftest.py


@pytest.fixture(scope="module")
def fonts():
    return FontSet.bundled(ROOT / "fonts")


@pytest.mark.parametrize("text, last", [
    # Pazaak decision nine-card-both: « d’habitude. » stood alone on the last line (11 characters, 9 letters)
    ("Si les deux joueurs avaient un jour neuf cartes et 20 ou moins, le total le plus élevé "
     "l'emporterait, comme d'habitude.", "comme" + NBSP + "d’habitude."),
    ("Il n'y a pas d'Étalage de l'Idiot, puisque le paquet n'a pas d'Idiot.", "pas" + NBSP + "d’Idiot."),
    ("Le total le plus proche de 0 gagne la manche et la partie, comme toujours.", "comme" + NBSP + "toujours."),
])
def test_a_short_last_word_is_counted_by_its_letters_not_its_punctuation(fonts, text, last):
    xml = to_paragraph_xml(text, "fr", {}, fonts, Problem("rules/fr.md", 1), [])
    assert xml.endswith(last)


def test_a_long_last_word_still_breaks_freely(fonts):
    xml = to_paragraph_xml("Les joueurs encore en jeu se partagent alors la banque équitablement.", "fr", {},
                           fonts, Problem("rules/fr.md", 1), [])
    assert xml.endswith("banque équitablement.")


def test_game_terms_in_narrow_table_cells_never_hyphenate():
    """A-L1 « mar-/queurs » (Archeon abilities table), C-L2 « carte nu-/mérotée » (classic locations)."""
    project = yaml.safe_load((ROOT / "deckgen.yaml").read_text(encoding="utf-8"))
    breaking.add_project(project.get("breaking"))
    assert hyphenation_points("marqueurs", "fr") == ()
    assert hyphenation_points("numérotée", "fr") == ()
    assert hyphenation_points("République", "fr") == ()


def _paragraph(markdown: str, heading: str) -> str:
    body = markdown.split(heading, 1)[1].split("\n\n", 2)[1]
    return " ".join(body.split())


def test_pazaak_bust_paragraph_has_no_compound_hyphens_to_stack_up():
    """P-L3: « au-/ ra-/ au- »: the two « au-dessus » made three hyphenated line ends in a row."""
    text = _paragraph((ROOT / "data/pazaak/rules/fr.md").read_text(encoding="utf-8"), "{#bust}")
    assert text.startswith("Seul compte le total")
    assert "au-dessus" not in text


def test_french_card_texts_do_not_split_a_compound_pronoun_at_their_end():
    """P-L1: « Vaut elle-/même 0. » on the Bascule cards."""
    lang = yaml.safe_load((ROOT / "data/pazaak/lang/fr.yaml").read_text(encoding="utf-8"))
    texts = [card["text"] for card in lang["cards"].values() if isinstance(card, dict) and "text" in card]
    assert texts
    assert not [t for t in texts if re.search(r"\b\w+-même \d", t)]


def test_an_example_s_location_chip_has_the_french_space_before_its_colon(project):
    """The chip over a classic example read « Lieu: Empire » (generated text outside the typography)."""
    from deckgen.rulebook.build import Context, theme_for
    from deckgen.rulebook.example_inputs import example_inputs
    from deckgen.rulebook.source import read_source
    from deckgen.rulebook.styles import register_fonts

    game = project.games["classic"]
    descriptor = project.descriptor(game)
    chips = {}
    for lang in ("fr", "en"):
        path = f"data/classic/rules/{lang}.md"
        source = read_source(ROOT / path, path, lang)
        ctx = Context(project, game, descriptor, descriptor.data_for(game), source, draw=False,
                      theme=theme_for(game, source, register_fonts(project)))
        items = example_inputs(ctx, {"location": "imperial", "players": []})
        chips[lang] = [item.text for item in items if item.kind == "chip"]
    assert chips["fr"] == ["Lieu" + NBSP + ": Empire"]
    assert chips["en"] == ["Location: Imperial"]
