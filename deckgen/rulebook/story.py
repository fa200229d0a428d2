"""The booklet's story: the flowables (headings, paragraphs, tables, judged examples, odds, decisions) that a
rule source's blocks become, in the booklet's language."""

from __future__ import annotations

import re
from dataclasses import field
from typing import Any, Mapping, Sequence

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (CondPageBreak, KeepTogether, ListFlowable, ListItem, PageBreak, Spacer,
                                Table, TableStyle)

from deckgen.errors import Problem
from deckgen.judgement import HandResult, Judgement, showdown_cards
from deckgen.rulebook.card_marks import MarkedCard
from deckgen.rulebook.contents import OnePageContents
from deckgen.rulebook.context import Context
from deckgen.rulebook.example_inputs import input_strip
from deckgen.rulebook.furniture import back_matter
from deckgen.rulebook.glossary_page import SectionHeading, glossary_section
from deckgen.rulebook.keep import is_heading, keep_headings_with_next
from deckgen.rulebook.lead_in import LeadIn
from deckgen.rulebook.numbers import minus_signs
from deckgen.rulebook.paragraph import Paragraph
from deckgen.rulebook.quick_start import chapter_numbers, every_frame, quick_start_page, quick_start_span
from deckgen.rulebook.pdf import Heading, next_body
from deckgen.rulebook.source import Block
from deckgen.rulebook.styles import plain_row, themed_table
from deckgen.rulebook.table_widths import auto_widths, extents, minima_fit, unglued

#: Simulated odds by (game, data, players, games, seed, strategy, options): once per process.
#: Room between card pictures, and for the "+" between a hand and its extra cards (mm).
CARD_GAP_MM = 2.0
PLUS_MM = 4.0


class StoryBuilder:
    """Turns the blocks of one source into Platypus flowables (and records every problem)."""

    def __init__(self, ctx: Context, styles: dict[str, ParagraphStyle], width: float):
        self.ctx, self.styles, self.width = ctx, styles, width
        self.numbers = [0, 0, 0]
        self.keys = 0
        self.pages: dict[str, int] = {}  # heading id -> the page it is printed on (for the glossary)
        self.values: dict[str, str] = chapter_numbers(ctx.source.blocks)  # {chapter-ID} in the text

    def para(self, text: str, style: str, block: Block | None = None, **values) -> Paragraph:
        style_of = self.styles[style]
        if self.ctx.stale and " ".join(text.split()) in self.ctx.stale:
            from deckgen.rulebook.stale_marks import stale_style

            style_of = stale_style(style_of)
        return Paragraph(self.ctx.xml(text, block, {**self.values, **values}), style_of)

    def table_style(self, style: str, whole: bool = False, right: bool = False) -> ParagraphStyle:
        """A table cell's style: ``whole`` words are never hyphenated (names, labels, headers); ``right``
        aligns numbers on the right."""
        key = f"{style}{'-whole' if whole else ''}{'-right' if right else ''}"
        if key not in self.styles:
            changes: dict[str, Any] = {}
            if whole:
                changes["hyphenationLang"] = ""
            if right:
                changes["alignment"] = TA_RIGHT
            self.styles[key] = ParagraphStyle(key, parent=self.styles[style], **changes)
        return self.styles[key]

    def fitted_table(self, header: list[str], rows: list[list[Any]], block: Block,
                     names: Sequence[int] | None = None, header_xml: bool = False) -> list:
        """A table whose columns are as wide as their content asks (:mod:`deckgen.rulebook.table_widths`):
        headers and the ``names`` columns never hyphenated (unless their longest words cannot all fit
        the page: fitting goes first), columns of numbers aligned right, the header repeated on every page
        the table runs on.  ``names`` defaults to the first column of words (not of card pictures)."""
        if names is None:
            first = rows[0] if rows else []
            names = [next((c for c, cell in enumerate(first) if not (isinstance(cell, Mapping) and "card" in cell)),
                          0)]
        numeric = [all(isinstance(r[c], str) and _NUMBER.fullmatch(r[c].strip()) for r in rows if c < len(r))
                   for c in range(len(header))] if rows else [False] * len(header)
        texts: list[list[Any]] = [[(h if header_xml else self.ctx.xml(h, block), "head") for h in header]]
        for row in rows:
            texts.append([])
            for cell in row:
                if isinstance(cell, Mapping) and "card" in cell:
                    picture = self._card_row([cell["card"]], block, width_mm=cell.get("width", 10.0))
                    if cell.get("marks") and isinstance(picture, Table):  # numbers on the card for its legend
                        picture = MarkedCard(picture, cell.get("width", 10.0) * mm, cell["marks"], self.ctx.faces,
                                             self.ctx.theme.accent)
                    texts[-1].append(picture)
                elif isinstance(cell, Mapping):
                    texts[-1].append((self.ctx.xml(cell.get("text", ""), block), cell.get("style", "cell")))
                else:
                    texts[-1].append((self.ctx.xml(str(cell), block), "cell"))

        def laid(relaxed: set[int]) -> list[list[Any]]:
            return [[Paragraph(cell[0], self.table_style(cell[1], (r == 0 or c in names) and c not in relaxed,
                                                         c < len(numeric) and numeric[c]))
                     if isinstance(cell, tuple) else cell for c, cell in enumerate(row)]
                    for r, row in enumerate(texts)]

        relaxed: set[int] = set()
        cells = laid(relaxed)
        if not minima_fit(cells, self.width, names=names):  # the widest header or name columns may hyphenate
            low = extents(cells, names=names)[0]
            for c in sorted(range(len(low)), key=lambda c: -low[c]):
                relaxed.add(c)
                cells = laid(relaxed)
                if minima_fit(cells, self.width, lang=self.ctx.lang, names=set(names) - relaxed):
                    break
            else:  # not even hyphenated: glued names part at their spaces rather than mid-word
                texts = [row if r == 0 else [(unglued(c[0]), c[1]) if isinstance(c, tuple) else c for c in row]
                         for r, row in enumerate(texts)]
                cells = laid(relaxed)
        lang = self.ctx.lang if relaxed else None
        widths = auto_widths(cells, self.width, lang=lang, names=set(names) - relaxed)
        return [themed_table(cells, widths, self.ctx.theme), Spacer(1, 8)]

    def cover(self) -> list:
        meta = self.ctx.source.meta
        story: list = [Spacer(1, 26 * mm), self.para(meta.get("title", self.ctx.game.name(self.ctx.lang)), "title"),
                       self.para(meta.get("subtitle", ""), "subtitle")]
        cards = [t for t in meta.get("cover_cards") or []]
        if cards:
            story.append(self._card_row(cards, None, width_mm=26, align="CENTER"))
        story += [next_body(), PageBreak()]
        return story

    def end_matter(self) -> list:
        """What comes after the last chapter and before the notes pages and the back cover (the hook for a
        generated glossary): nothing yet."""
        return []

    def contents(self) -> list:
        toc = OnePageContents([("FONT", (0, 0), (-1, -1), self.styles["body"].fontName),
                               ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0)], dotsMinLevel=0)
        toc.levelStyles = [self.styles["toc1"], self.styles["toc2"]]
        return [Paragraph(self.ctx.label("contents"), self.styles["toc-title"]), toc, PageBreak()]

    def block(self, block: Block) -> list:
        kind = block.kind
        if kind == "heading":
            return self.heading(block)
        if kind == "paragraph":
            return [self.para(block.text, "body", block)]
        if kind == "list":
            items = [ListItem(self.para(text, "left", block), leftIndent=12, value=None) for text in block.items]
            text_size = self.styles["left"].fontSize  # numerals at the text's size sit on its first baseline
            return [ListFlowable(items, bulletType="1" if block.level else "bullet", start="1" if block.level else
                                 "\u2022", leftIndent=12, bulletFontSize=text_size, spaceAfter=4,
                                 bulletFormat="%s." if block.level else None,
                                 bulletFontName=self.styles["body"].fontName),
                    Spacer(1, 3)]
        if kind == "note":
            cell = self.para(block.text, "left", block)
            table = Table([[cell]], colWidths=[self.width])
            table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), self.styles["body"].fontName),
                                       ("BACKGROUND", (0, 0), (-1, -1), HexColor(self.ctx.theme.tint)),
                                       ("LEFTPADDING", (0, 0), (-1, -1), 7), ("RIGHTPADDING", (0, 0), (-1, -1), 7),
                                       ("TOPPADDING", (0, 0), (-1, -1), 5), ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
                                       ("LINEBEFORE", (0, 0), (0, -1), 2.2, HexColor(self.ctx.theme.accent))]))
            return [table, Spacer(1, 6)]
        return self.directive(block)

    def heading(self, block: Block) -> list:
        level = min(block.level, 3)
        self.numbers[level - 1] += 1
        for i in range(level, 3):
            self.numbers[i] = 0
        number = ".".join(str(n) for n in self.numbers[:level]) if level <= 2 else ""
        xml = self.ctx.xml(block.text, block)
        text = f"{number}\u2003{xml}" if number else xml
        self.keys += 1
        key = f"s{self.keys}-{block.id}"
        flow = [CondPageBreak(30 * mm) if level == 1 else Spacer(0, 0)]
        para = SectionHeading(f'<a name="{key}"/>{text}', self.styles[f"h{level}"], block.id, self.pages)
        if level <= 2:  # contents, bookmark and outline entry, recorded where the paragraph lands
            plain = Paragraph(text, self.styles["body"]).getPlainText().replace("\u00a0", " ").replace("\u202f", " ")
            para.deckgen_heading = Heading(level - 1, plain, key)
        flow.append(para)
        return flow

    # -------------------------------------------------------------- directives

    def directive(self, block: Block) -> list:
        name = block.name
        if name == "pagebreak":
            return [PageBreak()]
        if name == "cards":
            args = str(block.args or "")
            options = dict(part.split("=", 1) for part in args.split() if "=" in part)
            tokens = block.body if isinstance(block.body, list) else [a for a in args.split() if "=" not in a]
            width = _card_width(options.pop("width", None), self.ctx.source.file, block, self.ctx.problems)
            return [self._card_row([str(t) for t in tokens], block, width, options=options), Spacer(1, 4)]
        if name == "example":
            return self.example(block.body or {}, block)
        if name == "decisions":
            return self.decisions(block)
        if name == "table":
            return self.data_table(block)
        if name == "odds":
            return self.odds(block)
        if name == "tournament":
            from deckgen.rulebook.tournament_section import tournament_blocks

            return [f for b in tournament_blocks(self.ctx, block) for f in self.block(b)]
        if name == "organisers":
            from deckgen.rulebook.organisers import organisers_box

            return organisers_box(self.ctx, block, self.styles, self.width)
        return []

    def _card_row(self, tokens: list[str], block: Block | None, width_mm: float = 15.0,
                  options: Mapping[str, Any] | None = None, align: str = "LEFT") -> Any:
        return self._card_groups([tokens], block, width_mm, options, align)

    def _card_groups(self, groups: list[list[str]], block: Block | None, width_mm: float,
                     options: Mapping[str, Any] | None = None, align: str = "LEFT") -> Any:
        """Card pictures in one row; groups (a hand, its field cards, extra cards) are parted by a "+"."""
        at = block or Block("directive", 1)
        cells, widths, missing = [], [], False
        for g, tokens in enumerate(groups):
            if g and tokens:
                cells.append(Paragraph("+", self.styles["plus"]))
                widths.append(PLUS_MM * mm)
            for token in tokens:
                face = self.ctx.face(token, width_mm, at, options)
                missing = missing or face is None
                cells.append(face)
                widths.append(width_mm * mm + CARD_GAP_MM * mm)
        if not self.ctx.draw or missing or not cells:
            return Spacer(1, 1)
        table = Table([cells], colWidths=widths, hAlign=align)
        table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), self.styles["body"].fontName),
                                   ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                   ("RIGHTPADDING", (0, 0), (-1, -1), CARD_GAP_MM * mm),
                                   ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
        return table

    def _judge(self, body: Mapping[str, Any], block: Block, where: Problem | None = None) -> "Judgement | None":
        from deckgen.rulebook.engine_cache import judged as judge
        from deckgen.errors import ShowdownError

        showdown = {k: v for k, v in body.items() if k not in ("winners", "options", "caption")}
        options = dict(body.get("options") or {})
        at = where or Problem(self.ctx.source.file, block.line)
        try:
            result = judge(self.ctx.descriptor, showdown, self.ctx.data, options)
        except ShowdownError as exc:
            doc = block.body_doc
            line = doc.line(exc.path) if doc is not None and where is None else at.line
            self.ctx.problems.append(Problem(at.file, line, None, ".".join(map(str, exc.path)) or None,
                                             f"the engine rejects this example: {exc.message}"))
            return None
        claimed = body.get("winners")
        if claimed is None:
            self.ctx.problems.append(Problem(at.file, at.line, None, None,
                                             "an example says who wins: add 'winners: [NAME, ...]'"))
        elif sorted(map(str, claimed)) != sorted(result.winners):
            said = ", ".join(map(str, claimed)) or "nobody"
            got = ", ".join(result.winners) or "nobody"
            self.ctx.problems.append(Problem(at.file, at.line, None, "winners",
                                             f"the text claims {said} win(s), the engine judges {got}"))
        return result

    def _hand_cells(self, players: list, judged: Sequence[HandResult], extra: Mapping[str, Any], block: Block,
                    options: Mapping[str, Any], card_mm: float) -> list[tuple[Any, float]]:
        """One cell per player: the name and judged total above the player's cards (hand, field, extra),
        the cards made smaller where a long hand would not fit the column."""
        cells = []
        for i, player in enumerate(players):
            if not isinstance(player, Mapping):
                continue
            groups = [showdown_cards(player)]
            groups.append([str(t) for t in player.get("field") or []])
            groups.append([str(t) for t in (extra or {}).get(str(player.get("name")), []) or []])
            groups = [g for g in groups if g] or [[]]
            count = sum(len(g) for g in groups)
            plus = (len(groups) - 1) * PLUS_MM
            fitted = min(card_mm, (self.width / mm - plus) / max(count, 1) - CARD_GAP_MM)
            hand = judged[i] if i < len(judged) else None
            total = None if hand is None else hand.total
            if total is None and hand is not None and hand.category is not None:  # a hand judged by its kind
                names = self.ctx.source.meta.get("categories") or {}
                total = names.get(hand.category, hand.category)
            head = f"<b>{self.ctx.xml(self.player(player.get('name', '')), block)}</b>"
            if total is not None:
                head += f"\u2002{minus_signs(str(total))}"
            width = max(count * (fitted + CARD_GAP_MM) + plus, 20.0) * mm
            cell = Table([[Paragraph(head, self.styles["small"])],
                          [self._card_groups(groups, block, fitted, options)]], colWidths=[width])
            cell.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), self.styles["body"].fontName),
                                      ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                      ("TOPPADDING", (0, 0), (-1, -1), 0.8), ("BOTTOMPADDING", (0, 0), (-1, -1), 0.8)]))
            cells.append((cell, min(width + 5 * mm, self.width)))
        return cells

    def _rows(self, cells: list[tuple[Any, float]], outcome: str | None, lead: Any = None,
              lead_w: float = 0.0) -> list:
        """Cells side by side, as many as the column holds; the outcome beside the last row if it fits."""
        flow: list = []
        row, row_w, used = ([lead], [lead_w], lead_w) if lead is not None else ([], [], 0.0)
        for cell, width in cells:
            if row and used + width > self.width + 0.01:
                flow.append(plain_row(row, row_w, self.styles["body"].fontName))
                row, row_w, used = [], [], 0.0
            row.append(cell)
            row_w.append(width)
            used += width
        room = self.width - used
        if outcome is not None and row and room >= 30 * mm:
            row.append(Paragraph(outcome, self.styles["result"]))
            row_w.append(room)
            outcome = None
        if row:
            flow.append(plain_row(row, row_w, self.styles["body"].fontName))
        if outcome is not None:
            flow.append(Paragraph(outcome, self.styles["result"]))
        return flow

    def player(self, name: Any) -> str:
        """An example's player name as the booklet's language prints it (lang file ``player.NAME``)."""
        from deckgen.strings import player_name

        return player_name(self.ctx.game, self.ctx.lang, str(name))

    def _outcome(self, winners: list[str], block: Block) -> str:
        winners = [self.player(w) for w in winners]
        if not winners:
            return self.ctx.label("nobody", block)
        if len(winners) == 1:
            return self.ctx.label("wins", block, names=winners[0])
        return self.ctx.label("tie", block, names=self.ctx.names(winners, block))

    def example(self, body: Mapping[str, Any], block: Block, where: Problem | None = None) -> list:
        """The example's flowables kept on one page."""
        flow = self.example_flow(body, block, where)
        return [KeepTogether(flow)] if flow else []

    def example_flow(self, body: Mapping[str, Any], block: Block, where: Problem | None = None) -> list:
        """The example's flowables: its hands side by side with their totals, then the outcome."""
        if not isinstance(body, Mapping) or not isinstance(body.get("players"), list):
            self.ctx.problems.append(Problem(self.ctx.source.file, block.line, None, None,
                                             "an example needs 'players' (the judge's showdown format) and "
                                             "'winners'"))
            return []
        result = self._judge(body, block, where)
        options = dict(body.get("options") or {})
        given_extra, given_sets = body.get("extra"), body.get("sets")
        extra = given_extra if isinstance(given_extra, Mapping) else {}
        sets = given_sets if isinstance(given_sets, list) else []
        judged = result.hands if result is not None else ()  # per player, in order
        cells = self._hand_cells(body["players"], judged, extra, block, options,
                                 11.5 if not sets else 9.0)
        outcome = None
        if result is not None:
            outcome = self._outcome(list(result.winners), block)
            payouts = result.payments
            if result.payments and body.get("payouts") is not None:  # the example is about chips
                pot = result.pot if result.pot is not None else sum(payouts.values())
                takers = [(name, amount) for name, amount in payouts.items() if amount]
                labels = self.ctx.source.meta.get("labels") or {}
                if len(takers) == 1 and takers[0][1] == pot and "payouts-one" in labels:  # one player takes all
                    outcome += " " + self.ctx.label("payouts-one", block, pot=pot, player=self.player(takers[0][0]))
                else:
                    shares = ", ".join(f"{self.player(name)}\u00a0{amount}" for name, amount in takers)
                    outcome += " " + self.ctx.label("payouts", block, pot=pot, shares=shares)
            if body.get("caption"):
                outcome += " " + self.ctx.xml(str(body["caption"]), block)
        flow = self._rows(cells, None if sets else outcome)
        strip = input_strip(self.ctx, body, self.styles["small"].fontName)
        if strip is not None:  # what decides the example besides its cards, from its own data
            flow.insert(0, strip)
        judged_sets = result.sets if result is not None else ()
        for number, one in enumerate(sets, start=1):  # a whole match: each set on its own line
            if not isinstance(one, Mapping) or not isinstance(one.get("players"), list):
                continue
            judged_set = judged_sets[number - 1] if number - 1 < len(judged_sets) else None
            lead = Paragraph(self.ctx.label("set", block, number=number), self.styles["small"])
            set_cells = self._hand_cells(one["players"], judged_set.hands if judged_set else (), {}, block,
                                         options, 8.0)
            said = None
            if judged_set is not None:
                said = (self.ctx.label("void", block) if judged_set.void
                        else self._outcome(list(judged_set.winners), block))
            flow += self._rows(set_cells, said, lead, 14 * mm)
        if sets and outcome is not None:
            flow.append(Paragraph(outcome, self.styles["result"]))
        flow.append(Spacer(1, 3))
        return flow

    def decisions(self, block: Block) -> list:
        from deckgen.decisions import decision_text

        game = self.ctx.game
        if game.decisions is None:
            self.ctx.problems.append(Problem(self.ctx.source.file, block.line, None, None,
                                             "this game has no decisions.yaml"))
            return []
        flow: list = []
        wanted = block.args or (" ".join(map(str, block.body)) if isinstance(block.body, list) else block.body)
        only = set(str(wanted).split()) if wanted else None
        for decision in game.decisions.decisions:
            if only is not None and decision.id not in only:
                continue
            words = decision_text(game, self.ctx.lang, decision.id, self.ctx.facts, self.ctx.problems)
            text = Paragraph(self.ctx.xml(words, block), self.styles["body"])
            examples = []
            for example in decision.examples:
                body = {**example.showdown, "winners": list(example.winners), "options": dict(example.options)}
                at = Problem(example.source.file, example.source.line, None, example.field)
                examples.append(self.example_flow(body, block, at))
            if examples:  # the words stay on the page of their first example (one KeepTogether, never nested)
                flow.append(KeepTogether([text, *examples[0]]))
                flow.extend(KeepTogether(e) for e in examples[1:] if e)
            else:
                flow.append(text)
        return flow

    def data_table(self, block: Block) -> list:
        tables = getattr(self.ctx.descriptor, "rulebook_tables", {}) or {}
        name = str(block.args).split()[0] if block.args else ""
        if name not in tables:
            self.ctx.problems.append(Problem(self.ctx.source.file, block.line, None, None,
                                             f"no table {name!r} (this game offers: {', '.join(tables) or 'none'})"))
            return []
        spec = tables[name](self)
        return self.fitted_table(list(spec["columns"]), list(spec["rows"]), block, spec.get("names"))

    def odds(self, block: Block) -> list:
        """A table of the simulator's results (:func:`deckgen.rulebook.odds.odds_table`)."""
        from deckgen.rulebook.odds import odds_table

        return odds_table(self, block)


#: A cell of a number, a share or a signed value ("84,2 %", "−3", "1 000"): set flush right.
_NUMBER = re.compile(r"[−+\-±]?\d[\d\s\u00a0\u202f.,]*(\s*[%‰]|[\u00a0\u202f][%‰])?")


def _card_width(given: str | None, file: str, block: Block, problems: list) -> float:
    """The width in mm of the pictures of a ``cards`` directive: ``width=MM`` (8 to 60), else 15."""
    if given is None:
        return 15.0
    try:
        width = float(given)
    except ValueError:
        width = float("nan")
    if not 8 <= width <= 60:
        problems.append(Problem(file, block.line, None, "width",
                                f"cards: width={given!r} is not a width in mm from 8 to 60"))
        return 15.0
    return width


def story_of(ctx: Context, styles, width: float, page: tuple[float, float] | None = None) -> list:
    """The booklet's flowables; ``page`` is the body frame's (width, height) in pt that the one-page quick
    start must fit (every booklet page size's when not given, as the check asks)."""
    builder = StoryBuilder(ctx, styles, width)
    story = builder.cover() + builder.contents()
    story += quick_start_page(builder, ctx.source.blocks, [page] if page else every_frame())  # a page, or nothing
    span = quick_start_span(ctx.source.blocks) or (0, 0)
    chapters = ctx.source.blocks[:span[0]] + ctx.source.blocks[span[1]:]
    heading: Paragraph | None = None
    for block in chapters:
        flow = builder.block(block)
        if heading is not None and flow and isinstance(flow[0], Table) and len(flow[0]._cellvalues) > 6:
            # a heading over a long table: keep them together only as far as the first rows (a page break
            # before the heading when fewer than those fit), and let the table run on to the next page
            heading.keepWithNext = 0
            at = story.index(heading)
            story.insert(at, CondPageBreak(heading.style.leading + heading.style.spaceBefore + 45 * mm))
        elif flow and isinstance(flow[0], Table) and len(flow[0]._cellvalues) <= 12 and story \
                and isinstance(story[-1], Paragraph):
            if is_heading(story[-1]):  # a short table stays whole with its heading
                story[-1].keepWithNext = 1
                flow[0] = KeepTogether([flow[0]])
            else:  # the words that introduce it stay with its first rows; the rest may run on
                story[-1] = LeadIn(story[-1], flow.pop(0))
        heading = next((f for f in reversed(flow) if isinstance(f, Paragraph)
                        and f.style.name in ("h1", "h2", "h3")), None) if block.kind == "heading" else None
        story.extend(flow)
    from deckgen.terms import terms_for

    story = keep_headings_with_next(story, width)
    story.extend(builder.end_matter())
    story += glossary_section(builder, terms_for(ctx.project, ctx.game, ctx.lang))  # the generated glossary
    story.append(back_matter(builder))  # notes pages and the back cover (deckgen.rulebook.furniture)
    return story
