"""librsvg, called in-process: an SVG drawn into a one-page PDF, or into pixels, by the system's librsvg and cairo.

librsvg (Debian ``librsvg2-2``, the library behind ``rsvg-convert``) parses
and draws in native code, several times faster than cairosvg's Python on
faces full of glyph outlines.  It is reached through :mod:`ctypes`, with
cairo's PDF surface created through the same system ``libcairo.so.2`` that
librsvg draws with (by their Linux sonames, so that both are the one
library; elsewhere this route is not used).  :func:`available` says whether
both libraries load here;
:func:`svg_to_pdf` returns None for an SVG librsvg will not draw (no size of
its own, a parse error), so that the caller can fall back to cairosvg;
:func:`svg_to_rgb` draws the SVG onto white pixels of a given size, as the
raster build does.

The page is sized as cairosvg sizes it (the SVG's width and height at 96
pixels per inch, in points), and the file carries a fixed creation date, so
the same SVG gives the same bytes.  No base URL is given, so librsvg loads
nothing outside the SVG; its default limits on XML and references apply.
"""

from __future__ import annotations

import ctypes
import sys
from functools import lru_cache
from typing import Any, Callable

#: librsvg measures lengths at this many pixels per inch, as cairosvg does; PDF points are 1/72 inch.
PIXELS_PER_INCH = 96.0
POINTS_PER_PIXEL = 72.0 / PIXELS_PER_INCH
#: The creation date written into every PDF (cairo would write the current time).
FIXED_DATE = b"2000-01-01T00:00:00Z"
_CAIRO_PDF_METADATA_CREATE_DATE = 5  # cairo_pdf_metadata_t: TITLE, AUTHOR, SUBJECT, KEYWORDS, CREATOR, CREATE_DATE
_CAIRO_STATUS_SUCCESS = 0
_CAIRO_FORMAT_RGB24 = 1  # cairo_format_t: ARGB32 0, RGB24 1 (32 bits a pixel, the top byte unused)


class _GError(ctypes.Structure):
    _fields_ = [("domain", ctypes.c_uint32), ("code", ctypes.c_int), ("message", ctypes.c_char_p)]


class _Rectangle(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double),
                ("width", ctypes.c_double), ("height", ctypes.c_double)]


_WRITE = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(ctypes.c_ubyte), ctypes.c_uint)
_ErrorOut = ctypes.POINTER(ctypes.POINTER(_GError))


class _Libraries:
    """The three system libraries, with the signatures of the functions used."""

    def __init__(self) -> None:
        if not sys.platform.startswith("linux"):
            raise OSError("librsvg is used on Linux only")
        self.rsvg = ctypes.CDLL("librsvg-2.so.2")
        # by its soname, the very library librsvg was loaded with, so a cairo_t passes from one to the other
        self.cairo = ctypes.CDLL("libcairo.so.2")
        self.gobject = ctypes.CDLL("libgobject-2.0.so.0")
        self.glib = ctypes.CDLL("libglib-2.0.so.0")
        p, d = ctypes.c_void_p, ctypes.c_double
        self._sign(self.rsvg, "rsvg_handle_new_from_data", p, [ctypes.c_char_p, ctypes.c_size_t, _ErrorOut])
        self._sign(self.rsvg, "rsvg_handle_set_dpi", None, [p, d])
        self._sign(self.rsvg, "rsvg_handle_get_intrinsic_size_in_pixels", ctypes.c_int,
                   [p, ctypes.POINTER(d), ctypes.POINTER(d)])
        self._sign(self.rsvg, "rsvg_handle_render_document", ctypes.c_int,
                   [p, p, ctypes.POINTER(_Rectangle), _ErrorOut])
        self._sign(self.gobject, "g_object_unref", None, [p])
        self._sign(self.glib, "g_error_free", None, [ctypes.POINTER(_GError)])
        self._sign(self.cairo, "cairo_pdf_surface_create_for_stream", p, [_WRITE, p, d, d])
        self._sign(self.cairo, "cairo_pdf_surface_set_metadata", None, [p, ctypes.c_int, ctypes.c_char_p])
        self._sign(self.cairo, "cairo_surface_finish", None, [p])
        self._sign(self.cairo, "cairo_surface_status", ctypes.c_int, [p])
        self._sign(self.cairo, "cairo_surface_destroy", None, [p])
        self._sign(self.cairo, "cairo_create", p, [p])
        self._sign(self.cairo, "cairo_scale", None, [p, d, d])
        self._sign(self.cairo, "cairo_status", ctypes.c_int, [p])
        self._sign(self.cairo, "cairo_destroy", None, [p])
        self._sign(self.cairo, "cairo_image_surface_create", p, [ctypes.c_int, ctypes.c_int, ctypes.c_int])
        self._sign(self.cairo, "cairo_image_surface_get_data", ctypes.c_void_p, [p])
        self._sign(self.cairo, "cairo_image_surface_get_stride", ctypes.c_int, [p])
        self._sign(self.cairo, "cairo_surface_flush", None, [p])
        self._sign(self.cairo, "cairo_set_source_rgb", None, [p, d, d, d])
        self._sign(self.cairo, "cairo_paint", None, [p])

    @staticmethod
    def _sign(lib: Any, name: str, restype: Any, argtypes: list) -> None:
        function = getattr(lib, name)  # AttributeError: a library too old to have it
        function.restype, function.argtypes = restype, argtypes


@lru_cache(maxsize=1)
def _libraries() -> _Libraries | None:
    try:
        return _Libraries()
    except (OSError, AttributeError):
        return None


@lru_cache(maxsize=1)
def version() -> str:
    """The loaded librsvg's version ("2.54.7"), or "" when it is missing here."""
    libs = _libraries()
    if libs is None:
        return ""
    try:
        parts = [ctypes.c_uint.in_dll(libs.rsvg, f"rsvg_{part}_version").value for part in ("major", "minor", "micro")]
    except ValueError:  # a librsvg without the exported numbers
        return "unknown"
    return ".".join(map(str, parts))


def available() -> bool:
    """Whether librsvg (2.52 or later) and cairo load in this process (on Linux)."""
    return _libraries() is not None


def svg_to_pdf(svg: bytes) -> bytes | None:
    """``svg`` drawn by librsvg onto a one-page PDF of its own size; None when librsvg is missing here, cannot
    parse the SVG, finds no absolute width and height in it, or fails to draw it."""
    return _parsed(svg, _draw)


def svg_to_rgb(svg: bytes, width_px: int, height_px: int) -> bytes | None:
    """``svg`` drawn by librsvg onto white, fitted into ``width_px`` x ``height_px`` pixels as cairosvg fits
    it (the SVG's viewBox and preserveAspectRatio), as 8-bit RGB rows; None where :func:`svg_to_pdf` gives
    None."""
    if width_px <= 0 or height_px <= 0:
        return None
    return _parsed(svg, lambda libs, handle, _w, _h: _paint(libs, handle, width_px, height_px))


def _parsed(svg: bytes, use: Callable[[_Libraries, int, float, float], bytes | None]) -> bytes | None:
    """``use(libs, handle, width, height)`` on ``svg`` parsed by librsvg (its own size in pixels); None when
    librsvg is missing here, cannot parse the SVG or finds no absolute width and height in it."""
    libs = _libraries()
    if libs is None:
        return None
    error = ctypes.POINTER(_GError)()
    handle = libs.rsvg.rsvg_handle_new_from_data(svg, len(svg), ctypes.byref(error))
    if not handle:
        _free(libs, error)
        return None
    try:
        libs.rsvg.rsvg_handle_set_dpi(handle, PIXELS_PER_INCH)
        width, height = ctypes.c_double(), ctypes.c_double()
        if not libs.rsvg.rsvg_handle_get_intrinsic_size_in_pixels(handle, ctypes.byref(width), ctypes.byref(height)):
            return None
        if not (width.value > 0 and height.value > 0):
            return None
        return use(libs, handle, width.value, height.value)
    finally:
        libs.gobject.g_object_unref(handle)


def _render(libs: _Libraries, handle: int, context: int, width: float, height: float) -> bool:
    """Draw the parsed ``handle`` into a ``width`` x ``height`` viewport of the cairo ``context``; whether
    librsvg and cairo both succeeded."""
    error = ctypes.POINTER(_GError)()
    viewport = _Rectangle(0.0, 0.0, width, height)
    drawn = libs.rsvg.rsvg_handle_render_document(handle, context, ctypes.byref(viewport), ctypes.byref(error))
    _free(libs, error)
    return bool(drawn) and libs.cairo.cairo_status(context) == _CAIRO_STATUS_SUCCESS


def _draw(libs: _Libraries, handle: int, width: float, height: float) -> bytes | None:
    """The PDF of the parsed ``handle``, a page of ``width`` x ``height`` pixels."""
    chunks: list[bytes] = []

    def write(_closure: int, data: Any, length: int) -> int:
        chunks.append(ctypes.string_at(data, length))
        return _CAIRO_STATUS_SUCCESS

    writer = _WRITE(write)  # kept referenced until the surface is finished
    surface = libs.cairo.cairo_pdf_surface_create_for_stream(writer, None, width * POINTS_PER_PIXEL,
                                                              height * POINTS_PER_PIXEL)
    try:
        if libs.cairo.cairo_surface_status(surface) != _CAIRO_STATUS_SUCCESS:
            return None
        libs.cairo.cairo_pdf_surface_set_metadata(surface, _CAIRO_PDF_METADATA_CREATE_DATE, FIXED_DATE)
        context = libs.cairo.cairo_create(surface)
        try:
            libs.cairo.cairo_scale(context, POINTS_PER_PIXEL, POINTS_PER_PIXEL)
            if not _render(libs, handle, context, width, height):
                return None
        finally:
            libs.cairo.cairo_destroy(context)
        libs.cairo.cairo_surface_finish(surface)
        if libs.cairo.cairo_surface_status(surface) != _CAIRO_STATUS_SUCCESS:
            return None
    finally:
        libs.cairo.cairo_surface_destroy(surface)
    return b"".join(chunks)


def _paint(libs: _Libraries, handle: int, width_px: int, height_px: int) -> bytes | None:
    """The RGB pixels of the parsed ``handle`` drawn on white into ``width_px`` x ``height_px``."""
    surface = libs.cairo.cairo_image_surface_create(_CAIRO_FORMAT_RGB24, width_px, height_px)
    try:
        if libs.cairo.cairo_surface_status(surface) != _CAIRO_STATUS_SUCCESS:
            return None
        context = libs.cairo.cairo_create(surface)
        try:
            libs.cairo.cairo_set_source_rgb(context, 1.0, 1.0, 1.0)
            libs.cairo.cairo_paint(context)
            if not _render(libs, handle, context, float(width_px), float(height_px)):
                return None
        finally:
            libs.cairo.cairo_destroy(context)
        libs.cairo.cairo_surface_flush(surface)
        stride = libs.cairo.cairo_image_surface_get_stride(surface)
        data = ctypes.string_at(libs.cairo.cairo_image_surface_get_data(surface), stride * height_px)
    finally:
        libs.cairo.cairo_surface_destroy(surface)
    from PIL import Image  # Pillow comes with reportlab

    return Image.frombuffer("RGB", (width_px, height_px), data, "raw", "BGRX", stride, 1).tobytes()


def _free(libs: _Libraries, error: Any) -> None:
    if error:
        libs.glib.g_error_free(error)
