"""One game of a project: its ``game.yaml`` read into a :class:`deckgen.model.Game`.

:func:`load_game` validates ``game.yaml``, checks its card fields and
engine, then reads the language files, decks, engine data, style,
decisions and documents through the other parts of :mod:`deckgen.loading`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from deckgen.loading.collector import Collector, file_missing, inside, template_exists, template_missing
from deckgen.loading.decisions import load_decisions
from deckgen.loading.decks import load_deck, pick_deck
from deckgen.loading.documents import load_documents
from deckgen.loading.style import load_style
from deckgen.loading.texts import check_text_ids, check_text_keys, load_strings
from deckgen.model import Game, Source
from deckgen.parts import Parts
from deckgen.suggest import did_you_mean
from deckgen.validate import check_schema, schema


def _needs_card_source(data: dict, parts: Parts) -> bool:
    """Whether a deck of the game reads a card list of a suffix no loaded card source reads (a plugin's)."""
    from deckgen.sources import unread_suffix

    for spec in (data.get("decks") or {}).values():
        files = spec.get("cards", [])
        names = [files] if isinstance(files, str) else list(files)
        names += [name for variant in (spec.get("variants") or {}).values() for name in variant.values()]
        if any(isinstance(name, str) and unread_suffix(name, parts) for name in names):
            return True
    return False


def load_game(col: Collector, root: Path, game_id: str, languages: tuple[str, ...], engines: dict,
              needs_trust: list[str] | None = None) -> Game | None:
    """One game; with ``needs_trust`` (the project's plugins were not loaded), a game whose engine is not
    installed, or whose card lists only a plugin reads, is left out and its id added there."""
    game_dir = root / "data" / game_id
    doc = col.load(game_dir / "game.yaml")
    if doc is None or not col.validate(doc, schema("game")):
        return None
    data = doc.data
    card_fields = data.get("card_fields", {})
    ok = True
    for name, fragment in card_fields.items():
        message = check_schema(fragment)
        if message:
            col.problems.append(doc.problem(("card_fields", name), f"not a valid JSON Schema: {message}"))
            ok = False
    engine = data.get("engine")
    descriptor = engines.get(engine) if engine else None
    if needs_trust is not None and ((engine and descriptor is None) or _needs_card_source(data, col.parts)):
        needs_trust.append(game_id)
        return None
    if engine and descriptor is None:
        from deckgen.registry import engine_names

        col.problems.append(doc.problem(("engine",), f"unknown engine {engine!r} (known: {engine_names(engines)}; "
                                                     f"a project adds its own with 'plugins:' in deckgen.yaml)"))
        ok = False
    card_texts, optional_texts = _card_texts(data.get("card_texts", ["name"]))
    before = len(col.problems)
    strings, texts = load_strings(col, game_dir, languages)
    check_text_keys(col, texts, card_texts, doc)
    lang_ok = len(col.problems) == before
    decks = {}
    broken = False
    runs: dict = {}  # the generated runs of the card lists, by name (lang files give their texts)
    picked = {k: v for k, v in data["decks"].items() if "cards_from" in v}
    for deck_id, spec in data["decks"].items():
        for key in ("front", "back"):
            if not template_exists(root, game_id, spec[key]):
                col.problems.append(doc.problem(("decks", deck_id, key),
                                                template_missing(root, game_id, spec[key])))
                ok = False
        if not ok or deck_id in picked:
            continue
        files = spec["cards"] if isinstance(spec["cards"], list) else [spec["cards"]]
        deck = load_deck(col, root, game_id, deck_id, spec, files, card_fields, doc, texts,
                         card_texts=card_texts, languages=languages, runs=runs)
        if deck is None:
            broken = True
            continue
        variants = {}
        for vname, swaps in spec.get("variants", {}).items():
            for old in swaps:
                if old not in files:
                    col.problems.append(doc.problem(("decks", deck_id, "variants", vname, old),
                                                    f"{old!r} is not one of this deck's card files"))
            vfiles = [swaps.get(f, f) for f in files]
            vdeck = load_deck(col, root, game_id, deck_id, spec, vfiles, card_fields, doc, texts, variant=vname,
                              card_texts=card_texts, languages=languages, runs=runs)
            if vdeck is None:
                broken = True
            else:
                variants[vname] = vdeck
        decks[deck_id] = replace(deck, variants=variants)
    for deck_id, spec in picked.items():
        deck = pick_deck(col, doc, deck_id, spec, decks, broken)
        if deck is not None:
            decks[deck_id] = deck
    if not ok:
        return None
    ids: dict[str, str] = {}
    for deck in decks.values():
        for d in (deck, *deck.variants.values()):
            for card in d.cards:
                ids.setdefault(card.id, deck.id)
    if not broken and lang_ok:  # a card file that did not load is reported once, not card by card
        for lang, s in strings.items():
            for deck_id in s.decks:
                if deck_id not in data["decks"]:  # a declared deck that failed to load was reported already
                    hint = did_you_mean(deck_id, data["decks"])
                    col.problems.append(s.doc.problem(("decks", deck_id), f"unknown deck {deck_id!r}{hint}"))
        check_text_ids(col, texts, ids)
        if runs or any((ldoc.data or {}).get("runs") for ldoc, _ in texts.values()):
            from deckgen.sources import lang_run_problems

            for ldoc, _ in texts.values():
                col.problems.extend(lang_run_problems(ldoc, runs))
    engine_data = dict(data.get("engine_data", {}))
    for key, name in engine_data.items():
        if inside(col, doc, ("engine_data", key), game_dir, name) is None:
            continue
        if not (game_dir / name).is_file():
            col.problems.append(doc.problem(("engine_data", key), file_missing(col, game_dir / name)))
    style = load_style(col, game_dir, doc, data.get("style"))
    decisions = load_decisions(col, game_dir, doc, data.get("decisions"))
    documents = load_documents(col, root, game_id, doc, data.get("documents", {}), descriptor)
    return Game(id=game_id, directory=game_dir, decks=decks, strings=strings, engine=engine,
                card_texts=card_texts, optional_texts=optional_texts, documents=documents, engine_data=engine_data, style=style,
                decisions=decisions, source=Source(doc.file, 1))


def _card_texts(raw: list) -> tuple[tuple[str, ...], frozenset[str]]:
    """game.yaml's ``card_texts``: every text's key, and the keys marked ``{KEY: optional}``."""
    keys, optional = [], set()
    for item in raw:
        if isinstance(item, dict):
            (key,) = item
            optional.add(key)
        else:
            key = item
        keys.append(key)
    return tuple(keys), frozenset(optional)
