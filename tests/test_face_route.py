"""The face-to-PDF route (issue 36): librsvg in-process where it draws as cairosvg does, cairosvg elsewhere.

Planted SVGs with glyph outlines, gradients, clip paths and references are drawn by the chosen route and
compared with cairosvg's PDF at 300 dpi by tests/pixelmatch.py; SVGs with what librsvg draws differently
(text, pictures) go to cairosvg, and so does everything when librsvg is missing.  The per-design comparison
of the bundled games is marked slow.
"""

from __future__ import annotations

import ctypes
import io
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import cairosvg
import pikepdf
import pytest

from deckgen.render import face_route, librsvg, vector
from deckgen.render.raster import DrawingError
from deckgen.text.fonts import Font
from deckgen.text.svg import glyph_path, wrap_group
from pixelmatch import compare, pdf_page_pixels

ROOT = Path(__file__).resolve().parent.parent

needs_librsvg = pytest.mark.skipif(not librsvg.available() and not os.environ.get("CI"),
                                   reason="librsvg (Debian librsvg2-2) is not installed here; .ci/run installs it")


def words(text: str, x: float, y: float, size: float, fill: str = "#222") -> str:
    """``text`` as glyph outlines, as deckgen's text layout emits them."""
    font = Font(ROOT / "fonts" / "PTS55F.ttf")
    scale = size / font.upem
    parts = []
    for char in text:
        glyph = font.glyph(char)
        assert glyph is not None
        if font.outline(glyph):
            parts.append(glyph_path(font.outline(glyph), x, y, scale))
        x += font.advance(glyph) * size
    return wrap_group(parts, fill)


def face(body: str, width: float = 40.0, height: float = 25.0) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
            f'viewBox="0 0 {width} {height}" preserveAspectRatio="none">{body}</svg>')


CARD = face(
    '<defs><linearGradient id="band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b07a22"/>'
    '<stop offset="1" stop-color="#6f4a12"/></linearGradient>'
    '<radialGradient id="paper" cx="0.5" cy="0.45" r="0.7"><stop offset="0" stop-color="#f6f1e5"/>'
    '<stop offset="1" stop-color="#d9c8a0"/></radialGradient>'
    '<clipPath id="top"><rect x="0" y="0" width="40" height="9"/></clipPath></defs>'
    '<rect width="40" height="25" fill="url(#paper)"/>'
    '<circle cx="20" cy="9" r="12" fill="url(#band)" clip-path="url(#top)"/>'
    '<line x1="2" y1="12" x2="38" y2="12" stroke="#553311" stroke-width="0.3" stroke-dasharray="1 0.5"/>'
    '<ellipse cx="33" cy="19" rx="4" ry="2.5" fill="none" stroke="#225" stroke-width="0.4" opacity="0.7"/>'
    + words("Archeon 42: Quay", 2.5, 7, 4.2, "#fff") + words("Pay 3 gold, draw a card.", 2.5, 18, 2.6))

SHAPES = face(
    '<polygon points="6,2 10,10 2,10" fill="#a22"/><polygon points="18,2 22,10 14,10" fill="#a22" '
    'fill-opacity="0.6" stroke="#400" stroke-width="0.3"/>'
    '<path d="M0 0 H6 V1 H0 Z" transform="translate(26 5) rotate(20)" fill="#247"/>'
    '<polyline points="2,20 10,14 18,22 26,15 38,21" fill="none" stroke="#111" stroke-width="0.5" '
    'stroke-linejoin="round"/>' + words("polygon, polyline", 4, 13, 3))


def media_box(pdf: bytes) -> list[float]:
    with pikepdf.open(io.BytesIO(pdf)) as document:
        return [round(float(v), 3) for v in document.pages[0].mediabox]


def same_page(pdf: bytes, reference: bytes):
    return compare(pdf_page_pixels(reference, 1, 300), pdf_page_pixels(pdf, 1, 300))


@needs_librsvg
@pytest.mark.parametrize("svg", [CARD, SHAPES], ids=["text-gradients-clip", "polygon-polyline"])
def test_librsvg_draws_a_face_with_text_as_cairosvg_does(svg):
    assert face_route.route(svg) == "librsvg"
    pdf = face_route.draw_pdf(svg)
    assert b"/CreationDate (20000101" in pdf  # librsvg's PDF, not cairosvg's
    match = same_page(pdf, cairosvg.svg2pdf(bytestring=svg.encode(), unsafe=False))
    assert match.ok, str(match)


@needs_librsvg
def test_the_page_has_cairosvgs_size_whatever_the_unit():
    for svg in (CARD, '<svg xmlns="http://www.w3.org/2000/svg" width="150" height="90"><rect width="9" height="9"/></svg>',
                '<svg xmlns="http://www.w3.org/2000/svg" width="2in" height="1.5in"><rect width="9" height="9"/></svg>'):
        ours, theirs = (media_box(pdf) for pdf in
                        (face_route.draw_pdf(svg), cairosvg.svg2pdf(bytestring=svg.encode(), unsafe=False)))
        assert ours == theirs


@needs_librsvg
def test_same_svg_same_bytes():
    first = face_route.draw_pdf(CARD)
    assert face_route.draw_pdf(CARD) == first
    assert b"/CreationDate (20000101" in first  # no clock in the file


@needs_librsvg
def test_vector_svg_to_pdf_takes_the_route():
    svg = CARD.replace("Quay", "Quays")  # not drawn before in this process
    assert b"/CreationDate (20000101" in vector.svg_to_pdf(svg)


@pytest.mark.parametrize("extra", [
    '<text x="2" y="20" font-size="4">raw</text>',
    '<image x="0" y="0" width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="/>',
    '<filter id="f"><feGaussianBlur stdDeviation="1"/></filter>',
    '<mask id="m"><rect width="4" height="4" fill="#fff"/></mask>',
    '<style>rect { fill: red }</style>',
    '<rect width="4" height="4" style="mix-blend-mode: multiply"/>',
    '<symbol id="s"><rect width="4" height="4"/></symbol><use href="#s"/>',
    '<clipPath id="c"><rect width="4" height="4" clip-path="url(#c)"/></clipPath>',
])
def test_what_librsvg_draws_otherwise_goes_to_cairosvg(extra):
    assert face_route.route(face(extra)) == "cairosvg"
    assert face_route.route(face('<rect width="4" height="4"/>')) in ("librsvg", "cairosvg")


def test_an_svg_without_its_own_size_falls_back_to_cairosvg(monkeypatch):
    calls = []
    real = cairosvg.svg2pdf
    monkeypatch.setattr(cairosvg, "svg2pdf", lambda **kw: calls.append(1) or real(**kw))
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5"/></svg>'
    assert librsvg.svg_to_pdf(svg.encode()) is None
    assert face_route.draw_pdf(svg).startswith(b"%PDF")
    assert calls == [1]


def test_fallback_to_cairosvg_when_librsvg_is_missing(monkeypatch):
    def missing(name, *args, **kwargs):
        raise OSError(f"{name}: cannot open shared object file")

    calls = []
    real = cairosvg.svg2pdf
    monkeypatch.setattr(cairosvg, "svg2pdf", lambda **kw: calls.append(1) or real(**kw))
    monkeypatch.setattr(ctypes, "CDLL", missing)
    librsvg._libraries.cache_clear()
    try:
        assert not librsvg.available()
        assert face_route.route(CARD) == "cairosvg"
        assert librsvg.svg_to_pdf(CARD.encode()) is None
        assert face_route.draw_pdf(CARD).startswith(b"%PDF")
        assert calls == [1]
    finally:
        monkeypatch.undo()
        librsvg._libraries.cache_clear()


def test_the_environment_can_force_cairosvg(monkeypatch):
    monkeypatch.setenv(face_route.ROUTE_VARIABLE, "cairosvg")
    assert face_route.route(CARD) == "cairosvg"


@pytest.mark.parametrize("svg", [
    '<svg xmlns="http://www.w3.org/2000/svg" width="1mm" height="1mm"><rect width="x"',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><clipPath id="c" clip-path="url(#c)">'
    '<rect width="5" height="5"/></clipPath><rect width="9" height="9" clip-path="url(#c)"/></svg>',
], ids=["unclosed", "clip-path-loop"])
def test_a_face_cairosvg_cannot_draw_is_still_a_drawing_error(svg):
    with pytest.raises(DrawingError):
        vector.svg_to_pdf(svg)


def _draw_in_child(svg: str) -> bytes:
    return face_route.draw_pdf(svg)


@needs_librsvg
def test_a_forked_worker_draws_after_the_parent_did():
    parent = face_route.draw_pdf(SHAPES)
    with ProcessPoolExecutor(max_workers=1) as pool:
        assert pool.submit(_draw_in_child, SHAPES).result(timeout=60) == parent


def sampled_faces(game: str) -> list[str]:
    """About eight of the distinct faces of ``game``'s design in English, as the build renders them."""
    from deckgen.build import render_targets
    from deckgen.loader import load_project

    project = load_project(ROOT, only=[game])
    faces = sorted({svg for t in render_targets(project, [game], ("en",)) for svg in t.svgs.values()})
    assert faces
    return faces[:: max(1, len(faces) // 8)]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["archeon", "classic", "gladbach", "pazaak"])
def test_bundled_design_faces_drawn_by_the_route_match_cairosvg(game):
    for svg in sampled_faces(game):
        assert face_route.route(svg) == "librsvg"
        match = same_page(face_route.draw_pdf(svg), cairosvg.svg2pdf(bytestring=svg.encode(), unsafe=False))
        assert match.ok, f"{game}: {match}"


STARS = face('<rect width="40" height="25" fill="#0b0f22"/><g fill="#dfe6ff" stroke-opacity="0.5">'
             + "".join(f'<circle cx="{2 + i * 1.9:.1f}" cy="{3 + (i * 7) % 19}" r="0.6" opacity="0.{3 + i % 6}"/>'
                       for i in range(20))
             + '</g><rect x="5" y="5" width="12" height="8" fill="#c84" stroke="#fff" stroke-width="1" '
               'opacity="0.6"/><g opacity="0.5"><circle cx="30" cy="12" r="5" fill="#8fd0f0"/></g>')


def form_count(pdf: bytes) -> int:
    with pikepdf.open(io.BytesIO(pdf)) as document:
        return sum(1 for o in document.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form")


@needs_librsvg
def test_translucent_shapes_are_drawn_as_cairosvg_draws_them_without_a_form_each():
    pdf, theirs = face_route.draw_pdf(STARS), cairosvg.svg2pdf(bytestring=STARS.encode(), unsafe=False)
    assert b"/CreationDate (20000101" in pdf
    assert form_count(pdf) <= form_count(theirs) + 1  # librsvg alone makes a transparency group per dot
    assert form_count(librsvg.svg_to_pdf(STARS.encode()) or b"") >= 20
    match = same_page(pdf, theirs)
    assert match.ok, str(match)


def test_a_shapes_opacity_is_folded_into_the_paint_it_inherits():
    from deckgen.render.opacity_fold import fold_leaf_opacity

    svg = ('<svg><g fill-opacity="0.5"><circle r="1" opacity="0.5"/><rect width="1" height="1" '
           'stroke-opacity="0.8" opacity="0.5"/></g><g opacity="0.5"><path d="M0 0"/></g></svg>')
    folded = fold_leaf_opacity(svg)
    assert '<circle r="1" fill-opacity="0.25" stroke-opacity="0.5"/>' in folded
    assert '<rect width="1" height="1" fill-opacity="0.25" stroke-opacity="0.4"/>' in folded
    assert '<g opacity="0.5"><path d="M0 0"/></g>' in folded  # a group keeps its own (drawn as a group)
    styled = svg.replace('<path d="M0 0"/>', '<path style="opacity: 0.3" d="M0 0"/>')
    assert fold_leaf_opacity(styled) == styled
