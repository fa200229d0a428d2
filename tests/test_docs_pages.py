"""The docs say what deckgen does: docs/first-deck.md followed step by step; the README's papers are the commands'."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.editor import MODELINE
from tests.conftest import ROOT

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

PAGE = ROOT / "docs" / "first-deck.md"
BLOCK = re.compile(r"<!-- file: (\S+) -->\n```\w*\n(.*?)```", re.S)


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_the_first_deck_page_builds_what_it_says(tmp_path):
    page = PAGE.read_text(encoding="utf-8")
    files = BLOCK.findall(page)
    assert [name for name, _ in files] == ["data/demo/game.yaml", "data/demo/cards.yaml", "data/demo/lang/en.yaml",
                                           "data/demo/lang/de.yaml", "templates/demo/icons.yaml",
                                           "templates/demo/front.svg.j2"]
    lines = sum(body.count("\n") for _, body in files)
    assert f"The files you write come to {lines} lines." in page
    root = tmp_path / "spike"
    assert invoke("new", root).exit_code == 0
    for name, body in files:  # "replace everything after the first line" (the schema line) or the whole file
        path = root / name
        first = path.read_text(encoding="utf-8").splitlines(keepends=True)[:1] if path.exists() else []
        keep = first if first and first[0].startswith(MODELINE) else []
        path.write_text("".join(keep) + body, encoding="utf-8")
    listed = invoke("list", "--project", root)
    assert "demo: 62 cards (61 kinds)" in listed.output and "demo: 62 cards (61 kinds)" in page
    checked = invoke("check", "--project", root)
    assert checked.exit_code == 0 and "ok: demo" in checked.output, checked.output
    # `deckgen build` as the page says (vector faces: the 62 faces the check rendered are placed, not drawn)
    built = invoke("build", "--project", root, "--lang", "en", "--out", root / "output")
    assert built.exit_code == 0, built.output
    for name in ("demo-en-a4.pdf", "demo-en-cards.pdf", "reference-en-a4.pdf", "demo-rules-en.pdf",
                 "demo-rules-en-booklet-a4.pdf"):
        assert (root / "output" / "demo" / name).is_file() and f"`{name}`" in page
    # the page's example of a problem is what check says when the German rule is missing
    lang = root / "data/demo/lang/de.yaml"
    lang.write_text(re.sub(r"  sylop: .*", "  sylop: {name: Sylop}", lang.read_text(encoding="utf-8")), encoding="utf-8")
    checked = invoke("check", "--project", root)
    message = checked.output.strip().splitlines()[0]
    assert checked.exit_code != 0 and message in page, message


@pytest.mark.parametrize("command", ["build", "rules", "calibrate"])
def test_the_readme_offers_the_papers_the_command_does(command):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = next(l for l in readme.splitlines() if l.startswith(f"deckgen {command} "))
    offered = re.search(r"--paper ([a-z0-9|]+)\]", line).group(1).split("|")
    option = next(p for p in main.commands[command].params if p.name == "paper")
    assert offered == list(option.type.choices)
    assert option.help  # --help says what the paper is for
