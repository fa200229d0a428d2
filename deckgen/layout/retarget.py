"""Layout boxes moved from the card size they were designed at to a print shop's trim.

A print shop may cut the cards at another size than the design's (MeinSpiel's
59×91 mm for a 63.5×88.9 mm poker design).  Scaling every box by the ratio of
the sizes would squeeze the margins too: a frame 3.6 mm inside the trim would
come to 3.3 mm and fail the cut-safe rules.  Instead each axis keeps a band
along both edges (``EDGE_BAND`` mm) exactly as designed — frames, corner
indices and their gaps stay where the cut-safe rules want them — and only the
middle of the card stretches or shrinks to take up the difference.
"""

from __future__ import annotations

#: Millimetres along each edge that keep their designed distance from the trim.
EDGE_BAND = 8.0


def retarget(u: float, design: float, actual: float, band: float = EDGE_BAND,
             bleed: tuple[float, float] | None = None) -> float:
    """Where the coordinate ``u`` (mm from the leading edge of a ``design`` mm span) goes on ``actual`` mm.

    Within ``band`` of either edge it keeps its distance from that edge; between the bands it is
    spread linearly.  Outside the trim it stays in the bleed: with ``bleed`` (the design's bleed,
    the shop's) its distance into the bleed is scaled by their ratio, so art reaching the design's
    bleed edge reaches the shop's; without, it keeps its distance from the nearer edge.
    """
    scale = bleed[1] / bleed[0] if bleed and bleed[0] > 0 else 1.0
    if design == actual and scale == 1.0:
        return u  # exactly: actual + (u - design) may differ from u in the last bit
    if u < 0 or u > design:
        return u * scale if u < 0 else actual + (u - design) * scale
    band = min(band, design / 4, actual / 4)
    if u <= band:
        return u
    if u >= design - band:
        return actual - (design - u)
    return band + (u - band) * (actual - 2 * band) / (design - 2 * band)


def retarget_box(box: tuple[float, float, float, float], design: tuple[float, float],
                 actual: tuple[float, float], bleed: tuple[float, float] | None = None
                 ) -> tuple[float, float, float, float]:
    """``box`` (x, y, width, height in mm from the trim's top-left) at the ``actual`` trim size
    (``bleed``: the design's bleed and the shop's, see :func:`retarget`)."""
    x, y, w, h = box
    x0, x1 = (retarget(v, design[0], actual[0], bleed=bleed) for v in (x, x + w))
    y0, y1 = (retarget(v, design[1], actual[1], bleed=bleed) for v in (y, y + h))
    return x0, y0, x1 - x0, y1 - y0
