"""Classic sabacc local-rules reference sheet (document kind ``classic-locations``).

One landscape page per language: a table of the locations of
``data/classic/locations.yaml`` (or the file named by the ``file`` option)
with the value of every face card of the location's face set, the special
array (its name and the cards it is made of) and the discard limit.  Rows
are grouped by face set; each group opens with a header row showing the
face symbols of ``templates/classic/icons.yaml`` drawn as vector paths.

Every word comes from the game's language files (``strings``: ``locals.*``,
``slot.*``, ``rank.*``, ``suit.*``; face names from the deck's cards) or
from the localized names in ``locations.yaml``.  Fonts are the project's
embedded TrueType fonts; the page is fitted by shrinking the type until
the table fits, and an error is raised if it cannot fit at the smallest size.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from deckgen.documents import DocumentContext, document
from deckgen.engines.classic_cards import FACE_SETS, RANK_NAMES
from deckgen.engines.classic_locations import Location, parse_locations
from deckgen.errors import DeckgenError, Problem, ShowdownError
from deckgen.layout.papers import PAPERS_MM, mm
from deckgen.layout.pdfcanvas import open_canvas
from deckgen.layout.svgpath import draw_icon
from deckgen.render.icons import load_icons
from deckgen.yamlpos import load_yaml

INK = HexColor("#24112f")
HEAD = HexColor("#3b1552")
GOLD = HexColor("#f3d98b")
WHITE = HexColor("#ffffff")
ZEBRA = HexColor("#f2ecf7")
RULE = HexColor("#c9b6d8")
NEGATIVE = HexColor("#9b2335")
MUTED = HexColor("#6b5a78")

MARGIN_MM = 12.0
COLUMNS = (0.14, 0.44, 0.29, 0.13)  # location, face values (shared), array, discard
FONT_SIZES = (11.0, 10.5, 10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0, 6.5)  # body sizes tried, largest first
MAX_ROW_STRETCH_MM = 6.0  # spare page height shared out to the rows, at most this much each
MARK_ICON = "local-rules"


# ------------------------------------------------------------------ words


def load_locations(ctx: DocumentContext) -> dict[str, Location]:
    """The game's locations table, validated; a bad file is a located input error."""
    name = ctx.options.get("file") or ctx.game.engine_data.get("locations", "locations.yaml")
    path = Path(ctx.game.directory) / name
    rel = f"data/{ctx.game.id}/{name}"
    doc = load_yaml(path, rel)
    try:
        return parse_locations(doc.data)
    except ShowdownError as exc:
        raise DeckgenError(doc.problem(exc.path, exc.message)) from None


def face_names(ctx: DocumentContext) -> dict[str, str]:
    """Localized name of every face card printed in any deck or variant of the game."""
    names: dict[str, str] = {}
    for deck in ctx.game.decks.values():
        for d in (deck, *deck.variants.values()):
            for card in d.cards:
                face = card.fields.get("face")
                if face and face not in names and card.text(ctx.lang):
                    names[face] = card.text(ctx.lang)
    return names


def array_cards_text(location: Location, ctx: DocumentContext, faces: dict[str, str]) -> str:
    """The cards of a location's array in words, e.g. 'Lord of Sith + Commander (any suit) + ...'."""
    parts = []
    for slot in location.array.slots:
        if slot.kind == "face":
            item = ctx.s("slot.face").format(card=faces.get(slot.value, slot.value))
        elif slot.kind == "rank":
            rank = ctx.s(f"rank.{RANK_NAMES[slot.value]}") if slot.value in RANK_NAMES else str(slot.value)
            item = ctx.s("slot.rank").format(rank=rank)
        else:
            item = ctx.s(f"slot.{slot.kind}").format(suit=ctx.s(f"suit.{slot.value}"))
        parts.append(ctx.s("slot.many").format(n=slot.count, item=item) if slot.count > 1 else item)
    return " + ".join(parts)


def localized(pairs: tuple[tuple[str, str], ...], lang: str) -> str:
    table = dict(pairs)
    return table.get(lang) or table["en"]


def value_text(value: int) -> str:
    """A face value as printed: a true minus sign for negative numbers."""
    return f"\u2212{abs(value)}" if value < 0 else str(value)


# ------------------------------------------------------------------ layout


@dataclass(frozen=True)
class Fonts:
    body: str
    bold: str
    display: str


def _pieces(text: str) -> list[str]:
    """Break opportunities: each piece is a word, or a word's part up to a hyphen.

    Only ordinary spaces break; a no-break space (U+00A0) in a text keeps its
    neighbours together ('от 1\u00a0до\u00a011').
    """
    return re.findall(r"[ \t\n]*[^ \t\n-]*-+(?=[^ \t\n])|[ \t\n]*[^ \t\n]+", text)


def _lines(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy line breaking at spaces and after hyphens ('Jedi-' | 'Meister')."""
    lines: list[str] = []
    current = ""
    for piece in _pieces(text):
        trial = current + piece
        if current and stringWidth(trial.strip(), font, size) > width:
            lines.append(current.strip())
            current = piece.lstrip()
        else:
            current = trial
    lines.append(current.strip())
    return lines


def _too_wide(lines: list[str], font: str, size: float, width: float) -> bool:
    return any(stringWidth(line, font, size) > width + 0.01 for line in lines)


@dataclass
class Block:
    """Wrapped lines in one font and size."""

    lines: list[str]
    font: str
    size: float
    color: Color
    leading: float = 1.18

    @property
    def height(self) -> float:
        return len(self.lines) * self.size * self.leading

    def draw(self, canvas, x: float, top: float, width: float, align: str = "left") -> float:
        """Draw from ``top`` down; return the y below the block."""
        canvas.setFont(self.font, self.size)
        canvas.setFillColor(self.color)
        y = top - self.size * 0.92
        for line in self.lines:
            if align == "center":
                canvas.drawCentredString(x + width / 2, y, line)
            else:
                canvas.drawString(x, y, line)
            y -= self.size * self.leading
        return top - self.height


class SheetLayout:
    """Positions of everything on the page for one body font size (pt)."""

    def __init__(self, ctx: DocumentContext, fonts: Fonts, locations: dict[str, Location],
                 size: float, page: tuple[float, float]):
        self.ctx, self.fonts, self.size = ctx, fonts, size
        self.page_w, self.page_h = page
        self.margin = mm(MARGIN_MM)
        self.width = self.page_w - 2 * self.margin
        self.pad_x, self.pad_y = mm(1.6), mm(1.3)
        loc_w, faces_w, array_w, discard_w = (f * self.width for f in COLUMNS)
        slots = max(len(FACE_SETS[s]) for s in {l.face_set for l in locations.values()})
        self.col_x = [self.margin, self.margin + loc_w]
        self.face_w = faces_w / slots
        self.array_x = self.margin + loc_w + faces_w
        self.discard_x = self.array_x + array_w
        self.col_w = {"loc": loc_w, "array": array_w, "discard": discard_w}
        self.overflow = False
        self.faces = face_names(ctx)
        self.icons = load_icons(ctx.project.templates_dir, ctx.game.id)
        self.groups = []  # (face set, [locations])
        for loc in locations.values():
            if not self.groups or self.groups[-1][0] != loc.face_set:
                self.groups.append((loc.face_set, []))
            self.groups[-1][1].append(loc)
        s = size
        self.title = Block([ctx.s("locals.title")], fonts.display, s * 2.4, HEAD)
        self.game = Block([ctx.game.name(ctx.lang)], fonts.display, s * 1.15, MUTED)
        self.intro = self._block(ctx.s("locals.intro"), fonts.body, s * 1.02, INK, self.width)
        self.notes = [
            self._block(ctx.s("locals.array-note"), fonts.body, s * 0.92, INK, self.width),
            self._block(ctx.s("locals.mark-note"), fonts.body, s * 0.92, INK, self.width - s * 2.2),
        ]
        self.headers = {fs: self._header(fs) for fs, _ in self.groups}
        self.rows = {loc.id: self._row(loc) for _, locs in self.groups for loc in locs}

    def _block(self, text, font, size, color, width) -> Block:
        block = Block(_lines(text, font, size, width), font, size, color)
        if _too_wide(block.lines, font, size, width):
            self.overflow = True
        return block

    def _fitted(self, text, font, size, color, width, lines: int) -> Block:
        """A block shrunk (to 70 % at most) until it fits ``width`` in at most ``lines`` lines."""
        for factor in (1.0, 0.92, 0.85, 0.78, 0.7):
            block = Block(_lines(text, font, size * factor, width), font, size * factor, color)
            if len(block.lines) <= lines and not _too_wide(block.lines, font, block.size, width):
                return block
        return self._block(text, font, size * 0.7, color, width)

    def _header(self, face_set: str) -> dict:
        s = self.size
        inner = self.face_w - mm(1.0)
        names = []
        for face in FACE_SETS[face_set]:
            if face not in self.faces:
                raise DeckgenError(f"data/{self.ctx.game.id}: no printed card has face {face!r} "
                                   f"(needed by document {self.ctx.spec.id!r})")
            names.append(self._fitted(self.faces[face], self.fonts.bold, s * 0.74, WHITE, inner, lines=3))
        label = self._block(self.ctx.s(f"locals.set.{face_set}"), self.fonts.bold, s * 0.95, GOLD,
                            self.col_w["loc"] - 2 * self.pad_x)
        array = self._block(self.ctx.s("locals.array"), self.fonts.bold, s * 0.95, WHITE,
                            self.col_w["array"] - 2 * self.pad_x)
        discard = self._block(self.ctx.s("locals.discard"), self.fonts.bold, s * 0.95, WHITE,
                              self.col_w["discard"] - 2 * self.pad_x)
        icon = s * 2.3
        tallest_name = max(b.height for b in names)
        height = max(icon + mm(1.2) + tallest_name, label.height, array.height, discard.height) + 2 * self.pad_y
        return {"names": names, "label": label, "array": array, "discard": discard, "icon": icon, "height": height}

    def _row(self, loc: Location) -> dict:
        s = self.size
        name = self._block(loc.name_in(self.ctx.lang), self.fonts.bold, s * 1.02, INK,
                           self.col_w["loc"] - 2 * self.pad_x)
        aw = self.col_w["array"] - 2 * self.pad_x
        if loc.array is None:
            array = [self._block(self.ctx.s("locals.no-array"), self.fonts.body, s * 0.92, MUTED, aw)]
        else:
            array = [self._block(loc.array.name_in(self.ctx.lang), self.fonts.bold, s, INK, aw),
                     self._block(array_cards_text(loc, self.ctx, self.faces), self.fonts.body, s * 0.88, INK, aw)]
        discard = self._block(localized(loc.discard.text, self.ctx.lang), self.fonts.body, s * 0.92, INK,
                              self.col_w["discard"] - 2 * self.pad_x)
        value_size = s * 1.3
        if any(stringWidth(value_text(v), self.fonts.display, value_size) > self.face_w - mm(1) for _, v in loc.faces):
            self.overflow = True
        content = max(name.height, sum(b.height for b in array) + mm(0.5) * (len(array) - 1),
                      discard.height, value_size * 1.2)
        return {"name": name, "array": array, "discard": discard, "value_size": value_size,
                "height": content + 2 * self.pad_y}

    @property
    def table_height(self) -> float:
        return sum(h["height"] for h in self.headers.values()) + sum(r["height"] for r in self.rows.values()) \
            + mm(2.5) * (len(self.groups) - 1)

    @property
    def total_height(self) -> float:
        gap = mm(3)
        return (self.title.height + self.intro.height + gap + self.table_height + gap
                + sum(n.height for n in self.notes) + mm(1.5))

    def fits(self) -> bool:
        return not self.overflow and self.total_height <= self.page_h - 2 * self.margin

    def stretch(self) -> None:
        """Share the spare page height out to the rows (a little air, not a gap at the bottom)."""
        spare = self.page_h - 2 * self.margin - self.total_height
        extra = min(mm(MAX_ROW_STRETCH_MM), max(0.0, spare) / len(self.rows))
        for row in self.rows.values():
            row["height"] += extra

    # ---------------------------------------------------------------- drawing

    def draw(self, canvas) -> None:
        m = self.margin
        top = self.page_h - m
        self.title.draw(canvas, m, top, self.width)
        game_w = stringWidth(self.game.lines[0], self.game.font, self.game.size)
        self.game.draw(canvas, self.page_w - m - game_w, top - (self.title.size - self.game.size) * 0.92, game_w)
        y = top - self.title.height
        canvas.setStrokeColor(GOLD)
        canvas.setLineWidth(1.2)
        canvas.line(m, y + mm(0.3), self.page_w - m, y + mm(0.3))
        y = self.intro.draw(canvas, m, y - mm(1.2), self.width) - mm(3) + mm(1.2)
        for i, (face_set, locs) in enumerate(self.groups):
            if i:
                y -= mm(2.5)
            y = self._draw_header(canvas, face_set, y)
            for j, loc in enumerate(locs):
                y = self._draw_row(canvas, loc, y, ZEBRA if j % 2 else WHITE)
        y = m + sum(n.height for n in self.notes) + mm(1.5)  # the notes sit on the bottom margin
        y = self.notes[0].draw(canvas, m, y, self.width)
        if MARK_ICON in self.icons:
            draw_icon(canvas, self.icons[MARK_ICON], m + self.size * 0.7, y - self.notes[1].size * 0.6,
                      self.notes[1].size * 1.3, HEAD, WHITE)
        self.notes[1].draw(canvas, m + self.size * 2.2, y, self.width)

    def _draw_header(self, canvas, face_set: str, top: float) -> float:
        h = self.headers[face_set]
        height = h["height"]
        canvas.setFillColor(HEAD)
        canvas.roundRect(self.margin, top - height, self.width, height, mm(1.2), stroke=0, fill=1)
        icons = self.icons
        mid = top - height / 2
        h["label"].draw(canvas, self.margin + self.pad_x, mid + h["label"].height / 2, self.col_w["loc"])
        for k, face in enumerate(FACE_SETS[face_set]):
            x = self.col_x[1] + k * self.face_w
            y0 = mid + (h["icon"] + mm(1.2) + max(n.height for n in h["names"])) / 2
            if face in icons:
                draw_icon(canvas, icons[face], x + self.face_w / 2, y0 - h["icon"] / 2, h["icon"], GOLD, HEAD)
            h["names"][k].draw(canvas, x, y0 - h["icon"] - mm(1.2), self.face_w, align="center")
        h["array"].draw(canvas, self.array_x + self.pad_x, mid + h["array"].height / 2, self.col_w["array"])
        h["discard"].draw(canvas, self.discard_x + self.pad_x, mid + h["discard"].height / 2, self.col_w["discard"])
        return top - height

    def _draw_row(self, canvas, loc: Location, top: float, fill: Color) -> float:
        r = self.rows[loc.id]
        height = r["height"]
        canvas.setFillColor(fill)
        canvas.rect(self.margin, top - height, self.width, height, stroke=0, fill=1)
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        canvas.line(self.margin, top - height, self.margin + self.width, top - height)
        for x in (self.col_x[1], self.array_x, self.discard_x):
            canvas.line(x, top - height + mm(1), x, top - mm(1))
        mid = top - height / 2
        r["name"].draw(canvas, self.margin + self.pad_x, mid + r["name"].height / 2, self.col_w["loc"])
        vs = r["value_size"]
        canvas.setFont(self.fonts.display, vs)
        for k, (_face, value) in enumerate(loc.faces):
            canvas.setFillColor(NEGATIVE if value < 0 else INK)
            canvas.drawCentredString(self.col_x[1] + (k + 0.5) * self.face_w, mid - vs * 0.35, value_text(value))
        stack = sum(b.height for b in r["array"]) + mm(0.5) * (len(r["array"]) - 1)
        y = mid + stack / 2
        for b in r["array"]:
            y = b.draw(canvas, self.array_x + self.pad_x, y, self.col_w["array"]) - mm(0.5)
        r["discard"].draw(canvas, self.discard_x + self.pad_x, mid + r["discard"].height / 2, self.col_w["discard"])
        return top - height


def landscape(paper: str) -> tuple[float, float]:
    """Page size in points, long side horizontal."""
    w, h = PAPERS_MM[paper]
    return mm(max(w, h)), mm(min(w, h))


@document("classic-locations")
def build(ctx: DocumentContext) -> list[tuple[str, bytes]]:
    """The local-rules sheet in ``ctx.lang``: ``local-rules-LANG-PAPER.pdf`` (one page)."""
    locations = load_locations(ctx)
    fonts = Fonts(ctx.font("body"), ctx.font("body-bold"), ctx.font("display"))
    page = landscape(ctx.paper)
    layout = None
    for size in FONT_SIZES:
        layout = SheetLayout(ctx, fonts, locations, size, page)
        if layout.fits():
            layout.stretch()
            break
    else:
        raise DeckgenError(Problem(f"the local-rules table does not fit one {ctx.paper} page in {ctx.lang!r} "
                                   f"even at {FONT_SIZES[-1]} pt; shorten the texts",
                                   f"data/{ctx.game.id}/lang/{ctx.lang}.yaml"))
    buffer = io.BytesIO()
    title = f"{ctx.game.name(ctx.lang)} – {ctx.s('locals.title')}"
    canvas = open_canvas(page, fonts.body, title, buffer)
    layout.draw(canvas)
    canvas.showPage()
    canvas.save()
    return [(f"local-rules-{ctx.lang}-{ctx.paper}.pdf", buffer.getvalue())]
