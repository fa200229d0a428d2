"""Markup parsing, locale typography and plural forms."""

from pathlib import Path

import pytest

from deckgen.text import FontSet, TextBox, layout_text, plural
from deckgen.text.markup import parse, plain
from deckgen.text.typography import NBSP, NNBSP, apply

FONTS_DIR = Path(__file__).resolve().parents[1] / "fonts"


def typo(text, lang):
    items, problems = parse(text, lang)
    assert problems == []
    return plain(apply(items, lang))


@pytest.mark.parametrize("lang, expected", [
    ("de", "Er sagt „ja“."),
    ("en", "Er sagt “ja”."),
    ("ru", "Er sagt «ja»."),
    ("fr", f"Er sagt «{NNBSP}ja{NNBSP}»."),
])
def test_quotes_per_locale(lang, expected):
    assert typo('Er sagt "ja".', lang) == expected


def test_french_spaces_before_punctuation():
    assert typo("Effet: oui; non! vraiment?", "fr") == f"Effet{NBSP}: oui{NNBSP}; non{NNBSP}! vraiment{NNBSP}?"
    assert typo("Effet : oui ?!", "fr") == f"Effet{NBSP}: oui{NNBSP}?!"
    assert typo("à 10:30, voir http://x", "fr") == f"à{NBSP}10:30, voir http://x"  # « à » binds to the next word
    assert typo("« déjà »", "fr") == f"«{NNBSP}déjà{NNBSP}»"


def test_french_colon_never_starts_a_line():
    fonts = FontSet.bundled(FONTS_DIR)
    text = "Stabiliser: reprenez deux jetons. Attaquer: défaussez une carte. Passer: rien."
    for width in range(12, 60, 3):
        res = layout_text(text, TextBox(0, 0, width, 100), fonts=fonts, lang="fr")
        assert not any(line.startswith((":", ";", "!", "?", "»")) for line in res.lines), res.lines


def test_number_and_following_token_stay_together():
    assert typo("2 chips, 5 mm, 10 %, 3 €", "en") == f"2{NBSP}chips, 5{NBSP}mm, 10{NBSP}%, 3{NBSP}€"
    assert typo("take 2 {chip}", "en") == f"take 2{NBSP}{{chip}}"
    fonts = FontSet.bundled(FONTS_DIR)
    res = layout_text("aaaa bbbb cccc 12 mm", TextBox(0, 0, 24, 40), fonts=fonts, size=3.2)
    assert any(line.endswith(f"12{NBSP}mm") for line in res.lines), res.lines


def test_spaced_dash_does_not_start_a_line():
    assert typo("да — нет", "ru") == f"да{NBSP}— нет"
    assert typo("ja – nein", "de") == f"ja{NBSP}– nein"


def test_apostrophe():
    assert typo("c'est l'heure", "fr") == "c’est l’heure"


def test_markup_styles_and_escapes():
    items, problems = parse(r"**B** *i* ***bi*** \*lit\* \{x\} a\\b", "en")
    assert problems == []
    styled = {(it.text, it.bold, it.italic) for it in items if it.kind == "char" and it.text.isalpha()}
    assert ("B", True, False) in styled and ("i", False, True) in styled and ("b", True, True) in styled
    assert plain(items) == "B i bi *lit* {x} a\nb"


def test_markup_problems():
    assert parse("**open", "en")[1] == ["unclosed ** (bold)"]
    assert "unclosed '{'" in parse("a { b", "en")[1][0]
    assert parse("{not an icon!}", "en")[1] == ["unknown markup {not an icon!}"]
    items, problems = parse("{x|uno:a}", "en")
    assert len(problems) == 2


@pytest.mark.parametrize("n, word", [(1, "фишка"), (2, "фишки"), (5, "фишек"), (21, "фишка"), (11, "фишек"), (22, "фишки")])
def test_russian_plural_markup(n, word):
    text = "{%d|one:фишка|few:фишки|many:фишек|other:фишки}" % n
    assert typo(text, "ru") == f"{n}{NBSP}{word}"
    assert plural(n, "ru", {"one": "фишка", "few": "фишки", "many": "фишек", "other": "фишки"}) == word


@pytest.mark.parametrize("lang, n, word", [
    ("fr", 0, "jeton"), ("fr", 1, "jeton"), ("fr", 2, "jetons"),
    ("de", 0, "Chips"), ("de", 1, "Chip"), ("de", 2, "Chips"),
    ("en", 1, "chip"), ("en", 0, "chips"),
])
def test_plural_one_other(lang, n, word):
    forms = {"fr": "one:jeton|other:jetons", "de": "one:Chip|other:Chips", "en": "one:chip|other:chips"}[lang]
    assert typo("{%d|%s}" % (n, forms), lang) == f"{n}{NBSP}{word}"


def test_plural_with_placeholder_and_missing_category():
    assert typo("{3|one:# Karte|other:# Karten}", "de") == f"3{NBSP}Karten"
    items, problems = parse("{5|one:фишка|few:фишки}", "ru")
    assert problems and "many" in problems[0]
    with pytest.raises(ValueError):
        plural(1, "ru", {"single": "x"})


def test_typeset_plain_strings_for_documents():
    from deckgen.text.typography import NBSP, typeset

    assert typeset('Total : "zéro" !', "fr", narrow_space=NBSP) == f"Total{NBSP}: «{NBSP}zéro{NBSP}»{NBSP}!"
    assert typeset('Er sagt "ja"', "de") == "Er sagt „ja“"
    assert typeset("after round {n}", "en") == "after round {n}"  # placeholders survive


def test_russian_short_words_stay_with_the_next_word():
    assert typo("карта масти от 1 до 11 в руке", "ru") == f"карта масти от{NBSP}1{NBSP}до{NBSP}11 в{NBSP}руке"
    assert typo("Er sagt in 2 Runden", "ru") == f"Er sagt in 2{NBSP}Runden"  # Latin words: no rule


@pytest.mark.parametrize("text, expected", [
    ("a total of -23", "a total of \u221223"),
    ("(-2 or -4)", "(\u22122 or \u22124)"),
    ("+1/-1", "+1/\u22121"),
    ("a well-known 2-for-1", "a well-known 2-for-1"),  # hyphens between words stay hyphens
])
def test_a_hyphen_that_signs_a_number_is_a_minus(text, expected):
    assert typo(text, "en").replace(NBSP, " ") == expected


def test_separator_dots_and_multiplications_keep_their_neighbours():
    assert typo("Rancor 7 · Jedi 9", "en") == f"Rancor 7{NBSP}· Jedi 9"
    assert typo("2 × Smuggler", "fr") == f"2{NBSP}×{NBSP}Smuggler"
