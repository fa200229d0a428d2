"""Modules with one job: none in deckgen/ over 500 lines unless it holds one idea (and is named below),
and each says what it is for in a module docstring."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "deckgen"
MAX_LINES = 500

#: Modules allowed past MAX_LINES, each holding one idea that would only be scattered by a split.
ONE_IDEA = {
    "games/archeon/sim.py": "one game's whole-match simulator: the turn loop and the strategies it asks",
    "games/archeon/judge.py": "one game's judge: reading a showdown document and settling its reveal",
    "games/classic/engine.py": "one game's rule engine: totals, special hands and their ranking",
    "text/layout.py": "one algorithm: breaking, aligning and auto-fitting marked-up text in a box",
}


def line_counts(package: Path = PACKAGE) -> dict[str, int]:
    """{path under the package, POSIX style: its number of lines} of every Python module."""
    return {path.relative_to(package).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
            for path in sorted(package.rglob("*.py"))}


def too_long(counts: dict[str, int], allowed: dict[str, str], limit: int = MAX_LINES) -> list[str]:
    """The modules of ``counts`` over ``limit`` lines that ``allowed`` does not name."""
    return [f"{name}: {lines} lines" for name, lines in counts.items() if lines > limit and name not in allowed]


def test_no_module_over_500_lines_unless_it_holds_one_idea():
    found = too_long(line_counts(), ONE_IDEA)
    assert not found, (f"modules over {MAX_LINES} lines: split them along their seams into modules with one job "
                       f"each (or, for one idea, name it in ONE_IDEA with the reason): {found}")


def test_every_allowed_module_exists_and_still_needs_its_place():
    counts = line_counts()
    stale = [name for name in ONE_IDEA if counts.get(name, 0) <= MAX_LINES]
    assert not stale, f"no longer over {MAX_LINES} lines (or gone): take them out of ONE_IDEA: {stale}"
    assert all(reason.strip() for reason in ONE_IDEA.values())


def test_every_module_says_what_it_is_for():
    missing = [path.relative_to(PACKAGE).as_posix() for path in sorted(PACKAGE.rglob("*.py"))
               if ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) is None]
    assert not missing, f"modules without a docstring: {missing}"


def test_a_planted_long_module_is_found(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "short.py").write_text('"""Short."""\n' + "x = 1\n" * 10, encoding="utf-8")
    (tmp_path / "long.py").write_text('"""Long."""\n' + "x = 1\n" * MAX_LINES, encoding="utf-8")
    (tmp_path / "games" / "sim.py").write_text('"""A simulator."""\n' + "x = 1\n" * MAX_LINES, encoding="utf-8")
    counts = line_counts(tmp_path)
    assert counts["long.py"] == MAX_LINES + 1
    assert too_long(counts, {"games/sim.py": "one idea"}) == [f"long.py: {MAX_LINES + 1} lines"]
    assert too_long(counts, {}) == [f"games/sim.py: {MAX_LINES + 1} lines", f"long.py: {MAX_LINES + 1} lines"]
