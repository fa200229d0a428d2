"""Read geometry back from PDFs for tests: image placements, stroked lines, boxes.

A tiny content-stream interpreter over pypdf's operations that tracks the
graphics state (q/Q/cm) and records where images are drawn (Do) and which
line segments are stroked (m/l ... S).  Units: millimetres.
"""

from __future__ import annotations

from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

PT = 25.4 / 72


@dataclass
class Placement:
    name: str
    x: float
    y: float
    w: float
    h: float
    px_w: int
    px_h: int


def _mul(a, b):
    a1, b1, c1, d1, e1, f1 = a
    a2, b2, c2, d2, e2, f2 = b
    return (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2,
            e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2)


def _apply(m, x, y):
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def page_ops(reader: PdfReader, index: int):
    page = reader.pages[index]
    content = ContentStream(page.get_contents(), reader)
    return page, content.operations


def painting_ops(ops):
    """The operators of a content stream with the transformation matrix in force at each:
    (operator, operands, ctm) for everything but q, Q and cm, which it follows itself."""
    ctm = (1, 0, 0, 1, 0, 0)
    stack = []
    for operands, op in ops:
        op = op.decode() if isinstance(op, bytes) else op
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        else:
            yield op, operands, ctm


def images_and_lines(reader: PdfReader, index: int):
    """(image placements, stroked line segments) on page ``index``, in mm."""
    page, ops = page_ops(reader, index)
    xobjects = page["/Resources"].get("/XObject", {})
    path = []
    current = None
    images, lines = [], []
    for op, operands, ctm in painting_ops(ops):
        if op == "Do":
            name = str(operands[0])
            xo = xobjects[name].get_object()
            x0, y0 = _apply(ctm, 0, 0)
            x1, y1 = _apply(ctm, 1, 1)
            images.append(Placement(name, x0 * PT, y0 * PT, (x1 - x0) * PT, (y1 - y0) * PT,
                                    int(xo["/Width"]), int(xo["/Height"])))
        elif op == "m":
            current = _apply(ctm, float(operands[0]), float(operands[1]))
        elif op == "l":
            end = _apply(ctm, float(operands[0]), float(operands[1]))
            path.append((current, end))
            current = end
        elif op == "S":
            for (a, b) in path:
                lines.append((a[0] * PT, a[1] * PT, b[0] * PT, b[1] * PT))
            path = []
        elif op in ("n", "f", "B", "b", "f*"):
            path = []
    return images, lines


def box_mm(box) -> tuple[float, float, float, float]:
    return tuple(float(v) * PT for v in (box.left, box.bottom, box.right, box.top))


def fonts_embedded(reader: PdfReader) -> list[tuple[str, bool]]:
    """(font name, embedded?) for every font used on any page."""
    result = []
    for page in reader.pages:
        fonts = page["/Resources"].get("/Font", {})
        for _key, ref in fonts.items():
            font = ref.get_object()
            descs = [font]
            if "/DescendantFonts" in font:
                descs = [d.get_object() for d in font["/DescendantFonts"]]
            embedded = False
            for d in descs:
                fd = d.get("/FontDescriptor")
                if fd is not None:
                    fd = fd.get_object()
                    embedded = embedded or any(k in fd for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            result.append((str(font.get("/BaseFont")), embedded))
    return result


def clipped_images(reader: PdfReader, index: int):
    """[(image placement, clip rectangle (x0, y0, x1, y1) or None)] on page ``index``, in mm.

    The clip is the last ``re ... W n`` rectangle in force when the image is drawn (the sheets clip
    every card to the part of its bleed that shows).
    """
    page, ops = page_ops(reader, index)
    xobjects = page["/Resources"].get("/XObject", {})
    ctm = (1, 0, 0, 1, 0, 0)
    stack, rect, clip, pending = [], None, None, False
    found = []
    for operands, op in ops:
        op = op.decode() if isinstance(op, bytes) else op
        if op == "q":
            stack.append((ctm, clip))
        elif op == "Q":
            ctm, clip = stack.pop()
        elif op == "cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            (ax, ay), (bx, by) = _apply(ctm, x, y), _apply(ctm, x + w, y + h)
            rect = (min(ax, bx) * PT, min(ay, by) * PT, max(ax, bx) * PT, max(ay, by) * PT)
        elif op in ("W", "W*"):
            pending = True
        elif op == "n":
            if pending:
                clip, pending = rect, False
            rect = None
        elif op == "Do":
            name = str(operands[0])
            xo = xobjects[name].get_object()
            if xo.get("/Subtype") != "/Image":
                continue
            x0, y0 = _apply(ctm, 0, 0)
            x1, y1 = _apply(ctm, 1, 1)
            found.append((Placement(name, x0 * PT, y0 * PT, (x1 - x0) * PT, (y1 - y0) * PT,
                                    int(xo["/Width"]), int(xo["/Height"])), clip))
    return found


def filled_rects(reader: PdfReader, index: int):
    """Filled rectangles (``re ... f``) on page ``index`` as (x0, y0, x1, y1) in mm."""
    _page, ops = page_ops(reader, index)
    ctm = (1, 0, 0, 1, 0, 0)
    stack, rects, found = [], [], []
    for operands, op in ops:
        op = op.decode() if isinstance(op, bytes) else op
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            (ax, ay), (bx, by) = _apply(ctm, x, y), _apply(ctm, x + w, y + h)
            rects.append((min(ax, bx) * PT, min(ay, by) * PT, max(ax, bx) * PT, max(ay, by) * PT))
        elif op in ("f", "F", "f*", "B", "b"):
            found += rects
            rects = []
        elif op in ("n", "S", "W", "W*"):
            if op != "W" and op != "W*":
                rects = []
    return found
