"""The fixes of the seventh fresh Russian read (issue 30, /work/reviews7/ru.md) stay fixed.

The tests read the bundled Gladbach word files only; nothing is built. They check that the
tournament's last tie-break says a card is taken (берёт, not the slang «тянет») and where the
player then stands, and that the full-tie decision hands the odd chips to "these winners",
not to "equal winners".
"""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _gladbach(name: str) -> dict:
    return yaml.safe_load((ROOT / "data" / "gladbach" / name).read_text(encoding="utf-8"))


def test_tournament_tiebreak_takes_a_card_and_places_the_player() -> None:
    steps = _gladbach("tournament.yaml")["ru"]["steps"]
    standings = next(step for step in steps if step.startswith("Турнирная таблица"))
    assert "тянет" not in standings and "тянут" not in standings
    assert "выше встаёт" not in standings
    assert "берёт из колоды одну карту" in standings
    assert "выше в таблице ставят того" in standings


def test_full_tie_gives_odd_chips_to_these_winners() -> None:
    full_tie = _gladbach("lang/ru.yaml")["decisions"]["full-tie"]
    assert "равным победителям" not in full_tie
    assert "этим победителям по одной в порядке хода" in full_tie


def test_mon_calamari_card_says_it_is_reworded_like_the_english() -> None:
    lang = yaml.safe_load((ROOT / "data" / "archeon" / "lang" / "ru.yaml").read_text(encoding="utf-8"))
    rule = lang["strings"]["planet.mon-calamari.rule"]
    assert "переформулировано" in rule
    assert "все, кто не проиграл" in rule
