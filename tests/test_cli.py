"""The command line as a user sees it: list, check, judge, new, help, python -m."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from deckgen.cli import main
from tests.conftest import ROOT

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)


def invoke(*args):
    return CliRunner().invoke(main, list(args))


def test_list_shows_games_decks_counts_languages():
    result = invoke("list", "--project", str(ROOT))
    assert result.exit_code == 0, result.output
    assert "languages: en, de, fr, ru" in result.output
    assert "classic: 76 cards" in result.output


def test_help_has_examples_for_every_command():
    for cmd in ("build", "check", "judge", "list", "new", "preview", "serve", "showcase", "decisions"):
        result = invoke(cmd, "--help")
        assert result.exit_code == 0 and "Example" in result.output


def test_python_dash_m():
    result = subprocess.run([sys.executable, "-m", "deckgen", "--version"], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0 and "deckgen" in result.stdout


def test_judge_prints_json(tmp_path):
    f = tmp_path / "showdown.yaml"
    f.write_text("players:\n  - {name: A, hand: [coins:11, sabers:ace]}\n"
                 "  - {name: B, hand: ['face:idiot', flasks:2, staves:3]}\n")
    result = invoke("judge", "classic", str(f), "--project", str(ROOT))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["winners"] == ["B"] and data["sabacc_pot_won"] is True


def test_judge_bad_card_is_located(tmp_path):
    f = tmp_path / "showdown.yaml"
    f.write_text("players:\n  - {name: A, hand: [coins:11, sabers:ace]}\n  - {name: B, hand: [flask:2, staves:3]}\n")
    result = invoke("judge", "classic", str(f), "--project", str(ROOT))
    assert result.exit_code == 2
    assert result.output.startswith(f"{f}:3:22: players.1.hand.0:")


def test_new_project_builds_and_checks(tmp_path):
    proj = tmp_path / "mine"
    assert invoke("new", str(proj)).exit_code == 0
    assert (proj / "deckgen.yaml").is_file() and any((proj / "fonts").glob("*.ttf"))
    assert not any(p.is_symlink() for p in proj.rglob("*"))
    result = invoke("check", "--project", str(proj))
    assert result.exit_code == 0, result.output
    out = tmp_path / "out"
    # --jobs 1: the eight faces drawn here, not in a pool of processes that each load cairo first (the
    # pool: test_build.py test_variant_and_base_share_rasters; the jobs: test_build_jobs.py)
    result = invoke("build", "--project", str(proj), "--dpi", "72", "--out", str(out), "--duplex", "short",
                    "--paper", "letter", "--jobs", "1")
    assert result.exit_code == 0, result.output
    reader = PdfReader(out / "demo" / "demo-en-letter.pdf")
    assert len(reader.pages) == 2  # 4 cards fit one sheet: fronts + backs
    assert invoke("new", str(proj)).exit_code == 2  # never overwrites


def test_duplex_none_has_no_backs_pages(tmp_path):
    proj = tmp_path / "mine"
    invoke("new", str(proj))
    out = tmp_path / "out"
    assert invoke("build", "--project", str(proj), "--dpi", "72", "--out", str(out), "--duplex", "none").exit_code == 0
    assert len(PdfReader(out / "demo" / "demo-en-a4.pdf").pages) == 1


def test_rebuild_is_byte_identical(tmp_path):
    proj = tmp_path / "mine"
    invoke("new", str(proj))
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        assert invoke("build", "--project", str(proj), "--dpi", "72", "--out", str(out), "--lang", "en").exit_code == 0
    for name in ("demo-en-a4.pdf", "demo-en-cards.pdf"):
        assert (a / "demo" / name).read_bytes() == (b / "demo" / name).read_bytes()


def test_preview_dash_o_still_writes_the_old_contact_sheet(tmp_path):
    from PIL import Image

    proj = tmp_path / "mine"
    invoke("new", str(proj))
    png = tmp_path / "p.png"
    result = invoke("preview", "demo", "ember", "tide", "--back", "--dpi", "50", "-o", str(png), "--project", str(proj))
    assert result.exit_code == 0, result.output
    image = Image.open(png)
    # two languages x (two cards + back) = 6 tiles in one row, each 69 mm wide at 50 dpi
    assert image.width > 6 * round(69 / 25.4 * 50)
    assert invoke("preview", "demo", "nosuchcard", "--project", str(proj), "-o", str(png)).exit_code == 2


def test_600_dpi_build(tmp_path):
    proj = tmp_path / "mine"
    invoke("new", str(proj))
    out = tmp_path / "out"
    # --jobs 1: the four faces drawn in this process, not in a pool of processes that each load cairo first
    result = invoke("build", "--project", str(proj), "--dpi", "600", "--out", str(out), "--lang", "en", "--jobs", "1")
    assert result.exit_code == 0, result.output
    from tests.pdfread import images_and_lines

    images, _ = images_and_lines(PdfReader(out / "demo" / "demo-en-cards.pdf"), 0)
    assert images[0].px_w == round(69 / 25.4 * 600) and abs(images[0].px_w / (images[0].w / 25.4) - 600) < 1


def test_unwritable_output_is_one_line_not_a_traceback(tmp_path):
    proj = tmp_path / "mine"
    invoke("new", str(proj))
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = invoke("build", "--project", str(proj), "--dpi", "72", "--out", str(blocker / "out"))
    assert result.exit_code == 1
    assert "Traceback" not in result.output and "Not a directory" in result.output


def test_decisions_lists_rules_with_judged_examples():
    for game in ("classic", "gladbach", "pazaak"):
        result = invoke("decisions", game, "--project", str(ROOT))
        assert result.exit_code == 0, result.output
        assert "->" in result.output and "MISMATCH" not in result.output
    assert invoke("decisions", "nosuchgame", "--project", str(ROOT)).exit_code == 2


def test_default_output_is_the_projects_output_folder(tmp_path, monkeypatch):
    proj = tmp_path / "mine"
    invoke("new", str(proj))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert invoke("build", "--project", str(proj), "--dpi", "72", "--lang", "en").exit_code == 0
    assert (proj / "output" / "demo" / "demo-en-a4.pdf").is_file()
    assert not any(elsewhere.iterdir())


def test_lang_takes_a_code_a_list_or_all(tmp_path):
    proj = tmp_path / "mine"
    invoke("new", str(proj))
    for langs, expected in ((["--lang", "de"], {"de"}), (["--lang", "en,de"], {"en", "de"}),
                            (["--lang", "all"], {"en", "de"}), (["--lang", "en", "--lang", "de"], {"en", "de"})):
        out = tmp_path / ("out-" + "-".join(langs[1::2]))
        result = invoke("build", "--project", str(proj), "--dpi", "72", "--out", str(out), *langs)
        assert result.exit_code == 0, result.output
        built = {p.name.split("-")[1] for p in (out / "demo").glob("demo-*-cards.pdf")}
        assert built == expected, langs
    bad = invoke("build", "--project", str(proj), "--lang", "en,xx", "--out", str(tmp_path / "x"))
    assert bad.exit_code == 2 and bad.output.startswith("--lang: 'xx' is not a language of this project (en, de)")


def test_a_command_about_one_game_loads_only_that_game(tmp_path):
    """A mistake in one game does not stop building or checking another; a check of all finds it."""
    import shutil

    # The game checked and built is the starter's small demo (a check renders every face of the game, at each
    # shop's trim too); the broken one is the bundled gladbach, with its templates.
    proj = tmp_path / "p"
    assert invoke("new", str(proj)).exit_code == 0
    shutil.copytree(ROOT / "data" / "gladbach", proj / "data" / "gladbach")
    shutil.copytree(ROOT / "templates" / "gladbach", proj / "templates" / "gladbach")
    text = (proj / "deckgen.yaml").read_text(encoding="utf-8")
    assert "games: [demo]" in text
    (proj / "deckgen.yaml").write_text(text.replace("games: [demo]", "games: [demo, gladbach]"), encoding="utf-8")
    game = proj / "data/gladbach/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "\nnot a field: 1\n", encoding="utf-8")
    one = invoke("check", "demo", "--lang", "en", "--project", str(proj))
    assert one.exit_code == 0, one.output
    built = invoke("build", "demo", "--lang", "en", "--dpi", "72", "--cards", "tide", "--out", str(tmp_path / "o"),
                   "--jobs", "1", "--project", str(proj))  # --jobs 1: its two faces drawn here, not in a pool
    assert built.exit_code == 0, built.output
    every = invoke("check", "--lang", "en", "--project", str(proj))
    assert every.exit_code == 2 and "data/gladbach/game.yaml:" in every.output
    game.write_text(game.read_text(encoding="utf-8").replace("\nnot a field: 1\n", "\n"), encoding="utf-8")
    unknown = invoke("check", "nosuchgame", "--project", str(proj))  # the message names every game
    assert unknown.exit_code == 2 and "(this project has: demo, gladbach)" in unknown.output


def test_check_takes_the_languages_it_checks(tmp_path):
    """A word missing in German is a problem of a German check, not of an English one."""
    proj = tmp_path / "mine"
    invoke("new", str(proj))
    de = proj / "data/demo/lang/de.yaml"
    lines = de.read_text(encoding="utf-8").splitlines()
    cards = lines.index("cards:")
    missing = lines[cards + 1].split(":")[0].strip()
    de.write_text("\n".join(lines[:cards + 1] + lines[cards + 2:]) + "\n", encoding="utf-8")
    german = invoke("check", "--project", str(proj), "--lang", "de")
    assert german.exit_code == 2 and f"{missing}" in german.output and "lang/de.yaml" in german.output
    english = invoke("check", "--project", str(proj), "--lang", "en")
    assert english.exit_code == 0 and english.output.strip().endswith("ok: demo"), english.output
    both = invoke("check", "--project", str(proj), "--lang", "all")
    assert both.exit_code == 2 and both.output.count(f"{missing}") == german.output.count(f"{missing}")


def test_an_installed_deckgen_finds_its_bundled_games_from_any_folder(tmp_path, monkeypatch):
    from deckgen.project import BUNDLED_ROOT, default_output, find_project_root

    monkeypatch.chdir(tmp_path)
    assert find_project_root(None, tmp_path) == BUNDLED_ROOT
    assert (BUNDLED_ROOT / "deckgen.yaml").is_file() and (BUNDLED_ROOT / "data" / "classic").is_dir()
    # in a source checkout the bundled games are the checkout; an install keeps output out of the package
    assert default_output(BUNDLED_ROOT, tmp_path) in (BUNDLED_ROOT / "output", tmp_path / "output")
