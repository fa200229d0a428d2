"""The German words of the bundled games keep the fixes of the December German review.

Each test reads the data files (no build): one word per concept across the games, the
terms the review rejected stay out of what players read, Archeon's ability tier and
ladder step keep their own words, the Corellian system is the source's "draw once or
pay 2", and the reference sheet's strings stay grammatical.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from tests.words import strings as _strings

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("archeon", "classic", "gladbach", "pazaak")
ORGANISERS = re.compile(r"```organisers\b.*?```", re.S)
FENCED = re.compile(r"```\w.*?```", re.S)  # example data (wild: [2, 5]) is not printed; its caption is


def _lang(game: str) -> dict:
    return yaml.safe_load((ROOT / "data" / game / "lang" / "de.yaml").read_text(encoding="utf-8"))


def _player_text(game: str) -> str:
    """What a German player reads of ``game``: the booklet outside organisers' blocks and the lang strings."""
    booklet = ORGANISERS.sub("", (ROOT / "data" / game / "rules" / "de.md").read_text(encoding="utf-8"))
    booklet = FENCED.sub(lambda m: "\n".join(re.findall(r"caption: (.*)", m.group(0))), booklet)
    lang = {k: v for k, v in _lang(game).items() if k != "glossary"}
    return booklet + "\n" + "\n".join(_strings(lang))


def _glossary(game: str | None) -> list[dict]:
    path = ROOT / "glossary" / "de.yaml" if game is None else ROOT / "data" / game / "lang" / "de.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8")).get("glossary") or []


def test_one_german_word_per_concept_across_the_games():
    words: dict[str, set[str]] = {}
    for game in (None, *GAMES):
        for entry in _glossary(game):
            if entry.get("concept"):
                words.setdefault(entry["concept"], set()).add(entry["use"])
    clashes = {concept: sorted(uses) for concept, uses in words.items() if len(uses) > 1}
    assert clashes == {}
    for concept in ("idiots-array", "pure-sabacc", "ante", "stand", "spike"):
        assert concept in words, concept


def test_shared_hands_have_one_name_in_every_game():
    for game in ("archeon", "classic"):
        text = _player_text(game)
        assert "Narren-Reihe" in text and "Reines Sabacc" in text, game
        assert not re.search(r"Idiotenreihe|Narrenreihe|\breine[snm]?\s+Sabacc|Reiner\s+Sabacc", text), game


def test_ability_tier_and_ladder_step_have_different_words():
    entries = {e.get("concept"): e["use"] for e in _glossary("archeon")}
    assert entries["ability-tier"] == "Rang" and entries["ladder-step"] == "Stufe"
    strings = _lang("archeon")["strings"]
    assert strings["label.tier"].startswith("Rang") and strings["label.step"] == "Stufe"
    booklet = _player_text("archeon")
    assert not re.search(r"Stufe der Fähigkeit|(Vorsehung|Fähigkeit) (auf|im) Stufe", booklet)


REJECTED = {
    "archeon": [r"\bSpike", r"Unterstützungsstapel", r"Gefolgekarte", r"Sitzreihenfolge", r"Freier Zug",
                r"\bResolution\b", r"Zerbrochenes Heft", r"malgenommen", r"zu \d(er|ern)\b",
                r"Gebrauchte", r"stehen gleich", r"Stehen mehrere Sieger gleich", r"wirft seine Hand ab",
                r"gewettete", r"seinen Topf", r"Showdown", r"Schiedsrichter", r"Aufdeckwirkung",
                r"auseinanderliegen", r"überschreibend", r"scheidet aus dem Spiel aus", r"(?<!Letzter )\bEinsatz\b"],
    "classic": [r"Anhang", r"wild:", r"Gleichstehend", r"gleichstehend", r"stehen gleich", r"\bpass(en|t)\b(?! zu)",
                r"\bPassen\b", r"Aufdeckphase", r"Farbkarte", r"meinen die zwei Joker"],
    "gladbach": [r"Standarddeck", r"Gleichstehend", r"stehen gleich", r"der zuerst spielt", r"Von den \{pot\}"],
    "pazaak": [r"\bTisch(e|en|es)?\b", r"ungültig", r"Ungültig", r"Eins-oder-Zwei", r"teilen sich den Sieg",
               r"egal welche", r"Im Spiel\b"],
}


@pytest.mark.parametrize("game", GAMES)
def test_words_the_review_rejected_are_gone(game):
    text = _player_text(game)
    found = [pattern for pattern in REJECTED[game] if re.search(pattern, text)]
    assert found == []


def test_corellian_system_is_only_draw_once_or_pay_two():
    archeon = _lang("archeon")
    rule = archeon["strings"]["planet.corellian-system.rule"]
    assert "2 Chips" in rule and "ziehen" in rule and "Narren-Reihe" not in rule
    booklet = ORGANISERS.sub("", (ROOT / "data/archeon/rules/de.md").read_text(encoding="utf-8"))
    examples = re.findall(r"```example\n(.*?)```", booklet, re.S)
    assert not [e for e in examples if "corellian-system" in e and "Narren-Reihe" in e]
    assert not re.search(r"Corellianische\w* System\w*[^.]*Narren-Reihe|Narren-Reihe[^.]*Corellianische\w* System\b(?! nicht)",
                         booklet.replace("\n", " "))
    assert "keiner" in archeon["decisions"]["idiots-array-planet"]


def test_mon_calamari_says_it_is_reworded():
    assert "Vorlage" in _lang("archeon")["decisions"]["mon-calamari"]
    assert "neu gefasst" in (ROOT / "data/archeon/rules/de.md").read_text(encoding="utf-8")


def test_reference_sheet_strings_are_grammatical():
    strings = _lang("archeon")["strings"]
    assert not strings["ref.when.planet"].startswith("auf ")  # "auf Corellianisches System"
    assert "ein Kein Paar" not in strings["ref.penalty.formula"]
    assert "ohne Paar" in strings["ref.penalty.formula"] and "seiner Werte" in strings["ref.penalty.formula"]
    assert "gleich welcher" not in strings["ref.step.prime-sabacc"]
    assert ", oder" not in strings["ref.round.5"] + strings["ref.reveal.2"]
    assert "(" not in strings["label.pair-rule.text"]  # the era is printed on the card, not repeated in brackets


def test_pazaak_flip_cards_name_the_negative_values_they_flip():
    cards = _lang("pazaak")["cards"]
    assert "−2" in cards["flip-2-4"]["text"] and "−4" in cards["flip-2-4"]["text"]
    assert "−3" in cards["flip-3-6"]["text"] and "−6" in cards["flip-3-6"]["text"]
    assert "unentschieden" in cards["score-card"]["text"]
