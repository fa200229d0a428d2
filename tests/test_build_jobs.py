"""``deckgen build --jobs N``: the build as jobs in worker processes (deckgen.outputs.jobs) makes the same bytes as
one process, says the same problems and writes nothing when anything fails — a planted problem, a worker
that dies, Ctrl-C."""

from __future__ import annotations

import multiprocessing
import os
from dataclasses import replace
from pathlib import Path

import pytest

from deckgen.build import BuildOptions, build
from deckgen.errors import DeckgenError
from deckgen.loader import load_project
from deckgen.outputs.jobs import cores, plan_jobs, worker_count
from deckgen.outputs.plan import Selection
from deckgen.scaffold import create_project


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("jobs") / "starter"
    create_project(root)
    return root


def options(out: Path, jobs: int, **more) -> BuildOptions:
    return BuildOptions(out=out, workers=jobs, use_cache=False, languages=("de",), **more)


def files_under(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and ".cache" not in p.relative_to(out).parts}


@pytest.fixture(scope="module")
def one_process(starter, tmp_path_factory) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("one") / "out"
    build(load_project(starter), ["demo"], options(out, 1))
    return files_under(out)


def test_two_workers_write_the_same_files_with_the_same_bytes(starter, one_process, tmp_path):
    out = tmp_path / "out"
    written = build(load_project(starter), ["demo"], options(out, 2))
    made = files_under(out)
    assert sorted(made) == sorted(one_process)
    assert {name for name in made if name.endswith("-booklet-a4.pdf")}  # the booklet is among them
    assert [name for name in made if made[name] != one_process[name]] == []
    assert len(written) == len(made)
    assert multiprocessing.active_children() == []  # the workers are gone


def test_each_deck_and_each_games_documents_and_booklets_is_a_job_longest_first(starter):
    project = load_project(starter)
    selection = Selection(project, ("demo",), options(Path("/tmp/unused"), 2))
    from deckgen.outputs.extra import output_generators, plan_each

    generators = output_generators(project)
    jobs, here = plan_jobs(selection, generators, plan_each(selection, generators))
    labels = [job.label for job in jobs]
    assert {"booklets of demo", "documents of demo"} <= set(labels)
    assert sum(job.deck is not None for job in jobs) == 1 and len(jobs) == 3
    assert here == []
    assert [job.cost for job in jobs] == sorted((job.cost for job in jobs), reverse=True)
    assert worker_count(jobs, 2) == 2 and worker_count(jobs, 8) == 3  # never more processes than jobs
    assert worker_count(jobs, None) == 1  # by default a small project is made in one process


def test_by_default_the_bundled_games_are_made_on_every_core_booklets_first(project):
    """``project``: the bundled games, loaded once per test process (tests/conftest.py) and only planned here."""
    selection = Selection(project, tuple(project.games), BuildOptions(out=Path("/tmp/unused"), vector=True))
    from deckgen.outputs.extra import output_generators, plan_each

    generators = output_generators(project)
    jobs, _ = plan_jobs(selection, generators, plan_each(selection, generators))
    assert worker_count(jobs, None) == min(cores(), len(jobs))
    labels = [job.label for job in jobs]
    assert labels[0] == "booklets of archeon"  # the longest job starts first
    assert all(labels.index(f"booklets of {game}") < len(jobs) / 3 for game in project.games)


def plant_booklet_problem(root: Path) -> None:
    rules = root / "data" / "demo" / "rules" / "de.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n```{no-such-directive}\n```\n", encoding="utf-8")


def test_a_problem_in_one_booklet_is_said_as_one_process_says_it_and_nothing_is_written(starter, tmp_path):
    import shutil

    root = tmp_path / "project"
    shutil.copytree(starter, root)
    plant_booklet_problem(root)
    said = []
    for jobs in (1, 2):
        out = tmp_path / f"out{jobs}"
        with pytest.raises(DeckgenError) as error:
            build(load_project(root), ["demo"], options(out, jobs))
        said.append([str(p) for p in error.value.problems])
        assert not out.exists() or files_under(out) == {}
    assert said[0] == said[1] and any("de.md" in line for line in said[0])


def test_a_face_that_cannot_be_printed_is_said_as_one_process_says_it_and_nothing_is_written(starter, tmp_path):
    import shutil

    root = tmp_path / "project"
    shutil.copytree(starter, root)
    front = root / "templates" / "demo" / "front.svg.j2"
    front.write_text(front.read_text(encoding="utf-8").replace("card.value | string", "card.no_such_field"),
                     encoding="utf-8")
    said = []
    for jobs in (1, 2):
        out = tmp_path / f"out{jobs}"
        with pytest.raises(DeckgenError) as error:
            build(load_project(root), ["demo"], replace(options(out, jobs), languages=()))
        said.append([str(p) for p in error.value.problems])
        assert not out.exists() or files_under(out) == {}
    assert said[0] == said[1] and any("front.svg.j2" in line for line in said[0])


def test_a_worker_that_dies_is_a_problem_and_nothing_is_written(starter, tmp_path, monkeypatch):
    import deckgen.outputs.docfiles as docfiles

    main = os.getpid()

    def dies(*args, **kwargs):
        if os.getpid() != main:
            os._exit(9)  # as the kernel's out-of-memory killer would end it
        raise AssertionError("made in the main process")

    monkeypatch.setattr(docfiles, "render_rulebooks", dies)  # the forked workers inherit it
    out = tmp_path / "out"
    with pytest.raises(DeckgenError) as error:
        build(load_project(starter), ["demo"], options(out, 2))
    assert "stopped" in str(error.value) and "booklets of demo" in str(error.value)
    assert [p for p in out.rglob("*") if p.is_file() and ".cache" not in p.parts] == []
    assert multiprocessing.active_children() == []


def test_ctrl_c_stops_the_workers_and_leaves_no_file_not_even_a_temporary_one(starter, tmp_path, monkeypatch):
    from deckgen.output import PendingFiles

    added = PendingFiles.add

    def interrupted(self, path, data):
        added(self, path, data)
        raise KeyboardInterrupt

    monkeypatch.setattr(PendingFiles, "add", interrupted)
    out = tmp_path / "out"
    with pytest.raises(KeyboardInterrupt):
        build(load_project(starter), ["demo"], options(out, 2))
    assert [p for p in out.rglob("*") if p.is_file() and ".cache" not in p.parts] == []
    assert multiprocessing.active_children() == []


def test_one_job_is_made_in_this_process(starter, tmp_path):
    out = tmp_path / "out"
    project = load_project(starter)
    reprint = replace(options(out, 2), cards=("ember",), decks=("demo",))  # a reprint: one deck, no documents
    from deckgen.outputs.extra import output_generators, plan_each

    generators = output_generators(project)
    selection = Selection(project, ("demo",), reprint)
    assert len(plan_jobs(selection, generators, plan_each(selection, generators))[0]) == 1
    build(project, ["demo"], reprint)
    assert [name for name in files_under(out) if name.endswith(".pdf")]


def test_an_unchanged_vector_deck_is_not_rendered_again(starter, tmp_path, monkeypatch):
    import deckgen.outputs.context as context

    out = tmp_path / "out"
    cached = replace(options(out, 1), use_cache=True, documents=False, vector=True)
    build(load_project(starter), ["demo"], cached)
    again = []
    rendered = context.render_deck

    def counted(*args, **kwargs):
        again.append(kwargs.get("force", False))
        return rendered(*args, **kwargs)

    monkeypatch.setattr(context, "render_deck", counted)
    build(load_project(starter), ["demo"], cached)
    assert again and not any(again)  # asked (each face remembered), never rendered again by force
