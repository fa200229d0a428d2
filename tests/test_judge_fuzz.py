"""Fuzzing every bundled engine's judge through the command line: a verdict or one located problem, never a traceback.

Inputs are drawn from each engine's showdown schema (:func:`from_schema`, a
small generator for the JSON Schema words the engines' schemas use:
hypothesis-jsonschema 0.23 does not run on current Hypothesis), from plausible showdowns built of real card names, and from both mutated:
a value of the wrong type, an unknown key, deep nesting, huge numbers.  Each
goes through ``deckgen judge`` in-process (click's CliRunner) and must end
in exit 0 with a JSON verdict, or exit 2 with located ``FILE:LINE:COL``
problem lines.  The project is loaded once (``_load`` and the engine data
are cached for the test) so that the time goes into judging.  Slow: CI's
slow run; ``JUDGE_FUZZ_EXAMPLES`` sets the inputs per engine and kind.
"""

from __future__ import annotations

import functools
import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ("classic", "gladbach", "pazaak", "archeon")
#: inputs per engine for each of the two tests below (schema-drawn, plausible-and-mutated): 2 x 1000 = 2000
#: (measured: about 80 s of one core for all four engines)
EXAMPLES = int(os.environ.get("JUDGE_FUZZ_EXAMPLES", "1000"))
LOCATED = re.compile(r"^\S+\.json:\d+:\d+: ")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def cli(tmp_path_factory):
    """``judge(engine, document, *options) -> Result`` through ``deckgen judge``, the project loaded once."""
    import deckgen.commands.games as cli_module
    from deckgen.cli import main
    from deckgen.registry import GameDescriptor

    original_load, original_data = cli_module.load_for, GameDescriptor.data_for

    @functools.lru_cache(maxsize=None)
    def cached_load(project_dir, games):
        return original_load(project_dir, list(games))

    data_cache: dict = {}

    def cached_data(self, game):
        key = (self.engine, id(game))
        if key not in data_cache:
            data_cache[key] = original_data(self, game)
        return dict(data_cache[key])

    cli_module.load_for = lambda project_dir, games=(): cached_load(project_dir, tuple(games))
    GameDescriptor.data_for = cached_data
    folder = tmp_path_factory.mktemp("fuzz")
    runner = CliRunner()

    def judge(engine: str, document, *options: str):
        path = folder / "showdown.json"
        path.write_text(json.dumps(document, ensure_ascii=True), encoding="utf-8")
        return runner.invoke(main, ["judge", engine, str(path), *options, "--project", str(ROOT)])

    yield judge
    cli_module.load_for, GameDescriptor.data_for = original_load, original_data


def assert_verdict_or_located(result, engine, document) -> bool:
    """True for a verdict, False for a located refusal; anything else fails."""
    shown = json.dumps(document)[:600]
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"{engine}: {type(result.exception).__name__}: {result.exception}\ninput: {shown}"
    assert "Traceback" not in result.output and "internal error" not in result.output, \
        f"{engine}: {result.output}\ninput: {shown}"
    if result.exit_code == 0:
        assert isinstance(json.loads(result.output)["winners"], list)
        return True
    assert result.exit_code == 2, f"{engine}: exit {result.exit_code}: {result.output}\ninput: {shown}"
    lines = [line for line in result.output.splitlines() if line and not re.fullmatch(r"\d+ problems?", line)]
    assert len(lines) == 1 and LOCATED.match(lines[0]), f"{engine}: {result.output}\ninput: {shown}"
    return False


# ------------------------------------------------------------------ plausible showdowns, from real names

def _names(n):
    return [f"P{i}" for i in range(n)]


CLASSIC_CARDS = [f"{s}:{r}" for s in ("coins", "flasks", "sabers", "staves") for r in range(1, 16)] + \
    ["face:idiot", "face:star", "face:queen-of-air-and-darkness", "face:endurance", "face:balance",
     "face:demise", "face:moderation", "face:evil-one"]
GLADBACH_CARDS = [f"{c}:{v}" for c in ("green", "red", "blue", "yellow") for v in range(0, 8)]
PAZAAK_MAIN = [str(v) for v in range(1, 11)]
PAZAAK_SIDE = ["+1", "+2", "+3", "-1", "-2", "-3", "+/-1:+1", "+/-2:-2", "D", "2&4", "3&6", "1+/-2:+2", "+/-1T:-1"]
ARCHEON_FAMILIES = ("blood", "sand")


@st.composite
def classic_showdown(draw):
    n = draw(st.integers(2, 5))
    names = _names(n)
    doc = {"players": [{"name": p, "hand": draw(st.lists(st.sampled_from(CLASSIC_CARDS), min_size=2, max_size=5))}
                       for p in names]}
    if draw(st.booleans()):
        doc["caller"] = draw(st.sampled_from(names + ["nobody"]))
    if draw(st.booleans()):
        doc["extra"] = {names[0]: draw(st.lists(st.sampled_from(CLASSIC_CARDS), max_size=2))}
    if draw(st.booleans()):
        doc["location"] = draw(st.sampled_from(["imperial", "corellian", "mos-eisley", "casino", "nowhere"]))
    return doc


@st.composite
def gladbach_showdown(draw):
    names = _names(draw(st.integers(2, 5)))
    doc = {"players": [{"name": p, "hand": draw(st.lists(st.sampled_from(GLADBACH_CARDS), min_size=1, max_size=5))}
                       for p in names]}
    if draw(st.booleans()):
        for player in doc["players"]:
            player["chips"] = draw(st.lists(st.integers(0, 5), max_size=4))
    if draw(st.booleans()):
        doc["payouts"] = {names[0]: draw(st.integers(0, 20))}
    return doc


@st.composite
def pazaak_table(draw):
    cards = [draw(st.sampled_from(PAZAAK_MAIN))]
    for _ in range(draw(st.integers(0, 7))):
        cards.append(draw(st.sampled_from(PAZAAK_MAIN + PAZAAK_SIDE)))
    return cards


@st.composite
def pazaak_showdown(draw):
    single = {"players": [{"name": "A", "table": draw(pazaak_table())}, {"name": "B", "table": draw(pazaak_table())}]}
    if draw(st.booleans()):
        return single
    side = ["+1", "+2", "+3", "-1", "-2", "-3", "+4", "-4", "+/-1", "D"]
    hand = draw(st.lists(st.sampled_from(side), min_size=4, max_size=4))
    return {"players": [{"name": "A", "hand": hand, "side_deck": side}, {"name": "B", "hand": hand, "side_deck": side}],
            "sets": [{"players": [{"name": "A", "table": draw(pazaak_table())},
                                  {"name": "B", "table": draw(pazaak_table())}]}
                     for _ in range(draw(st.integers(1, 5)))]}


@st.composite
def archeon_card(draw, family):
    kind = draw(st.sampled_from(["value"] * 6 + ["impostor", "sylop"]))
    card = {"family": family}
    if kind == "value":
        card["value"] = draw(st.integers(1, 6))
    elif kind == "impostor":
        card.update(impostor=True, dice=draw(st.lists(st.integers(1, 6), min_size=2, max_size=2)))
    else:
        card["sylop"] = True
    return card


@st.composite
def archeon_showdown(draw):
    names = _names(draw(st.integers(2, 4)))
    doc = {"players": [{"name": p, "hand": [draw(archeon_card(f)) for f in ARCHEON_FAMILIES],
                        "chips": draw(st.integers(0, 30))} for p in names]}
    if draw(st.booleans()):
        doc["planet"] = draw(st.sampled_from(["kamino", "bonadan", "ruusan", "dxun", "bakura", "mon-calamari",
                                              "corellian-system", "vorzyd-v", "nowhere"]))
    if draw(st.booleans()):
        doc["tokens"] = draw(st.lists(st.sampled_from(["major-fraud", "minor-fraud", "markdown", "cook-the-books"]),
                                      max_size=2, unique=True))
    if draw(st.booleans()):
        doc["round"] = draw(st.integers(1, 40))
    if draw(st.booleans()):
        doc["multiplier"] = draw(st.sampled_from([1, 2, 4, 8, 3]))
    if draw(st.booleans()):
        doc["planet"] = draw(st.sampled_from(["bothawui", "wayland"]))
        talk = [{"declare": p, "card": draw(archeon_card(draw(st.sampled_from(ARCHEON_FAMILIES)))), "forced": True}
                for p in names]
        for _ in range(draw(st.integers(0, 3))):
            by, other = draw(st.permutations(names))[:2]
            claim = {"family": draw(st.sampled_from(ARCHEON_FAMILIES)), "value": draw(st.integers(1, 6))}
            if draw(st.booleans()):
                talk.append({"declare": by, "card": claim, **({"check": other} if draw(st.booleans()) else {})})
            else:
                talk.append({"plant": by, "to": other, "card": claim,
                             "answer": draw(st.sampled_from(["believe", "liar"]))})
        doc["talk"] = talk
    return doc


PLAUSIBLE = {"classic": classic_showdown(), "gladbach": gladbach_showdown(), "pazaak": pazaak_showdown(),
             "archeon": archeon_showdown()}


# ------------------------------------------------------------------ mutations

_WRONG = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=False),
                   st.text(max_size=20), st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5),
                                                                                           st.integers(), max_size=2))


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _replace(value, path, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    copy = list(value)
    copy[head] = _replace(copy[head], rest, new)
    return copy


def _nest(depth):
    out: object = "coins:1"
    for _ in range(depth):
        out = [out]
    return out


@st.composite
def mutated(draw, base):
    doc = draw(base)
    paths = list(_paths(doc))
    kind = draw(st.sampled_from(["wrong type", "unknown key", "deep", "huge", "keep"]))
    path = draw(st.sampled_from(paths))
    if kind == "wrong type":
        return _replace(doc, path, draw(_WRONG))
    if kind == "unknown key":
        mappings = [p for p in paths if isinstance(_at(doc, p), dict)]
        where = draw(st.sampled_from(mappings))
        key = draw(st.sampled_from(["caler", "nmae", "hands", "x", "table ", "chip"]))
        return _replace(doc, where, {**_at(doc, where), key: 1})
    if kind == "deep":
        return _replace(doc, path, _nest(draw(st.integers(10, 400))))
    if kind == "huge":
        return _replace(doc, path, draw(st.sampled_from([10**20, -10**20, 10**300, 1e308, 2**63])))
    return doc


def _at(value, path):
    for p in path:
        value = value[p]
    return value


# ------------------------------------------------------------------ documents drawn from a schema

_TEXT = st.one_of(st.text(max_size=12), st.sampled_from(["A", "B", "coins:11", "green:3", "+2", "blood", "sand",
                                                         "planet", "kamino", "aril-nunb", "0-0-0", "imperial"]))


def from_schema(schema) -> st.SearchStrategy:
    """Documents that (mostly) fit ``schema``: type, properties, required, items, sizes, enum, anyOf, if/then/else."""
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "anyOf" in schema:
        return st.one_of([from_schema(s) for s in schema["anyOf"]])
    if "then" in schema:
        return st.one_of(from_schema(schema["then"]), from_schema(schema["else"]))
    types = schema.get("type", ["string", "integer", "array", "object"])
    types = [types] if isinstance(types, str) else types
    return st.one_of([_of_type(t, schema) for t in types])


def _of_type(kind, schema) -> st.SearchStrategy:
    if kind == "string":
        return _TEXT.filter(lambda s: len(s) >= schema.get("minLength", 0))
    if kind == "integer":
        return st.integers(schema.get("minimum", -3), min(schema.get("maximum", 40), schema.get("minimum", -3) + 40))
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "array":
        items = from_schema(schema.get("items", {"type": "string"}))
        low = schema.get("minItems", 0)
        return st.lists(items, min_size=low, max_size=min(schema.get("maxItems", low + 4), low + 4))
    properties = schema.get("properties", {})
    if not properties:
        values = schema.get("additionalProperties")
        return st.dictionaries(_TEXT, from_schema(values) if isinstance(values, dict) else st.integers(), max_size=3)
    required = {k: from_schema(properties[k]) for k in schema.get("required", ())}
    optional = {k: from_schema(v) for k, v in properties.items() if k not in required}
    return st.fixed_dictionaries(required, optional=optional)


# ------------------------------------------------------------------ the tests

def _schema(engine):
    from deckgen.registry import installed_games

    return installed_games()[engine].showdown_schema


@pytest.mark.parametrize("engine", ENGINES)
def test_inputs_drawn_from_the_schema_end_in_a_verdict_or_a_located_problem(cli, engine):
    strategy = st.one_of(from_schema(_schema(engine)), mutated(from_schema(_schema(engine))))

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def check(document):
        assert_verdict_or_located(cli(engine, document), engine, document)

    check()


@pytest.mark.parametrize("engine", ENGINES)
def test_plausible_and_mutated_showdowns_end_in_a_verdict_or_a_located_problem(cli, engine):
    verdicts = []

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.one_of(PLAUSIBLE[engine], mutated(PLAUSIBLE[engine])))
    def check(document):
        verdicts.append(assert_verdict_or_located(cli(engine, document), engine, document))

    check()
    assert any(verdicts) and not all(verdicts), f"{engine}: {sum(verdicts)} verdicts of {len(verdicts)}"
