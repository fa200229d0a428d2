"""The colour words check: a colour the rules call "red" prints red.

A game's style.yaml says what players call its named colours::

    colours:
      red: "#ff4a2b"
    colour_words:
      red: red          # style.colours.red is the colour the rules call red

and ``deckgen check`` holds each such colour to the word's range in HSV
(hue, saturation, value), stated per word in ``colour_words.yaml`` next to
this module (red: hue 340°–12°).  An orange called "red" is a located
error at the colour's line::

    data/gladbach/style.yaml:17:3: colours.red: #f47a36 is hue 21°, outside red's 340°–12° (it prints orange) ...

A word that is not in the list, or a name that is not a colour of the
style, is an error at its line under ``colour_words:``.
"""

from __future__ import annotations

import colorsys
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from deckgen.errors import DeckgenError, Problem
from deckgen.registry import Check, CheckContext
from deckgen.suggest import did_you_mean
from deckgen.yamlpos import Located, load_yaml

WORDS_FILE = Path(__file__).with_name("colour_words.yaml")


@lru_cache(maxsize=1)
def colour_words() -> dict[str, dict[str, tuple[float, float]]]:
    """Every colour word and its ranges: ``hue`` (degrees, may wrap past 0), ``saturation``, ``value`` (0..1)."""
    data = load_yaml(WORDS_FILE, "deckgen/checks/colour_words.yaml").data or {}
    return {word: {axis: (float(r[0]), float(r[1])) for axis, r in ranges.items()} for word, ranges in data.items()}


def hsv(code: str) -> tuple[float, float, float]:
    """``#rrggbb`` as (hue in degrees, saturation, value)."""
    r, g, b = (int(code[i:i + 2], 16) / 255 for i in (1, 3, 5))
    h, s, v = colorsys.rgb_to_hsv(r, g, b)
    return h * 360, s, v


def in_hue(hue: float, low: float, high: float) -> bool:
    """Whether ``hue`` lies on the arc from ``low`` to ``high`` (degrees, clockwise, wrapping past 360)."""
    return low <= hue <= high if low <= high else hue >= low or hue <= high


def nearest_word(code: str) -> str | None:
    """The chromatic word whose hue range holds ``code`` (for the message), else None."""
    hue, s, v = hsv(code)
    for word, ranges in colour_words().items():
        if "hue" in ranges and in_hue(hue, *ranges["hue"]) and all(
                lo <= x <= hi for x, (lo, hi) in ((s, ranges.get("saturation", (0, 1))),
                                                  (v, ranges.get("value", (0, 1))))):
            return word
    return None


def mismatch(code: str, word: str) -> str | None:
    """Why ``code`` does not look like ``word``, or None when it does."""
    ranges = colour_words()[word]
    hue, s, v = hsv(code)
    why = []
    if "hue" in ranges and not in_hue(hue, *ranges["hue"]):
        lo, hi = ranges["hue"]
        why.append(f"hue {hue:.0f}°, outside {word}'s {lo:g}°–{hi:g}°")
    for axis, x in (("saturation", s), ("value", v)):
        lo, hi = ranges.get(axis, (0.0, 1.0))
        if not lo <= x <= hi:
            why.append(f"{axis} {x:.2f}, outside {word}'s {lo:g}–{hi:g}")
    if not why:
        return None
    seen = nearest_word(code)
    looks = f" (it prints {seen})" if seen and seen != word else ""
    return f"{code} is {' and '.join(why)}{looks}"


def word_problems(style: Mapping[str, Any], doc: Located | None, file: str) -> list[Problem]:
    """The problems of a style's ``colour_words:`` (``doc``: its file with line numbers, for the places)."""
    def at(path: tuple, message: str) -> Problem:
        return doc.problem(path, message) if doc is not None else Problem(file, None, None, ".".join(path), message)

    words = style.get("colour_words") or {}
    colours = style.get("colours") or {}
    known = colour_words()
    problems: list[Problem] = []
    for name, word in words.items():
        if word not in known:
            problems.append(at(("colour_words", name), f"no colour word {word!r}{did_you_mean(word, known)} "
                                                       f"(known: {', '.join(known)})"))
            continue
        if name not in colours:
            problems.append(at(("colour_words", name), f"no colour {name!r} under colours"
                                                       f"{did_you_mean(name, colours)}"))
            continue
        why = mismatch(str(colours[name]), word)
        if why:
            line = doc.line(("colour_words", name)) if doc is not None else None
            named = f" at line {line}" if line else ""
            problems.append(at(("colours", name), f"{why}, but colour_words{named} calls it {word}: players "
                                                  f"look for {word} (recolour it, or call it what it prints)"))
    return problems


def check_colour_words(ctx: CheckContext) -> list[Problem]:
    """The named colours of the game's style look like the words the rules call them."""
    game = ctx.game
    if not (game.style or {}).get("colour_words"):
        return []
    game_file = game.source.file if game.source else f"data/{game.id}/game.yaml"
    doc = None
    name = None
    try:
        name = (load_yaml(ctx.project.root / game_file, game_file).data or {}).get("style")
        if name:
            doc = load_yaml(Path(game.directory) / name, f"data/{game.id}/{name}")
    except DeckgenError:
        doc = None
    return word_problems(game.style, doc, f"data/{game.id}/{name or 'style.yaml'}")


COLOUR_WORDS = Check("colour words", check_colour_words)
