"""A printer run as one PDF, its pages in the order they go through the printer.

Each file of the run comes as often as the run needs it, whole copy after
whole copy (collated); a spare sheet is a file's first sheet (its fronts
and backs pages) once more.  A duplex run (long or short edge) keeps every
backs page right after its fronts page — the sheets files are made so, and
a separator is a page and its blank back, so nothing shifts.  A cards run
with duplex ``none`` is turned by hand: every fronts page first, then every
backs page in the same order, to print on the backs of the same stack.
"""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader, PdfWriter

from deckgen.kit.arithmetic import Run


def run_pdf(run: Run, separator=None) -> bytes:
    """The PDF of ``run``; ``separator(label) -> bytes`` (a one-page PDF) goes before each file but the first
    when given."""
    writer = PdfWriter()
    fronts: list = []
    backs: list = []
    by_hand = run.name == "cards" and run.duplex == "none"
    two_sided = run.duplex != "none" or by_hand
    for n, item in enumerate(run.items):
        reader = PdfReader(io.BytesIO(Path(item.path).read_bytes()))
        if separator is not None and n > 0:
            sep = PdfReader(io.BytesIO(separator(item.label))).pages[0]
            if by_hand:
                fronts.append(sep)
                backs.append(None)
            else:
                writer.add_page(sep)
                if two_sided:
                    writer.add_blank_page(float(sep.mediabox.width), float(sep.mediabox.height))
        for _ in range(item.copies):
            pages = list(reader.pages)[:item.first_pages] if item.first_pages else list(reader.pages)
            if by_hand:
                fronts += pages[0::2]
                backs += pages[1::2]
            else:
                for page in pages:
                    writer.add_page(page)
    if by_hand:
        for page in fronts:
            writer.add_page(page)
        for page, front in zip(backs, fronts):
            if page is None:
                writer.add_blank_page(float(front.mediabox.width), float(front.mediabox.height))
            else:
                writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
