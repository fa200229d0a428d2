"""The verb ``table(x, y, w, columns, rows, ...)``: rows and columns of text cells (deckgen.render.table)."""

from __future__ import annotations

import inspect
from typing import Any

from deckgen.render.table import Table, layout_table
from deckgen.render.verbs.face import Face


def table(face: Face, *args: Any, **kwargs: Any) -> Table:
    """A table at (x, y), ``w`` wide: ``columns`` are the columns' widths (fractions of ``w`` adding up to at
    most 1, else weights) or ``"auto"`` (sized by their content, as booklet tables), ``rows`` mappings with their ``cells``; its type shrinks together until it fits
    ``max_height``.  It prints as its SVG and tells its ``height``, ``size``, ``fits`` and ``bottom``; a table
    that cannot fit is a problem."""
    verbs = face.verbs
    result = layout_table(verbs["text"], verbs["measure"], verbs["icon"], *args, **kwargs)
    if not result.fits:
        face.report("the table does not fit its height even with its type at the smallest size")
    return result


# its parameters are layout_table's, after the three drawing functions it is handed
_params = list(inspect.signature(layout_table).parameters.values())[3:]
table.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
    [inspect.Parameter("face", inspect.Parameter.POSITIONAL_OR_KEYWORD), *_params])
