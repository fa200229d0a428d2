"""The plan of a whole build, and the files of generators that plugins add.

:func:`plan_build` asks every generator of the project what it writes
(``deckgen build --plan``).  deckgen's own kinds are made by the build's
deck and document writers; a plugin's generator makes its files itself
(:func:`render_extra`: bytes, nothing written), and the build writes them
with the rest, atomically, once nothing has a problem.
"""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import TYPE_CHECKING

from deckgen.errors import DeckgenError, PluginError, Problem
from deckgen.output import inside
from deckgen.outputs.plan import PlannedFile, Selection
from deckgen.outputs.builtin import BUILTIN
from deckgen.outputs.registry import registered_outputs
from deckgen.outputs.selection import BuildOptions, check_options

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.model import Project


def output_generators(project: Project) -> list:
    """Every output kind of ``project``: deckgen's own, then installed packages', then its plugins'."""
    return [*BUILTIN, *registered_outputs(project)]


def plan_build(project: Project, game_ids: list[str], options: BuildOptions) -> list[PlannedFile]:
    """Every file a build of ``game_ids`` with ``options`` writes, in the order it writes them; nothing is
    rendered or written.  The same DeckgenError as the build for options it cannot build with."""
    check_options(project, game_ids, options)
    selection = Selection(project, tuple(game_ids), options)
    files: list[PlannedFile] = []
    for generator in output_generators(project):
        files += _planned(generator, selection)
    for planned in files:
        inside(options.out, planned.path)
    return files


def render_extra(project: Project, game_ids: list[str], options: BuildOptions) -> list[tuple[Path, bytes]]:
    """(path, bytes) of every file the project's plugin generators plan for this build; nothing written."""
    selection = Selection(project, tuple(game_ids), options)
    files: list[tuple[Path, bytes]] = []
    problems: list[Problem] = []
    for generator in registered_outputs(project):
        for planned in _planned(generator, selection):
            try:
                data = generator.render(selection, planned)
            except DeckgenError as exc:
                problems += exc.problems
                continue
            except Exception as exc:
                raise _plugin_failure(generator, "render", exc) from None
            if not isinstance(data, bytes):
                raise PluginError(Problem.at(f"render() of output kind {generator.kind!r} returned "
                                             f"{type(data).__name__}, not bytes", field="plugins"))
            files.append((inside(options.out, planned.path), data))
    if problems:
        raise DeckgenError(problems)
    return files


def _planned(generator, selection: Selection) -> list[PlannedFile]:
    try:
        planned = list(generator.plan(selection))
    except DeckgenError:
        raise
    except Exception as exc:
        raise _plugin_failure(generator, "plan", exc) from None
    wrong = [p for p in planned if not isinstance(p, PlannedFile)]
    if wrong:
        raise PluginError(Problem.at(f"plan() of output kind {generator.kind!r} gave a {type(wrong[0]).__name__}, "
                                     f"not a PlannedFile", field="plugins"))
    return planned


def _plugin_failure(generator, step: str, exc: Exception) -> PluginError:
    """A plugin generator's own bug, named with the innermost line of its code."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/deckgen/" not in f.filename]
    where = f" ({Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    return PluginError(Problem.at(f"{step}() of output kind {generator.kind!r} failed: "
                                  f"{type(exc).__name__}: {exc}{where}", field="plugins"))
