"""One real export per bundled preset (slow: faces are rendered): the files a shop receives, read back.

Archeon carries per-card backs (Blood or Sand) and three deck sizes, so it
is the order used wherever the shop has a product for its archive; a few
cards per deck keep each export short.  MeinSpiel gets classic (the
Archeon front's fit to its safe zone is another change).
"""

from __future__ import annotations

import csv
import hashlib
import json

import numpy as np
import pikepdf
import pytest
from PIL import Image

from deckgen.errors import DeckgenError
from deckgen.export import export_preset
from deckgen.outputs.selection import BuildOptions
from deckgen.presets import load_preset

pytestmark = pytest.mark.slow

BLOOD, SAND, PLANET = "broken-hilt", "black-lance", "ithor"


def _options(tmp_path_factory, **more) -> BuildOptions:
    cache = tmp_path_factory.getbasetemp() / "shop-orders-cache"
    return BuildOptions(out=tmp_path_factory.mktemp("out"), languages=("en",), workers=2, cache=cache, **more)


def _digest(path) -> str:
    with Image.open(path) as image:
        return hashlib.sha256(image.convert("RGB").tobytes()).hexdigest()


def _pairs_from_csv(folder, stem):
    return list(csv.DictReader((folder / f"{stem}.csv").open(encoding="utf-8")))


@pytest.mark.parametrize("name, size", [("mpc", (822, 1122)), ("tgc", (825, 1125))])
def test_png_shops_get_each_archeon_card_with_its_own_blood_or_sand_back(name, size, project, tmp_path_factory):
    skip = ("planets", "tokens") if name == "mpc" else ("tokens",)
    options = _options(tmp_path_factory, cards=(BLOOD, SAND, PLANET))
    preset = load_preset(name, project.root)
    with pytest.raises(DeckgenError):  # the whole order or nothing: tokens (and planets at mpc) fit no product
        export_preset(project, ["archeon"], preset, options)
    report = export_preset(project, ["archeon"], preset, options, skip=skip)
    folder = options.out / "archeon" / name
    rows = _pairs_from_csv(folder, "archive-en")
    assert [r["card"] for r in rows] == [BLOOD, SAND]
    digests = {}
    for row in rows:
        front, back = folder / row["front"], folder / row["back"]
        assert front.name.endswith("-front.png") and back.name.endswith("-back.png")
        for path in (front, back):
            with Image.open(path) as image:
                assert image.size == size and image.mode == "RGB"
        digests[row["card"]] = (_digest(front), _digest(back))
    (blood_front, blood_back), (sand_front, sand_back) = digests[BLOOD], digests[SAND]
    assert len({blood_front, blood_back, sand_front, sand_back}) == 4  # two backs, never a front
    assert report.summary is not None and {s.deck for s in report.summary.skipped} == set(skip)
    if name == "tgc":  # tarot planets at 900x1500 with the deck's back once
        with Image.open(folder / "planets-en" / "back.png") as image:
            assert image.size == (900, 1500)
        assert (folder / "planets-en" / f"001-{PLANET}-front.png").is_file()


def test_drivethru_pairs_each_archeon_front_with_its_own_back_in_a_pdf_x1a(project, tmp_path_factory):
    options = _options(tmp_path_factory, cards=(BLOOD, SAND))
    report = export_preset(project, ["archeon"], load_preset("drivethru", project.root), options, 60,
                           skip=("planets", "tokens"))
    path = options.out / "archeon" / "drivethru" / "archive-en.pdf"
    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) == 4
        ids = [next(iter(page.get_images().values())).objgen for page in pdf.pages]
        assert len(set(ids)) == 4  # front, own back, front, own back
        assert str(pdf.trailer.Info.GTS_PDFXConformance) == "PDF/X-1a:2001"
        for page in pdf.pages:
            image = pikepdf.PdfImage(next(iter(page.get_images().values())))
            raw = np.frombuffer(image.read_bytes(), dtype=np.uint8).reshape(-1, 4)
            assert raw.sum(axis=1, dtype=np.uint16).max() / 2.55 <= 240
    assert report.summary is not None and [d.deck for d in report.summary.decks] == ["archive"]


def test_meinspiel_writes_fronts_and_backs_pdfs_page_for_page_with_frames_clear_of_its_safe_zone(
        project, tmp_path_factory):
    """The frames sat 3.5-3.6 mm inside the 59x91 mm cut, inside MeinSpiel's 4 mm zone: now just outside it."""
    import shutil
    import subprocess

    options = _options(tmp_path_factory, cards=("sabers-1", "staves-2"))
    report = export_preset(project, ["classic"], load_preset("meinspiel", project.root), options, 150,
                           skip=("adapted-42",))
    folder = options.out / "classic" / "meinspiel"
    with pikepdf.open(folder / "classic-en-fronts.pdf") as fronts, \
            pikepdf.open(folder / "classic-en-backs.pdf") as backs:
        assert len(fronts.pages) == len(backs.pages) > 0
        with fronts.open_metadata() as xmp:
            assert xmp.get("pdfxid:GTS_PDFXVersion") == "PDF/X-4"
    assert report.summary is not None and [s.deck for s in report.summary.skipped] == ["adapted-42"]
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    for side in ("fronts", "backs"):
        png = options.out / f"{side}"
        subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", "1", "-l", "1", "-singlefile",
                        str(folder / f"classic-en-{side}.pdf"), str(png)], check=True)
        rgb = np.asarray(Image.open(f"{png}.png").convert("RGB")).astype(int)
        per_mm = rgb.shape[1] / 65  # the page: 59 mm + 3 mm bleed each side
        light = np.nonzero(rgb[rgb.shape[0] // 2].sum(axis=1) > 300)[0]  # the frame's light line on the dark card
        left, right = light.min() / per_mm - 3, 62 - (light.max() + 1) / per_mm
        assert 4.0 <= left <= 4.5 and 4.0 <= right <= 4.5, (side, left, right)


def test_screentop_images_are_cut_without_bleed_and_keep_per_card_backs(project, tmp_path_factory):
    options = _options(tmp_path_factory, cards=(BLOOD, PLANET, "free-draw"))
    export_preset(project, ["archeon"], load_preset("screentop", project.root), options)
    folder = options.out / "archeon" / "screentop"
    manifest = json.loads((folder / "archive-en.json").read_text(encoding="utf-8"))
    (card,) = manifest["cards"]
    assert card["front"] == f"archive-en/001-{BLOOD}-front.png" and card["back"] == f"archive-en/001-{BLOOD}-back.png"
    assert _digest(folder / card["front"]) != _digest(folder / card["back"])
    for path, mm in ((folder / card["front"], (63, 88)), (folder / "planets-en" / "back.png", (70, 120)),
                     (folder / "tokens-en" / "back.png", (30, 30))):
        with Image.open(path) as image:  # the trim at 150 dpi: no 3 mm bleed round it
            assert image.size == tuple(round(v / 25.4 * 150) for v in mm)


def test_tabletop_simulator_takes_every_archeon_deck(project, tmp_path_factory):
    options = _options(tmp_path_factory, cards=(BLOOD, PLANET, "free-draw"))
    report = export_preset(project, ["archeon"], load_preset("tts", project.root), options, 72)
    folder = options.out / "archeon" / "tts"
    for stem in ("archive-en", "planets-en", "tokens-en"):
        assert (folder / f"{stem}-faces.png").is_file() and (folder / f"{stem}.json").is_file()
    assert report.summary is not None and not report.summary.skipped
