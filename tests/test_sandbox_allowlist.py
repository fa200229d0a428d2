"""The template sandbox works by allowlist (issue 25; review 2026-12-security.md findings 1, 6 and 10).

(a) everything reachable from the context of every bundled template is a plain value, a read-only view or
a template function; (b) the review's read, write, plant-a-plugin and mutate attacks are refused at their
template line, with nothing read, written or changed; (c) every way the review found to build huge strings,
lists and numbers, or to take long, stops quickly at a named limit.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckgen.render.templates as templates
from conftest import PROJECTS, ROOT, bundled_project
from deckgen.cli import main
from deckgen.documents import document_layouts, render_document
from deckgen.errors import DeckgenError
from deckgen.loader import load_project
from deckgen.render.sandbox import ALLOWED_TYPES, FaceEnvironment
from deckgen.render.templates import DeckRenderer
from deckgen.render.views import ReadOnlyMapping, TemplateFunction, View

# ------------------------------------------------------------------ helpers


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def snapshot(folder: Path) -> dict[str, str]:
    """The project's own files (not what deckgen writes under output/) and their hashes."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.relative_to(folder).parts[0] != "output"}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


@pytest.fixture
def demo(tmp_path):
    """A copy of the tiny demo project (three cards), format 2."""
    dest = tmp_path / "demo"
    shutil.copytree(PROJECTS / "format1", dest)
    shutil.copytree(ROOT / "fonts", dest / "fonts", copy_function=os.link)  # hard links: fonts stay in the project
    edit(dest / "deckgen.yaml", "name: My card games", "format: 2\nname: My card games")
    return dest


FRONT = "templates/demo/front.svg.j2"


def plant(demo: Path, template_line: str, limits: str = "") -> int:
    """Put ``template_line`` at the top of the demo front's body (and ``limits:`` in deckgen.yaml); its line."""
    edit(demo / FRONT, "{% block body %}\n", "{% block body %}\n" + template_line + "\n")
    if limits:
        with (demo / "deckgen.yaml").open("a", encoding="utf-8") as f:
            f.write(f"limits: {limits}\n")
    return line_of(demo / FRONT, template_line.splitlines()[0])


def check(demo: Path):
    return run("check", "--project", demo, "--lang", "en")


def refused(result, line: int, message: str) -> str:
    """Exit 2 and one located line at the planted template line holding ``message``; no traceback."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    first = result.output.splitlines()[0]
    assert first.startswith(f"{FRONT}:{line}: "), first
    assert message in first, first
    return first


# ------------------------------------------------------------------ (a) the walk over every context


def _reachable_problems(env: FaceEnvironment, context: dict) -> list[str]:
    """Every object reachable from ``context`` through what the sandbox allows (attributes, mapping values,
    items) whose type is off the allowlist, or that is a mutable list or dict (the model hands out none)."""
    problems: list[str] = []
    seen: set[int] = set()
    todo = [(name, value) for name, value in context.items()]
    todo += [(f"global {name}", value) for name, value in env.globals.items()]
    while todo:
        path, value = todo.pop()
        if id(value) in seen and not isinstance(value, (str, int, float)):
            continue
        seen.add(id(value))
        if path.startswith("global "):
            if not env.is_safe_callable(value):
                problems.append(f"{path}: not a template function ({type(value).__qualname__})")
            continue
        if not isinstance(value, ALLOWED_TYPES):
            problems.append(f"{path}: {type(value).__module__}.{type(value).__qualname__}")
            continue
        if type(value) in (list, dict):
            problems.append(f"{path}: a {type(value).__name__} a template could change")
        if isinstance(value, (str, int, float, type(None), TemplateFunction)):
            continue  # leaves (their methods are the allowed str/number methods)
        if isinstance(value, (dict, ReadOnlyMapping)):
            todo += [(f"{path}[{key!r}]", value[key]) for key in value]
        if isinstance(value, (list, tuple, frozenset)):
            todo += [(f"{path}[{i}]", item) for i, item in enumerate(value)]
        names = sorted(value._names) if isinstance(value, View) else [n for n in dir(value) if not n.startswith("_")]
        for name in names:
            try:
                attr = getattr(value, name)
            except Exception:  # noqa: BLE001 - an attribute that cannot be read is not reachable
                continue
            if not env.is_safe_attribute(value, name, attr):
                continue
            if isinstance(value, View) or isinstance(attr, TemplateFunction) or not callable(attr):
                todo.append((f"{path}.{name}", attr))
            elif not env.is_safe_callable(attr):
                problems.append(f"{path}.{name}: a method the sandbox lets a template reach but not call")
    return problems


def _starter(tmp_path: Path, template: str) -> Path:
    dest = tmp_path / template
    result = run("new", dest, "--template", template)
    assert result.exit_code == 0, result.output
    return dest


GAMES = ["classic", "archeon", "gladbach", "pazaak"]


@pytest.mark.parametrize("where", GAMES + ["starter:blank", "starter:numbered", "starter:poker"])
def test_everything_a_bundled_template_can_reach_is_on_the_allowlist(where, tmp_path, monkeypatch):
    contexts: list[tuple[str, FaceEnvironment, dict]] = []
    traced = templates.render_traced

    def recording(template, context, *args, **kwargs):
        contexts.append((template.name, template.environment, context))
        return traced(template, context, *args, **kwargs)

    monkeypatch.setattr(templates, "render_traced", recording)
    if where.startswith("starter:"):
        project = load_project(_starter(tmp_path, where.split(":")[1]))
        games = list(project.games.values())
    else:
        project = bundled_project()  # loaded once per test process (conftest); rendering changes nothing in it
        games = [project.games[where]]
    for game in games:
        lang = "en" if "en" in project.languages else project.languages[0]
        for deck in game.decks.values():
            for d in [deck, *deck.variants.values()]:
                renderer = DeckRenderer(project, game, d, lang)
                done: set[tuple[str | None, str | None]] = set()
                for card in d.cards:  # one card of each front and back template
                    if (card.front, card.back) not in done:
                        done.add((card.front, card.back))
                        renderer.render_front(card)
                        renderer.render_back(card)
                renderer.render_back()
        descriptor = project.descriptor(game)
        data = descriptor.data_for(game) if descriptor else {}
        for spec in game.documents.values():
            for layout in document_layouts(render_document(project, game, spec, lang, "a4", data), "a4"):
                assert layout.pages
    names = {name for name, _, _ in contexts}
    assert contexts and all(n.endswith(".j2") for n in names)
    assert any(isinstance(context["card"], View) and context["card"]._kind == "card" for _, _, context in contexts)
    for name, env, context in contexts:
        assert isinstance(env, FaceEnvironment)
        assert _reachable_problems(env, context) == [], name
        assert "directory" not in context["game"]._names


def test_the_walk_finds_a_live_object(demo):
    """The walk itself: a path or a plain dict in a context is reported."""
    project = load_project(demo)
    env = FaceEnvironment()
    problems = _reachable_problems(env, {"game": project.games["demo"], "here": Path("."), "d": {"a": 1}})
    assert any(p.startswith("game: deckgen.model.Game") for p in problems), problems
    assert any(p.startswith("here: pathlib.") for p in problems), problems
    assert "d: a dict a template could change" in problems


# ------------------------------------------------------------------ (b) the review's attacks


def test_reading_a_file_through_game_directory_is_refused(demo, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("the user's secret\n")
    line = plant(demo, '<!-- {{ game.directory.joinpath("%s").read_text() }} -->' % secret)
    result = check(demo)
    refused(result, line, "templates may not use 'directory' of a game (a template reads the game's data and "
                          "calls deckgen's template functions only) (rendering ember)")
    assert "secret" not in result.output.replace(str(secret), "")
    out = tmp_path / "out"
    export = run("export", "--project", demo, "--format", "svg", "--lang", "en", "--out", out)
    assert export.exit_code == 2
    assert not any("the user's secret" in p.read_text(errors="replace") for p in out.rglob("*") if p.is_file())


def test_writing_a_file_through_game_directory_is_refused(demo, tmp_path):
    pwned = tmp_path / "PWNED"
    line = plant(demo, '<!-- {{ game.directory.joinpath("%s").write_text("written by a template") }} -->' % pwned)
    refused(check(demo), line, "templates may not use 'directory' of a game")
    assert not pwned.exists()


def test_planting_a_plugin_from_a_template_is_refused(demo, tmp_path):
    """The review's code execution: write plugins/evil.py and add it to deckgen.yaml, run by the next command."""
    attack = ("{% set root = game.directory.parent.parent %}{% set _ = root.joinpath('plugins').mkdir(exist_ok=True) "
              "%}{% set _ = root.joinpath('plugins/evil.py').write_text(\"import os\\nopen('results/RCE-from-template"
              ".txt', 'a').write('arbitrary Python ran as uid %d, pid %d\\\\n' % (os.getuid(), os.getpid()))\\n\") %}"
              "{% set y = root.joinpath('deckgen.yaml').read_text() %}{% if 'plugins:' not in y %}{% set _ = "
              "root.joinpath('deckgen.yaml').write_text(y ~ \"\\nplugins: [plugins/evil.py]\\n\") %}{% endif %}")
    line = plant(demo, attack)
    before = snapshot(demo)
    refused(check(demo), line, "templates may not use 'directory' of a game")
    second = check(demo)  # the next command: no plugin was planted, so none runs
    assert second.exit_code == 2 and "plugin" not in second.output
    assert snapshot(demo) == before
    assert not (demo / "plugins").exists() and not list(tmp_path.rglob("RCE-from-template.txt"))


def test_a_template_cannot_change_another_card(demo):
    line = plant(demo, "{{ deck.cards[1].fields.update({'value': 12345}) or '' }}")
    refused(check(demo), line, "templates may not change the game's data: 'update' of a read-only mapping")
    project = load_project(demo)
    game = project.games["demo"]
    deck = game.decks["demo"]
    renderer = DeckRenderer(project, game, deck, "en")
    with pytest.raises(DeckgenError):
        renderer.render_front(deck.cards[0])
    assert deck.cards[1].fields["value"] == 5
    edit(demo / FRONT, "{{ deck.cards[1].fields.update({'value': 12345}) or '' }}\n", "")
    clean = DeckRenderer(load_project(demo), game, deck, "en")
    assert clean.render_front(deck.cards[1]).svg == renderer.render_front(deck.cards[1]).svg


@pytest.mark.parametrize("attempt,message", [
    ("{{ card.fields.clear() }}", "'clear' of a read-only mapping"),
    ("{{ deck.cards.append(card) }}", "'append' of a read-only list"),
    ("{{ texts.update({'name': 'x'}) }}", "'update' of a read-only mapping"),
    ("{{ deck.style.pop('x', 1) }}", "'pop' of a read-only mapping"),
    ("{{ style.update({}) }}", "'update' of a style"),
    ("{{ game.decks.popitem() }}", "'popitem' of a read-only mapping"),
    ("{{ geo.safe.update({}) }}", "'update' of a record"),
])
def test_the_model_is_read_only_to_templates(demo, attempt, message):
    line = plant(demo, attempt)
    refused(check(demo), line, f"templates may not change the game's data: {message}")


@pytest.mark.parametrize("attempt,message", [
    ("{{ dict.fromkeys('ab') }}", "this value has no attribute 'fromkeys'"),
    ("{{ range.mro() }}", "this value has no attribute 'mro'"),
    ("{{ text.func }}", "this value has no attribute 'func'"),
    ("{{ card.source.file }}", "templates may not use 'source' of a card"),
    ("{{ game.strings.en.doc }}", "templates may not use 'doc' of a language file"),
    ("{{ 'x'.encode() }}", "templates may not use 'encode'"),
    ("{{ geo.cx.hex }}", "templates may not use 'hex'"),
])
def test_what_is_not_on_the_allowlist_is_refused(demo, attempt, message):
    line = plant(demo, attempt)
    refused(check(demo), line, message)


def test_a_template_fills_its_own_lists(demo):
    plant(demo, "{% set rows = [] %}{% set _ = rows.append(1) %}{% set _ = rows.extend([2, 3]) %}"
                "{% set d = dict(a=1) %}{% set _ = d.update(b=2) %}<!-- {{ rows | sum }} {{ d | length }} "
                "{{ (deck.cards + [1]) | length }} {{ '%s-%s' | format(1, 2) }} {{ '{}!'.format(name) }} "
                "{{ card.fields | tojson }} {{ deck.cards | map(attribute='value') | join(',') }} -->")
    result = check(demo)
    assert result.exit_code == 0, result.output
    project = load_project(demo)
    game = project.games["demo"]
    svg = DeckRenderer(project, game, game.decks["demo"], "en").render_front(game.decks["demo"].cards[0]).svg
    assert "<!-- 6 2 4 1-2 " in svg and '{"colour": "red", "value": 3}' in svg and " 3,5,9 -->" in svg, svg[:600]


# ------------------------------------------------------------------ (c) limits that hold

LOW = "{face_chars: 100000, template_items: 10000, template_digits: 200, template_seconds: 1}"


@pytest.mark.parametrize("expression,limit", [
    ("{% set ns = namespace(s='x') %}{% for i in range(31) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
     "face_chars"),
    ("{{ (['a'*60000]*40)|join|length }}", "face_chars"),
    ("{{ ('%02500000000d' % 1)|length }}", "face_chars"),
    ("{{ '{:>2500000000}'.format(1) }}", "face_chars"),
    ("{{ 'a'|center(2500000000) }}", "face_chars"),
    ("{{ 'a'|indent(2500000000) }}", "face_chars"),
    ("{{ '%s'|format('a'*60000)|replace('a', 'aaaa') }}", "face_chars"),
    ("{{ 'a b c'|wordwrap(1, wrapstring='x'*60000) }}", "face_chars"),
    ("{{ 'a'.ljust(2500000000) }}", "face_chars"),
    ("{{ ('a'*1000).replace('a', 'a'*1000) }}", "face_chars"),
    ("{{ ''.join(['a'*60000]*40) }}", "face_chars"),
    ("{{ (['a'*60000]*40)|map('upper')|join }}", "face_chars"),
    ("{{ ([{'b': 'a'*60000}]*40)|join(attribute='b') }}", "face_chars"),
    ("{{ '%060000d%060000d' % (1, 2) }}", "face_chars"),
    ("{{ '-'.join((['a'*60000]*40)|map('string')) }}", "face_chars"),
    ("{{ ('a'|safe).center(2500000000) }}", "face_chars"),
    ("{% set x %}{{ 'a'*60000 }}{{ 'a'*60000 }}{% endset %}", "face_chars"),
    ("{% set l = [] %}{% for i in range(40) %}{% set _ = l.append('a'*9000 ~ i) %}{% endfor %}", "face_chars"),
    ("{% set l = ['a'] %}{% for i in range(28) %}{{ l.extend(l) or '' }}{% endfor %}", "template_items"),
    ("{{ [1]|batch(2500000000, 0)|list }}", "template_items"),
    ("{% set ns = namespace(v=10**64) %}{% for i in range(24) %}{% set ns.v = ns.v * ns.v %}{% endfor %}",
     "template_digits"),
    ("{{ 7 ** 100000 }}", "template_digits"),
    ("{{ lipsum(1000000, html=False) }}", "template_items"),
])
def test_a_template_cannot_build_without_bound(demo, expression, limit):
    line = plant(demo, expression, LOW)
    started = time.monotonic()
    result = check(demo)
    assert time.monotonic() - started < 15
    refused(result, line, f"(limits.{limit} in deckgen.yaml)")


def test_include_fan_out_stops_at_the_clock(demo):
    """30 templates each including the next twice (2^30 includes) stop within template_seconds."""
    folder = demo / "templates/demo"
    for i in range(30):
        (folder / f"a{i}.svg.j2").write_text(f"{{% include 'a{i + 1}.svg.j2' %}}{{% include 'a{i + 1}.svg.j2' %}}"
                                             if i < 29 else "x")
    plant(demo, "{% include 'a0.svg.j2' %}", LOW)
    started = time.monotonic()
    result = check(demo)
    assert time.monotonic() - started < 15
    assert result.exit_code == 2 and "Traceback" not in result.output
    first = result.output.splitlines()[0]
    assert first.startswith("templates/demo/a") and "(limits.template_seconds in deckgen.yaml)" in first, first


@pytest.mark.parametrize("word", ["nan", "inf", "-inf"])
def test_a_non_finite_float_is_a_located_error_even_as_a_constant(demo, word):
    """Jinja folds ``'nan'|float`` into its compiled code, where ``nan`` would be an undefined name (exit 1)."""
    line = plant(demo, "{{ text('Hello', 1, 1, '%s'|float, 5) }}" % word)
    refused(check(demo), line, f"|float of '{word}' is not a finite number")


def test_a_constant_infinity_in_a_template_is_a_located_error(demo):
    """``1e400`` is a float constant Jinja would write into its code as the undefined name ``inf`` (exit 1)."""
    line = plant(demo, "{{ text('Hello', 1, 1, 1e400, 5) }}")
    refused(check(demo), line, "text() box width inf: must be a positive finite number")
