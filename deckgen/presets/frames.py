"""Frame lines kept out of a print shop's safe zone: the edge of the layout moved inwards where the shop asks for
more room than the design.

A design keeps its frames 3.5 mm inside the trim (the cut-safe rules of
:mod:`deckgen.checks.cutsafe`), which suits a 3 mm safe zone.  MeinSpiel
wants nothing within 4 mm of the cut: there a frame's ink sits inside the
shop's no-go band, and a 1 mm drift shows it as 2.5 mm on one side and
4.5 mm on the other.  When a deck is drawn at a shop's size and a layout
box whose role is ``frame`` (style.yaml ``roles:``) comes closer to the cut
than the shop's safe zone, the edge of the layout on that side moves in:
every box edge from the frame's line inwards to ``EDGE_BAND`` mm moves by
the same amount and the middle of the card is spread between the moved
bands, so the frame's ink ends ``FRAME_GAP_MM`` inside the safe zone and
what sits near the frame keeps (nearly) its distance to it.  What lies nearer the cut (a background reaching the bleed) and
the middle of the card stay.  A frame that bleeds off (its box beyond the
trim) needs nothing.  Boxes are moved in the design's millimetres: the
retargeting of :mod:`deckgen.layout.retarget` keeps edge margins as they
are, so the margin given is the margin printed.
"""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.layout.retarget import EDGE_BAND, retarget_box
from deckgen.model import CardSize

#: How far inside the shop's safe zone a frame's ink is moved to (mm).
FRAME_GAP_MM = 0.1
#: The stroke assumed for a frame without a stroke of its own (mm).
DEFAULT_STROKE_MM = 0.5


def _frames(style: Mapping[str, Any]) -> dict[str, float]:
    """The style's frame boxes and their strokes (the role's ``stroke``, else the NAME_width value)."""
    roles = style.get("roles") or {}
    values = style.get("values") or {}
    boxes = style.get("boxes") or {}
    frames = {}
    for name, role in roles.items():
        kind = role.get("role") if isinstance(role, Mapping) else role
        if kind != "frame" or name not in boxes:
            continue
        stroke = role.get("stroke") if isinstance(role, Mapping) else None
        frames[name] = float(stroke if stroke is not None else
                             values.get(f"{name.replace('-', '_')}_width", DEFAULT_STROKE_MM))
    return frames


def edge_shifts(style: Mapping[str, Any], design: CardSize, shop: CardSize) -> tuple[dict[str, float],
                                                                                        dict[str, float]]:
    """(how far each side's layout edge moves in, mm: left, top, right, bottom; from where, mm from the cut)."""
    boxes = style.get("boxes") or {}
    shift = {"left": 0.0, "top": 0.0, "right": 0.0, "bottom": 0.0}
    start = {side: EDGE_BAND for side in shift}
    for name, stroke in _frames(style).items():
        x, y, w, h = (float(v) for v in boxes[name])
        if x < 0 or y < 0 or x + w > design.width or y + h > design.height:
            continue  # it bleeds off (or belongs to a deck of another size): no line to see drift
        sx, sy, sw, sh = retarget_box((x, y, w, h), (design.width, design.height), (shop.width, shop.height))
        printed = {"left": sx, "top": sy, "right": shop.width - sx - sw, "bottom": shop.height - sy - sh}
        designed = {"left": x, "top": y, "right": design.width - x - w, "bottom": design.height - y - h}
        for side, margin in printed.items():
            if margin - stroke / 2 < shop.safe and designed[side] < EDGE_BAND:
                shift[side] = max(shift[side], shop.safe + FRAME_GAP_MM + stroke / 2 - margin)
                start[side] = min(start[side], designed[side])
    return shift, start


def frames_out_of_safe_zone(style: Mapping[str, Any], design: CardSize, shop: CardSize,
                            faces: list[frozenset[str]] | None = None) -> dict[str, Any]:
    """The boxes of ``style`` that move so its frames clear ``shop``'s safe zone (name -> new box; {}: none).

    ``faces`` are the boxes each template of the deck names: a face's edge
    moves for the frames it draws only (a back's frame moves nothing on the
    front).  Without it the whole style is one face.
    """
    boxes = dict(style.get("boxes") or {})
    moved: dict[str, list[float]] = {}
    for names in faces if faces is not None else [frozenset(boxes)]:
        own = {**style, "boxes": {k: v for k, v in boxes.items() if k in names}}
        shift, start = edge_shifts(own, design, shop)
        if not any(shift.values()):
            continue
        for name, box in own["boxes"].items():
            x, y, w, h = (float(v) for v in box)
            x0, x1 = _axis(x, w, design.width, shift["left"], start["left"], shift["right"], start["right"])
            y0, y1 = _axis(y, h, design.height, shift["top"], start["top"], shift["bottom"], start["bottom"])
            new = [round(x0, 4), round(y0, 4), round(x1 - x0, 4), round(y1 - y0, 4)]
            if new != [x, y, w, h] and new[2] > 0 and new[3] > 0 and name not in moved:
                moved[name] = new
    return moved


def _axis(pos: float, size: float, span: float, by_low: float, start_low: float, by_high: float,
          start_high: float) -> tuple[float, float]:
    """A box's two edges along one axis, each moved by :func:`_moved`."""
    return (_moved(pos, span, by_low, start_low, by_high, start_high),
            _moved(pos + size, span, by_low, start_low, by_high, start_high))


def _moved(u: float, span: float, by_low: float, start_low: float, by_high: float, start_high: float) -> float:
    """Where the coordinate ``u`` of a ``span`` mm axis goes: from the frame's line (``start``) to EDGE_BAND
    in from each edge it moves in by that edge's shift; the middle is spread between the moved bands (so
    what sits next to a moved element keeps nearly its distance); nearer the cut it stays."""
    band = min(EDGE_BAND, span / 4)
    if u < start_low - 1e-9 or u > span - start_high + 1e-9:
        return u
    if u <= band:
        return u + by_low
    if u >= span - band:
        return u - by_high
    lo, hi = band + by_low, span - band - by_high
    return lo + (u - band) * (hi - lo) / (span - 2 * band)


def with_boxes(style: Mapping[str, Any], boxes: Mapping[str, Any]) -> dict[str, Any]:
    """``style`` with ``boxes`` put over its own (the style itself when there are none)."""
    if not boxes:
        return dict(style)
    return {**style, "boxes": {**(style.get("boxes") or {}), **boxes}}


def merged(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``over`` put over ``base``, mappings merged key by key (a deck's style over its game's, as faces see it)."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merged(out[key], value)
        else:
            out[key] = value
    return out
