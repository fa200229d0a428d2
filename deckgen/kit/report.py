"""The print plan of a kit in words: its lines (``deckgen kit --dry-run`` and plan.pdf say the same), plan.json,
and plan.pdf in the organiser's language.

Times and toner come from stated assumptions (:class:`deckgen.kit.plan.Assumptions`) that the plan prints:
printing takes pages / pages-per-minute; cutting takes the cuts of every card sheet (a grid of C columns and
R rows takes C + R + 2 cuts) and of every tuck box (:data:`BOX_CUTS`) at cuts-per-minute; toner is the pages
times their measured coverage, in cartridges of ``toner_pages`` pages at 5 %.
"""

from __future__ import annotations

import functools
import io
from pathlib import Path
from typing import Any

from deckgen.kit.arithmetic import KitArithmetic, Run
from deckgen.kit.needs import table_decks
from deckgen.kit.fonts import kit_font
from deckgen.kit.plan import KitPlan
from deckgen.model import Deck, Game, Project

#: Cuts to free one tuck box net from its sheet (its outline, roughly).
BOX_CUTS = 12


@functools.cache
def kit_words(lang: str) -> dict[str, str]:
    """The kit's words in ``lang`` (English where it has none)."""
    import yaml

    texts = yaml.safe_load((Path(__file__).resolve().parent / "words.yaml").read_text(encoding="utf-8"))
    return {**texts["en"], **texts.get(lang.split("-")[0], {})}


def run_cuts(run: Run) -> int:
    """The cuts a run's output takes (see the module's docstring)."""
    if run.name == "boxes":
        return sum(i.copies for i in run.items) * BOX_CUTS
    if run.name != "cards":
        return 0
    return sum((i.cuts_per_sheet * -(-int(i.pages or 0) // 2)) * i.copies for i in run.items)


def plan_data(project: Project, plan: KitPlan, arith: KitArithmetic, coverage: dict[str, float | None],
              shops: dict[str, str]) -> dict[str, Any]:
    """plan.json: the tables, every run (file, paper, stock, duplex, pages, sheets, files with their copies,
    cuts, coverage, minutes), the shop orders, the totals and the assumptions."""
    a = plan.assumptions
    runs = []
    for run in arith.runs:
        pages = run.pages
        runs.append({"file": run.file, "route": run.route, "run": run.name, "paper": run.paper, "stock": run.stock,
                     "duplex": run.duplex, "pages": pages, "sheets": run.sheets, "scale": "100 %, no fit-to-page",
                     "profile": _profile(plan, run),
                     "files": [{"file": str(i.path.name), "copies": i.copies, "pages": i.pages} for i in run.items],
                     "cuts": run_cuts(run), "coverage_percent": coverage.get(run.file),
                     "print_minutes": None if pages is None else round(pages / a.pages_per_minute, 1),
                     "cut_minutes": round(run_cuts(run) / a.cuts_per_minute, 1)})
    known = [r for r in runs if r["pages"] is not None]
    return {"tables": [{"table": n, "game": g, "lang": lang, "players": p} for n, g, lang, p in arith.numbered],
            "runs": runs, "shops": shops,
            "total": {"pages": sum(r["pages"] for r in known), "sheets": sum(r["sheets"] for r in known),
                      "complete": len(known) == len(runs)},
            "assumptions": {"pages_per_minute": a.pages_per_minute, "cuts_per_minute": a.cuts_per_minute,
                            "toner_pages": a.toner_pages}}


def _profile(plan: KitPlan, run: Run) -> str | None:
    profile = plan.routes[run.route].profile
    return str(profile) if profile is not None and run.name == "cards" else None


def plan_lines(project: Project, plan: KitPlan, data: dict[str, Any]) -> list[tuple[str, str]]:
    """The plan as (style, text) lines in the organiser's language; style is title, heading, text or item."""
    w = kit_words(plan.organiser_lang)
    lang = plan.organiser_lang
    unknown = "?"  # a number only building tells (booklets): the run says so in words below
    games = ", ".join(dict.fromkeys(project.games[t["game"]].name(_lang(project, lang)) for t in data["tables"]))
    lines = [("title", w["title"]), ("text", w["made"].format(tables=len(data["tables"]), games=games)),
             ("heading", w["tables"])]
    every_table = [x for x in plan.tables for _ in range(x.count)]  # the plan's entry of each numbered table
    for t, table in zip(data["tables"], every_table):
        lines.append(("item", w["table-line"].format(n=t["table"], game=project.games[t["game"]].name(
            _lang(project, lang)), players=t["players"], lang=t["lang"], langs=", ".join(table.langs))))
    a = data["assumptions"]
    for n, run in enumerate(data["runs"], 1):
        lines.append(("heading", w["run"].format(n=n, file=run["file"])))
        duplex = w["duplex-by-hand"] if run["run"] == "cards" and run["duplex"] == "none" \
            else w[f"duplex-{run['duplex']}"]
        lines.append(("text", w["paper-line"].format(
            paper=run["paper"].upper() if run["paper"].startswith("a") else run["paper"],
            stock=w[f"stock-{run['stock']}"], sheets=run["sheets"] if run["sheets"] is not None else unknown,
            pages=run["pages"] if run["pages"] is not None else unknown, duplex=duplex)))
        lines.append(("text", w["scale"]))
        if run["run"] == "cards":
            lines.append(("text", w["profile"].format(profile=run["profile"]) if run["profile"] else w["no-profile"]))
            lines.append(("text", w["calibrate"]))
        lines.append(("text", w["contents"].format(items=", ".join(
            f"{f['file']} ×{f['copies']}" for f in run["files"]))))
        if run["pages"] is None:
            lines.append(("text", w["unknown-pages"]))
        if run["coverage_percent"] is None:
            lines.append(("text", w["coverage-unknown"]))
        else:
            pages = run["pages"] or 0
            cartridges = pages * run["coverage_percent"] / 5.0 / a["toner_pages"]
            lines.append(("text", w["coverage"].format(pct=f"{run['coverage_percent']:.0f}",
                                                       cartridges=f"{cartridges:.2f}")))
        lines.append(("text", w["times"].format(
            print=f"{run['print_minutes']:.0f}" if run["print_minutes"] is not None else unknown,
            cut=f"{run['cut_minutes']:.0f}")))
    for route, file in data["shops"].items():
        lines.append(("text", w["shop"].format(preset=plan.routes[route].preset, file=file)))
    total = data["total"]
    lines.append(("heading", w["total"].format(sheets=total["sheets"], pages=total["pages"], runs=len(data["runs"]))
                  + ("" if total["complete"] else " " + w["total-partial"])))
    lines.append(("text", w["assumptions"].format(ppm=f"{a['pages_per_minute']:g}", cpm=f"{a['cuts_per_minute']:g}",
                                                  toner=f"{a['toner_pages']:g}")))
    lines.append(("heading", w["checklist"]))
    names = {r["run"] for r in data["runs"]}
    lines += [("item", w[key]) for run, key in (("cards", "check-cut"), ("booklets", "check-booklets"),
                                                 ("boxes", "check-boxes"), ("documents", "check-labels"))
              if run in names]
    for t, table in zip(data["tables"], every_table):
        game = project.games[t["game"]]
        decks = ", ".join(f"{deck_name(game, d.deck, _lang(project, lang))} ×{d.copies}"
                          for d in table_decks(project, game, t["players"]))
        lines.append(("item", w["check-sort"].format(n=t["table"], game=project.games[t["game"]].name(
            _lang(project, lang)), decks=decks, langs=", ".join(table.langs))))
    return lines


def deck_name(game: Game, deck: Deck, lang: str) -> str:
    """What the organiser calls ``deck``: its name in ``lang`` (the game's ``decks:`` words), else its id."""
    strings = game.strings.get(lang)
    names = strings.decks if strings else {}
    if deck.label in names:
        return names[deck.label]
    base = names.get(deck.id, deck.id)
    return f"{base} – {deck.variant}" if deck.variant else base


def _lang(project: Project, lang: str) -> str:
    """``lang`` if the project has words in it, else its first language."""
    return lang if lang in project.languages else project.languages[0]


def plan_pdf(project: Project, lines: list[tuple[str, str]], title: str) -> bytes:
    """plan.pdf: the plan's lines on A4 pages, in the project's body font (it has the organiser's letters)."""
    from reportlab.lib.utils import simpleSplit

    from deckgen.layout.pdfcanvas import open_canvas

    font = kit_font(project, "body")
    bold = kit_font(project, "body-bold") if project.fonts.get("body-bold") else font
    width, height = 595.28, 841.89
    margin = 56.0
    buffer = io.BytesIO()
    canvas = open_canvas((width, height), font, title, buffer)
    y = height - margin
    sizes = {"title": (bold, 20, 28), "heading": (bold, 12, 22), "text": (font, 10, 13), "item": (font, 10, 13)}
    for style, text in lines:
        face, size, lead = sizes[style]
        indent = 14.0 if style in ("text", "item") else 0.0
        wrapped = simpleSplit(text, face, size, width - 2 * margin - indent - 10)
        if y - lead * len(wrapped) < margin:
            canvas.showPage()
            y = height - margin
        if style == "heading":
            y -= 6
        canvas.setFont(face, size)
        for k, line in enumerate(wrapped):
            if style == "item" and k == 0:
                canvas.drawString(margin + indent - 10, y, "•")
            canvas.drawString(margin + indent, y, line)
            y -= lead
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
