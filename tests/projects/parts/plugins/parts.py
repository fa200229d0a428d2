"""Parts for the dice game: a template verb, a card source for .cards files, and a check."""

from markupsafe import Markup

from deckgen import Check, DeckgenError, Problem, register_card_source, register_check, register_verb

#: Where the pips of each face sit, as fractions of the die's size from its centre.
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


@register_verb
def dice(face, n, x, y, size, fill="#1d1d1b"):
    """A die face of ``n`` pips centred on (x, y), ``size`` mm wide."""
    half, r = size / 2, size / 10
    spots = PIPS.get(int(n))
    if spots is None:
        face.report(f"a die has 1 to 6 pips, not {n}")
        spots = []
    body = [f'<rect x="{x - half:g}" y="{y - half:g}" width="{size:g}" height="{size:g}" rx="{r * 1.5:g}" '
            f'fill="#ffffff" stroke="{fill}" stroke-width="0.6"/>']
    body += [f'<circle cx="{x + dx * size * 0.28:g}" cy="{y + dy * size * 0.28:g}" r="{r:g}" fill="{fill}"/>'
             for dx, dy in spots]
    return Markup("".join(body))


def read_cards(card_file):
    """One card a line: ``ID key=value ...``; numbers are numbers; ``#`` starts a comment line."""
    entries = []
    for number, line in enumerate(card_file.read_text().splitlines(), 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        entry = {"id": words[0]}
        for word in words[1:]:
            key, sep, value = word.partition("=")
            if not sep:
                raise DeckgenError(card_file.problem(f"{word!r} is no key=value", number))
            entry[key] = int(value) if value.lstrip("-").isdigit() else value
        entries.append((number, entry))
    return entries


register_card_source(".cards", read_cards)


def pips_on_a_die(ctx):
    """Every card's pips are those of a die: 1 to 6."""
    for deck in ctx.game.decks.values():
        for card in deck.cards:
            pips = card.fields.get("pips", 1)
            if not 1 <= pips <= 6:
                where = card.source
                yield Problem(where.file if where else f"data/{ctx.game.id}", where.line if where else None,
                              None, f"{card.id}.pips", f"a die has 1 to 6 pips, not {pips}")


register_check(Check("pips", pips_on_a_die))
