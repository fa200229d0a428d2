"""One wording for JSON Schema errors: project files and the judge's showdown files say a mistake alike."""

from __future__ import annotations

import pytest

from deckgen.errors import ShowdownError
from deckgen.showdown_schema import first_problem, validate as validate_showdown
from deckgen.validate import validate
from deckgen.yamlpos import parse_yaml

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["name"],
    "properties": {
        "name": {"type": "string", "description": "the player's name"},
        "chips": {"type": "integer", "minimum": 0},
        "hand": {"type": "array", "minItems": 2, "maxItems": 3, "description": "the cards held"},
        "call": {"const": "stand"},
    },
}


@pytest.mark.parametrize("text, path, words", [
    ("name: Ann\nnmae: Ann\n", ("nmae",), "unknown key 'nmae' (did you mean 'name'?)"),
    ("chips: 3\n", (), "missing required key 'name' (the player's name)"),
    ("name: 7\n", ("name",), "expected text, got 7 (the player's name); put it in quotes: '7'"),
    ("name: Ann\nchips: -1\n", ("chips",), "-1 is out of range (minimum 0)"),
    ("name: Ann\nhand: [a]\n", ("hand",), "1 item: at least 2 needed (the cards held)"),
    ("name: Ann\nhand: [a, b, c, d]\n", ("hand",), "4 items: at most 3 allowed (the cards held)"),
    ("name: Ann\nhand: []\n", ("hand",), "an empty list: at least 2 needed (the cards held)"),
    ("name: Ann\ncall: draw\n", ("call",), "'draw' is not allowed here: write 'stand'"),
])
def test_a_project_file_and_a_showdown_file_say_a_mistake_alike(text, path, words):
    located = parse_yaml(text, "f.yaml")
    (problem,) = validate(located, SCHEMA)
    assert problem.message == words
    assert problem.field == (".".join(path) or None)
    assert first_problem(SCHEMA, located.data) == (path, words)
    with pytest.raises(ShowdownError) as info:
        validate_showdown(SCHEMA, located.data)
    assert words in str(info.value)


def test_the_file_that_is_empty_is_still_said_so():
    (problem,) = validate(parse_yaml("", "f.yaml"), SCHEMA)
    assert problem.message == "the file is empty (expected object)"
