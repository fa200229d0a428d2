"""What the Archeon rulebook prints from the data: card pictures of engine tokens and five tables.

``card_face`` tells the booklet which printed card shows an engine token:
an archive id is that card, ``planet:ID`` a planet card, ``token:ID`` a
shift token.  A card written inline in a showdown (``{family: blood,
value: 4, sign: key}``, as the rule decisions write them) is shown by a
stand-in, a real archive card of that family and value:

- with the sign and era the showdown gives, where the archive has them;
- where the archive lacks the sign at that value, with the era; without an
  era, with a sign both families have at that value (so two inline cards of
  one sign still make a Mirror in the picture);
- an unnamed sign or era is taken from one half of the list for Blood and
  the other for Sand, and rarely shared with the other family (so a plain
  pair does not look like a Mirror); a card the decisions name themselves
  is taken last.

tests/test_archeon_rulebook.py judges every decision example again with the
cards its pictures show.

The tables (``table NAME`` in data/archeon/rules/LANG.md), in the booklet's
language, words from lang/LANG.yaml and the booklet header's labels:

- ``anatomy``: the card seed 002 labels (:data:`ANATOMY_CARD`), drawn large,
  beside the numbered names of its parts;
- ``ladder``: the seven steps, strongest first, what makes each, and its
  exact share of the hands (odds.py's enumeration, averaged over the match
  decks of :data:`ODDS_SEEDS`) in an ordinary round and on the planet that
  allows the Idiot's Array;
- ``abilities``: the sixteen signs, their entourage ability and its three tiers;
- ``tokens``: the shift tokens with their effect and origin (Kessel or Archeon);
- ``planets``: the planets and the rule of their round.
"""

from __future__ import annotations

import ast
from fractions import Fraction
from typing import Any, Mapping

from deckgen.games.archeon.data import of
from deckgen.games.archeon.odds import step_frequencies

ARCHIVE = "archive"
PLANETS = "planets"
TOKENS = "tokens"
#: The archive card the booklet draws large and labels (the one seed 002 labels).
ANATOMY_CARD = "8d-8d"
#: The match decks (``deckgen deck archeon --seed N``) whose exact step shares the ladder averages.
ODDS_SEEDS = range(1, 41)
#: Header labels the tables need (checked by the booklet like every label).
TABLE_LABELS = ("parts", "name", "hand", "odds", "odds-on", "effect", "origin-kessel", "origin-archeon", "rule")


# ------------------------------------------------------------------ card pictures


def _fields(game) -> list[tuple[str, Mapping[str, Any]]]:
    deck = game.decks.get(ARCHIVE)
    return [(card.id, card.fields) for card in deck.cards] if deck else []


def _inline(token: str) -> Mapping[str, Any] | None:
    """A showdown card written inline, as the booklet passes it (the mapping's text), or None."""
    text = token.strip()
    if not text.startswith("{"):
        return None
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, Mapping) else None


def _value_of(card: Mapping[str, Any]) -> Any:
    if card.get("impostor"):
        return "impostor"
    if card.get("sylop"):
        return "sylop"
    return card.get("value")


def _shared_sign(cards, value: Any, wanted: Any) -> str | None:
    """The sign that stands for ``wanted`` at ``value``: ``wanted`` if both families have it, else the
    first sign (archive order) that both families have at that value."""
    by_family: dict[str, list[str]] = {}
    for _, f in cards:
        if f.get("value") == value:
            by_family.setdefault(f.get("family"), []).append(f.get("sign"))
    families = list(by_family.values())
    if len(families) < 2:
        return None
    common = [s for s in families[0] if all(s in other for other in families[1:])]
    return wanted if wanted in common else (common[0] if common else None)


def _named_ids(game) -> set[str]:
    """Archive ids the rule decisions' examples name themselves: a stand-in avoids them, so that one
    picture does not show the same card twice."""
    named: set[str] = set()
    for decision in game.decisions.decisions if game.decisions is not None else ():
        for example in decision.examples:
            for player in example.showdown.get("players") or []:
                for card in player.get("hand") or [] if isinstance(player, Mapping) else []:
                    found = card.get("card") if isinstance(card, Mapping) else card
                    if isinstance(found, str):
                        named.add(found)
    return named


def stand_in(game, card: Mapping[str, Any]) -> str | None:
    """The archive card that pictures an inline showdown card (see the module's docstring)."""
    cards = _fields(game)
    family, value = card.get("family"), _value_of(card)
    same = [(i, f) for i, f in cards if f.get("family") == family and f.get("value") == value]
    if not same:
        return None
    sign, era = card.get("sign"), card.get("era")
    kept = not sign or any(f.get("sign") == sign for _, f in same)
    if not kept:
        sign = _shared_sign(cards, value, sign)

    def fitting(s: str | None, e: str | None) -> list:
        return [(i, f) for i, f in same if (not s or f.get("sign") == s) and (not e or f.get("era") == e)]

    # a printed sign and era are kept together where the archive has them; a sign it lacks gives way to
    # the era, then to a stand-in sign; a printed sign goes before the era
    pool = (fitting(None, era) if not kept and era else fitting(sign, era)) or fitting(sign, None) or same
    # values change at the reveal (Tuning, Protocol ...), so every card of the other family is a rival; those
    # of the same value and the Sylops count double
    rivals = [f for _, f in cards if f.get("family") != family]
    rivals += [f for f in rivals if f.get("value") in (value, "sylop")]

    def clashes(f: Mapping[str, Any]) -> int:
        return (0 if card.get("sign") else sum(r.get("sign") == f.get("sign") for r in rivals)) + \
               (0 if card.get("era") else sum(r.get("era") == f.get("era") for r in rivals))

    # unnamed signs and eras come from halves of their lists, one half per family, so that two stand-ins of
    # different families share neither
    families = sorted({f["family"] for _, f in cards})  # every archive card has one (data.archive_problems)
    half = families.index(family) % 2 if family in families else 0

    def foreign(f: Mapping[str, Any]) -> int:
        out = 0
        for key in ("sign", "era"):
            if not card.get(key):
                values = sorted({g[key] for _, g in cards})
                out += values.index(f.get(key)) % 2 != half
        return out

    named = _named_ids(game)
    return min(pool, key=lambda item: (item[0] in named, foreign(item[1]), clashes(item[1]), item[0]))[0]


def card_face(game, token: str) -> tuple[str, str] | None:
    """The printed card of an engine token: an archive id, ``planet:ID``, ``token:ID`` or an inline card."""
    text = str(token).strip()
    inline = _inline(text)
    if inline is not None:
        if "card" in inline:
            text = str(inline["card"])
        else:
            found = stand_in(game, inline)
            return (ARCHIVE, found) if found else None
    kind, _, rest = text.partition(":")
    deck_id, card_id = (PLANETS, rest) if kind == "planet" else (TOKENS, rest) if kind == "token" else (ARCHIVE, text)
    deck = game.decks.get(deck_id)
    if deck is None or not any(c.id == card_id for c in deck.cards):
        return None
    return deck_id, card_id


# ------------------------------------------------------------------ numbers


def _percent(share: Fraction, lang: str) -> str:
    from babel.numbers import format_decimal

    value = 100 * float(share)
    try:
        text = format_decimal(value, format="0.00", locale=lang)
    except Exception:  # noqa: BLE001 - an unknown locale keeps the plain number
        text = f"{value:.2f}"
    return text + "\u00a0%"


_SHARES: dict[tuple, dict[str, Fraction]] = {}


def ladder_shares(data, planet: str | None = None, seeds=ODDS_SEEDS) -> dict[str, Fraction]:
    """Step id -> exact share of the hands, the mean over the match decks of ``seeds`` (each deck's
    every Blood × Sand hand, every dice outcome; odds.py).  Computed once per process."""
    from deckgen.games.archeon.deck import match_deck

    key = (id(data), planet, tuple(seeds))
    if key not in _SHARES:
        total: dict[str, Fraction] = {step: Fraction(0) for step in data.rules.ladder}
        pairs: dict[tuple, dict[str, int]] = {}  # the decks share most of their pairs of cards
        for seed in seeds:
            for step, share in step_frequencies(data, match_deck(data, seed), planet, pairs).items():
                total[step] += share
        _SHARES[key] = {step: share / len(seeds) for step, share in total.items()}
    return _SHARES[key]


def array_planet(data) -> str | None:
    """The planet on which the Idiot's Array counts (planets.yaml ``idiots_array``)."""
    return next((p for p, rules in data.planets.items() if rules.get("idiots_array")), None)


# ------------------------------------------------------------------ tables


def _labels(builder) -> Mapping[str, Any]:
    return builder.ctx.source.meta.get("labels") or {}


def _label(builder, key: str, **values: Any) -> str:
    """A header label as card markup (placeholders filled by the booklet), checked like the others."""
    labels = _labels(builder)
    if key not in labels:
        builder.ctx.label(key)  # records the missing label at the header
        return key
    text = str(labels[key])
    for name, value in values.items():
        text = text.replace("{" + name + "}", str(value))
    return text


#: Where the archive card's template prints its seven parts, as fractions of the card's width and height
#: from the top left: each point is at the part's outer side, so the leader from the numbered disc in the
#: margin beside the card (left for a point in the left half, right otherwise) reaches the part without
#: crossing a word.
ANATOMY_MARKS = ((1, 0.06, 0.10), (2, 0.06, 0.23), (3, 0.94, 0.09), (4, 0.93, 0.57), (5, 0.06, 0.635),
                 (6, 0.94, 0.635), (7, 0.94, 0.76))


def anatomy_table(builder) -> dict[str, Any]:
    """One row: the card drawn large, and the names of its seven parts, numbered as the text explains them."""
    ctx = builder.ctx
    deck = ctx.game.decks.get(ARCHIVE)
    card = next((c for c in deck.cards if c.id == ANATOMY_CARD), None) if deck else None
    name = card.text(ctx.lang) if card is not None else ANATOMY_CARD
    parts = [ctx.t("label.value"), ctx.t("label.family"), f"{ctx.t('label.rarity')} · {ctx.t('label.side')}",
             _label(builder, "name"), ctx.t("label.sign"), ctx.t("label.era"), ctx.t("label.ability")]
    legend = "\\\\".join(f"**{n}**\u2002{part}" for n, part in enumerate(parts, start=1))
    return {"columns": [name, _label(builder, "parts")], "widths": [0.5, 0.5],
            "rows": [[{"card": ANATOMY_CARD, "width": 44.0, "marks": ANATOMY_MARKS},
                      {"text": legend, "style": "left"}]]}


def ladder_table(builder) -> dict[str, Any]:
    """The seven steps, strongest first: number and name, what makes it, its share of the hands."""
    ctx = builder.ctx
    data = of(ctx.data)
    planet = array_planet(data)
    plain = ladder_shares(data)
    on_planet = ladder_shares(data, planet) if planet else None
    columns = [ctx.t("label.step"), _label(builder, "hand"), _label(builder, "odds")]
    widths = [0.25, 0.51, 0.24]
    if on_planet is not None:
        columns.append(_label(builder, "odds-on", planet=ctx.t(f"planet.{planet}")))
        widths = [0.21, 0.41, 0.18, 0.20]
    rows = []
    for number, step in reversed(list(enumerate(data.rules.ladder, start=1))):
        row: list[Any] = [{"text": f"**{number}.\u00a0{ctx.t(f'step.{step}')}**"}, ctx.t(f"ref.step.{step}")]
        for shares in (plain, on_planet):
            if shares is not None:
                row.append("—" if shares[step] == 0 else _percent(shares[step], ctx.lang))
        rows.append(row)
    return {"columns": columns, "widths": widths, "rows": rows}


def abilities_table(builder) -> dict[str, Any]:
    """One row per sign: the sign and its ability's name, then what the ability does at tiers 1, 2, 3."""
    ctx = builder.ctx
    data = of(ctx.data)
    rows = []
    for sign_id, sign in data.signs.items():
        head = f"**{ctx.t(f'sign.{sign_id}')}**\\\\*{ctx.t(f'sign.{sign_id}.ability')}*"
        rows.append([{"text": head}] + [ctx.t(f"sign.{sign_id}.tier{n}") for n in range(1, len(sign.tiers) + 1)])
    tiers = len(next(iter(data.signs.values())).tiers) if data.signs else 3
    return {"columns": [ctx.t("label.sign")] + [ctx.t("label.tier", n=n) for n in range(1, tiers + 1)],
            "widths": [0.19] + [0.81 / tiers] * tiers, "rows": rows}


def tokens_table(builder) -> dict[str, Any]:
    """One row per shift token, Kessel's first: its picture, name and origin, and its effect."""
    ctx = builder.ctx
    data = of(ctx.data)
    rows = []
    for token_id, token in data.tokens.items():
        origin = _label(builder, f"origin-{token.get('origin', 'archeon')}")
        rows.append([{"card": f"token:{token_id}", "width": 7.5},
                     {"text": f"**{ctx.t(f'token.{token_id}')}**\\\\{origin}"},
                     ctx.t(f"token.{token_id}.effect")])
    return {"columns": ["", ctx.t("label.token"), _label(builder, "effect")],
            "widths": [0.12, 0.28, 0.60], "rows": rows}


def planets_table(builder) -> dict[str, Any]:
    """One row per planet: its name and the rule of its round."""
    ctx = builder.ctx
    data = of(ctx.data)
    rows = [[{"text": f"**{ctx.t(f'planet.{p}')}**"}, ctx.t(f"planet.{p}.rule")] for p in data.planets]
    return {"columns": [ctx.t("label.planet"), _label(builder, "rule")], "widths": [0.3, 0.7], "rows": rows}


TABLES = {"anatomy": anatomy_table, "ladder": ladder_table, "abilities": abilities_table, "tokens": tokens_table, "planets": planets_table}
