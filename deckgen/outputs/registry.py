"""Which output generators a project has besides deckgen's own: installed packages', and its own plugins'.

A generator registers itself with :func:`register_output` when its module
is imported, the way a game calls ``register_game``.  One registered while
a project's plugins load (``plugins:`` in deckgen.yaml) belongs to that
project only: :func:`registered_outputs` gives a project the generators of
installed code and those whose plugin file lies inside its folder.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen.outputs.plan import OutputGenerator
from deckgen.registry import PART_REGISTRIES, loading_plugin

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.model import Project


@dataclass(frozen=True)
class _Registered:
    generator: Any
    origin: Path | None  # the plugin file that registered it; None: installed code


_REGISTERED: list[_Registered] = []


def register_output(generator: Any) -> Any:
    """Register an output ``generator`` (an :class:`~deckgen.outputs.plan.OutputGenerator`: ``kind``,
    ``plan(selection)``, ``render(selection, planned)``); call it at the bottom of a plugin module."""
    if not isinstance(generator, OutputGenerator) or not isinstance(getattr(generator, "kind", None), str):
        raise TypeError(f"register_output() takes an object with kind, plan() and render(), not "
                        f"{type(generator).__name__}")
    origin = _module_file(generator) if loading_plugin() and not _is_deckgens(generator) else None
    _REGISTERED[:] = [r for r in _REGISTERED if not (r.generator.kind == generator.kind and r.origin == origin)]
    _REGISTERED.append(_Registered(generator, origin))
    return generator


def registered_from(path: Path) -> bool:
    """Whether the plugin at ``path`` (a file or package folder) registered an output generator."""
    path = Path(path).resolve()
    return any(r.origin is not None and (r.origin == path or r.origin.is_relative_to(path)) for r in _REGISTERED)


PART_REGISTRIES.append(registered_from)


def registered_outputs(project: Project) -> list[Any]:
    """The generators of installed packages, then those of the project's own plugins (in registration order);
    deckgen's own kinds are :data:`deckgen.outputs.builtin.BUILTIN`."""
    root = Path(project.root).resolve()
    mine = [r for r in _REGISTERED if r.origin is None or r.origin.is_relative_to(root)]
    return [r.generator for r in sorted(mine, key=lambda r: r.origin is not None)]


def _module_file(generator: Any) -> Path | None:
    module = sys.modules.get(type(generator).__module__) or sys.modules.get(getattr(generator, "__module__", ""))
    file = getattr(module, "__file__", None)
    return Path(file).resolve() if file else None


def _is_deckgens(generator: Any) -> bool:
    return type(generator).__module__.split(".")[0] == "deckgen"
