"""Shared fixtures: the bundled project, project copies, one classic build per test session, and one build
cache that the modules marked ``shared_cache`` share."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import settings


def keep_bytecode() -> None:
    """Where PYTHONDONTWRITEBYTECODE is set (some containers and sandboxes set it), every test process would
    compile deckgen and rewrite every test module's asserts anew: about 7 s of CPU per xdist worker.  The
    test processes then keep their bytecode outside the source tree, in the user's cache folder
    (sys.pycache_prefix: the source tree stays as the setting wants it).  The commands a test starts are left
    as they are (with the prefix they would miss the installed libraries' bytecode)."""
    if not sys.dont_write_bytecode:
        return
    cache_home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    prefix = cache_home / "deckgen-tests" / "pycache"
    try:
        prefix.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError:
        return  # no writable cache folder: compile as before
    sys.dont_write_bytecode = False
    sys.pycache_prefix = str(prefix)


keep_bytecode()

from deckgen.build import BuildOptions, build  # noqa: E402 (after keep_bytecode: compiled once)
from deckgen.loader import load_project  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# A printer profile in the developer's own configuration folder must not move the tests' backs pages.
os.environ["XDG_CONFIG_HOME"] = __import__("tempfile").mkdtemp(prefix="deckgen-test-config-")
# Nor a cache folder the developer's DECKGEN_CACHE names: the tests that count what is drawn, or empty a
# cache, see their own output folder's; the modules marked shared_cache set it to the run's (below).
os.environ.pop("DECKGEN_CACHE", None)
PROJECTS = Path(__file__).resolve().parent / "projects"

# CI runs the same 30 examples every time; locally each run draws 30 new ones (the suite stays under two
# minutes); HYPOTHESIS_PROFILE=thorough explores 500 per property.
settings.register_profile("ci", max_examples=30, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.register_profile("thorough", max_examples=500, deadline=None)
settings.load_profile(__import__("os").environ.get("HYPOTHESIS_PROFILE")
                      or ("ci" if __import__("os").environ.get("CI") else "dev"))


@__import__("functools").cache
def bundled_project():
    """The bundled project, loaded once per test process (modules that parametrize from it share it)."""
    return load_project(ROOT)


@pytest.fixture(scope="session")
def project():
    return bundled_project()


@pytest.fixture(scope="session")
def classic_build(tmp_path_factory, project):
    """The classic deck in English on A4 at 100 dpi, long-edge duplex (cards only: no documents or books)."""
    out = tmp_path_factory.mktemp("out")
    options = BuildOptions(paper="a4", dpi=100, duplex="long", out=out, languages=("en",), documents=False)
    written = build(project, ["classic"], options)
    return out, written


def copy_project(dest: Path, game: str) -> Path:
    """A writable copy of the bundled project at ``dest`` holding only ``game``."""
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "fonts", dest / "fonts")
    shutil.copytree(ROOT / "templates", dest / "templates")
    shutil.copytree(ROOT / "data" / game, dest / "data" / game)
    text = (ROOT / "deckgen.yaml").read_text(encoding="utf-8")
    lines = [(f"games: [{game}]" if l.startswith("games:") else l) for l in text.splitlines()]
    (dest / "deckgen.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return dest


def fixture_project(name: str, dest: Path) -> Path:
    """A writable copy of ``tests/projects/NAME`` at ``dest``, with the bundled fonts."""
    shutil.copytree(PROJECTS / name, dest)
    if not (dest / "fonts").exists():
        shutil.copytree(ROOT / "fonts", dest / "fonts")
    return dest


@pytest.fixture
def project_copy(tmp_path):
    """A writable copy of the bundled project with only the classic game."""
    return copy_project(tmp_path / "proj", "classic")


@pytest.fixture
def breaking_rules_restored():
    """What a test adds to the breaking rules (a project's words, a game's names: process-wide state in
    deckgen.text.breaking) does not reach other tests."""
    from deckgen.text import breaking

    saved = dict(breaking._ADDED)
    yield
    breaking._ADDED.clear()
    breaking._ADDED.update(saved)
    breaking._changed()


def shared_cache_folder(tmp_path_factory) -> Path:
    """The build cache of this test run: one folder for every xdist worker of the run (its entries are keyed
    by what they are made of and written by rename, so workers and project copies share it safely)."""
    base = tmp_path_factory.getbasetemp()
    root = base.parent if __import__("os").environ.get("PYTEST_XDIST_WORKER") else base
    folder = root / "deckgen-shared-cache"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture(scope="module", autouse=True)
def shared_cache(request, tmp_path_factory):
    """In a module marked ``pytestmark = pytest.mark.shared_cache``, every command not given ``--cache``
    (builds, checks, exports, subprocesses) uses the run's one cache (deckgen's DECKGEN_CACHE), so a face
    that one test drew is not drawn again from an empty cache by the next.  Only for modules whose tests
    do not look at the cache itself (what is drawn, OUT/.cache, clean).  Module-scoped and autouse: in
    force before the module's own shared builds are made.  The folder, or None in an unmarked module."""
    from deckgen.output import CACHE_ENV

    if request.node.get_closest_marker("shared_cache") is None:
        yield None
        return
    folder = shared_cache_folder(tmp_path_factory)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CACHE_ENV, str(folder))
        yield folder


@pytest.fixture(scope="session", autouse=True)
def checkout_cache_kept_out(tmp_path_factory):
    """A command run on the bundled project of this checkout keeps its cache under the test run's folder, not
    in the checkout's own ``output/.cache`` (deckgen.project.cache_home, the project's cache whatever
    ``--out``): a test run neither writes into the checkout nor starts warm from an earlier run."""
    from deckgen import project as project_module
    from deckgen.commands import clean as clean_module, making as making_module

    original = project_module.cache_home
    home = tmp_path_factory.getbasetemp() / "checkout-cache-home"
    home.mkdir(exist_ok=True)
    checkout = Path(__file__).resolve().parents[1]

    def kept_out(root, cwd=None):
        return home if Path(root).resolve() == checkout else original(root, cwd)

    patched = [(module, getattr(module, "cache_home")) for module in (project_module, clean_module, making_module)]
    for module, _ in patched:
        setattr(module, "cache_home", kept_out)
    yield home
    for module, value in patched:
        setattr(module, "cache_home", value)
