"""The faces at print shops' trims: text holds the floor and the safe zone where a shop cuts smaller.

A preset may cut a deck at another size than its design's (MeinSpiel's
59×91 mm with a 4 mm safe zone for a 63×88 mm design): the faces are then
re-rendered there (:mod:`deckgen.layout.retarget` moves the boxes) and text
gets less room.  ``deckgen check`` renders each deck once at every such
trim that is narrower or shorter than the design (a larger trim only gives
text more room, and keeps the design's distances from the edges) and
reports what the export would meet there: text under the floor of ``min_text_pt`` (:mod:`deckgen.text.floor`)
and every problem that would stop the export, each tagged with the presets
and the trim.
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
            continue  # as large or larger: every box keeps at least its room, every edge its distance
        found.setdefault((s.width, s.height, s.bleed, s.safe), []).append(name)
    return found


def shop_trim_problems(project: Project, game_id: str, languages: tuple[str, ...] = ()) -> list[Problem]:
    """What every deck of the game meets at the tighter trims of the presets, in ``languages`` (all: empty)."""
    from deckgen.outputs.selection import deck_languages, selected_decks
    from deckgen.render.decks import Fingerprints, default_store, render_deck

    game = project.games[game_id]
    store, prints = default_store(project), Fingerprints(project)
    problems: list[Problem] = []
    for deck in selected_decks(game, None):
        for (width, height, bleed, safe), presets in tighter_trims(project, deck).items():
            size = CardSize(width=width, height=height, bleed=bleed, safe=safe, name=deck.size.name,
                            shape=deck.size.shape)
            tag = (f" [re-rendered for preset {', '.join(presets)}: {width:g}×{height:g} mm trim, "
                   f"{safe:g} mm safe zone]")
            shop_deck = deck_at_trim(deck, size)
            for lang in deck_languages(project, deck, languages):
                target = render_deck(project, game, shop_deck, lang, store, prints)
                problems += [replace(p, message=p.message + tag) for p in target.problems
                             if not p.warning or FLOOR_WORDS in p.message]
    return problems


def check_shop_trims(ctx: CheckContext) -> list[Problem]:
    """Text holds the floor and the safe zone at every print shop's tighter trim."""
    try:
        return shop_trim_problems(ctx.project, ctx.game.id, tuple(ctx.langs))
    except DeckgenError as exc:
        return exc.problems


SHOP_TRIMS = Check("text at print shops' trims", check_shop_trims)
