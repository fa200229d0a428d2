"""The Russian words keep the fixes of the December Russian review (issue 30).

Each test reads the bundled data files only (no build): the Russian glossaries
hold one word per concept across the four games, the Archeon tier and step
words differ, and terms and wordings the review flagged as wrong stay out of
the Russian booklets, lang files and decisions.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("classic", "gladbach", "pazaak", "archeon")


def _lang(game: str) -> dict:
    return yaml.safe_load((ROOT / "data" / game / "lang" / "ru.yaml").read_text(encoding="utf-8"))


def _booklet(game: str) -> str:
    return (ROOT / "data" / game / "rules" / "ru.md").read_text(encoding="utf-8")


def _player_booklet(game: str) -> str:
    """The booklet source without its organisers' blocks (what every player reads)."""
    return re.sub(r"```organisers\n.*?```", "", _booklet(game), flags=re.S)


def _all_texts(game: str) -> str:
    lang = _lang(game)
    parts = [_player_booklet(game)]
    parts += [str(v) for v in (lang.get("strings") or {}).values()]
    parts += [str(v) for v in (lang.get("decisions") or {}).values()]
    for card in (lang.get("cards") or {}).values():
        parts += [str(v) for v in card.values()]
    return "\n".join(parts)


def _glossary_entries() -> list[tuple[str, dict]]:
    entries = [("shared", e) for e in yaml.safe_load(
        (ROOT / "glossary" / "ru.yaml").read_text(encoding="utf-8"))["glossary"]]
    for game in GAMES:
        entries += [(game, e) for e in _lang(game).get("glossary") or []]
    return entries


def test_one_russian_word_per_concept_across_the_games():
    words: dict[str, set[str]] = {}
    for _, entry in _glossary_entries():
        if entry.get("concept"):
            words.setdefault(entry["concept"], set()).add(entry["use"])
    split = {concept: sorted(ws) for concept, ws in words.items() if len(ws) > 1}
    assert not split, f"concepts with two Russian words: {split}"
    assert words["idiots-array"] == {"Расклад идиота"}
    assert words["pure-sabacc"] == {"Чистый сабакк"}
    assert words["die"] == {"кубик"}


def test_archeon_ability_tier_and_ladder_step_are_different_words():
    uses = {e["concept"]: e["use"] for game, e in _glossary_entries() if game == "archeon" and e.get("concept")}
    assert uses["ability-tier"] == "уровень" and uses["ladder-step"] == "ступень"
    strings = _lang("archeon")["strings"]
    assert strings["label.tier"].startswith("Уровень")
    tier_texts = [v for k, v in strings.items() if re.fullmatch(r"sign\.[a-z-]+\.tier[123]", k)]
    assert tier_texts and not [t for t in tier_texts if "ступен" in t.lower()]


@pytest.mark.parametrize("game", GAMES)
def test_dice_are_кубики_in_every_game(game):
    texts = _all_texts(game)
    assert not re.search(r"(?<![А-Яа-яЁё])кост(и|ей|ям|ями)\b", texts, flags=re.I)


@pytest.mark.parametrize("game,flagged", [
    ("pazaak", ["судья", "на суд", "записывают", "2&4 меняет", "3&6 делает", "D принимает", "Карта ±1T", "Разыгрывая её"]),
    ("pazaak", ["каждой 2 и 4", "Сама даёт", "между собой", "Ничья не считается"]),
    ("classic", ["ошибка, а не рука", "В месте предел", "скопировал бы", "Рука стоит сумму",
                 "в свой собственный ход", "когда дойдёт ваш ход", "делят банки"]),
    ("gladbach", ["До 0 —", "исход вскрытия", "отдельным полем", "сильнейшая рука — первой", "всего карт:"]),
    ("archeon", ["Хедж", "Овертайм", "классическ", "старая игра", "старые правила", "Мы играем", "квалифицир",
                 "Сдающий даёт", "Обменяйтесь рукой", "штраф удваивается", "на планете {planet}",
                 "порядку мест", "Два силопа", "в свите её можно только", "журнал", "судья", "движок"]),
])
def test_wordings_the_review_flagged_are_gone(game, flagged):
    texts = _all_texts(game)
    assert [w for w in flagged if w in texts] == []


@pytest.mark.parametrize("game", GAMES)
def test_no_command_line_or_english_player_names_in_player_text(game):
    text = _player_booklet(game)
    assert "deckgen" not in text and "--seed" not in text
    captions = re.findall(r'^caption: "?(.*?)"?$', text, flags=re.M)
    assert captions and not [c for c in captions if re.search(r"\b(Ana|Ben|Cleo)\b", c)]


def test_archeon_plant_whoever_was_wrong_pays_and_nobody_when_truth_is_believed():
    section = _booklet("archeon").split("{#plant}")[1].split("```example")[0]
    assert "Платит тот, кто ошибся" in section
    assert "Если поверили правде, не платит никто" in section
    assert "смотрит полученную карту" in section and "обмена нет" in section


def test_archeon_corellian_system_only_draw_or_pay():
    strings = _lang("archeon")["strings"]
    rule = strings["planet.corellian-system.rule"]
    assert "2 фишки" in rule and "идиот" not in rule.lower()
    ladder = _booklet("archeon").split("**6. Расклад идиота:**")[1].split("**5.")[0]
    assert "ни одна" in ladder
    for block in ladder.split("```example")[1:]:  # the Corellian example shows a pair, not the Idiot's Array
        example = block.split("```")[0]
        assert "corellian-system" not in example or ("идиот" not in example.lower() and "[Ben]" in example)
    assert "ни одна из 26 планет" in _lang("archeon")["decisions"]["idiots-array-planet"]


def test_archeon_reworded_mon_calamari_payout_says_so():
    assert "исходных правилах" in _lang("archeon")["decisions"]["mon-calamari"]
