"""`deckgen serve`: the open page follows the files, and a broken file shows on it until it is fixed.

One server (a `deckgen serve` process on a free port) for a small project
copy, one headless Chromium looking at it; the edits happen on disk as a
designer's editor would make them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

from deckgen.preview.views import GalleryOptions
from deckgen.preview.server import HOST, LiveGallery, make_server
from deckgen.scaffold import create_project
from tests.browser import chrome, console_errors, needs_browser, poll
from tests.conftest import ROOT

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

#: The issue's bound for a change to reach the open page.
UPDATE_S = 20
#: The gallery's resolution here: which picture a card has matters, not its pixels (the default is 150).
DPI = 72


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """(project, URL) of a running `deckgen serve`."""
    base = tmp_path_factory.mktemp("serve")
    proj = base / "proj"
    create_project(proj)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "deckgen", "serve", "--project", str(proj), "--port", "0",
                                "--jobs", "1", "--dpi", str(DPI), "--out", str(base / "gallery")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=base)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(process.stdout.readline, "")), daemon=True)
    reader.start()
    url = poll(lambda: next((l.split()[1] for l in lines if l.startswith("serving ")), None), timeout=30)
    if url is None:
        process.kill()
        pytest.fail(f"deckgen serve did not start: {process.stderr.read() if process.poll() is not None else ''}")
    yield proj, url
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    process.stdout.close()
    process.stderr.close()


@pytest.fixture(scope="module")
def page(server):
    proj, url = server
    driver = chrome()
    driver.get(url)
    ready = poll(lambda: driver.execute_script("return document.querySelectorAll('.tile').length") == 3, timeout=60)
    assert ready, driver.page_source[:2000]
    yield driver
    driver.quit()


def front_of(driver, card: str) -> str | None:
    return driver.execute_script(
        "const img = document.querySelector(`.tile[data-card='${arguments[0]}'] img.front`);"
        "return img && img.complete && img.naturalWidth > 0 ? img.getAttribute('src') : null;", card)


def status(driver) -> str:
    return driver.execute_script("const s = document.getElementById('status'); return s.hidden ? '' : s.textContent;")


@needs_browser
def test_server_listens_on_loopback_only(server, page):
    _, url = server
    assert url.startswith(f"http://{HOST}:")
    with urllib.request.urlopen(url + "_deckgen/state?since=-1", timeout=10) as response:
        state = json.load(response)
    assert state["page"] >= 1 and state["errors"] == []


@needs_browser
def test_an_edit_to_a_card_changes_its_picture_in_the_open_page(server, page):
    proj, _ = server
    before = poll(lambda: front_of(page, "tide"), timeout=10)
    other = front_of(page, "crown")
    assert before and other
    edit(proj / "data" / "demo" / "cards.yaml", "{id: tide, colour: blue, value: 5}",
         "{id: tide, colour: gold, value: 8}")
    after = poll(lambda: (src := front_of(page, "tide")) and src != before and src, timeout=UPDATE_S)
    assert after, f"tide's picture did not change within {UPDATE_S} s"
    assert front_of(page, "crown") == other  # the other cards stay as they were
    assert console_errors(page) == []


@needs_browser
def test_a_yaml_error_shows_on_the_page_and_clears_when_fixed(server, page):
    proj, _ = server
    game = proj / "data" / "demo" / "game.yaml"
    good = game.read_text(encoding="utf-8")
    game.write_text(good + "decks: [\n", encoding="utf-8")
    shown = poll(lambda: (text := status(page)).startswith("data/demo/game.yaml:") and text, timeout=UPDATE_S)
    assert shown and "invalid YAML" in shown, status(page)
    assert len(page.find_elements("css selector", ".tile")) == 3  # the last good gallery stays under it
    game.write_text(good, encoding="utf-8")
    errors = "return document.documentElement.dataset.errors"
    assert poll(lambda: "game.yaml" not in status(page) and page.execute_script(errors) == "0", timeout=UPDATE_S), \
        status(page)
    assert console_errors(page) == []


def test_a_broken_template_is_a_located_error_and_the_fix_clears_it(tmp_path):
    proj = tmp_path / "proj"
    create_project(proj)
    live = LiveGallery(proj, [], GalleryOptions(out=tmp_path / "g", workers=1, dpi=DPI), log=lambda line: None)
    assert live.rebuild() is not None and live.state.errors == []
    template = proj / "templates" / "demo" / "front.svg.j2"
    good = template.read_text(encoding="utf-8")
    template.write_text(good.replace("{% block body %}", "{% block body %}{{ broken( }}"), encoding="utf-8")
    live.rebuild()
    line = next(i for i, text in enumerate(template.read_text(encoding="utf-8").splitlines(), 1) if "broken(" in text)
    assert [(p.location, p.message) for p in live.state.errors] == [
        (f"templates/demo/front.svg.j2:{line}", "unexpected '}', expected ')'")]
    assert 'Not rendered' in (tmp_path / "g" / "index.html").read_text(encoding="utf-8")
    template.write_text(good, encoding="utf-8")
    broken_page = live.state.page
    live.rebuild()
    assert live.state.errors == [] and live.state.page > broken_page
    assert 'Not rendered' not in (tmp_path / "g" / "index.html").read_text(encoding="utf-8")


def test_the_state_request_waits_for_news(tmp_path):
    live = LiveGallery(tmp_path, [], GalleryOptions(out=tmp_path / "g"), log=lambda line: None)
    server = make_server(live, 0)
    # shutdown() waits for serve_forever's next look at it: every 0.05 s instead of the default 0.5 s
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        url = f"http://{HOST}:{server.server_address[1]}/_deckgen/state"
        answer: list[dict] = []
        waiting = threading.Thread(target=lambda: answer.append(json.load(urllib.request.urlopen(
            f"{url}?since={live.state.version}", timeout=10))))
        waiting.start()
        waiting.join(0.5)
        assert not answer  # nothing new yet: the request waits
        live.update(busy="drawing cards")
        waiting.join(5)
        assert answer and answer[0]["busy"] == "drawing cards"
    finally:
        server.shutdown()
        server.server_close()


def test_a_new_change_cuts_the_slow_work_short(tmp_path):
    from deckgen.loader import load_project
    from deckgen.preview.gallery import build_gallery

    proj = tmp_path / "proj"
    create_project(proj)
    options = GalleryOptions(out=tmp_path / "g", workers=1, dpi=DPI, live=True)
    gallery = build_gallery(load_project(proj), ["demo"], options, cancelled=lambda: True)
    assert len(gallery.tiles) == 3 and all(t.front for t in gallery.tiles)  # the cards are drawn all the same
    assert [view.checked for view in gallery.games] == [False]  # the checks wait for the next build
    assert 'data-checking="1"' in (tmp_path / "g" / "index.html").read_text(encoding="utf-8")
    done = build_gallery(load_project(proj), ["demo"], options)
    assert [view.checked for view in done.games] == [True]
