"""Property: a text either fits with all ink inside its box, or is reported as overflow."""

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckgen.text import FontSet, Icon, TextBox, layout_text

FONTS = FontSet.bundled(Path(__file__).resolve().parents[1] / "fonts")
ICONS = {"chip": Icon(svg='<circle cx="50" cy="50" r="45"/>', advance=1.1, scale=0.9)}
TOL = 0.01

LATIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZäöüßÄÖÜéèêëàâçîïôûùœÉÈÀÇ"
CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
PUNCT = ".,:;!?-\"'«»()"

word = st.one_of(
    st.text(alphabet=LATIN, min_size=1, max_size=18),
    st.text(alphabet=CYRILLIC, min_size=1, max_size=18),
    st.text(alphabet=LATIN + PUNCT, min_size=1, max_size=6),
    st.integers(0, 999).map(str),
    st.sampled_from(["{chip}", "2 {chip}", "\n", "\\\\", "—", "10 %", "{3|one:# фишка|few:# фишки|many:# фишек}"]),
    st.text(alphabet=LATIN, min_size=1, max_size=8).map(lambda w: f"**{w}**"),
)
texts = st.lists(word, min_size=0, max_size=25).map(" ".join)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])  # examples: the profile
@given(
    text=texts,
    w=st.floats(2, 70),
    h=st.floats(2, 50),
    size=st.floats(1.5, 6),
    shrink=st.booleans(),
    lang=st.sampled_from(["de", "en", "fr", "ru"]),
    align=st.sampled_from(["left", "center", "right", "justify"]),
    valign=st.sampled_from(["top", "middle", "bottom"]),
    font=st.sampled_from(["body", "display"]),
)
def test_fits_inside_or_reports_overflow(text, w, h, size, shrink, lang, align, valign, font):
    box = TextBox(3.0, 7.0, w, h)
    res = layout_text(text, box, fonts=FONTS, icons=ICONS, font=font, size=size,
                      min_size=size * 0.7 if shrink else None, align=align, valign=valign, lang=lang)
    overflow_reported = any(p.startswith("does not fit") for p in res.problems)
    if res.fits:
        assert res.overflow == 0.0 and not overflow_reported
        for x0, y0, x1, y1 in res.ink_boxes:
            assert x0 >= box.x - TOL and x1 <= box.x + box.w + TOL, (x0, x1, res.lines)
            assert y0 >= box.y - TOL and y1 <= box.y + box.h + TOL, (y0, y1, res.lines)
    else:
        assert res.overflow > 0 and overflow_reported
    assert res.missing == []
    assert (size * 0.7 if shrink else size) - 1e-6 <= res.size <= size + 1e-6
