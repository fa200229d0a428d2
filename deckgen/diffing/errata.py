"""The errata kit (``deckgen diff … --errata --out DIR``), for people who printed the old version.

``DIR/errata/`` gets: the reprint of exactly the changed and added cards —
and, where a back changed, of every card that shares it — as sheets with
their backs and as the one-card-per-page file for shops (the NEW side's own
``deckgen build --cards``); ``GAME-errata-LANG.pdf``, a sheet per language
saying in players' words what changed and which cards to take out; and
``changes.json``, the report the kit was made from.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from deckgen.diffing.run import run_side
from deckgen.diffing.sides import Side


def reprint_ids(report: dict[str, Any]) -> dict[tuple[str, str], list[str]]:
    """(game, language) -> the card ids to reprint: changed, added, and those whose back changed."""
    wanted: dict[tuple[str, str], list[str]] = {}
    for game, entry in report.items():
        for by_lang in entry.get("decks", {}).values():
            for lang, ch in by_lang.items():
                ids = wanted.setdefault((game, lang), [])
                for card in [*(c["card"] for c in ch["changed"]), *ch["added"], *ch["back"]["cards"]]:
                    if card not in ids:
                        ids.append(card)
    return {k: v for k, v in wanted.items() if v}


def write_errata(report: dict[str, Any], sides: tuple[Side, Side], new_snap: dict[str, Any], out: Path,
                 scratch: Path, cache: Path) -> list[Path]:
    """Write the kit; returns the files written (pictures were drawn by the HTML report before)."""
    folder = Path(out) / "errata"
    folder.mkdir(parents=True, exist_ok=True)
    new = sides[1]
    for (game, lang), ids in reprint_ids(report).items():
        run_side(new, [sys.executable, "-m", "deckgen", "build", game, "--project", str(new.root), "--cards",
                   ",".join(ids), "--lang", lang, "--no-booklets", "--out", str(folder / "reprint"), "--cache",
                   str(cache), "--quiet"])
    report_file = scratch / "changes.json"
    report_file.write_text(json.dumps(report, ensure_ascii=False), encoding="utf-8")
    run_side(new, [sys.executable, "-m", "deckgen.diffing.snapshot", str(new.root), "-", "--errata-sheets",
               str(report_file), str(folder), sides[0].label, sides[1].label, str(Path(out) / "pictures")])
    (folder / "changes.json").write_text(json.dumps({"old": sides[0].label, "new": sides[1].label,
                                                     "games": report}, indent=2, ensure_ascii=False),
                                         encoding="utf-8")
    return sorted(p for p in folder.rglob("*") if p.is_file() and ".cache" not in p.parts)


def sheets(root: Path, report: dict[str, Any], folder: Path, labels: tuple[str, str], pictures: Path) -> None:
    """In the NEW side's process: an errata sheet per changed game and each of its languages."""
    from deckgen.diffing.errata_sheet import write_sheet
    from deckgen.loader import load_project

    project = load_project(root, untrusted="refuse")
    for game in report:
        if game not in project.games or "game" in report[game]:
            continue
        for lang in project.languages:
            write_sheet(project, game, lang, report, labels, pictures, folder / f"{game}-errata-{lang}.pdf")
