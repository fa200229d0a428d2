"""Match decks and support decks drawn from the archive; the ``deckgen deck archeon`` command.

A match deck holds, per family, three different archive cards of each value
1-6, three different Impostors and one Sylop (rules.yaml ``match_deck``):
44 cards.  :func:`match_deck` draws it deterministically for a seed (the
candidates in archive order, a ``random.Random(seed)`` sample of each
group).  A support deck (a player's entourage) is 14 different archive
cards drawn with the rarity weights: each draw takes a card with a chance
proportional to its rarity's weight among the cards left.  A request the
archive cannot satisfy raises DeckgenError naming what is missing.
:func:`deck_list` reads such a file back for ``deckgen build archeon --deck FILE``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Sequence

import click

from deckgen.errors import DeckgenError, Problem
from deckgen.games.archeon.data import ARCHIVE_DECK, ArcheonData, ArchiveCard

GAME_ID = "archeon"


def _groups(data: ArcheonData) -> list[tuple[str, int | str, int]]:
    """(family, value, how many) of a match deck, in deck order."""
    r = data.rules
    out: list[tuple[str, int | str, int]] = []
    for family in r.families:
        out += [(family, v, r.copies_per_value) for v in range(1, 7)]
        out += [(family, "impostor", r.impostors), (family, "sylop", r.sylops)]
    return [g for g in out if g[2] > 0]


def value_name(value: int | str) -> str:
    """``Impostors``, ``Sylops`` or ``cards of value 3``, for messages."""
    return {"impostor": "Impostors", "sylop": "Sylops"}[value] if isinstance(value, str) else f"cards of value {value}"


def shortages(data: ArcheonData, archive: Sequence[ArchiveCard] | None = None) -> list[str]:
    """What the archive lacks for a legal match deck (empty: it can assemble one)."""
    cards = list(archive if archive is not None else data.archive.values())
    missing = []
    for family, value, need in _groups(data):
        have = [c.id for c in cards if c.family == family and c.value == value]
        if len(have) < need:
            listed = f" ({', '.join(have)})" if have else ""
            missing.append(f"{need} different {family.capitalize()} {value_name(value)}, the archive has "
                           f"{len(have)}{listed}")
    return missing


def match_deck(data: ArcheonData, seed: int, archive: Sequence[ArchiveCard] | None = None) -> list[ArchiveCard]:
    """The 44 cards of the match deck for ``seed``: Blood then Sand, each by value, Impostors, Sylop."""
    cards = list(archive if archive is not None else data.archive.values())
    missing = shortages(data, cards)
    if missing:
        raise DeckgenError([Problem(None, None, None, "archive", f"cannot assemble a match deck: it needs {m}")
                            for m in missing])
    rng = random.Random(seed)
    deck: list[ArchiveCard] = []
    for family, value, need in _groups(data):
        candidates = [c for c in cards if c.family == family and c.value == value]
        deck += sorted(rng.sample(candidates, need), key=lambda c: c.id)
    return deck


def support_deck(data: ArcheonData, seed: int, size: int | None = None,
                 archive: Sequence[ArchiveCard] | None = None, side: str | None = None) -> list[ArchiveCard]:
    """A support deck of ``size`` (rules: 14) different archive cards, drawn with the rarity weights."""
    size = data.rules.support_deck if size is None else size
    cards = list(archive if archive is not None else data.archive.values())
    if side is not None:
        cards = [c for c in cards if c.side == side]
    if len(cards) < size:
        what = f"{side}-side cards" if side else "cards"
        raise DeckgenError(Problem(None, None, None, "archive", f"cannot draw a support deck of {size} cards: "
                                                               f"the archive has {len(cards)} {what}"))
    rng = random.Random(seed)
    weights = data.rules.rarities
    pool = list(cards)
    chosen: list[ArchiveCard] = []
    for _ in range(size):
        total = sum(weights[c.rarity] for c in pool)
        pick = rng.random() * total
        for i, card in enumerate(pool):
            pick -= weights[card.rarity]
            if pick < 0:
                break
        chosen.append(pool.pop(i))
    return chosen


def deck_yaml(kind: str, seed: int, cards: Sequence[ArchiveCard], note: str = "") -> str:
    """The card list as YAML: one id per physical card, with its family and value as a comment."""
    lines = [f"# Sabacc Archeon {kind} deck, seed {seed}: {len(cards)} cards of the archive (data/archeon/archive.yaml).",
             "# `deckgen deck archeon` writes this file; the same seed gives the same deck."]
    if note:
        lines.append(f"# {note}")
    lines += ["game: archeon", f"deck: {kind}", f"seed: {seed}", "cards:"]
    for c in cards:
        shown = {"impostor": "Impostor", "sylop": "Sylop"}.get(c.value, c.value) if isinstance(c.value, str) \
            else c.value
        lines.append(f"  - {c.id}  # {c.family} {shown}, {c.sign}, {c.era}, {c.rarity}")
    return "\n".join(lines) + "\n"


def read_deck(path: Path, data: ArcheonData) -> list[ArchiveCard]:
    """The cards of a deck file written by :func:`deck_yaml` (unknown ids are located problems)."""
    from deckgen.yamlpos import load_yaml

    doc = load_yaml(path, display=str(path))
    ids = (doc.data or {}).get("cards") if isinstance(doc.data, dict) else None
    if not isinstance(ids, list):
        raise DeckgenError(doc.problem(("cards",), "a deck file lists its cards: cards: [id, ...]"))
    problems = [doc.problem(("cards", i), f"no archive card {cid!r}") for i, cid in enumerate(ids)
                if cid not in data.archive]
    if problems:
        raise DeckgenError(problems)
    return [data.archive[cid] for cid in ids]


#: The kinds of deck list ``deckgen deck archeon`` writes (``deck:`` of the file).
DECK_KINDS = ("match", "support")


def deck_list(game, path: Path):
    """``deckgen build archeon --deck FILE``: the archive cards of a deck file written by ``deckgen deck``.

    The file must say ``game: archeon`` (or the game's id) if it names a game,
    ``deck: match`` or ``deck: support``, and list archive ids under
    ``cards``; every mistake is a problem located in the file.  The name of
    the printed files is ``KIND-SEED`` (``archive-match-7-en-a4.pdf``).
    """
    from deckgen.games.archeon.data import load_data, of
    from deckgen.registry import DeckList
    from deckgen.yamlpos import load_yaml

    doc = load_yaml(path, display=str(path))
    if not isinstance(doc.data, dict):
        raise DeckgenError(doc.problem((), "a deck file is a mapping: game, deck, seed and cards (what "
                                           "`deckgen deck archeon --out FILE` writes)"))
    problems = []
    named = doc.data.get("game")
    if named is not None and named not in (GAME_ID, game.id):
        problems.append(doc.problem(("game",), f"this deck list is for {named!r}, not {game.id!r}"))
    kind = doc.data.get("deck")
    if kind not in DECK_KINDS:
        problems.append(doc.problem(("deck",), f"the kind of deck list is match or support, not {kind!r}"))
    seed = doc.data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        problems.append(doc.problem(("seed",), f"the seed is a whole number, not {seed!r}"))
    if problems:
        raise DeckgenError(problems)
    cards = read_deck(path, of(load_data(game)))
    if not cards:
        raise DeckgenError(doc.problem(("cards",), "the deck list has no cards"))
    name = f"{kind}-{seed}" if seed is not None else str(kind)  # kind: one of DECK_KINDS
    return DeckList(deck=ARCHIVE_DECK, name=name, cards=tuple(c.id for c in cards))


@click.command("deck")
@click.argument("game", default=GAME_ID)
@click.option("--seed", type=int, default=0, show_default=True, help="The deck's seed: the same seed, the same deck.")
@click.option("--support", is_flag=True, help="A player's support deck (entourage) instead of a match deck, "
                                              "drawn with the rarity weights.")
@click.option("--size", type=click.IntRange(1, 200), default=None, help="Cards of a support deck (default: the "
                                                                         "rules' 14).")
@click.option("--side", type=click.Choice(["light", "dark"]), default=None, help="A support deck of one side only.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the card list to this file (default: print it).")
@click.option("--project", "project_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Project folder (holds deckgen.yaml). Default: the nearest deckgen.yaml here or above, "
                   "else the bundled games.")
def deck_command(game: str, seed: int, support: bool, size: int | None, side: str | None, out: Path | None,
                 project_dir: Path | None) -> None:
    """Assemble a legal match deck of GAME (archeon) from its archive, or a player's support deck; write it as YAML.

    A match deck has 44 cards: per family three different archive cards of
    each value 1 to 6, three Impostors and one Sylop.  The same seed gives
    the same deck.

    \b
    Examples:
      deckgen deck archeon --seed 7
      deckgen deck archeon --seed 7 --out match-7.yaml
      deckgen deck archeon --seed 3 --support --out entourage-3.yaml
    """
    from deckgen.commands.common import load_for as _load
    from deckgen.decisions import require_engine
    from deckgen.games.archeon.data import of

    project = _load(project_dir)
    game_model, descriptor = require_engine(project, game)
    if descriptor.engine != GAME_ID:
        raise DeckgenError(f"deckgen deck assembles Sabacc Archeon decks; {game!r} is a {descriptor.engine} game")
    if game_model is None:
        raise DeckgenError(f"{game!r} is an engine; name a game of the project with an archive")
    data = of(descriptor.data_for(game_model))
    if support:
        cards = support_deck(data, seed, size, side=side)
        text = deck_yaml("support", seed, cards, "drawn with the rarity weights " + ", ".join(
            f"{k} {v}" for k, v in data.rules.rarities.items()))
    else:
        if size is not None or side is not None:
            raise DeckgenError(Problem(None, None, None, "--size" if size is not None else "--side",
                                       "only a support deck (--support) takes this option"))
        cards = match_deck(data, seed)
        text = deck_yaml("match", seed, cards)
    if out is None:
        click.echo(text, nl=False)
    else:
        from deckgen.output import write_atomic

        write_atomic(out, text.encode("utf-8"))
        click.echo(f"wrote {out} ({len(cards)} cards)")


DECK_COMMAND = deck_command


def as_engine_cards(cards: Sequence[ArchiveCard]) -> list[Any]:
    """Archive cards as the engine's HandCards (no dice)."""
    from deckgen.games.archeon.engine import HandCard

    return [HandCard(c.family, "number" if isinstance(c.value, int) else c.value,
                     c.value if isinstance(c.value, int) else None, c.sign, c.era, c.id) for c in cards]
