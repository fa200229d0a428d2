"""The sixth Russian read (issue 30): the phrasings it fixed stay fixed in the bundled Russian words."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"


def _rules(game: str) -> str:
    return " ".join((DATA / game / "rules" / "ru.md").read_text(encoding="utf-8").split())


def _yaml(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _lang(game: str) -> dict:
    return _yaml(DATA / game / "lang" / "ru.yaml")


def test_classic_remainder_goes_into_the_sabacc_pot_rather_than_staying_there():
    decisions = _lang("classic")["decisions"]
    for text in (_rules("classic"), decisions["settlement"], decisions["empty-deck"]):
        assert "остаётся в банке сабакка" not in text
        assert "переходит в банк сабакка" in text


def test_classic_two_pure_sabaccs_are_named_not_two_such_hands():
    text = _lang("classic")["decisions"]["negative-pure-sabacc"]
    assert "двух таких рук" not in text and "два Чистых сабакка, +23 бьёт −23" in text


def test_gladbach_zero_beats_every_other_total_not_every_hand():
    lang = _lang("gladbach")
    assert lang["strings"]["ref.r1"] == "Сумма 0 бьёт любую другую сумму."
    assert "бьёт всё" not in lang["decisions"]["value"]
    assert "сумма 0 бьёт любую другую сумму" in lang["decisions"]["value"]


def test_gladbach_tournament_uses_the_booklets_words_for_a_shared_win():
    step = " ".join(_yaml(DATA / "gladbach" / "tournament.yaml")["ru"]["steps"])
    assert "делят банк" not in step and "как при вскрытии" not in step
    assert "делят фишки с поля" in step and "как в конце партии" in step


def test_pazaak_match_record_says_whose_third_set_and_that_no_winner_is_yet():
    text = _lang("pazaak")["decisions"]["match-record"]
    assert "кто-то из игроков выиграл третий сет" in text and "победителя у неё пока нет" in text


def test_archeon_prime_sabacc_row_names_dxuns_mirror():
    assert "на Дксуне — и Зеркало" in _lang("archeon")["strings"]["ref.step.prime-sabacc"]


def test_kit_shop_line_counts_copies_of_each_deck():
    shop = _yaml(ROOT / "deckgen" / "kit" / "words.yaml")["ru"]["shop"]
    assert "число каждой колоды" not in shop and "сколько экземпляров каждой колоды" in shop
