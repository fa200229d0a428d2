"""One boundary for every path: symlinks a project ships never lead deckgen to read, write or delete outside it.

The cases of the security review (docs/threat-model.md promises 2 and 3): finding 2 (a symlinked
``output/`` or ``output/.cache``, ``clean`` through ``output -> ../..``), finding 4 (lang files,
game.yaml, the game folder, templates and includes, icons, rules, art, fonts, the fingerprint walk),
findings 14 and 15 (stale temporary files, ``clean`` of a cache deckgen did not make).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import main

SECRET = "TOP-SECRET-OUTSIDE"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def refused(result, *needles: str) -> str:
    """Exit 2, one located line (naming each of ``needles``) and the count, no traceback."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and SECRET not in result.output, result.output
    got = result.output.strip().splitlines()
    assert got[-1] == "1 problem", got
    assert len(got) == 2, got
    for needle in needles:
        assert needle in got[0], got[0]
    return got[0]


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("starter") / "proj"
    assert run("new", folder).exit_code == 0
    return folder


@pytest.fixture
def proj(tmp_path, starter) -> Path:
    """A fresh copy of the starter project (its fonts hard-linked: quick)."""
    import shutil

    dest = tmp_path / "proj"
    shutil.copytree(starter, dest, copy_function=os.link)
    for path in dest.rglob("*.yaml"):  # the tests edit these: not shared with the starter
        path.write_bytes(path.read_bytes())
    for path in (dest / "templates").rglob("*.j2"):
        path.unlink()
        path.write_bytes((starter / path.relative_to(dest)).read_bytes())
    return dest


@pytest.fixture
def outside(tmp_path) -> Path:
    """A folder outside the project holding a secret file and a copy of a game's files."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret.txt").write_text(SECRET + "\n")
    return folder


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def replace_with_link(path: Path, target: Path) -> None:
    import shutil

    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()
    os.symlink(target, path)


# ------------------------------------------------------------------ finding 2: output and cache


def test_a_symlinked_output_folder_is_refused_and_nothing_is_written_through_it(proj, outside):
    replace_with_link(proj / "output", outside)
    before = files(outside)
    line = refused(run("build", "--project", proj, "--lang", "en", "--dpi", "72", "--jobs", "1", "--no-booklets", "-q"),
                   "output", "leads outside the project")
    assert line.startswith(str(proj / "output") + ": ")
    assert files(outside) == before


def test_clean_through_output_link_to_home_deletes_nothing(tmp_path):
    home = tmp_path / "home"
    (home / ".cache" / "pip").mkdir(parents=True)
    (home / ".cache" / "pip" / "wheel.txt").write_text("the user's cache")
    (home / "Downloads").mkdir()
    project = home / "Downloads" / "proj"
    assert run("new", project).exit_code == 0
    replace_with_link(project / "output", Path("../.."))
    refused(run("clean", "--project", project), "output", "leads outside the project")
    assert (home / ".cache" / "pip" / "wheel.txt").read_text() == "the user's cache"


def test_clean_of_a_named_out_deletes_no_cache_deckgen_did_not_make(proj, tmp_path):
    home = tmp_path / "home"
    (home / ".cache").mkdir(parents=True)
    (home / ".cache" / "precious.txt").write_text("mine")
    result = run("clean", "--project", proj, "--out", home)  # a build into home would use the project's cache
    assert result.exit_code == 0 and "precious" not in result.output, result.output
    refused(run("clean", "--project", proj, "--cache", home / ".cache"), "not a cache deckgen made")
    assert (home / ".cache" / "precious.txt").read_text() == "mine"


@pytest.mark.parametrize("command", [["build", "--lang", "en", "--dpi", "72", "--jobs", "1", "--no-booklets", "-q"],
                                     ["clean"]])
def test_a_symlinked_cache_is_one_line_and_nothing_is_written_or_deleted(proj, outside, command):
    (proj / "output").mkdir(exist_ok=True)
    (outside / "precious.txt").write_text("mine")
    replace_with_link(proj / "output" / ".cache", outside)
    before = files(outside)
    refused(run(*command, "--project", proj), "--cache", "leads outside the output folder")
    assert files(outside) == before


def test_a_named_symlinked_cache_is_not_emptied(proj, outside):
    (outside / "rasters").mkdir()
    (outside / "rasters" / "precious.txt").write_text("mine")
    link = proj.parent / "cache-link"
    os.symlink(outside, link)
    refused(run("clean", "--project", proj, "--cache", link), "symlink")
    assert (outside / "rasters" / "precious.txt").read_text() == "mine"


def test_a_link_planted_inside_the_cache_is_not_written_through(proj, outside):
    from deckgen.errors import DeckgenError
    from deckgen.render.store import Store

    cache = proj / "output" / ".cache"
    cache.mkdir(parents=True)
    os.symlink(outside, cache / "faces")
    with pytest.raises(DeckgenError, match="leads outside the cache folder"):
        Store(cache).put("faces", "ab" * 32, {"x": 1})
    assert not any(outside.rglob("*.json"))


def test_build_marks_its_cache_and_clean_deletes_only_its_entries_and_stale_temporaries(proj, tmp_path):
    stale = proj / "output" / "demo" / ".demo-en-a4.pdf.ab12cd34.tmp"
    young = proj / "output" / "demo" / ".demo-en-cards.pdf.zz99yy88.tmp"
    mine = proj / "output" / "demo" / ".notes.txt"
    stale.parent.mkdir(parents=True)
    for path in (stale, young, mine):
        path.write_bytes(b"partial")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    result = run("build", "--project", proj, "--lang", "en", "--dpi", "72", "--jobs", "1", "--no-booklets", "-q")
    assert result.exit_code == 0, result.output
    cache = proj / "output" / ".cache"
    assert (cache / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55")
    assert not stale.exists(), "the next build removes a killed build's old temporary file"
    assert young.exists() and mine.exists(), "a young one may be a running build's; other files stay"
    (cache / "user-notes.txt").write_text("not deckgen's")
    leftover = cache / "rasters" / ".x.ab12cd34.tmp"
    leftover.write_bytes(b"partial")
    result = run("clean", "--project", proj)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in cache.iterdir()) == ["CACHEDIR.TAG", "user-notes.txt"]
    assert (proj / "output" / "demo" / "demo-en-a4.pdf").is_file(), "output files stay"


def test_sweep_removes_only_old_temporaries_of_deckgen_and_follows_no_link(tmp_path, outside):
    from deckgen.output import sweep_stale

    old = time.time() - 3600
    names = [".deck.pdf.abcd_123.tmp", ".deck.pdf.ABCD1234.tmp", "deck.pdf.abcd1234.tmp", ".deck.pdf.abcd1234.tmp"]
    for name in names:
        (tmp_path / name).write_bytes(b"x")
        os.utime(tmp_path / name, (old, old))
    victim = outside / ".victim.pdf.abcd1234.tmp"
    victim.write_bytes(b"x")
    os.utime(victim, (old, old))
    os.symlink(victim, tmp_path / ".link.pdf.abcd1234.tmp")
    os.symlink(outside, tmp_path / "sub")
    removed = sweep_stale([tmp_path])
    assert sorted(p.name for p in removed) == [".deck.pdf.abcd1234.tmp", ".deck.pdf.abcd_123.tmp"]
    assert victim.exists()


# ------------------------------------------------------------------ finding 4: reads


def check(proj: Path):
    return run("check", "--project", proj, "--lang", "en")


def test_a_lang_file_linked_outside_is_refused(proj, outside):
    text = (proj / "data/demo/lang/en.yaml").read_text()
    (outside / "en.yaml").write_text(text.replace("name:", f"name: {SECRET} #", 1))
    replace_with_link(proj / "data/demo/lang/en.yaml", outside / "en.yaml")
    refused(check(proj), "data/demo/lang/en.yaml", "leads outside data/demo/")


def test_a_game_yaml_linked_outside_is_refused(proj, outside):
    (outside / "game.yaml").write_bytes((proj / "data/demo/game.yaml").read_bytes())
    replace_with_link(proj / "data/demo/game.yaml", outside / "game.yaml")
    line = refused(check(proj), "data/demo/game.yaml", "leads outside the project")
    assert line.startswith("deckgen.yaml:")


def test_a_game_folder_linked_outside_is_refused(proj, outside):
    import shutil

    shutil.copytree(proj / "data" / "demo", outside / "demo")
    replace_with_link(proj / "data" / "demo", outside / "demo")
    line = refused(check(proj), "data/demo", "leads outside the project")
    assert line.startswith("deckgen.yaml:")


def test_a_template_folder_linked_outside_is_refused(proj, outside):
    import shutil

    shutil.copytree(proj / "templates" / "demo", outside / "tpl")
    replace_with_link(proj / "templates" / "demo", outside / "tpl")
    refused(check(proj), "templates/demo", "leads outside templates/")


def test_an_include_of_a_file_linked_outside_is_refused(proj, outside):
    os.symlink(outside / "secret.txt", proj / "templates/demo/leak.txt")
    front = proj / "templates/demo/front.svg.j2"
    front.write_text(front.read_text().replace("{% block body %}", "{% block body %}<!-- {% include 'leak.txt' %} -->"))
    refused(check(proj), "templates/demo/leak.txt", "leads outside templates/demo/")
    result = run("export", "--project", proj, "--lang", "en", "--format", "svg", "--out", proj / "output")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert all(SECRET.encode() not in data for data in files(proj / "output").values())


def test_icons_linked_outside_are_refused(proj, outside):
    (outside / "icons.yaml").write_bytes((proj / "templates/_common/icons.yaml").read_bytes())
    replace_with_link(proj / "templates/_common/icons.yaml", outside / "icons.yaml")
    refused(check(proj), "templates/_common/icons.yaml", "leads outside templates/_common/")


def test_rules_linked_outside_are_refused(proj, outside):
    from deckgen.errors import DeckgenError
    from deckgen.rulebook.source import read_source

    (outside / "en.md").write_text(f"# Rules\n\n{SECRET}\n")
    path = proj / "data/demo/rules/en.md"
    replace_with_link(path, outside / "en.md")
    with pytest.raises(DeckgenError, match="leads outside the game's folder") as caught:
        read_source(path, "data/demo/rules/en.md", "en")
    assert str(caught.value).startswith("data/demo/rules/en.md: ")
    result = run("rules", "--project", proj, "--lang", "en", "--out", proj / "output")
    assert result.exit_code == 2 and "leads outside the game's folder" in result.output, result.output
    assert all(SECRET.encode() not in data for data in files(proj / "output").values())


def test_a_picture_in_an_art_folder_linked_outside_is_refused(proj, outside):
    from deckgen.render.templates import place_picture

    (outside / "secret.png").write_bytes(b"\x89PNG not really")
    os.symlink(outside, proj / "art")
    placed = place_picture(proj, "art/secret.png", 0, 0, 10, 10)
    assert placed.svg == "" and "leads outside the project" in placed.problem


def test_fonts_linked_outside_are_refused(proj, outside):
    import shutil

    shutil.copytree(proj / "fonts", outside / "fonts")
    replace_with_link(proj / "fonts", outside / "fonts")
    result = check(proj)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert all(l.startswith("deckgen.yaml:") and "leads outside the project's fonts/ folder" in l
               for l in result.output.strip().splitlines()[:-1]), result.output


def test_the_fingerprint_walk_opens_nothing_outside_and_no_fifo(proj, outside, monkeypatch):
    import deckgen.render.decks
    import deckgen.render.store
    from deckgen.build import Fingerprints
    from deckgen.loader import load_project

    os.mkfifo(outside / "pipe.png")  # opening it would hang
    (outside / "big.png").write_bytes(b"x" * 100)
    os.symlink(outside, proj / "art")  # art -> a folder outside (the review: art -> /usr/share)
    (proj / "templates/demo/notes.txt").symlink_to(outside / "secret.txt")
    os.mkfifo(proj / "templates/demo/pipe.txt")
    opened = []
    real = deckgen.render.store.hash_file
    monkeypatch.setattr(deckgen.render.decks, "hash_file", lambda path: opened.append(Path(path)) or real(path))
    prints = Fingerprints(load_project(proj))
    prints.tree(proj / "art")
    prints.tree(proj / "templates" / "demo")
    assert opened and all(p.resolve().is_relative_to(proj) for p in opened), opened
    assert not any(p.name in ("pipe.txt", "notes.txt") for p in opened)


def test_the_fingerprint_of_a_file_above_the_limit_does_not_read_it(proj, monkeypatch):
    import deckgen.render.decks
    from deckgen.build import Fingerprints
    from deckgen.loader import load_project

    (proj / "art").mkdir()
    (proj / "art" / "huge.png").write_bytes(b"x" * 2048)
    project = load_project(proj)
    from dataclasses import replace

    project = replace(project, limits=replace(project.limits, file_bytes=1024))
    monkeypatch.setattr(deckgen.render.decks, "hash_file", lambda path: pytest.fail(f"read {path}"))
    assert Fingerprints(project).file(proj / "art" / "huge.png").startswith("size 2048 ")


def test_a_named_out_may_lie_anywhere(proj, tmp_path):
    from deckgen.project import default_output

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.symlink(elsewhere, tmp_path / "out-link")
    assert default_output(proj) == proj / "output"
    from deckgen.output import cache_folder

    assert cache_folder(tmp_path / "out-link") == tmp_path / "out-link" / ".cache"


def test_a_layout_linked_outside_is_refused(proj, outside):
    from deckgen.errors import DeckgenError
    from deckgen.layout.layouts import load_layout

    (outside / "mine.yaml").write_text("description: from elsewhere\n")
    (proj / "layouts").mkdir()
    os.symlink(outside / "mine.yaml", proj / "layouts" / "mine.yaml")
    with pytest.raises(DeckgenError, match="leads outside layouts/") as caught:
        load_layout("mine", proj)
    assert str(caught.value).startswith("layouts/mine.yaml: ")


def test_a_preset_linked_outside_is_refused(proj, outside):
    from deckgen.errors import DeckgenError
    from deckgen.presets import load_preset

    (outside / "mine.yaml").write_text("title: from elsewhere\n")
    (proj / "presets").mkdir()
    os.symlink(outside / "mine.yaml", proj / "presets" / "mine.yaml")
    with pytest.raises(DeckgenError, match="leads outside presets/") as caught:
        load_preset("mine", proj)
    assert str(caught.value).startswith("presets/mine.yaml: ")


def test_a_cache_made_by_check_is_marked_and_clean_empties_it(proj):
    assert check(proj).exit_code == 0
    cache = proj / "output" / ".cache"
    assert (cache / "CACHEDIR.TAG").is_file() and (cache / "faces").is_dir()
    result = run("clean", "--project", proj)
    assert result.exit_code == 0, result.output
    assert [p.name for p in cache.iterdir()] == ["CACHEDIR.TAG"]


def test_a_gallery_folder_linked_outside_is_refused(proj, outside):
    (proj / "output").mkdir()
    os.symlink(outside, proj / "output" / "preview")
    refused(run("preview", "--project", proj, "--lang", "en"), "output/preview", "leads outside the output folder")
    assert [p.name for p in outside.iterdir()] == ["secret.txt"]


def test_a_cache_folder_deckgen_did_not_make_is_never_marked(tmp_path):
    from deckgen.output import is_deckgen_cache, mark_cache

    theirs, old, new = tmp_path / "theirs", tmp_path / "old", tmp_path / "new"
    (theirs / "pip").mkdir(parents=True)
    (old / "rasters").mkdir(parents=True)
    for folder in (theirs, old, new):
        mark_cache(folder)
    assert not is_deckgen_cache(theirs) and is_deckgen_cache(old) and is_deckgen_cache(new)


@pytest.mark.parametrize("where", ["absolute", "link"])
def test_a_presets_colour_profile_outside_the_project_is_refused(proj, outside, where):
    from deckgen.errors import DeckgenError
    from deckgen.presets import load_preset

    (outside / "shop.icc").write_bytes(b"\0" * 36 + b"acsp" + b"\0" * 100)
    if where == "link":
        os.symlink(outside / "shop.icc", proj / "shop.icc")
    spec = str(outside / "shop.icc") if where == "absolute" else "shop.icc"
    (proj / "presets").mkdir()
    (proj / "presets" / "shop.yaml").write_text(
        "title: Shop\nwriter: split-pdf\nsizes:\n  default: {trim: deck, dpi: 40}\n"
        f"colour: {{mode: cmyk, profile: '{spec}'}}\nfiles: \"{{deck}}_{{lang}}_{{side}}\"\n")
    with pytest.raises(DeckgenError, match="leads outside the project") as caught:
        load_preset("shop", proj)
    problem = caught.value.problems[0]
    assert (problem.file, problem.line, problem.field) == ("presets/shop.yaml", 5, "colour.profile"), str(problem)
