"""Rules a booklet paragraph's broken lines must keep, measured on reportlab's line structure.

reportlab breaks greedily and offers no hook between the lines, so these rules look at its result:

* **hyphen runs**: at most :data:`MAX_HYPHEN_RUN` lines in a row end with a hyphen (a divided word or a
  compound parted at its own hyphen; de review GL8 found „wer-“/„Fel-“/„bekom-“ on three lines).  The
  words that end a longer run are returned by :func:`words_over_hyphen_run`, and the paragraph breaks
  again without hyphenating them (:mod:`deckgen.rulebook.paragraph`);
* **no fragment alone**: a divided word's tail never stands alone on a line (a paragraph's last line, or
  any line of a narrow table cell)
  (:func:`word_ending_alone`);
* **loose lines**: a justified line whose word spaces would stretch beyond :data:`MAX_WORD_SPACE` times
  their natural width (ru review C-L9: the next word could not be divided) is set ragged instead, flush
  left with natural spaces, and a paragraph with two such lines is set flush left as a whole
  (:func:`loosen`).  :func:`word_space_ratios` is the measure, for checks and tests.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from reportlab.pdfbase.pdfmetrics import stringWidth

#: lines in a row that may end with a hyphen
MAX_HYPHEN_RUN = 2
#: the widest word space of a justified line, in natural spaces (a line that needs more is set ragged)
MAX_WORD_SPACE = 2.0

#: this many lines too loose set their whole paragraph flush left
RAGGED_PARAGRAPH = 2

_NBSP = "\u00a0"


def _words(line: Any) -> list:
    return list(line[1] if isinstance(line, tuple) else getattr(line, "words", None) or [])


def _text(word: Any) -> str:
    return str(word if isinstance(word, str) else getattr(word, "text", ""))


def line_texts(lines: Iterable[Any]) -> list[str]:
    """Each line's text as printed: a plain line's words joined by spaces, a line of fragments joined as
    they are (reportlab keeps a fragment's space in its text)."""
    return [" ".join(_text(w) for w in _words(line)) if isinstance(line, tuple)
            else "".join(_text(w) for w in _words(line)) for line in lines]


def ends_with_hyphen(text: str) -> bool:
    return text.rstrip().endswith(("-", "\u2010"))


def hyphen_flags(lines: list[Any]) -> list[bool]:
    """For each line but the last: whether it ends with a hyphen."""
    texts = line_texts(lines)
    return [ends_with_hyphen(t) for t in texts[:-1]] + ([False] if texts else [])


def longest_hyphen_run(lines: list[Any]) -> int:
    run = best = 0
    for flag in hyphen_flags(lines):
        run = run + 1 if flag else 0
        best = max(best, run)
    return best


def word_key(word: str) -> str:
    """A word's letters, lower case: the same key for „bekom-“ + „men“ and „bekommen,“, „Jedi-Meister“."""
    return "".join(c for c in word if c.isalpha()).lower()


def _divided(texts: list[str], i: int) -> str:
    """The key of the word divided between line ``i`` and the next."""
    return word_key(texts[i].rstrip().split(" ")[-1] + texts[i + 1].lstrip().split(" ")[0])


def words_over_hyphen_run(lines: list[Any], limit: int = MAX_HYPHEN_RUN,
                          fits: Callable[[str], bool] = lambda key: True) -> set[str]:
    """The keys of the words divided at the end of a line past ``limit`` hyphenated lines in a row.

    A word that does not fit a line whole (``fits``) must stay divided, or it would be cut without a
    hyphen: the run is then ended at the nearest earlier divided word of the run that fits.
    """
    texts = line_texts(lines)
    flags = hyphen_flags(lines)
    keys, run = set(), 0
    for i, flag in enumerate(flags):
        run = run + 1 if flag else 0
        if run > limit and i + 1 < len(texts):
            for j in range(i, i - run, -1):
                if fits(_divided(texts, j)):
                    keys.add(_divided(texts, j))
                    break
    return keys


def word_ending_alone(lines: list[Any]) -> set[str]:
    """The keys of the words divided so that their tail stands alone on a line (de „Sie-“ | „ger.“ at a
    paragraph's end, ru „до-“ | „бора.“; in a narrow table cell „belie-“ | „biger“ | „Reihenfolge zurück.“):
    a line never holds nothing but a word fragment."""
    texts = line_texts(lines)
    found = set()
    for i in range(1, len(texts)):
        alone = texts[i].strip().replace("\u00a0", " ").replace("\u202f", " ")
        if alone and " " not in alone and ends_with_hyphen(texts[i - 1]):
            head = texts[i - 1].rstrip().split(" ")[-1]
            found.add(word_key(head + texts[i].strip()))
    return found


def words_to_spare(lines: list[Any], fits: Callable[[str], bool] = lambda key: True) -> set[str]:
    """The words a paragraph must not divide to keep its line rules (see the module docstring); only words
    that ``fits`` a line whole are ever spared."""
    return words_over_hyphen_run(lines, fits=fits) | {k for k in word_ending_alone(lines) if fits(k)}


def sparing(hyphenator: Callable[[str], Iterable], spared: set[str]) -> Callable[[str], Iterable]:
    """``hyphenator`` (reportlab's word -> (head, tail) pairs) that never divides a word of ``spared``."""

    def pairs(word: str):
        if word_key(word) in spared:
            return iter(())
        return hyphenator(word)

    return pairs


def _space_width(line: Any, bl_para: Any) -> float:
    if isinstance(line, tuple):
        return stringWidth(" ", bl_para.fontName, bl_para.fontSize)
    for word in _words(line):
        if getattr(word, "fontName", None) and _text(word).strip():
            return stringWidth(" ", word.fontName, word.fontSize)
    return stringWidth(" ", "Helvetica", getattr(line, "fontSize", 10))


def _spaces(line: Any) -> int:
    """The stretchable spaces reportlab spreads a justified line's extra width over."""
    if isinstance(line, tuple):
        words = _words(line)
        return len(words) + sum(_text(w).count(_NBSP) for w in words) - 1
    words = [w for w in _words(line) if not hasattr(w, "cbDefn")]
    return int(getattr(line, "wordCount", len(words))) + sum(_text(w).count(_NBSP) for w in words) - 1


def _extra(line: Any) -> float:
    return float(line[0] if isinstance(line, tuple) else getattr(line, "extraSpace", 0.0))


def _ragged(line: Any) -> bool:
    return bool(getattr(line, "lineBreak", False)) if not isinstance(line, tuple) else abs(line[0]) <= 1e-8


def word_space_ratios(bl_para: Any) -> list[float]:
    """The word space of each justified line (every line but the last and lines set ragged), in natural
    spaces: 1.0 is a line that fills the measure without stretching."""
    lines = list(getattr(bl_para, "lines", None) or [])
    ratios = []
    for line in lines[:-1]:
        extra, spaces = _extra(line), _spaces(line)
        if spaces <= 0 or _ragged(line) or extra <= 1e-8:
            continue
        natural = _space_width(line, bl_para)
        ratios.append((natural + extra / spaces) / natural if natural else 1.0)
    return ratios


def loosen(bl_para: Any, limit: float = MAX_WORD_SPACE) -> int:
    """Set each justified line of ``bl_para`` whose word spaces would exceed ``limit`` natural spaces
    flush left (its spaces natural); a paragraph with :data:`RAGGED_PARAGRAPH` such lines or more is
    set flush left as a whole, which reads more evenly than lines of both kinds.  Returns how many
    lines were too loose."""
    lines = getattr(bl_para, "lines", None) or []
    loose = []
    for i, line in enumerate(lines[:-1]):
        extra, spaces = _extra(line), _spaces(line)
        if spaces <= 0 or _ragged(line) or extra <= 1e-8:
            continue
        natural = _space_width(line, bl_para)
        if natural and (natural + extra / spaces) / natural > limit:
            loose.append(i)
    for i in (range(len(lines) - 1) if len(loose) >= RAGGED_PARAGRAPH else loose):
        line = lines[i]
        if isinstance(line, tuple):
            lines[i] = (0, line[1])
        else:
            line.lineBreak = True
    return len(loose)
