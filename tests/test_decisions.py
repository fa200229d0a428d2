"""Rule decisions are data: examples judged by the engine, words in every language, located problems."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from tests.conftest import ROOT, copy_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def checked(project_dir, game: str, check: str, lang: str) -> list[str]:
    """The problems (non-warning) one check of ``deckgen check`` finds in one game and language, in process:
    the other checks (every face drawn and fitted) are not what the test is about."""
    from deckgen.checks import run_checks
    from deckgen.loader import load_project

    problems = run_checks(load_project(project_dir), [game], only={check}, languages=(lang,))
    return [str(p) for p in problems if not p.warning]


def line_of(path, needle):
    return next(i for i, l in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in l)


def test_decisions_print_in_the_chosen_language_with_judged_examples():
    result = run("decisions", "gladbach", "--lang", "de", "--project", ROOT)
    assert result.exit_code == 0, result.output
    assert "MISMATCH" not in result.output and "->" in result.output
    # the engine's facts fill the placeholders: 6 players, 8 copies of 19 kinds
    max_players = next(l for l in result.output.splitlines() if l.startswith("max-players:"))
    assert "6" in max_players and "152" in max_players and "{" not in max_players


def test_every_language_states_every_decision():
    for game in ("classic", "gladbach", "pazaak"):
        result = run("decisions", game, "--lang", "all", "--project", ROOT)  # each language under [LANG]
        assert result.exit_code == 0 and result.stderr_bytes in (None, b""), (game, result.output)
        sections = re.split(r"^\[([a-z]{2})\]$", result.output, flags=re.M)[1:]
        by_lang = dict(zip(sections[0::2], sections[1::2]))
        assert sorted(by_lang) == sorted(("en", "de", "fr", "ru")), (game, list(by_lang))
        for lang, output in by_lang.items():
            heads = [l.split(":")[0] for l in output.splitlines() if re.match(r"^[a-z0-9-]+: ", l)]
            assert heads and all(len(l.split(": ", 1)[1]) > 10 for l in output.splitlines()
                                 if re.match(r"^[a-z0-9-]+: ", l)), (game, lang)
            assert heads == [l.split(":")[0] for l in by_lang["en"].splitlines()
                             if re.match(r"^[a-z0-9-]+: ", l)]  # the same decisions, in the same order


def test_missing_words_unknown_placeholders_and_stray_ids_are_located(tmp_path):
    proj = copy_project(tmp_path / "g", "gladbach")
    fr = proj / "data/gladbach/lang/fr.yaml"
    text = fr.read_text(encoding="utf-8")
    deal = next(l for l in text.splitlines() if l.startswith("  deal: "))
    empty = next(l for l in text.splitlines() if l.startswith("  empty-draw-pile: "))
    text = text.replace(deal + "\n", "").replace("{max_players}", "{max_player}")
    fr.write_text(text + "  made-up: \"Une règle inventée.\"\n", encoding="utf-8")
    # --lang fr: every planted problem is in fr.yaml; the other languages' checks (each face drawn and fitted in
    # en, de, ru) found nothing more and cost half of the check's CPU
    result = run("check", "gladbach", "--lang", "fr", "--project", proj)
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert "data/gladbach/lang/fr.yaml: decisions.deal: missing: the words of this decision" in lines
    placeholder = line_of(fr, empty.split(":")[0] + ":")
    assert any(l.startswith(f"data/gladbach/lang/fr.yaml:{placeholder}:") and "decisions.empty-draw-pile" in l
               and "unknown placeholder {max_player}" in l for l in lines), lines
    made_up = line_of(fr, "made-up:")
    assert any(l.startswith(f"data/gladbach/lang/fr.yaml:{made_up}:") and "no decision 'made-up'" in l
               for l in lines), lines


def test_a_document_string_with_a_glyph_the_font_lacks_is_located(project_copy):
    de = project_copy / "data/classic/lang/de.yaml"
    text = de.read_text(encoding="utf-8")
    old = next(l for l in text.splitlines() if l.startswith("  locals.title:"))
    de.write_text(text.replace(old, '  locals.title: "Ortsregeln 本地规则"'), encoding="utf-8")
    line = line_of(de, "locals.title:")
    lines = checked(project_copy, "classic", "documents", "de")  # the check of the documents is where it shows
    assert lines
    assert any(l.startswith(f"data/classic/lang/de.yaml:{line}:") and "strings.locals.title: missing glyphs" in l
               and "templates/classic/local-rules.svg.j2:" in l for l in lines), lines


def test_the_glossary_check_fails_on_a_planted_term(tmp_path):
    proj = copy_project(tmp_path / "p", "classic")
    de = proj / "data/classic/lang/de.yaml"
    text = de.read_text(encoding="utf-8")
    if "\nglossary:" not in text:  # the bundled file has its own glossary, which names "Pött" already
        text += '\nglossary:\n  - {use: "Pots", not: ["Pött"], note: "die zwei Pots des klassischen Sabacc"}\n'
    old = next(l for l in text.splitlines() if l.startswith("  locals.intro:"))
    text = text.replace(old, old[:-1] + ' Beide Pötte bleiben."')
    de.write_text(text, encoding="utf-8")
    line = line_of(de, "locals.intro:")
    from deckgen.checks import run_checks
    from deckgen.loader import load_project

    problems = [str(p) for p in run_checks(load_project(proj), ["classic"], only={"glossary"})]
    assert any(p.startswith(f"data/classic/lang/de.yaml:{line}:") and "strings.locals.intro: 'Pötte': the "
               "glossary says 'Pots'" in p for p in problems), problems
