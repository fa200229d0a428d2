"""What a template verb is, and what it knows of the face being rendered (:class:`Face`)."""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from deckgen.errors import DeckgenError, Problem
from deckgen.limits import DEFAULT as DEFAULT_LIMITS
from deckgen.render.callsite import template_call_site


@dataclass(frozen=True)
class Verb:
    """A function templates call: ``function(face, ...)`` gets the :class:`Face` being rendered first,
    then what the template passes; its signature and docstring are its documentation."""

    name: str
    function: Callable[..., Any]
    origin: str = "deckgen"  # deckgen, or the module of the plugin that registered it

    @property
    def parameters(self) -> str:
        """The parameters a template passes, as Python writes them: ``s, x, y, w, h, font='body', ...``."""
        params = [p.replace(annotation=inspect.Parameter.empty)
                  for p in list(inspect.signature(self.function).parameters.values())[1:]]
        return str(inspect.Signature(params))[1:-1]

    @property
    def doc(self) -> str:
        """The first paragraph of the function's docstring, on one line."""
        text = inspect.getdoc(self.function) or ""
        return " ".join(text.split("\n\n")[0].split()).replace("``", "`")


class Face:
    """The face being rendered, as a verb sees it.

    ``renderer`` (the :class:`deckgen.render.templates.FaceRenderer`), ``project``,
    ``game``, ``lang``, ``geo`` (mm), ``style``, ``fonts``, ``icons``, ``limits``,
    ``subject`` (``card c1 [en]`` in messages), ``problems`` (what this face
    reports), ``memo`` (a dict a verb may keep per-face results in) and
    ``verbs`` (every verb, bound to this face: ``face.verbs["text"](...)``).
    """

    def __init__(self, renderer: Any, subject: str, problems: list[Problem], verbs: Mapping[str, Verb]):
        self.renderer = renderer
        self.project, self.game, self.lang, self.geo = renderer.project, renderer.game, renderer.lang, renderer.geo
        self.root, self.fonts, self.icons, self.style = renderer.root, renderer.fonts, renderer.icons, renderer.style
        self.limits = getattr(self.project, "limits", None) or DEFAULT_LIMITS
        self.subject, self.problems = subject, problems
        self.memo: dict[Any, Any] = {}
        self.verbs = {name: BoundVerb(verb, self) for name, verb in verbs.items()}

    def where(self) -> tuple[str | None, int | None]:
        """(template file, line) of the template call being made."""
        return template_call_site(self.root)

    def report(self, message: str, warning: bool = False, about_face: bool = True) -> None:
        """A problem at the calling template line; ``about_face`` puts the face's subject first."""
        tfile, tline = self.where()
        self.problems.append(Problem(tfile, tline, None, None,
                                     f"{self.subject}: {message}" if about_face else message, warning=warning))


class BoundVerb:
    """A verb bound to one face: what a template calls.  A call that does not fit the verb's parameters is
    a ``TypeError`` naming the verb; anything but a template problem raised by a plugin's verb is a located
    problem naming the plugin."""

    __slots__ = ("verb", "face", "__name__")

    def __init__(self, verb: Verb, face: Face):
        self.verb, self.face, self.__name__ = verb, face, verb.name

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        verb = self.verb
        try:
            return verb.function(self.face, *args, **kwargs)
        except TypeError as exc:
            try:
                inspect.signature(verb.function).bind(self.face, *args, **kwargs)
            except TypeError as wrong:
                raise TypeError(f"{verb.name}() {wrong}") from None
            if verb.origin == "deckgen":
                raise
            self._plugin_failed(exc)
        except (DeckgenError, RecursionError):
            raise
        except Exception as exc:  # noqa: BLE001 - a plugin's bug is reported as the plugin's, located
            if verb.origin == "deckgen":
                raise
            self._plugin_failed(exc)

    def _plugin_failed(self, exc: Exception) -> None:
        import traceback

        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.name != "__call__"]
        at = f" ({frames[-1].filename.rsplit('/', 1)[-1]}:{frames[-1].lineno})" if frames else ""
        tfile, tline = self.face.where()
        raise DeckgenError(Problem(tfile, tline, None, None,
                                   f"{self.face.subject}: the plugin verb {self.verb.name}() from "
                                   f"{self.verb.origin} failed: {type(exc).__name__}: {exc}{at}")) from None
