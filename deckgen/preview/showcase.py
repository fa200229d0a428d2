"""``deckgen showcase``: a PNG of a fan of cards, for a README or a convention announcement.

The cards are drawn as cut (the trim out of the bleed, with rounded
corners), fanned from a point below them like a hand of cards, each with a
soft shadow, on a ground in the game's own colours (read off its cards,
:func:`deckgen.preview.images.palette_of`), with the game's name under the
fan in the project's display font.  The same cards give the same bytes.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, replace
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from deckgen.errors import DeckgenError, Problem
from deckgen.model import Card, Deck, Game, Project
from deckgen.preview.images import Palette, cut_card, palette_of, rgb_image

DEFAULT_DPI = 200
#: Cards picked from a deck when none are named.
DEFAULT_COUNT = 7
#: Degrees between neighbouring cards, and the widest fan.
STEP_DEG = 8.0
MAX_SPREAD_DEG = 64.0
#: Distance from the fan's pivot to a card's centre, in card heights.
PIVOT_HEIGHTS = 1.7
#: Margin around the fan, in card widths.
MARGIN_WIDTHS = 0.35


@dataclass
class Showcase:
    png: bytes
    cards: list[str]
    problems: list[Problem]
    size: tuple[int, int]


def pick_deck(game: Game, deck_id: str | None) -> Deck:
    """The deck named (a deck id or a variant's label), else the game's first."""
    decks = [d for base in game.decks.values() for d in (base, *base.variants.values())]
    if not decks:
        raise DeckgenError(f"game {game.id!r} has no deck")
    if deck_id is None:
        return decks[0]
    for deck in decks:
        if deck_id in (deck.id, deck.label):
            return deck
    raise DeckgenError(Problem(None, None, None, "DECK", f"game {game.id!r} has no deck {deck_id!r} "
                                                         f"(its decks: {', '.join(d.label for d in decks)})"))


def pick_cards(deck: Deck, card_ids: tuple[str, ...], count: int = DEFAULT_COUNT) -> list[Card]:
    """The cards named, in that order; else ``count`` cards spread evenly over the deck."""
    by_id = {c.id: c for c in deck.cards}
    if card_ids:
        missing = [c for c in card_ids if c not in by_id]
        if missing:
            raise DeckgenError(Problem(None, None, None, "--cards", f"no card {missing[0]!r} in deck "
                                                                    f"{deck.label!r}"))
        return [by_id[c] for c in card_ids]
    cards = list(deck.cards)
    if len(cards) <= count:
        return cards
    return [cards[round(i * (len(cards) - 1) / (count - 1))] for i in range(count)] if count > 1 else cards[:1]


def showcase(project: Project, game_id: str, deck_id: str | None = None, card_ids: tuple[str, ...] = (),
             lang: str | None = None, dpi: int = DEFAULT_DPI, count: int = DEFAULT_COUNT,
             title: bool = True) -> Showcase:
    """The showcase PNG of a game's deck in ``lang`` (default: the project's first language)."""
    from deckgen.build import Fingerprints, default_store, render_deck
    from deckgen.render.raster import configure_fontconfig, rasterize

    if game_id not in project.games:
        raise DeckgenError(f"unknown game {game_id!r} (this project has: {', '.join(project.games)})")
    game = project.games[game_id]
    deck = pick_deck(game, deck_id)
    cards = pick_cards(deck, card_ids, count)
    if not cards:
        raise DeckgenError(f"deck {deck.label!r} has no cards to show")
    lang = lang or project.languages[0]
    store = default_store(project)
    assert store.folder is not None, "the default store is a folder"
    configure_fontconfig(project.fonts_dir, store.folder)
    target = render_deck(project, game, replace(deck, cards=tuple(cards)), lang, None, Fingerprints(project))
    problems = [p for p in target.problems if not p.warning]
    w, h = deck.size.pixels(dpi)
    s = deck.size
    faces = []
    for card in cards:
        raster = rasterize(target.svgs[target.fronts[card.id]], w, h)
        faces.append(rgb_image(raster.width, raster.height, raster.rgb()))
    palette = palette_of(faces)
    cut = [cut_card(face, s.width, s.height, s.bleed) for face in faces]
    name = game.name(lang) if title else ""
    image = fan(cut, palette, name, _font(project, "display"))
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=False)
    return Showcase(buffer.getvalue(), [c.id for c in cards], problems, image.size)


def _font(project: Project, role: str) -> Path | None:
    name = project.fonts.get(role) or project.fonts.get("body")
    path = project.fonts_dir / name if name else None
    return path if path is not None and path.is_file() else None


# ------------------------------------------------------------------ drawing the fan


def fan_angles(n: int) -> list[float]:
    """Each card's turn in degrees (clockwise positive), left to right, symmetric about 0."""
    if n <= 1:
        return [0.0] * n
    step = min(STEP_DEG, MAX_SPREAD_DEG / (n - 1))
    return [(i - (n - 1) / 2) * step for i in range(n)]


def fan(cards: list[Image.Image], palette: Palette, title: str = "", font_path: Path | None = None) -> Image.Image:
    """The cards (RGBA, all one size) fanned on a ground of ``palette``, ``title`` under them."""
    cw, ch = cards[0].size
    radius = PIVOT_HEIGHTS * ch
    placed = []  # (rotated card, its shadow, left, top)
    for card, angle in zip(cards, fan_angles(len(cards))):
        turn = math.radians(angle)
        cx, cy = radius * math.sin(turn), -radius * math.cos(turn)  # the card's centre, pivot at (0, 0)
        rotated = card.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
        placed.append((rotated, cx - rotated.width / 2, cy - rotated.height / 2))
    left = min(x for _, x, _ in placed)
    top = min(y for _, _, y in placed)
    right = max(x + im.width for im, x, _ in placed)
    bottom = max(y + im.height for im, _, y in placed)
    margin = round(MARGIN_WIDTHS * cw)
    title_h = round(0.22 * ch) if title else 0
    width = round(right - left) + 2 * margin
    height = round(bottom - top) + 2 * margin + title_h - (margin // 2 if title else 0)
    canvas = _ground(width, height, palette).convert("RGBA")
    blur = max(2, round(cw * 0.035))
    for rotated, x, y in placed:
        px, py = round(x - left + margin), round(y - top + margin)
        pad = 3 * blur  # room for the blur, so the shadow fades out instead of ending at the card's box
        alpha = Image.new("L", (rotated.width + 2 * pad, rotated.height + 2 * pad), 0)
        alpha.paste(rotated.getchannel("A").point(lambda a: a * 0.55), (pad, pad))
        shadow = Image.new("RGBA", alpha.size, (0, 0, 0, 0))
        shadow.putalpha(alpha.filter(ImageFilter.GaussianBlur(blur)))
        canvas.alpha_composite(shadow, (max(0, px - pad + blur // 2), max(0, py - pad + blur)))
        canvas.alpha_composite(rotated, (px, py))
    if title:
        _title(canvas, title, palette, font_path, round(bottom - top) + margin + title_h // 2, title_h)
    return canvas.convert("RGB")


def _ground(width: int, height: int, palette: Palette) -> Image.Image:
    """A radial glow of the game's mid colour fading into its deep colour."""
    deep = Image.new("RGB", (width, height), palette.deep)
    glow = Image.new("RGB", (width, height), palette.glow)
    small = Image.new("L", (64, 64), 0)
    draw = ImageDraw.Draw(small)
    for r in range(32, 0, -1):
        draw.ellipse([32 - r * 1.4, 30 - r, 32 + r * 1.4, 30 + r], fill=round(255 * (1 - r / 32) ** 0.8))
    mask = small.resize((width, height), Image.Resampling.BICUBIC).filter(ImageFilter.GaussianBlur(max(1, width // 60)))
    return Image.composite(glow, deep, mask)


def _title(canvas: Image.Image, text: str, palette: Palette, font_path: Path | None, centre_y: int,
           height: int) -> None:
    size = max(12, round(height * 0.55))
    font = ImageFont.truetype(str(font_path), size) if font_path else ImageFont.load_default()
    draw = ImageDraw.Draw(canvas)
    box = draw.textbbox((0, 0), text, font=font)
    while box[2] - box[0] > canvas.width * 0.9 and size > 12:
        size = round(size * 0.9)
        font = ImageFont.truetype(str(font_path), size) if font_path else font
        box = draw.textbbox((0, 0), text, font=font)
    x = (canvas.width - (box[2] - box[0])) / 2 - box[0]
    y = centre_y - (box[3] + box[1]) / 2
    draw.text((x, y), text, font=font, fill=palette.accent)
