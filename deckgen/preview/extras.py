"""The slow part of a gallery: a game's checks, document pages and rulebook pages.

Each is cached (in the build cache's ``preview/`` entries) by everything the
game is made of, so it runs again only when the game changed; rulebook pages
are drawn in another process while the cards are drawn.
"""

from __future__ import annotations

import shutil
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Callable

from deckgen import __version__
from deckgen.build import Fingerprints
from deckgen.errors import DeckgenError, Problem, unique
from deckgen.interrupt import ignore_interrupt
from deckgen.layout.papers import READING_PAGE
from deckgen.model import Game, Project
from deckgen.preview.images import save_webp
from deckgen.preview.views import Gallery, GalleryOptions, GameView, Thumb
from deckgen.render.store import Store, hash_text

#: Documents are drawn this many pixels along their longer side.
DOCUMENT_PX = 900
#: Rulebook pages are drawn this many pixels wide.
RULE_PAGE_PX = 320

class SlowWork:
    """The checks, document pages and rulebook pages of a game: cached by everything the game is made of."""

    def __init__(self, project: Project, options: GalleryOptions, store: Store, prints: Fingerprints, out: Path,
                 cancelled: Callable[[], bool] = lambda: False):
        self.project, self.options, self.store, self.prints, self.out = project, options, store, prints, out
        self.cancelled = cancelled
        self.encoded = 0
        self._rules: list[tuple[GameView, str, str, Any]] = []  # (view, lang, key, future)
        self._executor: ProcessPoolExecutor | None = None

    def key(self, game: Game, what: str, *more: Any) -> str:
        return hash_text("preview", what, __version__, self.prints.game_inputs(game), *more)

    def problems(self, view: GameView, gallery: Gallery) -> list[Problem]:
        """The problems `deckgen check` finds in the game and those found rendering its faces now."""
        game = view.game
        found = [p for d in view.decks for p in d.found]
        if self.options.checks == "off":
            return found
        key = self.key(game, "checks")
        entry = self.store.get("preview", key)
        if entry is None and self.options.checks == "run" and not self.cancelled():
            entry = {"problems": [list(_problem_row(p)) for p in run_game_checks(self.project, game.id)]}
            self.store.put("preview", key, entry)
        if entry is None:
            view.checked = False
            return found
        return unique([*found, *(Problem(*row) for row in entry["problems"])])

    def documents(self, view: GameView, languages: tuple[str, ...]) -> None:
        """A picture of every document page in the gallery's languages."""
        game = view.game
        if not game.documents:
            return
        descriptor = self.project.descriptor(game)
        data = None
        for spec in game.documents.values():
            for lang in languages:
                key = self.key(game, "document", spec.id, lang)
                entry = self.store.get("preview", key)
                if entry is not None and (self.out / entry["picture"]).is_file():
                    view.documents.append(Thumb(spec.id, lang, entry["picture"], entry["width"], entry["height"]))
                    continue
                if self.options.documents != "run" or self.cancelled():
                    view.checked = False
                    continue
                from deckgen.documents import render_document
                from deckgen.preview.images import rgb_image
                from deckgen.render.raster import rasterize

                try:
                    if data is None:
                        data = descriptor.data_for(game) if descriptor else {}
                    doc = render_document(self.project, game, spec, lang, "a4", data)
                except DeckgenError as exc:
                    view.document_problems.setdefault(spec.id, []).extend(exc.problems)
                    continue
                scale = DOCUMENT_PX / max(doc.width, doc.height)
                w, h = max(1, round(doc.width * scale)), max(1, round(doc.height * scale))
                raster = rasterize(doc.svg, w, h)
                picture = f"docs/{key[:40]}.webp"
                save_webp(rgb_image(w, h, raster.rgb()), self.out / picture)
                self.encoded += 1
                self.store.put("preview", key, {"picture": picture, "width": w, "height": h})
                view.documents.append(Thumb(spec.id, lang, picture, w, h))

    def rulebook(self, view: GameView, languages: tuple[str, ...]) -> None:
        """Pictures of the rulebook's pages in the gallery's languages (drawn in another process)."""
        from deckgen.rulebook.files import has_rulebook, source_path

        game = view.game
        if not has_rulebook(game) or shutil.which("pdftoppm") is None:
            return
        for lang in languages:
            if not source_path(game, lang).is_file():
                continue
            key = self.key(game, "rulebook", lang)
            entry = self.store.get("preview", key)
            if entry is not None and all((self.out / p).is_file() for p in entry["pages"]):
                self._add_rules(view, lang, entry)
                continue
            if self.options.documents != "run" or self.cancelled():
                view.checked = False
                continue
            if self._executor is None:
                self._executor = ProcessPoolExecutor(max_workers=1, initializer=ignore_interrupt)
            future = self._executor.submit(rulebook_pages, str(self.project.root), game.id, lang, str(self.out),
                                           key[:40])
            self._rules.append((view, lang, key, future))

    def _add_rules(self, view: GameView, lang: str, entry: dict) -> None:
        pages = entry["pages"]
        view.rulebook[lang] = [Thumb(f"{i}", lang, p, entry["width"], entry["height"])
                               for i, p in enumerate(pages, 1)]
        view.rulebook_problems += [Problem(*row) for row in entry.get("problems", [])
                                   if Problem(*row) not in view.rulebook_problems]

    def finish(self) -> None:
        """Collect the rulebook pages (those not ready once cancelled are left out)."""
        from concurrent.futures import wait

        pending = {future for *_, future in self._rules}
        while pending and not self.cancelled():
            pending = wait(pending, timeout=0.25).not_done
        try:
            for view, lang, key, future in self._rules:
                if not future.done():
                    view.checked = False
                    continue
                entry = future.result()
                self.encoded += len(entry["pages"])
                if not entry.get("problems"):
                    self.store.put("preview", key, entry)
                self._add_rules(view, lang, entry)
        finally:
            if self._executor is not None:  # a rulebook still being drawn finishes on its own, unheeded
                self._executor.shutdown(wait=not self.cancelled(), cancel_futures=True)
                self._executor = None


def run_game_checks(project: Project, game_id: str) -> list[Problem]:
    """What `deckgen check GAME` reports."""
    from deckgen.checks import run_checks

    try:
        return run_checks(project, [game_id])
    except DeckgenError as exc:
        return exc.problems


def _problem_row(p: Problem) -> tuple:
    return (p.file, p.line, p.column, p.field, p.message, p.warning)


def rulebook_pages(root: str, game_id: str, lang: str, out: str, stem: str) -> dict:
    """Worker: the rulebook of ``game_id`` in ``lang`` drawn as page pictures under OUT/rules/."""
    import subprocess
    import tempfile

    from deckgen.loader import load_project
    from deckgen.rulebook.build import load_sources, render_booklet

    try:
        project = load_project(Path(root))
        game = project.games[game_id]
        descriptor = project.descriptor(game)
        data = descriptor.data_for(game) if descriptor else {}
        sources, problems = load_sources(project, game, [lang])
        if lang not in sources or any(not p.warning for p in problems):
            return {"pages": [], "problems": [list(_problem_row(p)) for p in problems], "width": 0, "height": 0}
        pdf, problems = render_booklet(project, game, sources[lang], data, READING_PAGE)
    except DeckgenError as exc:
        return {"pages": [], "problems": [list(_problem_row(p)) for p in exc.problems], "width": 0, "height": 0}
    if problems or not pdf:
        return {"pages": [], "problems": [list(_problem_row(p)) for p in problems], "width": 0, "height": 0}
    from PIL import Image

    folder = Path(out) / "rules"
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "r.pdf").write_bytes(pdf)
        subprocess.run(["pdftoppm", "-scale-to-x", str(RULE_PAGE_PX), "-scale-to-y", "-1", "-png",
                        str(Path(tmp) / "r.pdf"), str(Path(tmp) / "p")], check=True, capture_output=True)
        pages, size = [], (0, 0)
        for i, png in enumerate(sorted(Path(tmp).glob("p-*.png")), 1):
            with Image.open(png) as im:
                size = im.size
                name = f"rules/{stem}-{i:03}.webp"
                save_webp(im.convert("RGB"), Path(out) / name, quality=82)
            pages.append(name)
    return {"pages": pages, "problems": [], "width": size[0], "height": size[1]}

