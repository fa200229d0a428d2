"""deckgen kit: a convention's arithmetic from the data (6 classic + 4 Pazaak tables), its runs' pages read back in
printer order, a plan with a mistake refused with one located line before anything is written."""

from __future__ import annotations

import json
import zipfile
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.kit.arithmetic import kit_arithmetic
from deckgen.kit.make import make_kit
from deckgen.kit.plan import plan_from_text, read_plan, short_plan
from deckgen.loader import load_project
from deckgen.scaffold import create_project
from tests.conftest import ROOT


def runs_by_name(arith):
    return {r.name: r for r in arith.runs}


def test_six_classic_and_four_pazaak_tables_in_german_and_english(project, tmp_path):
    plan = short_plan(project, ("classic:6", "pazaak:4"), ("de", "en"))
    arith = kit_arithmetic(project, plan, tmp_path / "build")
    assert [t[0] for t in arith.numbered] == list(range(1, 11))
    cards = runs_by_name(arith)["cards"]
    files = {i.path.name: (i.copies, i.pages) for i in cards.items}
    # classic: 76 cards x 6 decks on 9-card sheets = 51 sheets, each a fronts and a backs page
    assert files["classic-de-x6-a4.pdf"] == (1, 2 * 51)
    # pazaak: a main deck (40 cards) a table, a side-card catalogue (23) per player, a sheet of score cards
    assert files["main-x4-a4.pdf"] == (1, 2 * 18)  # 160 cards
    assert files["side-de-x8-a4.pdf"] == (1, 2 * 21)  # 184 cards
    assert files["score-de-x4-a4.pdf"] == (1, 2 * 4)
    assert cards.duplex == "long" and cards.pages == 2 * (51 + 18 + 21 + 4) and cards.sheets == 94
    booklets = runs_by_name(arith)["booklets"]
    assert {i.path.name: i.copies for i in booklets.items} == {
        "classic-rules-de-booklet-a4.pdf": 6, "classic-rules-en-booklet-a4.pdf": 6,
        "pazaak-rules-de-booklet-a4.pdf": 4, "pazaak-rules-en-booklet-a4.pdf": 4}
    assert booklets.duplex == "short" and booklets.pages is None  # unknown until built
    documents = {i.label: i.copies * i.pages for i in runs_by_name(arith)["documents"].items}
    assert documents == {"local-rules-de-a4": 6, "table labels": 10}
    boxes = {i.path.name: i.copies for i in runs_by_name(arith)["boxes"].items}
    assert boxes == {"classic-de-tuckbox-a4.pdf": 6, "main-tuckbox-a4.pdf": 4, "side-de-tuckbox-a4.pdf": 8}


def test_a_dry_run_prints_the_plan_in_the_organisers_language(project, tmp_path):
    result = CliRunner().invoke(main, ["kit", "classic:6", "pazaak:4", "--lang", "de,en", "--dry-run", "--json",
                                       "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["runs"][0]["file"] == "home-cards-a4.pdf" and data["runs"][0]["sheets"] == 94
    assert data["total"]["complete"] is False  # the booklets' pages come only from a build
    assert not any(tmp_path.iterdir())  # nothing written


PLAN = """\
organiser_lang: fr
tables:
  - {game: classic, count: 2, langs: [en]}
  - {game: pazaak, count: 1, players: 2, langs: [de, fr], route: shop}
routes:
  home: {printer: {paper: letter, duplex: none}}
  shop: {preset: mpc}
spares: {decks: 1, sheet: true}
"""


def test_a_plan_file_with_routes_spares_and_the_organisers_language(project, tmp_path):
    plan = plan_from_text(project, PLAN)
    assert plan.organiser_lang == "fr" and plan.routes["home"].paper == "letter"
    arith = kit_arithmetic(project, plan, tmp_path)
    cards = runs_by_name(arith)["cards"]
    assert [(i.path.name, i.first_pages) for i in cards.items] == [
        ("classic-en-x3-letter.pdf", None),  # 2 tables and a spare deck
        ("classic-en-x3-letter.pdf", 2)]  # and a spare sheet: the first fronts and backs pages once more
    assert cards.pages == 2 * 26 + 2
    assert all(r.route == "home" for r in arith.runs)  # the shop's table is ordered, not printed
    booklets = [i.path.name for i in runs_by_name(arith)["booklets"].items]
    assert booklets == ["classic-rules-en-booklet-letter.pdf", "pazaak-rules-de-booklet-letter.pdf",
                        "pazaak-rules-fr-booklet-letter.pdf"]  # but its booklets are printed here


@pytest.mark.parametrize("change, where", [
    (("game: pazaak", "game: pazak"), "PLAN.yaml:4:6: tables.1.game: unknown game 'pazak' (did you mean 'pazaak'?)"),
    (("count: 2", "count: 0"), "PLAN.yaml:3:21: tables.0.count: 0 is out of range (minimum 1)"),
    (("players: 2", "players: 5"), "PLAN.yaml:4:30: tables.1.players: pazaak is played by 2 to 2 players, not 5"),
    (("[en]", "[en, xx]"), "PLAN.yaml:3:43: tables.0.langs.1: the project has no language 'xx' (it has: en, de"),
    (("preset: mpc", "preset: mcp"), "PLAN.yaml:7:10: routes.shop.preset: no preset 'mcp' (did you mean 'mpc'?)"),
    (("route: shop", "route: post"), "PLAN.yaml:4:59: tables.1.route: no route 'post' (routes: home, shop)"),
    (("organiser_lang: fr", "organiser_lang: it"), "PLAN.yaml:1:1: organiser_lang: the kit's words are in en, de, fr, ru"),
    (("spares: {decks: 1, sheet: true}", "spares: {decks: 1, sheet: true"), "PLAN.yaml:9:1: invalid YAML"),
])
def test_a_plan_with_a_mistake_is_one_located_line(project, tmp_path, change, where):
    path = tmp_path / "PLAN.yaml"
    path.write_text(PLAN.replace(*change), encoding="utf-8")
    with pytest.raises(DeckgenError) as caught:
        read_plan(project, path)
    problems = [str(p).replace(f"{tmp_path}/", "") for p in caught.value.problems]
    assert len(problems) == 1 and problems[0].startswith(where), problems


def test_deckgen_kit_says_the_mistake_in_one_line_and_writes_nothing(tmp_path):
    path = tmp_path / "PLAN.yaml"
    path.write_text(PLAN.replace("players: 2", "players: 5"), encoding="utf-8")
    result = CliRunner().invoke(main, ["kit", str(path), "--out", str(tmp_path / "kit")])
    assert result.exit_code == 2
    assert result.output.replace(f"{tmp_path}/", "").splitlines() == [
        "PLAN.yaml:4:30: tables.1.players: pazaak is played by 2 to 2 players, not 5", "1 problem"]
    assert not (tmp_path / "kit").exists()


def test_a_shop_route_a_deck_cannot_take_is_refused(project, tmp_path):
    text = "tables: [{game: archeon, route: cards}]\nroutes: {cards: {preset: mpc}}\n"
    with pytest.raises(DeckgenError, match="the mpc route cannot print the"):
        plan_from_text(project, text)


def test_the_short_form_names_the_argument_at_fault(project):
    with pytest.raises(DeckgenError) as caught:
        short_plan(project, ("classic:0", "pazak:2"), ("de",))
    assert [str(p) for p in caught.value.problems] == [
        "classic:0: a game is played at 1 table or more, not 0",
        "pazak:2: unknown game 'pazak' (did you mean 'pazaak'?) (this project has: classic, gladbach, pazaak, "
        "archeon)"]


def test_gladbach_tables_bring_the_tournament_pages_in_the_organisers_language(project, tmp_path):
    from deckgen.kit.tournament import tournament_pdf

    plan = plan_from_text(project, "organiser_lang: fr\ntables: [{game: gladbach, count: 3, players: 5, langs: [de]}]\n")
    documents = runs_by_name(kit_arithmetic(project, plan, tmp_path / "build"))["documents"]
    tournament = next(i for i in documents.items if i.label == "tournament-gladbach")
    assert tournament.pages == 1 + 1  # the procedure, and one sheet of 18 rows for 15 players
    boards = [(i.path.name, i.copies) for i in documents.items if i.label.startswith("board")]
    assert boards == [("board-de-a4-tiled.pdf", 3)]  # the board in A4 tiles, not on A3
    for lang, words in (("en", "our decision"), ("de", "unsere Entscheidung"), ("fr", "notre décision"),
                        ("ru", "наше решение")):
        reader = PdfReader(__import__("io").BytesIO(tournament_pdf(project, project.games["gladbach"], lang, 40)))
        assert len(reader.pages) == 1 + 3  # 40 players: three sheets
        assert words in " ".join(reader.pages[0].extract_text().split())


def test_a_table_key_naming_a_deck_the_game_lacks_is_located_in_game_yaml(tmp_path):
    root = starter(tmp_path / "proj")
    game_yaml = root / "data" / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "table:\n  decks: {demo: 1}\n  per_player: {dmeo: 1}\n")
    project = load_project(root)
    with pytest.raises(DeckgenError) as caught:
        kit_arithmetic(project, short_plan(project, ("demo:2",), ("en",)), tmp_path / "kit")
    assert [str(p) for p in caught.value.problems] == [
        "data/demo/game.yaml:" + str(len(game_yaml.read_text().splitlines())) +
        ":16: table.per_player.dmeo: the game has no deck 'dmeo' (its decks: demo)"]


def starter(root):
    """A ``deckgen new`` project; ``rules=False``: without its rule booklets (the slow part of a kit)."""
    create_project(root)
    return root


@pytest.fixture(scope="module")
def starter_kits(tmp_path_factory):
    """Two kits of a ``deckgen new`` game without booklets, 3 tables each: printed duplex, and turned by hand with
    a spare sheet."""
    import shutil

    root = starter(tmp_path_factory.mktemp("kit") / "proj")
    shutil.rmtree(root / "data" / "demo" / "rules")
    project = load_project(root)
    kits = {}
    for duplex in ("long", "none"):
        spare = "spares: {sheet: true}\n" if duplex == "none" else ""
        plan = plan_from_text(project, f"tables: [{{game: demo, count: 3, langs: [de]}}]\n"
                                       f"routes: {{home: {{printer: {{duplex: {duplex}}}}}}}\n" + spare)
        kits[duplex] = root / "output" / duplex
        make_kit(project, plan, kits[duplex], dpi=72, workers=1)
    return kits


def sides(path) -> list[str]:
    """Each page of a run: fronts, backs or another page (by its slug line's words, German here)."""
    found = []
    for page in PdfReader(path).pages:
        text = page.extract_text()
        found.append("F" if "Vorderseiten" in text else "B" if "Rückseiten" in text else "-")
    return found


def test_a_duplex_run_keeps_every_back_behind_its_front_and_the_copies_collated(starter_kits):
    out = starter_kits["long"]
    assert sides(out / "home-cards-a4.pdf") == ["F", "B", "F", "B"]  # 3 x 4 cards: two sheets
    data = json.loads((out / "plan.json").read_text())
    runs = {r["run"]: r for r in data["runs"]}
    assert runs["cards"]["pages"] == 4 and runs["cards"]["sheets"] == 2 and runs["cards"]["duplex"] == "long"
    assert runs["cards"]["coverage_percent"] > 0 and data["total"]["complete"] is True
    labels = PdfReader(out / "labels-home.pdf")
    assert len(labels.pages) == 3 and "Tisch 3" in labels.pages[2].extract_text()
    assert len(PdfReader(out / "home-documents-a4.pdf").pages) == runs["documents"]["pages"] == 3 + 3
    assert "Druckplan" in PdfReader(out / "plan.pdf").pages[0].extract_text()


def test_a_run_turned_by_hand_prints_every_front_then_every_back(starter_kits):
    # two sheets and a spare of the first: every front, then every back in the same order
    reader = PdfReader(starter_kits["none"] / "home-cards-a4.pdf")
    assert sides(starter_kits["none"] / "home-cards-a4.pdf") == ["F", "F", "F", "B", "B", "B"]
    assert "1/2" in reader.pages[2].extract_text() and "1/2" in reader.pages[5].extract_text()  # the spare


@pytest.mark.slow
def test_booklets_come_as_often_as_the_tables_with_a_separator_that_shifts_nothing(tmp_path):
    project = load_project(starter(tmp_path / "proj"))
    plan = plan_from_text(project, "tables: [{game: demo, count: 3, langs: [de, en]}]\nseparators: true\n")
    out = tmp_path / "kit"
    make_kit(project, plan, out, dpi=72)
    runs = {r["run"]: r for r in json.loads((out / "plan.json").read_text())["runs"]}
    booklet = PdfReader(out / "build" / "home" / "de" / "demo" / "demo-rules-de-booklet-a4.pdf")
    booklets = PdfReader(out / "home-booklets-a4.pdf")
    # 3 German booklets, a separator page and its blank back, 3 English ones: pages known once built
    assert len(booklets.pages) == runs["booklets"]["pages"] + 2 == 6 * len(booklet.pages) + 2
    assert len(booklets.pages) % 2 == 0 and "demo-rules-en" in booklets.pages[3 * len(booklet.pages)].extract_text()


@pytest.mark.slow
def test_the_bundled_convention_kit_renders(tmp_path):
    """The whole 6 classic + 4 Pazaak kit, built (minutes): every run's pages as the plan says."""
    project = load_project(ROOT)
    plan = short_plan(project, ("classic:6", "pazaak:4"), ("de", "en"))
    make_kit(project, plan, tmp_path, dpi=100)
    data = json.loads((tmp_path / "plan.json").read_text())
    assert data["total"]["complete"]
    for run in data["runs"]:
        assert len(PdfReader(tmp_path / run["file"]).pages) == run["pages"]


@pytest.mark.slow
def test_a_shop_order_bundles_the_presets_files_and_the_quantities(tmp_path):
    project = load_project(starter(tmp_path / "proj"))
    plan = plan_from_text(project, "tables: [{game: demo, count: 2, langs: [en]}, {game: demo, count: 3, langs: [de], "
                                   "route: shop}]\nroutes: {home: {printer: {}}, shop: {preset: mpc}}\n")
    make_kit(project, plan, tmp_path / "kit", dpi=72)
    with zipfile.ZipFile(tmp_path / "kit" / "order-shop-mpc.zip") as bundle:
        quantities = json.loads(bundle.read("quantities.json"))
        names = bundle.namelist()
    assert quantities == {"demo/demo-de": 3} and sum(quantities.values()) == 3
    assert "demo/mpc/demo-de.csv" in names and any(n.endswith("-front.png") for n in names)
    labels = PdfReader(tmp_path / "kit" / "labels-home.pdf")
    assert len(labels.pages) == 2 + 3  # the shop's tables get their labels with the home route's


def test_deckgen_schema_publishes_the_plans_schema_with_the_projects_games(project):
    from deckgen.editor import project_schemas

    table = project_schemas(project)["kit.schema.json"]["properties"]["tables"]["items"]["properties"]
    assert table["game"]["enum"] == list(project.games) and table["langs"]["items"]["enum"] == ["en", "de", "fr", "ru"]
    assert table["count"]["minimum"] == 1
