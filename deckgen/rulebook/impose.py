"""Saddle-stitch imposition: booklet pages two per side of a sheet, in folding order.

The pages (trimmed: the TrimBox of each page, no bleed) are padded with
blank pages to a multiple of four.  For ``n`` pages, sheet ``s`` (from 0)
carries on its front the pages ``n − 2s`` (left) and ``2s + 1`` (right),
and on its back ``2s + 2`` (left) and ``n − 2s − 1`` (right): printed
duplex (flip on the short edge), folded and stapled, the booklet reads
1, 2, 3, …  Each half of the landscape sheet holds one page, its spine
against the fold (no white hairline between a cover and its back) and
centred from top to bottom.

The imposed file is for printing at home: each page is clipped to the
sheet's printable area (``PRINTABLE_MARGIN_MM`` from every paper edge), so a
cover's colour stops where a home printer can print it instead of running to
the paper's edge; only the reading-order file (for a print shop) bleeds.
"""

from __future__ import annotations

import io

import pikepdf

from deckgen.layout.papers import MM_TO_PT

MM = MM_TO_PT
#: How far from the paper's edges a home printer prints (mm): nothing of an imposed page goes nearer.
PRINTABLE_MARGIN_MM = 5.0


def booklet_order(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) page numbers (1-based; None: blank) of every sheet side, fronts and backs in turn."""
    n = -(-pages // 4) * 4
    sides = []
    for s in range(n // 4):
        sides.append((n - 2 * s, 2 * s + 1))
        sides.append((2 * s + 2, n - 2 * s - 1))
    return [(left if left <= pages else None, right if right <= pages else None) for left, right in sides]


def impose(pdf: bytes, sheet_mm: tuple[float, float], title: str = "",
           margin_mm: float = PRINTABLE_MARGIN_MM) -> bytes:
    """The pages of ``pdf`` (each cut to its TrimBox, and to ``margin_mm`` inside the paper's edges) imposed
    two per side of landscape ``sheet_mm`` sheets."""
    src = pikepdf.open(io.BytesIO(pdf))
    out = pikepdf.new()
    sheet_w, sheet_h = max(sheet_mm) * MM, min(sheet_mm) * MM
    margin = margin_mm * MM
    forms = []
    for page in src.pages:
        trim = [float(v) for v in page.obj.get("/TrimBox", page.mediabox)]
        forms.append((out.copy_foreign(page.as_form_xobject()), trim))
    for left, right in booklet_order(len(src.pages)):
        sheet = out.add_blank_page(page_size=(sheet_w, sheet_h))
        xobjects = pikepdf.Dictionary()
        ops = []
        for half, number in ((0, left), (1, right)):
            if number is None:
                continue
            form, (x0, y0, x1, y1) = forms[number - 1]
            w, h = x1 - x0, y1 - y0
            px, py = (sheet_w / 2 - w if half == 0 else sheet_w / 2), (sheet_h - h) / 2  # against the fold
            name = f"/P{number}"
            xobjects[name] = form
            cx0, cy0 = max(px, margin), max(py, margin)  # the printable part of the page's trim
            cx1, cy1 = min(px + w, sheet_w - margin), min(py + h, sheet_h - margin)
            ops.append(f"q {cx0:.4f} {cy0:.4f} {cx1 - cx0:.4f} {cy1 - cy0:.4f} re W n "
                       f"1 0 0 1 {px - x0:.4f} {py - y0:.4f} cm {name} Do Q")
        sheet.obj.Resources = pikepdf.Dictionary(XObject=xobjects)
        sheet.obj.Contents = out.make_stream("\n".join(ops).encode("ascii"))
        box = pikepdf.Array([0, 0, round(sheet_w, 4), round(sheet_h, 4)])
        sheet.obj.TrimBox = box
        sheet.obj.BleedBox = box
    if title:
        out.docinfo["/Title"] = title
    out.docinfo["/Creator"] = "deckgen"
    buffer = io.BytesIO()
    out.save(buffer, deterministic_id=True, compress_streams=True)
    return buffer.getvalue()
