"""The template function text(...): SVG markup out, problems into the report."""

from pathlib import Path

import jinja2
from markupsafe import Markup

from deckgen.strings import located
from deckgen.text import FontSet, Icon
from deckgen.text.jinja import make_plural_function, make_text_function

FONTS = FontSet.bundled(Path(__file__).resolve().parents[1] / "fonts")
ICONS = {"chip": Icon(svg='<circle cx="50" cy="50" r="45"/>')}


def render(template, report, lang="de", safe_rect=None, **data):
    env = jinja2.Environment(autoescape=True)
    env.globals["text"] = make_text_function(FONTS, ICONS, lang, report, safe_rect=safe_rect, subject="card k3 [de]",
                                             locate=lambda: ("templates/g/front.svg.j2", 7))
    env.globals["plural"] = make_plural_function(lang)
    return env.from_string(template).render(**data)


def test_returns_markup_that_autoescape_keeps():
    report = []
    out = render("<svg>{{ text(s, 5, 5, 50, 10) }}</svg>", report, s='a < b & "c"')
    assert out.startswith('<svg><g class="deckgen-text" fill="#000"') and "&lt;" not in out and "<path" in out
    assert report == []
    fn = make_text_function(FONTS, ICONS, "en", [])
    assert isinstance(fn("x", 0, 0, 10, 10), Markup)


def test_overflow_is_reported_with_where_and_name():
    report = []
    render("{{ text(s, 5, 5, 10, 4, size=3.2, min_size=2.2, name='effect') }}", report, s="Wort " * 30)
    assert len(report) == 1
    text = str(report[0])
    assert text.startswith("templates/g/front.svg.j2:7: card k3 [de]: 'effect': does not fit: overflows by ")
    assert text.endswith("mm at 2.20 mm")


def test_a_text_from_a_lang_file_is_reported_at_its_line_naming_the_box():
    report = []
    s = located("Wort " * 30, "data/g/lang/de.yaml", 12, 9, "cards.k3.text")
    render("{{ text(s, 5, 5, 10, 4, size=3.2, min_size=2.2) }}", report, s=s)
    assert [str(p) for p in report] == [
        f"data/g/lang/de.yaml:12:9: cards.k3.text: {report[0].message}"]
    assert report[0].message.startswith("does not fit: overflows by ")
    assert "(box at templates/g/front.svg.j2:7, card k3 [de])" in report[0].message


def test_label_defaults_to_first_words_and_reports_unknown_icon():
    report = []
    render("{{ text('Nimm **zwei** {sand} aus dem Vorrat und lege sie ab', 5, 5, 80, 10) }}", report)
    assert [str(p) for p in report] == [
        "templates/g/front.svg.j2:7: card k3 [de]: 'Nimm zwei {sand} aus dem Vorrat…': unknown icon {sand} (known: chip)"]


def test_safe_zone():
    report = []
    render("{{ text('Hallo', 0, 0, 40, 10, align='left') }}", report, safe_rect=(3, 3, 60, 85))
    assert len(report) == 1 and "outside the safe zone by" in report[0].message
    report = []
    render("{{ text('Hallo', 5, 5, 40, 10) }}", report, safe_rect=(3, 3, 60, 85))
    assert report == []


def test_plural_function():
    assert render("{{ plural(5, one='Karte', other='Karten') }}", []) == "Karten"
    assert render("{{ plural(1, one='Karte', other='Karten') }}", []) == "Karte"
