"""A game's tournament pages in a kit: how the tournament runs (a page) and a standings sheet with a row per
player, in the organiser's language.  A game has them when its folder holds ``tournament.yaml`` (words per
language: ``title``, ``decision``, ``steps``, ``sheet``); Gladbach does."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from deckgen.model import Game, Project

#: Games a tournament plays (each a column group of the standings sheet).
GAMES = 3
#: Player rows on one standings page.
ROWS_PER_PAGE = 18


def has_tournament(game: Game) -> bool:
    return (game.directory / "tournament.yaml").is_file()


def tournament_words(game: Game, lang: str) -> dict[str, Any]:
    """The words of the game's tournament pages in ``lang`` (English, or the file's first, where it lacks it)."""
    from deckgen.yamlpos import load_yaml

    data = load_yaml(game.directory / "tournament.yaml", f"data/{game.id}/tournament.yaml").data
    return data.get(lang) or data.get("en") or next(iter(data.values()))


def tournament_pages(players: int) -> int:
    """The pages of the tournament file: the procedure, then the standings sheet for ``players``."""
    return 1 + max(1, -(-players // ROWS_PER_PAGE))


def tournament_path(out: Path, game_id: str) -> Path:
    """The tournament file of a game, beside the kit's build folder ``out``."""
    return Path(out).parent / f"tournament-{game_id}.pdf"


def tournament_pdf(project: Project, game: Game, lang: str, players: int) -> bytes:
    """The procedure page (A4 portrait) and the standings sheet (A4 landscape) for ``players`` players."""
    from reportlab.lib.utils import simpleSplit

    from deckgen.kit.fonts import kit_font
    from deckgen.layout.pdfcanvas import open_canvas

    words = tournament_words(game, lang)
    body, bold = kit_font(project, "body"), kit_font(project, "body-bold")
    buffer = io.BytesIO()
    width, height = 595.28, 841.89
    canvas = open_canvas((width, height), body, words["title"], buffer)
    margin, y = 56.0, height - 70
    canvas.setFont(bold, 20)
    canvas.drawString(margin, y, words["title"])
    y -= 30
    canvas.setFont(body, 10)
    canvas.setFillGray(0.3)
    for line in simpleSplit(words["decision"], body, 10, width - 2 * margin):
        canvas.drawString(margin, y, line)
        y -= 13
    canvas.setFillGray(0)
    y -= 10
    for n, step in enumerate(words["steps"], 1):
        canvas.setFont(bold, 11)
        canvas.drawString(margin, y, f"{n}.")
        canvas.setFont(body, 11)
        for line in simpleSplit(step, body, 11, width - 2 * margin - 18):
            canvas.drawString(margin + 18, y, line)
            y -= 15
        y -= 8
    canvas.showPage()
    _standings(canvas, words["sheet"], players, body, bold)
    canvas.save()
    return buffer.getvalue()


def _standings(canvas, sheet: dict[str, str], players: int, body: str, bold: str) -> None:
    """The standings sheet: place, player, then table, points and chips per game, then the totals."""
    width, height = 841.89, 595.28
    margin = 36.0
    columns: list[tuple[str, float]] = [(sheet["place"], 40), (sheet["player"], 150)]
    for n in range(1, GAMES + 1):
        columns += [(f"{sheet['table']}", 38), (sheet["points"], 44), (sheet["chips"], 44)]
    columns += [(sheet["total"], 64), (sheet["total-chips"], 64)]
    scale = (width - 2 * margin) / sum(w for _, w in columns)
    columns = [(name, w * scale) for name, w in columns]
    rows = max(1, players)
    for first in range(0, rows, ROWS_PER_PAGE):
        canvas.setPageSize((width, height))
        canvas.setFont(bold, 16)
        canvas.drawString(margin, height - 50, sheet["title"])
        top = height - 90
        x: float = margin
        canvas.setFont(bold, 9)
        for n in range(GAMES):  # the game over its three columns
            start = margin + sum(w for _, w in columns[:2 + 3 * n])
            span = sum(w for _, w in columns[2 + 3 * n:5 + 3 * n])
            canvas.drawCentredString(start + span / 2, top + 16, sheet["round"].format(n=n + 1))
        for name, w in columns:
            canvas.drawCentredString(x + w / 2, top + 4, name)
            x += w
        row_h = (top - 40) / ROWS_PER_PAGE
        count = min(ROWS_PER_PAGE, rows - first)
        canvas.setLineWidth(0.6)
        for r in range(count + 1):
            canvas.line(margin, top - r * row_h, width - margin, top - r * row_h)
        x = margin
        for k, (_, w) in enumerate([("", 0.0), *columns]):
            x += w
            in_game = 2 < k < 2 + 3 * GAMES and (k - 2) % 3 != 0  # inside a game's three columns
            canvas.line(x, top + (12 if in_game else 28), x, top - count * row_h)
        canvas.line(margin, top + 28, width - margin, top + 28)
        canvas.line(margin + sum(w for _, w in columns[:2]), top + 12,
                    margin + sum(w for _, w in columns[:2 + 3 * GAMES]), top + 12)
        canvas.showPage()
