"""Drawing-time refusals and inert SVG (issue 25; review findings 6, 11 and 12).

Each attack of the review is planted on one line of a small starter project
(``deckgen new``) and must end in one located line naming that template line,
exit code 2 and no traceback: active content in a face (scripts, event
handlers, processing instructions, ``@import``, ``src=``, embedded SVGs that
reach out), faces too big to draw (elements, nesting, ``<use>`` loops and
fan-outs, huge pictures), broken pictures and fonts.  ``export --format svg``
then never writes active content.
"""

from __future__ import annotations

import base64
import io
import shutil
import struct
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import main

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)

FRONT = "templates/demo/front.svg.j2"
FACE = "card ember [en]"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("starter") / "project"
    result = run("new", folder)
    assert result.exit_code == 0, result.output
    return folder


@pytest.fixture
def project(starter, tmp_path) -> Path:
    folder = tmp_path / "project"
    shutil.copytree(starter, folder)
    return folder


def plant(project: Path, markup: str) -> int:
    """Put ``markup`` on its own line at the start of the front's body; the template line it is on."""
    template = project / FRONT
    text = template.read_text(encoding="utf-8")
    assert "{% block body %}\n" in text
    template.write_text(text.replace("{% block body %}\n", "{% block body %}\n" + markup + "\n", 1), encoding="utf-8")
    return text[:text.index("{% block body %}\n")].count("\n") + 2


def set_limits(project: Path, **limits) -> None:
    items = ", ".join(f"{k}: {v}" for k, v in limits.items())
    with open(project / "deckgen.yaml", "a", encoding="utf-8") as handle:
        handle.write(f"limits: {{{items}}}\n")


def refused(result, line: int, *phrases: str) -> str:
    """The one problem of ``result``: at ``line`` of the front template, exit 2, no traceback."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    problems = [line for line in result.output.strip().splitlines() if not line.endswith("…")]  # not progress
    assert problems[-1] == "1 problem", result.output
    first = problems[0]
    assert first.startswith(f"{FRONT}:{line}: {FACE}: "), first
    for phrase in phrases:
        assert phrase in first, first
    return first


def data_uri(kind: str, data: bytes) -> str:
    return f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"


def png(width: int, height: int) -> bytes:
    """A 1-bit PNG of ``width`` x ``height`` zero pixels, written row by row (a huge one stays small)."""
    row = b"\x00" + b"\x00" * ((width + 7) // 8)
    packer = zlib.compressobj(9)
    body = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0))
            + chunk(b"IDAT", body) + chunk(b"IEND", b""))


def small_png() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.effect_noise((60, 60), 40).save(out, "PNG")  # noise: its pixel data is most of the file
    return out.getvalue()


# ------------------------------------------------------------------ active content


@pytest.mark.parametrize("markup,phrase", [
    ("<script>alert(1)</script>", "<script> is refused"),
    ('<rect width="1" height="1" onload="alert(1)"/>', "the event attribute onload= is refused"),
    ('<rect width="1" height="1" ONCLICK="alert(1)"/>', "the event attribute ONCLICK= is refused"),
    ('<?xml-stylesheet href="file:///etc/passwd"?>', "the processing instruction <?xml-stylesheet ...?> is refused"),
    ('<style>@import "file:///etc/passwd";</style>', "@import is refused"),
    ("<style>@import 'http://example.com/x.css';</style>", "@import is refused"),
    (r'<style>@im\70 ort "x.css";</style>', "@import is refused"),
    ('<rect width="1" height="1" style="@import \'x.css\'"/>', "@import is refused"),
    ('<style><![CDATA[@im/**/port "x.css";]]></style>', "@import is refused"),
    ('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>', "<script> is refused"),
    ('<rect width="1" height="1" style="width: expression(alert(1))"/>', "expression() is refused"),
    ('<style>rect { fill: url("http://example.com/a)b") }</style>', "url() 'http://example.com/a)b' names something"),
    ('<style>rect { fill: u\\72l(http://example.com/x) }</style>', "url() 'http://example.com/x' names something"),
    ('<style>rect { background: image-set("http://example.com/x.png" 1x) }</style>', "image-set() is refused"),
    ('<image src="http://example.com/x.png" width="1" height="1"/>', "the attribute src= is refused"),
    ('<foreignObject width="9" height="9"><iframe xmlns="http://www.w3.org/1999/xhtml" src="http://example.com"/>'
     '</foreignObject>', "<foreignObject> is refused"),
    ('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a>', "<set> is refused"),
    ('<animate attributeName="x" values="0;1" dur="1s"/>', "<animate> is refused"),
    ('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>', "href 'javascript:alert(1)' names something"),
])
def test_active_content_is_refused_at_its_template_line(project, markup, phrase):
    line = plant(project, markup)
    refused(run("check", "--project", project, "--lang", "en"), line, phrase)


@pytest.mark.parametrize("inner,phrase", [
    ('<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd"/></svg>',
     "in the embedded SVG: href 'file:///etc/passwd' names something outside the face"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><style>@import "http://example.com/x.css";</style></svg>',
     "in the embedded SVG: @import is refused"),
    ('<!DOCTYPE x [<!ENTITY a "aaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
     "in the embedded SVG: a face may not declare a document type or entities"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "in the embedded SVG: <script>"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>', "the embedded SVG is not well-formed"),
])
def test_an_embedded_svg_is_checked_like_a_face(project, inner, phrase):
    line = plant(project, f'<image width="5" height="5" href="{data_uri("image/svg+xml", inner.encode())}"/>')
    refused(run("check", "--project", project, "--lang", "en"), line, "the embedded picture 'data:image/svg+xml;base64,", phrase)


def test_an_embedded_svg_in_css_and_percent_encoding_is_checked_too(project):
    inner = '<svg xmlns="http://www.w3.org/2000/svg"><use href="http://example.com/x.svg#a"/></svg>'
    from urllib.parse import quote

    line = plant(project, f'<rect width="5" height="5" style="fill: url(\'data:image/svg+xml,{quote(inner)}\')"/>')
    refused(run("check", "--project", project, "--lang", "en"), line, "in the embedded SVG: href 'http://example.com/x.svg#a'")


def test_a_use_of_an_embedded_svg_document_is_checked(project):
    from urllib.parse import quote

    inner = quote('<svg xmlns="http://www.w3.org/2000/svg"><g id="a" onclick="alert(1)"/></svg>')
    line = plant(project, f'<use href="data:image/svg+xml,{inner}#a"/>')
    refused(run("check", "--project", project, "--lang", "en"), line, "in the embedded SVG: the event attribute onclick=")


def test_data_that_is_no_picture_is_refused(project):
    line = plant(project, f'<a href="{data_uri("text/html", b"<b>hi</b><script>alert(1)</script>")}">'
                          f'<rect width="1" height="1"/></a>')
    refused(run("check", "--project", project, "--lang", "en"), line, "not a PNG, JPEG, GIF or WebP picture")


def test_a_small_embedded_picture_and_local_references_pass(project):
    plant(project, f'<defs><g id="dot"><circle r="1"/></g></defs><use href="#dot"/><use xlink:href="#dot" '
                   f'xmlns:xlink="http://www.w3.org/1999/xlink"/>'
                   f'<image width="5" height="5" href="{data_uri("image/png", small_png())}"/>'
                   f'<style>rect {{ fill: url(#dot) }}</style>')
    result = run("check", "--project", project, "--lang", "en")
    assert result.exit_code == 0, result.output


ACTIVE_MARKERS = ("<script", " on", "<?xml-stylesheet", "@import", " src=", "foreignObject")


def test_exported_svg_is_inert_and_an_active_face_is_not_exported(project, tmp_path):
    out = tmp_path / "out"
    result = run("export", "--project", project, "--format", "svg", "--lang", "en", "--out", out)
    assert result.exit_code == 0, result.output
    written = sorted(out.rglob("*.svg"))
    assert written
    for svg in written:
        text = svg.read_text(encoding="utf-8")
        assert not [m for m in ACTIVE_MARKERS if m in text.replace(" only", "")], svg
    line = plant(project, '<rect width="1" height="1" onload="fetch(\'http://example.com\')"/>')
    bad = tmp_path / "bad"
    refused(run("export", "--project", project, "--format", "svg", "--lang", "en", "--out", bad), line,
            "the event attribute onload= is refused")
    assert not list(bad.rglob("*.svg"))


# ------------------------------------------------------------------ bounded faces


def test_too_many_elements_are_refused_naming_the_limit(project):
    set_limits(project, svg_elements=300)
    line = plant(project, '{% for i in range(400) %}<rect width="1" height="1"/>{% endfor %}')
    refused(run("check", "--project", project, "--lang", "en"), line, "more than 300 elements", "(limits.svg_elements in deckgen.yaml)")


def test_elements_nested_too_deep_are_refused(project):
    line = plant(project, "{% for i in range(300) %}<g>{% endfor %}{% for i in range(300) %}</g>{% endfor %}")
    refused(run("check", "--project", project, "--lang", "en"), line, "nested more than 100 deep", "(limits.svg_depth in deckgen.yaml)")


def test_a_use_loop_is_refused_not_a_recursion_error(project, tmp_path):
    line = plant(project, '<g id="A"><use href="#B"/></g><g id="B"><use href="#A"/></g>')
    refused(run("build", "--project", project, "--lang", "en", "--out", tmp_path / "out"), line,
            "<use> copies itself without end (#B → #A → #B)")


def test_a_use_of_its_own_parent_is_a_loop(project):
    line = plant(project, '<g id="A"><rect width="1" height="1"/><use href="#A"/></g>')
    refused(run("check", "--project", project, "--lang", "en"), line, "<use> copies itself without end (#A → #A)")


def test_a_use_fan_out_is_refused_before_drawing(project, tmp_path, monkeypatch):
    """Ten <use> of the level below, eight levels deep: 10^8 copies (it hung cairosvg over 120 s); a refused face
    is never handed to the drawing processes."""
    from deckgen.render.raster import RasterPool

    queued = []
    submit = RasterPool.submit
    monkeypatch.setattr(RasterPool, "submit", lambda self, svg, *args: queued.append(svg) or submit(self, svg, *args))
    line = plant(project, '<defs><g id="l0"><rect width="1" height="1"/></g>{% for i in range(1, 9) %}<g id="l{{ i }}">'
                          '{% for j in range(10) %}<use href="#l{{ i - 1 }}"/>{% endfor %}</g>{% endfor %}</defs>'
                          '<use href="#l8"/>')
    refused(run("build", "--project", project, "--lang", "en", "--dpi", "72", "--jobs", "1", "--out", tmp_path / "out"),
            line, "its <use> elements copy", "more than the limit of 20000 (limits.svg_uses in deckgen.yaml)")
    assert queued, "the raster build queued no face at all: the check below would pass whatever happened"
    assert not [svg for svg in queued if 'id="l8"' in svg]


def test_a_huge_embedded_picture_is_refused_from_its_header(project):
    """A 64 KB PNG of 23000 x 23000 pixels took 2.1 GB per drawing process."""
    line = plant(project, f'<image width="5" height="5" href="{data_uri("image/png", png(23000, 23000))}"/>')
    refused(run("check", "--project", project, "--lang", "en"), line, "the embedded picture 'data:image/png;base64,",
            "more than the limit of 40000000 pixels (limits.picture_pixels in deckgen.yaml)")


def test_the_picture_limit_counts_copies(project):
    set_limits(project, picture_pixels=5000)
    line = plant(project, f'<defs><image id="p" width="5" height="5" href="{data_uri("image/png", png(50, 50))}"/></defs>'
                          f'<use href="#p"/><use href="#p"/>')
    refused(run("check", "--project", project, "--lang", "en"), line, "its pictures draw 7500 pixels",
            "(limits.picture_pixels in deckgen.yaml)")


def test_a_picture_over_a_lowered_limit_names_its_size(project):
    set_limits(project, picture_pixels=1000)
    line = plant(project, f'<image width="5" height="5" href="{data_uri("image/png", png(50, 40))}"/>')
    refused(run("check", "--project", project, "--lang", "en"), line, "a picture of 50×40 pixels, more than the limit of 1000")


def test_a_truncated_embedded_picture_is_refused(project):
    data = small_png()
    line = plant(project, f'<image width="5" height="5" href="{data_uri("image/png", data[:len(data) // 2])}"/>')
    refused(run("check", "--project", project, "--lang", "en"), line, "the picture is broken or cut short")


# ------------------------------------------------------------------ picture() and fonts


@pytest.mark.parametrize("content,phrase", [
    (lambda: png(20000, 20000), "picture 'art/x.png': a picture of more than 178956970 pixels, more than the limit "
                                "of 40000000 pixels (limits.picture_pixels in deckgen.yaml)"),
    (lambda: small_png()[:len(small_png()) // 2], "picture 'art/x.png': the picture is broken or cut short"),
])
def test_picture_bombs_and_truncated_pictures_are_located(project, tmp_path, content, phrase):
    (project / "art").mkdir(exist_ok=True)
    (project / "art/x.png").write_bytes(content())
    line = plant(project, '{{ picture("art/x.png", 0, 0, 10, 10) }}')
    refused(run("build", "--project", project, "--lang", "en", "--out", tmp_path / "out"), line, phrase)


def test_a_truncated_font_is_refused_at_its_fonts_line(project):
    font = project / "fonts/PTS55F.ttf"
    data = font.read_bytes()
    font.write_bytes(data[: int(len(data) * 0.9)])
    result = run("check", "--project", project, "--lang", "en")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = (project / "deckgen.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "PTS55F.ttf" in text)
    first = result.output.strip().splitlines()[0]
    assert first.startswith(f"deckgen.yaml:{line}:3: fonts.body: fonts/PTS55F.ttf: the file is cut short: its "), first
    assert "past the end of the file" in first


# ------------------------------------------------------------------ drawing failures the check let through


LOOP = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g id="A"><use href="#B"/></g>'
        '<g id="B"><use href="#A"/></g></svg>')


@pytest.mark.parametrize("workers", [1, 2])
def test_a_face_cairo_cannot_draw_is_located_with_its_template_and_card(workers, monkeypatch):
    from deckgen.errors import DeckgenError
    from deckgen.render import raster
    from deckgen.render.raster import RasterPool

    monkeypatch.setattr(raster, "POOL_THRESHOLD", 1)  # with 2 workers: drawn by the pool, not in this process

    class NoStore:
        def has_raster(self, key):
            return False

        def raster_path(self, key):
            return None

    pool = RasterPool(NoStore(), workers)
    try:
        pool.submit(LOOP, 10, 10, "loop", ("templates/demo/front.svg.j2", "card ember [en]"))
        assert (pool._pool is not None) == (workers > 1)
        with pytest.raises(DeckgenError) as caught:
            pool.wait(["loop"])
    finally:
        pool.close()
    assert str(caught.value.problems[0]) == ("templates/demo/front.svg.j2: card ember [en]: its elements refer to each "
                                             "other without end (or nest too deep to draw)")


def test_vector_drawing_failures_are_deckgen_errors():
    from deckgen.errors import DeckgenError
    from deckgen.render.vector import svg_to_pdf

    with pytest.raises(DeckgenError) as caught:
        svg_to_pdf(LOOP)
    assert caught.value.problems[0].message == ("a face could not be drawn: its elements refer to each other without "
                                                "end (or nest too deep to draw)")
