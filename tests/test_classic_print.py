"""Classic sabacc print extras: the Cloud City face variant, the local-rules sheet, the classic checks."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from pypdf import PdfReader

from deckgen.build import BuildOptions, render_documents, render_targets
from deckgen.checks import run_checks
from deckgen.cli import main
from deckgen.games.classic.documents import value_text
from deckgen.games.classic.cards import face_sets
from deckgen.loader import load_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

CLOUD_CITY_FACES = ("idiot", "jedi-master", "jedi-knight", "smuggler", "bounty-hunter", "lord-of-sith", "rancor",
                    "dark-jedi")

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "de", "fr", "ru")
SHEET_LANGS = ("en", "ru")
CLOUD_CITY_NAMES = {"en": "Jedi Master", "de": "Jedi-Meister", "fr": "Maître Jedi", "ru": "Мастер-джедай"}
A4_LANDSCAPE = (841.89, 595.28)


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def no_column(text: str) -> str:
    """``FILE:LINE:COL: ...`` -> ``FILE:LINE: ...`` (the tests pin lines, not columns)."""
    return re.sub(r"^([^:]+:\d+):\d+:", r"\1:", text)


def line_of(path: Path, needle: str, after: str | None = None) -> int:
    """1-based line of the first ``needle`` (after the first ``after``, if given)."""
    lines = path.read_text().splitlines()
    start = next(i for i, l in enumerate(lines) if after in l) if after else 0
    return next(i for i, l in enumerate(lines) if i >= start and needle in l) + 1


def edit(path: Path, old: str, new: str, after: str | None = None) -> None:
    text = path.read_text()
    start = text.index(after) if after else 0
    i = text.index(old, start)
    path.write_text(text[:i] + new + text[i + len(old):])


# ---------------------------------------------------------------- variant


def test_variant_builds_76_cloud_city_cards(tmp_path):
    out = tmp_path / "out"
    result = invoke("build", "classic", "--faces", "cloud-city", "--lang", "en", "--jobs", "1",  # vectors (the default),
                    "--out", out, "--project", ROOT)  # in this process: the files and their pages are the point
    assert result.exit_code == 0, result.output
    sheets = out / "classic" / "classic-cloud-city-en-a4.pdf"
    single = out / "classic" / "classic-cloud-city-en-cards.pdf"
    assert sheets.is_file() and single.is_file()
    assert len(PdfReader(single).pages) == 76 + 1  # every front, then the back
    assert len(PdfReader(sheets).pages) == 2 * 9  # 9 fronts sheets of 9 cards, each with its backs page
    assert not list((out / "classic").glob("local-rules-*"))  # a variant build makes only the deck


def test_variant_holds_the_cloud_city_faces_with_their_names():
    project = load_project(ROOT)
    deck = project.games["classic"].decks["classic"].variants["cloud-city"]
    faces = {c.face: c for c in deck.cards if c.suit == "face"}
    assert tuple(faces) == CLOUD_CITY_FACES == face_sets()["cloud-city"]
    assert all(c.count == 2 for c in faces.values())
    assert deck.total_cards == 76
    for lang, name in CLOUD_CITY_NAMES.items():
        assert faces["jedi-master"].text(lang) == name
    # the values depend on the location: no printed value, except the Idiot (0 everywhere)
    assert {f: c.value for f, c in faces.items() if c.value is not None} == {"idiot": 0}


def test_cloud_city_faces_render_the_local_rules_mark_in_every_language():
    project = load_project(ROOT)
    icons = yaml.safe_load((ROOT / "templates/classic/icons.yaml").read_text())
    mark = re.search(r'd="([^"]{20})', icons["local-rules"]["svg"]).group(1)
    targets = render_targets(project, ["classic"], LANGS, variant="cloud-city")
    assert sorted(t.lang for t in targets) == sorted(LANGS)
    for t in targets:
        assert t.problems == []  # names fit, every glyph exists
        assert mark in t.front_svg("jedi-master") and mark in t.front_svg("rancor")
        assert mark not in t.front_svg("idiot") and mark not in t.front_svg("coins-7")
        assert t.fronts["jedi-master"] != t.fronts["jedi-knight"]


# ---------------------------------------------------------------- sheet


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    from deckgen.documents import build_documents

    project = load_project(ROOT)
    game = project.games["classic"]
    out = tmp_path_factory.mktemp("sheets")
    # one Latin and one Cyrillic sheet; `check` fits every language's words (test_bundled_classic_checks_clean).
    # Only the local-rules sheet, as render_documents makes it (the game's other document, the adapted-42
    # reference, is made beside it by test_reference_sheet_follows_the_paper)
    files, problems = build_documents(project, game, list(SHEET_LANGS), "a4", project.descriptor(game).data_for(game),
                                      only=lambda spec: spec.kind == "classic-locations")
    assert [p for p in problems if not p.warning] == []
    assert sorted(name for name, _ in files) == sorted(f"local-rules-{lang}-a4.pdf" for lang in SHEET_LANGS)
    return {name: _write(out / name, data) for name, data in files}


@pytest.mark.parametrize("lang", SHEET_LANGS)
def test_reference_sheet_is_one_landscape_vector_page_needing_no_fonts(sheets, lang):
    path = sheets[f"local-rules-{lang}-a4.pdf"]
    reader = PdfReader(path)
    assert len(reader.pages) == 1
    page = reader.pages[0]
    box = page.mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(A4_LANDSCAPE, abs=0.1)
    assert [float(v) for v in page.trimbox] == pytest.approx([0, 0, *A4_LANDSCAPE], abs=0.1)
    # every word is drawn as glyph outlines: no font at all, so none can be missing
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    assert fonts.splitlines()[2:] == [], fonts
    assert "/Image" not in str(page["/Resources"])  # vectors, not a raster


def test_reference_sheet_follows_the_paper(tmp_path):
    project = load_project(ROOT)
    made, problems = render_documents(project, ["classic"], BuildOptions(out=tmp_path, paper="letter",
                                                                         languages=("de",)))
    assert problems == []
    made = dict((p.name, data) for p, data in made)
    assert sorted(made) == ["adapted-42-reference-de-letter.pdf", "local-rules-de-letter.pdf"]
    box = PdfReader(_write(tmp_path / "sheet.pdf", made["local-rules-de-letter.pdf"])).pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((792.0, 612.0), abs=0.1)


# ---------------------------------------------------------------- checks


@pytest.mark.slow  # the whole game checked end to end (CI runs it)
def test_bundled_classic_checks_clean():
    result = invoke("check", "classic", "--project", ROOT)
    assert result.exit_code == 0, result.output


DATA_CHECKS = {"translations", "card count", "classic composition", "classic local rules"}  # no face rendering needed


def problems_of(project_dir: Path) -> list[str]:
    return [no_column(str(p)) for p in run_checks(load_project(project_dir), ["classic"], only=DATA_CHECKS)]


def test_check_catches_a_location_missing_a_face_value(project_copy):
    locs = project_copy / "data/classic/locations.yaml"
    line = line_of(locs, "faces:", after="corellian:")
    edit(locs, "smuggler: 4, ", "", after="corellian:")
    problems = problems_of(project_copy)
    assert f"data/classic/locations.yaml:{line}: locations.corellian.faces: " \
           f"no value for face card 'smuggler' (cloud-city face set)" in problems


def test_check_catches_an_array_naming_cards_that_do_not_exist(project_copy):
    locs = project_copy / "data/classic/locations.yaml"
    face_line = line_of(locs, "{face: lord-of-sith}", after="imperial:")
    suit_line = line_of(locs, "{numbered: coins}", after="corellian:")
    edit(locs, "{face: lord-of-sith}", "{face: emperor}", after="imperial:")
    edit(locs, "{numbered: coins}", "{numbered: credits}", after="corellian:")
    problems = problems_of(project_copy)
    assert any(p.startswith(f"data/classic/locations.yaml:{face_line}: locations.imperial.array.pattern.0.face: "
                            "names face card 'emperor'") for p in problems), problems
    assert any(p.startswith(f"data/classic/locations.yaml:{suit_line}: locations.corellian.array.pattern.1."
                            "numbered: names suit 'credits'") for p in problems), problems


def test_check_catches_a_location_value_the_card_contradicts(project_copy):
    locs = project_copy / "data/classic/locations.yaml"
    edit(locs, "idiot: 0", "idiot: 1", after="mos-eisley:")
    problems = problems_of(project_copy)
    assert any("locations.mos-eisley.faces.idiot: idiot is worth 1 here, but its card prints 0" in p
               for p in problems), problems


def test_check_catches_a_missing_translation_in_the_table(project_copy):
    ru = project_copy / "data/classic/lang/ru.yaml"
    edit(ru, '  location.imperial: "Империя"\n', "")
    assert "data/classic/lang/ru.yaml: strings.location.imperial: missing: the name of location 'imperial'" \
        in problems_of(project_copy)


def test_location_words_left_in_the_table_say_where_they_go_now(project_copy):
    """A format-1 copy of the classic data kept names in locations.yaml: a located message says what to do."""
    locs = project_copy / "data/classic/locations.yaml"
    edit(locs, "    face_set: cloud-city", "    name: {en: Imperial}\n    face_set: cloud-city", after="imperial:")
    line = line_of(locs, "name: {en: Imperial}")
    problems = problems_of(project_copy)
    assert any(p.startswith(f"data/classic/locations.yaml:{line}: locations.imperial.name: the words of the local "
                            f"rules now live in the lang files: write 'location.imperial: ...'") for p in problems), \
        problems


def test_composition_check_covers_the_variant(project_copy):
    faces = project_copy / "data/classic/faces-cloud-city.yaml"
    value_line = line_of(faces, "id: jedi-master")
    edit(faces, "face: jedi-master, value: null", "face: jedi-master, value: 5")
    count_line = line_of(faces, "id: rancor")
    edit(faces, "face: rancor, value: null, count: 2", "face: rancor, value: null, count: 1")
    problems = problems_of(project_copy)
    assert any(p.startswith(f"data/classic/faces-cloud-city.yaml:{value_line}: jedi-master.value: jedi-master is "
                            "worth -13 to 8 depending on the location") for p in problems), problems
    assert f"data/classic/faces-cloud-city.yaml:{count_line}: rancor.count: the deck holds 2 of rancor, not 1" \
        in problems
    assert any(p.endswith("variant 'cloud-city' of deck 'classic' has 75 cards, 1 fewer than the 76 declared here "
                          "(copies included: a card's count: in the card list)") for p in problems), problems
    assert not any("faces.yaml:" in p and "cloud" not in p for p in problems)  # the base deck is fine


def test_composition_check_still_guards_the_base_deck(project_copy):
    faces = project_copy / "data/classic/faces.yaml"
    line = line_of(faces, "id: demise")
    edit(faces, "face: demise, value: -13", "face: demise, value: -12")
    assert f"data/classic/faces.yaml:{line}: demise.value: demise is worth -13, not -12" in problems_of(project_copy)


# ---------------------------------------------------------------- icons


def test_values_print_with_a_true_minus_sign():
    assert value_text(-13) == "\u221213" and value_text(0) == "0" and value_text(7) == "7"
