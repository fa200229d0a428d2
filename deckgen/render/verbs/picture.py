"""The verb ``picture(path, x, y, w, h, ...)``: a PNG or JPEG of the project's art/ folder, embedded and clipped."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from deckgen.limits import DEFAULT as DEFAULT_LIMITS
from deckgen.render.verbs.face import Face

#: Print needs this resolution at the size a picture is placed; below it is a preflight warning.
MIN_PICTURE_PPI = 300
#: The project folder pictures are placed from (picture("art/NAME.png", ...)).
ART_DIR = "art"
PICTURE_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}


@dataclass
class PlacedPicture:
    svg: str
    problem: str | None = None
    warning: bool = False


def place_picture(root: Path, path: str, x: float, y: float, w: float, h: float, fit: str = "cover",
                  opacity: float = 1.0, max_pixels: int = DEFAULT_LIMITS.picture_pixels) -> PlacedPicture:
    """An ``<image>`` of the project file ``path`` (PNG or JPEG, inside the project), embedded, clipped
    to the box; a problem when it cannot be used (broken, cut short, more than ``max_pixels``), and a
    warning when it is below MIN_PICTURE_PPI at this size (``cover`` fills the box, cropping;
    ``contain`` shows it whole)."""
    import base64

    from deckgen.render.pictures import PictureError, raster_size

    from deckgen.boundary import stays_inside

    art = (Path(root) / ART_DIR).resolve()
    file = (Path(root) / path).resolve()
    if not stays_inside(art, root):
        return PlacedPicture("", f"picture {path!r}: the project's {ART_DIR}/ folder leads outside the project "
                                 f"(a symlink?): deckgen reads only inside it")
    if art not in file.parents:
        return PlacedPicture("", f"picture {path!r}: pictures live in the project's {ART_DIR}/ folder "
                                 f"(write {ART_DIR}/NAME.png)")
    if file.suffix.lower() not in PICTURE_TYPES:
        return PlacedPicture("", f"picture {path!r}: PNG or JPEG files only")
    if file.exists() and not file.is_file():  # a fifo or a device would hang or never end
        return PlacedPicture("", f"picture {path!r}: not a regular file")
    try:
        data = file.read_bytes()
        size = raster_size(data, max_pixels)  # from its header: its pixels are decoded only when drawn
        px_w, px_h = size.width, size.height
    except FileNotFoundError:
        return PlacedPicture("", f"picture {path!r}: no such file")
    except OSError as exc:
        return PlacedPicture("", f"picture {path!r}: not a readable image ({exc})")
    except PictureError as exc:
        return PlacedPicture("", f"picture {path!r}: {exc}")
    if fit not in ("cover", "contain") or w <= 0 or h <= 0:
        return PlacedPicture("", f"picture {path!r}: fit is cover or contain, and the box needs a size")
    scale = (max if fit == "cover" else min)(w / px_w, h / px_h)  # mm per pixel
    iw, ih = px_w * scale, px_h * scale
    ix, iy = x + (w - iw) / 2, y + (h - ih) / 2
    import hashlib

    clip = "pic" + hashlib.sha256(f"{path} {x} {y} {w} {h}".encode()).hexdigest()[:10]
    uri = f"data:{PICTURE_TYPES[file.suffix.lower()]};base64,{base64.b64encode(data).decode('ascii')}"
    svg = (f'<clipPath id="{clip}"><rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"/></clipPath>'
           f'<image x="{ix:.3f}" y="{iy:.3f}" width="{iw:.3f}" height="{ih:.3f}" href="{uri}" '
           f'preserveAspectRatio="none" clip-path="url(#{clip})" opacity="{opacity:g}"/>')
    ppi = 25.4 / scale
    if ppi < MIN_PICTURE_PPI - 0.5:
        return PlacedPicture(svg, f"picture {path!r} is {ppi:.0f} ppi at {w:g}×{h:g} mm: print needs "
                                  f"{MIN_PICTURE_PPI} ({int(-(-MIN_PICTURE_PPI * iw // 25.4))}×"
                                  f"{int(-(-MIN_PICTURE_PPI * ih // 25.4))} px or more)", warning=True)
    return PlacedPicture(svg)



def picture(face: Face, path: str, x: float, y: float, w: float, h: float, fit: str = "cover",
            opacity: float = 1.0) -> Markup:
    """The picture ``path`` (art/NAME.png or .jpg) in the box x, y, w, h (mm): ``cover`` fills it, cropping,
    ``contain`` shows it whole; below 300 ppi at that size is a preflight warning."""
    placed = place_picture(face.root, str(path), float(x), float(y), float(w), float(h), fit, float(opacity),
                           face.limits.picture_pixels)
    if placed.problem:
        # a resolution warning is the picture's, not the card's: one message per template line
        face.report(placed.problem, warning=placed.warning, about_face=not placed.warning)
    return Markup(placed.svg)
