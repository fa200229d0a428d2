"""The ``tournament`` directive: a game's tournament procedure (``data/GAME/tournament.yaml``) in its booklet.

The words live once, in the game's tournament file, for both the booklet
and the pages ``deckgen kit`` prints: the procedure's own note (that it is a
decision of the game's makers) as a boxed note, its steps as a numbered list.
"""

from __future__ import annotations

from deckgen.errors import Problem
from deckgen.rulebook.source import Block


def tournament_blocks(ctx, block: Block) -> list[Block]:
    """The note and the numbered steps of the procedure in the booklet's language, as booklet blocks."""
    from deckgen.kit.tournament import has_tournament, tournament_words

    if not has_tournament(ctx.game):
        ctx.problems.append(Problem(ctx.source.file, block.line, None, None,
                                    f"a tournament directive needs data/{ctx.game.id}/tournament.yaml (its steps "
                                    f"and note in each language; docs/convention.md)"))
        return []
    words = tournament_words(ctx.game, ctx.lang)
    steps = tuple(str(s) for s in words.get("steps") or ())
    blocks = [Block("list", block.line, level=1, items=steps)] if steps else []
    if words.get("decision"):
        blocks.append(Block("note", block.line, str(words["decision"])))
    return blocks
