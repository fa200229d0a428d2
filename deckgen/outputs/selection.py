"""What a build is asked for: the options, and which games, decks, languages and cards they select.

Everything here is decided from the project's data alone (nothing is
rendered or written): the build, ``build --plan`` and every output
generator (:mod:`deckgen.outputs`) read the selection from one place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError, Problem
from deckgen.layout.papers import PAPERS_MM
from deckgen.model import Card, Deck, Game, Project


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked for."""

    paper: str = "a4"
    dpi: int = 300
    duplex: str = "long"
    out: Path = Path("output")
    languages: tuple[str, ...] = ()  # empty: all of the project's
    workers: int | None = None
    variant: str | None = None  # only this deck variant (e.g. "cloud-city"); None: base and all variants
    cache: Path | None = None  # the cache folder (default: DECKGEN_CACHE's, else CACHE_HOME/.cache, else OUT/.cache)
    cache_home: Path | None = None  # the folder whose .cache all output folders share (deckgen's commands: the
    #                                 project's default output folder, deckgen.project.cache_home); None: OUT
    use_cache: bool = True  # False: nothing is remembered between builds
    cards: tuple[str, ...] = ()  # only these cards (a reprint); empty: every card
    copies: int = 1  # every deck this many times (a convention with several tables), unless deck_copies says
    decks: tuple[str, ...] = ()  # only these decks (an id like "classic", or id-variant like "classic-cloud-city")
    deck_copies: tuple[tuple[str, int], ...] = ()  # (deck id or label, copies): that deck's own --copies
    deck_files: bool = True  # False: no deck at all, only documents and booklets (a convention kit's languages)
    documents: bool = True  # documents and booklets too (not for a reprint of cards)
    booklets: bool = True  # the rule booklets among them (False: `deckgen rules` makes them on their own)
    vector: bool = False  # cards placed as vector forms, not rasters (deckgen build: unless --raster or --dpi)
    layout: str = "grid"  # the sheet layout (deckgen/layouts/ or the project's layouts/)
    printer: Any = None  # a PrinterProfile moving every backs page, or None
    max_file_mb: float | None = None  # split a larger PDF into numbered parts
    ink: str = "full"  # full | low | grey: see deckgen.render.inklow
    cut_file: bool = False  # an SVG of the cut lines beside each sheets PDF, one per sheet
    instructions: bool = False  # a first page in every sheets PDF saying how to print and cut it
    cut_radius: float = 3.0  # mm: the corner radius of the cut path
    deck_file: Path | None = None  # print exactly the cards of this deck list (the game's deck_file reads it)



def deck_languages(project: Project, deck: Deck, wanted: tuple[str, ...]) -> list[str]:
    """Languages a deck is built in: all wanted ones if it carries words, else one."""
    langs = [l for l in project.languages if not wanted or l in wanted]
    if not deck.localized:
        return langs[:1] or [project.languages[0]]
    return langs


def listed_deck(project: Project, game_ids: list[str], options: BuildOptions) -> Deck:
    """The deck a deck list file (``--deck FILE``) prints: its cards, in its order, from the game's deck.

    The file is read by the game's ``deck_file`` (registry); the deck is the
    game's deck it names, with only those cards (a card listed twice printed
    twice) and the list's name as its variant, so the files are
    ``DECK-NAME-LANG-PAPER.pdf``.
    """
    if len(game_ids) != 1:
        raise DeckgenError(Problem(None, None, None, "--deck", "a deck list belongs to one game: name it, "
                                                               "e.g. deckgen build archeon --deck FILE"))
    for option, value in (("--cards", options.cards), ("--variant", options.variant)):
        if value:
            raise DeckgenError(Problem(None, None, None, "--deck", f"a deck list names its own cards: "
                                                                   f"leave out {option}"))
    game = project.games[game_ids[0]]
    descriptor = project.descriptor(game)
    if descriptor is None or descriptor.deck_file is None:
        raise DeckgenError(Problem(None, None, None, "--deck", f"the game {game.id!r} has no deck lists to print"))
    assert options.deck_file is not None, "called for --deck FILE only"
    listed = descriptor.deck_file(game, Path(options.deck_file))
    base = game.decks.get(listed.deck)
    if base is None:
        raise DeckgenError(Problem(str(options.deck_file), None, None, "deck",
                                   f"the game {game.id!r} has no deck {listed.deck!r}"))
    by_id = {c.id: c for c in base.cards}
    missing = [cid for cid in listed.cards if cid not in by_id]
    if missing:
        raise DeckgenError(Problem(str(options.deck_file), None, None, "cards",
                                   f"no card {missing[0]!r} in the deck {listed.deck!r}"))
    counts: dict[str, int] = {}
    for cid in listed.cards:
        counts[cid] = counts.get(cid, 0) + 1
    cards = tuple(replace(by_id[cid], count=n) for cid, n in counts.items())
    return replace(base, cards=cards, variant=listed.name, variants={})


def selected_decks(game: Game, variant: str | None, decks: tuple[str, ...] = ()) -> list[Deck]:
    """The decks to build: base decks and all their variants, or only the named variant; with ``decks``
    (``--decks``), only those named there (by id, which takes the base deck, or by label, ``id-variant``)."""
    if variant is None:
        found = [d for base in game.decks.values() for d in (base, *base.variants.values())]
    else:
        found = [base.variants[variant] for base in game.decks.values() if variant in base.variants]
    return [d for d in found if not decks or deck_named(d, decks)]


def deck_named(deck: Deck, names: tuple[str, ...]) -> bool:
    """Whether ``--decks`` ``names`` a deck: its label (``classic-cloud-city``), or its id for a base deck."""
    return deck.label in names or (deck.variant is None and deck.id in names)


def deck_copies(deck: Deck, options: BuildOptions) -> int:
    """How many copies of ``deck`` the sheets hold: its own (``--decks NAME:N``), else ``--copies``."""
    own = dict(options.deck_copies)
    return own.get(deck.label, own.get(deck.id, options.copies) if deck.variant is None else options.copies)



def check_options(project: Project, game_ids: list[str], options: BuildOptions) -> None:
    """Raise DeckgenError for options this project cannot build with."""
    if options.paper not in PAPERS_MM:
        raise DeckgenError(f"unknown paper {options.paper!r} (choose from {', '.join(PAPERS_MM)})")
    if options.ink not in ("full", "low", "grey"):
        raise DeckgenError(Problem(None, None, None, "--ink", f"full, low or grey, not {options.ink!r}"))
    if options.duplex not in ("long", "short", "none"):
        raise DeckgenError(f"unknown duplex mode {options.duplex!r} (long, short or none)")
    if not 72 <= options.dpi <= 1200:
        raise DeckgenError(f"--dpi must be between 72 and 1200, not {options.dpi}")
    if not 1 <= options.copies <= 99:
        raise DeckgenError(f"--copies must be between 1 and 99, not {options.copies}")
    wrong = [n for _, n in options.deck_copies if not 1 <= n <= 99]
    if wrong:
        raise DeckgenError(Problem(None, None, None, "--decks", f"copies must be between 1 and 99, not {wrong[0]}"))
    if options.max_file_mb is not None and not options.max_file_mb > 0:
        raise DeckgenError(Problem(None, None, None, "--max-file-mb",
                                   f"must be a size in MB above 0, not {options.max_file_mb:g}"))
    from deckgen.layout.layouts import load_layout

    load_layout(options.layout, project.root)  # a located error if the layout is unknown or broken
    check_selection(project, game_ids, options.variant, options.cards)
    check_decks(project, game_ids, options)


def check_decks(project: Project, game_ids: list[str], options: BuildOptions) -> None:
    """A located problem for a ``--decks`` name no selected game has (the names it has are listed)."""
    named = (*options.decks, *(name for name, _ in options.deck_copies))
    if not named:
        return
    decks = [d for g in game_ids if g in project.games for d in selected_decks(project.games[g], options.variant)]
    known = {d.label for d in decks} | {d.id for d in decks if d.variant is None}
    unknown = [n for n in named if n not in known]
    if unknown:
        from deckgen.suggest import did_you_mean

        raise DeckgenError(Problem(None, None, None, "--decks",
                                   f"no deck {unknown[0]!r}{did_you_mean(unknown[0], sorted(known))} in "
                                   f"{', '.join(game_ids)} (its decks: {', '.join(sorted(known))})"))


def check_selection(project: Project, game_ids: list[str], variant: str | None, cards) -> None:
    """Raise DeckgenError for games, a deck variant (--variant) or cards (--cards) the project lacks."""
    unknown = [g for g in game_ids if g not in project.games]
    if unknown:
        from deckgen.suggest import did_you_mean

        raise DeckgenError(f"unknown game {unknown[0]!r}{did_you_mean(unknown[0], project.games)} "
                           f"(this project has: {', '.join(project.games)})")
    if variant is not None and not any(selected_decks(project.games[g], variant) for g in game_ids):
        have = sorted({v for g in game_ids for base in project.games[g].decks.values() for v in base.variants})
        raise DeckgenError(Problem(None, None, None, "--variant",
                                   f"no deck of {', '.join(game_ids)} has a variant {variant!r} "
                                   f"({'its variants: ' + ', '.join(have) if have else 'it has no variants'})"))
    if cards:
        known = {c.id for g in game_ids for d in selected_decks(project.games[g], variant) for c in d.cards}
        missing = [c for c in cards if c not in known]
        if missing:
            raise DeckgenError(Problem(None, None, None, "--cards",
                                       f"no card {missing[0]!r} in {', '.join(game_ids)}"))



def picked_cards(deck: Deck, options: BuildOptions, copies: int | None = None) -> list[Card]:
    """The physical cards to print: the deck (or the chosen cards) as often as asked (``copies``, default
    the deck's: :func:`deck_copies`)."""
    cards = [c for c in deck.physical_cards() if not options.cards or c.id in options.cards]
    return cards * (deck_copies(deck, options) if copies is None else copies)



def instruction_pages(options: BuildOptions, folded: bool) -> int:
    """The pages the printing-instructions page takes at the head of a sheets PDF: none without
    ``--instructions``; two when printed duplex (it and a blank back, so every card back stays behind its
    fronts); one otherwise."""
    if not options.instructions:
        return 0
    return 2 if options.duplex != "none" and not folded else 1


def sheet_cards(deck: Deck, cards: list[Card], per_sheet: int, options: BuildOptions) -> list[Card]:
    """The cards on the sheets: a deck of a single card (a reference or score card) fills its sheet
    with copies, once per --copies; every other deck as picked."""
    if len(deck.physical_cards()) == 1 and cards:
        return [cards[0]] * (per_sheet * deck_copies(deck, options))
    return cards


def deck_stem(deck: Deck, lang: str) -> str:
    """The start of a deck's file names: ``LABEL-LANG``, or ``LABEL`` for a deck without words."""
    return f"{deck.label}-{lang}" if deck.localized else deck.label


def deck_paths(game: Game, deck: Deck, lang: str, options: BuildOptions) -> tuple[Path, Path]:
    """(sheets PDF, single-card PDF) of a deck in a language.  The sheets of several copies say so
    (``DECK-LANG-x6-PAPER.pdf``); the single-card file holds one deck whatever the copies (a shop's order
    says how many)."""
    folder = Path(options.out) / game.id
    stem = deck_stem(deck, lang)
    extra = ("-reprint" if options.cards else "") + ({"low": "-low-ink", "grey": "-grey"}.get(options.ink, ""))
    copies = deck_copies(deck, options)
    times = f"-x{copies}" if copies > 1 else ""
    return folder / f"{stem}{extra}{times}-{options.paper}.pdf", folder / f"{stem}{extra}-cards.pdf"


def build_languages(project: Project, options: BuildOptions) -> list[str]:
    """The languages of documents and booklets: the project's, or those asked for."""
    return [l for l in project.languages if not options.languages or l in options.languages]


def with_documents(options: BuildOptions) -> bool:
    """Whether a build with ``options`` makes documents and booklets (not for a reprint, a variant, low ink or a
    deck list)."""
    return (options.documents and not options.cards and options.variant is None and options.ink == "full"
            and options.deck_file is None)


def build_decks(project: Project, game_ids: list[str], options: BuildOptions) -> list[tuple[Game, Deck, str]]:
    """(game, deck, language) of every deck a build renders, in build order."""
    if not options.deck_files:
        return []
    listed = listed_deck(project, game_ids, options) if options.deck_file is not None else None
    found = []
    for gid in game_ids:
        game = project.games[gid]
        for deck in [listed] if listed is not None else selected_decks(game, options.variant, options.decks):
            found += [(game, deck, lang) for lang in deck_languages(project, deck, options.languages)]
    return found
