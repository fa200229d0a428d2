"""The French words after a fresh native read (issue 30, /work/reviews3/fr.md): its fixes kept fixed.

Data tests read the bundled French files; strip tests build the words drawn
above an example (deckgen/rulebook/example_inputs.py) in French and English.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from deckgen.rulebook.build import Context, theme_for
from deckgen.rulebook.example_inputs import example_inputs
from deckgen.rulebook.source import read_source
from deckgen.rulebook.styles import register_fonts
from tests.conftest import ROOT
from tests.test_words_fr import _booklet, _player_text
from tests.test_words_fr import _lang as _read_lang
from tests.test_words_fr import _texts as _read_texts

_lang = lru_cache(maxsize=None)(_read_lang)
_texts = lru_cache(maxsize=None)(_read_texts)


def _plain(text: str) -> str:
    """Words with the typography's no-break spaces as plain spaces."""
    return re.sub("[\u00a0\u202f]", " ", text)


def _strip(project, game_id: str, lang: str, body: dict) -> list[str]:
    game = project.games[game_id]
    descriptor = project.descriptor(game)
    path = f"data/{game_id}/rules/{lang}.md"
    source = read_source(ROOT / path, path, lang)
    ctx = Context(project, game, descriptor, descriptor.data_for(game), source, draw=False,
                  theme=theme_for(game, source, register_fonts(project)))
    return [_plain(item.text) for item in example_inputs(ctx, body) if item.text]


SUDDEN_DEMISE = {"players": [{"name": "Ana", "hand": ["coins:10", "sabers:10"]},
                             {"name": "B", "hand": ["flasks:9", "staves:9"], "field": ["coins:3"]}],
                 "extra": {"Ana": ["coins:1"]}, "options": {"rules": "dice", "field": "hold-em"}}


def test_french_strip_names_the_player_before_the_cards_so_nothing_needs_elision(project):
    texts = _strip(project, "classic", "fr", SUDDEN_DEMISE)
    assert texts == ["champ « hold’em »", "Ana : cartes de mort subite après le +",
                     "B : cartes du champ neutre après le +"]
    assert not any(re.search(r"\bde [AEIOU]", t) for t in texts)


def test_a_token_with_a_value_reads_as_words_in_french_and_keeps_its_sign_in_english(project):
    body = {"tokens": [{"name": "prime-sabacc", "value": 5}], "players": []}
    assert _strip(project, "archeon", "fr", body) == ["Marqueur : Sabacc premier, valeur 5"]
    assert _strip(project, "archeon", "en", body) == ["Token: Prime Sabacc = 5"]


def test_a_die_roll_in_french_has_its_object(project):
    body = {"players": [{"name": "Ana", "hand": [{"card": "aktropaw", "dice": [3, 5], "choose": 3}, "lx-31"]}]}
    assert "Ana lance les dés" in _strip(project, "archeon", "fr", body)


def test_pazaak_decisions_say_what_the_english_says_no_play_after_a_bust_and_no_two_full_tables():
    decisions = _lang("pazaak")["decisions"]
    assert "jamais tous deux au-dessus de 20" in decisions["both-bust"]
    assert "jamais neuf cartes tous les deux" in decisions["nine-card-both"]
    assert "met fin à la manche" in decisions["turn-ends"]
    for key in ("both-bust", "nine-card-both", "turn-ends"):
        assert not re.search(r"serait|emporterait|un jour|tour suivant", decisions[key]), key


def test_pazaak_says_what_a_custom_side_deck_is_built_from():
    section = _booklet("pazaak").split("{#side-deck}", 1)[1].split("\n# ", 1)[0]
    assert "Toutes les cartes annexes" in section and "paquets tout" in section


def test_archeon_reference_settlement_lists_every_payment_of_the_reveal():
    step = _lang("archeon")["strings"]["ref.reveal.7"]
    for word in ("pénalités", "corellien", "annonces", "banque", "dettes", "cartes mises en jeu"):
        assert word in step, word


def test_archeon_card_words_state_the_reworded_planet_and_name_what_is_passed():
    lang = _lang("archeon")
    assert "reformulée" in lang["strings"]["planet.mon-calamari.rule"]
    assert "sa carte de cette famille" in lang["decisions"]["bakura-pass"]
    hand = [e for e in lang["glossary"] if e.get("concept") == "hand"]
    assert [e["use"] for e in hand] == ["main"]


@pytest.mark.parametrize("game, pattern", [
    ("archeon", r"ordre des places|ordre du tour"),   # one phrase for turn order: « dans l’ordre du jeu »
    ("archeon", r"= \d|mises de cartes|Ce qui la forme|a pioché deux fois"),
    ("classic", r"indivisible (reste|demeure)|carte d['’]aide"),
    ("gladbach", r"paquet (standard|complet)|jusqu['’]à \d+ joueurs"),
    ("pazaak", r"ont\s+été vérifiés|décide la plupart|à exactement deux|carte ±1T|trois manches gagne "),
])
def test_a_phrase_the_fresh_read_turned_down_is_gone(game, pattern):
    assert re.findall(pattern, _texts(game)) == []


@pytest.mark.parametrize("game", ["classic", "gladbach", "pazaak", "archeon"])
def test_no_double_space_before_french_punctuation(game):
    text = _texts(game) + _player_text(_booklet(game))
    assert re.findall(r"\S {2,}[:;!?]", text) == []
