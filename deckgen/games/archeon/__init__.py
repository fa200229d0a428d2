"""Sabacc Archeon (seed 002): the archive, match decks, the seven-step ladder, planets, tokens, chips.

Modules: ``data`` (the engine files and the archive, validated with
located problems), ``engine`` (the reveal: Impostors, Sylops, value changes,
the ladder and its ties), ``money`` (ante, penalties, the bank, spike,
stakes), ``judge`` (the showdown document of ``deckgen judge archeon``),
``deck`` (match and support decks; ``deckgen deck archeon``), ``reference``
(the reference sheet's judged data), ``odds``
(exact hand-step frequencies of a match deck), ``rulebook`` (the
booklet's card pictures and tables), ``sim`` (whole matches for
``deckgen simulate archeon``) and ``checks``.  This module declares the
game to deckgen.
"""

from __future__ import annotations

from deckgen.games.archeon.checks import CHECKS
from deckgen.games.archeon.data import ARCHIVE_DECK, load_data
from deckgen.games.archeon.deck import DECK_COMMAND, deck_list
from deckgen.games.archeon.judge import judge
from deckgen.games.archeon.odds import RULEBOOK_TABLES
from deckgen.games.archeon import rulebook
from deckgen.games.archeon.reference import DOCUMENTS
from deckgen.games.archeon.sim import SIMULATE_OPTIONS, STRATEGY_NAMES, simulate, summarize
from deckgen.games import schemas
from deckgen.registry import GameDescriptor, register_game

SHOWDOWN_EXAMPLE = """\
players:
  - {name: A, hand: [0-0-0, bakko], chips: 12}
  - {name: B, hand: [{family: blood, value: 2}, {family: sand, impostor: true, dice: [2, 5], choose: 2}], chips: 12}
  - {name: C, hand: [a-oic, 99-99], chips: 3}
# planet: kamino           # optional: the round's planet
# round: 1                 # optional: sets the ante
# multiplier: 2            # optional: after a spike
# tokens: [major-fraud, {name: prime-sabacc, by: B, value: 4}]
"""


def composition(game) -> dict[str, int]:
    """The archive, card id -> copies (one each): what match decks are drawn from."""
    deck = game.decks.get(ARCHIVE_DECK) if game is not None else None
    return {card.id: card.count for card in deck.cards} if deck else {}


GAME = register_game(GameDescriptor(
    engine="archeon",
    title="Sabacc Archeon (archive, match decks, seven-step ladder)",
    judge=judge,
    players=(2, 6),  # rules.yaml table; the check "archeon table size" keeps them equal
    showdown_example=SHOWDOWN_EXAMPLE,
    load_data=load_data,
    composition=composition,
    checks=CHECKS,
    documents=DOCUMENTS,
    simulate=simulate,
    simulate_options=SIMULATE_OPTIONS,
    strategies=STRATEGY_NAMES,
    length_unit="rounds",
    summarize=summarize,
    card_face=rulebook.card_face,
    rulebook_tables={**RULEBOOK_TABLES, **rulebook.TABLES},
    commands=(DECK_COMMAND,),
    deck_file=deck_list,
    module=__name__,
    showdown_schema=schemas.ARCHEON,
))
