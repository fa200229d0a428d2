"""The raster route: a face the face route gives to librsvg is rasterized by librsvg too, with cairosvg's pixels.

Planted faces (glyph outlines, gradients, clip paths, translucent shapes) are drawn onto white by both
renderers and compared by tests/pixelmatch.py; a face librsvg draws differently (text) and every face under
``DECKGEN_FACE_ROUTE=cairosvg`` or without librsvg is drawn by cairosvg; the raster cache keys say which
renderers drew them.  The per-design comparison of the bundled games is marked slow.
"""

from __future__ import annotations

import re
import zlib

import numpy as np
import pytest

from deckgen.render import face_route, librsvg, raster, store
from pixelmatch import compare
from test_face_route import CARD, SHAPES, STARS, needs_librsvg, sampled_faces


def pixels(rgb: bytes, width: int, height: int) -> np.ndarray:
    return np.frombuffer(rgb, np.uint8).reshape(height, width, 3)


def rasterized(svg: str, width: int, height: int) -> np.ndarray:
    return pixels(zlib.decompress(raster.rasterize(svg, width, height).flate_rgb), width, height)


@needs_librsvg
@pytest.mark.parametrize("svg", [CARD, SHAPES, STARS], ids=["glyphs-gradients-clip", "polygons", "translucent"])
@pytest.mark.parametrize("size", [(158, 98), (472, 295)], ids=["100dpi", "300dpi"])
def test_librsvg_rasterizes_a_face_as_cairosvg_does(svg, size):
    w, h = size
    assert face_route.route(svg) == "librsvg"
    ours = rasterized(svg, w, h)
    theirs = pixels(raster._cairosvg_pixels(svg, w, h), w, h)
    match = compare(theirs, ours)
    assert match.ok, match
    assert not np.array_equal(ours, pixels(b"\xff" * (w * h * 3), w, h))  # something was drawn


@needs_librsvg
def test_the_raster_is_drawn_by_librsvg_where_the_route_says_so(monkeypatch):
    calls = []
    real = librsvg.svg_to_rgb
    monkeypatch.setattr(librsvg, "svg_to_rgb", lambda *a: calls.append(1) or real(*a))
    monkeypatch.setattr(raster, "_cairosvg_pixels", lambda *a: pytest.fail("cairosvg drew a face librsvg draws"))
    rasterized(SHAPES, 80, 50)
    assert calls == [1]


def text_face() -> str:
    return CARD.replace("</svg>", '<text x="2" y="24" font-size="2">a text element</text></svg>')


@pytest.mark.parametrize("forced", [False, True], ids=["text-element", "forced-cairosvg"])
def test_cairosvg_rasterizes_what_the_route_gives_it(monkeypatch, forced):
    svg = CARD if forced else text_face()
    if forced:
        monkeypatch.setenv(face_route.ROUTE_VARIABLE, "cairosvg")
    monkeypatch.setattr(librsvg, "svg_to_rgb", lambda *a: pytest.fail("librsvg drew a face given to cairosvg"))
    assert face_route.route(svg) == "cairosvg"
    assert np.array_equal(rasterized(svg, 80, 50), pixels(raster._cairosvg_pixels(svg, 80, 50), 80, 50))


@needs_librsvg
def test_an_svg_librsvg_refuses_is_rasterized_by_cairosvg():
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5"/></svg>'
    assert face_route.route(svg) == "librsvg"
    assert librsvg.svg_to_rgb(svg.encode(), 20, 20) is None  # no size of its own
    assert np.array_equal(rasterized(svg, 20, 20), pixels(raster._cairosvg_pixels(svg, 20, 20), 20, 20))


def test_a_face_neither_can_draw_is_a_drawing_error():
    with pytest.raises(raster.DrawingError):
        raster.rasterize('<svg xmlns="http://www.w3.org/2000/svg" width="1mm" height="1mm"><rect width="x"', 10, 10)


@needs_librsvg
def test_the_raster_cache_key_changes_with_the_renderers(monkeypatch):
    auto = store.raster_key("<svg/>", 10, 10, store.renderer_id())
    assert librsvg.version() in store.renderer_id()
    monkeypatch.setenv(face_route.ROUTE_VARIABLE, "cairosvg")
    assert store.raster_key("<svg/>", 10, 10, store.renderer_id()) != auto


@pytest.mark.slow
@pytest.mark.parametrize("game", ["archeon", "classic", "gladbach", "pazaak"])
def test_bundled_design_faces_rasterized_by_the_route_match_cairosvg(game):
    for svg in sampled_faces(game):  # at 300 dpi
        assert face_route.route(svg) == "librsvg"
        width, height = re.search(r'width="([\d.]+)mm" height="([\d.]+)mm"', svg).groups()
        w, h = round(float(width) / 25.4 * 300), round(float(height) / 25.4 * 300)
        match = compare(pixels(raster._cairosvg_pixels(svg, w, h), w, h), rasterized(svg, w, h))
        assert match.ok, f"{game}: {match}"


class MemoryStore:
    """A raster store in memory (what RasterPool asks of deckgen.render.store.Store)."""

    def __init__(self):
        self.kept: dict[str, bytes] = {}

    def has_raster(self, key):
        return key in self.kept

    def raster_path(self, key):
        return None

    def keep_raster(self, key, data):
        self.kept[key] = data


def test_a_few_faces_are_drawn_here_and_more_start_the_pool():
    few = MemoryStore()
    small = raster.RasterPool(few, workers=2)
    pool = raster.RasterPool(MemoryStore(), workers=2)
    try:
        small.warm()
        for i in range(raster.POOL_THRESHOLD - 1):
            small.submit(SHAPES.replace("#a22", f"#a2{i}"), 40, 25, f"face{i}")
        assert small._pool is None  # fewer faces than the threshold: no processes started
        small.wait([f"face{i}" for i in range(raster.POOL_THRESHOLD - 1)])
        assert small.drawn == raster.POOL_THRESHOLD - 1 == len(few.kept)

        pool.submit(SHAPES, 40, 25, "first")
        pool.wait(["first"])  # drawn here while the pool had not started
        for i in range(raster.POOL_THRESHOLD):
            pool.submit(SHAPES.replace("#a22", f"#b2{i}"), 40, 25, f"face{i}")
        assert pool._pool is not None
        pool.wait(["first"] + [f"face{i}" for i in range(raster.POOL_THRESHOLD)])
        assert pool.drawn == raster.POOL_THRESHOLD + 1 == len(pool.store.kept)
        here = raster.rasterize(SHAPES.replace("#a22", "#b20"), 40, 25, key="face0")
        from deckgen.render.store import encode_raster

        assert pool.store.kept["face0"] == encode_raster(here.width, here.height, here.flate_rgb)
    finally:
        small.close()
        pool.close()
