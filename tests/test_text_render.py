"""Render laid-out texts with cairosvg and check the pixels land where the layout says.

Set DECKGEN_TEXT_RENDER_DIR to keep the PNG for looking at it.
"""

import os
from pathlib import Path

import cairosvg
import pytest
from PIL import Image

from deckgen.text import FontSet, Icon, TextBox, layout_text

FONTS = FontSet.bundled(Path(__file__).resolve().parents[1] / "fonts")
ICONS = {
    "chip": Icon(svg='<circle cx="50" cy="50" r="45"/>'),
    "blood": Icon(svg='<path d="M50 5C80 50 90 60 90 70A40 30 0 0 1 10 70C10 60 20 50 50 5Z" fill="#b00"/>', advance=0.9),
}
PX_PER_MM = 12
SAMPLES = [
    ("de", "**Stabilisieren:** Nimm 2 {chip} zurück. Die Kartenstapelverwaltungsbehörde entscheidet \"sofort\" "
           "über jede *Sonderregel* – auch über Würfelergebnisse.", "justify", "top"),
    ("fr", "**Stabiliser:** reprenez 2 {chip}. Le joueur dit \"Je passe!\" et les autres continuent; "
           "personne ne peut surenchérir?", "left", "middle"),
    ("ru", "**Стабилизация:** верните {2|one:фишку|few:фишки|many:фишек} {blood}. Игрок говорит \"пас\" — "
           "и ход переходит к следующему участнику.", "center", "bottom"),
    ("en", "AVATAR **Wave** To: take back {1|one:# chip|other:# chips} {chip}. a < b & \"c\"", "right", "middle"),
]


def render(svg_body, w_mm, h_mm, path):
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w_mm}mm" height="{h_mm}mm" '
           f'viewBox="0 0 {w_mm} {h_mm}"><rect width="{w_mm}" height="{h_mm}" fill="white"/>{svg_body}</svg>')
    cairosvg.svg2png(bytestring=svg.encode(), write_to=str(path), output_width=w_mm * PX_PER_MM)
    return Image.open(path).convert("L")


def dark_bbox(img, threshold=160):
    return img.point(lambda v: 255 if v < threshold else 0).getbbox()


@pytest.fixture
def out_dir(tmp_path):
    keep = os.environ.get("DECKGEN_TEXT_RENDER_DIR")
    return Path(keep) if keep else tmp_path


def test_long_texts_render_inside_their_boxes(out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    parts, results = [], []
    for i, (lang, text, align, valign) in enumerate(SAMPLES):
        box = TextBox(5 + (i % 2) * 65, 5 + (i // 2) * 45, 55, 35)
        res = layout_text(text, box, fonts=FONTS, icons=ICONS, lang=lang, size=3.6, min_size=2.4, align=align,
                          valign=valign, font="display" if lang == "en" else "body")
        assert res.fits and res.problems == [], (lang, res.problems)
        parts.append(f'<rect x="{box.x}" y="{box.y}" width="{box.w}" height="{box.h}" fill="none" '
                     f'stroke="#f99" stroke-width="0.1"/>' + res.svg)
        results.append((box, res))
    render("".join(parts), 130, 95, out_dir / "text-samples.png")  # for people to look at
    for i, (box, res) in enumerate(results):
        img = render(res.svg, 130, 95, out_dir / f"text-sample-{i}.png")
        x0, y0, x1, y1 = dark_bbox(img)
        ink = [min(b[0] for b in res.ink_boxes), min(b[1] for b in res.ink_boxes),
               max(b[2] for b in res.ink_boxes), max(b[3] for b in res.ink_boxes)]
        # drawn pixels stay inside the box and match the layout's ink boxes
        assert box.x * PX_PER_MM - 1 <= x0 and x1 <= (box.x + box.w) * PX_PER_MM + 1
        assert box.y * PX_PER_MM - 1 <= y0 and y1 <= (box.y + box.h) * PX_PER_MM + 1
        assert abs(y0 - ink[1] * PX_PER_MM) <= 3 and abs(y1 - ink[3] * PX_PER_MM) <= 3


def test_glyphs_are_upright_and_on_the_baseline(out_dir):
    box = TextBox(2, 2, 30, 20)
    res = layout_text("T", box, fonts=FONTS, size=15, valign="top")
    img = render(res.svg, 34, 24, out_dir / "T.png")
    x0, y0, x1, y1 = dark_bbox(img)
    top_row = dark_bbox(img.crop((0, y0, img.width, y0 + 3)))
    bottom_row = dark_bbox(img.crop((0, y1 - 3, img.width, y1)))
    assert top_row[2] - top_row[0] > 3 * (bottom_row[2] - bottom_row[0])  # the bar is on top: not mirrored
    assert abs(y1 - res.baselines[0] * PX_PER_MM) <= 2  # T stands on the baseline
    g = layout_text("g", box, fonts=FONTS, size=15, valign="top")
    gy1 = dark_bbox(render(g.svg, 34, 24, out_dir / "g.png"))[3]
    assert gy1 > g.baselines[0] * PX_PER_MM + 20  # the descender hangs below the baseline
