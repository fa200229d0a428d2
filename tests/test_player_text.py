"""The checks of player text: code, software words, one word per concept, terms used before their section."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from deckgen.checks.player_text import player_text_problems
from deckgen.loader import load_project
from deckgen.scaffold import create_project
from tests.conftest import bundled_project

RULES = """---
title: Demo Game
labels: {contents: Contents, wins: "{names} wins.", tie: "{names} tie.", nobody: "Nobody wins.", and: and,
         category: Winning hand, share: Share of games, organisers: For organisers, glossary: Glossary}
---

# Setting up {#setup}

PARAGRAPH

# Playing {#play}

On your turn, play one card face up. A **trick** is one card from each player.
"""


def _project(tmp_path: Path, paragraph: str = "Shuffle the deck.", glossary: str = "") -> Path:
    root = tmp_path / "proj"
    create_project(root)
    text = (root / "deckgen.yaml").read_text(encoding="utf-8")
    (root / "deckgen.yaml").write_text(text.replace("languages: [en, de]", "languages: [en]"), encoding="utf-8")
    (root / "data" / "demo" / "rules" / "de.md").unlink()
    (root / "data" / "demo" / "lang" / "de.yaml").unlink()
    (root / "data" / "demo" / "rules" / "en.md").write_text(RULES.replace("PARAGRAPH", paragraph), encoding="utf-8")
    if glossary:
        lang = root / "data" / "demo" / "lang" / "en.yaml"
        lang.write_text(lang.read_text(encoding="utf-8") + "glossary:\n" + glossary, encoding="utf-8")
    return root


def _problems(root: Path, fmt: int | None = None) -> list:
    project = load_project(root)
    if fmt is not None:  # a format this deckgen does not read yet: the checks' own rule for it
        project = dataclasses.replace(project, format=fmt)
    return player_text_problems(project, project.games["demo"], project.languages)


COMMAND = "Print the cards with deckgen build demo --paper a4 first."


def test_a_command_line_in_a_player_paragraph_is_reported_at_its_line(tmp_path):
    found = _problems(_project(tmp_path, COMMAND))
    assert [(p.file, p.line, p.warning) for p in found] == [("data/demo/rules/en.md", 9, True)]
    assert "command line" in found[0].message and "organisers" in found[0].message


def test_the_same_command_inside_an_organisers_block_passes(tmp_path):
    assert _problems(_project(tmp_path, f"```organisers\n{COMMAND}\n```")) == []


def test_code_is_an_error_from_format_3(tmp_path):
    found = _problems(_project(tmp_path, "Announce it as `wild: [4, 6]` before the deal."), fmt=3)
    assert found and not any(p.warning for p in found)


@pytest.mark.parametrize("text, what", [("Keep adapted-42.yaml at hand.", "file name"),
                                        ("Say wild: [4, 6] aloud.", "data syntax")])
def test_file_names_and_data_syntax_are_reported(tmp_path, text, what):
    found = _problems(_project(tmp_path, text))
    assert len(found) == 1 and what in found[0].message


def test_an_avoided_software_word_is_reported(tmp_path):
    glossary = '  - {use: "example", concept: example, avoid: ["the judge"]}\n'
    found = _problems(_project(tmp_path, "If in doubt, the judge decides.", glossary))
    assert len(found) == 1 and "'the judge'" in found[0].message and found[0].line == 9


def test_a_word_used_for_two_concepts_fails(tmp_path):
    glossary = ('  - {use: "trick", concept: trick}\n'
                '  - {use: "trick", concept: round}\n')
    found = _problems(_project(tmp_path, glossary=glossary))
    assert len(found) == 1 and not found[0].warning
    assert "names two concepts" in found[0].message and found[0].file == "data/demo/lang/en.yaml"


def test_a_concept_with_two_words_fails(tmp_path):
    glossary = ('  - {use: "trick", concept: trick}\n'
                '  - {use: "lift", concept: trick}\n')
    found = _problems(_project(tmp_path, glossary=glossary))
    assert len(found) == 1 and "one word per concept" in found[0].message


def test_a_term_used_before_its_defining_section_warns(tmp_path):
    glossary = '  - {use: "trick", concept: trick, defined: play}\n'
    found = _problems(_project(tmp_path, "Deal until the first trick.", glossary))
    assert [(p.line, p.warning) for p in found] == [(9, True)]
    assert "{#play}" in found[0].message


def test_a_term_introduced_in_bold_before_its_section_passes(tmp_path):
    glossary = '  - {use: "trick", concept: trick, defined: play}\n'
    assert _problems(_project(tmp_path, "Deal until the first **trick**, one card from each.", glossary)) == []


def test_entries_without_concept_keep_working(tmp_path):
    glossary = '  - {use: "trick", not: ["lift"]}\n'
    assert _problems(_project(tmp_path, glossary=glossary)) == []


def test_a_shared_glossary_beside_deckgen_yaml_is_read(tmp_path):
    root = _project(tmp_path, "The log shows every draw.")
    (root / "glossary").mkdir()
    (root / "glossary" / "en.yaml").write_text('glossary:\n  - {use: "record", concept: record, avoid: ["the log"]}\n',
                                               encoding="utf-8")
    found = _problems(root)
    assert len(found) == 1 and "glossary/en.yaml" in found[0].message


@pytest.mark.parametrize("game", ["classic", "gladbach", "pazaak", "archeon"])
def test_the_bundled_games_check_clean_with_every_rule_on(game):
    project = dataclasses.replace(bundled_project(), format=3)  # format 3: code and software words are errors
    assert [str(p) for p in player_text_problems(project, project.games[game], project.languages)] == []


def test_a_replaced_word_of_the_shared_glossary_holds_for_every_game(tmp_path):
    from deckgen.checks.glossary import check_glossary
    from deckgen.registry import CheckContext

    root = _project(tmp_path)
    lang = root / "data" / "demo" / "lang" / "en.yaml"
    lang.write_text(lang.read_text(encoding="utf-8").replace("name: Crown", "name: Crown of the Talon"),
                    encoding="utf-8")
    (root / "glossary").mkdir()
    (root / "glossary" / "en.yaml").write_text('glossary:\n  - {use: "draw pile", not: ["talon"]}\n', encoding="utf-8")
    project = load_project(root)
    found = check_glossary(CheckContext(project, project.games["demo"], {}))
    assert [(p.file, p.field) for p in found] == [("data/demo/lang/en.yaml", "cards.crown.name")]
    assert "'draw pile'" in found[0].message


def test_an_avoided_stem_ending_in_a_space_is_a_whole_word(tmp_path):
    glossary = '  - {use: "record", concept: record, avoid: ["the log "]}\n'
    assert _problems(_project(tmp_path, "By the logic of the game, draw.", glossary)) == []
    found = _problems(_project(tmp_path / "b", "Write it in the log.", glossary))
    assert len(found) == 1 and "'the log'" in found[0].message


def test_a_label_of_the_header_is_player_text_too(tmp_path):
    root = _project(tmp_path)
    rules = root / "data" / "demo" / "rules" / "en.md"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace('wins: "{names} wins."', 'wins: "{names} wins (see rules.yaml)."'), encoding="utf-8")
    found = _problems(root)
    assert [(p.line, p.field) for p in found] == [(3, "labels.wins")] and "file name" in found[0].message


def test_the_command_list_knows_every_command_of_the_cli():
    from deckgen.checks.player_text import COMMANDS
    from deckgen.cli import main

    assert set(main.commands) <= set(COMMANDS)
