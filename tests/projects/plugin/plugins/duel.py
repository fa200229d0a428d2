"""The duel: each player shows one card, the higher value wins; a tie shares the pot.

A whole game in one module, registered the way deckgen's own games are.
"""

from collections import Counter

from deckgen import Check, DocumentKind, GameDescriptor, Problem, ShowdownError, register_game


def judge(showdown, data, options):
    values = data["values"]
    players = showdown.get("players") if isinstance(showdown, dict) else None
    if not isinstance(players, list):
        raise ShowdownError(("players",), "a list of players, each with name and card")
    shown = []
    for i, player in enumerate(players):
        card = player.get("card") if isinstance(player, dict) else None
        if card not in values:
            raise ShowdownError(("players", i, "card"), f"{card!r} is not a card ({', '.join(values)})")
        shown.append((player["name"], values[card]))
    best = max(v for _, v in shown)
    return {"winners": [n for n, v in shown if v == best]}


def load_data(game):
    if game is None:
        return {"values": {"high": 2, "low": 1}}
    return {"values": {c.id: c.value for d in game.decks.values() for c in d.cards}}


def composition(game):
    return dict(Counter({c.id: c.count for d in game.decks.values() for c in d.cards}))


def one_of_each(ctx):
    counts = composition(ctx.game)
    if sorted(counts) != ["high", "low"]:
        return [Problem(ctx.game.source.file, None, None, "decks", "a duel deck is one high and one low card")]
    return []


def scores_context(ctx):
    values = ctx.data["values"]
    return {"rows": [{"name": ctx.game.decks["duel"].cards[i].texts[ctx.lang]["name"], "value": v}
                     for i, v in enumerate(values.values())]}


def simulate(request):
    import random

    rng = random.Random(request.seed)
    records = []
    for _ in range(request.games):
        chips = {f"P{i + 1}": 5 for i in range(request.players)}
        showdown = {"players": [{"name": n, "card": rng.choice(list(request.data["values"]))} for n in chips]}
        winners = judge(showdown, request.data, {})["winners"]
        pot = sum(1 for _ in chips)
        for n in chips:
            chips[n] -= 1
        for k, n in enumerate(winners):
            chips[n] += pot // len(winners) + (1 if k < pot % len(winners) else 0)
        records.append({"winners": winners, "money_change": sum(chips.values()) - 5 * len(chips)})
    return records


def card_face(game, token):
    """The printed card of a token: the card ids are the tokens."""
    return ("duel", token) if token in ("high", "low") else None


register_game(GameDescriptor(
    engine="duel",
    title="Duel (a plugin's game)",
    judge=judge,
    players=(2, 4),
    showdown_example="players:\n  - {name: A, card: high}\n  - {name: B, card: low}\n",
    load_data=load_data,
    composition=composition,
    checks=(Check("one of each", one_of_each),),
    documents={"duel-scores": DocumentKind(template="scores.svg.j2", context=scores_context, page=(100.0, 70.0),
                                           prints=("sheet",), stem="scores", safe=6.0)},
    simulate=simulate,
    card_face=card_face,
))
