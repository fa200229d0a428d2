"""The whole kit: build what its tables need, then write the printer runs, table labels, shop orders, plan.json
and plan.pdf into one folder.

The plan is checked and its arithmetic worked out first (:mod:`deckgen.kit.arithmetic`), so a mistake is a
located problem before anything is written.  The games are built into ``OUT/build/ROUTE/LANG`` (an ordinary
build: its cache makes a second kit quick, and it removes its own stale files); the runs are collated from
those files.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Callable

from deckgen.kit.arithmetic import KitArithmetic, Run, kit_arithmetic, labels_path, tournament_players
from deckgen.kit.plan import KitPlan
from deckgen.layout.papers import MM_TO_PT
from deckgen.kit.report import plan_data, plan_lines, plan_pdf
from deckgen.kit.tournament import tournament_path, tournament_pdf
from deckgen.model import Project
from deckgen.output import write_atomic


def pdf_pages(path: Path) -> int | None:
    """The pages of a PDF built before, or None if there is none."""
    from pypdf import PdfReader

    try:
        return len(PdfReader(path).pages)
    except (OSError, ValueError):
        return None
    except Exception:  # a broken file of an interrupted build: unknown, built again
        return None


def dry_run(project: Project, plan: KitPlan, out: Path) -> tuple[KitArithmetic, dict]:
    """The plan without building: pages from the data, booklets' pages from the last build (else unknown)."""
    arith = kit_arithmetic(project, plan, Path(out) / "build", built_pages=pdf_pages)
    return arith, plan_data(project, plan, arith, {}, shop_files(plan, arith))


def shop_files(plan: KitPlan, arith: KitArithmetic) -> dict[str, str]:
    """{shop route: the order bundle's file name}."""
    return {g.route: f"order-{g.route}-{plan.routes[g.route].preset}.zip" for g in arith.groups
            if plan.routes[g.route].preset is not None}


def make_kit(project: Project, plan: KitPlan, out: Path, progress: Callable | None = None,
             dpi: int = 300, use_cache: bool = True, workers: int | None = None,
             cache_home: Path | None = None) -> list[Path]:
    """Build and write the kit into ``out``; the files written.  ``cache_home``: the folder whose ``.cache``
    every build of the kit shares (deckgen.project.cache_home; None: each build folder's own)."""
    from dataclasses import replace

    from deckgen.build import build
    from deckgen.layout.printer import load_profile

    out = Path(out)
    build_dir = out / "build"
    arith = kit_arithmetic(project, plan, build_dir)  # every problem of the plan before anything is made
    builds = [g for g in arith.groups if plan.routes[g.route].preset is None]
    built = progress("builds", len(builds)) if progress is not None else None
    for g in builds:
        route = plan.routes[g.route]
        profile = load_profile(_profile_path(project, route.profile)) if route.profile is not None else None
        options = replace(g.options(build_dir, route.paper, route.duplex, profile), dpi=dpi, use_cache=use_cache,
                          workers=workers, cache_home=cache_home)
        build(project, [g.game], options, progress)
        if built is not None:
            built(1, game=g.game)
    arith = kit_arithmetic(project, plan, build_dir, built_pages=pdf_pages)
    written: list[Path] = []
    for printed in sorted({r.route for r in arith.runs}):
        from deckgen.kit.labels import labels_pdf

        path = labels_path(build_dir, printed)
        write_atomic(path, labels_pdf(project, plan, printed, arith.numbered))
        written.append(path)
        for gid, players in tournament_players(project, plan, printed).items():
            path = tournament_path(build_dir, gid)
            write_atomic(path, tournament_pdf(project, project.games[gid], plan.organiser_lang, players))
            written.append(path)
    coverage: dict[str, float | None] = {}
    collated = progress("print runs", len(arith.runs)) if progress is not None else None
    for run in arith.runs:
        path = out / run.file
        write_atomic(path, _run_bytes(project, plan, run))
        coverage[run.file] = page_coverage(path)
        written.append(path)
        if collated is not None:
            collated(1)
    shops = shop_files(plan, arith)
    for shop, name in shops.items():
        written.append(_shop_bundle(project, plan, arith, shop, out / name, build_dir, dpi, cache_home))
    data = plan_data(project, plan, arith, coverage, shops)
    write_atomic(out / "plan.json", (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))
    lines = plan_lines(project, plan, data)
    write_atomic(out / "plan.pdf", plan_pdf(project, lines, lines[0][1]))
    return [*written, out / "plan.json", out / "plan.pdf"]


def _profile_path(project: Project, profile: Path) -> Path:
    return profile if profile.is_file() else project.root / profile


def _run_bytes(project: Project, plan: KitPlan, run: Run) -> bytes:
    from deckgen.kit.collate import run_pdf
    from deckgen.kit.labels import separator_pdf
    from deckgen.layout.papers import PAPERS_MM

    if not plan.separators:
        return run_pdf(run)
    w, h = PAPERS_MM[run.paper]
    size = (w * MM_TO_PT, h * MM_TO_PT)
    return run_pdf(run, lambda label: separator_pdf(project, plan.organiser_lang, size, label))


#: Pages of a run measured for its ink coverage (evenly spread; the mean stands for the whole run).
COVERAGE_SAMPLE = 8


def page_coverage(path: Path, dpi: int = 10) -> float | None:
    """The mean ink coverage of a PDF's pages in percent (grey darkness at ``dpi`` of up to
    :data:`COVERAGE_SAMPLE` pages spread over the file), or None without poppler's pdftoppm."""
    tool = shutil.which("pdftoppm")
    pages = pdf_pages(path)
    if tool is None or not pages:
        return None
    sample = sorted({1 + (k * pages) // COVERAGE_SAMPLE for k in range(min(pages, COVERAGE_SAMPLE))})
    darkness = []
    with tempfile.TemporaryDirectory() as folder:
        for page in sample:
            try:
                subprocess.run([tool, "-gray", "-r", str(dpi), "-f", str(page), "-l", str(page), str(path),
                                str(Path(folder) / f"p{page}")], check=True, capture_output=True, timeout=300)
            except (subprocess.SubprocessError, OSError):
                return None
        for image_path in sorted(Path(folder).glob("p*.pgm")):
            from PIL import Image

            with Image.open(image_path) as image:
                pixels = image.convert("L").tobytes()
            darkness.append(1 - sum(pixels) / (255 * len(pixels)) if pixels else 0.0)
    return round(100 * sum(darkness) / len(darkness), 1) if darkness else None


def _shop_bundle(project: Project, plan: KitPlan, arith: KitArithmetic, route: str, target: Path,
                 build_dir: Path, dpi: int, cache_home: Path | None = None) -> Path:
    """The order for a shop route: a zip of the preset's files of every deck its tables need, the preset's
    manifest, and quantities.json (copies per deck)."""
    from deckgen.build import BuildOptions
    from deckgen.export import export_preset
    from deckgen.presets import load_preset

    preset = load_preset(str(plan.routes[route].preset), project.root)
    quantities: dict[str, int] = {}
    files: list[tuple[Path, Path]] = []
    for g in (g for g in arith.groups if g.route == route and g.deck_copies):
        game = project.games[g.game]
        every = [d.label for base in game.decks.values() for d in (base, *base.variants.values())]
        folder = build_dir / route / g.lang
        options = BuildOptions(out=folder, languages=(g.lang,), dpi=dpi, cache_home=cache_home)
        report = export_preset(project, [g.game], preset, options, None, None,
                               tuple(label for label in every if label not in g.deck_copies))
        files += [(Path(p), Path(p).relative_to(folder)) for p in report.written]
        quantities.update({f"{g.game}/{label}-{g.lang}": n for label, n in g.deck_copies.items()})
    with tempfile.SpooledTemporaryFile() as spool:
        with zipfile.ZipFile(spool, "w", zipfile.ZIP_DEFLATED) as bundle:
            for path, name in sorted(files, key=lambda f: str(f[1])):
                info = zipfile.ZipInfo(str(name), date_time=(1980, 1, 1, 0, 0, 0))
                bundle.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)
            info = zipfile.ZipInfo("quantities.json", date_time=(1980, 1, 1, 0, 0, 0))
            bundle.writestr(info, json.dumps(quantities, indent=2, sort_keys=True) + "\n")
        spool.seek(0)
        write_atomic(target, spool.read())
    return target
