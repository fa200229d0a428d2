"""The colour words check: a colour the rules call "red" prints red (deckgen/checks/colourwords.py)."""

from __future__ import annotations

from deckgen.checks.colourwords import COLOUR_WORDS, colour_words, hsv, in_hue, mismatch, word_problems
from deckgen.loader import load_project
from deckgen.registry import CheckContext

from conftest import copy_project


def test_red_is_stated_in_data_as_340_to_12_degrees():
    assert colour_words()["red"]["hue"] == (340.0, 12.0)
    assert in_hue(350, 340, 12) and in_hue(5, 340, 12) and not in_hue(21, 340, 12)


def test_orange_named_red_fails_and_says_it_prints_orange():
    why = mismatch("#f47a36", "red")  # Gladbach's minus cards before: called red, printed orange
    assert why is not None and "hue 21°" in why and "it prints orange" in why
    assert mismatch("#f47a36", "orange") is None
    assert mismatch("#808080", "red") is not None  # a grey has no colour to call red


def test_the_bundled_gladbach_minus_colours_pass_as_red(project):
    style = project.games["gladbach"].style
    for name in ("red", "red_deep", "red_face"):
        assert style["colour_words"][name] == "red"
        assert mismatch(style["colours"][name], "red") is None, (name, style["colours"][name])
        hue = hsv(style["colours"][name])[0]
        assert hue >= 340 or hue <= 12 - 2, (name, hue)  # inside, with room to spare
    assert COLOUR_WORDS.run(CheckContext(project, project.games["gladbach"], {})) == []
    assert COLOUR_WORDS.run(CheckContext(project, project.games["pazaak"], {})) == []


def test_orange_named_red_in_a_project_is_a_located_error(tmp_path):
    proj = copy_project(tmp_path / "proj", "gladbach")
    style = proj / "data" / "gladbach" / "style.yaml"
    text = style.read_text(encoding="utf-8")
    old = next(line for line in text.splitlines() if line.startswith("  red: "))
    style.write_text(text.replace(old, '  red: "#f47a36"'), encoding="utf-8")
    line = text.splitlines().index(old) + 1
    loaded = load_project(proj)
    problems = COLOUR_WORDS.run(CheckContext(loaded, loaded.games["gladbach"], {}))
    assert [(p.file, p.line, p.field, p.warning) for p in problems] == [
        ("data/gladbach/style.yaml", line, "colours.red", False)]
    assert "outside red's 340°–12°" in problems[0].message and "it prints orange" in problems[0].message
    assert str(problems[0]).startswith(f"data/gladbach/style.yaml:{line}:3: colours.red: #f47a36 is hue 21°")


def test_an_unknown_word_or_colour_is_named_at_its_line():
    from deckgen.yamlpos import parse_yaml

    doc = parse_yaml('colours:\n  red: "#e02020"\ncolour_words:\n  red: rot\n  blu: blue\n', "data/g/style.yaml")
    problems = word_problems(doc.data, doc, "data/g/style.yaml")
    assert [(p.line, p.field) for p in problems] == [(4, "colour_words.red"), (5, "colour_words.blu")]
    assert "no colour word 'rot'" in problems[0].message
    assert "no colour 'blu' under colours" in problems[1].message
