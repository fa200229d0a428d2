"""A YAML file is parsed once: its values are counted as they are composed, not in a pass of their own."""

from __future__ import annotations

import pytest

import deckgen.yamlpos as yamlpos
from deckgen.errors import DeckgenError
from deckgen.limits import Limits
from deckgen.yamlpos import WrittenInt, parse_yaml

TEXT = """\
base: &base {suit: coins, value: +2}
cards:
  - id: one
    <<: *base
  - id: two
    value: 007
"""


def test_a_document_is_parsed_by_one_parser(monkeypatch):
    made = []
    init = yamlpos._SafeBase.__init__

    def counted(self, stream):
        made.append(stream)
        init(self, stream)

    monkeypatch.setattr(yamlpos._SafeBase, "__init__", counted)
    located = parse_yaml(TEXT, "data/demo/cards.yaml")
    assert len(made) == 1
    assert located.data["cards"][0] == {"id": "one", "suit": "coins", "value": 2}
    assert located.line(("cards", 1, "value")) == 6 and located.column(("cards", 1, "value")) == 5
    written = located.data["cards"][1]["value"]
    assert isinstance(written, WrittenInt) and written.written == "007"


def test_the_count_stops_the_one_pass_at_the_limit():
    text = "".join(f"k{i}: [1, 2, 3]\n" for i in range(100))
    assert len(parse_yaml(text, "f.yaml", Limits(values=501)).data) == 100  # 100 keys, 100 lists, 300 numbers, the mapping
    with pytest.raises(DeckgenError, match=r"^f.yaml:1:1: document too large: more than 500 values"):
        parse_yaml(text, "f.yaml", Limits(values=500))


def test_syntax_errors_are_still_located():
    with pytest.raises(DeckgenError, match=r"^f.yaml:2:\d+: invalid YAML"):
        parse_yaml("a: [1, 2\nb: }\n", "f.yaml")
    with pytest.raises(DeckgenError, match=r"^f.yaml:2:1: b: duplicate key 'b'"):
        parse_yaml("b: 1\nb: 2\n", "f.yaml")
