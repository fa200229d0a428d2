"""The bundled games' rule booklets: every language checks clean, builds, and reads in its own language.

tests/test_rulebook.py tests the booklet machinery on a small project; this
file tests the texts that ship, whole: all sixteen sources checked and built, in
the slow suite (CI runs it; `deckgen check` checks them too).
"""

from __future__ import annotations

import re
import subprocess

import pytest
from pypdf import PdfReader

from deckgen.rulebook.build import build_rulebooks, check_rulebook

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

PT = 72 / 25.4
GAMES = ("classic", "gladbach", "pazaak", "archeon")
LANGS = ("en", "de", "fr", "ru")
#: Words every page of running text in the language has many of, and the other languages lack.
STOP_WORDS = {
    "en": {"the", "and", "of", "you"},
    "de": {"die", "und", "der", "nicht"},
    "fr": {"les", "et", "des", "une"},
    "ru": {"и", "в", "не", "на"},
}


def data_of(project, game_id):
    game = project.games[game_id]
    return game, project.descriptor(game).data_for(game)


@pytest.mark.slow  # all sixteen shipped sources checked whole (CI runs it; `deckgen check` does too)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_language_checks_clean(project, game_id):
    """Same sections and directives as English, every example judged right, glossary kept, glyphs present."""
    game, data = data_of(project, game_id)
    assert [str(p) for p in check_rulebook(project, game, data) if not p.warning] == []


def _assert_booklet(files: dict[str, bytes], tmp_path, game_id: str, lang: str) -> None:
    reading = tmp_path / f"{game_id}-rules-{lang}.pdf"
    reading.write_bytes(files[reading.name])
    reader = PdfReader(reading)
    assert len(reader.pages) >= 6
    for page in reader.pages:
        assert [round(float(v) / PT, 1) for v in page.trimbox] == [3.0, 3.0, 151.0, 213.0]
        assert [round(float(v) / PT, 1) for v in page.bleedbox] == [0.0, 0.0, 154.0, 216.0]
    words = set(re.findall(r"\w+", " ".join(p.extract_text() for p in reader.pages).lower()))
    assert STOP_WORDS[lang] <= words, (game_id, lang, STOP_WORDS[lang] - words)
    others = set().union(*(w for l, w in STOP_WORDS.items() if l != lang)) - STOP_WORDS[lang]
    foreign = others & words - {"de", "die", "des", "on"}  # names and card words may borrow a few
    assert len(foreign) <= 1, (game_id, lang, foreign)
    fonts = subprocess.run(["pdffonts", str(reading)], capture_output=True, text=True, check=True).stdout
    assert all(re.search(r"\byes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$", row) for row in fonts.splitlines()[2:])
    imposed = PdfReader(tmp_path / f"{game_id}-rules-{lang}-booklet-a4.pdf")
    assert len(imposed.pages) == 2 * -(-len(reader.pages) // 4)


def _build(project, game_id, langs, tmp_path) -> dict[str, bytes]:
    game, data = data_of(project, game_id)
    files, problems = build_rulebooks(project, game, list(langs), "a4", data)
    assert problems == []
    for name, pdf in files:
        (tmp_path / name).write_bytes(pdf)
    return dict(files)


@pytest.mark.slow  # two whole booklet builds (CI runs it; tests/test_booklet_furniture.py builds small ones)
def test_the_russian_gladbach_booklet_builds_in_russian_and_again_to_the_same_bytes(project, tmp_path):
    files = _build(project, "gladbach", ["ru"], tmp_path)
    _assert_booklet(files, tmp_path, "gladbach", "ru")
    game, data = data_of(project, "gladbach")
    again, _ = build_rulebooks(project, game, ["ru"], "a4", data)
    assert dict(again) == files  # card pictures are named by order, not at random


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_booklet_builds_in_its_language(project, game_id, tmp_path):
    files = _build(project, game_id, LANGS, tmp_path)
    for lang in LANGS:
        _assert_booklet(files, tmp_path, game_id, lang)
