"""Read what a picture is before anything draws it: its kind and its size in pixels, from its header.

A picture (a project's art through ``picture()``, or a ``data:`` URI a
template writes) is opened with Pillow only far enough to read its format
and size: its pixels are never decoded here.  A PNG's chunks are also walked
to their end (Pillow's ``verify``, no decoding), so a truncated file is a
located problem and not a failure of the drawing process.  What cairosvg
would draw is decided as cairosvg decides it, by the bytes and not by the
declared media type: PNG, SVG (checked as a face), or any other picture
Pillow reads, of which only JPEG, GIF and WebP are accepted.
"""

from __future__ import annotations

import base64
import binascii
import io
import struct
import warnings
from dataclasses import dataclass
from urllib.parse import unquote_to_bytes

#: The raster formats a face may embed (Pillow's names).
RASTER_FORMATS = ("PNG", "JPEG", "GIF", "WEBP")


class PictureError(ValueError):
    """A picture that cannot be used; the message says why, in a designer's words."""


@dataclass(frozen=True)
class Raster:
    format: str
    width: int
    height: int

    @property
    def pixels(self) -> int:
        return self.width * self.height


def data_uri_bytes(uri: str) -> bytes:
    """The bytes a ``data:`` URI holds (base64 or percent-encoded)."""
    header, comma, payload = uri.strip()[5:].split("#", 1)[0].partition(",")  # a raw '#' starts the fragment
    if not comma:
        raise PictureError("a data: URI needs a comma before its data")
    if header.lower().rstrip().endswith(";base64"):
        try:
            return base64.b64decode("".join(payload.split()), validate=False)
        except (binascii.Error, ValueError) as exc:
            raise PictureError(f"its base64 data is broken ({exc})") from None
    return unquote_to_bytes(payload)


def is_svg(data: bytes) -> bool:
    """Would cairosvg read ``data`` as an SVG document (its own test, cairosvg/image.py)?"""
    return data.startswith((b"<svg ", b"<?xml", b"<!DOC")) or b"<svg" in data


def is_gzip(data: bytes) -> bool:
    return data.startswith(b"\x1f\x8b")


def raster_size(data: bytes, limit: int) -> Raster:
    """Format and size of a PNG, JPEG, GIF or WebP picture, read from its header (PNG: every chunk
    walked to the end); PictureError when it is none of these, broken, cut short or has more than
    ``limit`` pixels (limits.picture_pixels)."""
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=RASTER_FORMATS) as image:
                found = Raster(image.format, *image.size)
                if image.format == "PNG":
                    image.verify()  # chunk checksums to the end of the file; no pixel is decoded
    except Image.DecompressionBombError:  # Pillow refuses to read the size of a picture this large
        raise PictureError(too_large(f"more than {2 * (Image.MAX_IMAGE_PIXELS or 0)}", limit)) from None
    except Image.UnidentifiedImageError:
        raise PictureError("not a PNG, JPEG, GIF or WebP picture") from None
    except (OSError, SyntaxError, ValueError, EOFError, IndexError, KeyError, struct.error) as exc:
        raise PictureError(f"the picture is broken or cut short ({exc or type(exc).__name__})") from None
    if found.width <= 0 or found.height <= 0:
        raise PictureError("the picture has no pixels")
    if found.pixels > limit:
        raise PictureError(too_large(f"{found.width}×{found.height}", limit))
    return found


def too_large(size: str, limit: int) -> str:
    return (f"a picture of {size} pixels, more than the limit of {limit} pixels (limits.picture_pixels in "
            f"deckgen.yaml): make it smaller")

