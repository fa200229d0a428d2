"""Everything a build writes, as generators: each says what it will write before anything is written.

A generator (:class:`deckgen.outputs.plan.OutputGenerator`) is asked for a
:class:`~deckgen.outputs.plan.Selection` (games, decks, languages, paper,
options) and answers with the files it will write
(:class:`~deckgen.outputs.plan.PlannedFile`: path, kind, paper, duplex,
pages when known without rendering).  ``deckgen build --plan`` prints those
answers; ``deckgen build`` writes them.  deckgen's own kinds (deck sheets,
single-card files, tuck boxes, cut files, documents, booklets) are in
:mod:`deckgen.outputs.builtin`; a project plugin adds its own with
:func:`deckgen.outputs.registry.register_output`.

Modules: ``selection`` (the options and what they select), ``plan`` (the
protocol), ``registry`` (which generators a project has), ``decks`` and
``books`` (deckgen's own plans), ``builtin`` (lists them), ``extra``
(rendering and writing the files of plugin generators).
"""

from deckgen.outputs.plan import OutputGenerator, PlannedFile, Selection
from deckgen.outputs.registry import register_output

__all__ = ["OutputGenerator", "PlannedFile", "Selection", "register_output"]
