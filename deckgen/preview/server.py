"""``deckgen serve``: the gallery on 127.0.0.1, rebuilt when a file of the project changes.

Three parts, each in its own thread:

* the web server (:class:`GalleryServer`, only on 127.0.0.1) hands out the
  gallery folder and ``/_deckgen/state``, which answers when the state has
  moved past the version the page knows (a long poll: the open page learns
  of a new gallery or a new error at once, without polling every second);
* the watcher (:mod:`watchfiles`) waits for changes under data/,
  templates/, fonts/ and to deckgen.yaml;
* the builder (:class:`LiveGallery`) loads the project again and rebuilds
  the gallery: first the cards (a face whose inputs did not change comes
  from the cache, so only changed cards are drawn), then the checks,
  documents and rulebook pages, unless more changes came in meanwhile.
  Each build runs in a child process (its own process group): a build that
  is still busy a moment after a new change came in (a template that loops)
  is killed and started again, and Ctrl-C or SIGTERM kill it at once.

The web server hands out only the gallery's own files: a path whose real
location (symlinks resolved) lies outside the gallery folder is not found,
folders are never listed, and a request whose ``Host`` header is not the
loopback address and port served (``127.0.0.1:PORT``, ``localhost:PORT``,
``[::1]:PORT``) is refused with 421, so that a web page cannot reach the
gallery through DNS rebinding.

A project that cannot be loaded (a YAML syntax error) or a face that cannot
be rendered (a template error) becomes a list of located one-line errors
on the page; the last good gallery stays under it.  When the file is fixed
the errors go away.  Nothing a project holds stops the server.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sys
import threading
import time
import traceback
from http import HTTPStatus
from dataclasses import dataclass, field, replace
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable
from urllib.parse import parse_qs, urlsplit

from deckgen.errors import DeckgenError, Problem
from deckgen.preview.gallery import build_gallery, prune
from deckgen.preview.views import Gallery, GalleryOptions

HOST = "127.0.0.1"
#: Seconds a state request waits for something new before answering anyway.
LONG_POLL_S = 25.0
#: Folders (and the project file) whose changes rebuild the gallery.
WATCHED = ("data", "templates", "fonts", "deckgen.yaml")
#: Milliseconds the watcher waits for more changes before it reports (an editor saving several files).
DEBOUNCE_MS = 300
#: Seconds a build may go on after a new change came in (it is asked to stop) before it is killed and restarted.
RESTART_GRACE_S = 2.0
#: Seconds between looks at a running build (and at Ctrl-C / SIGTERM).
POLL_S = 0.2


@dataclass
class LiveState:
    """What the open page asks for: the page number, errors, what is being done."""

    version: int = 0
    page: int = 0
    errors: list[Problem] = field(default_factory=list)
    busy: str = ""
    line: str = ""

    def as_json(self) -> dict:
        return {"version": self.version, "page": self.page, "busy": self.busy, "line": self.line,
                "errors": [{"where": p.location, "field": p.field or "", "message": p.message}
                           for p in self.errors]}


class LiveGallery:
    """The gallery of a project folder, rebuilt on demand; its state guarded for the web server's threads."""

    def __init__(self, root: Path, game_ids: list[str], options: GalleryOptions,
                 log: Callable[[str], None] = print):
        self.root = Path(root)
        self.game_ids = list(game_ids)
        self.options = replace(options, live=True)
        self.log = log
        self.state = LiveState()
        self.changed = threading.Condition()
        self.pending = threading.Event()  # a change came in that the current build has not seen
        self._shown: set[str] = set()  # pictures of the page before the current one

    # ------------------------------------------------------------------ the state

    def update(self, **values) -> None:
        with self.changed:
            for name, value in values.items():
                setattr(self.state, name, value)
            self.state.version += 1
            self.changed.notify_all()

    def wait(self, since: int, timeout: float = LONG_POLL_S) -> dict:
        """The state as JSON once its version is not ``since`` (or after ``timeout`` seconds)."""
        with self.changed:
            self.changed.wait_for(lambda: self.state.version != since, timeout=timeout)
            return self.state.as_json()

    # ------------------------------------------------------------------ building

    def rebuild(self) -> Gallery | None:
        """Load the project and rebuild in this process: the cards first, then (if no new change came in) the
        checks and documents.  A problem of the project becomes the page's errors; returns the last gallery
        written.  (:meth:`run` builds in a child process instead.)"""
        self.pending.clear()
        return self._passes()

    def _passes(self) -> Gallery | None:
        gallery = self._pass("drawing cards", checks="cached", documents="cached")
        if gallery is not None and not self.pending.is_set() and not self._complete(gallery):
            gallery = self._pass("checking", checks="run", documents="run") or gallery
        return gallery

    @staticmethod
    def _complete(gallery: Gallery) -> bool:
        return all(view.checked for view in gallery.games)

    def _pass(self, busy: str, checks: str, documents: str) -> Gallery | None:
        from deckgen.loader import load_project

        self.update(busy=busy)
        try:
            project = load_project(self.root)
            games = self.game_ids or list(project.games)
            options = replace(self.options, checks=checks, documents=documents, page=self.state.page + 1)
            gallery = build_gallery(project, games, options, cancelled=self.pending.is_set)
        except DeckgenError as exc:
            self.update(busy="", errors=list(exc.problems))
            for problem in exc.problems:
                self.log(str(problem))
            return None
        except Exception as exc:  # a bug in deckgen: say so on the page and keep serving
            self.log(traceback.format_exc())
            bug = Problem(None, None, None, None, f"deckgen failed ({type(exc).__name__}: {exc}); "
                                                  f"the traceback is in the terminal")
            self.update(busy="", errors=[bug])
            return None
        # pictures of the page before are kept: the open page shows them until it has fetched this one
        prune(Path(options.out), gallery.pictures | self._shown)
        self._shown = gallery.pictures
        self.update(busy="", page=options.page, errors=list(gallery.errors), line=gallery.line())
        self.log(f"{busy.split()[0]}: {gallery.line()}")
        return gallery

    def watch(self, stop: threading.Event) -> None:
        """Note every change of a watched file in :attr:`pending` until ``stop`` is set (run in a thread)."""
        import watchfiles

        paths = [self.root / name for name in WATCHED if (self.root / name).exists()]
        out = Path(self.options.out).resolve()
        keep = watchfiles.DefaultFilter()

        def wanted(change, path: str) -> bool:
            return keep(change, path) and not Path(path).resolve().is_relative_to(out)

        for changes in watchfiles.watch(*paths, watch_filter=wanted, debounce=DEBOUNCE_MS, stop_event=stop,
                                        raise_interrupt=False):
            names = sorted({str(Path(p).relative_to(self.root)) if Path(p).is_relative_to(self.root) else p
                            for _, p in changes})
            self.log(f"changed: {', '.join(names[:4])}{' …' if len(names) > 4 else ''}")
            self.pending.set()

    def run(self, stop: threading.Event) -> None:
        """Build, then rebuild after every change (watched from before the first build on), until ``stop``.
        Every build runs in a child process (:meth:`build_in_child`)."""
        watcher = threading.Thread(target=self.watch, args=(stop,), name="deckgen-watch", daemon=True)
        watcher.start()
        try:
            self.build_in_child(stop)
            while not stop.is_set():
                if self.pending.wait(timeout=POLL_S):
                    self.build_in_child(stop)
        finally:
            stop.set()
            watcher.join(timeout=5)

    def build_in_child(self, stop: threading.Event) -> None:
        """One rebuild in a child process whose state updates and log lines come back here.

        A change that comes in meanwhile asks the build to stop its slow work; if it has not ended
        :data:`RESTART_GRACE_S` seconds later (a template that loops), it is killed, and the caller builds
        again.  ``stop`` (Ctrl-C, SIGTERM) kills it at once."""
        self.pending.clear()
        context = _child_context()
        cancel = context.Event()
        reader, writer = context.Pipe(duplex=False)
        env = {name: os.environ.get(name) for name in _CHILD_ENV}
        child = context.Process(target=_build_child, name="deckgen-build", daemon=False,
                                args=(writer, cancel, self.root, self.game_ids, self.options, self.state.page,
                                      self._shown, env))
        child.start()
        writer.close()
        changed_at: float | None = None
        finished = False
        try:
            while True:
                if stop.is_set():
                    return
                if self.pending.is_set():
                    cancel.set()
                    changed_at = changed_at or time.monotonic()
                    if time.monotonic() - changed_at > RESTART_GRACE_S:
                        self.log("stopped a build that went on after a change; building again")
                        return
                try:
                    if not reader.poll(POLL_S):
                        continue
                    kind, value = reader.recv()
                except (EOFError, OSError):  # the child ended
                    break
                if kind == "update":
                    self.update(**value)
                elif kind == "log":
                    self.log(value)
                elif kind == "done":
                    self._shown = value
                    finished = True
        finally:
            _end(child)
            reader.close()
        if not finished and not self.pending.is_set():
            bug = Problem(None, None, None, None, f"the build ended unexpectedly (exit code {child.exitcode}); "
                                                  f"it starts again with the next change")
            self.update(busy="", errors=[bug])


#: Environment the build child sees as it is now (trust for one run; where the user's config is).
_CHILD_ENV = ("DECKGEN_TRUST", "DECKGEN_CONFIG_DIR", "XDG_CONFIG_HOME")


#: What a build child needs, imported once by the fork server rather than by every build: the gallery and the
#: loader, and what the checking pass after an edit uses (the checks, documents, the rulebook).
_PRELOAD = ("deckgen.preview.gallery", "deckgen.loader", "deckgen.checks.general", "deckgen.checks.conformance",
            "deckgen.decisions", "deckgen.documents", "deckgen.rulebook.build")


def _child_context():
    """Processes started by a single-threaded server process where there is one (POSIX), else spawned."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([*_PRELOAD, *_bundled_games()])
        return context
    return multiprocessing.get_context("spawn")


def _bundled_games() -> list[str]:
    """deckgen's own game packages (every project load imports them: deckgen.registry.installed_games)."""
    import pkgutil

    import deckgen.games

    return [f"deckgen.games.{info.name}" for info in pkgutil.iter_modules(deckgen.games.__path__) if info.ispkg]


def _build_child(writer, cancel, root: Path, game_ids: list[str], options: GalleryOptions, page: int,
                 shown: set[str], env: dict) -> None:
    """The child process of one build: a :class:`LiveGallery` whose state changes and log go to ``writer``."""
    if hasattr(os, "setpgrp"):
        os.setpgrp()  # its drawing processes join its group: killing the group ends them all
    for name, value in env.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    live = LiveGallery(root, game_ids, options, log=lambda line: writer.send(("log", line)))
    live.state.page = page
    live._shown = set(shown)
    live.pending = cancel
    local_update = live.update

    def update(**values) -> None:
        local_update(**values)
        writer.send(("update", values))

    live.update = update  # type: ignore[method-assign]
    live._passes()
    writer.send(("done", live._shown))
    writer.close()


def _end(child) -> None:
    """Kill ``child`` and its process group (its drawing processes), unless it has ended."""
    if child.is_alive() and hasattr(os, "killpg"):
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except OSError:  # not yet its own group
            pass
    if child.is_alive():
        child.kill()
    child.join(timeout=5)


# ------------------------------------------------------------------ the web server


class _Handler(SimpleHTTPRequestHandler):
    """Files of the gallery folder, ``/_deckgen/state``; nothing is cached but the pictures (named by content).

    Only for requests addressed to the loopback address served; only files whose real location is inside
    the gallery folder; no folder listings."""

    live: LiveGallery

    def do_GET(self):  # noqa: N802 (the http.server name)
        if not self._addressed_to_us():
            return
        url = urlsplit(self.path)
        if url.path == "/_deckgen/state":
            try:
                since = int(parse_qs(url.query).get("since", ["-1"])[0])
            except ValueError:
                since = -1
            body = json.dumps(self.live.wait(since)).encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def do_HEAD(self):  # noqa: N802 (the http.server name)
        if self._addressed_to_us():
            super().do_HEAD()

    def _addressed_to_us(self) -> bool:
        """True if the Host header names the loopback address and port served; else 421 is sent."""
        address = self.server.server_address
        assert isinstance(address, tuple), "served over TCP"
        port = address[1]
        host = (self.headers.get("Host") or "").strip().lower()
        names = (HOST, "localhost", "[::1]")
        if host in {f"{name}:{port}" for name in names} or (port == 80 and host in names):
            return True
        self.send_error(HTTPStatus.MISDIRECTED_REQUEST, "Host not served here",
                        f"this server answers only to {HOST}:{port} and localhost:{port}")
        return False

    def send_head(self):
        """The file, only if its real location (symlinks resolved) is inside the gallery folder."""
        target = self.translate_path(self.path)
        if os.path.isdir(target):
            target = os.path.join(target, "index.html")
        base = os.path.realpath(self.directory)
        real = os.path.realpath(target)
        if real != base and not real.startswith(base.rstrip(os.sep) + os.sep):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        return super().send_head()

    def list_directory(self, path):
        """No listings: a folder without index.html is not found."""
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")
        return None

    def end_headers(self):
        if not self.path.startswith(("/img/", "/docs/", "/rules/")):
            self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 (the http.server name); requests are not news
        pass


class GalleryServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A page closed while it waited for news is no error; anything else is printed as usual."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(live: LiveGallery, port: int) -> GalleryServer:
    """A web server for ``live``'s gallery folder on 127.0.0.1:``port`` (0: any free port)."""
    out = Path(live.options.out)
    out.mkdir(parents=True, exist_ok=True)
    handler = type("Handler", (_Handler,), {"live": live})
    try:
        return GalleryServer((HOST, port), partial(handler, directory=str(out)))
    except OSError as exc:
        raise DeckgenError(Problem(None, None, None, "--port", f"cannot listen on {HOST}:{port}: "
                                                               f"{exc.strerror or exc}")) from None


def write_waiting_page(out: Path) -> None:
    """The page shown until the first gallery is built (it loads the gallery when that is ready)."""
    from deckgen.preview.page import ASSETS, copy_if_changed

    for name in ("gallery.css", "gallery.js"):
        copy_if_changed(ASSETS / name, Path(out) / "assets" / name)
    copy_if_changed(ASSETS / "waiting.html", Path(out) / "index.html")


def serve(live: LiveGallery, port: int, ready: Callable[[str], None] = print) -> None:
    """Build the gallery, serve it and rebuild it on changes until interrupted (Ctrl-C, or SIGTERM)."""
    server = make_server(live, port)
    write_waiting_page(Path(live.options.out))
    stop = threading.Event()
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, signal.default_int_handler)
    url = f"http://{HOST}:{server.server_address[1]}/"
    web = threading.Thread(target=server.serve_forever, name="deckgen-serve", daemon=True)
    web.start()
    ready(url)
    try:
        live.run(stop)
    except KeyboardInterrupt:
        live.log("stopped")
    finally:
        stop.set()
        server.shutdown()
        server.server_close()
