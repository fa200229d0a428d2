"""A preset's ``booklet:`` entry: how its shop wants the rule booklets, and what the files are called.

::

    booklet:
      page: a5             # the trim (a5 or half-letter), single pages in reading order
      bleed: 3             # mm on every side
      pdfx: X-4            # X-4 or X-1a (with the preset's colour: {mode: cmyk, profile, ink_limit})
      ink_limit: 300       # total ink %, default the preset's colour ink_limit
      cover: with-pages    # or separate: the four cover pages (outside and inside) in a file of their own
      page_multiple: 4     # the page count is padded to it with notes pages before the back cover

A preset with a booklet entry and no ``writer:`` prints booklets only.
Files: ``GAME-rules-LANG-PRESET.pdf`` and, with ``cover: separate``,
``GAME-rules-LANG-PRESET-cover.pdf`` (in OUT/GAME/PRESET/, beside the cards).
"""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.errors import Problem
from deckgen.yamlpos import Located

COVERS = ("with-pages", "separate")


@dataclass(frozen=True)
class BookletSpec:
    """What a shop wants of a rule booklet."""

    page: str = "a5"
    bleed: float = 3.0
    pdfx: str = "X-4"
    ink_limit: float | None = None
    cover: str = "with-pages"
    page_multiple: int = 4

    @property
    def separate_cover(self) -> bool:
        return self.cover == "separate"


def read_booklet(doc: Located, raw: dict, colour_mode: str, ink_limit: float | None
                 ) -> tuple[BookletSpec | None, list[Problem]]:
    """The preset's booklet entry (None without one), and the problems the schema cannot see."""
    spec = raw.get("booklet")
    if spec is None:
        return None, []
    problems = []
    if colour_mode != "cmyk":
        problems.append(doc.problem(("booklet",), "a shop booklet is CMYK PDF/X: the preset needs colour: "
                                                  "{mode: cmyk, profile: ..., ink_limit: ...}"))
    multiple = int(spec.get("page_multiple", 4))
    if spec.get("cover") == "separate" and multiple % 4:
        problems.append(doc.problem(("booklet", "cover"), "a separate cover takes four pages (outside and "
                                                          "inside): page_multiple must be a multiple of 4"))
    return BookletSpec(page=spec.get("page", "a5"), bleed=float(spec.get("bleed", 3.0)),
                       pdfx=spec.get("pdfx", "X-4"),
                       ink_limit=float(spec["ink_limit"]) if "ink_limit" in spec else ink_limit,
                       cover=spec.get("cover", "with-pages"), page_multiple=multiple), problems


def shop_booklet_names(gid: str, lang: str, preset: str, spec: BookletSpec) -> list[str]:
    """The booklet's file names: the pages, then the cover where the shop takes it apart."""
    stem = f"{gid}-rules-{lang}-{preset}"
    return [f"{stem}.pdf"] + ([f"{stem}-cover.pdf"] if spec.separate_cover else [])


__all__ = ["BookletSpec", "COVERS", "read_booklet", "shop_booklet_names"]
