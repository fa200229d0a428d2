"""The floor of printed text (``min_text_pt``, deckgen/text/floor.py): a text that has to go under it is a
located warning in format 2 projects and an error from format 3; the Archeon archive front holds it at its
design size and at every print shop's trim."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.checks.general import check_faces
from deckgen.checks.shoptrims import deck_at_trim, shop_trim_problems, tighter_trims
from deckgen.loader import load_project
from deckgen.model import CardSize
from deckgen.registry import CheckContext
from deckgen.scaffold import create_project
from deckgen.text import FontSet, TextBox, layout_text
from deckgen.text.floor import MM_PER_PT, TextFloor, raise_to_floor

ROOT = Path(__file__).resolve().parent.parent
FLOOR_MM = 6.5 * MM_PER_PT
#: 19 times this in the starter's rule box (53 × 14 mm, 3.4 mm shrinking) fits only at about 5.9 pt
LONG_RULE = " ".join(["Wins every tie."] * 19)


def _fonts() -> FontSet:
    return FontSet.from_dir(ROOT / "fonts", roles={"body": "PTS55F.ttf", "body-bold": "PTS75F.ttf",
                                                   "body-italic": "PTS56F.ttf"})


def test_the_layout_engine_marks_a_text_that_needs_6_pt():
    box, fonts = TextBox(0, 0, 53, 14), _fonts()
    needs_6 = layout_text(LONG_RULE, box, fonts=fonts, size=3.4, min_size=1.8, floor=FLOOR_MM)
    assert needs_6.fits and 5.5 < needs_6.size / MM_PER_PT < 6.4
    assert needs_6.under_floor
    roomy = layout_text("Wins every tie.", box, fonts=fonts, size=3.4, min_size=1.8, floor=FLOOR_MM)
    assert not roomy.under_floor
    assert not layout_text(LONG_RULE, box, fonts=fonts, size=3.4, min_size=1.8).under_floor  # no floor asked


def test_min_text_pt_reads_one_number_or_each_kind():
    assert TextFloor.from_settings(None) == TextFloor(6.5, 7.0, 7.5)
    assert TextFloor.from_settings(6) == TextFloor(6.0, 6.0, 6.0)
    assert TextFloor.from_settings({"cards": 7}) == TextFloor(7.0, 7.0, 7.5)


def _starter(tmp_path: Path, fmt: int) -> Path:
    """The starter project with a rule that fits its card only at about 6 pt."""
    root = tmp_path / "proj"
    create_project(root)
    (root / "deckgen.yaml").write_text((root / "deckgen.yaml").read_text(encoding="utf-8")
                                       .replace("format: 2", f"format: {fmt}"), encoding="utf-8")
    front = root / "templates" / "demo" / "front.svg.j2"
    front.write_text(front.read_text(encoding="utf-8").replace("size=3.4, min_size=2.4", "size=3.4, min_size=1.8"),
                     encoding="utf-8")
    lang = root / "data" / "demo" / "lang" / "en.yaml"
    lang.write_text(lang.read_text(encoding="utf-8").replace('rule: "Wins every *tie*."', f'rule: "{LONG_RULE}"'),
                    encoding="utf-8")
    return root


def _floor_problems(root: Path):
    project = load_project(root)
    problems = check_faces(CheckContext(project, project.games["demo"], {}, ("en",)))
    return [p for p in problems if "floor of printed text" in p.message]


def test_a_card_text_that_needs_6_pt_is_a_located_warning_in_format_2(tmp_path):
    root = _starter(tmp_path, 2)
    lines = (root / "data" / "demo" / "lang" / "en.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if LONG_RULE in text)
    found = _floor_problems(root)
    assert len(found) == 1, found
    problem = found[0]
    assert problem.warning
    assert (problem.file, problem.line) == ("data/demo/lang/en.yaml", line)
    assert "shrinks to 5.9 pt to fit (designed at 9.6 pt), under the 6.5 pt floor" in problem.message
    assert "templates/demo/front.svg.j2:" in problem.message and "card crown [en]" in problem.message


def test_the_same_text_is_an_error_in_format_3_and_the_setting_moves_the_floor(tmp_path):
    root = _starter(tmp_path, 3)
    found = _floor_problems(root)
    assert len(found) == 1 and not found[0].warning
    assert found[0].file == "data/demo/lang/en.yaml"
    config = root / "deckgen.yaml"
    config.write_text(config.read_text(encoding="utf-8") + "min_text_pt: {cards: 5.5}\n", encoding="utf-8")
    assert _floor_problems(root) == []


def test_a_text_set_under_the_floor_without_shrinking_is_reported_too(tmp_path):
    root = _starter(tmp_path, 3)
    front = root / "templates" / "demo" / "front.svg.j2"
    front.write_text(front.read_text(encoding="utf-8").replace("geo.safe.w, 6, size=3.5,", "geo.safe.w, 6, size=2,"),
                     encoding="utf-8")
    found = [p for p in _floor_problems(root) if "is set at 5.7 pt" in p.message]
    assert found and not found[0].warning
    assert found[0].file == "templates/demo/front.svg.j2" and found[0].line


def test_booklet_styles_under_the_floor_are_raised_to_it():
    from reportlab.lib.styles import ParagraphStyle

    caption, body = ParagraphStyle("caption", fontSize=7.6, leading=9.5), ParagraphStyle("body", fontSize=9.2,
                                                                                           leading=12.4)
    raise_to_floor([caption, body], 8)
    assert (caption.fontSize, round(caption.leading, 2)) == (8, 10.0)
    assert (body.fontSize, body.leading) == (9.2, 12.4)


# ------------------------------------------------------------------ the Archeon archive front


MEINSPIEL = CardSize(width=59, height=91, bleed=3, safe=4, name="poker")


def _smallest_sizes(project, deck, cards_of):
    """The smallest size (pt) any text of the fronts ``cards_of[lang]`` is set at, and their problems."""
    import deckgen.text.jinja as jinja
    from deckgen.render.templates import DeckRenderer

    sizes: list[float] = []
    original = jinja.layout_text

    def spy(*args, **kwargs):
        result = original(*args, **kwargs)
        if result.ink_boxes:
            sizes.append(result.size / MM_PER_PT)
        return result

    jinja.layout_text = spy
    problems = []
    try:
        for lang, card_ids in cards_of.items():
            renderer = DeckRenderer(project, project.games["archeon"], deck, lang)
            for card in deck.cards:
                if card.id in card_ids:
                    problems += renderer.render_front(card).problems
    finally:
        jinja.layout_text = original
    return min(sizes), problems


def _longest_cards(project) -> dict[str, set[str]]:
    """Per language, the archive cards with the longest pair rule (no tier) and the longest ability text."""
    game = project.games["archeon"]
    picked: dict[str, set[str]] = {}
    for lang in project.languages:
        strings = game.strings[lang].strings

        def pair_rule(card):
            return len(str(strings[f"sign.{card.fields['sign']}"])) + len(str(strings[f"era.{card.fields['era']}"]))

        def ability(card):
            return len(str(strings[f"sign.{card.fields['sign']}.tier{card.fields['tier']}"]))

        cards = game.decks["archive"].cards
        picked[lang] = {max((c for c in cards if not c.fields.get("tier")), key=pair_rule).id,
                        max((c for c in cards if c.fields.get("tier")), key=ability).id}
    return picked


def test_the_archive_front_holds_the_floor_at_meinspiels_trim_with_margin(project):
    deck = project.games["archeon"].decks["archive"]
    assert (59.0, 91.0, 3.0, 4.0) in tighter_trims(project, deck)  # the trim the export re-renders at
    cards = _longest_cards(project)
    for at in (deck, deck_at_trim(deck, MEINSPIEL)):
        smallest, problems = _smallest_sizes(project, at, cards)
        assert problems == []  # no overflow, no ink outside MeinSpiel's 4 mm safe zone, nothing under the floor
        assert smallest >= 6.9, smallest  # 0.4 pt over the 6.5 pt floor


@pytest.mark.slow
def test_every_archive_front_holds_at_every_shop_trim(project):
    problems = shop_trim_problems(project, "archeon")
    on_the_front = [p for p in problems if "archeon/front.svg.j2" in f"{p.file} {p.message}"]
    assert on_the_front == []


def test_check_reports_what_only_a_shops_tighter_trim_meets(tmp_path):
    """A rule 3.6 mm above the cut is inside the design's 3 mm safe zone, outside MeinSpiel's 4 mm one."""
    root = tmp_path / "proj"
    create_project(root)
    front = root / "templates" / "demo" / "front.svg.j2"
    text = front.read_text(encoding="utf-8")
    old = "geo.safe.x + 2, geo.cy + 8, geo.safe.w - 4, 14, size=3.4, min_size=2.4,"
    assert old in text
    front.write_text(text.replace(old, 'geo.safe.x + 2, geo.trim.y1 - 17.6, geo.safe.w - 4, 14, size=3.4, '
                                       'min_size=2.4, valign="bottom",'), encoding="utf-8")
    project = load_project(root)
    deck = project.games["demo"].decks["demo"]
    assert list(tighter_trims(project, deck).values()) == [["meinspiel"]]
    design = check_faces(CheckContext(project, project.games["demo"], {}, ("en",)))
    assert design == []
    found = shop_trim_problems(project, "demo", ("en",))
    assert found and all("outside the safe zone" in p.message and not p.warning for p in found)
    assert found[0].message.endswith("[re-rendered for preset meinspiel: 59×91 mm trim, 4 mm safe zone]")
    assert found[0].file == "data/demo/lang/en.yaml"
