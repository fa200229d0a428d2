"""The old contact sheet: chosen cards side by side in one PNG (`deckgen preview GAME CARD… -o FILE`).

For designers tweaking a template and translators checking a text: no PDF,
no print layout, just the cards side by side (trim marks shown as a thin
line) in one or more languages.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw

from deckgen.build import deck_languages, selected_decks
from deckgen.errors import DeckgenError, Problem
from deckgen.model import Project
from deckgen.render.raster import rasterize
from deckgen.render.templates import DeckRenderer

GAP_PX = 12


def contact_sheet(project: Project, game_id: str, card_ids: list[str], languages: tuple[str, ...] = (),
                  dpi: int = 150, columns: int | None = None, variant: str | None = None,
                  back: bool = False) -> tuple[bytes, list[Problem]]:
    """PNG bytes of the chosen cards (all if none given) in each language; and render problems."""
    if game_id not in project.games:
        raise DeckgenError(f"unknown game {game_id!r} (this project has: {', '.join(project.games)})")
    game = project.games[game_id]
    decks = selected_decks(game, variant) if variant else list(game.decks.values())
    tiles, problems = [], []
    found: set[str] = set()
    shown: set[tuple[str, str]] = set()  # (card id, lang): a card picked into several decks shows once
    for deck in decks:
        for lang in deck_languages(project, deck, languages):
            wanted = [c for c in deck.cards if (not card_ids or c.id in card_ids) and (c.id, lang) not in shown]
            if not wanted and not back:
                continue
            shown.update((c.id, lang) for c in wanted)
            renderer = DeckRenderer(project, game, deck, lang)
            faces = [renderer.render_front(c) for c in wanted]
            found.update(c.id for c in wanted)
            if back:
                faces.append(renderer.render_back())
            w, h = deck.size.pixels(dpi)
            for face in faces:
                problems.extend(face.problems)
                image = rasterize(face.svg, w, h)
                tile = Image.frombytes("RGB", (w, h), image.rgb())
                _trim_line(tile, deck.size, dpi)
                tiles.append(tile)
    missing = [c for c in card_ids if c not in found]
    if missing:
        raise DeckgenError(f"no card {missing[0]!r} in game {game_id!r}")
    if not tiles:
        raise DeckgenError(f"nothing to show for game {game_id!r}")
    cols = columns or min(len(tiles), 8)
    rows = -(-len(tiles) // cols)
    tw = max(t.width for t in tiles)
    th = max(t.height for t in tiles)
    sheet = Image.new("RGB", (cols * (tw + GAP_PX) + GAP_PX, rows * (th + GAP_PX) + GAP_PX), "#808080")
    for i, tile in enumerate(tiles):
        r, c = divmod(i, cols)
        sheet.paste(tile, (GAP_PX + c * (tw + GAP_PX), GAP_PX + r * (th + GAP_PX)))
    buffer = io.BytesIO()
    sheet.save(buffer, "PNG")
    return buffer.getvalue(), problems


def _trim_line(tile: Image.Image, size, dpi: int) -> None:
    b = size.bleed / 25.4 * dpi
    draw = ImageDraw.Draw(tile)
    draw.rectangle([b, b, tile.width - 1 - b, tile.height - 1 - b], outline="#ffffff")


def write_png(path: Path, data: bytes) -> None:
    from deckgen.output import write_atomic

    write_atomic(path, data)
