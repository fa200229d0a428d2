"""Everything a build writes, as generators: each says what it will write before anything is written.

A generator (:class:`deckgen.outputs.plan.OutputGenerator`) is asked for a
:class:`~deckgen.outputs.plan.Selection` (games, decks, languages, paper,
options) and answers with the files it will write
(:class:`~deckgen.outputs.plan.PlannedFile`: path, kind, paper, duplex,
pages when known without rendering).  ``deckgen build --plan`` prints those
answers; ``deckgen build`` asks each generator to render every file it
planned (bytes, or a file's parts where only rendering names them) and
writes them all at once through :class:`deckgen.output.PendingFiles`.
deckgen's own kinds (deck sheets, single-card files, tuck boxes, cut
files, documents, booklets) are in :mod:`deckgen.outputs.builtin`; a
project plugin adds its own with
:func:`deckgen.outputs.registry.register_output`.

Modules: ``selection`` (the options and what they select), ``plan`` (the
protocol), ``registry`` (which generators a project has), ``decks`` and
``books`` (deckgen's own plans), ``deckkinds`` (the deck kinds),
``builtin`` (lists them), ``context`` (what deckgen's kinds share while a
selection renders: the cache, the drawing pool, the rendered faces),
``deckfiles`` and ``docfiles`` (composing a deck's files, rendering a
game's documents), ``shopbooks`` (the rule booklets a print preset's shop
takes: ``deckgen rules --preset``, ``deckgen export --preset``), ``extra`` (planning and writing every
generator's files), ``rendering`` (rendering them in one process), ``jobs`` (rendering them as jobs on every
core).
"""

from deckgen.outputs.plan import OutputGenerator, PlannedFile, Rendered, Selection
from deckgen.outputs.registry import register_output

__all__ = ["OutputGenerator", "PlannedFile", "Rendered", "Selection", "register_output"]
