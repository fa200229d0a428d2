"""Twenty: each player shows number cards; the highest total of twenty or less wins, over twenty is bust.

The complete plugin example of docs/plugins.md: every part a game's rules
can bring, registered at the bottom with one GameDescriptor.
"""

import random
from collections import Counter

from deckgen import Check, GameDescriptor, Problem, ShowdownError, SimulationRequest, register_game

LIMIT = 20


def judge(showdown, data, options):
    """Who wins, and each hand's total and category (the judgement docs/plugins.md describes)."""
    values, limit = data["values"], options.get("limit", LIMIT)
    players = showdown.get("players") if isinstance(showdown, dict) else None
    if not isinstance(players, list):
        raise ShowdownError(("players",), "a list of players, each with a name and a hand")
    left = Counter(data["copies"])
    hands = []
    for i, player in enumerate(players):
        for k, card in enumerate(player.get("hand") or []):
            if card not in values:
                raise ShowdownError(("players", i, "hand", k), f"{card!r} is not a card (n1 ... n10)")
            if left[card] == 0:
                raise ShowdownError(("players", i, "hand", k), f"the deck has only {data['copies'][card]} {card}")
            left[card] -= 1
        total = sum(values[c] for c in player.get("hand") or [])
        category = "bust" if total > limit else "twenty" if total == limit else "under"
        hands.append({"name": player["name"], "total": None if category == "bust" else total,
                      "category": category, "cards": len(player.get("hand") or [])})
    scores = [h["total"] for h in hands if h["total"] is not None]
    best = max(scores, default=None)
    for hand in hands:
        hand["rank"] = 1 + sum(1 for s in scores if hand["total"] is None or s > hand["total"])
    winners = [h["name"] for h in hands if best is not None and h["total"] == best]
    pot = len(hands)  # everyone antes one chip
    payouts = {h["name"]: 0 for h in hands}
    for k, name in enumerate(winners):
        payouts[name] += pot // len(winners) + (1 if k < pot % len(winners) else 0)
    return {"winners": winners, "hands": hands, "payouts": payouts if winners else {}, "pot": pot}


def load_data(game):
    """The cards' values and copies from the deck data (None: outside a project, the ten cards)."""
    if game is None:
        cards = [(f"n{v}", v, 1) for v in range(1, 11)]
    else:
        cards = [(c.id, c.value, c.count) for d in game.decks.values() for c in d.cards]
    return {"values": {i: v for i, v, _ in cards}, "copies": {i: n for i, _, n in cards},
            "facts": {"limit": LIMIT}}


def composition(game):
    """{card: copies} the engine plays with, read from the deck data."""
    return dict(Counter({c.id: c.count for d in game.decks.values() for c in d.cards}))


def ten_values(ctx):
    """A game-specific check: one card of each value 1 to 10."""
    values = sorted(c.fields.get("value") for d in ctx.game.decks.values() for c in d.cards)
    if values != list(range(1, 11)):
        return [Problem.at("the deck is one card of each value from 1 to 10", file=ctx.game.source.file,
                           field="decks")]
    return []


def simulate(request: SimulationRequest):
    """Deal two cards to each seat, then draw while under 15 ("cautious") or 17 ("bold")."""
    stop = 17 if request.strategy == "bold" else 15
    records = []
    for number in range(request.games):
        rng = random.Random(request.seed + number)
        deck = [c for c, n in request.data["copies"].items() for _ in range(n)]
        rng.shuffle(deck)
        seats = [f"P{i + 1}" for i in range(request.players)]
        hands = {s: [deck.pop(), deck.pop()] for s in seats}
        for seat in seats:
            while deck and sum(request.data["values"][c] for c in hands[seat]) < stop:
                hands[seat].append(deck.pop())
        result = judge({"players": [{"name": s, "hand": h} for s, h in hands.items()]}, request.data,
                       request.options)
        best = next((h["category"] for h in result["hands"] if h["name"] in result["winners"]), None)
        records.append({"winners": result["winners"], "category": best, "length": 1,
                        "money_change": sum(result["payouts"].values()) - (result["pot"] if result["winners"] else 0),
                        "deck_ran_out": not deck})
    return records


def summarize(records, request):
    """The game's own table for deckgen simulate: how often nobody wins."""
    busts = sum(1 for r in records if not r["winners"])
    return {"Everybody bust": [{"games": len(records), "share": busts / max(len(records), 1)}]}


def card_face(game, token):
    """The printed card of a token (deck id, card id): the tokens are the card ids."""
    return ("main", token) if token in {c.id for c in game.decks["main"].cards} else None


def values_table(builder):
    """The rulebook's ``table values``: each card's picture and value."""
    rows = [[{"card": c.id, "width": 8.0}, str(c.fields["value"])] for c in builder.ctx.game.decks["main"].cards]
    return {"columns": ["Card", "Value"], "widths": [0.3, 0.7], "rows": rows}


register_game(GameDescriptor(
    engine="twenty",
    title="Twenty (the plugin example)",
    judge=judge,
    players=(2, 4),
    judge_options={"limit": {"type": "integer", "minimum": 1, "description": "the highest total that is not bust"}},
    showdown_example="players:\n  - {name: A, hand: [n10, n9]}\n  - {name: B, hand: [n8, n7, n6]}\n",
    load_data=load_data,
    composition=composition,
    checks=(Check("ten values", ten_values),),
    simulate=simulate,
    simulate_options={"limit": {"type": "integer", "minimum": 1, "description": "as deckgen judge --limit"}},
    strategies=("cautious", "bold"),
    length_unit="rounds",
    summarize=summarize,
    card_face=card_face,
    rulebook_tables={"values": values_table},
))
