"""The fifth Russian read (issue 30): the phrasings it fixed stay fixed in the bundled Russian words."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

DATA = Path(__file__).resolve().parent.parent / "data"


def _rules(game: str) -> str:
    return (DATA / game / "rules" / "ru.md").read_text(encoding="utf-8")


def _lang(game: str) -> dict:
    return yaml.safe_load((DATA / game / "lang" / "ru.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", ["classic", "pazaak"])
def test_the_decisions_intro_says_how_the_examples_are_checked(game):
    text = " ".join(_rules(game).split())
    assert "проверены так же, как" not in text
    assert "проверены по этим же правилам" in text


def test_wayland_keeps_the_body_part_apart_from_the_game_term_hand():
    rule = _lang("archeon")["strings"]["planet.wayland.rule"]
    booklet = " ".join(_rules("archeon").split())
    for text in (rule, booklet):
        assert "прикрывая" in text and "ладонью" in text
        assert "сжатой ладони" not in text and "сжатую руку" not in text
    assert "сжатого кулака" in rule and "сжатый кулак к запасу и разожмите его: в нём" in booklet


def test_the_entourage_count_is_written_in_words_like_the_quick_start():
    text = _rules("archeon")
    assert "их {entourage_hand}," not in text
    assert text.count("{entourage_hand:words:f") >= 3


def test_the_rarity_procedure_counts_even_throws_not_falling_throws():
    text = " ".join(_rules("archeon").split())
    assert "выпало два броска" not in text and "выпало дважды подряд" in text


def test_gladbach_names_its_deck_the_same_way_in_the_booklet_and_the_decisions():
    text = " ".join(_rules("gladbach").split())
    assert "полной колодой" not in text
    assert "стандартной колод" in text and "стандартной колод" in _lang("gladbach")["decisions"]["empty-draw-pile"]
