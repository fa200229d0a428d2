"""Rule booklets a print shop accepts: CMYK PDF/X pages in reading order, padded, the cover apart if asked.

For a preset with a ``booklet:`` entry (:mod:`deckgen.presets.booklet`)
each language's booklet is laid out as the home booklet is (single pages at
the shop's trim plus bleed, TrimBox and BleedBox on every page), its page
count padded to the shop's multiple with notes pages before the back
cover, and then made ready for the press:

* every vector colour in DeviceCMYK by the preset's ICC profile, neutral
  colours and the theme's body ink in black ink alone (:mod:`deckgen.rulebook.cmyk`);
* the card pictures as CMYK images at 300 ppi (:mod:`deckgen.rulebook.shopfaces`),
  so the file holds no transparency, soft mask or RGB at all;
* total ink held to the limit, and read back from the finished file
  (:mod:`deckgen.rulebook.inkcheck`): a booklet with anything left in RGB or
  over the limit is a problem, not a file;
* links dropped (PDF/X allows no annotations on the printed page), the
  output intent with its profile, the PDF/X keys and version of X-1a or X-4
  (:func:`deckgen.presets.pdf.mark_pdfx`);
* with ``cover: separate``, pages 1, 2, n−1 and n in ``…-cover.pdf`` and
  pages 3 … n−2 in the main file.
"""

from __future__ import annotations

import hashlib
import io

import pikepdf

from deckgen.errors import Problem
from deckgen.model import Game, Project
from deckgen.presets import Preset
from deckgen.presets.booklet import shop_booklet_names
from deckgen.presets.pdf import Intent, mark_pdfx
from deckgen.rulebook.cmyk import InkMap, convert_page_colours
from deckgen.rulebook.files import has_rulebook
from deckgen.rulebook.inkcheck import read_back
from deckgen.rulebook.shopfaces import place_faces_cmyk

#: The pages of a cover printed apart: outside front, inside front, inside back, outside back.
COVER_PAGES = 4


def shop_booklets(project: Project, game: Game, languages: list[str], data, preset: Preset
                  ) -> tuple[list[tuple[str, bytes]], list[Problem]]:
    """(file name, PDF bytes) of the game's shop booklets in ``languages`` as ``preset`` wants them, and the
    problems found (no files if any)."""
    from deckgen.presets.colourpass import _profile
    from deckgen.colour import converter
    from deckgen.rulebook.build import check_rulebook, lay_out_booklet
    from deckgen.rulebook.context import load_sources
    from deckgen.rulebook.furniture import document_title
    from deckgen.rulebook.styles import register_fonts, theme_for

    spec = preset.booklet
    if spec is None or not has_rulebook(game):
        return [], []
    problems = [p for p in check_rulebook(project, game, data, languages) if not p.warning]
    if problems:
        return [], problems
    profile = _profile(project, preset)
    convert = converter(profile, preset.colour.intent)
    intent = Intent(profile.identifier, profile.condition, profile.registry, profile.data, profile.condition)
    sources, _found = load_sources(project, game, languages)
    files: list[tuple[str, bytes]] = []
    for lang, source in sources.items():
        laid_out, faces, found = lay_out_booklet(project, game, source, data, spec.page, spec.bleed,
                                                 spec.page_multiple, 2 * COVER_PAGES if spec.separate_cover else 0)
        if found:
            problems += found
            continue
        pdf = pikepdf.open(io.BytesIO(laid_out))
        theme = theme_for(game, source, register_fonts(project), [])
        convert_page_colours(pdf, InkMap(convert, spec.ink_limit, (theme.ink,)))
        place_faces_cmyk(pdf, faces, convert, spec.ink_limit)
        for page in pdf.pages:
            if "/Annots" in page.obj:
                del page.obj["/Annots"]
        title = document_title(lang, source.meta.get("title", game.name(lang)), source.meta.get("subtitle", ""))
        names = shop_booklet_names(game.id, lang, preset.name, spec)
        parts = _split_cover(pdf) if spec.separate_cover else [pdf]
        for name, part, what in zip(names, parts, ("", " (cover)")):
            data_out = _finish(part, title + what, spec.pdfx, intent, laid_out + name.encode())
            problems += [Problem(None, None, None, f"booklet {name}", message)
                         for message in read_back(data_out, spec.ink_limit).problems()]
            files.append((name, data_out))
    return ([], problems) if problems else (files, [])


def _split_cover(pdf: pikepdf.Pdf) -> list[pikepdf.Pdf]:
    """(interior: pages 3 … n−2, cover: pages 1, 2, n−1, n) as two documents."""
    n = len(pdf.pages)
    cover_pages = [0, 1, n - 2, n - 1]
    interior, cover = pikepdf.new(), pikepdf.new()
    for i, page in enumerate(pdf.pages):
        (cover if i in cover_pages else interior).pages.append(page)
    for part in (interior, cover):
        part.Root.PageLayout = pikepdf.Name.SinglePage
    return [interior, cover]


def _finish(pdf: pikepdf.Pdf, title: str, pdfx: str, intent: Intent, seed: bytes) -> bytes:
    """The PDF/X file's bytes: output intent, keys, version; no object streams (PDF 1.3 has none)."""
    version = mark_pdfx(pdf, title, pdfx, intent, hashlib.sha256(seed).digest())
    buffer = io.BytesIO()
    pdf.save(buffer, force_version=version, deterministic_id=True, compress_streams=True,
             object_stream_mode=pikepdf.ObjectStreamMode.disable, fix_metadata_version=False)
    return buffer.getvalue()


__all__ = ["shop_booklets"]
