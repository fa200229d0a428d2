"""Sabacc Archeon decks: legal match decks for any seed, deterministic; support decks by rarity; the command."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
import yaml
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.games.archeon.checks import match_deck_problems
from deckgen.games.archeon.deck import match_deck, read_deck, shortages, support_deck
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def arch(project):
    """The archeon engine data (ArcheonData) of the session's project."""
    game = project.games["archeon"]
    return project.descriptor(game).data_for(game)["archeon"]


def test_match_decks_are_legal_for_a_thousand_seeds(arch):
    seen = set()
    for seed in range(1000):
        deck = match_deck(arch, seed)
        assert not match_deck_problems(arch, deck), seed
        seen.add(tuple(c.id for c in deck))
    assert len(seen) > 990  # the archive gives real variety


def test_match_decks_are_deterministic_per_seed(arch):
    assert [c.id for c in match_deck(arch, 42)] == [c.id for c in match_deck(arch, 42)]
    assert [c.id for c in match_deck(arch, 42)] != [c.id for c in match_deck(arch, 43)]


def test_a_short_archive_names_what_is_missing(arch):
    archive = [c for c in arch.archive.values() if not (c.family == "sand" and c.value == 3)][:-1]
    archive += [c for c in arch.archive.values() if c.family == "sand" and c.value == 3][:2]
    archive = [c for c in archive if not (c.family == "blood" and c.value == "sylop")]
    missing = shortages(arch, archive)
    assert any("3 different Sand cards of value 3, the archive has 2" in m for m in missing)
    assert any("1 different Blood Sylops, the archive has 0" in m for m in missing)
    with pytest.raises(DeckgenError) as err:
        match_deck(arch, 0, archive)
    assert "Sand cards of value 3" in str(err.value) and "Blood Sylops" in str(err.value)


def test_support_decks_follow_the_rarity_weights(arch):
    deck = support_deck(arch, 5)
    assert len(deck) == arch.rules.support_deck and len({c.id for c in deck}) == len(deck)
    assert [c.id for c in support_deck(arch, 5)] == [c.id for c in deck]
    counts: Counter = Counter()
    for seed in range(300):
        counts.update(c.rarity for c in support_deck(arch, seed, size=1))
    per_card = {r: counts[r] / sum(c.rarity == r for c in arch.archive.values()) for r in arch.rules.rarities}
    # a common card enters about eight times as often as a legendary one (weights 8:4:2:1)
    assert per_card["common"] > per_card["rare"] > per_card["epic"] > per_card["legendary"]
    assert all(c.side == "dark" for c in support_deck(arch, 1, side="dark"))
    with pytest.raises(DeckgenError, match="support deck of 200 cards"):
        support_deck(arch, 1, size=200)


def test_deck_command_writes_the_card_list(arch, tmp_path):
    out = tmp_path / "match.yaml"
    result = CliRunner().invoke(main, ["deck", "archeon", "--seed", "7", "--out", str(out), "--project", str(ROOT)])
    assert result.exit_code == 0, result.output
    doc = yaml.safe_load(out.read_text())
    assert doc["deck"] == "match" and doc["seed"] == 7
    assert doc["cards"] == [c.id for c in match_deck(arch, 7)]
    assert [c.id for c in read_deck(out, arch)] == doc["cards"]
    support = CliRunner().invoke(main, ["deck", "archeon", "--seed", "2", "--support", "--project", str(ROOT)])
    assert support.exit_code == 0 and len(yaml.safe_load(support.output)["cards"]) == 14
    bad = CliRunner().invoke(main, ["deck", "archeon", "--size", "3", "--project", str(ROOT)])
    assert bad.exit_code == 2 and "--support" in bad.output


def test_read_deck_locates_unknown_cards(arch, tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text("cards:\n  - bakko\n  - no-such-card\n")
    with pytest.raises(DeckgenError) as err:
        read_deck(path, arch)
    assert err.value.problems[0].line == 3


def test_the_archive_meets_the_brief(arch):
    cards = list(arch.archive.values())
    assert len(cards) >= 2 * arch.rules.match_deck_size
    for family in arch.rules.families:
        mine = [c for c in cards if c.family == family]
        assert {c.value for c in mine} == set(range(1, 7)) | {"impostor", "sylop"}
        assert {c.sign for c in mine} == set(arch.signs)
        assert {c.era for c in mine} == set(arch.eras)
    assert 0.4 <= sum(c.tier is None for c in cards) / len(cards) <= 0.6
    assert replace(arch.archive["8d-8d"]).tier == 3
