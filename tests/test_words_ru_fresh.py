"""The fixes of the third, fresh Russian read (issue 30, /work/reviews3/ru.md) stay fixed.

The tests read the bundled data files and call one summary function; none of them builds
anything. They check four things:
- Pazaak's decisions follow the English: a set ends at the first bust and at the first full
  table, so no case with both players over 20, or both with nine cards, is given a ruling.
- Each game keeps its own words: Gladbach compares hands «по шагам» and leaves «ступень» to
  Archeon, and Classic's 42-card sudden death «сгорает».
- The example strips are plain Russian.
- Archeon's simulated table lists no step that no planet enables.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _lang(game: str) -> dict:
    return yaml.safe_load((ROOT / "data" / game / "lang" / "ru.yaml").read_text(encoding="utf-8"))


def test_pazaak_gives_no_ruling_for_a_set_that_cannot_happen():
    decisions = _lang("pazaak")["decisions"]
    for key in ("both-bust", "nine-card-both"):
        text = decisions[key]
        assert "Если всё же" not in text and "не бывает" in text, key
    # the first turn that ends over 20 ends the set: no later turn can change it
    assert "одном из следующих ходов" not in decisions["turn-ends"]
    assert "первый же ход" in decisions["turn-ends"]


def test_each_game_keeps_its_own_words():
    assert "ступен" not in " ".join(_lang("gladbach")["decisions"].values())  # Archeon's ladder step
    assert "выбыва" not in _lang("classic")["decisions"]["adapted-ties"]  # Archeon's elimination
    assert "сгора" in _lang("classic")["decisions"]["adapted-ties"]


def test_the_example_strips_read_as_russian():
    words = yaml.safe_load((ROOT / "deckgen" / "rulebook" / "example_inputs.yaml").read_text(encoding="utf-8"))["ru"]
    assert words["hold-em"] == "поле «холдем»"
    for key in ("field", "extra"):
        assert words[key].startswith("{name}:") and "за знаком +" in words[key], key


def test_archeon_simulated_table_lists_no_step_no_planet_enables(project):
    from deckgen.games.archeon.data import of
    from deckgen.games.archeon.sim import summarize
    from deckgen.registry import SimulationRequest

    game = project.games["archeon"]
    data = project.descriptor(game).data_for(game)
    assert not any(rules.get("idiots_array") for rules in of(data).planets.values())
    records = [{"steps": Counter({"pair": 3, "no-pair": 1}), "winning_steps": Counter({"pair": 1}), "length": 1}]
    rows = summarize(records, SimulationRequest(players=4, games=1, seed=1, data=data))["hand steps at the reveals"]
    steps = [row["step"] for row in rows]
    assert not any("idiots-array" in step for step in steps)
    assert any("pure-sabacc" in step for step in steps)  # a possible step that did not occur keeps its row


def test_a_glued_name_parts_at_its_spaces_rather_than_mid_word_in_a_table_too_narrow_for_it():
    """ru classic «Десять мест»: «Королева Воздуха и Тьмы −2», «2 × Охотник за головами» glued whole made
    the columns' narrowest widths wider than the page, and reportlab split «Корпоративны/й»."""
    from types import SimpleNamespace

    from deckgen.rulebook.pdf import Theme
    from deckgen.rulebook.source import Block
    from deckgen.rulebook.story import StoryBuilder
    from deckgen.rulebook.styles import make_styles
    from deckgen.rulebook.table_widths import unglued

    assert unglued("Königin\u00a0der\u00a0Luft\u00a0−2\u00a0· 2\u00a0×\u00a0Jäger") == "Königin der Luft\u00a0−2\u00a0· 2\u00a0×\u00a0Jäger"
    fonts = {"body": "Helvetica", "body-bold": "Helvetica-Bold", "body-italic": "Helvetica-Oblique",
             "body-bold-italic": "Helvetica-BoldOblique", "display": "Helvetica-Bold"}
    styles = make_styles(fonts, Theme(), "de")
    ctx = SimpleNamespace(xml=lambda text, block=None, values=None: str(text), theme=Theme(), lang="de",
                          source=SimpleNamespace(blocks=[]), stale=frozenset())
    glued = "Königin\u00a0der\u00a0Luft\u00a0und\u00a0Finsternis\u00a0−2"
    row = ["Unternehmenssektor", f"Stern −17 · {glued}", f"2\u00a0×\u00a0Kopfgeldjäger + {glued}", f"genau 3; {glued}"]
    table = StoryBuilder(ctx, dict(styles), 300.0).fitted_table(["Ort", "Wert", "Reihe", "Abwurf"], [row],
                                                               Block("directive", 1))[0]
    for c, cell in enumerate(table._cellvalues[1]):
        cell.wrap(table._colWidths[c] - 6, 10_000)
        text = ""
        for line in cell.blPara.lines:
            part = ("".join(getattr(f, "text", "") for f in line.words) if not isinstance(line, tuple)
                    else " ".join(line[1])).replace("\u00a0", " ").strip()
            text = text[:-1] + part if text.endswith("-") else f"{text} {part}"
        assert text.split() == row[c].replace("\u00a0", " ").split(), c  # no word cut without a hyphen


def test_an_abbreviation_stays_with_its_word_on_the_cloud_city_cards():
    strings = _lang("classic")["strings"]
    assert "см.\u00a0местные" in strings["label.local-value"]  # never «см.» alone at a line end
