"""Bad input gets one located line, exit code 2, no traceback and no PDF."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from deckgen.cli import main

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+)(?::(?P<column>\d+))?: ")
PROGRESS = re.compile(r"^[a-z ]+: .+…$")  # a stage announced on stderr when not on a terminal (deckgen.progress)


def problem_lines(output: str) -> list[str]:
    """The lines of a run's output that are not progress announcements."""
    return [line for line in output.strip().splitlines() if not PROGRESS.match(line)]


def run(project, *args):
    result = CliRunner().invoke(main, [*args, "--project", str(project)])
    return result


def build(project, tmp_path):
    """Build the classic deck in English, drawing in this process (--jobs 1: the mistakes stop the build before
    anything is drawn, so no drawing processes are started only to be discarded)."""
    out = tmp_path / "out"
    result = run(project, "build", "classic", "--lang", "en", "--dpi", "72", "--jobs", "1", "--out", str(out))
    return result, out


def assert_located_failure(result, out, file, line=None, words=()):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    first = problem_lines(result.output)[0]
    m = LINE.match(first)
    assert m, first
    assert m["file"] == file
    if line is not None:
        assert int(m["line"]) == line, first
    for w in words:
        assert w in first, first
    assert not list(out.rglob("*.pdf")), "no PDF may be written on error"


def edit(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def line_of(path, needle):
    for i, line in enumerate(path.read_text().splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


def test_malformed_yaml(project_copy, tmp_path):
    cards = project_copy / "data/classic/suits.yaml"
    edit(cards, "- {id: sabers-3,", "- {id: [sabers-3,")
    result, out = build(project_copy, tmp_path)
    assert_located_failure(result, out, str(cards.relative_to(project_copy)), words=("invalid YAML",))


def test_unknown_key(project_copy, tmp_path):
    game = project_copy / "data/classic/game.yaml"
    edit(game, "    bleed: 3\n", "    bleed: 3\n    colour: red\n")
    result, out = build(project_copy, tmp_path)
    assert_located_failure(result, out, "data/classic/game.yaml", line_of(game, "colour: red"),
                           ("unknown key 'colour'",))


def test_unknown_card_field(project_copy, tmp_path):
    cards = project_copy / "data/classic/suits.yaml"
    edit(cards, "- {id: coins-5, suit: coins,", "- {id: coins-5, suite: x, suit: coins,")
    result, out = build(project_copy, tmp_path)
    assert_located_failure(result, out, str(cards.relative_to(project_copy)), line_of(cards, "suite: x"),
                           ("unknown key 'suite'",))


def test_wrong_type(project_copy, tmp_path):
    cards = project_copy / "data/classic/suits.yaml"
    edit(cards, "rank: 7, value: 7}", "rank: seven, value: 7}")
    result, out = build(project_copy, tmp_path)
    assert_located_failure(result, out, str(cards.relative_to(project_copy)), line_of(cards, "rank: seven"),
                           ("rank", "expected integer"))


def test_missing_template(project_copy, tmp_path):
    game = project_copy / "data/classic/game.yaml"
    edit(game, "front: front.svg.j2", "front: nowhere.svg.j2")
    result, out = build(project_copy, tmp_path)
    assert_located_failure(result, out, "data/classic/game.yaml", line_of(game, "nowhere.svg.j2"),
                           ("nowhere.svg.j2", "not found"))


def test_duplicate_card_id(project_copy, tmp_path):
    cards = project_copy / "data/classic/suits.yaml"
    edit(cards, "- {id: coins-5,", "- {id: coins-4,")
    result, out = build(project_copy, tmp_path)
    second = [i for i, l in enumerate(cards.read_text().splitlines(), 1) if "id: coins-4," in l][1]
    assert_located_failure(result, out, str(cards.relative_to(project_copy)), second,
                           ("duplicate card id 'coins-4'",))


def test_duplicate_yaml_key(project_copy, tmp_path):
    lang = project_copy / "data/classic/lang/en.yaml"
    edit(lang, "strings:\n", "strings:\n  suit.coins: Coins\n")
    result, out = build(project_copy, tmp_path)
    assert result.exit_code == 2
    assert "duplicate key 'suit.coins'" in result.output
    assert not list(out.rglob("*.pdf"))


def test_template_syntax_error_is_located(project_copy, tmp_path):
    tpl = project_copy / "templates/classic/back.svg.j2"
    tpl.write_text(tpl.read_text() + "\n{% if %}\n")
    result, out = build(project_copy, tmp_path)
    assert_located_failure(result, out, "templates/classic/back.svg.j2")


@pytest.mark.parametrize("name", ['Tom & "Jerry" <b>bold</b>', "<svg onload='x'>", "a < b & c > d"])
def test_xml_specials_render_as_text(project_copy, tmp_path, name):
    lang = project_copy / "data/classic/lang/en.yaml"
    text = lang.read_text()
    start = text.index("  coins-5: {name: ")
    end = text.index("\n", start)
    escaped = name.replace("\\", "\\\\").replace('"', '\\"')
    lang.write_text(text[:start] + f'  coins-5: {{name: "{escaped}"}}' + text[end:])
    from deckgen.loader import load_project
    from deckgen.render.templates import DeckRenderer
    import xml.etree.ElementTree as ET

    project = load_project(project_copy)
    game = project.games["classic"]
    deck = game.decks["classic"]
    card = next(c for c in deck.cards if c.id == "coins-5")
    assert card.text("en") == name
    rendered = DeckRenderer(project, game, deck, "en").render_front(card)
    root = ET.fromstring(rendered.svg)  # well-formed: the name did not become markup
    tags = {el.tag.split("}")[-1] for el in root.iter()}
    assert "b" not in tags and "script" not in tags
    assert sum(1 for el in root.iter() if el.tag.endswith("svg")) == 1
    assert rendered.problems == []
    out = tmp_path / "out"  # the build that prints the card (a reprint of it: no books to make)
    result = run(project_copy, "build", "classic", "--lang", "en", "--dpi", "72", "--jobs", "1", "--cards", "coins-5",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    assert (out / "classic" / "classic-en-reprint-a4.pdf").is_file()


def test_text_that_does_not_fit_blocks_the_build(project_copy, tmp_path):
    lang = project_copy / "data/classic/lang/en.yaml"
    long = " ".join(["Supercalifragilistic"] * 40)
    text = lang.read_text()
    start = text.index("  coins-5: {name: ")
    end = text.index("\n", start)
    lang.write_text(text[:start] + f'  coins-5: {{name: "{long}"}}' + text[end:])
    result, out = build(project_copy, tmp_path)
    assert result.exit_code == 2
    assert "coins-5" in result.output and "does not fit" in result.output
    assert not list(out.rglob("*.pdf"))


def test_unknown_game_and_bad_option(project_copy, tmp_path):
    result = run(project_copy, "build", "nosuchgame", "--out", str(tmp_path / "o"))
    assert result.exit_code == 2 and "unknown game 'nosuchgame'" in result.output
    result = run(project_copy, "build", "--paper", "a5")
    assert result.exit_code == 2


def test_missing_project_file(tmp_path):
    result = CliRunner().invoke(main, ["list", "--project", str(tmp_path)])
    assert result.exit_code == 2
    assert "no deckgen.yaml" in result.output


@pytest.mark.parametrize("old,new,words", [
    ('font="display", size=5.2', 'font="fancy", size=5.2', ("unknown font role 'fancy'",)),
    ('font="display", size=5.2', 'font="display", size="big"', ("text() size='big': not a number",)),
])
def test_bad_template_arguments_are_located(project_copy, tmp_path, old, new, words):
    tpl = project_copy / "templates/classic/back.svg.j2"
    edit(tpl, old, new)
    result, out = build(project_copy, tmp_path)
    assert_located_failure(result, out, "templates/classic/back.svg.j2", line_of(tpl, new), words)


def test_broken_font_file_is_located(project_copy, tmp_path):
    (project_copy / "fonts" / "PTS55F.ttf").write_bytes(b"not a font")
    result, out = build(project_copy, tmp_path)
    assert_located_failure(result, out, "deckgen.yaml", line_of(project_copy / "deckgen.yaml", "PTS55F.ttf"),
                           ("fonts.body", "not a readable TrueType font"))
