"""Shop orders on the export PLAN (names and face keys, nothing rendered): every card side its own file, products
as data, no partial order, the order summary.

Every bundled preset is planned for every bundled game: the decks no
product of the shop fits stop the plan naming the deck and the shop, and
with exactly those ``--skip``-ped every file holds one face, each front's
back is the card's own back (Archeon's Blood and Sand) or the deck's, and
every manifest row names that pair.  Planted cases on the small demo
project cover user presets and the CLI; then the smaller prepress fixes:
the print-and-cut slug kept clear of the registration marks, tuck boxes
bleeding past their cut lines, frames moved out of MeinSpiel's safe zone.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.export import export_preset
from deckgen.loader import load_project
from deckgen.outputs.selection import BuildOptions
from deckgen.presets import load_preset, preset_files
from deckgen.presets.run import plan_order
from deckgen.render.store import hash_text, renderer_id
from tests.conftest import bundled_project, fixture_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

#: The presets that print cards (booklet-x4 and booklet-x1a print rule booklets only: tests/test_shop_booklets.py).
PRESETS = sorted(n for n in preset_files(None) if load_preset(n, None).writer != "none")
GAMES = sorted(bundled_project().games)
#: The decks each bundled shop has no product for (PRINT.md's products: tarot only at The Game Crafter, round
#: chits nowhere); the digital tabletops take every deck.
UNPRINTABLE = {"mpc": {"planets", "tokens"}, "drivethru": {"planets", "tokens"}, "meinspiel": {"planets", "tokens"},
               "tgc": {"tokens"}, "screentop": set(), "tts": set()}


def _options(tmp_path: Path, **more) -> BuildOptions:
    return BuildOptions(out=tmp_path / "out", workers=1, **more)


def _face_keys(deck, d) -> dict[str, tuple[str, str]]:
    """card id -> (front key, back key) as the plan's placeholder faces name them."""
    renderer = renderer_id()
    return {c.id: (d.key(hash_text("front", c.id), renderer), d.key(hash_text("back", c.id if c.back else ""),
                                                                    renderer)) for c in deck.cards}


def test_the_bundled_presets_cover_the_shops_of_the_expectations():
    assert set(PRESETS) == set(UNPRINTABLE)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_plans_every_bundled_deck_with_each_side_its_own_file(name, game, tmp_path):
    project = bundled_project()
    preset = load_preset(name, None)
    options = _options(tmp_path)
    decks = {d.id for d in project.games[game].decks.values()}
    unprintable = UNPRINTABLE[name] & decks if game == "archeon" else set()
    if unprintable:  # no partial order: the plan stops, naming each deck and the shop
        with pytest.raises(DeckgenError) as caught:
            plan_order(project, [game], preset, options)
        named = [p for p in caught.value.problems if p.field and p.field.startswith("decks.")]
        assert {p.field.split(".")[1] for p in named} == unprintable
        assert all(name in p.message and f"--skip {p.field.split('.')[1]}" in p.message for p in named)
    order = plan_order(project, [game], preset, options, skip=tuple(sorted(unprintable)))
    summary = order.summary(preset, written=False)
    assert {s.deck for s in summary.skipped} == unprintable
    assert {d.deck.id for d in order.decks} == decks - unprintable
    paths = [o.path for o in order.outputs]
    assert len(paths) == len(set(paths))  # every name once
    by_path = {o.path: o for o in order.outputs}
    for d in order.decks:
        keys = _face_keys(d.deck, d)
        folder = options.out / game / name
        product = d.shop.product
        assert product.takes(d.deck.size) and product.id in {p.id for p in preset.products}
        mine = [o for o in order.outputs if order.deck_of[o.path] is d]
        if preset.writer == "images":
            rows = _manifest_rows(preset.manifest, next(o for o in mine if o.path.suffix in (".csv", ".json")))
            assert [r["card"] for r in rows] == [c.id for c in d.cards]
            for card, row in zip(d.cards, rows):
                front, back = folder / row["front"], folder / row["back"]
                assert front != back and "front" in front.name and "back" in back.name
                assert by_path[front].content == keys[card.id][0]
                assert by_path[back].content == keys[card.id][1]
                if card.back:  # its own back (Blood or Sand): never the deck's shared back, never a front
                    assert by_path[back].content != keys[card.id][0]
        elif preset.writer == "deck-pdf":
            (pdf,) = [o for o in mine if o.path.suffix == ".pdf"]
            pages = pdf.content.split()[1:]
            expected = [k for c in d.cards for _ in range(c.count) for k in keys[c.id]]
            assert pages == expected
        elif preset.writer == "split-pdf":
            fronts, backs = (next(o for o in mine if o.path.name.endswith(f"-{side}s.pdf")) for side in
                             ("front", "back"))
            physical = [c for c in d.cards for _ in range(c.count)]
            assert fronts.content.split()[1:] == [keys[c.id][0] for c in physical]
            assert backs.content.split()[1:] == [keys[c.id][1] for c in physical]
        else:  # image-grid: grids of the fronts, the back, the saved object
            assert {o.path.suffix for o in mine} == {".png", ".json"}


def _manifest_rows(kind: str | None, output) -> list[dict]:
    data = output.make(None)
    if kind == "csv":
        return list(csv.DictReader(io.StringIO(data.decode("utf-8"))))
    return [{"card": c["id"], "front": c["front"], "back": c["back"]} for c in json.loads(data)["cards"]]


def test_tgc_names_archeons_per_card_backs_apart_from_their_fronts(tmp_path):
    """The review's blocking bug: only 96 fronts were planned, the CSV naming the front as the back."""
    order = plan_order(bundled_project(), ["archeon"], load_preset("tgc", None), _options(tmp_path, languages=("en",)),
                       skip=("tokens",))
    names = {o.path.relative_to(tmp_path / "out" / "archeon" / "tgc").as_posix() for o in order.outputs}
    assert "archive-en/001-broken-hilt-front.png" in names and "archive-en/001-broken-hilt-back.png" in names
    archive = [o for o in order.outputs if o.path.parent.name == "archive-en"]
    assert len(archive) == 96 * 2
    backs = {o.content for o in archive if o.path.name.endswith("-back.png")}
    fronts = {o.content for o in archive if o.path.name.endswith("-front.png")}
    assert len(backs) == 96 and not backs & fronts
    assert "planets-en/back.png" in names  # a shared back is named back


# ------------------------------------------------------------------ planted cases on the demo project


DEMO_PRESET = """\
title: Corner shop
writer: images
products:
  poker: {title: Poker card, fits: [poker], trim: [63, 88], bleed: 3, dpi: 40}
colour: {mode: rgb}
copies: count
backs: shared
files: "{stem}/{card}-{side}"
back_file: "{stem}/back"
manifest: csv
"""


def _demo(tmp_path: Path, presets: dict[str, str], own_back: bool = False, extra_decks: str = "") -> Path:
    root = fixture_project("format1", tmp_path / "proj")
    (root / "presets").mkdir()
    for name, text in presets.items():
        (root / "presets" / f"{name}.yaml").write_text(text, encoding="utf-8")
    if own_back:
        cards = root / "data/demo/cards.yaml"
        cards.write_text(cards.read_text(encoding="utf-8").replace("{id: tide, colour: blue, value: 5}",
                                                                    "{id: tide, colour: blue, value: 5, "
                                                                    "back: back.svg.j2}"), encoding="utf-8")
    if extra_decks:
        game = root / "data/demo/game.yaml"
        game.write_text(game.read_text(encoding="utf-8") + extra_decks, encoding="utf-8")
    return root


TAROT_DECK = """\
  big:
    cards: cards.yaml
    size: tarot
    bleed: 3
    safe: 3
    front: front.svg.j2
    back: back.svg.j2
"""


def test_a_pattern_without_side_that_names_a_front_and_its_own_back_alike_stops_before_anything_is_written(
        tmp_path):
    text = DEMO_PRESET.replace('"{stem}/{card}-{side}"', '"{stem}/{card}"')
    root = _demo(tmp_path, {"old": text}, own_back=True)
    preset = load_preset("old", root)
    assert [(n.field, n.warning) for n in preset.notes] == [("files", True)]  # warned, not refused, at load
    with pytest.raises(DeckgenError) as caught:
        export_preset(load_project(root), ["demo"], preset, _options(tmp_path, languages=("en",)))
    (problem,) = caught.value.problems
    assert (problem.file, problem.line, problem.field) == ("presets/old.yaml", 8, "files")
    assert "the front of tide" in problem.message and "the back of tide" in problem.message
    assert "demo-en/tide.png" in problem.message and "{side}" in problem.message
    assert not (tmp_path / "out").exists()


def test_a_pattern_without_side_still_plans_a_deck_whose_cards_share_the_decks_back(tmp_path):
    """A format-2 project's own preset that never clashed keeps working (only a warning)."""
    root = _demo(tmp_path, {"old": DEMO_PRESET.replace('"{stem}/{card}-{side}"', '"{stem}/{card}"')})
    order = plan_order(load_project(root), ["demo"], load_preset("old", root), _options(tmp_path, languages=("en",)))
    assert sorted(o.path.name for o in order.outputs) == ["back.png", "crown.png", "demo-en.csv", "ember.png",
                                                          "tide.png"]


def test_the_old_sizes_form_reads_as_products_and_both_forms_at_once_are_refused(tmp_path):
    old = DEMO_PRESET.replace("products:\n  poker: {title: Poker card, fits: [poker], ",
                              "sizes:\n  poker: {")
    both = DEMO_PRESET.replace("colour:", "sizes:\n  default: {dpi: 40}\ncolour:")
    root = _demo(tmp_path, {"old": old, "both": both})
    (product,) = load_preset("old", root).products
    assert (product.id, product.fits, product.trim, product.dpi) == ("poker", ("poker",), (63.0, 88.0), 40)
    with pytest.raises(DeckgenError) as caught:
        load_preset("both", root)
    assert (caught.value.problems[0].file, caught.value.problems[0].field) == ("presets/both.yaml", "sizes")


@pytest.mark.parametrize("replace, field, words", [
    ("fits: [poker], ", "products.poker", "'fits' is a required"),
    ("fits: [poker]", "products.poker.fits.0", "is not one of"),
    ("dpi: 40}", "products.poker", "not both"),
])
def test_a_bad_product_is_a_located_error(tmp_path, replace, field, words):
    bad = {"fits: [poker], ": "", "fits: [poker]": "fits: [huge]", "dpi: 40}": "dpi: 40, pixels: [100, 140]}"}
    root = _demo(tmp_path, {"bad": DEMO_PRESET.replace(replace, bad[replace])})
    with pytest.raises(DeckgenError) as caught:
        load_preset("bad", root)
    problem = caught.value.problems[0]
    assert (problem.file, problem.line) == ("presets/bad.yaml", 4) and problem.field.startswith(field[:14])
    assert words.split("'")[0] in problem.message or words in problem.message, str(problem)


def test_a_deck_no_product_fits_is_an_error_and_skip_leaves_it_out_of_a_summarised_order(tmp_path):
    root = _demo(tmp_path, {"corner": DEMO_PRESET}, extra_decks=TAROT_DECK)
    project, preset = load_project(root), load_preset("corner", root)
    with pytest.raises(DeckgenError) as caught:
        export_preset(project, ["demo"], preset, _options(tmp_path, languages=("en",)))
    located = {(p.file, p.field) for p in caught.value.problems}
    assert located == {("presets/corner.yaml", "products"), ("data/demo/game.yaml", "decks.big.size")}
    assert not (tmp_path / "out").exists()
    report = export_preset(project, ["demo"], preset, _options(tmp_path, languages=("en",)), skip=("big",))
    assert report.summary is not None
    assert [(d.deck, d.cards, d.printed, d.product, d.files) for d in report.summary.decks] == [
        ("demo", 3, 4, "poker", 5)]
    assert [(s.deck, s.why) for s in report.summary.skipped] == [("big", "--skip; no product of corner fits it")]
    lines = report.summary.lines()
    assert lines[0] == "order for Corner shop (preset corner):"
    assert any("skipped demo/big" in line for line in lines) and lines[-1].endswith("1 deck skipped")


def test_a_tarot_product_takes_the_tarot_deck_with_its_own_file_names(tmp_path):
    tarot = DEMO_PRESET.replace("colour:", "  tarot: {fits: [tarot], trim: [70, 120], bleed: 3, dpi: 40, "
                                           "files: \"tarot/{stem}/{card}-{side}\"}\ncolour:")
    root = _demo(tmp_path, {"two": tarot}, extra_decks=TAROT_DECK)
    order = plan_order(load_project(root), ["demo"], load_preset("two", root), _options(tmp_path, languages=("en",)))
    products = {d.deck.id: d.shop.product.id for d in order.decks}
    assert products == {"demo": "poker", "big": "tarot"}
    names = {o.path.relative_to(tmp_path / "out" / "demo" / "two").as_posix() for o in order.outputs}
    assert "tarot/big-en/ember-front.png" in names and "demo-en/ember-front.png" in names


def test_a_round_deck_goes_only_to_a_round_product(tmp_path):
    round_deck = TAROT_DECK.replace("size: tarot", "size: {width: 30, height: 30}\n    shape: round")
    chits = DEMO_PRESET.replace("colour:", "  square: {fits: [custom], trim: [30, 30], bleed: 3, dpi: 40}\ncolour:")
    root = _demo(tmp_path, {"chits": chits,
                            "round": chits.replace("bleed: 3, dpi: 40}\ncolour", "bleed: 3, dpi: 40, shape: round}"
                                                                                "\ncolour")},
                 extra_decks=round_deck)
    project = load_project(root)
    with pytest.raises(DeckgenError) as caught:
        plan_order(project, ["demo"], load_preset("chits", root), _options(tmp_path))
    assert any(p.field == "decks.big.size" and "round" in p.message for p in caught.value.problems)
    order = plan_order(project, ["demo"], load_preset("round", root), _options(tmp_path))
    assert {d.deck.id: d.shop.product.id for d in order.decks}["big"] == "square"


def test_an_unknown_skip_is_a_located_error(tmp_path):
    root = _demo(tmp_path, {"corner": DEMO_PRESET})
    with pytest.raises(DeckgenError) as caught:
        plan_order(load_project(root), ["demo"], load_preset("corner", root), _options(tmp_path), skip=("nope",))
    (problem,) = caught.value.problems
    assert problem.field == "--skip" and "'nope'" in problem.message and "demo" in problem.message


def test_the_cli_fails_with_exit_2_naming_the_deck_and_the_shop_and_prints_a_json_summary_with_skip(tmp_path):
    root = _demo(tmp_path, {"corner": DEMO_PRESET}, extra_decks=TAROT_DECK)
    run = CliRunner().invoke
    base = ["export", "demo", "--preset", "corner", "--lang", "en", "--project", str(root),
            "--out", str(tmp_path / "out"), "--plan"]
    result = run(main, base)
    assert result.exit_code == 2
    assert "data/demo/game.yaml" in result.output and "deck big of demo: no product of corner" in result.output
    result = run(main, base + ["--skip", "big", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["written"] is False and data["cards"] == 4 and data["files"] == 5
    assert [s["deck"] for s in data["skipped"]] == ["big"] and data["decks"][0]["product"] == "poker"
    assert len(data["paths"]) == 5
    result = run(main, base + ["--skip", "nope"])
    assert result.exit_code == 2 and "--skip: no deck 'nope'" in result.output
    result = run(main, ["export", "demo", "--format", "png", "--skip", "big", "--project", str(root)])
    assert result.exit_code == 2 and "--skip applies to --preset" in result.output


def test_screentop_images_are_the_cut_card_without_bleed():
    (product,) = load_preset("screentop", None).products
    assert product.bleed == 0 and product.fits == ("any",)


def test_the_cut_safe_rules_at_a_shops_size_apply_to_the_decks_of_that_size_only(tmp_path):
    """Screentop draws every deck at its own trim without bleed: the 30 mm tokens' size must not be laid on the
    archive's boxes (which gave 14 false 'keep 2 mm from other elements' errors)."""
    from deckgen.presets.run import preset_decks
    from deckgen.render.decks import DeckTarget

    def named(game, deck, lang):
        return DeckTarget(game, deck, lang, {c.id: hash_text("front", c.id) for c in deck.cards},
                          {c.id: hash_text("back", c.id) for c in deck.cards})

    decks, problems, _skipped = preset_decks(bundled_project(), ["archeon"], load_preset("screentop", None),
                                             _options(tmp_path, languages=("en",)), None, named, check_cut=True)
    assert {d.deck.id for d in decks} == {"archive", "planets", "tokens"}
    assert [str(p) for p in problems if "at preset screentop" in p.message] == []


# ------------------------------------------------------------------ print-and-cut: the marks' zone kept clear


@pytest.mark.parametrize("paper", [(210, 297), (215.9, 279.4)])
@pytest.mark.parametrize("card", [(63, 88, "rect"), (30, 30, "round"), (70, 120, "rect")])
def test_the_print_and_cut_slug_keeps_well_clear_of_the_registration_marks(paper, card):
    """The review measured the slug 1.0 mm from the bottom-left L: a cutter's sensor can misread it."""
    from deckgen.layout.geometry import FURNITURE_CLEARANCE_MM, plan_sheet
    from deckgen.layout.layouts import load_layout
    from deckgen.model import CardSize

    plan = plan_sheet(*paper, CardSize(card[0], card[1], shape=card[2]), load_layout("print-and-cut"))
    reg = plan.registration
    assert reg is not None
    x, y = plan.slug_anchor
    lo, hi = (y, y + plan.slug_length) if plan.slug_vertical else (x, x + plan.slug_length)
    along = plan.paper_h if plan.slug_vertical else plan.paper_w
    marks = reg.rects(plan.paper_w, plan.paper_h)
    # the marks' extent along the slug's edge, at each end
    near = max((r.y1 if plan.slug_vertical else r.x1) for r in marks
               if (r.y if plan.slug_vertical else r.x) < along / 2)
    far = min((r.y if plan.slug_vertical else r.x) for r in marks
              if (r.y if plan.slug_vertical else r.x) > along / 2)
    assert lo - near >= FURNITURE_CLEARANCE_MM - 1e-9 and far - hi >= FURNITURE_CLEARANCE_MM - 1e-9
    assert plan.slug_length > 40  # still room for the slug's words


# ------------------------------------------------------------------ tuck boxes: colour past the cut lines


def test_a_tuck_box_bleeds_its_colour_past_the_cut_lines(tmp_path):
    """The review found every panel's colour stopping exactly at the cut: a cut a little outside left white."""
    import shutil
    import subprocess

    import numpy as np
    from PIL import Image

    from deckgen.build import build
    from deckgen.layout.tuckbox import net_bleed
    from deckgen.outputs.decks import tuckbox_net

    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    root = fixture_project("format1", tmp_path / "proj")
    cards = root / "data/demo/cards.yaml"  # enough cards for a tuck box
    cards.write_text(cards.read_text(encoding="utf-8").replace("count: 2", "count: 20"), encoding="utf-8")
    project = load_project(root)
    options = BuildOptions(out=tmp_path / "out", dpi=72, languages=("en",), workers=1, documents=False)
    build(project, ["demo"], options)
    (pdf,) = sorted((tmp_path / "out").rglob("*tuckbox*.pdf"))
    deck = project.games["demo"].decks["demo"]
    net = tuckbox_net(deck, [c for c in deck.cards for _ in range(c.count)], options)
    assert net is not None and net_bleed(net) >= 2.5
    subprocess.run(["pdftoppm", "-r", "100", "-png", "-singlefile", str(pdf), str(tmp_path / "box")], check=True)
    rgb = np.asarray(Image.open(tmp_path / "box.png").convert("RGB")).astype(int)
    px = rgb.shape[1] / net.paper_w  # pixels per mm

    def colour_at(x_mm: float, y_mm: float) -> int:  # PDF y runs up, image rows down
        return int(rgb[int(round((net.paper_h - y_mm) * px)), int(round(x_mm * px))].sum())

    p = net.panels()
    back, tongue, dust, low = p["back"], p["tongue-top"], p["dust-right-bottom"], p["tongue-bottom"]
    outside = [(back.x1 + 1.5, back.y + back.h / 2), (back.x + back.w / 2, back.y - 1.5),
               (tongue.x + tongue.w / 2, tongue.y1 + 1.5), (dust.x + dust.w / 2, dust.y - 1.5),
               (low.x - 1.5, low.y + low.h / 2)]
    assert all(colour_at(x, y) < 700 for x, y in outside), [colour_at(x, y) for x, y in outside]
    glue = p["glue"]
    assert colour_at(glue.x - 2.5, glue.y + glue.h / 2) > 740  # not past the glue flap's own edge


# ------------------------------------------------------------------ frames clear of a shop's safe zone


def _printed_ink(box, stroke, design, shop) -> float:
    from deckgen.layout.retarget import retarget_box

    x, y, w, h = retarget_box(tuple(box), (design.width, design.height), (shop.width, shop.height))
    return min(x, y, shop.width - x - w, shop.height - y - h) - stroke / 2


def test_meinspiels_frames_move_out_of_its_4_mm_safe_zone_and_take_their_neighbours_along():
    """The review measured the classic frames 3.47-3.60 mm inside MeinSpiel's cut, inside its 4 mm zone."""
    from deckgen.model import CardSize
    from deckgen.presets.frames import frames_out_of_safe_zone, merged
    from deckgen.presets.run import _faces

    project = bundled_project()
    game = project.games["classic"]
    deck = game.decks["classic"]
    style = merged(game.style, deck.style or {})
    meinspiel = load_preset("meinspiel", None).product_for(deck)
    assert meinspiel is not None
    shop = CardSize(*meinspiel.trim, bleed=3, safe=4)
    moved = frames_out_of_safe_zone(style, deck.size, shop, _faces(project, game, deck))
    boxes, values = style["boxes"], style["values"]
    for frame, stroke in (("frame", values["frame_width"]), ("back-frame", values["back_frame_width"])):
        assert _printed_ink(boxes[frame], stroke, deck.size, shop) < 4  # as designed: inside the zone
        assert 4 <= _printed_ink(moved[frame], stroke, deck.size, shop) <= 4.2  # moved just clear of it
    # the corner index keeps its distance to the frame's line (the cut-safe rules' 2 mm)
    assert moved["index-top-left"][0] - moved["frame"][0] == pytest.approx(boxes["index-top-left"][0]
                                                                           - boxes["frame"][0])
    art, new_art = boxes["art"], moved["art"]  # the middle of the card is spread, not moved off its centre
    assert new_art[0] + new_art[2] / 2 == pytest.approx(art[0] + art[2] / 2, abs=0.01)
    assert art[2] - 1 < new_art[2] < art[2]
    # at The Game Crafter's 1/8 in safe zone the frames are clear already: nothing moves
    tgc = load_preset("tgc", None).product_for(deck)
    assert tgc is not None
    assert frames_out_of_safe_zone(style, deck.size, CardSize(*tgc.trim, bleed=3.175, safe=3.175),
                                   _faces(project, game, deck)) == {}


def test_a_backs_frame_moves_nothing_on_the_front_and_a_frame_that_bleeds_off_stays():
    from deckgen.model import CardSize
    from deckgen.presets.frames import frames_out_of_safe_zone, merged
    from deckgen.presets.run import _faces

    project = bundled_project()
    game = project.games["archeon"]
    deck = game.decks["archive"]
    shop = CardSize(59, 91, bleed=3, safe=4)
    faces = _faces(project, game, deck)
    moved = frames_out_of_safe_zone(merged(game.style, deck.style or {}), deck.size, shop, faces)
    front, back = faces[0], faces[1]
    assert "back-frame" in moved and set(moved) <= back
    assert not set(moved) & (front - back)  # the archive front (no frame of its own) keeps its layout
    bleeding = {"boxes": {"edge": [-1, -1, 65, 90], "index": [5, 5, 8, 10]}, "roles": {"edge": "frame"}}
    assert frames_out_of_safe_zone(bleeding, CardSize(63, 88), shop) == {}
