"""Sabacc Archeon print kit: archive, planet and token PDFs read back, deck lists, family backs, the reference sheet.

One English build of the three decks at 72 dpi (no documents) serves the
geometry tests; a match deck written by ``deckgen deck archeon`` is then
printed into the same folder (its faces come from the build's cache).  The
reference sheet is rendered on its own, and broken on purpose in a copy of
the project to see its examples judged.
"""

from __future__ import annotations

import hashlib
import math
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import ContentStream

from deckgen.build import BuildOptions, build, render_deck
from deckgen.cli import main
from deckgen.documents import build_documents
from deckgen.layout.geometry import plan_sheet
from deckgen.layout.papers import PAPERS_MM
from deckgen.loader import load_project
from deckgen.render.raster import rasterize
from tests.conftest import copy_project
from tests.pdfread import PT, _apply, box_mm, images_and_lines, page_ops, painting_ops

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import colorblind  # noqa: E402

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

#: deck -> (trim w, trim h); every Archeon deck has a 3 mm bleed
SIZES = {"archive": (63.0, 88.0), "planets": (70.0, 120.0), "tokens": (30.0, 30.0)}
BLEED = 3.0
TOL = 0.1  # mm: what the issue asks of the circular guides


#: The tests of the whole archive, planet and token PDFs share one build of about 12 s: the slow suite runs them.
SLOW_BUILD = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory, project):
    """archive, planets and tokens in English at 72 dpi, and a seed-5 match deck printed with --deck."""
    out = tmp_path_factory.mktemp("archeon")
    build(project, ["archeon"], BuildOptions(paper="a4", dpi=72, out=out, languages=("en",), documents=False))
    deck_file = out / "match-5.yaml"
    result = CliRunner().invoke(main, ["deck", "archeon", "--seed", "5", "--out", str(deck_file)])
    assert result.exit_code == 0, result.output
    build(project, ["archeon"], BuildOptions(paper="a4", dpi=72, out=out, languages=("en",), deck_file=deck_file))
    return out / "archeon", deck_file


def _cards(project, deck: str) -> int:
    return project.games["archeon"].decks[deck].total_cards


# ------------------------------------------------------------------ single cards: trim and bleed


@SLOW_BUILD
@pytest.mark.parametrize("deck", sorted(SIZES))
def test_single_card_pages_have_trim_and_bleed_boxes(built, project, deck):
    folder, _ = built
    reader = PdfReader(folder / f"{deck}-en-cards.pdf")
    w, h = SIZES[deck]
    n = _cards(project, deck)
    # archive cards have two backs (Blood, Sand): each front is followed by its own back
    assert len(reader.pages) == (2 * n if deck == "archive" else n + 1)
    for page in reader.pages:
        assert box_mm(page.mediabox) == pytest.approx((0, 0, w + 2 * BLEED, h + 2 * BLEED), abs=0.01)
        assert box_mm(page.bleedbox) == pytest.approx((0, 0, w + 2 * BLEED, h + 2 * BLEED), abs=0.01)
        assert box_mm(page.trimbox) == pytest.approx((BLEED, BLEED, BLEED + w, BLEED + h), abs=0.01)


@SLOW_BUILD
@pytest.mark.parametrize("deck", sorted(SIZES))
def test_sheets_hold_every_card_with_its_bleed(built, project, deck):
    """Every card's image is its trim plus the bleed; fronts and backs pages alternate; A4 pages."""
    folder, _ = built
    reader = PdfReader(folder / f"{deck}-en-a4.pdf")
    size = project.games["archeon"].decks[deck].size
    plan = plan_sheet(*PAPERS_MM["a4"], size)
    n = _cards(project, deck)
    assert len(reader.pages) == 2 * math.ceil(n / plan.per_sheet)
    w, h = SIZES[deck]
    fronts = 0
    for index, page in enumerate(reader.pages):
        assert box_mm(page.mediabox) == pytest.approx((0, 0, 210, 297), abs=0.01)
        images, _ = images_and_lines(reader, index)
        for im in images:
            assert (im.w, im.h) == pytest.approx((w + 2 * BLEED, h + 2 * BLEED), abs=0.01)
        if index % 2 == 0:
            fronts += len(images)
    assert fronts == n


# ------------------------------------------------------------------ round tokens


def stroked_outlines(reader: PdfReader, index: int) -> list[tuple[float, float, float, float]]:
    """The bounding box (x0, y0, x1, y1 in mm) of every stroked path built of curves on a page."""
    _page, ops = page_ops(reader, index)
    points, curved, found = [], False, []
    for op, operands, ctm in painting_ops(ops):
        if op in ("m", "l", "c"):
            values = [float(v) for v in operands]
            points += [_apply(ctm, values[i], values[i + 1]) for i in range(0, len(values), 2)]
            curved = curved or op == "c"
        elif op in ("S", "s"):
            if curved and points:
                xs, ys = [p[0] * PT for p in points], [p[1] * PT for p in points]
                found.append((min(xs), min(ys), max(xs), max(ys)))
            points, curved = [], False
        elif op in ("n", "f", "f*", "B", "B*", "b", "b*", "re"):
            if op != "re":
                points, curved = [], False
    return found


@SLOW_BUILD
def test_every_token_has_a_circular_cut_guide_centred_on_it(built):
    folder, _ = built
    reader = PdfReader(folder / "tokens-en-a4.pdf")
    images, _ = images_and_lines(reader, 0)
    guides = stroked_outlines(reader, 0)
    assert len(images) == 40
    centres = [((g[0] + g[2]) / 2, (g[1] + g[3]) / 2, g[2] - g[0], g[3] - g[1]) for g in guides]
    for im in images:
        cx, cy = im.x + im.w / 2, im.y + im.h / 2
        near = [c for c in centres if math.hypot(c[0] - cx, c[1] - cy) <= TOL]
        assert near, f"no cut guide centred on the token at ({cx:.2f}, {cy:.2f})"
        for _, _, w, h in near:  # a circle along the cut: the trim's 30 mm across
            assert (w, h) == pytest.approx((30.0, 30.0), abs=TOL)
    for gx, gy, _, _ in centres:  # and no guide without its token
        assert any(math.hypot(gx - (im.x + im.w / 2), gy - (im.y + im.h / 2)) <= TOL for im in images)
    # the backs page carries no guide: a ring there would show any duplex drift
    assert stroked_outlines(reader, 1) == []


@SLOW_BUILD
def test_tokens_keep_their_whole_bleed_apart_and_backs_align_for_long_edge_duplex(built):
    folder, _ = built
    reader = PdfReader(folder / "tokens-en-a4.pdf")
    fronts, _ = images_and_lines(reader, 0)
    backs, _ = images_and_lines(reader, 1)
    pw = 210.0
    for a in fronts:
        for b in fronts:
            if a is not b:  # two round bleeds never overlap: centres a trim plus two bleeds apart
                assert math.hypot(a.x - b.x, a.y - b.y) >= 30 + 2 * BLEED - 0.01
    front_spots = sorted((round(pw - f.x - f.w, 3), round(f.y, 3)) for f in fronts)
    back_spots = sorted((round(b.x, 3), round(b.y, 3)) for b in backs)
    assert back_spots == front_spots
    assert len({b.name for b in backs}) == 1  # one common back for all forty


def test_round_cards_plan_apart_and_the_cut_file_draws_circles(project):
    from deckgen.layout.cutfile import cut_svgs

    size = project.games["archeon"].decks["tokens"].size
    assert size.round
    plan = plan_sheet(*PAPERS_MM["a4"], size)
    slots = plan.front_slots(plan.per_sheet)
    xs = sorted({round(s.trim.x, 3) for s in slots})
    assert min(b - a for a, b in zip(xs, xs[1:])) == pytest.approx(30 + 2 * BLEED)
    svg = cut_svgs(plan, 3)[0]
    assert svg.count("<ellipse") == 3 and "<rect id=\"card-" not in svg
    t = slots[0].trim
    assert f'rx="{t.w / 2:g}"' in svg.replace(".0\"", "\"")


# ------------------------------------------------------------------ --deck FILE


def _front_digests(reader: PdfReader, pages) -> list[str]:
    out = []
    for index in pages:
        xobjects = reader.pages[index]["/Resources"]["/XObject"]
        (ref,) = xobjects.values()
        out.append(hashlib.sha256(ref.get_object().get_data()).hexdigest())
    return out


@SLOW_BUILD
def test_deck_file_prints_exactly_that_deck(built, project):
    folder, deck_file = built
    import yaml

    listed = yaml.safe_load(deck_file.read_text(encoding="utf-8"))["cards"]
    assert len(listed) == 44
    match = PdfReader(folder / "archive-match-5-en-cards.pdf")
    archive = PdfReader(folder / "archive-en-cards.pdf")
    order = [c.id for c in project.games["archeon"].decks["archive"].physical_cards()]
    assert len(match.pages) == 2 * 44  # each front with its family's back
    printed = _front_digests(match, range(0, 88, 2))
    expected = _front_digests(archive, [2 * order.index(cid) for cid in listed])
    assert printed == expected
    sheets = PdfReader(folder / "archive-match-5-en-a4.pdf")
    assert len(sheets.pages) == 2 * math.ceil(44 / 9)


def test_a_bad_deck_file_is_a_located_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: archeon\ndeck: match\nseed: 1\ncards:\n  - bakko\n  - no-such-card\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "archeon", "--deck", str(bad), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert f"{bad}:6:5: cards.1: no archive card 'no-such-card'" in result.output
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("game: archeon\ndeck: favourites\ncards: [bakko]\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "archeon", "--deck", str(wrong), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert f"{wrong}:2:1: deck: the kind of deck list is match or support, not 'favourites'" in result.output
    assert "Traceback" not in result.output


# ------------------------------------------------------------------ Blood and Sand backs


def _mean_rgb(image) -> tuple[float, float, float]:
    data = image.rgb()
    n = len(data) // 3
    return tuple(sum(data[i::3]) / n / 255 for i in range(3))


def test_each_archive_card_has_its_familys_back_and_the_two_differ_in_colour_and_shape(project):
    from deckgen.render.store import hash_text
    from deckgen.render.templates import DeckRenderer

    game = project.games["archeon"]
    deck = game.decks["archive"]
    # every card's back, rendered as render_deck renders a card's own back (its fronts are not looked at here)
    renderer = DeckRenderer(project, game, deck, "en")
    svgs: dict[str, str] = {}
    backs: dict[str, str] = {}
    for card in deck.cards:
        assert card.back  # each archive card names its own back (its family's)
        svg = renderer.render_back(card).svg
        backs[card.id] = hash_text(svg)
        svgs[backs[card.id]] = svg
    family_back: dict[str, set[str]] = {}
    for card in deck.cards:
        family_back.setdefault(card.family, set()).add(backs[card.id])
    assert set(family_back) == {"blood", "sand"}
    assert all(len(hashes) == 1 for hashes in family_back.values())
    # and a deck rendered for print puts that back behind each card: one card of each family, as a build does
    firsts = {family: next(c for c in deck.cards if c.family == family) for family in family_back}
    target = render_deck(project, game, deck, "en", only=tuple(c.id for c in firsts.values()))
    assert {family: {target.backs[c.id]} for family, c in firsts.items()} == family_back
    blood_svg = svgs[next(iter(family_back["blood"]))]
    sand_svg = svgs[next(iter(family_back["sand"]))]
    blood, sand = rasterize(blood_svg, 69, 94), rasterize(sand_svg, 69, 94)
    # colour: apart for normal, deuteranope and protanope sight, and in lightness (greyscale)
    for kind in (None, *colorblind.MATRICES):
        a = colorblind.lab(colorblind.simulate(_mean_rgb(blood), kind))
        b = colorblind.lab(colorblind.simulate(_mean_rgb(sand), kind))
        assert colorblind.delta_e2000(a, b) > 30, kind
        assert abs(a[0] - b[0]) > 25, kind
    # shape: the emblems' ink (drops vs triangles) covers different pixels
    big_b, big_s = rasterize(blood_svg, 207, 282), rasterize(sand_svg, 207, 282)
    style = game.style["colours"]

    def ink_mask(image, colour: str) -> set[int]:
        ink = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        data = image.rgb()
        x0, y0, x1, y1 = (int(v * 3) for v in (20.5 + 3, 33 + 3, 42.5 + 3, 55 + 3))  # inside the emblem's ring
        found = set()
        for y in range(y0, y1):
            for x in range(x0, x1):
                i = (y * image.width + x) * 3
                if sum(abs(data[i + k] - ink[k]) for k in range(3)) < 90:
                    found.add(y * image.width + x)
        return found

    mb, ms = ink_mask(big_b, style["blood_back_ink"]), ink_mask(big_s, style["sand_back_ink"])
    assert mb and ms
    # the same mark on both would overlap wholly (1.0); a drop and a triangle in the same place share
    # about 70 % of their pixels
    assert len(mb & ms) / len(mb | ms) < 0.8


# ------------------------------------------------------------------ the reference sheet


def test_reference_sheet_builds_on_a4_with_its_examples_judged(project):
    game = project.games["archeon"]
    data = project.descriptor(game).data_for(game)
    files, problems = build_documents(project, game, ["en"], "a4", data,
                                      only=lambda s: s.kind == "archeon-reference")
    assert [p for p in problems if not p.warning] == []
    assert [name for name, _ in files] == ["reference-en-a4.pdf"]


@pytest.mark.slow  # a second whole drawing of the sheet; the fast suite draws it on A4
def test_reference_sheet_builds_on_letter(project):
    game = project.games["archeon"]
    data = project.descriptor(game).data_for(game)
    files, problems = build_documents(project, game, ["de"], "letter", data,
                                      only=lambda s: s.kind == "archeon-reference")
    assert [p for p in problems if not p.warning] == [] and [n for n, _ in files] == ["reference-de-letter.pdf"]
    import io

    reader = PdfReader(io.BytesIO(files[0][1]))
    assert len(reader.pages) == 1
    assert box_mm(reader.pages[0].mediabox) == pytest.approx((0, 0, 215.9, 279.4), abs=0.1)


def _reference_problems(root: Path):
    project = load_project(root)
    game = project.games["archeon"]
    data = project.descriptor(game).data_for(game)
    _, problems = build_documents(project, game, ["en"], "a4", data, draw=False,
                                  only=lambda s: s.kind == "archeon-reference")
    return [p for p in problems if not p.warning]


def _edit(path: Path, old: str, new: str) -> int:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def test_a_wrong_ladder_example_or_penalty_stops_at_its_line_of_game_yaml(tmp_path):
    root = copy_project(tmp_path / "p", "archeon")
    game_yaml = root / "data/archeon/game.yaml"
    line = _edit(game_yaml, "mirror: {hand: [0-0-0, bakko]}", "mirror: {hand: [0-0-0, 8d-j8]}")
    problems = _reference_problems(root)
    assert len(problems) == 1
    p = problems[0]
    assert (p.file, p.line, p.field) == ("data/archeon/game.yaml", line, "documents.reference.options.ladder.mirror")
    assert "step 2 (pair), not on step 4 (mirror)" in p.message
    _edit(game_yaml, "mirror: {hand: [0-0-0, 8d-j8]}", "mirror: {hand: [0-0-0, bakko]}")
    _edit(game_yaml, "        multiplier: 2\n", "        multiplier: 2\n        planet: mon-calamari\n")
    problems = _reference_problems(root)
    assert len(problems) == 1 and problems[0].field == "documents.reference.options.penalty"
    assert problems[0].line == line_of(game_yaml, "      penalty:")
    assert "pay 5, the printed formula 3 × 2 = 6" in problems[0].message


def line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, l in enumerate(lines, 1) if l.startswith(text))


def test_cut_safe_keeps_a_round_cards_words_inside_its_safe_circle(tmp_path):
    from deckgen.checks.cutsafe import cut_problems

    root = copy_project(tmp_path / "p", "archeon")
    style = root / "data/archeon/style.yaml"
    line = _edit(style, "  token-text: [1.52, 1.52, 26.96, 26.96]", "  token-text: [0.5, 1.52, 29, 26.96]")
    project = load_project(root)
    found = cut_problems(project, project.games["archeon"])
    assert [(p.line, p.field) for p in found] == [(line, "boxes.token-text")]
    assert "inside the circle 1.5 mm inside the cut (13.5 mm from the centre)" in found[0].message


def test_vector_tokens_are_clipped_round_and_lie_under_their_cut_guides(project):
    """In a --vector build a face is placed after the page is drawn: it must go beneath the guides."""
    from deckgen.build import SLUG_FONT
    from deckgen.layout.pdfcanvas import register_font
    from deckgen.layout.pdfimage import VectorFace
    from deckgen.layout.sheets import SheetJob, write_sheets

    size = project.games["archeon"].decks["tokens"].size
    plan = plan_sheet(*PAPERS_MM["a4"], size)
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="36mm" height="36mm" viewBox="0 0 36 36">'
           '<rect width="36" height="36" fill="#205060"/></svg>')
    face = VectorFace(svg, "token")
    font = register_font(SLUG_FONT, project.fonts_dir / project.fonts["body"])
    pdf = write_sheets(plan, SheetJob("tokens", [face] * 3, [face] * 3, "long", "test"), font)
    import io

    reader = PdfReader(io.BytesIO(pdf))
    ops = [(o.decode() if isinstance(o, bytes) else o, args)
           for args, o in ContentStream(reader.pages[0].get_contents(), reader).operations]
    names = [op for op, _ in ops]
    draws = [i for i, op in enumerate(names) if op == "Do"]
    strokes = [i for i, op in enumerate(names) if op == "S"]
    assert len(draws) == 3 and strokes
    assert max(draws) < min(strokes)  # every face under every guide and mark
    for i in draws:  # each face clipped by a curved (round) path just before it is drawn
        clip_at = max(j for j in range(i) if names[j] == "W")
        start = max(j for j in range(clip_at) if names[j] == "m")
        assert names[start + 1:clip_at].count("c") == 4
    assert len(stroked_outlines(reader, 0)) == 2 * 3  # a white and a dashed black circle per token
