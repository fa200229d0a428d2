"""deckgen: publish card games for print.

YAML card data is validated into a model, rendered through Jinja2 SVG
templates, rasterized with cairosvg and imposed with reportlab into
print-ready PDFs.  Reference rule engines judge hands and check decks.

A game's rules plug in through :func:`register_game` (see
:mod:`deckgen.registry` and docs/plugins.md)::

    from deckgen import GameDescriptor, register_game
    register_game(GameDescriptor(engine="mygame", title="My game", judge=my_judge))
"""

__version__ = "0.2.0"

from deckgen.errors import DeckgenError, Problem, ShowdownError  # noqa: E402
from deckgen.registry import Check, CheckContext, DocumentKind, GameDescriptor, SimulationRequest, register_game  # noqa: E402

__all__ = ["Check", "CheckContext", "DeckgenError", "DocumentKind", "GameDescriptor", "Problem", "ShowdownError",
           "SimulationRequest", "register_game", "__version__"]
