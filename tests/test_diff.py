"""deckgen diff: two versions of a project compared by their printed faces; the HTML report; the errata kit."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.diffing.compare import compare, lines
from deckgen.diffing.errata import reprint_ids
from deckgen.scaffold import create_project
from tests.browser import chrome, console_errors, needs_browser

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _deck(fronts: dict, backs: dict, cards: dict) -> dict:
    return {"deck": "d", "variant": None, "langs": {"en": {"fronts": fronts, "backs": backs}}, "cards": cards}


def _snap(deck: dict, booklet: dict | None = None) -> dict:
    return {"languages": ["en"], "games": {"g": {"name": {"en": "G"}, "decks": {"d": deck},
                                                 "booklets": {"en": booklet or {}}}}}


def card(count=1, colour="red", text="T"):
    return {"count": count, "fields": {"colour": colour}, "texts": {"en": {"name": "N", "text": text}}}


def test_a_card_changes_only_when_its_face_does():
    old = _snap(_deck({"a": "1", "b": "2", "c": "3"}, {"a": "B", "b": "B", "c": "B"},
                      {"a": card(), "b": card(), "c": card()}))
    new = _snap(_deck({"a": "1", "b": "9", "c": "3", "n": "4"}, {"a": "B", "b": "B", "c": "B", "n": "B"},
                      {"a": card(colour="blue"),  # data moved, face the same: not a change
                       "b": card(text="U"), "c": card(count=3), "n": card()}))
    ch = compare(old, new)["g"]["decks"]["d"]["en"]
    assert [c["card"] for c in ch["changed"]] == ["b"] and ch["changed"][0]["fields"] == ["text [en]"]
    assert ch["added"] == ["n"] and ch["removed"] == [] and ch["renamed"] == []
    assert ch["copies"] == [{"card": "c", "old": 1, "new": 3, "do": "print 2 more"}]
    assert reprint_ids(compare(old, new)) == {("g", "en"): ["b", "n"]}


def test_a_renamed_card_with_the_same_face_is_not_reprinted_and_a_new_back_takes_every_card():
    old = _snap(_deck({"a": "1", "b": "2"}, {"a": "B", "b": "B"}, {"a": card(), "b": card(count=2)}))
    new = _snap(_deck({"a": "1", "bee": "2"}, {"a": "C", "bee": "C"}, {"a": card(), "bee": card()}))
    ch = compare(old, new)["g"]["decks"]["d"]["en"]
    assert ch["renamed"] == [{"old": "b", "new": "bee"}] and ch["added"] == ch["removed"] == []
    assert ch["back"] == {"cards": ["a"], "shared": False}  # bee is new: its back is no change
    text = "\n".join(lines(compare(old, new)))
    assert "renamed b -> bee (same face: nothing to reprint)" in text


def test_booklet_sections_whose_text_changed():
    old = _snap(_deck({}, {}, {}), {"setup": ["Setup", "Deal three."], "end": ["End", "Stop."]})
    new = _snap(_deck({}, {}, {}), {"setup": ["Setup", "Deal four."], "end": ["End", "Stop."], "x": ["X"]})
    ch = compare(old, new)["g"]["booklets"]["en"]
    assert [c["section"] for c in ch["changed"]] == ["setup"] and ch["added"] == ["x"] and ch["removed"] == []


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    """A starter project in a git repository: v1 committed, then a working tree with these changes: a
    card's text (crown, English), a card's colour (tide), a German booklet paragraph, a new card (star),
    and a card whose data moved without changing its face (ember, fields reordered)."""
    root = tmp_path_factory.mktemp("diff") / "p"
    create_project(root)
    git = ["git", "-c", "user.email=t@example.org", "-c", "user.name=T"]
    subprocess.run([*git, "init", "-q"], cwd=root, check=True)
    subprocess.run([*git, "add", "-A"], cwd=root, check=True)
    subprocess.run([*git, "commit", "-qm", "v1"], cwd=root, check=True)
    cards = root / "data/demo/cards.yaml"
    cards.write_text(cards.read_text().replace("{id: tide, colour: blue, value: 5}", "{id: tide, colour: red, value: 5}")
                     .replace("{id: ember, colour: red, value: 3, count: 2}", "{id: ember, value: 3, colour: red, count: 2}")
                     + "- {id: star, colour: blue, value: 7}\n")
    for lang, name in (("en", "Star"), ("de", "Stern")):
        path = root / f"data/demo/lang/{lang}.yaml"
        path.write_text(path.read_text().replace("cards:\n", f"cards:\n  star: {{name: {name}}}\n")
                        .replace('rule: "Wins every *tie*."', 'rule: "Wins every *tie* and every draw."'))
    rules = root / "data/demo/rules/de.md"
    rules.write_text(rules.read_text().replace("Mischt das Deck und", "Mischt das Deck gründlich und"))
    return root


def run(*args, code=0):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == code, (result.output, result.exception)
    return result


@needs_git
def test_unknown_revision_and_folder_outside_git_are_located_errors(repo, tmp_path):
    result = run("diff", "no-such-tag", "--project", repo, code=2)
    assert "OLD: unknown revision 'no-such-tag'" in result.output and "Traceback" not in result.output
    loose = tmp_path / "loose"
    create_project(loose)
    result = run("diff", "--project", loose, code=2)
    assert "OLD: 'HEAD':" in result.output and "not inside a git repository" in result.output


@pytest.mark.slow
@needs_git
@needs_browser
def test_diff_report_and_errata_kit_of_a_small_project(repo, tmp_path):
    report = json.loads(run("diff", "--project", repo, "--json").output)["games"]["demo"]
    en, de = report["decks"]["demo"]["en"], report["decks"]["demo"]["de"]
    assert sorted(c["card"] for c in en["changed"]) == ["crown", "tide"]  # not ember: its face did not change
    assert [c["card"] for c in de["changed"]] == ["tide"]  # the German crown text did not change
    assert en["added"] == de["added"] == ["star"] and not en["removed"] and not en["copies"]
    assert list(report["booklets"]) == ["de"] and [c["section"] for c in report["booklets"]["de"]["changed"]] == ["setup"]

    out = tmp_path / "out"
    run("diff", "--project", repo, "--out", out, "--errata")
    from pypdf import PdfReader

    reprint = out / "errata/reprint/demo"
    # the shop file: one page per reprinted front, then the back they share
    assert len(PdfReader(str(reprint / "demo-en-reprint-cards.pdf")).pages) == 3 + 1  # crown, tide, star
    assert len(PdfReader(str(reprint / "demo-de-reprint-cards.pdf")).pages) == 2 + 1  # tide, star
    sheet = "".join(p.extract_text() for p in PdfReader(str(out / "errata/demo-errata-de.pdf")).pages)
    assert "Stern" in sheet and "Mischt das Deck gründlich" in sheet
    driver = chrome()
    try:
        driver.get((out / "index.html").as_uri())
        assert console_errors(driver) == []
        overlays = driver.find_elements("css selector", ".card.changed figure.overlay img")
        assert len(overlays) == 3  # crown and tide in English, tide in German
        assert all(driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", img) > 0
                   for img in overlays)
    finally:
        driver.quit()


@pytest.mark.slow
@needs_git
def test_a_side_that_does_not_build_is_one_located_error_naming_it(repo, tmp_path):
    broken = tmp_path / "broken"
    shutil.copytree(repo, broken)
    cards = broken / "data/demo/cards.yaml"
    cards.write_text(cards.read_text().replace("value: 5}", "value: five}"))
    result = run("diff", repo, broken, "--project", repo, code=2)
    assert "NEW: " in result.output and "does not build" in result.output and "cards.yaml:" in result.output
    assert "Traceback" not in result.output
