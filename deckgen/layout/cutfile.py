"""Cut files for cutting machines: every card's cut path on a sheet, as SVG in millimetres.

``deckgen build --cut-file`` writes, beside each sheets PDF, one SVG per
sheet (``DECK-LANG-PAPER-cut-N.svg``): the paper's size, the trim of every
card on that sheet as a rounded rectangle (``--cut-radius``, 3 mm by
default; a round deck's tokens as circles), in the sheet's own frame
(origin top left, y down, as cutting software reads SVG), and — with a print-and-cut layout — the registration
marks in their own group, so the cut lines and the printed marks agree.
"""

from __future__ import annotations

from deckgen.layout.geometry import SheetPlan

DEFAULT_RADIUS_MM = 3.0


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def cut_svgs(plan: SheetPlan, cards: int, radius: float = DEFAULT_RADIUS_MM) -> list[str]:
    """One SVG per sheet holding ``cards`` cards in all: the cut paths of the cards on it."""
    per = plan.per_sheet
    sheets = max(1, -(-cards // per))
    ph = plan.paper_h
    r = max(0.0, min(radius, plan.card.width / 2, plan.card.height / 2))
    out = []
    for sheet in range(sheets):
        count = min(per, cards - sheet * per)
        lines = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(plan.paper_w)}mm" height="{_n(ph)}mm" '
                 f'viewBox="0 0 {_n(plan.paper_w)} {_n(ph)}">',
                 f'<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">']
        for slot in plan.front_slots(count)[:count]:
            t = slot.trim
            if plan.card.round:  # a token: the ellipse (circle) inscribed in its trim
                lines.append(f'<ellipse id="card-{sheet * per + slot.index + 1}" cx="{_n(t.x + t.w / 2)}" '
                             f'cy="{_n(ph - t.y - t.h / 2)}" rx="{_n(t.w / 2)}" ry="{_n(t.h / 2)}"/>')
                continue
            lines.append(f'<rect id="card-{sheet * per + slot.index + 1}" x="{_n(t.x)}" y="{_n(ph - t.y1)}" '
                         f'width="{_n(t.w)}" height="{_n(t.h)}" rx="{_n(r)}" ry="{_n(r)}"/>')
        lines.append("</g>")
        if plan.registration is not None:
            lines.append('<g id="registration" fill="#000000" stroke="none">')
            for m in plan.registration.rects(plan.paper_w, plan.paper_h):
                lines.append(f'<rect x="{_n(m.x)}" y="{_n(ph - m.y1)}" width="{_n(m.w)}" height="{_n(m.h)}"/>')
            lines.append("</g>")
        lines.append("</svg>")
        out.append("\n".join(lines) + "\n")
    return out
