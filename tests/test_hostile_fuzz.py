"""Fuzz: mutate every bundled game's YAML, language and template files; ``deckgen check`` either passes or
exits 2 with located lines — never a traceback, never a file written outside the output folder.

A located line is ``FILE:LINE[:COLUMN]: …``; a game's engine check about a whole file (``planets.yaml:
planets: 25 planets; Archeon has 26``) names the file and field but no line, and is counted apart.

The games are whatever the bundled project lists (a game added on another branch is fuzzed too), each in
English only to keep a check short.  The number of examples is fixed (``DECKGEN_FUZZ_EXAMPLES`` per game,
default 6) and derandomized, so every run tries the same inputs; the outcomes are printed at the end
(``pytest -s``).
"""

from __future__ import annotations

import os
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from conftest import ROOT, copy_project
from deckgen.cli import main

GAMES = yaml.safe_load((ROOT / "deckgen.yaml").read_text(encoding="utf-8"))["games"]
EXAMPLES = int(os.environ.get("DECKGEN_FUZZ_EXAMPLES", "6"))

#: FILE:LINE[:COLUMN]: at the start of a problem line
LOCATED = re.compile(r"^[^\s:][^:]*:\d+(:\d+)?: ")
#: FILE: field: — a problem of a whole file (a count of its entries), named by file and field but not by line
FILE_LEVEL = re.compile(r"^[^\s:]+\.(ya?ml|j2|md|txt): [\w.-]+: ")
COUNT = re.compile(r"^\d+ problems?$")

#: What replaces a value (a wrong type), and what is written into a line (hostile text).
VALUES = ["[1, 2]", "{a: 1}", "true", "-7", "0", "'text'", "null", "1e999", "''", "[]", "{}"]
INJECTED = ["ǅ€🂡", "\u202e", "<", "&", "../", "../../etc/passwd", "<g>", "</g>", "<b>bold", "&amp;", "{{",
            "{% if %}", "{{ card.nosuch }}", "\"", "'", ": x", "- ", "\t", "*alias", "&anchor", "<![CDATA[",
            "{% for x in y %}", "{{ '<' ~ '&' }}", "<image href=\"../x.png\"/>", "%", "\\u0000"]
KINDS = ["delete", "retype", "inject", "insert"]

OUTCOMES: Counter = Counter()

#: About two and a half minutes (Archeon's check renders 162 faces per input): CI runs it with the slow tests.
pytestmark = pytest.mark.slow


def game_files(project: Path, game: str) -> list[str]:
    """The files of ``game`` someone else may have written: data, the English words, templates and icons."""
    data = [p for p in sorted((project / "data" / game).rglob("*.yaml")) if "lang" not in p.parts]
    lang = [project / "data" / game / "lang" / "en.yaml"]
    templates = sorted((project / "templates" / game).glob("*")) + sorted((project / "templates/_common").glob("*"))
    return [str(p.relative_to(project)) for p in data + lang + templates if p.is_file()]


def mutate(text: str, kind: str, at: int, value: str, payload: str) -> str:
    lines = text.splitlines()
    if not lines:
        return payload
    i = at % len(lines)
    line = lines[i]
    if kind == "delete":
        del lines[i]
    elif kind == "retype" and ": " in line:
        lines[i] = line[: line.index(": ") + 2] + value
    elif kind == "insert":
        lines.insert(i, line[: len(line) - len(line.lstrip())] + payload)
    else:
        cut = (at // len(lines)) % (len(line) + 1)
        lines[i] = line[:cut] + payload + line[cut:]
    return "\n".join(lines) + "\n"


def files_outside(project: Path) -> dict[str, float]:
    return {str(p.relative_to(project)): p.stat().st_mtime_ns for p in project.rglob("*")
            if p.is_file() and p.relative_to(project).parts[0] != "output"}


@pytest.fixture(scope="module")
def bases(tmp_path_factory):
    """Per game: a copy in English only, and an output folder shared by its examples (a warm face cache)."""
    root = tmp_path_factory.mktemp("fuzz")
    made = {}
    for game in GAMES:
        base = copy_project(root / f"base-{game}", game)
        text = (base / "deckgen.yaml").read_text(encoding="utf-8")
        text = re.sub(r"^languages: .*$", "languages: [en]", text, flags=re.M)
        (base / "deckgen.yaml").write_text(text, encoding="utf-8")
        made[game] = (base, game_files(base, game), root / f"output-{game}")
    yield made
    print(f"\nfuzz: {sum(OUTCOMES.values())} mutated inputs, "
          + ", ".join(f"{k}: {v}" for k, v in sorted(OUTCOMES.items())))


@pytest.mark.parametrize("game", GAMES)
def test_mutated_games_check_cleanly_or_say_where(bases, tmp_path_factory, game, monkeypatch):
    base, files, output = bases[game]
    import deckgen.render.decks
    from deckgen.render.store import Store

    # every example's check remembers faces in one place (a shipped `output` link would be refused)
    monkeypatch.setattr(deckgen.render.decks, "default_store", lambda project: Store(output / ".cache"))

    @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck),
              phases=[Phase.explicit, Phase.generate])  # no shrinking: a failure shows its first input at once
    @given(name=st.sampled_from(files), kind=st.sampled_from(KINDS), at=st.integers(0, 10**6),
           value=st.sampled_from(VALUES), payload=st.sampled_from(INJECTED))
    def one(name, kind, at, value, payload):
        project = tmp_path_factory.mktemp(f"fz-{game}")
        shutil.rmtree(project)
        shutil.copytree(base, project, ignore=shutil.ignore_patterns("fonts"))
        shutil.copytree(base / "fonts", project / "fonts", copy_function=os.link)  # links out are refused
        output.mkdir(exist_ok=True)
        path = project / name
        path.write_text(mutate(path.read_text(encoding="utf-8"), kind, at, value, payload), encoding="utf-8")
        before = files_outside(project)
        result = CliRunner().invoke(main, ["check", game, "--project", str(project)])
        shown = f"{name} {kind} {payload!r}/{value!r} at {at}:\n{result.output}"
        assert "Traceback" not in result.output, shown
        assert result.exception is None or isinstance(result.exception, SystemExit), shown
        assert result.exit_code in (0, 2), shown
        assert files_outside(project) == before, "a file was written outside the output folder"
        if result.exit_code == 0:
            OUTCOMES[f"{game} ok"] += 1
            return
        errors = [l for l in result.output.splitlines()
                  if l and not COUNT.match(l) and ": warning: " not in l and not l.startswith("warning: ")]
        assert errors, shown
        unlocated = [l for l in errors if not LOCATED.match(l) and not FILE_LEVEL.match(l)]
        assert not unlocated, shown
        whole_file = all(FILE_LEVEL.match(l) for l in errors)
        OUTCOMES[f"{game} exit 2, {'a whole file named (no line)' if whole_file else 'FILE:LINE'}"] += 1
        shutil.rmtree(project)

    one()
