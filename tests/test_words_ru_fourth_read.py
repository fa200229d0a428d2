"""The fixes of the fourth fresh Russian read (issue 30, /work/reviews4/ru.md) stay fixed.

The tests read the bundled word files and fill one quick-start paragraph with
:func:`deckgen.strings.fill`; none of them builds anything. They check:
- no Russian player text says a «программа» checked or played its examples (only the
  organisers' block may name the program);
- the quick starts say what the chapters say (one score card for two in Pazaak; Archeon's
  counts in words, its action names capitalised, the Idiot's Array enabled by no planet yet);
- the Gladbach tournament steps, the fold instruction and the kit's table line read as Russian.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from deckgen.strings import fill

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("classic", "gladbach", "pazaak", "archeon")


def _rules(game: str) -> str:
    return (ROOT / "data" / game / "rules" / "ru.md").read_text(encoding="utf-8")


def _quick_start(game: str) -> str:
    """The Russian quick start of ``game``: its source from {#quick-start} to the next chapter."""
    text = _rules(game)
    start = text.index("{#quick-start}")
    return text[start:text.index("\n# ", start)]


def _yaml(*parts: str) -> dict:
    return yaml.safe_load(ROOT.joinpath(*parts).read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_no_program_in_the_player_text(game):
    player_text = re.sub(r"```organisers.*?```", "", _rules(game), flags=re.S)
    decisions = " ".join(_yaml("data", game, "lang", "ru.yaml").get("decisions", {}).values())
    assert "программ" not in player_text.lower()
    assert "программ" not in decisions.lower()


def test_pazaak_quick_start_has_one_score_card_for_two():
    quick = _quick_start("pazaak")
    assert "на двоих — одна карта счёта" in quick
    assert "тот выигрывает\nпартию" in quick and "тот выиграл" not in quick


def test_archeon_quick_start_writes_its_counts_in_words():
    quick = _quick_start("archeon")
    paragraph = quick[quick.index("Перед партией"):quick.index("1. **Планета")]
    filled = " ".join(fill(paragraph, {"entourage_hand": 5, "tokens_per_player": 3}, lang="ru").split())
    assert "пять карт — свою **свиту**, — а из общего набора три жетона" in filled
    circles = quick[quick.index("3. **Круги"):quick.index("4. **Вскрытие")]
    assert "три круга" in " ".join(fill(circles, {"circles": 3}, lang="ru").split())


def test_archeon_quick_start_names_actions_and_steps_as_the_chapters_do():
    quick = " ".join(_quick_start("archeon").split())
    for action in ("Тяга", "Пас", "Спайк", "Проверка", "Подкид", "Выход"):
        assert f"**{action}**" in quick, action
    assert "где его включает планета; пока не включает ни одна" in quick
    assert "Проигравшая рука с парой платит" in quick
    assert "Остаться последним, у кого за столом ещё есть фишки." in quick


def test_gladbach_quick_start_and_tournament_read_as_russian():
    quick = " ".join(_quick_start("gladbach").split())
    assert "иметь в руке" not in quick and "равны и теперь" not in quick
    assert "Если и после этого руки равны" in quick
    steps = " ".join(_yaml("data", "gladbach", "tournament.yaml")["ru"]["steps"])
    assert "так, как это делают правила" not in steps
    assert "по старшинству рук" in steps


def test_print_and_kit_words_read_as_russian():
    fold = _yaml("deckgen", "layout", "instructions.yaml")["ru"]["fold"]
    assert "напечатанной стороной наружу" in fold
    line = _yaml("deckgen", "kit", "words.yaml")["ru"]["table-line"]
    assert "на языке {lang}" not in line and "язык карт: {lang}" in line
