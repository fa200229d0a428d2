"""Locale typography applied to parsed text before layout.

* quotes: straight "…" become „…“ (de), “…” (en), «…» (ru), « … » (fr);
  an apostrophe between letters becomes ’
* French: no-break space before ``:`` and narrow no-break space before
  ``; ! ? »`` and after ``«`` (a normal space is replaced, a missing one added)
* a number and the following word, unit, %, € or icon are kept on one line
* a signed number (+4, −4, ±4) stays with the word before it, and the two
  numbers of a pair stay together with the word between them: "+4 or −4",
  "2 und 4", "1 à 11", "от 1 до 11" (the words per language: :data:`PAIR_WORDS`);
  fixed expressions ("ex æquo") never break
* de/fr/ru: a spaced dash (" – ", " — ") never starts a line
* ru: a word of one or two letters (в, и, от, до, на …) stays with the word
  after it, as Russian typesetting wants
* a separator dot (·) never starts a line, and "2 × Smuggler" stays whole
* a hyphen that signs a number ("-4" after a space, bracket or slash) is
  set as the minus sign U+2212, as the cards print it
* the language's breaking rules (:mod:`deckgen.text.breaking`, data): short words bound
  to the next, words kept with the number after them ("Stufe 5"), names of a few words
  kept on one line inside a longer text; a formula ("3 × 2 = 6", "3 + 3") never splits

``apply(..., keep=False)`` leaves out every rule that only keeps words together: the
layout's last resort when a text cannot fit its box at the smallest size with them.
"""

from __future__ import annotations

from dataclasses import replace

from .markup import Item

NBSP = "\u00a0"
NNBSP = "\u202f"
NO_BREAK_SPACES = {NBSP, NNBSP, "\u2007", "\u2060"}
SPACES = {" ", "\t"} | NO_BREAK_SPACES

QUOTES = {
    "de": ("\u201e", "\u201c"),
    "en": ("\u201c", "\u201d"),
    "ru": ("\u00ab", "\u00bb"),
    "fr": ("\u00ab", "\u00bb"),
}
_OPENING_CONTEXT = set(" \t([{\u2013\u2014/") | NO_BREAK_SPACES

#: Words that join the two numbers of a pair ("2 and 4", "1 to 11"), per language.
PAIR_WORDS = {
    "en": {"or", "and", "to", "&", "\u2013", "\u2014", "-"},
    "de": {"oder", "und", "bis", "&", "\u2013", "\u2014", "-"},
    "fr": {"ou", "et", "à", "&", "\u2013", "\u2014", "-"},
    "ru": {"или", "и", "до", "&", "\u2013", "\u2014", "-"},
}
#: Expressions whose words never part, per language.
FIXED_EXPRESSIONS = {"fr": ("ex æquo", "ex aequo"), "en": (), "de": (), "ru": ()}
_SIGNS = set("+-\u2212\u00b1")
_UNIT_START = set("%‰€$£°×")


def _lang(lang: str) -> str:
    return lang.replace("_", "-").split("-")[0].lower()


def _is_char(items: list[Item], i: int, pred) -> bool:
    return 0 <= i < len(items) and items[i].kind == "char" and pred(items[i].text)


def apply(items: list[Item], lang: str, keep: bool = True) -> list[Item]:
    """Return a new item list with the typography of ``lang`` applied (``keep``: and the rules that
    keep words together)."""
    from .breaking import rules_for

    lang = _lang(lang)
    out = list(items)
    out = _quotes(out, lang)
    out = _minus_signs(out)
    if keep:
        out = _number_glue(out, lang)
        out = _separator_glue(out)
        out = _pair_glue(out, lang)
        out = _formula_glue(out)
    if lang == "fr":
        out = _french_spacing(out)
    if not keep:
        return out
    if lang in ("de", "fr", "ru"):
        out = _dash_glue(out)
    rules = rules_for(lang)
    out = _bound_words(out, rules.bind_to_next, cyrillic_short=lang == "ru")
    out = _number_after(out, rules.bind_number_after)
    if rules.glued_names is not None:
        out = _name_glue(out, rules.glued_names)
    return out


_OPENERS = "([{«„“‚‘\"'"
_CLOSERS = ".,;:!?)]}»“”’\"'"


def _glue_after(out: list[Item], spans: list[tuple[int, int]], k: int) -> None:
    """The gap after token ``k`` becomes a no-break space (when it is one plain space)."""
    a, b = spans[k][1], spans[k + 1][0]
    if b == a + 1 and out[a].kind == "char" and out[a].text in (" ", "\t"):
        out[a] = replace(out[a], text=NBSP)


def _bound_words(items: list[Item], words: frozenset[str], cyrillic_short: bool = False) -> list[Item]:
    """"в руке", "(с одним", "à la": a listed short word (in Russian also every word of one or two
    letters) never ends a line; the space after it becomes a no-break one."""
    out = list(items)
    spans = _tokens(out)
    for k in range(len(spans) - 1):
        word = _text(out, spans[k]).lstrip(_OPENERS)
        if word.lower() in words or (cyrillic_short and 1 <= len(word) <= 2 and _is_cyrillic_word(word)):
            _glue_after(out, spans, k)
    return out


def _number_after(items: list[Item], words: frozenset[str]) -> list[Item]:
    """"Stufe 5", "раунд 3": a listed word stays with the number after it."""
    if not words:
        return items
    out = list(items)
    spans = _tokens(out)
    for k in range(len(spans) - 1):
        word = _text(out, spans[k]).lstrip(_OPENERS).lower()
        if word in words and _is_number(_text(out, spans[k + 1]).lstrip(_OPENERS)):
            _glue_after(out, spans, k)
    return out


_OPERATORS = {"×", "=", "+", "−", "-", "÷", "±", "≠", "≤", "≥", "<", ">"}


def _formula_glue(items: list[Item]) -> list[Item]:
    """"3 × 2 = 6", "3 + 3": the numbers and signs of a formula stay on one line."""
    out = list(items)
    spans = _tokens(out)
    words = [_text(out, s) for s in spans]
    for k in range(1, len(spans) - 1):
        if words[k] in _OPERATORS and _is_number(words[k - 1].lstrip(_OPENERS)) \
                and _is_number(words[k + 1].lstrip(_OPENERS)):
            _glue_after(out, spans, k - 1)
            _glue_after(out, spans, k)
    return out


def _name_glue(items: list[Item], pattern) -> list[Item]:
    """"Dunkler Jedi 12": a name of a few words that never breaks keeps its words on one line — inside a
    longer text only (a title that is just the name may still break between its words)."""
    text = "".join(it.text if it.kind == "char" and len(it.text) == 1 else ("\n" if it.kind == "break" else "\ufffc")
                   for it in items)
    if len(text) != len(items):
        return items
    out = list(items)
    whole = text.strip()
    for match in pattern.finditer(text.replace(NBSP, " ")):
        if match.group(0) == whole:
            continue
        for i in range(match.start(), match.end()):
            if out[i].kind == "char" and out[i].text == " ":
                out[i] = replace(out[i], text=NBSP)
    return out


def _quotes(items: list[Item], lang: str) -> list[Item]:
    open_q, close_q = QUOTES.get(lang, QUOTES["en"])
    out = []
    for i, it in enumerate(items):
        if it.kind == "char" and it.text == '"':
            prev = items[i - 1] if i > 0 else None
            opening = prev is None or prev.kind == "break" or (prev.kind == "char" and prev.text in _OPENING_CONTEXT)
            it = replace(it, text=open_q if opening else close_q)
        elif it.kind == "char" and it.text == "'":
            if _is_char(items, i - 1, str.isalpha) and _is_char(items, i + 1, str.isalpha):
                it = replace(it, text="\u2019")
        out.append(it)
    return out


_MINUS_CONTEXT = set(" \t([{/") | NO_BREAK_SPACES


def _minus_signs(items: list[Item]) -> list[Item]:
    """"-4", "(-2)", "+1/-1": a hyphen before a digit that starts a word is a minus sign."""
    out = list(items)
    for i, it in enumerate(out):
        if it.kind == "char" and it.text == "-" and _is_char(out, i + 1, str.isdigit):
            prev = out[i - 1] if i > 0 else None
            if prev is None or prev.kind == "break" or (prev.kind == "char" and prev.text in _MINUS_CONTEXT):
                out[i] = replace(it, text="\u2212")
    return out


def _number_glue(items: list[Item], lang: str = "en") -> list[Item]:
    """"2 chips", "5 mm", "10 %", "2 {chip}": the space becomes a no-break space (in Russian not before
    a preposition or conjunction of one or two letters, which goes with the word after it instead)."""
    out = list(items)
    for i in range(1, len(out) - 1):
        if out[i].kind == "char" and out[i].text == " " and _is_char(out, i - 1, str.isdigit):
            nxt = out[i + 1]
            if lang == "ru" and _short_cyrillic_at(out, i + 1):
                continue
            if nxt.kind == "icon" or (nxt.kind == "char" and (nxt.text.isalpha() or nxt.text in _UNIT_START)):
                out[i] = replace(out[i], text=NBSP)
    return out


def _separator_glue(items: list[Item]) -> list[Item]:
    """"Rancor 7 · Jedi 9": a separator dot never starts a line; "2 × Smuggler": a multiplication sign
    stays with what it multiplies."""
    out = list(items)
    for i in range(1, len(out) - 1):
        if out[i].kind == "char" and out[i].text == " ":
            if _is_char(out, i + 1, lambda c: c == "\u00b7"):
                out[i] = replace(out[i], text=NBSP)
            elif _is_char(out, i - 1, lambda c: c == "\u00d7"):
                out[i] = replace(out[i], text=NBSP)
    return out


def _is_cyrillic_word(word: str) -> bool:
    return bool(word) and all("\u0400" <= c <= "\u04ff" for c in word)


def _short_cyrillic_at(items: list[Item], i: int) -> bool:
    """Whether a Cyrillic word of one or two letters starts at item ``i``."""
    word = ""
    while i < len(items) and items[i].kind == "char" and items[i].text not in SPACES:
        word += items[i].text
        i += 1
    return 1 <= len(word) <= 2 and _is_cyrillic_word(word)


def _tokens(items: list[Item]) -> list[tuple[int, int]]:
    """(start, end) of each word: runs of items between spaces (no-break ones too) and line breaks."""
    spans, start = [], None
    for i, it in enumerate(items):
        gap = it.kind == "break" or (it.kind == "char" and it.text in SPACES)
        if gap:
            if start is not None:
                spans.append((start, i))
                start = None
        elif start is None:
            start = i
    if start is not None:
        spans.append((start, len(items)))
    return spans


def _text(items: list[Item], span: tuple[int, int]) -> str:
    return "".join(it.text if it.kind == "char" else "\ufffc" for it in items[span[0]:span[1]])


def _is_number(token: str, signed: bool | None = None) -> bool:
    """A number token, possibly signed and followed by punctuation: 4, +4, −4, ±4, 11, 4,"""
    core = token.rstrip(".,;:!?)»”“\u202f\u00a0")
    has_sign = bool(core) and core[0] in _SIGNS
    digits = core[1:] if has_sign else core
    if not digits or not digits[0].isdigit() or not all(c.isdigit() or c in ".,T" for c in digits):
        return False
    return signed is None or has_sign == signed


def _pair_glue(items: list[Item], lang: str) -> list[Item]:
    """No-break spaces that keep signed numbers with the word before them and number pairs together."""
    out = list(items)
    spans = _tokens(out)
    words = [_text(out, s) for s in spans]
    pair_words = PAIR_WORDS.get(lang, PAIR_WORDS["en"])

    def glue(k: int) -> None:  # the gap between token k and token k + 1
        a, b = spans[k][1], spans[k + 1][0]
        if b == a + 1 and out[a].kind == "char" and out[a].text in (" ", "\t"):
            out[a] = replace(out[a], text=NBSP)

    for k in range(len(spans) - 1):
        if _is_number(words[k + 1], signed=True):
            glue(k)  # "choose +4", "or −4"
        if k + 2 < len(spans) and _is_number(words[k]) and words[k + 1].lower() in pair_words \
                and _is_number(words[k + 2]):
            glue(k)
            glue(k + 1)  # "2 and 4", "+4 oder −4", "1 à 11"
    for expression in FIXED_EXPRESSIONS.get(lang, ()):
        parts = expression.split(" ")
        for k in range(len(spans) - len(parts) + 1):
            if [w.lower().strip(".,;:!?") for w in words[k:k + len(parts)]] == parts:
                for j in range(len(parts) - 1):
                    glue(k + j)
    return out


def _french_spacing(items: list[Item]) -> list[Item]:
    after_open: list[Item] = []
    for i, it in enumerate(items):
        if after_open and after_open[-1].kind == "char" and after_open[-1].text == "«":
            if it.kind == "char" and it.text in SPACES:
                it = replace(it, text=NNBSP)
            elif it.kind != "break":
                after_open.append(Item("char", NNBSP, it.bold, it.italic))
        after_open.append(it)
    items = after_open
    out: list[Item] = []
    for i, it in enumerate(items):
        if it.kind == "char" and it.text in ":;!?»":
            space = NBSP if it.text == ":" else NNBSP
            prev = out[-1] if out else None
            if prev is not None and prev.kind == "char" and prev.text in SPACES:
                out[-1] = replace(prev, text=space)
            elif prev is not None and _needs_space_before(prev, it, items, i):
                out.append(Item("char", space, it.bold, it.italic))
        out.append(it)
    return out


def _needs_space_before(prev: Item, mark: Item, items: list[Item], i: int) -> bool:
    if prev.kind == "icon":
        return True
    if prev.kind != "char":
        return False
    if prev.text in SPACES or prev.text == "«":
        return False  # already spaced
    if prev.text in ":;!?":
        return mark.text == "»"  # "?!" groups take one space, before the first mark
    if mark.text == ":" and prev.text.isdigit() and _is_char(items, i + 1, str.isdigit):
        return False  # 10:30
    if mark.text == ":" and _is_char(items, i + 1, lambda c: c == "/"):
        return False  # http://
    return prev.text.isalnum() or prev.text in ")]»”’*"


def _dash_glue(items: list[Item]) -> list[Item]:
    out = list(items)
    for i in range(1, len(out) - 1):
        if (
            out[i].kind == "char"
            and out[i].text == " "
            and _is_char(out, i + 1, lambda c: c in "\u2013\u2014")
            and _is_char(out, i + 2, lambda c: c == " ")
        ):
            out[i] = replace(out[i], text=NBSP)
    return out


def typeset(text: str, lang: str, narrow_space: str = NNBSP) -> str:
    """``text`` with the typography of ``lang`` applied, as a plain string.

    For words drawn outside the card layout (boards, reference sheets):
    markup is read (bold and italic marks dropped, icons kept as ``{name}``)
    and ``narrow_space`` replaces U+202F for fonts that lack it.
    """
    from .markup import parse, plain

    items, _problems = parse(text, lang)
    return plain(apply(items, lang)).replace(NNBSP, narrow_space)
