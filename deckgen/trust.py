"""Which projects' plugins the user has agreed to run: the trust store.

A project's plugins (``plugins:`` in deckgen.yaml) are Python code and run
with the user's rights, so deckgen imports them only once the user has
trusted that project with ``deckgen trust [DIR]``.  The record lives in the
user's config folder (``trust.json`` in ``click.get_app_dir("deckgen")``:
``$XDG_CONFIG_HOME/deckgen`` or ``~/.config/deckgen`` on Linux;
``DECKGEN_CONFIG_DIR`` overrides it) and holds, per resolved project path,
the sha256 of every plugin file (every ``.py`` file of a package plugin).
A plugin file that changed, or a new one, needs trust again.

For one run, ``deckgen --trust ...`` or the environment variable
``DECKGEN_TRUST=1`` (CI of a user's own project) trust without a record.
Bundled games and installed entry-point plugins are installed code and need
no trust.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import time
from pathlib import Path
from typing import Mapping

from deckgen.errors import PluginError, Problem

#: Set to 1 (or yes/true) to trust every project's plugins for this run and its child processes.
ENV_TRUST = "DECKGEN_TRUST"
#: The folder of trust.json instead of the user's config folder (tests, portable setups).
ENV_CONFIG_DIR = "DECKGEN_CONFIG_DIR"
STORE_NAME = "trust.json"
STORE_VERSION = 1


class UntrustedPlugins(PluginError):
    """A project's plugins would run but the user has not trusted them (this version of them)."""


# ------------------------------------------------------------------ where and what


def config_dir() -> Path:
    """The user's deckgen config folder (``DECKGEN_CONFIG_DIR``, else click's per-platform app folder)."""
    explicit = os.environ.get(ENV_CONFIG_DIR)
    if explicit:
        return Path(explicit).expanduser()
    import click

    return Path(click.get_app_dir("deckgen"))


def store_path() -> Path:
    """The trust record: ``trust.json`` in :func:`config_dir`."""
    return config_dir() / STORE_NAME


def trusted_for_this_run() -> bool:
    """True when ``--trust`` was given or ``DECKGEN_TRUST`` is set to a true value."""
    return os.environ.get(ENV_TRUST, "").strip().lower() in ("1", "yes", "true", "on")


def plugin_files(root: Path, paths: list[Path]) -> dict[str, str]:
    """``{path relative to root: sha256}`` of the plugin files: each ``.py`` file, and every ``.py`` file of
    each package folder, in a stable order."""
    root = Path(root).resolve()
    files: dict[str, str] = {}
    for path in paths:
        members = [path] if path.is_file() else sorted(p for p in path.rglob("*.py") if p.is_file())
        for member in members:
            files[member.relative_to(root).as_posix() if member.is_relative_to(root) else str(member)] = \
                hashlib.sha256(member.read_bytes()).hexdigest()
    return files


# ------------------------------------------------------------------ the record


def _read_store() -> dict:
    """The projects recorded as trusted: ``{resolved path: {"files": {...}, "trusted": ISO time}}``.

    A missing or unreadable file trusts nothing."""
    try:
        data = json.loads(store_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    projects = data.get("projects") if isinstance(data, dict) else None
    return {k: v for k, v in projects.items() if isinstance(v, dict) and isinstance(v.get("files"), dict)} \
        if isinstance(projects, dict) else {}


def _write_store(projects: Mapping[str, dict]) -> Path:
    """Write the record atomically (deckgen's one atomic writer: a temporary file beside it, then renamed)."""
    path = store_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"version": STORE_VERSION, "projects": dict(sorted(projects.items()))}, indent=2) + "\n"
    from deckgen.output import write_atomic

    write_atomic(path, text.encode("utf-8"))
    return path


def trusted_projects() -> dict[str, dict]:
    """Every trusted project: resolved path -> its record (``files``: path -> sha256, ``trusted``: when)."""
    return _read_store()


def trust_project(root: Path, files: Mapping[str, str]) -> Path:
    """Record ``files`` (path -> sha256) as the trusted plugins of the project at ``root``; returns the store."""
    projects = _read_store()
    projects[str(Path(root).resolve())] = {"files": dict(files),
                                           "trusted": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    return _write_store(projects)


def forget_project(root: Path) -> bool:
    """Remove the project's record; False if there was none."""
    projects = _read_store()
    if projects.pop(str(Path(root).resolve()), None) is None:
        return False
    _write_store(projects)
    return True


# ------------------------------------------------------------------ the decision


def untrusted_files(root: Path, files: Mapping[str, str]) -> tuple[list[str], list[str]]:
    """(new, changed): plugin files the record of ``root`` does not hold, and those whose hash differs.
    Both empty: the plugins may run."""
    if trusted_for_this_run():
        return [], []
    record = _read_store().get(str(Path(root).resolve()))
    known: Mapping[str, str] = record["files"] if record else {}
    new = [name for name in files if name not in known]
    changed = [name for name in files if name in known and known[name] != files[name]]
    return new, changed


def is_trusted(root: Path, files: Mapping[str, str]) -> bool:
    """True if every plugin file of ``files`` may run."""
    new, changed = untrusted_files(root, files)
    return not new and not changed


def trust_command(root: Path) -> str:
    """The exact command that trusts the project at ``root``."""
    return f"deckgen trust {shlex.quote(str(Path(root).resolve()))}"


def require_trust(root: Path, files: Mapping[str, str], where: Problem) -> None:
    """Raise :class:`UntrustedPlugins` (one line, located at ``where``) unless the plugins may run."""
    new, changed = untrusted_files(root, files)
    if not new and not changed:
        return
    record = _read_store().get(str(Path(root).resolve()))
    if changed or record:
        parts = []
        if changed:
            parts.append(f"{', '.join(changed)} changed")
        if new:
            parts.append(f"{', '.join(new)} {'is' if len(new) == 1 else 'are'} new")
        what = (f"{' and '.join(parts)} since you trusted this project; plugins are Python code and run with "
                f"your rights. Read {'it' if len(new) + len(changed) == 1 else 'them'}")
    else:
        what = f"this project's plugins are Python code and run with your rights: {', '.join(files)}. Read them"
    raise UntrustedPlugins(Problem(where.file, where.line, where.column, "plugins",
                                   f"{what}, then run: {trust_command(root)} (or add --trust for one run)"))
