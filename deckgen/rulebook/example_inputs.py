"""What decides an example besides its cards, drawn above its hands from the example's own data.

Two examples with the same pictured cards can be judged differently: an Impostor's dice, the planet
or a token of the round, an entourage ability, the wild and clone ranks of the 42-card deck, a
location or the hold 'em field decide them. :func:`example_inputs` reads these from the example's
showdown data (the keys the engines' judges read), so the picture cannot drift from the verdict;
:class:`InputStrip` draws them as one small row: die faces with the chosen number marked, and
rounded chips with a name. Words come from the game's language file (planet, token, location and
ability names, ``label.tier``) and from ``example_inputs.yaml`` (a booklet's front matter may
replace any of those under ``labels: input-KEY``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

#: Sizes of the strip (points).
DIE_PT = 11.0
CHIP_PT = 12.0
FONT_PT = 7.2
GAP_PT = 4.0


@dataclass(frozen=True)
class Item:
    """One thing the strip shows: a ``die`` (its number, and whether the owner chose it), a ``chip``
    (a named planet, token, location, ability …) or a plain ``text`` lead such as "Ana rolls"."""

    kind: str
    text: str = ""
    value: int = 0
    chosen: bool = False


@lru_cache(maxsize=1)
def _words_file() -> dict[str, Any]:
    import yaml

    return yaml.safe_load(Path(__file__).with_name("example_inputs.yaml").read_text(encoding="utf-8"))


def input_words(lang: str, labels: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The strip's words in ``lang`` (English where the language has none), front matter first."""
    words = {**_words_file()["en"], **(_words_file().get(lang) or {})}
    for key, value in (labels or {}).items():
        if str(key).startswith("input-"):
            words[str(key)[len("input-"):]] = str(value)
    return words


def _plain(text: str) -> str:
    return re.sub(r"\*\*|__|\*", "", text)


class _Names:
    """Names from the game's language file; an id where the file has none (the check reports it)."""

    def __init__(self, ctx: Any):
        self.ctx = ctx
        strings = ctx.game.strings.get(ctx.lang)
        self.strings: Mapping[str, Any] = strings.strings if strings is not None else {}

    def name(self, key: str, fallback: str, **values: Any) -> str:
        if key in self.strings:
            return _plain(str(self.ctx.t(key, **values)))
        return fallback

    def player(self, name: Any) -> str:
        from deckgen.strings import player_name

        return player_name(self.ctx.game, self.ctx.lang, str(name))


def _dice(raw: Mapping[str, Any]) -> list[Item]:
    dice = raw.get("dice")
    if not isinstance(dice, list):
        return []
    chosen = raw.get("choose")
    out, marked = [], False
    for d in dice:
        if isinstance(d, int) and not isinstance(d, bool):
            hit = d == chosen and not marked
            marked = marked or hit
            out.append(Item("die", value=d, chosen=hit))
    return out


def _ability(ctx: Any, names: _Names, play: Mapping[str, Any]) -> list[Item]:
    data = (ctx.data or {}).get(ctx.game.id) if isinstance(ctx.data, Mapping) else None
    sign = play.get("sign")
    ability = play.get("ability")
    if sign is None and ability is not None and data is not None:
        sign = getattr(data, "abilities", {}).get(ability)
    text = names.name(f"sign.{sign}.ability", str(ability or sign or "")) if sign else str(ability or "")
    if not text:
        return []
    tier = play.get("tier")
    if tier is not None:
        text += " · " + names.name("label.tier", f"{tier}", n=tier)
    return [Item("chip", text)]


def example_inputs(ctx: Any, body: Mapping[str, Any]) -> list[Item]:
    """What the example's data says decides it, in reading order; empty when only the cards do."""
    words = input_words(ctx.lang, ctx.source.meta.get("labels") if ctx.source is not None else None)
    names = _Names(ctx)
    items: list[Item] = []
    options = body.get("options") if isinstance(body.get("options"), Mapping) else {}
    location = (options or {}).get("location") or body.get("location")
    if isinstance(location, str):
        items.append(Item("chip", f"{words['location']}: {names.name(f'location.{location}', location)}"))
    if (options or {}).get("field") == "hold-em":
        items.append(Item("chip", words["hold-em"]))
    if isinstance(body.get("wild"), list):
        ranks = ", ".join(str(r) for r in body["wild"])
        items.append(Item("chip", words["wild"].format(ranks=ranks)))
    if body.get("clone") is not None:
        items.append(Item("chip", words["clone"].format(rank=body["clone"])))
    planet = body.get("planet")
    if isinstance(planet, str):
        items.append(Item("chip", f"{words['planet']}: {names.name(f'planet.{planet}', planet)}"))
    if isinstance(body.get("round"), int) and body["round"] != 1:
        items.append(Item("chip", words["round"].format(number=body["round"])))
    if isinstance(body.get("multiplier"), int) and body["multiplier"] != 1:
        items.append(Item("chip", words["multiplier"].format(number=body["multiplier"])))
    for token in body.get("tokens") or []:
        raw = token if isinstance(token, Mapping) else {"name": token}
        token_id = str(raw.get("name"))
        name = names.name('token.' + token_id, token_id)
        if raw.get("value") is not None:
            name = words["token-value"].format(token=name, value=raw["value"])
        text = f"{words['token']}: {name}"
        items.append(Item("chip", text))
        items.extend(_dice(raw))
    for player in body.get("players") or []:
        if not isinstance(player, Mapping):
            continue
        who = names.player(player.get("name", ""))
        for card in player.get("hand") or []:
            if isinstance(card, Mapping) and _dice(card):
                items.append(Item("text", words["dice"].format(name=who)))
                items.extend(_dice(card))
        for play in player.get("entourage") or []:
            if isinstance(play, Mapping):
                items.extend(Item("chip", f"{who}: {i.text}") for i in _ability(ctx, names, play))
        if player.get("field"):
            items.append(Item("chip", words["field"].format(name=who)))
        extra = body.get("extra")
        if isinstance(extra, Mapping) and extra.get(str(player.get("name"))):
            items.append(Item("chip", words["extra"].format(name=who)))
        if player.get("drew") is False:
            items.append(Item("text", words["no-draw"].format(name=who)))
    return [_typeset(item, ctx.lang) for item in items]


def _typeset(item: Item, lang: str) -> Item:
    """An item's words with the language's typography (fr « Lieu : Empire », not "Lieu: Empire")."""
    from dataclasses import replace

    from deckgen.text.typography import NBSP, typeset

    return replace(item, text=typeset(item.text, lang, narrow_space=NBSP)) if item.text else item


#: Pips of a die face on a 3 × 3 grid (column, row), 0-based from the top left.
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


class InputStrip(Flowable):
    """The items in one row, wrapped onto more rows where the column is narrow."""

    def __init__(self, items: list[Item], font: str, ink: str, accent: str, tint: str):
        super().__init__()
        self.items, self.font = items, font
        self.ink, self.accent, self.tint = HexColor(ink), HexColor(accent), HexColor(tint)
        self.lines: list[list[tuple[Item, float]]] = []

    def _width(self, item: Item) -> float:
        if item.kind == "die":
            return DIE_PT
        pad = 8.0 if item.kind == "chip" else 0.0
        return stringWidth(item.text, self.font, FONT_PT) + pad

    def wrap(self, available_width, available_height):
        line: list[tuple[Item, float]] = []
        self.lines, used = [], 0.0
        for item in self.items:
            width = self._width(item)
            if line and used + width > available_width:
                self.lines.append(line)
                line, used = [], 0.0
            line.append((item, width))
            used += width + (2.0 if item.kind == "die" else GAP_PT)
        if line:
            self.lines.append(line)
        self.width = available_width
        self.height = len(self.lines) * (CHIP_PT + 3.0)
        return self.width, self.height

    def _die(self, x: float, y: float, item: Item) -> None:
        c = self.canv
        c.setLineWidth(0.6)
        c.setStrokeColor(self.ink)
        c.setFillColor(self.accent if item.chosen else HexColor("#ffffff"))
        c.roundRect(x, y, DIE_PT, DIE_PT, 2.0, stroke=1, fill=1)
        c.setFillColor(HexColor("#ffffff") if item.chosen else self.ink)
        step = DIE_PT / 4
        for col, row in PIPS.get(item.value, []):
            c.circle(x + step * (col + 1), y + DIE_PT - step * (row + 1), 0.95, stroke=0, fill=1)

    def draw(self):
        c = self.canv
        c.saveState()
        top = self.height
        for line in self.lines:
            top -= CHIP_PT + 3.0
            x = 0.0
            for item, width in line:
                base = top + (CHIP_PT - FONT_PT) / 2 + 1.0
                if item.kind == "die":
                    self._die(x, top + (CHIP_PT - DIE_PT) / 2, item)
                    x += width + 2.0
                    continue
                if item.kind == "chip":
                    c.setLineWidth(0.5)
                    c.setStrokeColor(self.accent)
                    c.setFillColor(self.tint)
                    c.roundRect(x, top, width, CHIP_PT, CHIP_PT / 2, stroke=1, fill=1)
                    c.setFillColor(self.ink)
                    c.setFont(self.font, FONT_PT)
                    c.drawString(x + 4.0, base, item.text)
                else:
                    c.setFillColor(self.ink)
                    c.setFont(self.font, FONT_PT)
                    c.drawString(x, base, item.text)
                x += width + GAP_PT
        c.restoreState()


def input_strip(ctx: Any, body: Mapping[str, Any], font: str) -> InputStrip | None:
    """The strip of what decides the example, or None when its cards alone do."""
    items = example_inputs(ctx, body)
    if not items:
        return None
    theme = ctx.theme
    return InputStrip(items, font, theme.ink, theme.accent, theme.tint)
