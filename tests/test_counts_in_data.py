"""Card counts are stated once, in the decks' YAML: the engines follow the data, no copy in Python.

Each test changes a count (or a value) in a copy of the data and shows that
the judge, the simulator or the engine's fallback (the bundled game's data,
for an engine called without a project) uses the changed number.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from deckgen.errors import DeckgenError, ShowdownError
from deckgen.games import bundled_decks
from deckgen.games.classic import adapted42
from deckgen.games.classic import bundled as classic_bundled
from deckgen.games.classic import engine as classic_engine
from deckgen.games.classic.cards import copies_in_deck, deck_cards, face
from deckgen.games.classic.data import load_data as classic_load_data
from deckgen.games.classic.simulation import config_from
from deckgen.games.classic.sim import simulate as play_hand
from deckgen.games.pazaak import engine as pazaak_engine
from deckgen.games.pazaak import deck_counts as pazaak_main_deck
from deckgen.games.pazaak.sim import simulate_match
from deckgen.loader import load_project
from deckgen.registry import SimulationRequest, installed_games
from tests.conftest import ROOT, copy_project

GAMES = ROOT / "deckgen" / "games"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def _forget_bundled() -> None:
    for cached in (bundled_decks._deck_spec, bundled_decks.bundled_cards, classic_bundled.classic_deck,
                   classic_bundled._adapted_42, pazaak_main_deck._bundled):
        cached.cache_clear()


@pytest.fixture
def bundled_copy(tmp_path, monkeypatch):
    """A copy of the bundled games' data that the engines' fallback reads instead of the real one."""
    root = tmp_path / "bundled"
    for game in ("classic", "pazaak"):
        shutil.copytree(ROOT / "data" / game, root / "data" / game, ignore=shutil.ignore_patterns("lang", "rules"))
    monkeypatch.setattr(bundled_decks, "BUNDLED_ROOT", root)
    _forget_bundled()
    yield root
    monkeypatch.undo()
    _forget_bundled()


def _pazaak_sevens(count: int) -> dict:
    a, b = (count + 1) // 2, count // 2
    return {"players": [{"name": "A", "table": ["7"] * a}, {"name": "B", "table": ["7"] * b}]}


# ------------------------------------------------------------- the fallback: the bundled data, not a Python copy


def test_pazaak_engine_without_data_counts_the_bundled_main_deck(bundled_copy):
    with pytest.raises(ShowdownError, match="holds only 4 of each value"):
        pazaak_engine.judge(_pazaak_sevens(5))
    _edit(bundled_copy / "data/pazaak/main.yaml", "{id: main-7, count: 4,", "{id: main-7, count: 5,")
    _forget_bundled()
    assert pazaak_main_deck.bundled_main_deck()[7] == 5
    pazaak_engine.judge(_pazaak_sevens(5))  # five 7s are in the deck now
    with pytest.raises(ShowdownError, match="holds only 5 of each value"):
        pazaak_engine.judge(_pazaak_sevens(6))


def test_classic_engine_without_data_counts_the_bundled_faces(bundled_copy):
    three_idiots = {"players": [{"name": "A", "hand": ["face:idiot", "face:idiot", "coins:2"]},
                                {"name": "B", "hand": ["face:idiot", "flasks:2", "staves:3"]}]}
    with pytest.raises(ShowdownError, match="the deck holds 2 copies"):
        classic_engine.judge(three_idiots)
    _edit(bundled_copy / "data/classic/faces.yaml", "face: idiot, value: 0, count: 2}", "face: idiot, value: 0, count: 3}")
    _edit(bundled_copy / "data/classic/faces.yaml", "face: the-star, value: -17,", "face: the-star, value: -16,")
    _forget_bundled()
    assert copies_in_deck(face("idiot")) == 3 and len(deck_cards()) == 77
    assert copies_in_deck(face("idiot"), "cloud-city") == 2  # the other face set is its own file
    assert classic_engine.card_value("face:the-star") == -16
    assert classic_engine.judge(three_idiots)["winners"]


def test_adapted_42_without_data_counts_the_bundled_deck(bundled_copy):
    three_sixes = {"wild": [2, 5], "clone": 3,
                   "players": [{"name": "A", "hand": [1, 5, 5]}, {"name": "B", "hand": [6, 6, 6]}]}
    with pytest.raises(ShowdownError, match="holds 2 copies"):
        adapted42.judge(three_sixes)
    _edit(bundled_copy / "data/classic/adapted-42.yaml", "{id: adapted-6, rank: 6, value: 6, count: 2}",
          "{id: adapted-6, rank: 6, value: 6, count: 3}")
    _forget_bundled()
    assert adapted42.judge(three_sixes)["winners"]


# ------------------------------------------------------------- a project's data: what its engine deals and judges


def test_classic_simulator_deals_the_games_printed_deck(tmp_path):
    project = copy_project(tmp_path / "proj", "classic")
    _edit(project / "data/classic/faces.yaml", "face: idiot, value: 0, count: 2}", "face: idiot, value: 0, count: 40}")
    _edit(project / "data/classic/game.yaml", "count: 76 ", "count: 114 ")
    game = load_project(project).games["classic"]
    data = classic_load_data(game)
    config = config_from(SimulationRequest(players=2, games=1, seed=0, data=data))
    assert len(config.deck) == 114 and config.deck.count(face("idiot")) == 40
    hands = [play_hand(seed, config).hands for seed in range(20)]
    most = max(list(hand).count("face:idiot") for seeded in hands for _, hand in seeded)
    assert most > 2, "with 40 idiots in the deck some hand must hold more than the rules' two"


def test_classic_judge_follows_a_changed_count(tmp_path):
    project = copy_project(tmp_path / "proj", "classic")
    _edit(project / "data/classic/faces.yaml", "face: idiot, value: 0, count: 2}", "face: idiot, value: 0, count: 3}")
    _edit(project / "data/classic/game.yaml", "count: 76 ", "count: 77 ")
    descriptor = installed_games()["classic"]
    data = descriptor.load_data(load_project(project).games["classic"])
    hand = {"players": [{"name": "A", "hand": ["face:idiot"] * 3}, {"name": "B", "hand": ["coins:2", "coins:3"]}]}
    assert descriptor.judge(hand, data, {})["winners"]


def test_pazaak_judge_and_simulator_follow_a_changed_count(tmp_path):
    project = copy_project(tmp_path / "proj", "pazaak")
    _edit(project / "data/pazaak/main.yaml", "{id: main-7, count: 4,", "{id: main-7, count: 400,")
    descriptor = installed_games()["pazaak"]
    data = descriptor.load_data(load_project(project).games["pazaak"])
    assert data["main_deck"][7] == 400
    assert descriptor.judge(_pazaak_sevens(5), data, {})["reason"]  # five 7s: this deck holds them
    decks = data["side_decks"]
    match = simulate_match([decks["starter"], decks["charge"]], seed=3, main_deck=data["main_deck"])
    dealt = [t for s in match.sets for table in s.tables for t in table if t.isdigit()]
    assert dealt.count("7") > len(dealt) * 3 // 4, dealt  # 400 of the 436 cards are 7s


# ------------------------------------------------------------- no second copy in Python

COPIES_IN_PYTHON = [
    r"\bFACE_COPIES\b", r"\bMAIN_DECK\b", r"\bSTANDARD_COMPOSITION\b", r"\bSTANDARD_DECK\b",
    r"\bCLASSIC_FACE_VALUES\b", r"\bCLOUD_CITY_FACES\b",
    r'"the-star":\s*-17', r'"jedi-master"', r"\{1: 8, 2: 8", r"\(value, 4\)", r"range\(1, 16\)", r"range\(1, 11\)",
    r'"sabers",\s*"flasks"',
]


@pytest.mark.parametrize("pattern", COPIES_IN_PYTHON)
def test_no_deck_composition_is_written_in_python(pattern):
    hits = [f"{path.relative_to(ROOT)}:{n}" for game in ("classic", "pazaak")
            for path in sorted((GAMES / game).glob("*.py"))
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if re.search(pattern, line)]
    assert not hits, hits


def test_a_location_array_asks_no_more_copies_than_the_printed_deck_holds(tmp_path):
    project = copy_project(tmp_path / "proj", "classic")
    faces = project / "data/classic/faces-cloud-city.yaml"
    _edit(faces, "face: smuggler, value: null, count: 2}", "face: smuggler, value: null, count: 1}")
    _edit(faces, "face: rancor, value: null, count: 2}", "face: rancor, value: null, count: 3}")  # still 76 cards
    game = load_project(project).games["classic"]
    with pytest.raises(DeckgenError) as err:
        classic_load_data(game)
    assert [str(p) for p in err.value.problems] == [
        "data/classic/locations.yaml:63:28: locations.corellian.array.pattern.0.count: "
        "count 2 is impossible; the deck holds 1 such cards."]
