"""Each face drawn once across decks, booklets, languages, processes and rebuilds; odds and judged examples once
per game: the build cache's ``drawn/`` and ``engine/`` entries (deckgen.render.vector, deckgen.rulebook.engine_cache)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from deckgen.outputs.plan import PlannedFile, Selection
from deckgen.outputs.selection import BuildOptions
from deckgen.registry import GameDescriptor
from deckgen.render import store as store_module
from deckgen.render import vector
from deckgen.render.store import Store, active_cache, using_cache
from deckgen.rulebook import engine_cache
from deckgen.rulebook.engine_cache import engine_code

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="30mm" viewBox="0 0 20 30">'
       '<rect x="2" y="3" width="16" height="24" fill="#c03"/></svg>')


@pytest.fixture
def draws(monkeypatch) -> list[str]:
    """Every SVG the face route is asked to draw as a PDF (librsvg or cairosvg), with this process's memo empty."""
    calls: list[str] = []
    real = vector.draw_pdf

    def counting(svg):
        calls.append(svg)
        return real(svg)

    monkeypatch.setattr(vector, "draw_pdf", counting)
    monkeypatch.setattr(vector, "_DRAWN", {})
    return calls


def _entries(folder: Path, kind: str) -> list[Path]:
    return sorted(p for p in (folder / kind).rglob("*") if p.is_file()) if (folder / kind).exists() else []


def test_a_second_drawing_of_the_same_svg_reads_the_cache(tmp_path, draws):
    store = Store(tmp_path / "cache")
    with using_cache(store):
        first = vector.svg_to_pdf(SVG)
        vector._DRAWN.clear()  # another process, a later run
        second = vector.svg_to_pdf(SVG)
    assert len(draws) == 1
    assert second == first and first.startswith(b"%PDF")
    assert len(_entries(tmp_path / "cache", "drawn")) == 1
    assert (tmp_path / "cache" / "CACHEDIR.TAG").is_file()  # marked as deckgen's, so clean empties it


def test_another_drawer_misses(tmp_path, draws, monkeypatch):
    store = Store(tmp_path / "cache")
    with using_cache(store):
        vector.svg_to_pdf(SVG)
        vector._DRAWN.clear()
        monkeypatch.setattr(store_module, "drawer_id", lambda: "cairosvg 99; cairo 9.9; deckgen 0")
        vector.svg_to_pdf(SVG)
    assert len(draws) == 2
    assert len(_entries(tmp_path / "cache", "drawn")) == 2


@pytest.mark.parametrize("damage", [lambda b: b[:len(b) // 2], lambda b: b[:-1] + bytes([b[-1] ^ 1]), lambda b: b""])
def test_a_damaged_entry_is_drawn_again(tmp_path, draws, damage):
    store = Store(tmp_path / "cache")
    with using_cache(store):
        good = vector.svg_to_pdf(SVG)
        [entry] = _entries(tmp_path / "cache", "drawn")
        entry.write_bytes(damage(entry.read_bytes()))
        vector._DRAWN.clear()
        again = vector.svg_to_pdf(SVG)
        vector._DRAWN.clear()
        third = vector.svg_to_pdf(SVG)  # the entry was written anew
    assert again == good == third
    assert len(draws) == 2


def test_without_a_cache_folder_nothing_is_written_or_read(tmp_path, draws):
    with using_cache(Store(None)):
        assert active_cache() is None
        vector.svg_to_pdf(SVG)
        vector._DRAWN.clear()
        vector.svg_to_pdf(SVG)
    assert len(draws) == 2
    assert not any(tmp_path.iterdir())


def test_the_in_process_memo_stays_in_front(tmp_path, draws, monkeypatch):
    store = Store(tmp_path / "cache")
    with using_cache(store):
        vector.svg_to_pdf(SVG)
        monkeypatch.setattr(Store, "get_bytes", lambda *a: pytest.fail("the cache read for a face drawn now"))
        vector.svg_to_pdf(SVG)
    assert len(draws) == 1


def test_a_planted_link_is_refused_not_read_through(tmp_path):
    from deckgen.errors import DeckgenError

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "drawn").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(DeckgenError):
        Store(tmp_path / "cache").put_bytes("drawn", "ab" * 32, b"x")
    assert not any(elsewhere.rglob("*"))


def test_a_rendering_generator_sees_the_selection_cache(tmp_path):
    """What a generator draws deep down goes to the cache its options name (``deckgen rules`` has no build
    context), none with --no-cache."""
    from deckgen.outputs.extra import render_one

    seen = []

    class Generator:
        kind = "probe"

        def render(self, selection, planned):
            seen.append(active_cache())
            return b"%PDF-probe"

    for use_cache in (True, False):
        selection = Selection(None, (), BuildOptions(out=tmp_path / "out", use_cache=use_cache))  # type: ignore[arg-type]
        made = render_one(Generator(), selection, PlannedFile(tmp_path / "out" / "probe.pdf", "probe"))
        assert made == [(tmp_path / "out" / "probe.pdf", b"%PDF-probe")]
    assert seen[0] is not None and seen[0].folder == tmp_path / "out" / ".cache"
    assert seen[1] is None
    assert active_cache() is None  # only while rendering


# ---------------------------------------------------------------- odds and judged examples

@dataclass
class Counts:
    simulated: int = 0
    judged: int = 0


def _descriptor(counts: Counts) -> GameDescriptor:
    def judge(showdown, data, options):
        counts.judged += 1
        best = max(showdown["players"], key=lambda p: sum(p["hand"]))
        return {"winners": [best["name"]], "hands": [{"name": p["name"], "total": sum(p["hand"])}
                                                     for p in showdown["players"]]}

    def simulate(request):
        counts.simulated += 1
        return [{"winners": ["A" if i % 3 else "B"], "category": "pair" if i % 2 else "flush", "rounds": 3}
                for i in range(request.games)]

    return GameDescriptor(engine="probe-engine", title="Probe", judge=judge, simulate=simulate, players=(2, 4),
                          module=__name__)


def _clear_memos(monkeypatch):
    monkeypatch.setattr(engine_cache, "_JUDGED", {})
    monkeypatch.setattr(engine_cache, "_DATA", {})
    from deckgen.rulebook import odds

    monkeypatch.setattr(odds, "_SIMULATED", {})


DATA = {"deck": {"1": 4, "2": 4}, "rules": [1, 2.5, None]}


def test_odds_are_simulated_once_per_game_not_per_language_or_run(tmp_path, monkeypatch):
    from deckgen.rulebook.odds import _simulated

    counts = Counts()
    descriptor = _descriptor(counts)
    with using_cache(Store(tmp_path / "cache")):
        _clear_memos(monkeypatch)
        en = _simulated(descriptor, dict(DATA), 2, 50, 1, None, {})
        _clear_memos(monkeypatch)  # the German booklet, in another process
        de = _simulated(descriptor, dict(DATA), 2, 50, 1, None, {})
        assert counts.simulated == 1
        assert de == en and list(de.categories) == list(en.categories)  # the table's rows in the same order
        _simulated(descriptor, dict(DATA), 2, 51, 1, None, {})  # other arguments
        _simulated(descriptor, {**DATA, "rules": [1]}, 2, 50, 1, None, {})  # other data
    assert counts.simulated == 3
    assert len(_entries(tmp_path / "cache", "engine")) == 3


def test_changed_engine_code_simulates_again(tmp_path, monkeypatch):
    counts = Counts()
    descriptor = _descriptor(counts)
    with using_cache(Store(tmp_path / "cache")):
        engine_cache.simulated(descriptor, DATA, 2, 20, 1, None, {})
        monkeypatch.setattr(engine_cache, "engine_code", lambda d: "edited")
        engine_cache.simulated(descriptor, DATA, 2, 20, 1, None, {})
    assert counts.simulated == 2


def test_examples_are_judged_once_per_game(tmp_path, monkeypatch):
    counts = Counts()
    descriptor = _descriptor(counts)
    showdown = {"players": [{"name": "A", "hand": [3, 4]}, {"name": "B", "hand": [9]}]}
    with using_cache(Store(tmp_path / "cache")):
        _clear_memos(monkeypatch)
        first = engine_cache.judged(descriptor, showdown, DATA, {})
        engine_cache.judged(descriptor, showdown, DATA, {})  # the check, then the layout
        _clear_memos(monkeypatch)
        again = engine_cache.judged(descriptor, showdown, DATA, {})  # another language's process
    assert counts.judged == 1
    assert again == first and again.winners == ("B",) and again.hand(0).total == 7


def test_a_rejected_example_is_rejected_each_time(tmp_path, monkeypatch):
    from deckgen.errors import ShowdownError

    counts = Counts()
    descriptor = _descriptor(counts)
    lonely = {"players": [{"name": "A", "hand": [3]}]}  # one player: the game wants 2 to 4
    with using_cache(Store(tmp_path / "cache")):
        for _ in range(2):
            with pytest.raises(ShowdownError):
                engine_cache.judged(descriptor, lonely, DATA, {})
    assert not _entries(tmp_path / "cache", "engine")


def test_without_a_cache_folder_engine_results_stay_in_memory(tmp_path, monkeypatch):
    counts = Counts()
    descriptor = _descriptor(counts)
    with using_cache(Store(None)):
        engine_cache.simulated(descriptor, DATA, 2, 20, 1, None, {})
        engine_cache.simulated(descriptor, DATA, 2, 20, 1, None, {})
    assert counts.simulated == 2 and not any(tmp_path.iterdir())


def test_data_that_does_not_tell_its_content_is_never_kept(tmp_path):
    counts = Counts()
    descriptor = _descriptor(counts)
    data = {"opaque": object()}
    assert engine_cache.data_digest(data) is None
    with using_cache(Store(tmp_path / "cache")):
        engine_cache.simulated(descriptor, data, 2, 20, 1, None, {})
    assert not _entries(tmp_path / "cache", "engine")


def test_the_data_digest_reads_dataclasses_and_any_keys():
    @dataclass(frozen=True)
    class Card:
        suit: str
        rank: int

    one = {Card("a", 1): 2, Card("b", 2): (1, 2)}
    same = {Card("b", 2): (1, 2), Card("a", 1): 2}
    other = {Card("a", 1): 3, Card("b", 2): (1, 2)}
    assert engine_cache.data_digest(one) == engine_cache.data_digest(same) != engine_cache.data_digest(other)


# ---------------------------------------------------------------- a booklet's card pictures from the deck's build

def test_a_known_svg_is_placed_from_its_drawing_without_rendering(tmp_path, draws):
    from deckgen.render.store import hash_text

    with using_cache(Store(tmp_path / "cache")):
        drawn = vector.svg_to_pdf(SVG)
        vector._DRAWN.clear()
        known = vector.KnownSvg(hash_text(SVG), lambda: pytest.fail("rendered although drawn"))
        assert vector.svg_to_pdf(known) == drawn
    assert len(draws) == 1


def test_a_known_svg_without_a_usable_drawing_is_rendered_and_drawn(tmp_path, draws):
    from deckgen.render.store import hash_text

    rendered = []
    with using_cache(Store(tmp_path / "cache")):
        drawn = vector.svg_to_pdf(SVG)
        [entry] = _entries(tmp_path / "cache", "drawn")
        entry.write_bytes(b"DGB1 damaged")
        vector._DRAWN.clear()
        known = vector.KnownSvg(hash_text(SVG), lambda: rendered.append(1) or SVG)
        assert vector.svg_to_pdf(known) == drawn
    assert rendered == [1] and len(draws) == 2


def test_a_booklet_takes_a_card_front_the_deck_build_drew(tmp_path, draws):
    from deckgen.loader import load_project
    from deckgen.render.decks import Fingerprints, face_key, render_deck
    from deckgen.rulebook.card_pictures import cached_front
    from deckgen.scaffold import create_project

    root = tmp_path / "p"
    create_project(root)
    project = load_project(root)
    game = project.games["demo"]
    deck = next(iter(game.decks.values()))
    card = deck.cards[0]
    store = Store(tmp_path / "cache")
    target = render_deck(project, game, deck, "en", store)  # the deck's build: the faces' inputs recorded
    never = lambda: pytest.fail("rendered although drawn")  # noqa: E731
    with using_cache(store):
        assert cached_front(Fingerprints(project), game, deck, "en", card, never) is None  # not drawn yet
        vector.svg_to_pdf(target.front_svg(card.id))  # the deck's sheets draw it
        known = cached_front(Fingerprints(project), game, deck, "en", card, never)
        assert known is not None and known.digest == target.fronts[card.id]
        read = store.get("faces", face_key(Fingerprints(project), game, deck, "en", card, "front"))["strings"]
        assert read, "the starter's front reads its strings"
        game.strings["en"].strings[next(iter(read))] = "changed words"
        assert cached_front(Fingerprints(project), game, deck, "en", card, never) is None  # a string it read changed
    assert cached_front(Fingerprints(project), game, deck, "en", card, never) is None  # no cache active



def test_clean_empties_the_drawn_and_engine_entries(tmp_path, draws):
    from deckgen.output import empty_cache

    store = Store(tmp_path / "cache")
    with using_cache(store):
        vector.svg_to_pdf(SVG)
        engine_cache.simulated(_descriptor(Counts()), DATA, 2, 10, 1, None, {})
    assert _entries(tmp_path / "cache", "drawn") and _entries(tmp_path / "cache", "engine")
    empty_cache(tmp_path / "cache")
    assert not _entries(tmp_path / "cache", "drawn") and not _entries(tmp_path / "cache", "engine")


def test_the_engine_code_is_read_again_when_a_plugin_file_changes(tmp_path, monkeypatch):
    import importlib.util
    import os
    import sys

    plugin = tmp_path / "probe_plugin.py"
    plugin.write_text("def judge(showdown, data, options):\n    return {'winners': []}\n", encoding="utf-8")
    spec = importlib.util.spec_from_file_location("deckgen_plugin_probe_cache", plugin)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "deckgen_plugin_probe_cache", module)
    spec.loader.exec_module(module)
    descriptor = GameDescriptor(engine="probe-plugin", title="Probe", judge=module.judge)
    before = engine_code(descriptor)
    plugin.write_text("def judge(showdown, data, options):\n    return {'winners': ['A']}\n", encoding="utf-8")
    os.utime(plugin, ns=(1, 1))
    assert before is not None and engine_code(descriptor) not in (None, before)
    monkeypatch.delitem(sys.modules, "deckgen_plugin_probe_cache")
    monkeypatch.setattr(engine_cache, "_FILES", {})
    assert engine_code(descriptor) is None  # its source unknown: nothing of it kept on disk


def test_booklet_pages_place_a_known_front_as_vectors_and_as_a_shops_cmyk_picture(tmp_path, draws):
    """The vector booklet places the cached drawing as is; a shop's CMYK booklet rasterizes the face, so it
    renders its SVG then (once)."""
    import io

    import pikepdf

    from deckgen.render.store import hash_text
    from deckgen.rulebook.pdf import PlacedFace, place_faces
    from deckgen.rulebook.shopfaces import place_faces_cmyk

    class Converter:
        def to_cmyk(self, rgb: bytes, width: int, height: int) -> bytes:
            return bytes(4 * width * height)

    blank = pikepdf.new()
    blank.add_blank_page(page_size=(200, 200))
    buffer = io.BytesIO()
    blank.save(buffer)
    rendered: list[int] = []
    with using_cache(Store(tmp_path / "cache")):
        vector.svg_to_pdf(SVG)
        vector._DRAWN.clear()
        known = vector.KnownSvg(hash_text(SVG), lambda: rendered.append(1) or SVG)
        placed = place_faces(buffer.getvalue(), [PlacedFace(0, 10, 10, 40, 60, known)])
        assert rendered == [] and len(draws) == 1
        with pikepdf.open(io.BytesIO(placed)) as pdf:
            assert "/DeckgenFace0" in pdf.pages[0].Resources.XObject
        shop = pikepdf.open(io.BytesIO(buffer.getvalue()))
        place_faces_cmyk(shop, [PlacedFace(0, 10, 10, 40, 60, known)], Converter(), None, ppi=20)  # type: ignore[arg-type]
        assert rendered == [1] and "/DeckgenCard0" in shop.pages[0].Resources.XObject
