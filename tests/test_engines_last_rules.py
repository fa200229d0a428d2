"""The last rules played (issue 28): crashes and silently ignored showdown input, showdown schemas,
the 42-card caller and simulator, and the simulator's round limits as options."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import main

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str):
    return CliRunner().invoke(main, [*args, "--project", str(ROOT)])


def judge(tmp_path: Path, game: str, text: str, *options: str):
    path = tmp_path / "showdown.yaml"
    path.write_text(text, encoding="utf-8")
    return run("judge", game, str(path), *options)


def one_problem(result, *words: str) -> str:
    """The single located problem line of a refused input (exit 2, no traceback)."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    lines = [line for line in result.output.splitlines() if line and not line.endswith("problem")]
    assert len(lines) == 1, result.output
    line = lines[0]
    assert line.startswith(str(Path("showdown.yaml"))) or "showdown.yaml:" in line, line
    for word in words:
        assert word in line, line
    return line


CLASSIC = """\
players:
  - {name: A, hand: [coins:11, sabers:ace]}
  - {name: B, hand: ["face:idiot", flasks:2, staves:3]}
"""


# ------------------------------------------------------------------ crashes

@pytest.mark.parametrize("caller", ["[A]", "{A: 1}"])
def test_classic_caller_that_is_not_text_is_a_located_error(tmp_path, caller):
    line = one_problem(judge(tmp_path, "classic", CLASSIC + f"caller: {caller}\n"), "caller:", "text")
    assert ":4:" in line


@pytest.mark.parametrize("cancel", ["[planet]", "{planet: 1}"])
def test_archeon_resolution_cancel_that_is_not_text_is_a_located_error(tmp_path, cancel):
    text = f"""\
players:
  - {{name: A, hand: [0-0-0, bakko], entourage: [{{ability: resolution, tier: 2, cancel: {cancel}}}]}}
  - {{name: B, hand: [{{family: blood, value: 2}}, {{family: sand, value: 3}}]}}
"""
    one_problem(judge(tmp_path, "archeon", text), "players.0.entourage.0.cancel")


def test_classic_engine_called_directly_refuses_a_list_caller():
    from deckgen.errors import ShowdownError
    from deckgen.games.classic.engine import judge as classic_judge

    doc = {"players": [{"name": "A", "hand": ["coins:11", "sabers:ace"]},
                       {"name": "B", "hand": ["flasks:2", "staves:3"]}], "caller": ["A"]}
    with pytest.raises(ShowdownError) as caught:
        classic_judge(doc)
    assert caught.value.path == ("caller",)


@pytest.mark.parametrize("rounds", ["16", "40"])
def test_simulate_classic_pot_building_past_sixteen_rounds_plays(rounds):
    result = run("simulate", "classic", "--games", "3", "--pot-building", rounds, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["conserved"] is True


def test_simulate_classic_pot_building_past_its_maximum_is_refused_naming_the_option():
    result = run("simulate", "classic", "--games", "1", "--pot-building", "100000")
    assert result.exit_code == 2 and "--pot-building" in result.output and "1000" in result.output
    assert "Traceback" not in result.output


def test_simulate_classic_rounds_must_leave_a_round_after_pot_building():
    result = run("simulate", "classic", "--games", "1", "--pot-building", "5", "--rounds", "5")
    assert result.exit_code == 2 and "--rounds" in result.output and "6 or more" in result.output


# ------------------------------------------------------------------ silently ignored input

@pytest.mark.parametrize("game, text, nearest", [
    ("classic", CLASSIC + "caler: A\n", "caller"),
    ("gladbach", "players:\n  - {name: A, hand: [green:3, red:1], chps: [1]}\n"
                 "  - {name: B, hand: [blue:0, green:2]}\n", "chips"),
    ("pazaak", "players:\n  - {name: A, table: ['7', '10']}\n  - {name: B, table: ['5'], tabel: ['2']}\n",
     "table"),
])
def test_unknown_keys_are_refused_with_the_nearest_known_key(tmp_path, game, text, nearest):
    one_problem(judge(tmp_path, game, text), "unknown key", f"did you mean '{nearest}'")


def test_misspelt_caller_no_longer_drops_the_penalty(tmp_path):
    line = one_problem(judge(tmp_path, "classic", CLASSIC + "caler: B\n"), "caler")
    assert ":4:" in line


def test_archeon_two_pure_sabaccs_at_one_table_are_refused(tmp_path):
    text = """\
players:
  - {name: A, hand: [{family: blood, sylop: true}, {family: sand, sylop: true}]}
  - {name: B, hand: [{family: blood, sylop: true}, {family: sand, sylop: true}]}
"""
    one_problem(judge(tmp_path, "archeon", text), "players.1.hand.0", "Blood Sylop", "Pure Sabacc")


def test_archeon_four_blood_fours_are_refused(tmp_path):
    text = "players:\n" + "".join(
        f"  - {{name: {n}, hand: [{{family: blood, value: 4}}, {{family: sand, value: {v}}}]}}\n"
        for n, v in zip("ABCD", (1, 2, 3, 5)))
    line = one_problem(judge(tmp_path, "archeon", text), "players.3.hand.0", "Blood 4", "holds 3")
    assert ":5:" in line


def test_archeon_three_blood_fours_still_judge(tmp_path):
    text = "players:\n" + "".join(
        f"  - {{name: {n}, hand: [{{family: blood, value: 4}}, {{family: sand, value: {v}}}]}}\n"
        for n, v in zip("ABC", (1, 2, 3)))
    assert judge(tmp_path, "archeon", text).exit_code == 0


# ------------------------------------------------------------------ messages that say what is wrong

@pytest.mark.parametrize("game, text", [
    ("classic", CLASSIC.replace("name: A", "name: 1")),
    ("gladbach", "players:\n  - {name: 1, hand: [green:3]}\n  - {name: B, hand: [blue:0]}\n"),
    ("pazaak", "players:\n  - {name: 1, table: ['7']}\n  - {name: B, table: ['5']}\n"),
    ("archeon", "players:\n  - {name: 1, hand: [0-0-0, bakko]}\n  - {name: B, hand: [a-oic, 99-99]}\n"),
])
def test_a_numeric_name_is_told_to_be_text(tmp_path, game, text):
    line = one_problem(judge(tmp_path, game, text), "players.0.name", "got 1", "text", "quotes")
    assert "non-empty" not in line


def test_pazaak_empty_sets_says_the_list_is_empty(tmp_path):
    text = """\
players:
  - {name: A, hand: [+1, +2, -3, +4]}
  - {name: B, hand: [+1, +2, -3, +4]}
sets: []
"""
    line = one_problem(judge(tmp_path, "pazaak", text), "sets", "empty list", "at least 1")
    assert "needs 'sets'" not in line


def test_wild_and_clone_belong_to_the_42_card_deck(tmp_path):
    one_problem(judge(tmp_path, "classic", CLASSIC + "wild: [2, 5]\n"), "wild", "--deck adapted-42")


# ------------------------------------------------------------------ schemas

def test_schema_publishes_one_showdown_schema_per_bundled_engine(tmp_path):
    result = run("schema", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    for engine in ("classic", "gladbach", "pazaak", "archeon"):
        schema = json.loads((tmp_path / f"showdown.{engine}.schema.json").read_text(encoding="utf-8"))
        assert schema["$schema"].endswith("2020-12/schema")


def test_every_bundled_showdown_example_fits_its_schema(project):
    import yaml
    from jsonschema import Draft202012Validator

    for engine, descriptor in project.engines.items():
        if descriptor.showdown_schema is None:
            continue
        Draft202012Validator.check_schema(descriptor.showdown_schema)
        example = yaml.safe_load(descriptor.showdown_example)
        assert not list(Draft202012Validator(descriptor.showdown_schema).iter_errors(example)), engine


def test_a_plugin_engine_without_a_schema_validates_its_own_input():
    from deckgen.decisions import judge as judge_with
    from deckgen.registry import GameDescriptor

    seen = []
    descriptor = GameDescriptor(engine="toy", title="toy", judge=lambda doc, data, options: seen.append(doc) or
                                {"winners": ["A"], "players": [{"name": "A"}, {"name": "B"}]})
    judge_with(descriptor, {"players": [{"name": "A"}, {"name": "B"}], "anything": [1]}, {}, {})
    assert seen and seen[0]["anything"] == [1]


# ------------------------------------------------------------------ the 42-card caller and simulator

A42 = """\
wild: [2, 5]
clone: 3
players:
  - {name: A, hand: [1, 4]}
  - {name: B, hand: [ace, 4, 6]}
"""


def test_the_42_card_judge_charges_a_losing_caller(tmp_path):
    result = judge(tmp_path, "classic", A42 + "caller: A\n", "--deck", "adapted-42")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["winners"] == ["B"] and out["caller"] == "A" and out["penalized"] == ["A"]


def test_the_42_card_judge_does_not_charge_a_winning_caller(tmp_path):
    out = json.loads(judge(tmp_path, "classic", A42 + "caller: B\n", "--deck", "adapted-42").output)
    assert out["penalized"] == []


def test_the_42_card_caller_must_sit_at_the_table(tmp_path):
    one_problem(judge(tmp_path, "classic", A42 + "caller: Zed\n", "--deck", "adapted-42"), "caller", "Zed")


def test_simulate_classic_plays_the_42_card_deck():
    result = run("simulate", "classic", "--deck", "adapted-42", "--games", "40", "--players", "3", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["conserved"] is True and summary["options"]["deck"] == "adapted-42"
    assert set(summary["categories"]) <= {"pure sabacc", "normal", "bombed out"}


def test_simulate_42_refuses_options_of_the_76_card_deck():
    result = run("simulate", "classic", "--deck", "adapted-42", "--games", "1", "--location", "imperial")
    assert result.exit_code == 2 and "--location" in result.output


def test_simulate_offers_every_option_the_judge_takes(project):
    for engine, descriptor in project.engines.items():
        assert set(descriptor.judge_options) <= set(descriptor.simulate_options), engine


# ------------------------------------------------------------------ Archeon's table talk and planets

def archeon(doc: dict) -> dict:
    from deckgen.decisions import judge as judge_with

    from deckgen.loader import load_project

    project = _PROJECT.setdefault("p", load_project(ROOT, only=["archeon"]))
    game = project.games["archeon"]
    descriptor = project.descriptor(game)
    return dict(judge_with(descriptor, doc, descriptor.data_for(game), {}).raw)


_PROJECT: dict = {}


def card(family: str, value: int) -> dict:
    return {"family": family, "value": value}


def table(*talk: dict, planet: str | None = None) -> dict:
    doc = {"players": [{"name": "Ana", "hand": [card("blood", 2), card("sand", 5)], "chips": 10},
                       {"name": "Ben", "hand": [card("blood", 3), card("sand", 3)], "chips": 10}],
           "bank": 4, "talk": list(talk)}
    if planet:
        doc["planet"] = planet
    return doc


def total_chips(doc: dict, result: dict) -> int:
    return sum(result["chips_after"].values())


@pytest.mark.parametrize("answer, planted, wrong, ana, ben", [
    ("believe", card("sand", 3), "nobody", 10, 10),   # believed truth: nobody pays
    ("believe", card("sand", 6), "Ben", 13, 7),       # believed lie: the believer pays 3
    ("liar", card("sand", 3), "Ben", 13, 7),          # challenged truth: the challenger pays 3
    ("liar", card("sand", 6), "Ana", 7, 13),          # challenged lie: the planter pays 3
])
def test_the_plant_whoever_is_wrong_pays_three(answer, planted, wrong, ana, ben):
    move = {"plant": "Ana", "to": "Ben", "card": card("sand", 3), "planted": planted, "answer": answer,
            "wrong": wrong}
    result = archeon(table(move))
    assert result["talk"][0]["wrong"] == (None if wrong == "nobody" else wrong)
    paid = {p["from"]: p["chips"] for p in result["talk_payments"]}
    assert paid == ({} if wrong == "nobody" else {wrong: 3})
    # Ben wins the round (a pair); the bank of 4 and Ana's penalty of 3 (the difference of 2 and 5) go to him
    assert result["winners"] == ["Ben"]
    assert result["chips_after"] == {"Ana": ana - 3, "Ben": ben + 4 + 3}
    assert total_chips({}, result) == 20 + 4


def test_a_wrong_claim_of_who_was_wrong_is_refused_at_its_line():
    from deckgen.errors import ShowdownError

    move = {"plant": "Ana", "to": "Ben", "card": card("sand", 3), "planted": card("sand", 3), "answer": "liar",
            "wrong": "Ana"}
    with pytest.raises(ShowdownError) as caught:
        archeon(table(move))
    assert caught.value.path == ("talk", 0, "wrong") and "Ben" in caught.value.message


def test_the_check_catches_a_liar_or_loses_its_chip():
    lie = archeon(table({"declare": "Ana", "card": card("sand", 2), "check": "Ben"}))  # Ana's Sand card is a 5
    assert lie["talk"][0] == {"declaration": "Ana", "forced": False, "check": "Ben", "true": False, "wrong": "Ana"}
    assert [(p["from"], p["to"], p["chips"]) for p in lie["talk_payments"]] == [("Ben", "bank", 1), ("Ana", "Ben", 3)]
    truth = archeon(table({"declare": "Ana", "card": card("sand", 5), "check": "Ben"}))
    assert truth["talk"][0]["wrong"] == "Ben" and truth["rewards"] == {}
    assert [(p["from"], p["to"]) for p in truth["talk_payments"]] == [("Ben", "bank")]
    # the check fee went into the bank that Ben wins: 4 + 1 fee + Ana's penalty 3
    assert truth["payout"] == {"Ben": 8}


def test_an_unchecked_declaration_earns_one_chip_from_the_bank_once_a_round():
    result = archeon(table({"declare": "Ana", "card": card("blood", 2)}, {"declare": "Ana", "card": card("sand", 1)}))
    assert result["rewards"] == {"Ana": 1}
    assert result["payout"] == {"Ben": 4 + 3 - 1}
    assert sum(result["chips_after"].values()) == 24


def test_bothawui_every_player_opens_with_a_declaration_that_earns_nothing():
    opening = [{"declare": "Ana", "card": card("blood", 2), "forced": True},
               {"declare": "Ben", "card": card("sand", 1), "forced": True}]
    result = archeon(table(*opening, planet="bothawui"))
    assert result["rewards"] == {} and result["talk_payments"] == []
    # the opening declaration may be checked like any other: Ben lied
    checked = archeon(table(opening[0], {**opening[1], "check": "Ana", "wrong": "Ben"}, planet="bothawui"))
    assert ("Ben", "Ana", 3) in [(p["from"], p["to"], p["chips"]) for p in checked["talk_payments"]]


def test_bothawui_without_the_opening_declarations_is_refused():
    from deckgen.errors import ShowdownError

    with pytest.raises(ShowdownError) as caught:
        archeon(table({"declare": "Ana", "card": card("blood", 2), "forced": True}, planet="bothawui"))
    assert caught.value.path == ("talk",) and "Ben" in caught.value.message


def test_wayland_hides_the_log_and_changes_nothing_at_the_reveal():
    hidden = archeon(table(planet="wayland"))
    plain = archeon(table())
    assert hidden["log_hidden_until_reveal"] is True and "log_hidden_until_reveal" not in plain
    assert hidden["winners"] == plain["winners"] and hidden["chips_after"] == plain["chips_after"]


# ------------------------------------------------------------------ the Archeon simulator's table talk

def simulate_archeon(*options: str) -> dict:
    result = run("simulate", "archeon", "--games", "30", "--players", "4", "--json", *options)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_simulate_archeon_reports_the_table_talk_with_money_conserved():
    summary = simulate_archeon()
    talk = summary["table_talk"]
    assert set(talk) == {"declaration", "check", "plant"}
    assert set(talk["declaration"]) == {"made", "won"} and set(talk["check"]) == {"made", "won"}
    assert set(talk["plant"]) == {"made", "believed", "challenged", "won"}
    assert talk["declaration"]["made"] > 0 and talk["check"]["made"] > 0 and talk["plant"]["made"] > 0
    assert talk["plant"]["believed"] + talk["plant"]["challenged"] == talk["plant"]["made"]
    for move in talk.values():
        assert 0 <= move["won"] <= move["made"]
    assert summary["conserved"] is True


def test_simulate_archeon_talk_options_steer_the_moves():
    honest = simulate_archeon("--bluff", "0", "--challenge", "1")
    assert honest["table_talk"]["plant"]["made"] == 0  # nobody who never bluffs plants
    assert honest["table_talk"]["check"]["won"] == 0  # honest declarations: no check catches a liar
    trusting = simulate_archeon("--bluff", "1", "--believe", "1", "--challenge", "0")
    assert trusting["table_talk"]["check"]["made"] == 0
    plant = trusting["table_talk"]["plant"]
    assert plant["challenged"] == 0 and plant["believed"] == plant["made"] > 0


@pytest.mark.parametrize("option, value", [("--bluff", "1.5"), ("--believe", "-0.1"), ("--challenge", "often")])
def test_simulate_archeon_talk_options_are_probabilities(option, value):
    result = run("simulate", "archeon", "--games", "1", option, value)
    assert result.exit_code == 2 and option in result.output and "Traceback" not in result.output
