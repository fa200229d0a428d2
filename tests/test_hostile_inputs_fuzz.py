"""Fuzz the inputs the security review attacked: each example plants one hostile input, drawn with random
parameters, in a fresh starter project, and runs deckgen on it in its own process.

Whatever the input, the run must end in one of two ways — ``0`` (the input was harmless) or ``2`` with every
error a located line — and never:

* a traceback or exit 1 (a bug in deckgen),
* a hang or runaway memory (each run has a hard cap of time and address space: a run that hits it fails),
* a network connection (``connect`` on an internet socket is recorded and refused in the child process),
* a file outside the project (``secret`` below) showing up in what deckgen wrote or printed,
* a file outside the output folder written, changed or deleted (the ``victim`` folder),
* a project plugin running before the user trusted it.

The kinds of input: schema ``$ref``s, SVG ``<use>`` loops and fan-outs, entity declarations, huge and
truncated pictures, broken fonts, NaN and infinities, run patterns, spreadsheet dimensions, symlinks in and
out of the project, and plugins. The number of examples is fixed (``DECKGEN_FUZZ_INPUTS``, default 40) and
derandomized, so every run tries the same inputs; the outcomes are printed at the end (``pytest -s``).
"""

from __future__ import annotations

import io
import os
import re
import resource
import struct
import subprocess
import sys
import zipfile
import zlib
from base64 import b64encode
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from conftest import ROOT

EXAMPLES = int(os.environ.get("DECKGEN_FUZZ_INPUTS", "40"))
SECRET = "SECRET-7f3a9c-outside-the-project"
#: FILE:LINE[:COLUMN]: at the start of a problem line, or FILE: for a whole file (a link leading out of the
#: project is refused as a file: it has no line of its own)
LOCATED = re.compile(r"^[^\s:]*[./][^\s:]*(:\d+(:\d+)?)?: ")
#: the closing count of problems, or a progress line on stderr (deckgen.progress: each ends with an ellipsis)
COUNT = re.compile(r"^\d+ problems?$|^[a-z][a-z ]*: .+…$")
OUTCOMES: Counter = Counter()

#: About a second a run (a starter project of four cards); CI runs it with the slow tests.
pytestmark = pytest.mark.slow

#: The child process: internet sockets refuse to connect (and say so in a file), then deckgen runs.
GUARDED = r"""
import os, socket, sys
_connect = socket.socket.connect
def _refuse(self, address, *rest):
    if self.family in (socket.AF_INET, socket.AF_INET6):
        with open(os.environ["DECKGEN_FUZZ_NET"], "a") as log:
            log.write(repr(address) + "\n")
        raise OSError("the network is off in this test")
    return _connect(self, address, *rest)
socket.socket.connect = _refuse
socket.socket.connect_ex = _refuse
from deckgen.cli import main
sys.argv = ["deckgen", *sys.argv[1:]]
main()
"""

SECONDS = 90            # a hang guard, not a speed test: a run that needs this long is a hang
MEMORY = 3 * 1024 ** 3  # bytes of address space of the run (and of each drawing process it starts)


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def png(width: int, height: int, truncate: int | None = None) -> bytes:
    """A PNG that declares ``width`` x ``height`` pixels; its pixel data is a few bytes (or cut short)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\0" * 64)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")
    return data[:truncate] if truncate else data


class Plant:
    """One starter project, and the ways to plant a hostile input in it."""

    def __init__(self, root: Path):
        self.root = root
        self.project = root / "project"
        self.outside = root / "outside"          # files the project must never read
        self.victim = root / "victim"            # files deckgen must never touch
        self.outside.mkdir()
        self.victim.mkdir()
        (self.outside / "secret.txt").write_text(SECRET, encoding="utf-8")
        (self.outside / "en.yaml").write_text(f"game: {SECRET}\ndecks: {{demo: {SECRET}}}\n", encoding="utf-8")
        (self.outside / "rules.md").write_text(f"# {SECRET}\n\n{SECRET}\n", encoding="utf-8")
        (self.outside / "secret.png").write_bytes(png(4, 4))
        (self.victim / "precious.txt").write_text("the user's file", encoding="utf-8")
        (self.victim / ".cache").mkdir()
        (self.victim / ".cache" / "precious.txt").write_text("the user's cache", encoding="utf-8")
        self.command = ["check"]

    def file(self, name: str) -> Path:
        return self.project / name

    def edit(self, name: str, old: str, new: str) -> None:
        path = self.file(name)
        text = path.read_text(encoding="utf-8")
        assert old in text, (name, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    def body(self, svg: str) -> None:
        """Put ``svg`` at the start of the card front's body."""
        self.edit("templates/demo/front.svg.j2", "{% block body %}", "{% block body %}" + svg)

    def draw(self) -> None:
        """The input is read while drawing: build the cards, not only check them."""
        self.command = ["build", "--lang", "en", "--no-booklets", "--out", str(self.root / "out")]


# --- the kinds of hostile input -----------------------------------------------------------------

def schema_ref(p: Plant, draw) -> None:
    target = draw(st.sampled_from([
        "http://127.0.0.1:9/x.json", "https://schemas.example.invalid/card.json?opened-by=victim",
        "file:///etc/passwd", f"file://{p.outside}/secret.txt", "../../../outside/secret.txt",
        "//example.invalid/x", "#/$defs/nothing", "urn:x-deckgen:nothing", "data:application/json,{}",
    ]))
    where = draw(st.sampled_from(["field", "nested", "defs"]))
    ref = "{$ref: '" + target + "'}"
    schema = {"field": ref, "nested": "{type: object, properties: {x: " + ref + "}}",
              "defs": "{allOf: [" + ref + "], $defs: {a: {type: integer}}}"}[where]
    p.edit("data/demo/game.yaml", "  value: {type: integer}", f"  value: {{type: integer}}\n  extra: {schema}")
    p.edit("data/demo/cards.yaml", "value: 3,", "value: 3, extra: 1,")


def use_graph(p: Plant, draw) -> None:
    shape = draw(st.sampled_from(["loop", "fanout", "self"]))
    if shape == "self":
        defs = '<g id="u0"><use href="#u0"/></g>'
    elif shape == "loop":
        n = draw(st.integers(2, 6))
        defs = "".join(f'<g id="u{i}"><use href="#u{(i + 1) % n}"/></g>' for i in range(n))
    else:
        fan, depth = draw(st.integers(2, 12)), draw(st.integers(2, 10))
        defs = '<rect id="u0" width="1" height="1"/>' + "".join(
            f'<g id="u{level}">' + f'<use href="#u{level - 1}"/>' * fan + "</g>" for level in range(1, depth + 1))
        defs += f'<use href="#u{depth}"/>'
    p.body(defs)
    p.draw()


def entities(p: Plant, draw) -> None:
    nest = draw(st.integers(1, 8))
    decl = '<!ENTITY e0 "lol">' + "".join(f'<!ENTITY e{i} "' + f"&e{i - 1};" * 10 + '">' for i in range(1, nest + 1))
    external = draw(st.booleans())
    if external:
        decl += f'<!ENTITY x SYSTEM "file://{p.outside}/secret.txt">'
    inner = f'<?xml version="1.0"?><!DOCTYPE svg [{decl}]><svg xmlns="http://www.w3.org/2000/svg" ' \
            f'width="10" height="10"><text>&e{nest};{"&x;" if external else ""}</text></svg>'
    how = draw(st.sampled_from(["data-uri", "direct"]))
    if how == "data-uri":
        p.body(f'<image width="10" height="10" href="data:image/svg+xml;base64,{b64encode(inner.encode()).decode()}"/>')
        p.draw()
    else:
        p.edit("templates/_common/base.svg.j2", "<svg ", f"<!DOCTYPE svg [{decl}]>\n<svg ")


def picture(p: Plant, draw) -> None:
    side = draw(st.sampled_from([1, 50, 20000, 46000, 2 ** 31 - 1]))
    other = draw(st.sampled_from([1, 50, 20000, 2 ** 31 - 1]))
    cut = draw(st.sampled_from([None, 8, 20, 33, 40]))
    data = png(side, other, cut)
    if draw(st.booleans()):
        (p.file("art")).mkdir(exist_ok=True)
        (p.file("art") / "x.png").write_bytes(data)
        p.body('{{ picture("art/x.png", 0, 0, geo.W, geo.H) }}')
    else:
        p.body(f'<image width="10" height="10" href="data:image/png;base64,{b64encode(data).decode()}"/>')
    p.draw()


def font(p: Plant, draw) -> None:
    path = p.file("fonts/PTS55F.ttf")
    data = path.read_bytes()
    how = draw(st.sampled_from(["truncate", "zero", "flip"]))
    at = draw(st.integers(12, len(data) - 1))
    if how == "truncate":
        data = data[:at]
    elif how == "zero":
        data = data[:at] + b"\0" * min(4096, len(data) - at) + data[at + 4096:]
    else:
        data = data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1:]
    path.write_bytes(data)
    p.draw()


def non_finite(p: Plant, draw) -> None:
    value = draw(st.sampled_from([".nan", ".inf", "-.inf", "-10", "-0.0", "1e308"]))
    where = draw(st.sampled_from(["width", "height", "bleed", "safe", "style-box", "text-box", "card-value"]))
    if where in ("width", "height"):
        other = "88" if where == "width" else "63"
        size = f"{{width: {value}, height: {other}}}" if where == "width" else f"{{width: {other}, height: {value}}}"
        p.edit("data/demo/game.yaml", "size: poker ", f"size: {size} ")
    elif where in ("bleed", "safe"):
        p.edit("data/demo/game.yaml", f"    {where}: 3", f"    {where}: {value}")
    elif where == "style-box":
        p.edit("data/demo/game.yaml", "decks:", "style: style.yaml\ndecks:")
        p.file("data/demo/style.yaml").write_text(f"boxes:\n  a: [3, 3, {value}, {value}]\n", encoding="utf-8")
        p.body('{{ text(name, box("a").x, box("a").y, box("a").w, box("a").h) }}')
    elif where == "text-box":
        p.body("{{ text(name, 1, 1, " + value.replace(".nan", "(0.0 * 1e400)").replace(".inf", "1e400")
               + ", 5) }}")
    else:
        p.edit("data/demo/game.yaml", "value: {type: integer}", "value: {type: number}")
        p.edit("data/demo/cards.yaml", "value: 3,", f"value: {value},")
    p.draw()


def run_pattern(p: Plant, draw) -> None:
    width = draw(st.sampled_from([1, 10, 10 ** 5, 10 ** 9, 2 ** 31]))
    where = draw(st.sampled_from(["id", "name", "axis"]))
    runs = draw(st.integers(1, 400))
    per_run = draw(st.sampled_from([2, 100, 5000, 10 ** 6]))
    spec = f"{{value:0>{width}}}"
    entry = "- run: numbers\n  each: {suit: [circle, square], value: {from: 1, to: %d}}\n  id: \"%s\"\n"
    items = []
    for i in range(runs if where == "axis" else 1):
        items.append(entry % (per_run if where == "axis" else 3, (f"s{i}-" if where == "axis" else "")
                              + ("c" + spec if where == "id" else "{suit}-{value}")))
    p.file("data/demo/cards.yaml").write_text("".join(items), encoding="utf-8")
    name = "{suit} " + (spec if where == "name" else "{value}")
    for lang in ("en", "de"):
        p.edit(f"data/demo/lang/{lang}.yaml", "cards:", "runs:\n  numbers: {name: \"%s\", suit: {circle: O, "
                                                         "square: Q}}\ncards:" % name)


def spreadsheet(p: Plant, draw) -> None:
    kind = draw(st.sampled_from(["xlsx-dimension", "xlsx-bomb", "ods-repeat", "csv-rows", "csv-wide"]))
    rows = draw(st.sampled_from([10, 10 ** 4, 10 ** 6]))
    header = "id,colour,value,name.en,name.de\n"
    if kind.startswith("csv"):
        path = p.file("data/demo/cards.csv")
        with path.open("w", encoding="utf-8") as out:
            out.write(header)
            if kind == "csv-rows":
                for i in range(rows):
                    out.write(f"c{i},red,{i % 9},N{i},N{i}\n")
            else:
                out.write("c1,red,1,N," + ",".join(["x"] * rows) + "\n")
    elif kind.startswith("xlsx"):
        path = p.file("data/demo/cards.xlsx")
        last = "XFD1048576" if kind == "xlsx-dimension" else "E2"
        cells = f'<c r="{last}" t="inlineStr"><is><t>x</t></is></c>'
        filler = " " * (rows * 100 if kind == "xlsx-bomb" else 0)
        sheet = (f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/'
                 f'spreadsheetml/2006/main"><dimension ref="A1:{last}"/><sheetData><row r="1">'
                 f'<c r="A1" t="inlineStr"><is><t>id</t></is></c></row><row r="{last[-7:].lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ") or 2}">'
                 f'{cells}</row></sheetData>{filler}</worksheet>')
        parts = {
            "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/'
                                   '2006/content-types"><Default Extension="rels" ContentType="application/vnd.'
                                   'openxmlformats-package.relationships+xml"/><Default Extension="xml" '
                                   'ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
                                   'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.'
                                   'sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType='
                                   '"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                                   '</Types>',
            "_rels/.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
                           '2006/relationships"><Relationship Id="r1" Type="http://schemas.openxmlformats.org/'
                           'officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
                           '</Relationships>',
            "xl/workbook.xml": '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/'
                               'spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/'
                               'officeDocument/2006/relationships"><sheets><sheet name="cards" sheetId="1" '
                               'r:id="r1"/></sheets></workbook>',
            "xl/_rels/workbook.xml.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.'
                                          'openxmlformats.org/package/2006/relationships"><Relationship Id="r1" '
                                          'Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                                          'relationships/worksheet" Target="worksheets/sheet1.xml"/>'
                                          '</Relationships>',
            "xl/worksheets/sheet1.xml": sheet,
        }
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for name, text in parts.items():
                z.writestr(name, text)
    else:
        path = p.file("data/demo/cards.ods")
        repeat = draw(st.sampled_from([10, 1000, 10 ** 6]))
        content = ('<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:'
                   'xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
                   'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body>'
                   '<office:spreadsheet><table:table table:name="cards"><table:table-row>'
                   '<table:table-cell><text:p>id</text:p></table:table-cell></table:table-row>'
                   + f'<table:table-row table:number-rows-repeated="{repeat}"><table:table-cell '
                     f'table:number-columns-repeated="{repeat}"><text:p>x</text:p></table:table-cell>'
                     '</table:table-row>' * 30
                   + '</table:table></office:spreadsheet></office:body></office:document-content>')
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet", compress_type=zipfile.ZIP_STORED)
            z.writestr("content.xml", content)
        path.write_bytes(buffer.getvalue())
    p.edit("data/demo/game.yaml", "cards: cards.yaml", f"cards: {path.name}")


def symlink(p: Plant, draw) -> None:
    where = draw(st.sampled_from(["lang", "game.yaml", "game-folder", "template-folder", "include", "icons",
                                  "rules", "art", "art-file", "output", "output-up", "cache", "fonts"]))
    out = p.file("output")
    if where == "lang":
        p.file("data/demo/lang/en.yaml").unlink()
        os.symlink(p.outside / "en.yaml", p.file("data/demo/lang/en.yaml"))
    elif where == "game.yaml":
        (p.outside / "game.yaml").write_text(p.file("data/demo/game.yaml").read_text(encoding="utf-8")
                                             .replace("Demo", SECRET), encoding="utf-8")
        p.file("data/demo/game.yaml").unlink()
        os.symlink(p.outside / "game.yaml", p.file("data/demo/game.yaml"))
    elif where == "game-folder":
        p.file("data/demo").rename(p.outside / "demo")
        os.symlink(p.outside / "demo", p.file("data/demo"))
    elif where == "template-folder":
        p.file("templates/demo").rename(p.outside / "tdemo")
        os.symlink(p.outside / "tdemo", p.file("templates/demo"))
    elif where == "include":
        os.symlink(p.outside / "secret.txt", p.file("templates/demo/leak.txt"))
        p.body("<!-- {% include 'leak.txt' %} -->")
    elif where == "icons":
        (p.outside / "icons.yaml").write_text(f"star: {{path: 'M0 0', note: {SECRET}}}\n", encoding="utf-8")
        p.file("templates/_common/icons.yaml").unlink()
        os.symlink(p.outside / "icons.yaml", p.file("templates/_common/icons.yaml"))
    elif where == "rules":
        p.file("data/demo/rules/en.md").unlink()
        os.symlink(p.outside / "rules.md", p.file("data/demo/rules/en.md"))
        p.command = ["rules", "--lang", "en", "--out", str(p.root / "out")]
        return
    elif where in ("art", "art-file"):
        if where == "art":
            os.symlink(p.outside, p.file("art"))
        else:
            p.file("art").mkdir()
            os.symlink(p.outside / "secret.png", p.file("art/secret.png"))
        p.body('{{ picture("art/secret.png", 0, 0, 10, 10) }}')
    elif where == "output":
        os.symlink(p.victim, out)
    elif where == "output-up":
        os.symlink("../victim", out)
    elif where == "cache":
        out.mkdir()
        os.symlink(p.victim / ".cache", out / ".cache")
    else:
        p.file("fonts/PTS55F.ttf").rename(p.outside / "PTS55F.ttf")
        os.symlink(p.outside / "PTS55F.ttf", p.file("fonts/PTS55F.ttf"))
    command = draw(st.sampled_from(["check", "build", "clean"]))
    p.command = {"check": ["check"], "clean": ["clean"],
                 "build": ["build", "--lang", "en", "--no-booklets"]}[command]


def plugin(p: Plant, draw) -> None:
    marker = p.victim / "PLUGIN-RAN"
    (p.file("plugins")).mkdir()
    (p.file("plugins/evil.py")).write_text(f"open({str(marker)!r}, 'w').write('ran')\n", encoding="utf-8")
    with p.file("deckgen.yaml").open("a", encoding="utf-8") as f:
        f.write("plugins: [plugins/evil.py]\n")
    p.command = [draw(st.sampled_from(["check", "list", "build", "schema", "judge"]))]
    if p.command == ["judge"]:
        p.command = ["judge", "demo", str(p.outside / "secret.txt")]


KINDS = {f.__name__: f for f in (schema_ref, use_graph, entities, picture, font, non_finite, run_pattern,
                                 spreadsheet, symlink, plugin)}
if os.environ.get("DECKGEN_FUZZ_KINDS"):  # e.g. DECKGEN_FUZZ_KINDS=symlink,plugin: fuzz only those
    KINDS = {name: KINDS[name] for name in os.environ["DECKGEN_FUZZ_KINDS"].split(",")}


# --- the run and its invariants -------------------------------------------------------------------

def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*"))
            if path.is_file() and not path.is_symlink()}


def written(root: Path) -> bytes:
    """Everything deckgen wrote (output folders), as one byte string to search."""
    found = []
    for folder in (root / "out", root / "project" / "output"):
        if folder.is_dir() and not folder.is_symlink():
            for path in folder.rglob("*"):
                if path.is_file() and not path.is_symlink():
                    found.append(path.read_bytes())
    return b"\n".join(found)


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    """A starter project in English only, made once and copied for every example."""
    base = tmp_path_factory.mktemp("starter") / "project"
    subprocess.run([sys.executable, "-m", "deckgen", "new", str(base)], cwd=ROOT, check=True, capture_output=True)
    text = (base / "deckgen.yaml").read_text(encoding="utf-8")
    (base / "deckgen.yaml").write_text(re.sub(r"^languages: .*$", "languages: [en, de]", text, flags=re.M)
                                       + "limits: {cards: 2000, string: 20000, template_steps: 200000}\n",
                                       encoding="utf-8")
    yield base
    print(f"\nhostile inputs: {sum(OUTCOMES.values())} runs, "
          + ", ".join(f"{k}: {v}" for k, v in sorted(OUTCOMES.items())))


def test_hostile_inputs_end_in_ok_or_located_lines(starter, tmp_path_factory):
    import shutil

    @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])
    @given(kind=st.sampled_from(sorted(KINDS)), data=st.data())
    def one(kind, data):
        root = tmp_path_factory.mktemp(f"in-{kind}")
        shutil.copytree(starter, root / "project", symlinks=True)
        plant = Plant(root)
        KINDS[kind](plant, data.draw)
        victim_before = snapshot(plant.victim)
        net = root / "network.log"
        env = {**os.environ, "DECKGEN_FUZZ_NET": str(net), "PYTHONPATH": str(ROOT)}
        env.pop("DECKGEN_TRUST", None)
        try:
            run = subprocess.run([sys.executable, "-c", GUARDED, *plant.command, "--project", str(plant.project)],
                                 cwd=root, env=env, capture_output=True, text=True, timeout=SECONDS,
                                 preexec_fn=_cap_memory)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{kind} {plant.command}: no answer within {SECONDS} s (a hang)")
        output = run.stdout + run.stderr
        shown = f"{kind} {' '.join(plant.command)}, exit {run.returncode}:\n{output[-3000:]}"
        assert "Traceback" not in output and "MemoryError" not in output, shown
        assert run.returncode in (0, 2), shown
        assert not net.exists(), f"a network connection was opened: {net.read_text()}\n{shown}"
        assert snapshot(plant.victim) == victim_before, f"a file outside the output folder changed\n{shown}"
        assert not (plant.victim / "PLUGIN-RAN").exists(), f"a plugin ran without trust\n{shown}"
        assert SECRET not in output, f"a file outside the project was read\n{shown}"
        assert SECRET.encode() not in written(root), f"a file outside the project was printed\n{shown}"
        if run.returncode == 2:
            errors = [line for line in output.splitlines()
                      if line and not COUNT.match(line) and ": warning: " not in line
                      and not line.startswith(("warning: ", "rendering", "drawing", "documents", "wrote "))]
            assert errors, shown
            unlocated = [line for line in errors if not LOCATED.match(line)]
            assert not unlocated, shown
        OUTCOMES[f"{kind} exit {run.returncode}"] += 1
        shutil.rmtree(root, ignore_errors=True)

    one()
