"""Template verbs: the functions card and document templates call, one module per verb, in one registry.

A verb is a plain function whose first parameter is the face being rendered
(:class:`deckgen.render.verbs.face.Face`); the rest are what the template
passes, and the function's signature and docstring are its documentation
(docs/project-format.md lists them: :func:`verb_table`).  deckgen's own are
:data:`VERBS`; a plugin adds one with :func:`register_verb`, for its project
only.  The renderer binds every verb to the face it draws
(:class:`deckgen.render.verbs.face.Face` ``verbs``); the sandbox hands templates the bound verbs as
template functions (deckgen.render.views) and nothing else of them.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, Mapping

from deckgen.parts import current, origin_of, project_parts
from deckgen.render.verbs.box import box
from deckgen.render.verbs.disc_text import disc_text
from deckgen.render.verbs.face import BoundVerb, Face, Verb
from deckgen.render.verbs.icon import icon
from deckgen.render.verbs.measure import measure
from deckgen.render.verbs.picture import picture
from deckgen.render.verbs.plural import plural
from deckgen.render.verbs.summary import summary
from deckgen.render.verbs.t import t
from deckgen.render.verbs.table import table
from deckgen.render.verbs.text import text

__all__ = ["BoundVerb", "Face", "RESERVED", "VERBS", "Verb", "register_verb", "verb_table",
           "verbs_for"]

#: deckgen's own verbs, by name.
VERBS: dict[str, Verb] = {fn.__name__: Verb(fn.__name__, fn)
                          for fn in (t, text, disc_text, icon, box, picture, measure, table, plural, summary)}

#: The other names a template's context holds (the model's views, ``geo``, ``style``): no verb takes them.
RESERVED = frozenset({"card", "deck", "game", "lang", "name", "texts", "geo", "style"})


def register_verb(function: Callable[..., Any] | None = None, *, name: str | None = None) -> Any:
    """Register ``function(face, ...)`` as the template verb ``name`` (default: the function's name).

    Usable as ``@register_verb`` or ``@register_verb(name="d6")``.  Called while a
    project's plugin is imported, the verb is that project's; otherwise every
    project's.  The name is a Python name that is neither one of deckgen's verbs
    nor a template variable (:data:`RESERVED`).
    """
    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        if not callable(fn):
            raise TypeError(f"register_verb() takes a function, not {type(fn).__name__}")
        verb_name = str(name or getattr(fn, "__name__", ""))
        if not verb_name.isidentifier():
            raise ValueError(f"a template verb's name is a Python name, not {verb_name!r}")
        if verb_name in VERBS or verb_name in RESERVED:
            raise ValueError(f"{verb_name!r} is one of deckgen's own template names: give the verb another name")
        if not inspect.signature(fn).parameters:
            raise TypeError(f"the verb {verb_name}() takes the face being rendered as its first parameter")
        current().verbs[verb_name] = Verb(verb_name, fn, origin_of(fn))
        return fn

    return register if function is None else register(function)


def verbs_for(project: Any) -> dict[str, Verb]:
    """deckgen's verbs and those the installed packages and the project's plugins add."""
    return {**VERBS, **project_parts(project).verbs}


def verb_table(verbs: Mapping[str, Verb] = VERBS) -> str:
    """The Markdown table of ``verbs`` for docs/project-format.md: the call as a template writes it, and what
    it does."""
    rows = ["| verb | what it gives |", "|---|---|"]
    for name in sorted(verbs):
        verb = verbs[name]
        call = f"{name}({verb.parameters})".replace("|", "\\|")
        rows.append(f"| `{call}` | {verb.doc.replace('|', chr(92) + '|')} |")
    return "\n".join(rows)
