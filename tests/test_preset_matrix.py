"""A face two decks share (classic and its cloud-city variant print the same sabers-1) is named once by the
colour pass of a CMYK preset: one gamut warning, one ink problem, with the languages of both, the worse
measurement kept.  (The export of classic at drivethru printed the sabers-1 warning twice, word for word.)

The preset x game matrix itself is planned in tests/test_shop_orders.py and exported for real in
tests/test_shop_orders_slow.py.
"""

from __future__ import annotations

from types import SimpleNamespace

from deckgen.presets import load_preset
from deckgen.presets.colourpass import ColourPass
from tests.conftest import bundled_project


def _colour(delta_e: float, max_ink: float):
    return SimpleNamespace(delta_e=delta_e, max_ink=max_ink, over=0.25, shifts=[("#2a0710", delta_e, 0.016,
                                                                                   (21, 60, 27, 93))])


def _pass_with(faces: dict) -> ColourPass:
    colours = ColourPass(bundled_project(), load_preset("drivethru", None), store=None)
    colours.faces = faces
    return colours


def test_a_face_two_decks_share_is_warned_about_once_with_its_worse_shift():
    faces = {("data/classic/suits.yaml", 4, "card sabers-1", "classic"):
                 {"langs": ["en"], "colour": _colour(10.8, 200)},
             ("data/classic/suits.yaml", 4, "card sabers-1", "classic-cloud-city"):
                 {"langs": ["en", "de"], "colour": _colour(11.1, 200)},
             ("data/classic/game.yaml", 26, "the back of classic", "classic"): {"langs": [], "colour": _colour(9, 200)}}
    warnings = _pass_with(faces).gamut_warnings()
    assert [(w.file, w.line) for w in warnings] == [("data/classic/suits.yaml", 4), ("data/classic/game.yaml", 26)]
    assert warnings[0].message.startswith("card sabers-1 [en, de]: its colours shift in CMYK by ΔE2000 11.1")
    assert all(w.warning for w in warnings)


def test_a_face_two_decks_share_over_the_ink_limit_is_one_problem_with_its_darker_measurement():
    faces = {("data/classic/suits.yaml", 4, "card sabers-1", deck): {"langs": ["en"], "colour": _colour(3, ink)}
             for deck, ink in (("classic", 246), ("classic-cloud-city", 251))}
    (problem,) = _pass_with(faces).ink_problems()
    assert (problem.file, problem.line) == ("data/classic/suits.yaml", 4)
    assert "total ink reaches 251 %" in problem.message and "240 % limit of preset drivethru" in problem.message
