"""The build pipeline: shared faces, the cache, unchanged rebuilds, reproducible bytes, reprints, copies."""

from __future__ import annotations

import shutil

import pytest
from pypdf import PdfReader

from deckgen.build import BuildOptions, BuildReport, build, render_targets
from deckgen.loader import load_project
from tests.conftest import ROOT, fixture_project


def run(project_dir, out, **kw) -> BuildReport:
    report = BuildReport()
    options = BuildOptions(dpi=kw.pop("dpi", 72), out=out, workers=1, **kw)
    build(load_project(project_dir), kw.pop("games", ["demo"]), options, report=report)
    return report


@pytest.fixture
def demo(tmp_path):
    return fixture_project("format1", tmp_path / "demo")


def images(path) -> set[str]:
    """The image XObjects a PDF holds (each distinct picture once)."""
    reader = PdfReader(path)
    names = set()
    for page in reader.pages:
        for name, obj in (page["/Resources"].get("/XObject") or {}).items():
            names.add(obj.get_object().indirect_reference.idnum)
    return names


def test_variant_and_base_share_rasters(project, tmp_path):
    """A face the base deck and its variant print alike is drawn once.  The build prints (--cards) two number
    cards both decks have, a face card of each deck's own and a card of the third deck, with their backs, not
    all 142 cards of the three decks: the same sharing, 7 faces to draw instead of 83."""
    cards = ("sabers-1", "sabers-2", "demise", "jedi-master", "adapted-ace")
    report = BuildReport()
    build(project, ["classic"], BuildOptions(dpi=72, out=tmp_path, languages=("en",), documents=False, cards=cards),
          report=report)
    targets = render_targets(project, ["classic"], ("en",))
    fronts = [t.fronts[c] for t in targets for c in cards if c in t.fronts]
    assert len(fronts) == 7 and len(set(fronts)) == 5  # the two number cards: printed in both decks, alike
    distinct = {*fronts, *(t.backs[c] for t in targets for c in cards if c in t.backs)}
    assert report.drawn == len(distinct)
    base, cloud = targets[0], targets[1]
    assert cloud.deck.variant == "cloud-city"
    assert len(set(cloud.fronts.values()) - set(base.fronts.values())) <= 8  # only its own face cards are new


def test_an_unchanged_rebuild_renders_draws_and_writes_nothing(demo, tmp_path):
    first = run(demo, tmp_path / "out")
    assert first.drawn == 7 and len(first.written) == 4  # 3 fronts in 2 languages + the back; 2 x 2 files
    again = run(demo, tmp_path / "out")
    assert (again.drawn, again.written, len(again.unchanged)) == (0, [], 4)


def test_the_same_inputs_give_the_same_bytes_from_a_clean_or_a_warm_cache(demo, tmp_path):
    run(demo, tmp_path / "cold")
    shutil.rmtree(tmp_path / "cold" / ".cache" / "builds")  # keep the rasters, write the files again
    run(demo, tmp_path / "cold", cache=tmp_path / "cold" / ".cache")
    run(demo, tmp_path / "other", use_cache=False)
    for name in ("demo-en-a4.pdf", "demo-de-cards.pdf"):
        cold = (tmp_path / "cold" / "demo" / name).read_bytes()
        assert cold == (tmp_path / "other" / "demo" / name).read_bytes()


@pytest.mark.parametrize("change,redrawn", [
    ("card name", 1),  # one card's text in one language: that face only
    ("label", 6),  # a label every front shows (3 fronts in 2 languages)
    ("front template", 6),  # the fronts, not the back
    ("font", 7),  # the display font: every face (the back's DEMO is set in it too)
    ("dpi", 7),  # a new size: every face (3 fronts in 2 languages, and the back both share)
])
def test_a_change_redraws_exactly_the_affected_faces(demo, tmp_path, change, redrawn):
    out = tmp_path / "out"
    run(demo, out)
    dpi = 72
    if change == "card name":
        path = demo / "data/demo/lang/de.yaml"
        path.write_text(path.read_text().replace("Glut", "Glutball"))
    elif change == "label":
        for lang in ("en", "de"):
            path = demo / f"data/demo/lang/{lang}.yaml"
            path.write_text(path.read_text().replace("label.value: ", "label.value: Wert "))
    elif change == "front template":
        path = demo / "templates/demo/front.svg.j2"
        path.write_text(path.read_text().replace("#141414", "#202020"))
    elif change == "font":
        path = demo / "deckgen.yaml"
        path.write_text(path.read_text().replace("display: Play-Bold.ttf", "display: Play-Regular.ttf"))
    else:
        dpi = 100
    report = run(demo, out, dpi=dpi)
    assert report.drawn == redrawn


def test_each_distinct_image_is_stored_once(demo, tmp_path):
    run(demo, tmp_path / "out", copies=3)
    path = tmp_path / "out" / "demo" / "demo-en-x3-a4.pdf"  # the copies in the name
    assert len(images(path)) == 4  # ember, tide, crown, the back
    assert len(PdfReader(path).pages) == 2 * 2  # 12 cards on two sheets, each with its backs page


def test_a_reprint_prints_only_the_named_cards(demo, tmp_path):
    report = run(demo, tmp_path / "out", cards=("tide",), languages=("en",))
    names = sorted(p.name for p in report.written)
    assert names == ["demo-en-reprint-a4.pdf", "demo-en-reprint-cards.pdf"]
    single = PdfReader(tmp_path / "out" / "demo" / "demo-en-reprint-cards.pdf")
    assert len(single.pages) == 2  # tide, then the back


def test_export_names_every_face_and_draws_it_at_the_dpi(demo, tmp_path):
    from deckgen.export import export

    project = load_project(demo)
    # workers=1: the four faces drawn in this process, not in a pool of processes that each load cairo first
    written = export(project, ["demo"], "png", BuildOptions(dpi=100, out=tmp_path / "x", languages=("en",), workers=1))
    names = sorted(p.name for p in written)
    assert names == ["demo-en-back.png", "demo-en-crown.png", "demo-en-ember.png", "demo-en-tide.png"]
    from PIL import Image

    size = project.games["demo"].decks["demo"].size.pixels(100)
    assert all(Image.open(p).size == size for p in written)
    svgs = export(project, ["demo"], "svg", BuildOptions(out=tmp_path / "s", languages=("de",)))
    assert sorted(p.name for p in svgs)[0] == "demo-de-back.svg"
    assert all(p.read_text().startswith("<svg") for p in svgs)


def test_a_vector_build_places_each_distinct_face_once_as_a_form(demo, tmp_path):
    run(demo, tmp_path / "v", vector=True, copies=2, languages=("en",))
    path = tmp_path / "v" / "demo" / "demo-en-x2-a4.pdf"
    reader = PdfReader(path)
    forms = set()
    for page in reader.pages:
        for name, obj in (page["/Resources"].get("/XObject") or {}).items():
            obj = obj.get_object()
            assert obj["/Subtype"] == "/Form"
            forms.add(obj.indirect_reference.idnum)
    assert len(forms) == 4  # three fronts and the back, each stored once though printed many times


def test_a_variant_deck_has_faces_of_its_own_in_the_cache(demo, tmp_path):
    """A template may print its deck's label: a variant's faces are never taken from its base deck's, even
    where the variant's cards are the same."""
    from deckgen.render.store import Store

    (demo / "data/demo/alt.yaml").write_text((demo / "data/demo/cards.yaml").read_text())
    game = demo / "data/demo/game.yaml"
    game.write_text(game.read_text() + "    variants:\n      alt: {cards.yaml: alt.yaml}\n")
    front = demo / "templates/demo/front.svg.j2"
    front.write_text(front.read_text().replace("{% block body %}", '{% block body %}<g id="{{ deck.label }}"/>'))
    run(demo, tmp_path / "out")
    targets = render_targets(load_project(demo), ["demo"], ("en",), store=Store(tmp_path / "out" / ".cache"))
    base, alt = sorted(targets, key=lambda t: t.deck.variant or "")
    assert alt.deck.variant == "alt" and base.deck.variant is None
    assert set(base.fronts.values()).isdisjoint(alt.fronts.values())
