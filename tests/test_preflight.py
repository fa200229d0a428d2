"""Preflight: pictures below 300 ppi at their printed size, and almost-black text that would print in
four inks, are reported at the template line that places them."""

from __future__ import annotations

from click.testing import CliRunner
from PIL import Image
import pytest

from deckgen.cli import main
from deckgen.render.templates import almost_black, place_picture
from tests.conftest import copy_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)


def test_almost_black_text_is_named_and_neutral_black_is_not():
    assert almost_black("#0b0314") and "four inks" in almost_black("#0b0314")
    assert almost_black("#000000") is None and almost_black("#000") is None and almost_black("#202020") is None
    assert almost_black("#7f2a2a") is None and almost_black("none") is None


def test_a_picture_is_embedded_and_its_resolution_checked(tmp_path):
    (tmp_path / "art").mkdir()
    Image.new("RGB", (240, 240), "#884422").save(tmp_path / "art" / "low.png")
    Image.new("RGB", (600, 600), "#884422").save(tmp_path / "art" / "sharp.png")
    low = place_picture(tmp_path, "art/low.png", 0, 0, 40, 40)
    assert low.warning and "152 ppi" in low.problem and "473×473 px" in low.problem
    assert "data:image/png;base64," in low.svg
    sharp = place_picture(tmp_path, "art/sharp.png", 0, 0, 40, 40)
    assert sharp.problem is None
    outside = place_picture(tmp_path, "../secret.png", 0, 0, 10, 10)
    assert outside.svg == "" and "art/" in outside.problem and not outside.warning
    assert "no such file" in place_picture(tmp_path, "art/missing.png", 0, 0, 10, 10).problem


def test_check_reports_a_low_resolution_picture_at_its_template_line(tmp_path):
    project = copy_project(tmp_path / "p", "gladbach")
    (project / "art").mkdir()
    Image.new("RGB", (120, 120), "#335577").save(project / "art" / "logo.png")
    template = project / "templates" / "gladbach" / "back.svg.j2"
    lines = template.read_text(encoding="utf-8").splitlines()
    at = next(i for i, l in enumerate(lines) if "{% block body %}" in l) + 1
    lines.insert(at, '{{ picture("art/logo.png", geo.cx - 10, geo.cy - 10, 20, 20) }}')
    template.write_text("\n".join(lines) + "\n", encoding="utf-8")
    # two of gladbach's four languages: still more than one, for the one message below (a third of the CPU less)
    result = CliRunner().invoke(main, ["check", "gladbach", "--lang", "de,fr", "--project", str(project)])
    wanted = [l for l in result.output.splitlines() if "art/logo.png" in l]
    assert wanted and wanted[0].startswith(f"templates/gladbach/back.svg.j2:{at + 1}:"), result.output
    assert "152 ppi" in wanted[0] and "warning" in wanted[0]
    assert len(wanted) == 1  # one picture, one message (not one per card or language)
