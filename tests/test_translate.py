"""deckgen translate: staleness against a baseline, status, and the PO round trip (a starter project)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from types import SimpleNamespace

import polib
import pytest
from click.testing import CliRunner

from deckgen.checks.general import GENERAL
from deckgen.checks.stale_translations import STALE_TRANSLATIONS, check_stale_translations
from deckgen.cli import main
from deckgen.registry import CheckContext
from deckgen.scaffold import create_project
from deckgen.translate.units import markdown_units

_STARTER: dict[str, Path] = {}


@pytest.fixture
def project(tmp_path_factory, tmp_path) -> Path:
    """A fresh copy of the blank starter (made once per worker, copied per test)."""
    if "blank" not in _STARTER:
        made = tmp_path_factory.mktemp("starter") / "p"
        create_project(made)
        _STARTER["blank"] = made
    root = tmp_path / "p"
    shutil.copytree(_STARTER["blank"], root)
    return root


def run(*args: str, code: int = 0):
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == code, (result.output, result.exception)
    return result


def files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def change_english(root: Path) -> None:
    lang = root / "data/demo/lang/en.yaml"
    lang.write_text(lang.read_text().replace('rule: "Wins every *tie*."', 'rule: "Wins every *tie* and draw."'))
    rules = root / "data/demo/rules/en.md"
    rules.write_text(rules.read_text().replace("Shuffle the deck and deal three cards",
                                               "Shuffle the deck well and deal three cards"))


def po_entries(path: Path) -> dict[str, polib.POEntry]:
    return {e.msgctxt: e for e in polib.pofile(str(path))}


def test_new_project_records_every_translation_as_current(project):
    assert (project / "data/demo/lang/de.baseline.yaml").is_file()
    counts = json.loads(run("translate", "status", "--project", str(project), "--json").output)
    assert counts["demo"]["de"]["stale"] == 0 and counts["demo"]["de"]["missing"] == 0
    assert counts["demo"]["de"]["translated"] > 20
    assert all(isinstance(v, int) for v in counts["demo"]["de"].values())


def test_changed_source_makes_both_translations_stale_and_check_warns_at_both(project):
    change_english(project)
    counts = json.loads(run("translate", "status", "--project", str(project), "--json").output)
    assert counts["demo"]["de"]["stale"] == 2
    assert counts["demo"]["de"]["words"] == len("Wins every tie and draw.".split()) + len(
        "Shuffle the deck well and deal three cards to each player.".split())
    run("translate", "status", "--project", str(project), "--strict", code=1)

    ctx = CheckContext(SimpleNamespace(root=project, languages=("en", "de")), SimpleNamespace(id="demo"), {})
    warnings = check_stale_translations(ctx)
    assert [(w.file, w.field, w.warning) for w in warnings] == [
        ("data/demo/lang/de.yaml", "cards/crown/rule", True), ("data/demo/rules/de.md", "rules/setup/1", True)]
    assert "data/demo/lang/en.yaml:" in warnings[0].message and "data/demo/rules/en.md:" in warnings[1].message
    de_lines = (project / "data/demo/rules/de.md").read_text().splitlines()
    assert warnings[1].line == 1 + next(i for i, l in enumerate(de_lines) if "{#setup}" in l) + 2
    assert STALE_TRANSLATIONS in GENERAL


def test_without_a_baseline_staleness_is_unknown(project):
    (project / "data/demo/lang/de.baseline.yaml").unlink()
    change_english(project)
    result = run("translate", "status", "--project", str(project))
    assert "unknown stale" in result.output
    run("translate", "mark", "--project", str(project), "--lang", "de")
    assert "0 stale" in run("translate", "status", "--project", str(project)).output


def test_round_trip_without_edits_changes_no_file(project, tmp_path):
    change_english(project)  # stale entries go out fuzzy and come back untouched
    before = files(project)
    run("translate", "export", "--project", str(project), "--format", "po", "--no-room", "--out", str(tmp_path / "po"))
    result = run("translate", "import", "--project", str(project), str(tmp_path / "po"))
    assert "0 texts updated, 2 still fuzzy" in result.output
    assert files(project) == before


def test_po_edit_lands_in_exactly_that_place_and_clears_the_stale_mark(project, tmp_path):
    change_english(project)
    run("translate", "export", "--project", str(project), "--no-room", "--out", str(tmp_path / "po"))
    po_path = tmp_path / "po/demo/de.po"
    po = polib.pofile(str(po_path))
    assert po.metadata["Language"] == "de" and po.metadata["X-Deckgen-Game"] == "demo"
    entries = {e.msgctxt: e for e in po}
    assert entries["cards/crown/rule"].fuzzy and entries["rules/setup/1"].fuzzy
    assert "card crown" in entries["cards/crown/rule"].comment
    entries["cards/crown/rule"].msgstr = "Gewinnt jedes *Unentschieden* und jeden Gleichstand."
    entries["cards/crown/rule"].flags.remove("fuzzy")
    entries["rules/setup/1"].msgstr = "Mischt das Deck gut und gebt jedem drei Karten."
    entries["rules/setup/1"].flags.remove("fuzzy")
    po.save(str(po_path))
    before = files(project)
    run("translate", "import", "--project", str(project), str(tmp_path / "po"))
    after = files(project)
    changed = sorted(k for k in after if before.get(k) != after[k])
    assert changed == ["data/demo/lang/de.baseline.yaml", "data/demo/lang/de.yaml", "data/demo/rules/de.md"]
    old_lines = before["data/demo/lang/de.yaml"].decode().splitlines()
    new_lines = after["data/demo/lang/de.yaml"].decode().splitlines()
    assert [(a, b) for a, b in zip(old_lines, new_lines) if a != b] == [
        (next(l for l in old_lines if l.startswith("  crown:")),
         next(l for l in new_lines if l.startswith("  crown:")))]
    assert '"Gewinnt jedes *Unentschieden* und jeden Gleichstand."' in after["data/demo/lang/de.yaml"].decode()
    md_old, md_new = before["data/demo/rules/de.md"].decode(), after["data/demo/rules/de.md"].decode()
    assert len(md_old.splitlines()) == len(md_new.splitlines())
    assert [b for a, b in zip(md_old.splitlines(), md_new.splitlines()) if a != b] == [
        "Mischt das Deck gut und gebt jedem drei Karten."]
    counts = json.loads(run("translate", "status", "--project", str(project), "--json").output)
    assert counts["demo"]["de"]["stale"] == 0


def test_a_po_that_drops_a_placeholder_is_refused_at_its_line(project, tmp_path):
    run("translate", "export", "--project", str(project), "--no-room", "--out", str(tmp_path / "po"))
    po_path = tmp_path / "po/demo/de.po"
    po = polib.pofile(str(po_path))
    entry = next(e for e in po if e.msgctxt == "rules/header/labels/wins")
    entry.msgstr = "Gewonnen!"
    po.save(str(po_path))
    line = next(e for e in polib.pofile(str(po_path)) if e.msgctxt == "rules/header/labels/wins").linenum
    before = files(project)
    result = run("translate", "import", "--project", str(project), str(tmp_path / "po"), code=2)
    assert f"{po_path}:{line}" in result.output and "drops {names}" in result.output
    assert "Traceback" not in result.output
    assert files(project) == before


def test_a_changed_msgid_is_refused_and_an_unknown_msgctxt_warned(project, tmp_path):
    run("translate", "export", "--project", str(project), "--no-room", "--out", str(tmp_path / "po"))
    po_path = tmp_path / "po/demo/de.po"
    po = polib.pofile(str(po_path))
    po.append(polib.POEntry(msgctxt="cards/gone/name", msgid="Gone", msgstr="Weg"))
    po.save(str(po_path))
    result = run("translate", "import", "--project", str(project), str(tmp_path / "po"))
    assert "cards/gone/name" in result.output and "no such text" in result.output
    po = polib.pofile(str(po_path))
    next(e for e in po if e.msgctxt == "cards/tide/name").msgid = "Tides"
    po.save(str(po_path))
    result = run("translate", "import", "--project", str(project), str(tmp_path / "po"), code=2)
    assert "msgid: cards/tide/name: the source text differs" in result.output


def test_a_new_language_starts_empty_and_its_import_creates_its_files(project, tmp_path):
    run("translate", "export", "--project", str(project), "--lang", "fr", "--no-room", "--out", str(tmp_path / "po"))
    po_path = tmp_path / "po/demo/fr.po"
    po = polib.pofile(str(po_path))
    assert po.metadata["Language"] == "fr" and all(e.msgstr == "" for e in po)
    assert po.metadata["Plural-Forms"].startswith("nplurals=3;")  # CLDR: one, many, other
    next(e for e in po if e.msgctxt == "cards/tide/name").msgstr = "Marée"
    next(e for e in po if e.msgctxt == "rules/setup/1").msgstr = "Mélangez et donnez trois cartes à chacun."
    po.save(str(po_path))
    run("translate", "import", "--project", str(project), str(tmp_path / "po"))
    lang = (project / "data/demo/lang/fr.yaml").read_text()
    assert '"Marée"' in lang and "ember: {name: Ember}" in lang  # the source's structure, one text translated
    rules = (project / "data/demo/rules/fr.md").read_text()
    assert "Mélangez et donnez trois cartes à chacun." in rules and "{#setup}" in rules


def test_booklet_units_are_paragraphs_items_and_captions_with_exact_spans():
    text = ("---\ntitle: T\ntheme: {accent: x}\n---\n\n# Deck {#deck}\n\nOne\ntwo.\n\n- item *a*\n- item b\n\n"
            "```example\nplayers: []\ncaption: A caption.\n```\n\n> A note.\n")
    units = markdown_units(text, "r.md")
    assert [(u.key, u.text) for u in units] == [
        ("rules/header/title", "T"), ("rules/deck/0", "Deck"), ("rules/deck/1", "One two."),
        ("rules/deck/2", "item *a*"), ("rules/deck/3", "item b"), ("rules/deck/4", "A caption."),
        ("rules/deck/5", "A note.")]
    for unit in units[1:]:
        assert unit.text.split()[0] in text[unit.start:unit.end]


def test_card_texts_get_room_hints_from_the_layout(project, tmp_path):
    run("translate", "export", "--project", str(project), "--out", str(tmp_path / "po"))
    entries = po_entries(tmp_path / "po/demo/de.po")
    assert "Room: one line of about" in entries["cards/ember/name"].comment
    assert "the source uses 1 line" in entries["cards/crown/rule"].comment
    assert "Room:" not in entries["rules/setup/1"].comment  # booklet paragraphs flow: no hint


def test_room_hint_arithmetic():
    from deckgen.text.room import Room
    from deckgen.translate.room_hints import unit_key

    room = Room("f", "cards.c1.rule", width=40.0, height=10.0, size=2.0, line_height=1.25, used_lines=2,
                max_lines=None)
    assert (room.lines(), room.characters_per_line()) == (4, 40)
    assert room.hint().startswith("Room: 4 lines of about 40 characters at 5.7 pt")
    assert unit_key("cards.c1.rule") == "cards/c1/rule"
    assert unit_key("strings.label.local-value") == "strings/label.local-value"


def test_draft_booklet_and_proof_mark_the_stale_texts(project, tmp_path):
    from pypdf import PdfReader

    change_english(project)
    out = tmp_path / "proof"
    run("translate", "proof", "--project", str(project), "--lang", "de", "--out", str(out))
    page = (out / "demo-de-proof.html").read_text()
    assert page.count('<tr class="stale">') == 2 and "data:image/png;base64," in page
    assert "Wins every *tie* and draw." in page and "page 3 of demo-rules-de-draft.pdf" in page
    draft = PdfReader(str(out / "demo-rules-de-draft.pdf"))
    yellow = "1 .913725 .541176 rg"  # the stale ground, #FFE98A
    assert yellow in draft.pages[2].get_contents().get_data().decode("latin-1")
    run("rules", "--project", str(project), "--lang", "de", "--draft", "--out", str(tmp_path / "drafts"))
    assert (tmp_path / "drafts/demo/demo-rules-de-draft.pdf").is_file()
    assert not (tmp_path / "drafts/demo/demo-rules-de.pdf").exists()  # a draft never takes a release name


def test_plural_selectors_are_explained_in_the_target_languages_categories(project, tmp_path):
    for lang, text in (("en", "{n|one:# chip|other:# chips}"), ("de", "{n|one:# Chip|other:# Chips}")):
        path = project / f"data/demo/lang/{lang}.yaml"
        path.write_text(path.read_text().replace("strings:\n", f'strings:\n  chips: "{text}"\n', 1))
    run("translate", "export", "--project", str(project), "--no-room", "--lang", "de", "--out", str(tmp_path / "po"))
    entry = po_entries(tmp_path / "po/demo/de.po")["strings/chips"]
    assert "one, other (# is the number)" in entry.comment
    po = polib.pofile(str(tmp_path / "po/demo/de.po"))
    next(e for e in po if e.msgctxt == "strings/chips").msgstr = "{m|one:# Chip|other:# Chips}"
    po.save(str(tmp_path / "po/demo/de.po"))
    result = run("translate", "import", "--project", str(project), str(tmp_path / "po"), code=2)
    assert "drops {n} and adds {m}" in result.output


def test_a_project_that_does_not_load_still_gets_its_po_files_without_room_hints(project, tmp_path):
    cards = project / "data/demo/cards.yaml"
    cards.write_text(cards.read_text().replace("value: 5}", "value: five}"))
    result = CliRunner().invoke(main, ["translate", "export", "--project", str(project), "--out", str(tmp_path / "po")])
    assert result.exit_code == 0, result.output
    assert "demo: no room hints: the project does not load (1 problem" in result.output
    assert "Room:" not in (tmp_path / "po/demo/de.po").read_text()
