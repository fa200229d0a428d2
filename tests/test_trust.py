"""Trust before code: a project's plugins run only once the user has trusted that project.

Each test makes a fresh starter project whose game uses the engine of a
project plugin; the plugin appends a line to ``ran.txt`` when it is
imported, so a test sees whether its code ran.  The trust record goes to
the test's own config folder (DECKGEN_CONFIG_DIR), never the real home.
"""

from __future__ import annotations

import json
import hashlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.loader import load_project
from deckgen.scaffold import create_project
from deckgen.trust import ENV_CONFIG_DIR, ENV_TRUST, UntrustedPlugins
from tests.conftest import ROOT

PLUGIN = '''\
from pathlib import Path

Path(__file__).resolve().parent.parent.joinpath("ran.txt").open("a").write("ran\\n")

from deckgen import GameDescriptor, register_game

register_game(GameDescriptor(engine="tiny", title="Tiny", judge=lambda showdown, data, options: {"winners": []}))
'''


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch) -> Path:
    """The user's config folder of these tests; nothing trusted for one run."""
    folder = tmp_path / "config"
    monkeypatch.setenv(ENV_CONFIG_DIR, str(folder))
    monkeypatch.delenv(ENV_TRUST, raising=False)
    return folder


@pytest.fixture
def proj(tmp_path) -> Path:
    """A starter project whose game's engine comes from its plugin plugins/tiny.py."""
    root = tmp_path / "proj"
    create_project(root)
    (root / "plugins").mkdir()
    (root / "plugins" / "tiny.py").write_text(PLUGIN, encoding="utf-8")
    with (root / "deckgen.yaml").open("a", encoding="utf-8") as handle:
        handle.write("plugins: [plugins/tiny.py]\n")
    game = root / "data" / "demo" / "game.yaml"
    game.write_text("engine: tiny\n" + game.read_text(encoding="utf-8"), encoding="utf-8")
    return root


def ran(root: Path) -> int:
    """How often the plugin was imported."""
    marker = root / "ran.txt"
    return len(marker.read_text().splitlines()) if marker.exists() else 0


def plugin_line(root: Path) -> int:
    lines = (root / "deckgen.yaml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.startswith("plugins:"))


def test_check_refuses_an_untrusted_plugin_with_one_line_and_does_not_run_it(proj):
    result = run("check", "--project", proj)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.output.splitlines()
    assert lines == [
        f"deckgen.yaml:{plugin_line(proj)}:11: plugins: this project's plugins are Python code and run with your "
        f"rights: plugins/tiny.py. Read them, then run: deckgen trust {proj.resolve()} "
        f"(or add --trust for one run)",
        "1 problem"]
    assert ran(proj) == 0


@pytest.mark.parametrize("command", [["schema", "--out", "schemas-out"], ["decisions", "demo"],
                                     ["export", "--format", "svg"], ["serve", "--port", "0"]])
def test_every_command_that_loads_plugins_refuses_before_importing(proj, command):
    result = run(*command, "--project", proj)
    assert result.exit_code == 2, result.output
    assert "deckgen trust" in result.output and ran(proj) == 0


def test_loading_the_project_refuses_before_importing(proj):
    with pytest.raises(UntrustedPlugins):
        load_project(proj)
    assert ran(proj) == 0


def test_after_deckgen_trust_the_plugin_runs(proj, config):
    trusted = run("trust", proj)
    assert trusted.exit_code == 0, trusted.output
    assert "plugins/tiny.py" in trusted.output
    record = json.loads((config / "trust.json").read_text(encoding="utf-8"))
    digest = hashlib.sha256((proj / "plugins" / "tiny.py").read_bytes()).hexdigest()
    assert record["projects"][str(proj.resolve())]["files"] == {"plugins/tiny.py": digest}
    assert [p.name for p in config.iterdir()] == ["trust.json"]  # written atomically: no temporary file left
    result = run("check", "--project", proj)
    assert result.exit_code == 0, result.output
    assert ran(proj) == 1


def test_an_edited_plugin_asks_again(proj):
    assert run("trust", proj).exit_code == 0
    plugin = proj / "plugins" / "tiny.py"
    plugin.write_text(plugin.read_text(encoding="utf-8") + "# one more line\n", encoding="utf-8")
    result = run("check", "--project", proj)
    assert result.exit_code == 2, result.output
    assert result.output.splitlines()[0].endswith(
        "plugins: plugins/tiny.py changed since you trusted this project; plugins are Python code and run with "
        f"your rights. Read it, then run: deckgen trust {proj.resolve()} (or add --trust for one run)")
    assert ran(proj) == 0
    assert run("trust", proj).exit_code == 0
    assert run("check", "--project", proj).exit_code == 0 and ran(proj) == 1


def test_a_new_file_of_a_package_plugin_asks_again(proj):
    package = proj / "plugins" / "pack"
    package.mkdir()
    (package / "__init__.py").write_text("from . import helper\n" + PLUGIN, encoding="utf-8")
    (package / "helper.py").write_text("X = 1\n", encoding="utf-8")
    (proj / "plugins" / "tiny.py").unlink()
    text = (proj / "deckgen.yaml").read_text(encoding="utf-8")
    (proj / "deckgen.yaml").write_text(text.replace("plugins/tiny.py", "plugins/pack"), encoding="utf-8")
    assert "plugins/pack/__init__.py, plugins/pack/helper.py" in run("trust", proj).output
    assert run("check", "--project", proj).exit_code == 0
    (package / "more.py").write_text("Y = 2\n", encoding="utf-8")
    result = run("check", "--project", proj)
    assert result.exit_code == 2 and "plugins/pack/more.py is new since you trusted this project" in result.output


def test_trust_for_one_run_with_the_option(proj, config):
    result = run("--trust", "check", "--project", proj)
    assert result.exit_code == 0, result.output
    assert ran(proj) == 1
    assert not (config / "trust.json").exists()  # nothing recorded
    assert run("check", "--project", proj).exit_code == 2  # and the next run asks again


def test_the_trust_option_may_follow_the_command(proj, config):
    result = run("check", "--project", proj, "--trust")
    assert result.exit_code == 0, result.output
    assert ran(proj) == 1
    assert not (config / "trust.json").exists()


def test_trust_for_one_run_with_the_environment(proj, monkeypatch):
    monkeypatch.setenv(ENV_TRUST, "1")
    result = run("check", "--project", proj)
    assert result.exit_code == 0, result.output
    assert ran(proj) == 1


def test_list_works_untrusted_and_says_needs_trust(proj):
    result = run("list", "--project", proj)
    assert result.exit_code == 0, result.output
    assert "demo: needs trust" in result.output
    assert f"deckgen trust {proj.resolve()}" in result.output
    assert "engines: " in result.output and "classic" in result.output  # installed games as usual
    assert ran(proj) == 0


def test_clean_needs_no_plugin(proj):
    result = run("clean", "--project", proj)
    assert result.exit_code == 0, result.output
    assert ran(proj) == 0


def test_trust_list_and_remove(proj):
    assert "no trusted projects" in run("trust", "--list").output
    assert run("trust", proj).exit_code == 0
    listed = run("trust", "--list").output
    assert str(proj.resolve()) in listed and "plugins/tiny.py" in listed
    removed = run("trust", "--remove", proj)
    assert removed.exit_code == 0 and "no longer trusted" in removed.output
    assert run("check", "--project", proj).exit_code == 2 and ran(proj) == 0


def test_trusting_a_project_without_plugins_records_nothing(tmp_path, config):
    create_project(tmp_path / "plain")
    result = run("trust", tmp_path / "plain")
    assert result.exit_code == 0 and "no plugins, nothing to trust" in result.output
    assert not (config / "trust.json").exists()


def test_the_record_goes_to_the_xdg_config_folder_by_default(proj, tmp_path, monkeypatch):
    monkeypatch.delenv(ENV_CONFIG_DIR)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert run("trust", proj).exit_code == 0
    assert (tmp_path / "xdg" / "deckgen" / "trust.json").is_file()


def test_bundled_games_need_no_trust():
    result = run("list", "--project", ROOT)
    assert result.exit_code == 0 and "needs trust" not in result.output
