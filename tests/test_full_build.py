"""End to end: `deckgen build` of every bundled game in every language writes the same files as ever.

Marked slow: the README's test command skips it, `.ci/run` runs it (pytest -m slow).
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from deckgen.cli import main
from tests.conftest import ROOT

GAMES = {
    "classic": ["classic-{l}-a4.pdf", "classic-{l}-cards.pdf", "classic-cloud-city-{l}-a4.pdf",
                "classic-cloud-city-{l}-cards.pdf", "local-rules-{l}-a4.pdf", "adapted-42-reference-{l}-a4.pdf",
                "classic-{l}-tuckbox-a4.pdf", "classic-cloud-city-{l}-tuckbox-a4.pdf"],
    "gladbach": ["reference-{l}-a4.pdf", "reference-{l}-cards.pdf", "board-{l}-a3.pdf", "board-{l}-a4-tiled.pdf"],
    "pazaak": [f"{d}-{{l}}-{k}.pdf" for d in ("side", "score", "starter", "charge", "bulwark", "smuggler", "veteran")
               for k in ("a4", "cards", "tuckbox-a4") if (d, k) != ("score", "tuckbox-a4")],
    "archeon": ["archive-{l}-a4.pdf", "archive-{l}-cards.pdf", "archive-{l}-tuckbox-a4.pdf", "planets-{l}-a4.pdf",
                "planets-{l}-cards.pdf", "planets-{l}-tuckbox-a4.pdf", "tokens-{l}-a4.pdf", "tokens-{l}-cards.pdf",
                "reference-{l}-a4.pdf"],  # shift tokens go into a bag: no tuck box
}
NEUTRAL = {"gladbach": ["gladbach-a4.pdf", "gladbach-cards.pdf", "gladbach-tuckbox-a3.pdf"],
           "pazaak": ["main-a4.pdf", "main-cards.pdf", "main-tuckbox-a4.pdf"],
           "classic": ["adapted-42-a4.pdf", "adapted-42-cards.pdf", "adapted-42-tuckbox-a4.pdf"]}


@pytest.mark.slow
def test_everything_builds_in_every_language(tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "--dpi", "72", "--out", str(out), "--project", str(ROOT)])
    assert result.exit_code == 0, result.output
    expected = {f"{game}/{pattern.format(l=lang)}" for game, patterns in GAMES.items() for pattern in patterns
                for lang in ("en", "de", "fr", "ru")}
    expected |= {f"{game}/{name}" for game, names in NEUTRAL.items() for name in names}
    expected |= {f"{game}/{game}-rules-{lang}{kind}.pdf" for game in GAMES for lang in ("en", "de", "fr", "ru")
                 for kind in ("", "-booklet-a4") if (ROOT / "data" / game / "rules" / f"{lang}.md").is_file()}
    written = {str(p.relative_to(out)) for p in out.rglob("*.pdf")}
    assert written == expected
    for name in written:
        assert len(PdfReader(out / name).pages) >= 1
