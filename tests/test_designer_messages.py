"""Messages a designer meets (issue 25): one planted mistake in a `deckgen new` project gives one located
line that says what to change, and exit 2.

Each test copies a starter made once per module, plants one mistake and checks the exact first line and
the number of problems.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import main

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, needle: str, last: bool = False) -> int:
    found = [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line]
    return found[-1] if last else found[0]


@pytest.fixture(scope="module")
def starters(tmp_path_factory):
    made = {}
    for name in ("blank", "poker"):
        folder = tmp_path_factory.mktemp("starter") / name
        assert run("new", folder, "--template", name).exit_code == 0  # as a designer starts: schemas wired
        made[name] = folder
    return made


@pytest.fixture
def demo(starters, tmp_path):
    return Path(shutil.copytree(starters["blank"], tmp_path / "demo"))


def fails(*args) -> list[str]:
    """The problem lines of a command that must fail with exit 2 (the count line checked against them)."""
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    problems = [line for line in lines if not line.startswith("rendering")]
    count = problems.pop()
    shown = [line for line in problems if ": warning: " not in line]
    assert count == f"{len(shown)} problem{'s' if len(shown) != 1 else ''}", lines
    return problems


def check(project: Path, *more) -> list[str]:
    return fails("check", "--project", project, *more)


# ------------------------------------------------------------------ 1. a tag left open in a card template


def test_a_tag_left_open_is_reported_at_its_own_template_line(demo):
    front = demo / "templates/demo/front.svg.j2"
    edit(front, 'fill="url(#bg)"/>', 'fill="url(#bg)">')
    assert check(demo) == [f"templates/demo/front.svg.j2:{line_of(front, 'url(#bg)')}: card ember [en]: <rect> is "
                           f"never closed: end it with /> or </rect> (the SVG breaks at "
                           f"templates/_common/base.svg.j2:5) (and 5 more faces)"]


def test_a_tag_left_open_in_a_macro_is_one_problem_at_the_macro_line(demo):
    macros = demo / "templates/_common/macros.svg.j2"
    edit(macros, 'stroke-width="{{ width }}"/>', 'stroke-width="{{ width }}">')
    opened = line_of(macros, 'stroke-width="{{ width }}">')
    assert check(demo) == [f"templates/_common/macros.svg.j2:{opened}: "
                           f"card ember [en]: <rect> is never closed: end it with /> or </rect> (the SVG breaks at "
                           f"templates/_common/base.svg.j2:5) (and 7 more faces)"]


def test_a_quote_left_open_is_reported_on_its_own_line(demo):
    front = demo / "templates/demo/front.svg.j2"
    edit(front, 'fill="url(#bg)"/>', 'fill="url(#bg)/>')
    assert check(demo) == [f"templates/demo/front.svg.j2:{line_of(front, 'url(#bg)/>')}: card ember [en]: the quote "
                           f"of fill=\"… is never closed: its value runs on into the next line (and 5 more faces)"]


def test_a_jinja_block_left_open_is_reported_at_the_block(demo):
    front = demo / "templates/demo/front.svg.j2"
    edit(front, "{% endif %}", "")
    assert check(demo) == [f"templates/demo/front.svg.j2:{line_of(front, '{% if texts.rule %}')}: {{% if %}} is "
                           f"never closed: add {{% endif %}} where it should end (Jinja noticed at line "
                           f"{line_of(front, '{% endblock %}', last=True)})"]


# ------------------------------------------------------------------ 2. a card-list file that is not there


def test_a_missing_card_list_is_located_at_the_game_yaml_line(demo):
    game = demo / "data/demo/game.yaml"
    edit(game, "cards: cards.yaml", "cards: card.yaml")
    assert check(demo) == [f"data/demo/game.yaml:{line_of(game, 'card.yaml')}:5: decks.demo.cards: "
                           f"data/demo/card.yaml not found (did you mean 'cards.yaml'?)"]


# ------------------------------------------------------------------ 3. did you mean


@pytest.mark.parametrize("file, old, new, expected", [
    ("data/demo/cards.yaml", "colour: red, value: 3", "colur: red, value: 3",
     "data/demo/cards.yaml:2:15: card 1.colur: unknown key 'colur' (did you mean 'colour'?)"),
    ("data/demo/cards.yaml", "colour: red, value: 3", "colour: rde, value: 3",
     "data/demo/cards.yaml:2:15: card 1.colour: 'rde' is not one of: red, blue, gold (did you mean 'red'?)"),
    ("deckgen.yaml", "games: [demo]", "games: [dmo]",
     "deckgen.yaml:9:9: games.0: no data/dmo/game.yaml (did you mean 'demo'?)"),
    ("data/demo/lang/en.yaml", "decks: {demo: Demo deck}", "decks: {dmo: Demo deck}",
     "data/demo/lang/en.yaml:3:9: decks.dmo: unknown deck 'dmo' (did you mean 'demo'?)"),
    ("data/demo/lang/en.yaml", "label.value: Value", "label.valeu: Value",
     "templates/demo/front.svg.j2:13: no string 'label.value' in data/demo/lang/en.yaml (did you mean "
     "'label.valeu'?)"),
    ("data/demo/game.yaml", "front: front.svg.j2", "front: frnt.svg.j2",
     "data/demo/game.yaml:13:5: decks.demo.front: template templates/demo/frnt.svg.j2 not found (did you mean "
     "'front.svg.j2'?)"),
    ("data/demo/game.yaml", "size: poker", "size: pokr",
     "data/demo/game.yaml:10:5: decks.demo.size: 'pokr' is not a valid value here (did you mean 'poker'?)"),
    ("data/demo/lang/en.yaml", "ember: {name: Ember}", "embr: {name: Ember}",
     "data/demo/lang/en.yaml:12:3: cards.embr: unknown card id 'embr' (did you mean 'ember'?)"),
])
def test_a_misspelt_name_gets_the_nearest_known_one(demo, file, old, new, expected):
    edit(demo / file, old, new)
    assert check(demo)[0] == expected


def test_a_misspelt_game_on_the_command_line(demo):
    assert check(demo, "dmo") == ["unknown game 'dmo' (did you mean 'demo'?) (this project has: demo)"]


def test_a_misspelt_style_key_in_a_template(demo):
    edit(demo / "data/demo/game.yaml", "decks:", "style: style.yaml\ndecks:")
    (demo / "data/demo/style.yaml").write_text('colours: {ink: "#ffffff"}\n', encoding="utf-8")
    front = demo / "templates/demo/front.svg.j2"
    edit(front, 'fill="#ffffff", align="left"', 'fill=style.colours.inkk, align="left"')
    assert check(demo) == [f"templates/demo/front.svg.j2:{line_of(front, 'inkk')}: no key 'inkk' here (did you "
                           f"mean 'ink'?) (keys: ink) (rendering ember)"]


# ------------------------------------------------------------------ 4. no follow-on problems


def test_a_wrong_pick_does_not_flag_the_lang_files(demo):
    game = demo / "data/demo/game.yaml"
    edit(game, "documents:", "  starter:\n    cards_from: demo\n    pick: {ember: 2, tdie: 1}\n"
                             "    front: front.svg.j2\n    back: back.svg.j2\ndocuments:")
    for lang in ("en", "de"):
        edit(demo / f"data/demo/lang/{lang}.yaml", "decks: {demo: ", "decks: {starter: Starter, demo: ")
    assert check(demo) == [f"data/demo/game.yaml:{line_of(game, 'tdie')}:22: decks.starter.pick.tdie: deck 'demo' "
                           f"has no card 'tdie' (did you mean 'tide'?)"]


def test_a_template_reading_style_without_a_style_says_so_once(demo):
    front = demo / "templates/demo/front.svg.j2"
    edit(front, 'fill="#ffffff", align="left"', 'fill=style.colours.ink, align="left"')
    assert check(demo) == [f"templates/demo/front.svg.j2:{line_of(front, 'style.colours')}: style has no 'colours': "
                           f"the game has no style (write data/GAME/style.yaml and name it with `style: style.yaml` "
                           f"in game.yaml) (rendering ember)"]


def test_an_empty_style_yaml_says_it_is_empty_and_where_it_is_named(demo):
    game = demo / "data/demo/game.yaml"
    edit(game, "decks:", "style: style.yaml\ndecks:")
    (demo / "data/demo/style.yaml").write_text("", encoding="utf-8")
    assert check(demo) == [f"data/demo/style.yaml:1:1: the file is empty (named at data/demo/game.yaml:"
                           f"{line_of(game, 'style:')}): write colours:, boxes: or values: in it, or remove that "
                           f"style: line"]


def test_a_missing_style_yaml_is_said_once_at_the_line_naming_it(demo):
    game = demo / "data/demo/game.yaml"
    edit(game, "decks:", "style: style.yaml\ndecks:")
    front = demo / "templates/demo/front.svg.j2"
    edit(front, 'fill="#ffffff", align="left"', 'fill=style.colours.ink, align="left"')
    assert check(demo) == [f"data/demo/game.yaml:{line_of(game, 'style:')}:1: style: data/demo/style.yaml "
                           f"not found"]


# ------------------------------------------------------------------ 5. a run value's word missing in a language


def test_a_missing_word_of_a_run_value_is_a_problem(starters, tmp_path):
    poker = Path(shutil.copytree(starters["poker"], tmp_path / "poker"))
    de = poker / "data/poker/lang/de.yaml"
    edit(de, "diamonds: Karo, clubs: Kreuz}", "diamonds: Karo}")
    assert check(poker) == [f"data/poker/lang/de.yaml:{line_of(de, 'suit: {')}:5: runs.suited.suit: missing: the "
                            f"word for 'clubs' (given in en): without it the cards print the value as the card list "
                            f"writes it"]


# ------------------------------------------------------------------ 6. a deck's declared card count


def test_a_deck_of_another_size_than_declared_is_a_problem(demo):
    game = demo / "data/demo/game.yaml"
    edit(game, "    cards: cards.yaml\n", "    cards: cards.yaml\n    count: 3\n")
    assert check(demo) == [f"data/demo/game.yaml:{line_of(game, 'count: 3')}:5: decks.demo.count: deck 'demo' has 4 "
                           f"cards, 1 more than the 3 declared here (copies included: a card's count: in the card "
                           f"list)"]


def test_a_deck_of_the_declared_size_passes(demo):
    edit(demo / "data/demo/game.yaml", "    cards: cards.yaml\n", "    cards: cards.yaml\n    count: 4\n")
    result = run("check", "--project", demo)
    assert result.exit_code == 0, result.output


# ------------------------------------------------------------------ 7. lines a template draws through the words


def test_a_frame_through_the_corner_index_is_a_problem_at_its_template_line(demo):
    front = demo / "templates/demo/front.svg.j2"
    edit(front, '{{ m.frame(geo, 1.6, "#ffffff") }}', '{{ m.frame(geo, 4, "#ffffff") }}')
    macros = demo / "templates/_common/macros.svg.j2"
    assert check(demo) == [f"templates/demo/front.svg.j2:{line_of(front, 'm.frame')}: card ember [en]: a line drawn "
                           f"here (a rectangle's edge 4.0 mm inside the trim, at templates/_common/macros.svg.j2:"
                           f"{line_of(macros, '<rect')}) runs through the words set at templates/demo/front.svg.j2:"
                           f"{line_of(front, 'card.value | string')}: move the line or the words (and 5 more faces)"]


def test_a_line_drawn_directly_through_the_name_is_a_problem(demo):
    front = demo / "templates/demo/front.svg.j2"
    edit(front, "{% endblock %}", '<line x1="10" y1="{{ geo.cy - 1 }}" x2="59" y2="{{ geo.cy - 1 }}" '
                                  'stroke="#ffffff" stroke-width="0.3"/>\n{% endblock %}')
    got = check(demo)
    assert len(got) == 1 and got[0].startswith(f"templates/demo/front.svg.j2:{line_of(front, '<line')}: card ember "
                                               f"[en]: a line drawn here (a line ")


def test_the_starters_draw_no_line_through_their_words(demo):
    result = run("check", "--project", demo)
    assert result.exit_code == 0, result.output


# ------------------------------------------------------------------ 8. deckgen new


def test_new_writes_a_gitignore_and_comments_that_name_real_commands(demo):
    assert (demo / ".gitignore").read_text(encoding="utf-8").splitlines()[1:] == ["output/", ".deckgen/"]
    comments = "\n".join(line for line in (demo / "deckgen.yaml").read_text(encoding="utf-8").splitlines()
                         if line.startswith("#"))
    assert ".deckgen`" not in comments and "schemas/" in comments
    for command in re.findall(r"`deckgen ([^`]*)`", comments):
        assert run(*command.split(), "--help").exit_code == 0, command
    named = {m for p in demo.rglob("*.yaml") for m in re.findall(r"\$schema=(\S+)", p.read_text(encoding="utf-8"))}
    shutil.rmtree(demo / "schemas")
    assert run("schema", "--project", demo).exit_code == 0  # the command the comment names writes them again
    for p in demo.rglob("*.yaml"):
        for ref in re.findall(r"\$schema=(\S+)", p.read_text(encoding="utf-8")):
            assert (p.parent / ref).is_file(), (p, ref)
    assert named


# ------------------------------------------------------------------ 9. a card text the game does not declare


def test_an_undeclared_card_text_says_the_line_to_write(demo):
    edit(demo / "templates/demo/front.svg.j2", "{{ text(name,", '{{ text(texts.get("text"),')
    en = demo / "data/demo/lang/en.yaml"
    edit(en, "ember: {name: Ember}", "ember: {name: Ember, text: Hot}")
    edit(demo / "data/demo/lang/de.yaml", "ember: {name: Glut}", "ember: {name: Glut, text: Heiß}")
    assert check(demo) == [f"data/demo/lang/en.yaml:{line_of(en, 'text: Hot')}:24: cards.ember.text: unknown key "
                           f"'text': to print it, write `card_texts: [name, {{rule: optional}}, {{text: optional}}]` "
                           f"at data/demo/game.yaml:6 (a plain `text` if every card has it in every language) "
                           f"(and 1 more place)"]


def test_a_typo_of_a_card_text_gets_the_nearest_name(demo):
    en = demo / "data/demo/lang/en.yaml"
    edit(en, "ember: {name: Ember}", "ember: {nmae: Ember}")
    assert check(demo)[0] == (f"data/demo/lang/en.yaml:{line_of(en, 'nmae')}:11: cards.ember.nmae: unknown key "
                              f"'nmae' (did you mean 'name'? a card's texts in this game: name, rule; game.yaml "
                              f"card_texts)")
