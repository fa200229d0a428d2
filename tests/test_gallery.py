"""`deckgen preview`: the static gallery, seen in a real browser, and the pieces it is made of.

One gallery of a small project with planted problems (a name that overflows
its box, a name with glyphs the font lacks) is built once for the module and
opened from disk in headless Chromium.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from deckgen.cli import main
from deckgen.errors import Problem
from deckgen.preview.placement import problem_target
from deckgen.preview.images import MISCUTS, cut_card, miscut_sheet
from deckgen.scaffold import create_project
from tests.browser import chrome, console_errors, needs_browser, shown_tiles

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

#: What the built galleries here are about is the page, not the pixels or the drawing processes: one process,
#: 72 dpi (the defaults are a process per CPU and 150 dpi).
QUICK = ("--jobs", "1", "--dpi", "72")

CARD_LINE = re.compile(r"^(?P<file>[^:]+):\d+:\d+: cards\.(?P<card>[^.:]+)")


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def plant_problems(proj: Path) -> None:
    """An English name too long for its box and one with glyphs the font does not have."""
    lang = proj / "data" / "demo" / "lang" / "en.yaml"
    text = lang.read_text(encoding="utf-8")
    text = text.replace("ember: {name: Ember}",
                        'ember: {name: "Ember of the everlasting and unquenchable northern volcanoes beyond the sea"}')
    text = text.replace("tide: {name: Tide}", 'tide: {name: "Tide \u2603 \u2708"}')
    lang.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    """(project, gallery folder, `deckgen check` output, `deckgen preview` output) of the planted project."""
    base = tmp_path_factory.mktemp("gallery")
    proj = base / "proj"
    create_project(proj)
    plant_problems(proj)
    out = base / "gallery"
    built = invoke("preview", "--project", proj, "--lang", "all", "--out", out, *QUICK)
    assert built.exit_code == 0, built.output
    checked = invoke("check", "--project", proj)
    assert checked.exit_code == 2, checked.output
    return proj, out, checked.output, built.output


@pytest.fixture(scope="module")
def browser():
    driver = chrome()
    yield driver
    driver.quit()


def checked_cards(check_output: str) -> set[tuple[str, str]]:
    """(card id, language) of every card a `deckgen check` line names."""
    found = set()
    for line in check_output.splitlines():
        m = CARD_LINE.match(line)
        if m:
            lang = re.search(r"lang/([\w-]+)\.ya?ml$", m["file"])
            found.add((m["card"], lang.group(1) if lang else "*"))
    return found


# ------------------------------------------------------------------ in the browser


@needs_browser
def test_gallery_opens_from_disk_without_console_errors(planted, browser):
    _, out, _, built = planted
    browser.get((out / "index.html").as_uri())
    assert console_errors(browser) == []
    # 3 card kinds in each of 2 languages
    assert len(browser.find_elements("css selector", ".tile")) == 6
    assert len(shown_tiles(browser)) == 6
    assert "6 cards of 1 deck in 2 languages, 2 with problems" in built
    first = browser.find_element("css selector", ".tile img.front")
    assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", first) > 0
    ids = {(t.get_attribute("data-card"), t.find_element("css selector", ".id code").text)
           for t in browser.find_elements("css selector", ".tile")}
    assert ids == {(c, c) for c in ("ember", "tide", "crown")}
    ember = browser.find_element("css selector", ".tile[data-card=ember]")
    assert "×2" in ember.text  # its count


@needs_browser
def test_only_problems_shows_exactly_the_cards_check_reports(planted, browser):
    _, out, check_output, _ = planted
    expected = checked_cards(check_output)
    assert expected == {("ember", "en"), ("tide", "en")}
    browser.get((out / "index.html").as_uri())
    browser.find_element("id", "problems-toggle").click()
    assert set(shown_tiles(browser)) == expected
    tide = browser.find_element("css selector", "#tile-demo-demo-en-tide")
    assert "missing glyphs" in tide.find_element("css selector", ".problems").text
    ember = browser.find_element("css selector", "#tile-demo-demo-en-ember")
    assert "does not fit" in ember.text and "lang/en.yaml:" in ember.text
    assert console_errors(browser) == []


@needs_browser
def test_filters_by_language_and_deck_and_the_miscut_view(planted, browser):
    _, out, _, _ = planted
    browser.get((out / "index.html").as_uri())
    browser.find_element("css selector", ".chip[data-set=lang][data-value=de]").click()
    assert {lang for _, lang in shown_tiles(browser)} == {"de"}
    assert len(shown_tiles(browser)) == 3
    browser.find_element("css selector", ".chip[data-set=view][data-value=miscut]").click()
    display = "return getComputedStyle(document.querySelector(arguments[0])).display"
    assert browser.execute_script(display, "#tile-demo-demo-de-crown .miscut") == "block"
    assert browser.execute_script(display, "#tile-demo-demo-de-crown .card") == "none"
    assert browser.execute_script("return location.hash") == "#lang=de&view=miscut"
    browser.get("about:blank")
    browser.get((out / "index.html").as_uri() + "#deck=demo/nosuch")  # a stale deck in the address: all decks
    assert len(shown_tiles(browser)) == 6
    assert console_errors(browser) == []


# ------------------------------------------------------------------ on disk


def test_gallery_files_and_an_unchanged_rebuild(planted):
    proj, out, _, _ = planted
    html = (out / "index.html").read_text(encoding="utf-8")
    pictures = set(re.findall(r'src="((?:img|docs|rules)/[^"]+)"', html))
    assert pictures and all((out / p).is_file() for p in pictures)
    assert any(p.endswith("-miscut.webp") for p in pictures)
    page = (out / "index.html").read_bytes()
    again = invoke("preview", "--project", proj, "--lang", "all", "--out", out, *QUICK)
    assert again.exit_code == 0, again.output
    assert "0 faces drawn, 0 pictures written" in again.output
    assert (out / "index.html").read_bytes() == page  # same project, same page


def test_cards_limits_the_gallery_and_prunes_old_pictures(tmp_path):
    proj = tmp_path / "proj"
    create_project(proj)
    out = tmp_path / "g"
    result = invoke("preview", "--project", proj, "--cards", "tide", "--out", out, *QUICK)
    assert result.exit_code == 0, result.output
    assert "1 card of 1 deck in 1 language" in result.output
    html = (out / "index.html").read_text(encoding="utf-8")
    assert 'data-card="tide"' in html and 'data-card="ember"' not in html
    kept = {p.name for p in (out / "img").glob("*.webp")}
    assert {f"{Path(p).name}" for p in re.findall(r'src="(img/[^"]+)"', html)} == kept
    bad = invoke("preview", "--project", proj, "--cards", "nosuch", "--out", out)
    assert bad.exit_code == 2 and "--cards: no card 'nosuch' in demo" in bad.output


def test_the_old_preview_command_line_is_answered_with_the_new_one(tmp_path):
    proj = tmp_path / "proj"
    create_project(proj)
    result = invoke("preview", "demo", "ember", "tide", "--project", proj)
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[0] == ("ember: is a card, not a game: the gallery takes cards with --cards; write "
                                     "`deckgen preview demo --cards ember,tide` (or add -o FILE.png for the old "
                                     "one-PNG contact sheet)")
    assert invoke("preview", "nosuch", "--project", proj).output.strip().splitlines()[0] == \
        "unknown game 'nosuch' (this project has: demo)"
    assert invoke("preview", "--project", proj, "--lang", "xx").exit_code == 2


# ------------------------------------------------------------------ whose problem, what a miscut shows


@pytest.mark.parametrize("problem, target", [
    (Problem("data/g/lang/de.yaml", 3, 5, "cards.ember.name", "does not fit"), ("card", "ember", "de")),
    (Problem("templates/g/front.svg.j2", 4, None, None, "missing glyphs: ☃ (card tide [fr])"), ("card", "tide", "fr")),
    (Problem("templates/g/back.svg.j2", 4, None, None, "outside the safe zone (back of demo [en])"),
     ("deck", "demo", "en")),
    (Problem("templates/g/board.svg.j2", 9, None, None, "does not fit (document board sheet 2 [de])"),
     ("document", "board", "de")),
    (Problem("data/g/rules/fr.md", 12, 1, None, "unknown card"), ("rulebook", None, "fr")),
    (Problem("data/g/game.yaml", 2, 1, "decks", "no such deck"), ("game", None, None)),
])
def test_a_problem_lands_on_what_it_names(problem, target):
    assert problem_target(problem, {"ember", "tide"}, {"demo"}) == target


def columns_image(width: int, height: int) -> Image.Image:
    """Every pixel's red value is its column (mod 256)."""
    image = Image.new("RGB", (width, height))
    image.putdata([(x % 256, y % 256, 0) for y in range(height) for x in range(width)])
    return image


def test_a_cut_moved_one_millimetre_takes_the_trim_from_one_millimetre_over():
    # 10 px per mm: a 20 x 30 mm card with 3 mm bleed
    image = columns_image(260, 360)
    straight = cut_card(image, 20, 30, 3)
    right = cut_card(image, 20, 30, 3, dx_mm=1)
    down = cut_card(image, 20, 30, 3, dy_mm=1)
    assert straight.size == right.size == (200, 300)
    assert straight.getpixel((100, 150))[:2] == (130, 180)
    assert right.getpixel((100, 150))[:2] == (140, 180)
    assert down.getpixel((100, 150))[:2] == (130, 190)
    assert straight.getpixel((0, 0))[3] == 0 and straight.getpixel((100, 150))[3] == 255  # rounded corners
    sheet = miscut_sheet(image, 20, 30, 3, reduce=1)
    gap = sheet.width - 400
    assert len(MISCUTS) == 4 and sheet.size == (400 + gap, 600 + gap)
    # left of the four: the cut moved 1 mm left, so the picture shows 1 mm more of the left bleed
    assert sheet.getpixel((100, 150))[0] == 120
    # right of the four: 1 mm more of the right bleed
    assert sheet.getpixel((200 + gap + 100, 150))[0] == 140
    assert miscut_sheet(image, 20, 30, 3).width == 200 + round(100 * 0.06)  # drawn at half resolution


def test_a_document_problem_shows_on_the_page_of_its_language(project):
    from deckgen.preview.views import GameView

    russian = Problem("templates/classic/local-rules.svg.j2", 62, None, None,
                      "document locations [ru]: 'Мастер-джедай': its last line is the lone word 'джедай'", True)
    everywhere = Problem("templates/classic/local-rules.svg.j2", 22, None, None, "text in #24112f is almost black",
                         True)
    view = GameView(project.games["classic"], "Classic", document_problems={"locations": [russian, everywhere]})
    assert view.document_problems_in("locations", "ru") == [russian, everywhere]
    assert view.document_problems_in("locations", "fr") == [everywhere]


def test_a_layout_box_problem_heads_the_decks_that_draw_the_box(project):
    from deckgen.preview.placement import attach
    from deckgen.preview.views import DeckView, GameView

    game = project.games["classic"]
    views = [DeckView(deck, deck.id, "en", templates={deck.front, deck.back}) for deck in game.decks.values()]
    view = GameView(game, "Classic", decks=views)
    frame = Problem("data/classic/style.yaml", 28, 3, "boxes.frame",
                    "a frame 1.4 mm inside the trim shows a miscut: let it bleed off or keep it 3.5 mm in")
    unrelated = Problem("data/classic/game.yaml", 3, 1, "name", "something about the game")
    attach(view, [frame, unrelated], ("en",), project)
    assert {d.deck.id: d.problems for d in view.decks} == {"classic": [frame], "adapted-42": []}
    assert view.problems == [unrelated]
