"""The French words of the bundled games: the December review's fixes kept fixed (issue 30).

Each test reads the data files (lang/fr.yaml, rules/fr.md, glossary/fr.yaml)
and stands for one kind of fix that a later edit could undo: one word per
concept across the games, the terms the review turned down, the tier and
the step told apart, Archeon's Corellian rule as the source states it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("classic", "gladbach", "pazaak", "archeon")


def _lang(game: str) -> dict:
    return yaml.safe_load((ROOT / "data" / game / "lang" / "fr.yaml").read_text(encoding="utf-8"))


def _booklet(game: str) -> str:
    return (ROOT / "data" / game / "rules" / "fr.md").read_text(encoding="utf-8")


def _player_text(booklet: str) -> str:
    """A booklet source as players read it: front-matter values, prose and captions; no keys, anchors or directive data."""
    _, front, body = booklet.split("---\n", 2)
    values: list[str] = []

    def walk(node):
        if isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
        elif node is not None:
            values.append(str(node))
    walk(yaml.safe_load(front))
    lines, fenced = [], False
    for line in body.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced or line.startswith("caption:"):
            lines.append(re.sub(r"\{#[\w-]+\}", "", line))
    return "\n".join(values + lines)


def _texts(game: str) -> str:
    """Every French word a player of ``game`` reads: the booklet source, the strings, the decisions, the card words."""
    lang = _lang(game)
    parts = [_player_text(_booklet(game))]
    parts += [str(v) for v in (lang.get("strings") or {}).values()]
    parts += [str(v) for v in (lang.get("decisions") or {}).values()]
    for card in (lang.get("cards") or {}).values():
        parts += [str(v) for v in card.values()] if isinstance(card, dict) else [str(card)]
    return "\n".join(parts)


def _glossary_entries() -> list[tuple[str, dict]]:
    out = [("shared", e) for e in yaml.safe_load((ROOT / "glossary" / "fr.yaml").read_text(encoding="utf-8"))["glossary"]]
    for game in GAMES:
        out += [(game, e) for e in _lang(game).get("glossary") or []]
    return out


def test_one_french_word_per_concept_across_the_games():
    words: dict[str, set[str]] = {}
    for _, entry in _glossary_entries():
        if entry.get("concept"):
            words.setdefault(entry["concept"], set()).add(entry["use"].replace("'", "’"))
    assert words, "no glossary entry names a concept"
    assert {c: w for c, w in words.items() if len(w) > 1} == {}


def test_the_idiots_array_has_one_name_in_classic_and_archeon():
    names = {_lang(g)["strings"].get("step.idiots-array") for g in ("archeon",)}
    names |= {e["use"].replace("'", "’") for _, e in _glossary_entries() if e.get("concept") == "idiots-array"}
    assert names == {"Étalage de l’Idiot"}
    for game in ("classic", "archeon"):
        assert "Suite de l" not in _texts(game)


def test_ability_tier_and_ladder_step_are_different_words():
    entries = {e.get("concept"): e["use"] for g, e in _glossary_entries() if g == "archeon"}
    tier, step = entries["ability-tier"], entries["ladder-step"]
    assert tier.lower() != step.lower()
    strings = _lang("archeon")["strings"]
    assert step.lower() not in strings["label.tier"].lower()
    assert tier.lower() not in strings["label.step"].lower()
    # the ante is not a step of the ladder (Belsavis, the table of antes)
    assert "palier" not in strings["planet.belsavis.rule"]
    assert "palier" not in _lang("archeon")["decisions"]["ante-steps"]


@pytest.mark.parametrize("game, pattern", [
    ("archeon", r"\bspikes?\b"),                 # an English word: surenchère, surenchérir
    ("archeon", r"\bdifférence\b"),              # the booklet's word is « écart »
    ("archeon", r"\bjournal\b|\bbrûl"),          # no log and no burning at a real table
    ("archeon", r"passe cette carte|retourne cette carte"),  # « cette carte » without an antecedent
    ("archeon", r"chair et en os|d’avant la révélation|d'avant la révélation|payée par elle"),
    ("archeon", r"\bsur \{planet\}|sur Système"),
    ("classic", r"\bWEG\b"),                      # never introduced: West End Games in full
    ("classic", r"d['’]exactement"),
    ("classic", r"revenez un tour|tour de mort subite|Le tour de jeu"),  # « tour » is one player's turn
    ("classic", r"wild ?:|\[\d"),                # code in a booklet
    # « autant » without its complement (G-S5); « … autant de nouvelles cartes qu'il en avait » is right
    ("gladbach", r"Même total : le moins de cartes gagne|pioche autant de nouvelles cartes\.|son joueur|c['’]est assez"),
    ("pazaak", r"\bsets?\b"),                    # an English word: manche
    ("pazaak", r"Vaut elle-même|Ce choix est définitif|quel qu['’]il soit|faire pencher|chacun de vous"),
])
def test_a_term_the_review_turned_down_is_gone(game, pattern):
    found = re.findall(pattern, _texts(game))
    assert found == []


def test_action_names_are_verbs():
    strings = _lang("archeon")["strings"]
    actions = [strings[f"action.{a}"] for a in ("draw", "stand", "spike", "check", "plant", "exit")]
    assert actions == ["Piocher", "Rester", "Surenchérir", "Contrôler", "Glisser", "Sortir"]
    assert "Sortir" in _lang("archeon")["decisions"]["main-actions"]


def test_corellian_system_enables_no_idiots_array():
    lang = _lang("archeon")
    assert "Étalage" not in lang["strings"]["planet.corellian-system.rule"]
    assert "2 jetons" in lang["strings"]["planet.corellian-system.rule"]
    assert "aucune des 26 planètes" in lang["decisions"]["idiots-array-planet"]
    booklet = _booklet("archeon")
    assert "seul le Système corellien" not in booklet
    for block in re.findall(r"```example\n(.*?)```", booklet, flags=re.S):
        assert "corellian-system" not in block or "Étalage" not in block


def test_a_reworded_planet_says_so():
    assert "La source dit" in _lang("archeon")["decisions"]["mon-calamari"]


def test_one_dash_for_asides_and_curly_apostrophes_in_labels():
    for game in GAMES:
        assert " — " not in _booklet(game), game
    # front-matter labels are printed as written: the straight apostrophe of « l'idiot » is not turned
    front = yaml.safe_load(_booklet("archeon").split("---\n", 2)[1])
    assert all("'" not in label for label in front["categories"].values())


def test_the_shared_glossary_holds_what_the_games_share():
    shared = {e.get("concept"): e["use"] for g, e in _glossary_entries() if g == "shared"}
    assert shared["idiots-array"] == "Étalage de l’Idiot"
    assert shared["pure-sabacc"] == "Sabacc pur"
    assert shared["round"] == "manche"
