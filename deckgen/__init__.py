"""deckgen: publish card games for print.

YAML card data is validated into a model, rendered through Jinja2 SVG
templates, rasterized with cairosvg and imposed with reportlab into
print-ready PDFs.  Reference rule engines judge hands and check decks.

A game's rules plug in through :func:`register_game` (see
:mod:`deckgen.registry` and docs/plugins.md)::

    from deckgen import GameDescriptor, register_game
    register_game(GameDescriptor(engine="mygame", title="My game", judge=my_judge))

A plugin also adds template verbs, card sources by file suffix, checks and
output kinds (:mod:`deckgen.parts`): :func:`register_verb`,
:func:`register_card_source`, :func:`register_check`, :func:`register_output`.
"""

__version__ = "0.2.0"

from deckgen.errors import DeckgenError, Problem, ShowdownError  # noqa: E402
from deckgen.registry import (  # noqa: E402
    Check, CheckContext, DocumentKind, GameDescriptor, SimulationRequest, register_check, register_game,
)

__all__ = ["Check", "CheckContext", "DeckgenError", "DocumentKind", "GameDescriptor", "Problem", "ShowdownError",
           "SimulationRequest", "register_card_source", "register_check", "register_game", "register_output",
           "register_verb", "__version__"]


def __getattr__(name: str):
    """``register_verb`` and ``register_card_source``, imported when first asked for (they bring the renderer
    and the spreadsheet readers, which ``import deckgen`` alone does not need)."""
    if name == "register_verb":
        from deckgen.render.verbs import register_verb

        return register_verb
    if name == "register_card_source":
        from deckgen.sources.readers import register_card_source

        return register_card_source
    if name == "register_output":
        from deckgen.outputs.registry import register_output

        return register_output
    raise AttributeError(f"module 'deckgen' has no attribute {name!r}")
