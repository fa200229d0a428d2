"""Editor completion: ``deckgen schema`` writes the project's own JSON Schemas; ``deckgen new`` wires them up."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from deckgen.cli import main
from deckgen.editor import MODELINE, file_problems, project_schemas, schema_files
from deckgen.loader import load_project
from tests.conftest import ROOT, bundled_project, copy_project, fixture_project

pytestmark = pytest.mark.shared_cache  # the run's one build cache (tests/conftest.py)


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def problems(root: Path, project=None) -> dict[str, list[str]]:
    """Every described YAML file of the project at ``root`` (relative path) -> what its schema rejects
    (the schemas of ``project``, the project as loaded before an edit, if given)."""
    project = project or load_project(root)
    schemas = project_schemas(project)
    for body in schemas.values():
        Draft202012Validator.check_schema(body)
    out = {}
    for path, name in schema_files(project):
        rel = path.relative_to(project.root).as_posix()
        out[rel] = [str(p) for p in file_problems(path, schemas[name], rel)]
    return out


def test_the_schemas_accept_every_bundled_file():
    found = problems(ROOT, bundled_project())  # the bundled project as loaded once per test process
    assert {"deckgen.yaml", "templates/_common/icons.yaml", "data/classic/game.yaml", "data/classic/suits.yaml",
            "data/pazaak/lang/ru.yaml", "data/classic/style.yaml"} <= set(found)
    assert {f: p for f, p in found.items() if p} == {}


@pytest.mark.parametrize("template", ["blank", "numbered", "poker"])
def test_the_schemas_accept_every_starter_and_new_wires_them(tmp_path, template):
    root = tmp_path / template
    assert invoke("new", root, "--template", template).exit_code == 0
    found = problems(root)
    assert {f: p for f, p in found.items() if p} == {}
    for rel in found:
        first = (root / rel).read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith(MODELINE), rel
        assert ((root / rel).parent / first[len(MODELINE):]).resolve().is_file(), rel


def test_the_schemas_accept_a_generated_run(tmp_path):
    found = problems(fixture_project("spike", tmp_path / "spike"))
    assert "data/spike/cards.yaml" in found and {f: p for f, p in found.items() if p} == {}


def test_the_schemas_reject_a_planted_typo(tmp_path):
    root = copy_project(tmp_path / "p", "classic")
    lang = root / "data/classic/lang/de.yaml"
    text = lang.read_text(encoding="utf-8")
    assert "  coins-5: {name:" in text and "\n  suit.coins:" in text
    project = load_project(root)  # the editor's schemas, made before the typos (deckgen itself refuses them)
    lang.write_text(text.replace("  coins-5: {name:", "  coins-5: {nmae:").replace("\n  suit.coins:", "\n  suit.coin:"),
                    encoding="utf-8")
    found = problems(root, project)["data/classic/lang/de.yaml"]
    assert len(found) == 2
    line = next(i for i, l in enumerate(text.splitlines(), 1) if l.startswith("  suit.coins:"))
    assert f"data/classic/lang/de.yaml:{line}:3: strings.suit.coin: unknown key 'suit.coin' " \
           f"(did you mean 'suit.coins'?)" in found
    assert any(": cards.coins-5.nmae: unknown key 'nmae'" in p for p in found)


def test_deckgen_schema_writes_the_schemas_and_wires_on_request(tmp_path):
    root = fixture_project("spike", tmp_path / "spike")
    result = invoke("schema", "--project", root, "--out", root / ".schemas", "--wire")
    assert result.exit_code == 0, result.output
    assert (root / ".schemas/spike/lang.schema.json").is_file()
    assert (root / "data/spike/lang/de.yaml").read_text(encoding="utf-8").startswith(
        f"{MODELINE}../../../.schemas/spike/lang.schema.json\n")
    assert invoke("check", "--project", root).exit_code == 0
