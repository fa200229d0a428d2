"""The gallery as an output generator: ``index.html`` and its assets, planned from the data alone and written by
the one atomic writer with the rest (:func:`deckgen.outputs.extra.make_files`).

``plan`` names the page, its stylesheet and script, and the project's
fonts the page uses; ``render`` makes the page from the gallery (made once
per selection: every face rendered, drawn and checked) and answers an asset
that is already on disk unchanged as ``None`` (not written again).  The
pictures (``img/``, ``docs/``, ``rules/``) are named by what they show, so
only drawing tells their names: the drawing processes write each as it is
made, and a picture that exists is current (:mod:`deckgen.preview.gallery`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from deckgen.outputs.plan import PlannedFile, Rendered, Selection
from deckgen.preview.page import ASSETS, render_page
from deckgen.preview.views import Gallery, GalleryOptions

#: The font roles the page shows its words in.
PAGE_FONTS = ("display", "body", "body-bold")


class GalleryFiles:
    """``deckgen preview``'s page and assets for one gallery run (its options, and how the gallery is made)."""

    kind = "gallery"

    def __init__(self, options: GalleryOptions, make: Callable[[], Gallery] | None = None):
        self.options = options
        self.make = make

    def sources(self, selection: Selection) -> dict[Path, Path]:
        """{file in the gallery: the file it is a copy of} of the assets."""
        project, out = selection.project, Path(self.options.out)
        found = {out / "assets" / name: ASSETS / name for name in ("gallery.css", "gallery.js")}
        found.update({out / "assets" / "fonts" / name: project.fonts_dir / name
                      for role, name in project.fonts.items() if role in PAGE_FONTS})
        return found

    def plan(self, selection: Selection) -> list[PlannedFile]:
        out = Path(self.options.out)
        return [*(PlannedFile(path, "gallery asset", None, None, 1) for path in self.sources(selection)),
                PlannedFile(out / "index.html", "gallery page", None, None, 1)]

    def gallery(self, selection: Selection) -> Gallery:
        """The gallery, made once per selection."""
        if "gallery" not in selection.memo:
            if self.make is None:
                raise TypeError("this gallery generator only plans (it was given no way to make the gallery)")
            selection.memo["gallery"] = self.make()
        return selection.memo["gallery"]

    def render(self, selection: Selection, planned: PlannedFile) -> Rendered:
        source = self.sources(selection).get(planned.path)
        if source is None:
            page = render_page(self.gallery(selection), self.options.live, self.options.page)
            return page.encode("utf-8")
        data = source.read_bytes()
        if planned.path.is_file() and planned.path.read_bytes() == data:
            return [(planned.path, None)]
        return data
