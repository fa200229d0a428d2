"""What a plugin adds besides whole games: template verbs, card sources by file suffix, checks and output
kinds (:func:`deckgen.outputs.register_output`).

deckgen's own parts are registries too: the template verbs of
:mod:`deckgen.render.verbs` (``text``, ``icon``, ``table``, ...) and the
card sources of :mod:`deckgen.sources.readers` (``.yaml``, ``.csv``,
``.xlsx``, ``.ods``).  A plugin adds to them with::

    from deckgen import register_verb, register_card_source, register_check

    @register_verb
    def dice(face, n, x, y, size):        # templates call dice(n, x, y, size)
        "Pips of a die face."
        ...

    register_card_source(".toml", read_toml)   # read_toml(card_file) -> [entry, ...]
    register_check(Check("no-blank-names", run))

Like games (:func:`deckgen.registry.register_game`), what a project's
plugin registers belongs to that project only (``Project.parts``); what an
installed package registers when it is imported belongs to every project
(:data:`INSTALLED`).  A project's part wins over an installed one of the
same name; none may take the name of one of deckgen's own.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator


@dataclass
class Parts:
    """Verbs by name, card sources by suffix (lower case, with its dot), checks by name, output generators by
    kind."""

    verbs: dict[str, Any] = field(default_factory=dict)  # name -> deckgen.render.verbs.Verb
    card_sources: dict[str, Any] = field(default_factory=dict)  # suffix -> deckgen.sources.readers.CardSource
    checks: dict[str, Any] = field(default_factory=dict)  # name -> deckgen.registry.Check
    outputs: dict[str, Any] = field(default_factory=dict)  # kind -> deckgen.outputs.plan.OutputGenerator

    def __bool__(self) -> bool:
        return bool(self.verbs or self.card_sources or self.checks or self.outputs)

    def add(self, other: "Parts") -> None:
        """Take ``other``'s parts too (its own win)."""
        self.verbs.update(other.verbs)
        self.card_sources.update(other.card_sources)
        self.checks.update(other.checks)
        self.outputs.update(other.outputs)


#: What installed packages registered when imported (every project has them).
INSTALLED = Parts()
_COLLECTING: list[Parts] = []  # project plugins being imported (innermost last)


def current() -> Parts:
    """Where a registration goes now: the project plugin being imported, else the installed parts."""
    return _COLLECTING[-1] if _COLLECTING else INSTALLED


@contextmanager
def collecting() -> Iterator[Parts]:
    """Collect what is registered inside the block (a project plugin's import)."""
    found = Parts()
    _COLLECTING.append(found)
    try:
        yield found
    finally:
        _COLLECTING.pop()


def project_parts(project: Any) -> Parts:
    """The installed parts and the project's own (``project.parts``), the project's winning."""
    merged = Parts()
    merged.add(INSTALLED)
    own = getattr(project, "parts", None)
    if own is not None:
        merged.add(own)
    return merged


def origin_of(function: Any) -> str:
    """The module a registered function comes from (a plugin's, in messages)."""
    return getattr(function, "__module__", None) or "a plugin"
