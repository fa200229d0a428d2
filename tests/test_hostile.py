"""Hostile and broken input (issue 18): each mistake of the issue gives its exact located line and exit 2,
the output folder is left as it was, limits stop absurd input quickly, and nothing reaches beyond the project.

Most cases use a copy of the tiny demo project (tests/projects/format1: three cards); the cases the issue
found in the bundled games use a copy of the classic game in English only.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import PROJECTS, ROOT, copy_project
from deckgen.cli import main


# ------------------------------------------------------------------ helpers


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def lines(result) -> list[str]:
    return result.output.strip().splitlines()


def snapshot(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, needle: str, nth: int = 0) -> int:
    found = [i for i, l in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in l]
    assert len(found) > nth, needle
    return found[nth]


@pytest.fixture
def out(tmp_path):
    """An output folder holding an earlier build's file, which a failed build must leave as it was."""
    folder = tmp_path / "out"
    (folder / "demo").mkdir(parents=True)
    (folder / "demo" / "demo-en-a4.pdf").write_bytes(b"%PDF-1.4 an earlier good build\n")
    return folder


@pytest.fixture
def demo(tmp_path):
    """A copy of the demo project (format 2, so no note comes first)."""
    dest = tmp_path / "demo"
    shutil.copytree(PROJECTS / "format1", dest)
    shutil.copytree(ROOT / "fonts", dest / "fonts")  # a link out of the project would be refused
    edit(dest / "deckgen.yaml", "name: My card games", "format: 2\nname: My card games")
    return dest


@pytest.fixture
def classic(tmp_path):
    """The bundled classic game, in English only (the languages do not matter to these mistakes)."""
    proj = copy_project(tmp_path / "classic", "classic")
    edit(proj / "deckgen.yaml", "languages: [en, de, fr, ru]", "languages: [en]")
    return proj


def fails_with(result, out: Path, before: dict, first: str, problems: int = 1) -> list[str]:
    """Exit 2, ``first`` as the first line, the count last, no traceback, the output folder unchanged."""
    got = lines(result)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert got[0] == first, got[0]
    assert got[-1] == (f"{problems} problem" if problems == 1 else f"{problems} problems"), got
    assert snapshot(out) == before, "a failed run must leave the output folder as it was"
    return got


def build_demo(demo: Path, out: Path):
    """Build in English, drawing in this process (--jobs 1: no drawing processes started, and for a build that
    fails before drawing none to discard); the cache (what a build remembers, not its output) lives beside the
    project."""
    return run("build", "--project", demo, "--lang", "en", "--dpi", "72", "--jobs", "1", "-q", "--out", out,
               "--cache", demo.parent / "cache")


def build_classic(classic: Path, out: Path):
    return run("build", "classic", "--project", classic, "--lang", "en", "--dpi", "72", "--jobs", "1", "-q", "--out", out,
               "--cache", classic.parent / "cache")


# ------------------------------------------------------------------ the mistakes the issue found


def test_svg_syntax_error_is_located_in_build(classic, out):
    tpl = classic / "templates/classic/back.svg.j2"
    edit(tpl, "</g>\n", "</rect>\n")
    first = (f"templates/classic/back.svg.j2:{line_of(tpl, '</rect>')}: back of classic [en]: </rect> closes no "
             f"open <rect> (the element open here is <g>, from templates/classic/back.svg.j2:"
             f"{line_of(tpl, '<g fill=')}) (and 1 more face)")
    before = snapshot(out)  # "1 more face": the deck's variant, the same mistake said once
    fails_with(build_classic(classic, out), out, before, first)


def test_check_parses_every_rendered_face(demo, out):
    tpl = demo / "templates/demo/front.svg.j2"
    edit(tpl, '<rect width="{{ geo.W }}" height="{{ geo.H }}" fill="url(#bg)"/>',
         '<rect width="{{ geo.W }}" height="{{ geo.H }}" fill="url(#bg)">')
    opened = line_of(tpl, 'fill="url(#bg)">')
    first = (f"templates/demo/front.svg.j2:{opened}: card ember [en]: <rect> is never closed: end it with /> or "
             f"</rect> (the SVG breaks at templates/_common/base.svg.j2:5) (and 5 more faces)")
    checked = run("check", "--project", demo)
    assert checked.exit_code == 2 and lines(checked) == [first, "1 problem"], checked.output
    before = snapshot(out)
    fails_with(build_demo(demo, out), out, before, first.replace("(and 5 more faces)", "(and 2 more faces)"))


def test_a_typo_in_a_card_is_one_problem_not_a_cascade(classic, out):
    cards = classic / "data/classic/suits.yaml"
    edit(cards, "{id: sabers-5, suit: sabers", "{id: sabers-5, siut: sabers")
    before = snapshot(out)
    got = fails_with(build_classic(classic, out), out, before,
                     f"data/classic/suits.yaml:{line_of(cards, 'siut')}:18: card 5.siut: unknown key 'siut' "
                     f"(did you mean 'suit'?)")
    assert got[1] == ("data/classic/suits.yaml: warning: 60 cards of suits.yaml not loaded, so deck 'classic' "
                      "and the texts naming its cards are not checked")
    assert len(got) == 3
    assert not any("unknown card id" in l or "unknown deck" in l for l in got)


def test_a_typo_in_a_lang_file_is_named_once(classic, out):
    lang = classic / "data/classic/lang/en.yaml"
    edit(lang, "  coins-5: {name: ", "  coins-5: {nmae: ")
    before = snapshot(out)
    got = fails_with(build_classic(classic, out), out, before,
                     f"data/classic/lang/en.yaml:{line_of(lang, 'nmae')}:13: cards.coins-5.nmae: unknown key "
                     f"'nmae' (did you mean 'name'? a card's texts in this game: name, table_name; game.yaml card_texts)")
    assert len(got) == 2
    checked = run("check", "classic", "--project", classic)
    assert checked.exit_code == 2 and lines(checked)[0] == got[0]


def test_build_and_check_agree_on_a_text_no_template_uses(demo, out):
    edit(demo / "templates/demo/front.svg.j2", '{{ text(name, ', '{{ text("", ')
    lang = demo / "data/demo/lang/en.yaml"
    edit(lang, "  tide: {name: Tide}\n", "")
    first = f"data/demo/lang/en.yaml:{line_of(lang, 'cards:')}:1: cards.tide.name: missing: this text"
    checked = run("check", "--project", demo)
    assert checked.exit_code == 2 and lines(checked)[0] == first, checked.output
    before = snapshot(out)
    fails_with(build_demo(demo, out), out, before, first)


def test_a_card_field_typo_names_the_card_fields(demo, out):
    tpl = demo / "templates/demo/front.svg.j2"
    edit(tpl, "card.value | string", "card.vaule | string")
    before = snapshot(out)
    fails_with(build_demo(demo, out), out, before,
               f"templates/demo/front.svg.j2:{line_of(tpl, 'vaule')}: card has no field 'vaule' "
               f"(fields: id, count, colour, value) (rendering ember)")


def test_wrong_type_in_a_card_says_card_n(demo, out):
    cards = demo / "data/demo/cards.yaml"
    edit(cards, "value: 5}", "value: five}")
    before = snapshot(out)
    fails_with(build_demo(demo, out), out, before,
               "data/demo/cards.yaml:2:28: card 2.value: expected integer, got 'five'")


def test_decisions_into_a_closed_pipe_says_nothing(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "deckgen.cli", "decisions", "classic", "--lang", "all",
                             "--project", str(ROOT)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # like `| head` that has already stopped reading
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert b"Broken pipe" not in err and b"BrokenPipeError" not in err and err == b"", err


def test_an_internal_error_exits_1_with_a_hint(demo, monkeypatch):
    import deckgen.loader

    def broken(*args, **kwargs):
        raise RuntimeError("an invented bug")

    monkeypatch.setattr(deckgen.loader, "load_project", broken)
    result = run("list", "--project", demo)
    assert result.exit_code == 1
    assert "deckgen: internal error: RuntimeError: an invented bug" in result.output
    assert "please report it" in result.output


# ------------------------------------------------------------------ limits (set low: nothing is timed)


def set_limits(project: Path, **limits) -> None:
    text = (project / "deckgen.yaml").read_text(encoding="utf-8")
    items = ", ".join(f"{k}: {v}" for k, v in limits.items())
    (project / "deckgen.yaml").write_text(text + f"limits: {{{items}}}\n", encoding="utf-8")


def test_a_yaml_alias_bomb_is_refused(demo, out):
    set_limits(demo, values=1000)
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{n}: &{n} [{', '.join([f'*{p}'] * 10)}]\n" for p, n in zip("abcdefgh", "bcdefghi"))
    (demo / "data/demo/cards.yaml").write_text(bomb, encoding="utf-8")
    before = snapshot(out)
    fails_with(build_demo(demo, out), out, before,
               "data/demo/cards.yaml:1:1: document too large: more than 1000 values (aliases expanding too far?; "
               "limits.values in deckgen.yaml)")


def test_a_huge_string_and_a_huge_file_are_refused(demo, out):
    set_limits(demo, string=500, file_bytes=4000)
    lang = demo / "data/demo/lang/en.yaml"
    edit(lang, "{name: Tide}", "{name: " + "T" * 600 + "}")
    before = snapshot(out)
    fails_with(build_demo(demo, out), out, before,
               f"data/demo/lang/en.yaml:{line_of(lang, 'TTT')}:16: a text of 600 characters, more than the limit "
               f"of 500 (limits.string in deckgen.yaml)")
    edit(lang, "{name: " + "T" * 600 + "}", "{name: Tide}")
    (demo / "data/demo/cards.yaml").write_text("# padding\n" * 500 + "- {id: tide, colour: blue, value: 5}\n")
    fails_with(build_demo(demo, out), out, before,
               "data/demo/cards.yaml:1:1: file of 5037 bytes, more than the limit of 4000 (limits.file_bytes in "
               "deckgen.yaml)")


def test_too_many_cards_are_refused(demo, out):
    set_limits(demo, cards=50)
    cards = demo / "data/demo/cards.yaml"
    edit(cards, "{id: tide, colour: blue, value: 5}", "{id: tide, colour: blue, value: 5, count: 60}")
    before = snapshot(out)
    fails_with(build_demo(demo, out), out, before,
               f"data/demo/cards.yaml:{line_of(cards, 'count: 60')}:38: card 2.count: deck 'demo' would have more "
               f"than 50 cards (limits.cards in deckgen.yaml)")
    edit(cards, "count: 60}", "count: 10000000}")
    fails_with(build_demo(demo, out), out, before,
               f"data/demo/cards.yaml:{line_of(cards, 'count: 1000')}:38: card 2.count: 10000000 is out of range "
               f"(maximum 999)")


@pytest.mark.parametrize("body,message", [
    ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
     "the template takes more than 5000 steps (calls, loop turns, output pieces): a loop that does not end? "
     "(limits.template_steps in deckgen.yaml)"),
    ("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(1) }}",
     "calls nested more than 8 deep: a macro calling itself without end? (limits.template_depth in deckgen.yaml)"),
    ('{% set s = "x" * 100000000 %}',
     "a value of 100000000 items or characters, more than the limit of 100000 (limits.face_chars in deckgen.yaml)"),
])
def test_a_template_without_end_is_stopped(demo, out, body, message):
    set_limits(demo, template_steps=5000, template_depth=8, face_chars=100000)
    tpl = demo / "templates/demo/back.svg.j2"
    edit(tpl, "{% block body %}\n", "{% block body %}\n" + body + "\n")
    before = snapshot(out)
    fails_with(build_demo(demo, out), out, before,
               f"templates/demo/back.svg.j2:{line_of(tpl, body[:12])}: back of demo [en]: {message}")


def test_a_template_including_itself_is_stopped(demo, out):
    (demo / "templates/demo/self.svg.j2").write_text('{% include "self.svg.j2" %}\n')
    tpl = demo / "templates/demo/back.svg.j2"
    edit(tpl, "{% block body %}\n", '{% block body %}\n{% include "self.svg.j2" %}\n')
    result = build_demo(demo, out)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert lines(result)[0].startswith("templates/demo/") and "without end" in lines(result)[0], result.output


def test_limits_are_checked_settings(demo):
    set_limits(demo, cards=0, template_stpes=3)
    result = run("list", "--project", demo)
    assert result.exit_code == 2
    got = lines(result)
    line = line_of(demo / "deckgen.yaml", "limits:")
    assert f"deckgen.yaml:{line}:10: limits.cards: 0 is out of range (minimum 1)" in got, got
    assert any(l.startswith(f"deckgen.yaml:{line}:") and "unknown key 'template_stpes'" in l for l in got), got


# ------------------------------------------------------------------ safety


def test_the_sandbox_keeps_templates_from_python_internals(demo, out):
    tpl = demo / "templates/demo/front.svg.j2"
    edit(tpl, "{% block body %}\n", "{% block body %}\n{{ card.__class__.__init__.__globals__ }}\n")
    before = snapshot(out)
    fails_with(build_demo(demo, out), out, before,
               f"templates/demo/front.svg.j2:{line_of(tpl, '__globals__')}: templates may not use '__class__' of a "
               f"card (Python internals are out of a template's reach) (rendering ember)")


def test_the_template_functions_work_in_the_sandbox(demo, tmp_path):
    """text(), t(), geo, box-free macros and loops render as before: the demo builds."""
    result = build_demo(demo, tmp_path / "fresh")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "fresh/demo/demo-en-a4.pdf").is_file()


@pytest.mark.parametrize("markup,what", [
    ('<image href="file:///etc/passwd" width="1" height="1"/>', "href 'file:///etc/passwd'"),
    ('<rect width="1" height="1" fill="url(http://example.com/x.svg)"/>', "fill 'http://example.com/x.svg'"),
    ('<use href="../../secret.svg#a"/>', "href '../../secret.svg#a'"),
])
def test_a_face_naming_something_outside_it_is_refused(demo, out, markup, what):
    tpl = demo / "templates/demo/back.svg.j2"
    edit(tpl, "{% block body %}\n", "{% block body %}\n" + markup + "\n")
    before = snapshot(out)
    fails_with(build_demo(demo, out), out, before,
               f"templates/demo/back.svg.j2:{line_of(tpl, markup[:10])}: back of demo [en]: {what} names something "
               f"outside the face: a face may point only at its own elements (#id) or embed data (data:); pictures "
               f"come from the project's art/ folder through picture()")


def test_an_icon_naming_a_file_is_refused_at_its_line(demo, out):
    icons = demo / "templates/demo/icons.yaml"
    icons.write_text("star:\n  viewbox: [0, 0, 10, 10]\n  svg: '<image href=\"/etc/passwd\"/>'\n")
    before = snapshot(out)
    fails_with(build_demo(demo, out), out, before,
               "templates/demo/icons.yaml:3:3: star.svg: '/etc/passwd' names something outside the icon (only #id "
               "and data: are allowed)")


def test_data_files_stay_in_their_game_folder(demo, out):
    game = demo / "data/demo/game.yaml"
    edit(game, "cards: cards.yaml", "cards: ../../../../etc/hosts.yaml")
    before = snapshot(out)
    fails_with(build_demo(demo, out), out, before,
               f"data/demo/game.yaml:{line_of(game, 'hosts.yaml')}:5: decks.demo.cards: "
               f"'../../../../etc/hosts.yaml' is outside data/demo/: a game's files stay in its folder")


@pytest.mark.parametrize("deck_id", ["../up", "a/b", ".."])
def test_a_deck_id_cannot_lead_a_file_elsewhere(demo, out, deck_id):
    for path in (demo / "data/demo/game.yaml", demo / "data/demo/lang/en.yaml", demo / "data/demo/lang/de.yaml"):
        edit(path, "demo:" if path.name == "game.yaml" else "{demo:", f'"{deck_id}":' if path.name == "game.yaml"
             else f'{{"{deck_id}":')
    before = snapshot(out)
    result = build_demo(demo, out)
    assert result.exit_code == 2, result.output
    assert lines(result)[0] == f"data/demo/game.yaml:5:1: decks: {deck_id!r} does not match the pattern " \
                               f"^[a-z0-9][a-z0-9-]*$", result.output
    assert snapshot(out) == before


def test_output_paths_outside_the_output_folder_are_refused(tmp_path):
    from deckgen.errors import DeckgenError
    from deckgen.output import inside

    assert inside(tmp_path, tmp_path / "a" / "b.pdf") == tmp_path / "a" / "b.pdf"
    with pytest.raises(DeckgenError, match="outside the output folder"):
        inside(tmp_path / "out", tmp_path / "out" / ".." / "elsewhere.pdf")


def test_cairosvg_reads_no_file_a_face_names(tmp_path):
    """The second guard: even an SVG that reached the rasterizer could not read a local picture."""
    from PIL import Image

    from deckgen.render.raster import rasterize

    red = tmp_path / "red.png"
    Image.new("RGB", (8, 8), (255, 0, 0)).save(red)
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">'
           f'<image href="{red.as_uri()}" x="0" y="0" width="10" height="10"/></svg>')
    image = rasterize(svg, 10, 10)
    assert set(image.rgb()) == {255}, "the picture was read"


# ------------------------------------------------------------------ atomic writes


def test_a_failed_write_keeps_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    from deckgen.output import write_atomic
    from deckgen.render.store import Store

    target = tmp_path / "deck-en-a4.pdf"
    write_atomic(target, b"old complete file")

    def killed(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"new file, never finished")
    store = Store(tmp_path / "cache")
    with pytest.raises(KeyboardInterrupt):
        store.put("faces", "ab" * 32, {"svg": "x"})
    monkeypatch.undo()
    assert target.read_bytes() == b"old complete file"
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["deck-en-a4.pdf"]
