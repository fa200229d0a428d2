"""Every built-in output kind renders its own planned files, and ``build``, ``rules`` and ``preview`` write what
the generators render: all of it through the one atomic writer, or nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.build import BuildOptions, BuildReport, build
from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.loader import load_project
from deckgen.outputs import PlannedFile, Selection
from deckgen.outputs.builtin import BUILTIN
from deckgen.outputs.extra import make_files, plan_each, render_files, render_one


def options_for(out: Path, **kw) -> BuildOptions:
    kw.setdefault("booklets", False)
    return BuildOptions(dpi=72, out=out, workers=1, languages=("en",), **kw)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """``deckgen new``'s starter project: one deck in en and de, a reference document, a rule booklet."""
    root = tmp_path_factory.mktemp("starter") / "project"
    result = CliRunner().invoke(main, ["new", str(root)])
    assert result.exit_code == 0, result.output
    return load_project(root)


def on_disk(out: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in out.rglob("*") if p.is_file() and ".cache" not in p.parts}


def test_every_builtin_kind_renders_the_bytes_of_each_file_it_plans(demo, tmp_path):
    selection = Selection(demo, ("demo",), options_for(tmp_path / "out", cut_file=True))
    kinds = set()
    for generator, planned in zip(BUILTIN, plan_each(selection, list(BUILTIN))):
        for one in planned:
            made = render_one(generator, selection, one)
            assert [path for path, _ in made] == [one.path]
            data = made[0][1]
            assert data is not None and data.startswith(b"<svg" if one.path.suffix == ".svg" else b"%PDF-"), one
            kinds.add(generator.kind)
    assert {"sheets", "single cards", "cut file", "document"} <= kinds
    assert not (tmp_path / "out" / "demo").exists()  # rendering writes nothing


def test_the_build_writes_exactly_the_bytes_the_generators_render(demo, tmp_path):
    rendered = render_files(Selection(demo, ("demo",), options_for(tmp_path / "out")), list(BUILTIN))
    assert rendered and all(data for _, data in rendered)
    build(demo, ["demo"], options_for(tmp_path / "out"))
    assert on_disk(tmp_path / "out") == dict(rendered)


def test_faces_are_rendered_once_for_all_the_deck_kinds(demo, tmp_path, monkeypatch):
    import deckgen.outputs.context as context

    calls = []
    real = context.render_deck
    monkeypatch.setattr(context, "render_deck", lambda *a, **kw: calls.append(a[2].id) or real(*a, **kw))
    selection = Selection(demo, ("demo",), options_for(tmp_path / "out", cut_file=True))
    decks = [g for g in BUILTIN if g.kind in ("sheets", "single cards", "cut file", "tuck box")]
    rendered = render_files(selection, decks)
    assert calls == ["demo"]  # one deck in one language: rendered once, not once per kind or per file
    assert len(rendered) == 3 and not any(selection.memo["deck_files"].values())  # each let go once handed out


def test_a_deck_s_files_render_together_so_one_deck_s_bytes_are_held_at_a_time(demo, tmp_path):
    selection = Selection(demo, ("demo",), BuildOptions(dpi=72, out=tmp_path / "out", workers=1, cut_file=True,
                                                        booklets=False))
    held = []

    def keep(path, data):
        held.append(sum(1 for files in selection.memo.get("deck_files", {}).values() if files))

    rendered = render_files(selection, list(BUILTIN), keep=keep)
    assert len({p.name.split("-")[1] for p, _ in rendered if p.name.startswith("demo-")}) == 2  # en and de decks
    assert max(held) == 1  # the next deck is composed only once the last one's files are all handed out
    assert [p.name for p, _ in rendered][:2] == ["demo-en-a4.pdf", "demo-de-a4.pdf"]  # still in plan order


def test_a_split_file_is_rendered_as_its_parts_and_the_build_writes_them(demo, tmp_path):
    out = tmp_path / "out"
    selection = Selection(demo, ("demo",), options_for(out, max_file_mb=0.01, documents=False))
    single = next(g for g in BUILTIN if g.kind == "single cards")
    planned = plan_each(selection, [single])[0]
    parts = render_one(single, selection, planned[0])
    assert [p.name for p, _ in parts] == [f"demo-en-cards-part{n}.pdf" for n in range(1, len(parts) + 1)]
    assert len(parts) > 1
    build(demo, ["demo"], options_for(out, max_file_mb=0.01, documents=False))
    for path, data in parts:
        assert path.read_bytes() == data


class Parts:
    """A plugin kind whose file comes in parts only rendering names; ``bad`` makes its second file fail."""

    kind = "parts"

    def __init__(self, bad: str | None = None, stray: bool = False):
        self.bad, self.stray = bad, stray

    def plan(self, selection):
        out = Path(selection.options.out)
        return [PlannedFile(out / "demo" / "a.txt", self.kind, pages=1),
                PlannedFile(out / "demo" / "b.txt", self.kind, pages=None)]

    def render(self, selection, planned):
        if planned.path.name == "a.txt":
            return b"a\n"
        if self.bad:
            raise DeckgenError(self.bad)
        folder = planned.path.parent.parent if self.stray else planned.path.parent
        return [(folder / "b-part1.txt", b"b1\n"), (folder / "b-part2.txt", b"b2\n")]


def test_a_generator_may_answer_a_planned_file_as_several_parts(demo, tmp_path):
    out = tmp_path / "out"
    made = make_files(Selection(demo, ("demo",), options_for(out)), [Parts()])
    assert [p.name for p, _ in made] == ["a.txt", "b-part1.txt", "b-part2.txt"]
    assert on_disk(out) == {out / "demo" / "a.txt": b"a\n", out / "demo" / "b-part1.txt": b"b1\n",
                            out / "demo" / "b-part2.txt": b"b2\n"}


def test_a_part_away_from_its_planned_file_is_refused(demo, tmp_path):
    with pytest.raises(DeckgenError, match="render\\(\\) of output kind 'parts' made .*b-part1.txt, not beside"):
        make_files(Selection(demo, ("demo",), options_for(tmp_path / "out")), [Parts(stray=True)])
    assert on_disk(tmp_path / "out") == {}  # a.txt neither, nor a temporary file of it


def test_nothing_is_written_when_a_later_file_has_a_problem(demo, tmp_path):
    out = tmp_path / "out"
    generators = [*BUILTIN, Parts(bad="the b list is broken")]
    with pytest.raises(DeckgenError, match="the b list is broken"):
        make_files(Selection(demo, ("demo",), options_for(out)), generators)
    assert on_disk(out) == {}  # not the sheets, not a.txt, no temporary file: all or nothing


def test_an_unchanged_rebuild_renders_nothing_again_and_writes_nothing(demo, tmp_path):
    out = tmp_path / "out"
    first = BuildReport()
    build(demo, ["demo"], options_for(out, cut_file=True), report=first)
    before = {p: p.stat().st_mtime_ns for p in on_disk(out)}
    again = BuildReport()
    build(demo, ["demo"], options_for(out, cut_file=True), report=again)
    assert again.written == [] and sorted(again.unchanged) == sorted(first.written)
    assert {p: p.stat().st_mtime_ns for p in on_disk(out)} == before


def test_rules_writes_the_booklets_its_generator_renders(demo, tmp_path):
    out = tmp_path / "out"
    booklets = next(g for g in BUILTIN if g.kind == "booklet")
    selection = Selection(demo, ("demo",), BuildOptions(out=out, languages=("en",)))
    rendered = render_files(selection, [booklets])
    assert len(rendered) == 2 and all(data.startswith(b"%PDF-") for _, data in rendered if data)
    result = CliRunner().invoke(main, ["rules", "demo", "--lang", "en", "--out", str(out), "--project",
                                       str(demo.root)])
    assert result.exit_code == 0, result.output
    assert on_disk(out) == dict(rendered)


def test_preview_plans_its_page_and_assets_and_writes_them(demo, tmp_path):
    out = tmp_path / "gallery"
    args = ["preview", "demo", "--lang", "en", "--dpi", "72", "--out", str(out), "--project", str(demo.root), "-q"]
    result = CliRunner().invoke(main, [*args, "--plan"])
    assert result.exit_code == 0, result.output
    planned = {Path(line.split("  ")[0]) for line in result.output.splitlines() if "  gallery " in line}
    assert out / "index.html" in planned and out / "assets" / "gallery.css" in planned
    assert not out.exists()
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    pictures = {p for p in on_disk(out) if p.suffix == ".webp"}
    assert pictures  # named as they are drawn, so not in the plan
    assert set(on_disk(out)) - pictures == planned
