"""The faces at print shops' trims: text holds the floor and the safe zone where a shop cuts smaller.

A preset may cut a deck at another size than its design's (MeinSpiel's
59×91 mm with a 4 mm safe zone for a 63×88 mm design): the faces are then
re-rendered there (:mod:`deckgen.layout.retarget` moves the boxes) and text
gets less room.  ``deckgen check`` renders each deck once at every such
trim that is narrower or shorter than the design (a larger trim only gives
text more room, and keeps the design's distances from the edges) and
reports what the export would meet there and the design size does not:
text under the floor of ``min_text_pt`` (:mod:`deckgen.text.floor`), text
that no longer fits or leaves the shop's safe zone, each tagged with the
presets and the trim.
"""

from __future__ import annotations

from dataclasses import replace

from deckgen.errors import DeckgenError, Problem
from deckgen.model import CardSize, Deck, Project
from deckgen.registry import Check, CheckContext
from deckgen.text.floor import FLOOR_WORDS


def deck_at_trim(deck: Deck, size: CardSize) -> Deck:
    """``deck`` as a shop prints it at ``size``: its boxes moved there from its design size (box())."""
    style = {**dict(deck.style or {}), "design_size": [deck.size.width, deck.size.height],
             "design_bleed": deck.size.bleed}
    return replace(deck, size=size, style=style)


def tighter_trims(project: Project, deck: Deck) -> dict[tuple[float, float, float, float], list[str]]:
    """(width, height, bleed, safe) of every preset's trim for ``deck`` narrower or shorter than the
    design -> the presets cutting there.  A preset that does not print the deck's size is left out."""
    from deckgen.presets import load_preset, preset_files

    found: dict[tuple[float, float, float, float], list[str]] = {}
    design = deck.size
    for name in preset_files(project.root):
        try:
            shop = load_preset(name, project.root).shop_size(deck)
        except DeckgenError:
            continue  # an invalid preset is the export's to report; a size it does not print is skipped
        s = shop.size
        if not shop.changed or (s.width >= design.width and s.height >= design.height):
            continue  # as large or larger: every box keeps at least its room (a wider safe zone there is
            # met by the export, which re-renders the deck and names what leaves it)
        found.setdefault((s.width, s.height, s.bleed, s.safe), []).append(name)
    return found


#: What less room brings: the kinds of problem looked for at a shop's trim (each reported once, when the
#: same text does not already have it at the design size).
ROOM_WORDS = ("does not fit", "outside the safe zone", FLOOR_WORDS)


def _room_kinds(problems: list[Problem]) -> dict[tuple, Problem]:
    """The problems that come from room, by (file, line, field, kind)."""
    found: dict[tuple, Problem] = {}
    for p in problems:
        for kind in ROOM_WORDS:
            if kind in p.message:
                found.setdefault((p.file, p.line, p.field, kind), p)
    return found


def shop_trim_problems(project: Project, game_id: str, languages: tuple[str, ...] = ()) -> list[Problem]:
    """What every deck of the game meets at the tighter trims of the presets, in ``languages`` (all: empty):
    text that no longer fits, leaves the shop's safe zone or goes under the floor there, and did not at
    the design size (that is the design's check to report)."""
    from deckgen.outputs.selection import deck_languages, selected_decks
    from deckgen.render.decks import Fingerprints, default_store, render_deck

    game = project.games[game_id]
    store, prints = default_store(project), Fingerprints(project)
    problems: list[Problem] = []
    for deck in selected_decks(game, None):
        trims = tighter_trims(project, deck)
        for lang in deck_languages(project, deck, languages) if trims else []:
            at_design = _room_kinds(render_deck(project, game, deck, lang, store, prints).problems)
            for (width, height, bleed, safe), presets in trims.items():
                size = CardSize(width=width, height=height, bleed=bleed, safe=safe, name=deck.size.name,
                                shape=deck.size.shape)
                tag = (f" [re-rendered for preset {', '.join(presets)}: {width:g}×{height:g} mm trim, "
                       f"{safe:g} mm safe zone]")
                target = render_deck(project, game, deck_at_trim(deck, size), lang, store, prints)
                problems += [replace(p, message=p.message + tag) for key, p in _room_kinds(target.problems).items()
                             if key not in at_design and (not p.warning or FLOOR_WORDS in p.message)]
    return problems


def check_shop_trims(ctx: CheckContext) -> list[Problem]:
    """Text holds the floor and the safe zone at every print shop's tighter trim."""
    try:
        return shop_trim_problems(ctx.project, ctx.game.id, tuple(ctx.langs))
    except DeckgenError:
        return []  # a face that does not render is the design's check to report ("text fit and glyphs")


SHOP_TRIMS = Check("text at print shops' trims", check_shop_trims)
