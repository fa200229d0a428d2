"""The classic local-rules sheet (templates/classic/local-rules.svg.j2), rendered in-process.

One landscape page per language and paper whose table fits the page's safe
zone, placed as one PDF page of the paper's size, with the face icons drawn
as vectors that keep their holes (the Bounty Hunter's visor, the Dark Jedi's
face), which the old reportlab drawing filled.
"""

from __future__ import annotations

import importlib

import io
import re
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from deckgen.documents import document_files, render_document
from deckgen.loader import load_project
from deckgen.render.raster import rasterize

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

#: the table() verb's module, which calls layout_table (the package exports a function of the same name)
table_module = importlib.import_module("deckgen.render.verbs.table")

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "de", "fr", "ru")
PAPERS_PT = {"a4": (841.89, 595.28), "letter": (792.0, 612.0)}  # landscape
PAPERS_MM = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}
SAFE_MM = 12.0
DPI = 100


@pytest.fixture(scope="module")
def classic():
    project = load_project(ROOT)
    game = project.games["classic"]
    return project, game, project.descriptor(game).data_for(game)


class _Rendered(dict):
    """(lang, paper) -> (the rendered document, the tables its template laid out), each rendered when first
    asked for (a run that leaves the slow papers out never draws them)."""

    def __init__(self, classic):
        super().__init__()
        self.classic = classic

    def __missing__(self, key):
        project, game, data = self.classic
        lang, paper = key
        spec = next(s for s in game.documents.values() if s.kind == "classic-locations")
        tables: list = []
        original = table_module.layout_table

        def recording(*args, **kwargs):
            result = original(*args, **kwargs)
            tables.append(result)
            return result

        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(table_module, "layout_table", recording)
            self[key] = (render_document(project, game, spec, lang, paper, data), list(tables))
        return self[key]


@pytest.fixture(scope="module")
def rendered(classic):
    """(lang, paper) -> (the rendered document, the tables its template laid out)."""
    return _Rendered(classic)


#: The fast suite lays the sheet out on A4 in every language; Letter (the same drawing on another page,
#: another four layouts) runs in the slow suite (test_classic_print draws a Letter sheet in the fast one).
PAPERS = [pytest.param(paper, marks=[pytest.mark.slow] if paper != "a4" else []) for paper in PAPERS_MM]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_sheet_renders_landscape_without_problems(rendered, lang, paper):
    doc, _ = rendered[lang, paper]
    # every text fits its box and the safe zone, every glyph exists (a lone last word is only a warning)
    assert [str(p) for p in doc.problems if not p.warning] == []
    assert (doc.width, doc.height) == pytest.approx(PAPERS_MM[paper])
    assert "<text" not in doc.svg  # words are glyph outlines


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_table_fits_the_page_in_readable_type(rendered, classic, lang, paper):
    _, _, data = classic
    doc, tables = rendered[lang, paper]
    main = max(tables, key=lambda t: len(t.rows))
    groups = len({loc.face_set for loc in data["locations"].values()})
    assert len(main.rows) == groups + len(data["locations"]) + 2  # a header per face set, a row per location, 2 notes
    assert main.fits
    assert main.bottom <= doc.height - SAFE_MM + 1e-6
    assert main.size >= 3.0  # mm: the body type shrank a little at most (the old sheet: 7-11 pt)
    tops = [top for top, _ in main.rows]
    assert tops == sorted(tops) and all(h > 0 for _, h in main.rows)


@pytest.mark.parametrize("lang,paper", [("en", "a4"), pytest.param("ru", "letter", marks=pytest.mark.slow)])
def test_pdf_is_one_landscape_page_of_the_paper(rendered, lang, paper):
    doc, _ = rendered[lang, paper]
    files = document_files(doc, paper, "Local rules")
    assert [name for name, _, _ in files] == [f"local-rules-{lang}-{paper}.pdf"]
    _, pdf, problems = files[0]
    assert problems == []
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(PAPERS_PT[paper], abs=0.1)


# ---------------------------------------------------------------- icons keep their holes


def _icon_placements(svg: str, icon: str) -> list[tuple[float, float, float]]:
    """(cx, cy, mm per icon unit) of every drawing of ``icon`` (icons.yaml, 100 x 100 viewbox)."""
    icons = yaml.safe_load((ROOT / "templates/classic/icons.yaml").read_text(encoding="utf-8"))
    path = re.search(r'd="([^"]{24})', icons[icon]["svg"]).group(1)
    found = re.findall(r'<g (?:class="[^"]*" )?transform="translate\(([\d.]+) ([\d.]+)\) scale\(([\d.]+)\) '
                       r'translate\(-50\.000 -50\.000\)"[^>]*>' + r'(?:<[^>]*>)*?\s*<path[^>]*d="' + re.escape(path),
                       svg)
    return [(float(x), float(y), float(s)) for x, y, s in found]


def _mean(image, width: int, place: tuple[float, float, float], box: tuple[float, float, float, float]):
    """Mean RGB of the pixels whose centres lie in ``box`` (icon units: u0, v0, u1, v1)."""
    cx, cy, s = place
    px = DPI / 25.4
    x0, x1 = (int(round((cx + s * (u - 50)) * px)) for u in (box[0], box[2]))
    y0, y1 = (int(round((cy + s * (v - 50)) * px)) for v in (box[1], box[3]))
    pixels = [image[(y * width + x) * 3:(y * width + x) * 3 + 3] for y in range(y0, y1) for x in range(x0, x1)]
    assert len(pixels) >= 4, "region too small to judge"
    return tuple(sum(p[i] for p in pixels) / len(pixels) for i in range(3))


def _distance(a, b) -> float:
    return max(abs(x - y) for x, y in zip(a, b))


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


# solid parts and holes of the icons, in icon units (templates/classic/icons.yaml)
ICON_REGIONS = {
    "bounty-hunter": {"body": (38, 14, 62, 32),  # the helmet's dome
                      "hole": (46, 53, 54, 72)},  # the visor's upright (the T's stem)
    "dark-jedi": {"body": (18, 62, 28, 84),  # the hood's left side
                  "hole": (42, 26, 58, 40)},  # the face, above the eyes
}


def test_header_icons_keep_their_holes(rendered, classic):
    project, game, _ = classic
    colours = game.style["colours"]
    doc, _ = rendered["en", "a4"]
    width, height = round(doc.width / 25.4 * DPI), round(doc.height / 25.4 * DPI)
    image = rasterize(doc.svg, width, height).rgb()
    for icon, regions in ICON_REGIONS.items():
        places = _icon_placements(doc.svg, icon)
        assert places, f"no {icon} icon on the sheet"
        place = places[0]  # the Cloud City header
        assert place[2] * 100 >= 6.0  # mm: the icon is drawn at a size that shows its detail
        body = _mean(image, width, place, regions["body"])
        hole = _mean(image, width, place, regions["hole"])
        # gold icon on the dark header: the hole shows the header through it, not the icon's gold
        assert _distance(body, _rgb(colours["gold"])) < 40, (icon, body)
        assert _distance(hole, _rgb(colours["head"])) < 40, (icon, hole)
        assert sum(body) - sum(hole) > 3 * 100, (icon, body, hole)
