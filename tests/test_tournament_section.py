"""The tournament directive: a game's tournament procedure printed in its booklet, words from tournament.yaml."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from deckgen.rulebook.source import parse_source
from deckgen.rulebook.tournament_section import tournament_blocks

GLADBACH = Path(__file__).resolve().parent.parent / "data" / "gladbach"


def ctx(lang: str, directory: Path = GLADBACH):
    return SimpleNamespace(game=SimpleNamespace(id="gladbach", directory=directory), lang=lang, problems=[],
                           source=SimpleNamespace(file=f"data/gladbach/rules/{lang}.md"))


def test_every_gladbach_booklet_has_the_tournament_section_with_its_directive():
    for lang in ("en", "de", "fr", "ru"):
        source = parse_source((GLADBACH / "rules" / f"{lang}.md").read_text(encoding="utf-8"), f"{lang}.md", lang)
        ids = [b.id for b in source.blocks if b.kind == "heading"]
        assert "tournament" in ids
        after = source.blocks[[b.id for b in source.blocks].index("tournament"):]
        assert any(b.kind == "directive" and b.name == "tournament" for b in after[:4])


def test_the_directive_gives_the_steps_and_the_decision_note_in_the_booklets_language():
    blocks = tournament_blocks(ctx("ru"), SimpleNamespace(line=5))
    assert [b.kind for b in blocks] == ["list", "note"]
    assert len(blocks[0].items) == 7 and blocks[0].items[0].startswith("Столы")
    assert "решение" in blocks[1].text


def test_without_a_tournament_file_the_directive_is_a_located_problem(tmp_path):
    c = ctx("en", tmp_path)
    assert tournament_blocks(c, SimpleNamespace(line=12)) == []
    assert c.problems[0].line == 12 and "tournament.yaml" in c.problems[0].message
