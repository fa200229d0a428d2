"""``deckgen new --template blank|numbered|poker``: each starter is complete, checks clean and builds."""

from __future__ import annotations

import pytest
import yaml
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.loader import load_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

#: starter -> (game, cards printed, where its card list comes from)
STARTERS = {"blank": ("demo", 4, "cards.yaml"), "numbered": ("numbers", 40, "cards.csv"),
            "poker": ("poker", 54, "cards.yaml")}


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("template", sorted(STARTERS))
def test_a_starter_checks_and_builds(tmp_path, template):
    game_id, count, card_list = STARTERS[template]
    root = tmp_path / template
    created = invoke("new", root, "--template", template)
    assert created.exit_code == 0, created.output
    settings = yaml.safe_load((root / "deckgen.yaml").read_text(encoding="utf-8"))
    assert {"display", "body", "body-bold", "body-italic", "body-bold-italic"} <= set(settings["fonts"])
    project = load_project(root)
    game = project.games[game_id]
    assert sum(c.count for deck in game.decks.values() for c in deck.cards) == count
    assert game.decks[game_id].cards[0].source.file == f"data/{game_id}/{card_list}"
    assert "reference" in game.documents
    for lang in project.languages:
        assert (root / "data" / game_id / "rules" / f"{lang}.md").is_file()
    checked = invoke("check", "--project", root)
    assert checked.exit_code == 0, checked.output
    # --jobs 1: that the starter builds is the point, not the worker processes (their start-up was about half
    # of the build's CPU)
    built = invoke("build", "--project", root, "--dpi", "72", "--lang", "de", "--out", root / "out", "--jobs", "1")
    assert built.exit_code == 0, built.output
    written = {p.name for p in (root / "out" / game_id).iterdir()}
    assert {f"{game_id}-de-a4.pdf", "reference-de-a4.pdf", f"{game_id}-rules-de.pdf"} <= written


def test_the_poker_starter_names_its_run_in_both_languages(tmp_path):
    root = tmp_path / "poker"
    invoke("new", root, "--template", "poker")
    deck = load_project(root).games["poker"].decks["poker"]
    queen = next(c for c in deck.cards if c.id == "queen-of-hearts")
    assert (queen.text("en"), queen.text("de")) == ("Queen of Hearts", "Herz-Dame")
    assert dict(queen.fields) == {"suit": "hearts", "rank": "queen", "colour": None}


def test_the_common_icons_file_documents_its_keys(tmp_path):
    invoke("new", tmp_path / "p")
    head = (tmp_path / "p" / "templates" / "_common" / "icons.yaml").read_text(encoding="utf-8").split("\nstar:")[0]
    for key in ("viewbox:", "svg:", "advance:", "scale:"):
        assert f"#   {key}" in head


def test_an_unknown_starter_is_refused(tmp_path):
    result = invoke("new", tmp_path / "p", "--template", "chess")
    assert result.exit_code == 2 and "chess" in result.output
