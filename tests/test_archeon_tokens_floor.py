"""The Archeon shift tokens hold the floor of printed text in every language, with names never hyphenated.

The token faces are rendered unit by unit (the token deck only, no build);
the disc layout (``disc_text``) is tested on its own with planted texts.
"""

from __future__ import annotations

import math
import sys
import types

import pytest

import deckgen.render.verbs  # noqa: F401  (registers the verbs; the module is reached through sys.modules)
from deckgen.render.decks import render_deck
from deckgen.text import TextBox
from deckgen.text.fonts import FontSet
from deckgen.text.floor import FLOOR_WORDS, MM_PER_PT

from conftest import bundled_project

DISC = sys.modules["deckgen.render.verbs.disc_text"]
LANGS = ("en", "de", "fr", "ru")
#: The size every token text keeps at least (pt): the 6.5 pt floor with a margin.
WITH_MARGIN_PT = 6.65
ROOM_WORDS = (FLOOR_WORDS, "does not fit", "outside the safe zone", "lone word")


@pytest.fixture(scope="module")
def tokens():
    project = bundled_project()
    game = project.games["archeon"]
    return project, game, game.decks["tokens"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_token_face_holds_the_floor_and_no_name_is_hyphenated(tokens, lang, monkeypatch):
    project, game, deck = tokens
    planned: list[tuple[str, str, object]] = []
    real_plan = DISC.plan

    def recording_plan(face, s, box, circle, font, *args, **kwargs):
        found = real_plan(face, s, box, circle, font, *args, **kwargs)
        planned.append((font, str(s), found))
        return found

    monkeypatch.setattr(DISC, "plan", recording_plan)
    target = render_deck(project, game, deck, lang, None, force=True)
    room = [p.format() if hasattr(p, "format") else str(p) for p in target.problems
            if any(w in p.message for w in ROOM_WORDS)]
    assert room == []
    names = [(s, found) for font, s, found in planned if font == "display"]
    effects = [(s, found) for font, s, found in planned if font == "body"]
    assert len(names) == len(effects) == len(deck.cards) == 40
    for s, found in names + effects:
        assert found is not None, f"{s!r} could not be set on the disc"
        size, places, lines = found
        assert size / MM_PER_PT >= WITH_MARGIN_PT, (s, size / MM_PER_PT)
        # every word whole: the lines put together are the text (no hyphen added, no word split)
        assert " ".join(lines).replace("\xa0", " ").replace("\u202f", " ").split() == \
            s.replace("\xa0", " ").replace("\u202f", " ").split()
    assert all(len(found[2]) <= 2 for _, found in names)


def _face(lang: str = "en"):
    project = bundled_project()
    fonts = FontSet.from_dir(project.root / "fonts", dict(project.fonts))
    return types.SimpleNamespace(fonts=fonts, icons={}, lang=lang, memo={})


CIRCLE = (15.0, 15.0, 13.5)
BAND = TextBox(1.5, 10.5, 27.0, 16.7)


def test_disc_lines_follow_the_circle_and_stay_inside_it():
    text = ("A long planted text that needs several lines on the disc, so that its lines run wide in the "
            "middle of the circle and short near its edge.")
    size, places, lines = DISC.plan(_face(), text, BAND, CIRCLE, "body", 2.55, 2.2, 1.1, "top")
    assert len(lines) >= 4
    cx, cy, r = CIRCLE
    widths = [w for _, _, w in places]
    for left, top, width in places:
        for x in (left, left + width):
            for y in (top, top + size * 1.1):
                assert math.hypot(x - cx, y - cy) <= r + 1e-6
    # wider than the rectangle inscribed in the band (the old layout's 18.8 mm), narrowing towards the edge
    assert max(widths) > 24 and widths[-1] < max(widths)


def test_a_word_wider_than_every_line_is_not_hyphenated():
    assert DISC.plan(_face(), "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen", BAND, CIRCLE,
                     "display", 2.7, 2.4, 1.0, "top") is None


def test_a_russian_preposition_stays_with_its_word_and_no_lone_last_word():
    words = DISC.words_of("Верните себе 2 фишки из тех, что вы внесли в банк в этом раунде.", "ru")
    assert "в\xa0банк" in words and not any(w in ("в", "из", "вы") for w in words)
    text = "До вскрытия карты свиты разыгрывать нельзя."
    _, _, lines = DISC.plan(_face("ru"), text, BAND, CIRCLE, "body", 2.55, 2.36, 1.1, "top")
    assert " " in lines[-1] or len(lines) == 1


def test_french_punctuation_never_starts_a_line():
    assert DISC.words_of("Choisissez : un joueur ; puis « Sabacc » !", "fr")[0].startswith("Choisissez")
    for word in DISC.words_of("Choisissez : un joueur ; puis « Sabacc » !", "fr"):
        assert not word.startswith((":", ";", "!", "»"))
