"""`deckgen serve` hands out only the gallery's own files, only to requests addressed to it, and a stuck
build neither keeps the server stuck nor outlives Ctrl-C / SIGTERM (review findings 5 and 7)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from deckgen.preview.server import HOST, LiveGallery, make_server
from deckgen.preview.views import GalleryOptions
from deckgen.scaffold import create_project
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def gallery(tmp_path_factory):
    """(base URL, port) of a server for a gallery folder that a project planted symlinks in."""
    tmp_path = tmp_path_factory.mktemp("serve")
    out = tmp_path / "gallery"
    (out / "assets").mkdir(parents=True)
    (out / "index.html").write_text("<p>the gallery</p>", encoding="utf-8")
    (out / "assets" / "gallery.css").write_text("p {}", encoding="utf-8")
    outside = tmp_path / "victim"
    outside.mkdir()
    (outside / "secret.txt").write_text("secret", encoding="utf-8")
    (out / "leak.txt").symlink_to(outside / "secret.txt")
    (out / "leakdir").symlink_to(outside)
    (out / "root").symlink_to("/")
    (out / "same.css").symlink_to(out / "assets" / "gallery.css")  # a link inside the gallery is fine
    live = LiveGallery(tmp_path, [], GalleryOptions(out=out), log=lambda line: None)
    server = make_server(live, 0)
    # shutdown() waits for serve_forever's next look at it: every 0.05 s instead of the default 0.5 s
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    port = server.server_address[1]
    yield f"http://{HOST}:{port}", port
    server.shutdown()
    server.server_close()


def fetch(url: str, host: str | None = None, method: str = "GET") -> tuple[int, bytes]:
    request = urllib.request.Request(url, method=method, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def test_the_gallery_is_served(gallery):
    url, _ = gallery
    assert fetch(url + "/") == (200, b"<p>the gallery</p>")
    assert fetch(url + "/assets/gallery.css") == (200, b"p {}")
    assert fetch(url + "/same.css") == (200, b"p {}")


@pytest.mark.parametrize("path", ["/leak.txt", "/leakdir/secret.txt", "/leakdir/", "/root/etc/hostname", "/root/"])
def test_a_symlink_out_of_the_gallery_is_not_followed(gallery, path):
    url, _ = gallery
    status, body = fetch(url + path)
    assert status == 404 and b"secret" not in body


@pytest.mark.parametrize("path", ["/assets/", "/leakdir/"])
def test_folders_are_not_listed(gallery, path):
    url, _ = gallery
    status, body = fetch(url + path)
    assert status == 404 and b"gallery.css" not in body and b"secret.txt" not in body


@pytest.mark.parametrize("host", ["rebind.attacker.example:{port}", "rebind.attacker.example", "127.0.0.1",
                                  "127.0.0.1:1", "localhost", "evil.localhost:{port}"])
@pytest.mark.parametrize("path", ["/", "/assets/gallery.css", "/_deckgen/state?since=-1"])
def test_a_request_for_another_host_is_refused(gallery, host, path):
    url, port = gallery
    status, body = fetch(url + path, host=host.format(port=port))
    assert status == 421 and b"the gallery" not in body and b"version" not in body
    assert fetch(url + path, host=host.format(port=port), method="HEAD")[0] == 421


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "LOCALHOST:{port}", "[::1]:{port}"])
def test_the_loopback_names_of_the_port_are_served(gallery, host):
    url, port = gallery
    assert fetch(url + "/", host=host.format(port=port)) == (200, b"<p>the gallery</p>")


# ------------------------------------------------------------------ a stuck build

STUCK_PLUGIN = '''\
import os
from pathlib import Path

from deckgen import Check, GameDescriptor, register_game


def hang(ctx):
    """Loops for good while data/demo/stuck.txt exists, deaf to Ctrl-C and SIGTERM (as a template function
    stuck in C code is)."""
    root = Path(ctx.project.root)
    if (root / "data" / "demo" / "stuck.txt").exists():
        (root / "stuck.pid").write_text(str(os.getpid()))
        while True:
            try:
                while True:
                    pass
            except BaseException:
                pass
    return []


register_game(GameDescriptor(engine="tiny", title="Tiny", judge=lambda s, d, o: {"winners": []},
                             checks=(Check("hang", hang),)))
'''


@pytest.fixture
def stuck(tmp_path, monkeypatch) -> Path:
    """A starter project whose game's check loops for good while data/demo/stuck.txt exists."""
    monkeypatch.setenv("DECKGEN_TRUST", "1")
    monkeypatch.setenv("DECKGEN_CONFIG_DIR", str(tmp_path / "config"))
    root = tmp_path / "proj"
    create_project(root)
    (root / "plugins").mkdir()
    (root / "plugins" / "tiny.py").write_text(STUCK_PLUGIN, encoding="utf-8")
    with (root / "deckgen.yaml").open("a", encoding="utf-8") as handle:
        handle.write("plugins: [plugins/tiny.py]\n")
    game = root / "data" / "demo" / "game.yaml"
    game.write_text("engine: tiny\n" + game.read_text(encoding="utf-8"), encoding="utf-8")
    (root / "data" / "demo" / "stuck.txt").write_text("loop\n", encoding="utf-8")
    return root


def wait_for(condition, timeout: float):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    return condition()


def running(pid: int) -> bool:
    """True if the process runs (a zombie does not)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z"


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


@pytest.mark.slow  # two builds and a restart: about 12 s on a busy 2-core machine
@needs_proc
def test_a_stuck_build_is_killed_and_built_again_after_the_next_change(stuck, tmp_path):
    lines: list[str] = []
    live = LiveGallery(stuck, [], GalleryOptions(out=tmp_path / "g", workers=1), log=lines.append)
    stop = threading.Event()
    builder = threading.Thread(target=live.run, args=(stop,), daemon=True)
    builder.start()
    try:
        pid_file = stuck / "stuck.pid"
        assert wait_for(pid_file.exists, 30), lines
        pid = int(pid_file.read_text())
        assert running(pid)
        page = live.state.page
        (stuck / "data" / "demo" / "stuck.txt").unlink()  # the fix
        recovered = wait_for(lambda: live.state.page > page and not live.state.busy and not live.state.errors, 30)
        assert recovered, (lines, live.state)
        assert any("stopped a build that went on after a change" in line for line in lines), lines
        assert not running(pid)
    finally:
        stop.set()
        builder.join(10)
    assert not builder.is_alive()


@pytest.mark.slow  # starts `deckgen serve`: about 7 s on a busy 2-core machine
@needs_proc
def test_sigterm_stops_serve_and_its_stuck_build_at_once(stuck, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "deckgen", "serve", "--project", str(stuck), "--port", "0",
                                "--jobs", "1", "--out", str(tmp_path / "g")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=tmp_path)
    try:
        pid_file = stuck / "stuck.pid"
        assert wait_for(lambda: pid_file.exists() or process.poll() is not None, 30) and process.poll() is None, \
            process.stderr.read().decode() if process.poll() is not None else "no stuck build"
        pid = int(pid_file.read_text())
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)
        assert time.monotonic() - started < 5
        assert wait_for(lambda: not running(pid), 2)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        process.stderr.close()
