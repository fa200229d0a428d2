"""Sabacc Archeon data: the files load, a mistake is reported at its line, the words and glyphs are complete."""

from __future__ import annotations

import shutil

import pytest

from deckgen.errors import DeckgenError
from deckgen.games.archeon.checks import SEED_CARDS, check_words
from deckgen.loader import load_project
from deckgen.registry import CheckContext
from tests.conftest import ROOT

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)


@pytest.fixture(scope="module")
def data(project):
    game = project.games["archeon"]
    return project.descriptor(game).data_for(game)


def test_sizes(data):
    ARCH = data["archeon"]
    assert len(ARCH.signs) == 16 and len(ARCH.planets) == 26 and len(ARCH.tokens) == 40
    assert len(ARCH.eras) >= 5 and {"old-republic", "civil-war", "new-republic"} <= set(ARCH.eras)
    assert sum(t["origin"] == "kessel" for t in ARCH.tokens.values()) == 16
    assert len(ARCH.archive) >= 88
    assert ARCH.rules.match_deck_size == 44


def test_the_seed_cards_have_the_seed_attributes(data):
    ARCH = data["archeon"]
    for card_id, attrs in SEED_CARDS.items():
        card = ARCH.archive[card_id]
        assert all(getattr(card, k) == v for k, v in attrs.items()), card_id


def test_facts_quote_the_data(project, data):
    facts = data["facts"]
    assert facts["ante_steps"].startswith("1, 1") and facts["ante_doubled"] == "12, 24, 48"
    assert (facts["min_players"], facts["max_players"]) == project.descriptor(project.games["archeon"]).players


def test_words_and_glyphs_are_complete(project, data):
    assert check_words(CheckContext(project, project.games["archeon"], data)) == []


@pytest.fixture
def archeon_copy(tmp_path):
    dest = tmp_path / "proj"
    dest.mkdir()
    for name in ("fonts", "templates"):
        shutil.copytree(ROOT / name, dest / name)
    shutil.copytree(ROOT / "data" / "archeon", dest / "data" / "archeon")
    text = (ROOT / "deckgen.yaml").read_text(encoding="utf-8")
    (dest / "deckgen.yaml").write_text("\n".join("games: [archeon]" if l.startswith("games:") else l
                                                 for l in text.splitlines()) + "\n", encoding="utf-8")
    return dest


def _problems(root):
    project = load_project(root)
    game = project.games["archeon"]
    with pytest.raises(DeckgenError) as err:
        project.descriptor(game).data_for(game)
    return [str(p) for p in err.value.problems]


def test_a_bad_card_attribute_is_located(archeon_copy):
    path = archeon_copy / "data" / "archeon" / "archive.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    i = next(k for k, l in enumerate(lines) if l.startswith("- {id: 0-0-0,"))
    lines[i] = lines[i].replace("sign: facet", "sign: moon").replace("era: civil-war", "era: jedi")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    problems = _problems(archeon_copy)
    assert any(f"archive.yaml:{i + 1}" in p and "0-0-0.sign" in p and "'moon'" in p for p in problems)
    assert any(f"archive.yaml:{i + 1}" in p and "0-0-0.era" in p for p in problems)


def test_a_bad_planet_and_sign_tier_are_located(archeon_copy):
    planets = archeon_copy / "data" / "archeon" / "planets.yaml"
    text = planets.read_text(encoding="utf-8").replace("kamino:           {impostor_value: 6}",
                                                       "kamino:           {impostor_value: 9}")
    planets.write_text(text, encoding="utf-8")
    line = next(k for k, l in enumerate(text.splitlines(), 1) if l.startswith("  kamino:"))
    problems = _problems(archeon_copy)
    assert any(f"planets.yaml:{line}" in p and "planets.kamino.impostor_value" in p for p in problems)
    signs = archeon_copy / "data" / "archeon" / "signs.yaml"
    (archeon_copy / "data" / "archeon" / "planets.yaml").write_text(
        (ROOT / "data" / "archeon" / "planets.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    text = signs.read_text(encoding="utf-8").replace("tiers: [{minus: 1}, {minus: 2}, {minus: 3}]",
                                                     "tiers: [{minus: 1}, {minus: 2}, {minsu: 3}]")
    signs.write_text(text, encoding="utf-8")
    line = next(k for k, l in enumerate(text.splitlines(), 1) if "minsu" in l)
    problems = _problems(archeon_copy)
    assert any(f"signs.yaml:{line}" in p and "signs.crest.tiers.2" in p for p in problems)


def test_a_missing_word_and_glyph_are_reported(archeon_copy):
    from deckgen.checks import run_checks

    de = archeon_copy / "data" / "archeon" / "lang" / "de.yaml"
    de.write_text("\n".join(l for l in de.read_text(encoding="utf-8").splitlines()
                            if not l.startswith("  sign.comet.tier2:")) + "\n", encoding="utf-8")
    icons = archeon_copy / "templates" / "archeon" / "icons.yaml"
    icons.write_text(icons.read_text(encoding="utf-8").replace("sign-gate:", "sign-gait:"), encoding="utf-8")
    project = load_project(archeon_copy)
    problems = [str(p) for p in run_checks(project, ["archeon"], only={"archeon signs and words"})]
    assert any("de.yaml" in p and "strings.sign.comet.tier2" in p for p in problems)
    assert any("no glyph 'sign-gate'" in p for p in problems)
