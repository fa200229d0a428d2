"""The check that a translation was made from the source text as it reads now (``deckgen translate``).

Where a language has a baseline (``data/GAME/lang/LANG.baseline.yaml``), a
translated text whose source-language text changed since is a warning at
the translation's line that names the source's line too.  Without a
baseline nothing is known and nothing is said (``deckgen translate status``
says "unknown").
"""

from __future__ import annotations

from deckgen.errors import Problem
from deckgen.registry import Check, CheckContext


def check_stale_translations(ctx: CheckContext) -> list[Problem]:
    from deckgen.translate.status import language_status

    languages = list(ctx.project.languages)
    if not languages:
        return []
    source = languages[0]
    problems = []
    for lang in ctx.langs:
        if lang == source:
            continue
        status = language_status(ctx.project.root, ctx.game.id, source, lang)
        for pair in status.pairs:
            if pair.state != "stale":
                continue
            here, there = pair.target[0], pair.source[0]
            problems.append(Problem(
                here.file, here.line, None, pair.key,
                f"stale: translated from an older {source} text, which now reads differently at "
                f"{there.file}:{there.line}; update the translation, then run "
                f"`deckgen translate mark --lang {lang} {ctx.game.id}`", warning=True))
    return problems


STALE_TRANSLATIONS = Check("stale translations", check_stale_translations)
