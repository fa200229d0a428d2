"""Cut-safe designs: the check on style.yaml's boxes, the symmetric classic back, the light score sheet."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops

from deckgen.checks import run_checks
from deckgen.checks.cutsafe import CUTSAFE, cut_problems
from deckgen.errors import DeckgenError
from deckgen.loader import load_project
from deckgen.render.raster import rasterize
from deckgen.render.templates import DeckRenderer
from tests.conftest import copy_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

BUNDLED = ("classic", "gladbach", "pazaak")


def _cut(project, game_id: str) -> list[str]:
    return [str(p) for p in run_checks(project, [game_id], only={CUTSAFE.name})]


def _edit(path: Path, old: str, new: str) -> int:
    """Replace ``old`` (once) in ``path``; the 1-based line it was on."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


@pytest.mark.parametrize("game_id", BUNDLED)
def test_bundled_games_are_cut_safe(project, game_id):
    assert _cut(project, game_id) == []


def test_every_bundled_card_face_has_roles_for_its_boxes(project):
    """The frames, indices and bands the templates draw are all declared, so the check sees them."""
    for game_id in BUNDLED:
        game = project.games[game_id]
        boxes = dict(game.style.get("boxes", {}))
        roles = dict(game.style.get("roles", {}))
        for deck in game.decks.values():
            boxes.update(deck.style.get("boxes", {}))
            roles.update(deck.style.get("roles", {}))
        frames = [name for name in boxes if "frame" in name or "index" in name or "band" in name]
        assert frames and all(name in roles for name in frames), (game_id, set(frames) - set(roles))


def test_a_planted_frame_at_1_5_mm_is_reported_at_its_line(tmp_path):
    proj = copy_project(tmp_path / "p", "classic")
    style = proj / "data/classic/style.yaml"
    line = _edit(style, "  frame: [3.75, 3.75, 55.5, 80.5]", "  frame: [1.5, 1.5, 60, 85]")
    found = _cut(load_project(proj), "classic")
    # the line's ink: 1.5 mm less half its 0.45 mm stroke
    assert f"data/classic/style.yaml:{line}:3: boxes.frame: a frame 1.3 mm inside the trim shows a miscut: " \
           f"let it bleed off or keep it 3.5 mm in" in found
    assert len(found) == 1, found


def test_index_band_and_clearance_rules(tmp_path):
    proj = copy_project(tmp_path / "p", "classic")
    style = proj / "data/classic/style.yaml"
    index = _edit(style, "index-top-left: [6, 6, 9.5, 14]", "index-top-left: [3, 3, 9.5, 14]")
    band = _edit(style, "name-band: [6.5, 56.5, 50, 9.5]", "name-band: [-1, 62, 65, 9.5]")
    _edit(style, "  name-band: content\n", "  name-band: band\n")
    found = _cut(load_project(proj), "classic")
    at_index = [p for p in found if p.startswith(f"data/classic/style.yaml:{index}:")]
    assert any("a corner index 3.0 mm from the trim is cut into by a miscut: keep it 4 mm inside the trim" in p
               for p in at_index)
    # the turned copy (bottom right) now overlaps the band, which ends 1 mm into the bleed on both sides
    assert any("turned 180° round the card's centre: overlaps name-band" in p for p in at_index)
    assert (f"data/classic/style.yaml:{band}:3: boxes.name-band: a band ending 1.0 mm into the bleed (its left and "
            f"right edges) shows a miscut: let it reach the bleed's edge (3 mm out) or keep it 3.5 mm in") in found


def test_a_band_that_bleeds_off_passes(tmp_path):
    proj = copy_project(tmp_path / "p", "classic")
    style = proj / "data/classic/style.yaml"
    _edit(style, "name-band: [6.5, 56.5, 50, 9.5]", "name-band: [-3, 56.5, 69, 9.5]")
    _edit(style, "  name-band: content\n", "  name-band: band\n")
    assert _cut(load_project(proj), "classic") == []


def test_a_deck_style_box_is_located_in_game_yaml(tmp_path):
    proj = copy_project(tmp_path / "p", "classic")
    line = _edit(proj / "data/classic/game.yaml", "a42-index: [6.1, 6.1, 10.5, 13]", "a42-index: [6.1, 2, 10.5, 13]")
    found = _cut(load_project(proj), "classic")
    assert any(p.startswith(f"data/classic/game.yaml:{line}:") and "decks.adapted-42.style.boxes.a42-index: "
               "a corner index 2.0 mm from the trim" in p for p in found), found


def test_roles_are_validated(tmp_path):
    proj = copy_project(tmp_path / "p", "classic")
    style = proj / "data/classic/style.yaml"
    line = _edit(style, "  frame: frame\n", "  frame: frme\n")
    with pytest.raises(DeckgenError) as err:
        load_project(proj)
    assert any(p.file == "data/classic/style.yaml" and p.line == line and p.field == "roles.frame"
               for p in err.value.problems)
    _edit(style, "  frame: frme\n", "  frame: frame\n  nothing-here: art\n")
    found = _cut(load_project(proj), "classic")
    assert any("roles.nothing-here: no box 'nothing-here' under boxes" in p for p in found)


def test_cut_problems_at_a_smaller_trim(project):
    """A print shop's trim (MeinSpiel: 59 x 91 mm) keeps the margins: the bundled designs pass there.
    A card much smaller than its design squeezes the middle until elements come too close."""
    from dataclasses import replace

    for game_id in ("classic", "gladbach", "pazaak"):
        game = project.games[game_id]
        size = next(iter(game.decks.values())).size
        assert cut_problems(project, game, replace(size, width=59.0, height=91.0)) == [], game_id
    deck = project.games["classic"].decks["classic"]
    found = cut_problems(project, project.games["classic"], replace(deck.size, width=45.0, height=70.0))
    assert any(p.field == "boxes.name-band" and "from art" in p.message for p in found), found


# ------------------------------------------------------------------ pixels


def _face(project, game_id: str, deck_id: str, card_id: str | None, dpi: int) -> tuple[Image.Image, object]:
    game = project.games[game_id]
    deck = game.decks[deck_id]
    renderer = DeckRenderer(project, game, deck, "en")
    face = renderer.render_back() if card_id is None else renderer.render_front(
        next(c for c in deck.cards if c.id == card_id))
    w, h = deck.size.pixels(dpi)
    return Image.frombytes("RGB", (w, h), rasterize(face.svg, w, h).rgb()), deck


def test_classic_back_is_the_same_turned_180_degrees(project):
    back, _deck = _face(project, "classic", "classic", None, 50)
    diff = ImageChops.difference(back, back.transpose(Image.Transpose.ROTATE_180)).convert("L")
    histogram = diff.histogram()
    largest = max(i for i, n in enumerate(histogram) if n)
    mean = sum(i * n for i, n in enumerate(histogram)) / (back.width * back.height)
    assert largest <= 16 and mean < 1.0, (largest, mean)  # anti-aliasing only: no element without its twin


def test_score_card_writing_area_is_light(project):
    dpi = 100
    card, deck = _face(project, "pazaak", "score", "score-card", dpi)
    x, y, w, h = project.games["pazaak"].style["boxes"]["score-sheet"]
    px = dpi / 25.4
    b = deck.size.bleed
    for turned in (False, True):  # the near player's half and the far one's (turned round the card's centre)
        if turned:
            x, y = deck.size.width - x - w, deck.size.height - y - h
        area = card.crop((round((b + x) * px), round((b + y) * px), round((b + x + w) * px), round((b + y + h) * px)))
        grey = area.convert("L")
        mean = sum(i * n for i, n in enumerate(grey.histogram())) / (grey.width * grey.height)
        assert mean > 200, (turned, mean)  # a pen's tick shows; the dark card ground is below 40
