"""One side of a diff, built: every face's hash, every card's copies and data, every booklet section's texts.

Run as ``python -m deckgen.diffing.snapshot ROOT OUT.json [--lang L] [--cache DIR]`` so that each side is
built in a process of its own (its plugins, fonts and caches never meet the other side's); faces come
through the content-keyed cache, so an unchanged face is not drawn again.  With ``--pictures SPEC.json
DIR`` it instead writes PNG pictures of the faces SPEC lists (``[[game, deck, lang, card, side], …]``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def take(root: Path, languages: tuple[str, ...] = (), cache: Path | None = None) -> dict[str, Any]:
    """The snapshot of the project at ``root`` (see the module's docstring)."""
    from deckgen.loader import load_project
    from deckgen.render.decks import render_targets
    from deckgen.render.store import Store
    from deckgen.rulebook.files import source_path
    from deckgen.translate.units import markdown_units

    project = load_project(root, untrusted="refuse")
    store = Store(cache) if cache is not None else Store(None)
    snap: dict[str, Any] = {"languages": list(project.languages), "games": {}}
    langs = tuple(l for l in project.languages if not languages or l in languages)
    for gid, game in project.games.items():
        decks: dict[str, Any] = {}
        for target in render_targets(project, [gid], langs, store=store):
            deck = target.deck
            entry = decks.setdefault(deck.label, {
                "deck": deck.id, "variant": deck.variant, "langs": {},
                "cards": {c.id: {"count": c.count, "fields": _plain(c.fields),
                                 "texts": {l: dict(t) for l, t in c.texts.items() if l in langs}}
                          for c in deck.cards}})
            entry["langs"][target.lang] = {"fronts": dict(target.fronts), "backs": dict(target.backs)}
        booklets: dict[str, Any] = {}
        for lang in langs:
            path = source_path(game, lang)
            if path.is_file():
                sections: dict[str, Any] = {}
                for unit in markdown_units(path.read_text(encoding="utf-8"), f"data/{gid}/rules/{lang}.md"):
                    if unit.section:
                        sections.setdefault(unit.section, []).append(unit.text)
                booklets[lang] = sections
        snap["games"][gid] = {"name": {l: game.name(l) for l in langs}, "decks": decks, "booklets": booklets}
    return snap


def _plain(value: Any) -> Any:
    """Card data as JSON can hold it (written numbers as their text, everything else as it is)."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return getattr(value, "written", value)
    return str(value)


def pictures(root: Path, spec: list[list[str]], out: Path, dpi: int = 110) -> None:
    """PNG files ``out/GAME--DECK--LANG--CARD--SIDE.png`` of the faces ``spec`` lists."""
    from PIL import Image

    from deckgen.loader import load_project
    from deckgen.render.raster import rasterize
    from deckgen.render.templates import DeckRenderer

    project = load_project(root, untrusted="refuse")
    out.mkdir(parents=True, exist_ok=True)
    renderers: dict[tuple[str, str, str], Any] = {}
    for gid, label, lang, card_id, side in spec:
        game = project.games[gid]
        deck = next(d for base in game.decks.values() for d in (base, *base.variants.values()) if d.label == label)
        key = (gid, label, lang)
        if key not in renderers:
            renderers[key] = DeckRenderer(project, game, deck, lang)
        card = next((c for c in deck.cards if c.id == card_id), None)
        if card is None:
            continue
        face = renderers[key].render_front(card) if side == "front" else renderers[key].render_back(card)
        w, h = deck.size.pixels(dpi)
        image = Image.frombytes("RGB", (w, h), rasterize(face.svg, w, h).rgb())
        image.save(out / f"{gid}--{label}--{lang}--{card_id}--{side}.png")


def main(argv: list[str]) -> int:
    from deckgen.errors import DeckgenError

    args = list(argv)
    try:
        if "--errata-sheets" in args:
            from deckgen.diffing.errata import sheets

            i = args.index("--errata-sheets")
            report = json.loads(Path(args[i + 1]).read_text(encoding="utf-8"))
            sheets(Path(args[0]), report, Path(args[i + 2]), (args[i + 3], args[i + 4]), Path(args[i + 5]))
            return 0
        if "--pictures" in args:
            i = args.index("--pictures")
            spec, folder = json.loads(Path(args[i + 1]).read_text()), Path(args[i + 2])
            pictures(Path(args[0]), spec, folder)
            return 0
        languages: tuple[str, ...] = ()
        cache = None
        if "--lang" in args:
            languages = tuple(args[args.index("--lang") + 1].split(","))
        if "--cache" in args:
            cache = Path(args[args.index("--cache") + 1])
        snap = take(Path(args[0]), languages, cache)
        Path(args[1]).write_text(json.dumps(snap, ensure_ascii=False, sort_keys=True), encoding="utf-8")
        return 0
    except DeckgenError as exc:
        for problem in exc.problems:
            print(str(problem), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
