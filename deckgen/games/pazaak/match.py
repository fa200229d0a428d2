"""Judge a whole Pazaak match record: every set, the hands, the set score and the match winner.

Pure code only (no file I/O, no printing).  A match record is what
``deckgen judge pazaak FILE`` reads when the file has ``sets``
(docs/pazaak-match.md)::

    players:
      - {name: Revan, side_deck: veteran, hand: ["+2", "±4", "±1T", D]}
      - {name: Bastila, hand: ["-3", "±2", "1±2", "2&4"]}
    sets:
      - players:
          - {name: Revan, table: ["8", "±4:+4", "7"]}
          - {name: Bastila, table: ["10", "6", "-3"]}
      - ...

* ``hand`` (required): the four cards drawn from the side deck for the
  whole match, as side-card ids (``±4``, not ``±4:+4``);
* ``side_deck`` (optional): the ten-card side deck, as a list or as the id
  of one of the game's named side decks; the hand must come out of it;
* ``sets``: the sets in the order played, each in the single-set format
  (:func:`deckgen.games.pazaak.engine.judge`) with the match's two names.

Rules checked here, on top of judging every set: each hand card is played
at most once in the whole match, and only cards of that player's hand;
tied (void) sets do not count; the first player to win three sets wins
the match and no set follows that one.  The first player of ``players``
opens set 1 and the players then take turns opening, void sets included.
A record that stops before anyone has three sets is a match in progress:
no winner yet (``finished`` is false).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from deckgen.errors import ShowdownError
from deckgen.games.pazaak import engine
from deckgen.games.pazaak.engine import CATALOGUE_IDS, HAND_SIZE, SETS_TO_WIN, SIDE_DECK_SIZE, card_text

MATCH_KEYS = ("players", "sets")
PLAYER_KEYS = ("name", "hand", "side_deck")
_SIDE_IDS = ", ".join(CATALOGUE_IDS)


def is_match_record(showdown: Any) -> bool:
    """True if ``showdown`` is (meant as) a whole match: it has ``sets``, or players with a ``hand``."""
    if not isinstance(showdown, Mapping):
        return False
    if "sets" in showdown:
        return True
    players = showdown.get("players")
    return isinstance(players, list) and any(isinstance(p, Mapping) and "hand" in p for p in players)


def side_card_id(token: Any, path: tuple, what: str) -> str:
    """A side card of a hand or side deck, spelt the catalogue way; ShowdownError saying how to write it."""
    text = card_text(token)
    if text is None:
        raise ShowdownError(path, f"{token!r} is not a side card: write {what} as a side card id "
                                  f"({_SIDE_IDS}).")
    text = text.strip()
    head, colon, _ = text.partition(":")
    card_id = engine.normalise_id(head)
    if card_id in CATALOGUE_IDS and colon:
        raise ShowdownError(path, f"{text!r}: a {what} holds the card, not a chosen value: write just "
                                  f"{card_id!r} (the value is written on the table, e.g. "
                                  f"{engine.play_tokens(card_id)[0]!r}).")
    if card_id in CATALOGUE_IDS:
        return card_id
    if text.isdigit():
        raise ShowdownError(path, f"{text!r} is a main-deck number; a {what} holds side cards only: "
                                  f"write them with their sign, e.g. +{text} or -{text} ({_SIDE_IDS}).")
    raise ShowdownError(path, f"{text!r} is not a side card: write {what} cards as {_SIDE_IDS}.")


def _side_deck(player: Mapping, path: tuple, named: Mapping[str, list[str]]) -> list[str] | None:
    if "side_deck" not in player:
        return None
    deck = player["side_deck"]
    if isinstance(deck, str):
        if deck not in named:
            known = ", ".join(named) or "none: judge with a game to use its named decks"
            raise ShowdownError(path, f"no named side deck {deck!r} (known: {known}); or write the "
                                      f"{SIDE_DECK_SIZE} cards as a list.")
        return [engine.normalise_id(c) for c in named[deck]]
    if not isinstance(deck, list):
        raise ShowdownError(path, f"a side deck is a list of {SIDE_DECK_SIZE} side cards or the id of a named "
                                  f"side deck (e.g. starter).")
    cards = [side_card_id(c, path + (k,), "side deck") for k, c in enumerate(deck)]
    if len(cards) != SIDE_DECK_SIZE:
        raise ShowdownError(path, f"a side deck has exactly {SIDE_DECK_SIZE} cards, this one has {len(cards)}.")
    return cards


def _players(record: Mapping, named: Mapping[str, list[str]]) -> list[dict]:
    players = record.get("players")
    if not isinstance(players, list) or len(players) != 2:
        got = f"this record has {len(players)}" if isinstance(players, list) else "'players' is not a list"
        raise ShowdownError(("players",), f"a pazaak match is played by exactly two players; {got}.")
    out: list[dict] = []
    for i, player in enumerate(players):
        at = ("players", i)
        if not isinstance(player, Mapping):
            raise ShowdownError(at, "each player of a match is a mapping with 'name' and 'hand' "
                                    "(and optionally 'side_deck').")
        for key in player:
            if key == "table":
                raise ShowdownError(at + (key,), "in a match record the tables are written per set: "
                                                 "sets: [{players: [{name, table}, ...]}, ...].")
            if key not in PLAYER_KEYS:
                raise ShowdownError(at + (key,), f"unknown key {key!r}: a match player has "
                                                 f"{', '.join(PLAYER_KEYS)}.")
        name = player.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ShowdownError(at + ("name",), "each player needs a non-empty name.")
        if any(p["name"] == name for p in out):
            raise ShowdownError(at + ("name",), f"player name {name!r} is used twice; names must differ.")
        deck = _side_deck(player, at + ("side_deck",), named)
        hand = player.get("hand")
        if not isinstance(hand, list):
            raise ShowdownError(at + ("hand",) if "hand" in player else at,
                                f"player {name!r} needs a 'hand': the {HAND_SIZE} side cards drawn for the "
                                f"match, e.g. hand: [\"+2\", \"-3\", \"±4\", D].")
        cards = [side_card_id(c, at + ("hand", k), "hand") for k, c in enumerate(hand)]
        if len(cards) != HAND_SIZE:
            raise ShowdownError(at + ("hand",), f"a hand holds exactly {HAND_SIZE} side cards, drawn from the side "
                                                f"deck at the start of the match; this one has {len(cards)}.")
        if deck is not None:
            left = Counter(deck)
            for k, card in enumerate(cards):
                if left[card] <= 0:
                    why = (f"{name}'s side deck holds only {deck.count(card)} of it" if card in deck
                           else f"it is not in {name}'s side deck")
                    raise ShowdownError(at + ("hand", k), f"hand card {card!r}: {why} ({' '.join(deck)}); the "
                                                          f"hand is drawn from the side deck.")
                left[card] -= 1
        out.append({"name": name, "hand": cards, "side_deck": deck})
    return out


def _set_tables(entry: Any, s: int, names: list[str]) -> dict:
    at = ("sets", s)
    if not isinstance(entry, Mapping) or not isinstance(entry.get("players"), list):
        raise ShowdownError(at, "each set is written like a single set: {players: [{name: ..., table: [...]}, "
                                "{name: ..., table: [...]}]}.")
    for key in entry:
        if key != "players":
            raise ShowdownError(at + (key,), f"unknown key {key!r}: a set of a match has only 'players'.")
    for j, player in enumerate(entry["players"]):
        name = player.get("name") if isinstance(player, Mapping) else None
        if isinstance(name, str) and name not in names:
            raise ShowdownError(at + ("players", j, "name"), f"{name!r} is not a player of this match: write "
                                                             f"{' or '.join(repr(n) for n in names)}.")
    return dict(entry)


def judge_match(record: Any, main_deck: dict[int, int] | None = None,
                side_decks: Mapping[str, list[str]] | None = None) -> dict:
    """Judge a whole match record (see the module docstring); ShowdownError located in the record.

    Returns ``{"winners", "finished", "score", "decided_by", "sets",
    "players"}``: ``winners`` is the match winner (empty while nobody has
    three sets), ``score`` the sets won by each player, ``decided_by`` how
    the deciding set was won (``bust``, ``nine-card``, ``higher total``,
    ``tiebreaker``; None while unfinished), ``sets`` the judged sets in
    order (each with ``set``, ``opener``, ``winners``, ``void``,
    ``reason``, ``score`` after it and the players' tables), ``players``
    each player's hand with the cards played (card and set) and those left.
    ``main_deck`` limits the main-deck cards of each set (reshuffled every
    set); ``side_decks`` are the named side decks a player may name.
    """
    if not isinstance(record, Mapping):
        raise ShowdownError((), "a match record is a mapping with 'players' and 'sets'.")
    for key in record:
        if key not in MATCH_KEYS:
            raise ShowdownError((key,), f"unknown key {key!r}: a match record has 'players' (name, hand, "
                                        f"side_deck) and 'sets'.")
    players = _players(record, side_decks or {})
    names = [p["name"] for p in players]
    sets = record.get("sets")
    if not isinstance(sets, list) or not sets:
        raise ShowdownError(("sets",) if "sets" in record else (), "a match record needs 'sets': a list of the "
                                                                   "sets played, in order, each {players: "
                                                                   "[{name, table}, {name, table}]}.")
    score = {n: 0 for n in names}
    hands = {p["name"]: p["hand"] for p in players}
    left = {name: Counter(hand) for name, hand in hands.items()}
    played: dict[str, list[dict]] = {n: [] for n in names}
    first_use: dict[tuple[str, str], list[int]] = {}
    judged_sets: list[dict] = []
    winner: str | None = None
    decided_by: str | None = None
    for s, entry in enumerate(sets):
        if winner is not None:
            raise ShowdownError(("sets", s), f"the match was over after set {s}: {winner} had won "
                                             f"{SETS_TO_WIN} sets; no set is played after that.")
        shown = _set_tables(entry, s, names)
        try:
            result = engine.judge(shown, main_deck=main_deck)
        except ShowdownError as exc:
            raise ShowdownError(("sets", s) + exc.path, exc.message) from None
        for j, player in enumerate(shown["players"]):
            name = player["name"]
            for k, card in enumerate(engine.parse_table(player["table"])):
                if card.is_main:
                    continue
                at = ("sets", s, "players", j, "table", k)
                if card.card not in hands[name]:
                    hand = " ".join(hands[name])
                    raise ShowdownError(at, f"{card.token!r} is not in {name}'s hand ({hand}): a player plays "
                                            f"only the {HAND_SIZE} hand cards drawn for the match.")
                if left[name][card.card] <= 0:
                    sets_used = ", ".join(str(n) for n in first_use[(name, card.card)])
                    raise ShowdownError(at, f"{name}'s hand card {card.card!r} was already played (set "
                                            f"{sets_used}): each hand card is played once per match.")
                left[name][card.card] -= 1
                first_use.setdefault((name, card.card), []).append(s + 1)
                played[name].append({"card": card.card, "token": card.token, "set": s + 1})
        for name in result["winners"]:
            score[name] += 1
            if score[name] >= SETS_TO_WIN:
                winner, decided_by = name, result["reason"]
        judged_sets.append({"set": s + 1, "opener": names[s % 2], "winners": result["winners"],
                            "void": result["void"], "reason": result["reason"], "score": dict(score),
                            "players": result["players"]})
    return {
        "winners": [winner] if winner else [],
        "finished": winner is not None,
        "score": score,
        "decided_by": decided_by,
        "sets": judged_sets,
        "players": [{"name": p["name"], "hand": p["hand"], "played": played[p["name"]],
                     "unused": sorted(left[p["name"]].elements(), key=p["hand"].index)} for p in players],
    }
