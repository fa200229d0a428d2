"""Whose code raised an exception: a plugin's (the user's to fix) or deckgen's (a bug to report).

A game plugin's callables — its judge, simulator, composition, checks,
``card_face`` — run inside deckgen's commands.  When one of them raises,
:func:`plugin_problem` turns the exception into one located
:class:`deckgen.errors.Problem` at the innermost line of the plugin's code
on the traceback, so the command line reports it as a mistake in the
project (exit 2) rather than as a bug in deckgen.  Project plugins are the
modules ``deckgen_plugin_*`` (:func:`deckgen.registry.load_project_plugins`);
installed ones the packages of registered games outside deckgen.
"""

from __future__ import annotations

import traceback
from types import TracebackType

from deckgen.errors import Problem
from deckgen.judgement import shown_path

#: The prefix of the module names project plugins are imported under.
PROJECT_PLUGIN_PREFIX = "deckgen_plugin_"


def _installed_plugin_packages() -> set[str]:
    from deckgen.registry import _INSTALLED

    packages = {(getattr(d.judge, "__module__", None) or "").split(".")[0] for d in _INSTALLED.values()}
    return packages - {"", "deckgen"}


def _is_plugin(module: str, installed: set[str]) -> bool:
    return module.startswith(PROJECT_PLUGIN_PREFIX) or module.split(".")[0] in installed


def plugin_problem(exc: BaseException) -> Problem | None:
    """A problem at the innermost plugin line on ``exc``'s traceback; None if no plugin code was running."""
    installed = _installed_plugin_packages()
    where: tuple[str, int] | None = None
    tb: TracebackType | None = exc.__traceback__
    while tb is not None:
        module = tb.tb_frame.f_globals.get("__name__", "") or ""
        if _is_plugin(module, installed):
            where = (tb.tb_frame.f_code.co_filename, tb.tb_lineno)
        tb = tb.tb_next
    if where is None:
        return None
    file = shown_path(where[0])
    message = "".join(traceback.format_exception_only(type(exc), exc)).strip().replace("\n", " ")
    return Problem.at(f"the plugin's code failed: {message} (a mistake in the plugin, not in deckgen; "
                      f"deckgen --debug shows the traceback)", file=file, line=where[1],
                      field=f"plugin {file.rsplit('/', 1)[-1]}")
