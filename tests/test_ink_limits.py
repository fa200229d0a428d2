"""The bundled games print at DriveThruCards with a margin: no face over 230 %, 10 points under its 240 % total ink.

Each game's darkest faces — every deck's back and the fronts with the
darkest grounds, shadows and dividers — are exported with the bundled
``drivethru`` preset (CMYK, FOGRA39, ink limit 240 %), in English at
100 dpi, and the peak ink the export measured for each deck
(``PresetReport.darkest``) must stay under MARGIN, so a press-side profile
change does not take a card over the shop's limit.  A designer who darkens a
near-black in style.yaml (a rich black like ``#0b0314`` comes to about
244 %, ``#0f0716`` to 235 %) makes this fail.
"""

from __future__ import annotations

import pytest

from deckgen.build import BuildOptions
from deckgen.errors import DeckgenError
from deckgen.export import export_preset
from deckgen.presets import load_preset

LIMIT = 240.0  # DriveThruCards' total ink
MARGIN = 230.0  # what the bundled designs keep to (the darkest measure 226-229.4 %)

# game -> (the cards exported: the darkest fronts, each with its deck's back; the decks they reach)
DARKEST = {
    "classic": (
        ("the-star", "idiot", "jedi-master", "staves-1", "adapted-ace"),  # face cards' near-black glow edge
        {"classic-en", "classic-cloud-city-en", "adapted-42"},
    ),
    "pazaak": (
        # main front and back; a ± card (shadow over the split window's divider), the tiebreaker
        # (dark disc over the divider), the double (violet), the score card: every side deck holds one
        ("main-1", "plusminus-1", "tiebreaker", "double", "score-card"),
        {"main", "side-en", "score-en", "starter-en", "charge-en", "bulwark-en", "smuggler-en", "veteran-en"},
    ),
    "gladbach": (
        ("blue-0", "ranking"),
        {"gladbach", "reference-en"},
    ),
}


@pytest.mark.parametrize("game", sorted(DARKEST))
def test_the_darkest_faces_stay_under_drivethrus_ink_limit(game, project, tmp_path):
    cards, decks = DARKEST[game]
    preset = load_preset("drivethru", project.root)
    assert preset.colour.ink_limit == LIMIT
    options = BuildOptions(out=tmp_path / "out", languages=("en",), workers=1, cache=tmp_path / "cache",
                           cards=cards, documents=False)
    # workers=1: the ink measured, not the worker processes, is the point here (two workers only added
    # their own start-up, about 1 s of CPU over the three games; the measured peaks are the same)
    try:
        report = export_preset(project, [game], preset, options, dpi=100)
    except DeckgenError as exc:  # over the limit: the export names each card
        pytest.fail("\n".join(str(p) for p in exc.problems))
    assert set(report.darkest) == decks
    peaks = {deck: ink for deck, (_face, ink) in report.darkest.items()}
    assert all(ink <= MARGIN for ink in peaks.values()), peaks
    assert report.written
