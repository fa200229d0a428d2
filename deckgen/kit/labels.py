"""Table labels: one A4 page per table, folded along the middle into a tent that stands on the table, the
same words on both halves (the upper half upside down, so each side reads upright once folded)."""

from __future__ import annotations

import io

from deckgen.kit.plan import KIT_LANGUAGES, KitPlan
from deckgen.kit.fonts import kit_font
from deckgen.kit.report import kit_words
from deckgen.model import Project


def labels_pdf(project: Project, plan: KitPlan, route: str, numbered: list[tuple[int, str, str, int]]) -> bytes:
    """The labels of the tables of ``route`` (and of the shops', with the first route printed here): the table's
    number, its game, players and rule languages, in the
    table's language when the kit has words in it (else the organiser's)."""
    from deckgen.layout.pdfcanvas import open_canvas

    from deckgen.kit.arithmetic import label_routes

    routes = label_routes(plan, route)
    tables = [t for t in plan.tables for _ in range(t.count)]
    width, height = 841.89, 595.28  # A4 landscape: folded in half along the long middle
    title_font, body_font = kit_font(project, "display"), kit_font(project, "body")
    buffer = io.BytesIO()
    canvas = open_canvas((width, height), body_font, "table labels", buffer)
    for (number, gid, lang, players), table in zip(numbered, tables):
        if table.route not in routes:
            continue
        words = kit_words(lang if lang.split("-")[0] in KIT_LANGUAGES else plan.organiser_lang)
        game = project.games[gid].name(lang)
        for upside_down in (False, True):
            canvas.saveState()
            if upside_down:
                canvas.translate(width, height)
                canvas.rotate(180)
            canvas.setFont(title_font, 54)
            canvas.drawCentredString(width / 2, height / 2 - 100, words["table"].format(n=number))
            canvas.setFont(title_font, 30)
            canvas.drawCentredString(width / 2, height / 2 - 150, game)
            canvas.setFont(body_font, 16)
            canvas.drawCentredString(width / 2, height / 2 - 190, "  ·  ".join(
                [words["label-players"].format(players=players),
                 words["label-langs"].format(langs=", ".join(table.langs))]))
            canvas.restoreState()
        canvas.setDash(4, 4)
        canvas.setStrokeGray(0.6)
        canvas.line(20, height / 2, width - 20, height / 2)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def separator_pdf(project: Project, lang: str, paper_size: tuple[float, float], label: str) -> bytes:
    """A separator page between the files of a run: "Next: LABEL" in big letters."""
    from deckgen.layout.pdfcanvas import open_canvas

    buffer = io.BytesIO()
    font = kit_font(project, "body")
    canvas = open_canvas(paper_size, font, "separator", buffer)
    canvas.setFont(font, 24)
    canvas.drawCentredString(paper_size[0] / 2, paper_size[1] / 2, kit_words(lang)["separator"].format(label=label))
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
