"""Which words reportlab offers a booklet's hyphenator: every word of the four languages.

reportlab asks the hyphenator only about words made of the letters of its own list, stripped of a few
quotes and brackets.  That list lacks ё (ru „ещё“, „передаётся“, „Тёмный“ were never divided), the
guillemets « » of French and Russian and the no-break spaces that hold a short word to the next
(ru „и\u00a0добора,“); each of those words stayed whole, and the justified line before it gaped (ru
review C-L9).  :func:`widen` extends reportlab's patterns once, at import of
:mod:`deckgen.rulebook.paragraph`; what a word may be divided into is still decided by
:func:`deckgen.text.hyphenate.platypus_hyphenator` (a group held by no-break spaces divides only in
its last word, after short words).
"""

from __future__ import annotations

import re

from reportlab.platypus import paragraph as _rl

#: letters reportlab lacks: the whole Cyrillic block (ё, Ё, і …) and the no-break spaces inside a word group
EXTRA_LETTERS = "\u0400-\u04ff\u00a0\u202f"
#: opening and closing marks stripped before a word is divided
EXTRA_OPENING = "\u00ab\u2039\u00a0\u202f"
EXTRA_CLOSING = "\u00bb\u203a\u00a0\u202f"


def widen() -> None:
    """Let reportlab offer words with ё, in guillemets or held by no-break spaces to the hyphenator."""
    if getattr(_rl, "_deckgen_widened", False):
        return
    letters = _rl._hy_letters + EXTRA_LETTERS
    _rl._hy_letters_pat = re.compile("^[" + letters + "]+$")
    _rl._hy_shy_letters_pat = re.compile("^[" + _rl._hy_shy + letters + "]+$")
    _rl._hy_pfx_pat = re.compile(_rl._hy_pfx_pat.pattern.replace("]+", EXTRA_OPENING + "]+", 1))
    _rl._hy_sfx_pat = re.compile(_rl._hy_sfx_pat.pattern.replace("]+$", EXTRA_CLOSING + "]+$", 1))
    _rl._deckgen_widened = True
