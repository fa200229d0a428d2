"""Sabacc Archeon simulation and odds: matches conserve chips and are seeded; step shares are exact."""

from __future__ import annotations

from fractions import Fraction

from click.testing import CliRunner

from deckgen.cli import main
from deckgen.games.archeon.deck import as_engine_cards, match_deck
from deckgen.games.archeon.engine import HandCard, Player, Table, reveal
from deckgen.games.archeon.odds import hand_counts, match_deck_frequencies, step_counts
from deckgen.games.archeon.sim import STRATEGY_NAMES, simulate
import pytest

from deckgen.registry import SimulationRequest
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def data(project):
    game = project.games["archeon"]
    return project.descriptor(game).data_for(game)


def test_matches_conserve_chips_and_are_deterministic(data):
    for strategy in STRATEGY_NAMES:
        request = SimulationRequest(players=4, games=6, seed=11, data=data, strategy=strategy)
        records = simulate(request)
        assert records == simulate(request)
        for r in records:
            assert r["money_change"] == 0 and r["winners"] and r["length"] >= 1
            assert sum(r["winning_steps"].values()) == r["length"]
            assert min(r["places"].values()) == 1


def test_six_players_and_the_summary(data):
    request = SimulationRequest(players=6, games=4, seed=2, data=data)
    records = simulate(request)
    from deckgen.games.archeon.sim import summarize

    tables = summarize(records, request)
    shares = [row["share of hands"] for row in tables["hand steps at the reveals"] if row["share of hands"] is not None]
    assert abs(sum(shares) - 1) < 1e-9


def test_simulate_command(data):
    out = CliRunner().invoke(main, ["simulate", "archeon", "--players", "3", "--games", "5", "--project", str(ROOT)])
    assert out.exit_code == 0, out.output
    assert "money conserved in every game: yes" in out.output and "hand steps at the reveals" in out.output


def test_step_shares_of_match_deck_zero_are_exact(data):
    shares = match_deck_frequencies(data["archeon"], 0)
    assert sum(shares.values()) == 1 and all(isinstance(s, Fraction) for s in shares.values())
    # one Blood Sylop and one Sand Sylop: exactly one hand in 22 × 22 is a Pure Sabacc
    assert shares["pure-sabacc"] == Fraction(1, 22 * 22)
    assert shares["idiots-array"] == 0 and shares["prime-sabacc"] == 0
    assert shares["pair"] > shares["chronicle"] > 0 and shares["mirror"] > 0
    corellia = match_deck_frequencies(data["archeon"], 0, "corellian-system")
    assert corellia["idiots-array"] == 0  # the Corellian rule is only "draw once or pay 2" (seed 002)


def test_enumeration_agrees_with_judging_every_dice_outcome(data):
    """An Impostor hand's counts equal judging each of the 36 dice outcomes with the owner's best pick."""
    blood = HandCard("blood", "impostor", None, "eye", "legacy")
    sand = HandCard("sand", "number", 4, "eye", "civil-war")
    counts = hand_counts(data["archeon"], blood, sand)
    brute: dict[str, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            hand = reveal(data["archeon"], [Player("P", (HandCard("blood", "impostor", None, "eye", "legacy", None, (a, b)), sand))],
                          Table()).hands[0]
            brute[hand.step_id] = brute.get(hand.step_id, 0) + 36
    assert counts == brute == {"mirror": 11 * 36, "no-pair": 25 * 36}


def test_counts_cover_every_hand_of_the_deck(data):
    deck = as_engine_cards(match_deck(data["archeon"], 0))
    assert sum(step_counts(data["archeon"], deck).values()) == 22 * 22 * 36 * 36
