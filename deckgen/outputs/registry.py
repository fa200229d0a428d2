"""Which output generators a project has besides deckgen's own: installed packages', and its own plugins'.

A generator registers itself with :func:`register_output` when its module
is imported, the way a game calls ``register_game``.  It is a part
(:mod:`deckgen.parts`): one registered while a project's plugins load
(``plugins:`` in deckgen.yaml) belongs to that project only; one an
installed package registers belongs to every project.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckgen.outputs.plan import OutputGenerator
from deckgen.parts import current as current_parts, project_parts

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.model import Project


def register_output(generator: Any) -> Any:
    """Register an output ``generator`` (an :class:`~deckgen.outputs.plan.OutputGenerator`: ``kind``,
    ``plan(selection)``, ``render(selection, planned)``); call it at the bottom of a plugin module."""
    if not isinstance(generator, OutputGenerator) or not isinstance(getattr(generator, "kind", None), str):
        raise TypeError(f"register_output() takes an object with kind, plan() and render(), not "
                        f"{type(generator).__name__}")
    current_parts().outputs[generator.kind] = generator
    return generator


def registered_outputs(project: Project) -> list[Any]:
    """The generators of installed packages, then those of the project's own plugins (a project's kind wins
    over an installed one of the same name); deckgen's own kinds are :data:`deckgen.outputs.builtin.BUILTIN`."""
    return list(project_parts(project).outputs.values())
