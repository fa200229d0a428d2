"""`deckgen showcase`: a fan of cards in one PNG."""

from __future__ import annotations

from click.testing import CliRunner
from PIL import Image
import pytest

from deckgen.cli import main
from deckgen.loader import load_project
from deckgen.preview.showcase import fan_angles, pick_cards, pick_deck, showcase
from deckgen.scaffold import create_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_the_fan_is_symmetric_and_bounded():
    assert fan_angles(1) == [0.0]
    angles = fan_angles(7)
    assert angles == sorted(angles) and angles[0] == -angles[-1] and angles[3] == 0
    assert angles[-1] - angles[0] <= 64
    assert fan_angles(30)[-1] - fan_angles(30)[0] <= 64 + 1e-9


def test_cards_are_spread_over_the_deck_or_taken_as_named(project):
    deck = pick_deck(project.games["classic"], None)
    picked = pick_cards(deck, (), 5)
    ids = [c.id for c in deck.cards]
    assert len(picked) == 5 and picked[0].id == ids[0] and picked[-1].id == ids[-1]
    assert [c.id for c in pick_cards(deck, ("idiot", "sabers-1"))] == ["idiot", "sabers-1"]


def test_showcase_command_writes_the_fan(tmp_path):
    proj = tmp_path / "proj"
    create_project(proj)
    png = tmp_path / "fan.png"
    result = invoke("showcase", "demo", "--cards", "crown,ember", "--lang", "de", "--dpi", "100", "-o", png,
                    "--project", proj)
    assert result.exit_code == 0, result.output
    assert "crown, ember" in result.output
    with Image.open(png) as image:
        card_w = round(69 / 25.4 * 100) - 2 * round(3 / 25.4 * 100)  # the cut card, without its bleed
        assert image.width > 1.5 * card_w and image.height > image.width / 2
        corner = image.getpixel((2, 2))
        centre = image.getpixel((image.width // 2, image.height // 3))
        assert corner != centre  # cards on a ground
    same = showcase(load_project(proj), "demo", None, ("crown", "ember"), "de", 100)
    assert same.png == png.read_bytes()  # same cards, same bytes


def test_showcase_problems_are_located(tmp_path):
    proj = tmp_path / "proj"
    create_project(proj)
    assert invoke("showcase", "demo", "--cards", "nosuch", "--project", proj).output.strip().splitlines()[0] == \
        "--cards: no card 'nosuch' in deck 'demo'"
    assert invoke("showcase", "demo", "nodeck", "--project", proj).output.strip().splitlines()[0] == \
        "DECK: game 'demo' has no deck 'nodeck' (its decks: demo)"
    assert invoke("showcase", "demo", "--lang", "xx", "--project", proj).exit_code == 2
