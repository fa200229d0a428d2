"""``deckgen check`` for Sabacc Archeon: the archive, the signs and the words agree with the rules.

* the archive: every value, sign and era in both families; the seed's
  eleven example cards with the attributes the seed gives them; about half
  the cards without an ability tier (attribute values and unique ids are
  checked when the data loads);
* a legal match deck can be assembled (and the one for seed 0 is legal);
* sixteen signs, each with its glyph in templates/archeon/icons.yaml and its
  name, ability name and three tiers of text in every language; 26 planets,
  40 tokens (16 classic), at least five eras with the seed's three; every
  family, rarity, side, kind, step, action, era, planet and token worded in
  every language;
* the seed's example hands are rule examples (decisions.yaml), so that
  ``rule decisions`` judges them;
* the hand-step frequencies of match deck 0, computed exactly, are a
  distribution in which every step the plain game allows occurs.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from deckgen.errors import DeckgenError, Problem
from deckgen.games.archeon.data import ARCHIVE_DECK, ArcheonData
from deckgen.registry import Check, CheckContext

# The cards seed 002 shows, with the attributes it prints (GAMES.md §3).
SEED_CARDS: dict[str, dict[str, Any]] = {
    "8d-8d": {"family": "blood", "value": 5, "rarity": "legendary", "sign": "sphere", "era": "old-republic"},
    "aktropaw": {"family": "blood", "value": "impostor", "rarity": "rare", "sign": "key"},
    "aril-nunb": {"family": "blood", "value": "sylop", "rarity": "common", "sign": "chip"},
    "asajj-ventress": {"family": "sand", "value": "sylop", "rarity": "common", "sign": "crest"},
    "4-ng": {"family": "sand", "value": 2, "rarity": "common", "sign": "triad"},
    "0-0-0": {"family": "blood", "value": 4, "rarity": "common", "sign": "facet", "era": "civil-war"},
    "bakko": {"family": "sand", "value": 4, "rarity": "legendary", "sign": "facet"},
    "alisha-bek": {"family": "sand", "value": 4, "rarity": "common", "sign": "scale", "era": "civil-war"},
    "8d-j8": {"family": "sand", "value": 4, "rarity": "epic", "sign": "triad", "era": "new-republic"},
    "a-oic": {"family": "blood", "value": 2, "rarity": "common", "sign": "delta"},
    "99-99": {"family": "sand", "value": 5, "rarity": "rare", "sign": "eye"},
}
SEED_SIGNS = ("facet", "scale", "triad", "delta", "eye", "key", "chip", "crest", "sphere")
SEED_ERAS = ("old-republic", "civil-war", "new-republic")
KESSEL_TOKENS = ("free-draw", "refund", "extra-refund", "embezzlement", "major-fraud", "cook-the-books", "markdown",
                 "prime-sabacc", "general-tariff", "target-tariff", "general-audit", "target-audit", "embargo",
                 "immunity", "exhaustion", "direct-transaction")
COUNTS = {"signs": 16, "planets": 26, "tokens": 40}
# The seed's example hands (its section on the ladder): each must be a rule example.
SEED_HANDS = {
    "two Sylops (Pure Sabacc)": ("aril-nunb", "asajj-ventress"),
    "Sylop and a 2 (Idiot's Array only where a planet allows it)": ("aril-nunb", "4-ng"),
    "the Mirror of 4s": ("0-0-0", "bakko"),
    "the Chronicle of 4s": ("0-0-0", "alisha-bek"),
    "the Pair of 4s": ("0-0-0", "8d-j8"),
    "the No pair": ("a-oic", "99-99"),
}


def _file(ctx: CheckContext, key: str) -> str:
    return f"data/{ctx.game.id}/{ctx.game.engine_data.get(key, key + '.yaml')}"


def _key_line(ctx: CheckContext, file: str, key: str) -> int | None:
    """The line of ``file`` where its top-level ``key:`` starts (a count of its entries is told there)."""
    try:
        lines = (ctx.project.root / file).read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    return next((n for n, text in enumerate(lines, 1) if text.startswith(f"{key}:")), None)


def _data(ctx: CheckContext) -> ArcheonData | None:
    return ctx.data.get("archeon") if ctx.data else None


def check_archive(ctx: CheckContext) -> list[Problem]:
    """Every value, sign and era in both families; the seed's cards as the seed shows them; half without a tier."""
    data = _data(ctx)
    if data is None:
        return []
    deck = ctx.game.decks.get(ARCHIVE_DECK)
    file = deck.cards[0].source.file if deck and deck.cards and deck.cards[0].source else f"data/{ctx.game.id}/archive.yaml"
    problems = []
    cards = list(data.archive.values())
    for family in data.rules.families:
        mine = [c for c in cards if c.family == family]
        for what, wanted in (("value", list(range(1, 7)) + ["impostor", "sylop"]), ("sign", list(data.signs)),
                             ("era", list(data.eras))):
            have = {getattr(c, what) for c in mine}
            for w in wanted:
                if w not in have:
                    problems.append(Problem.at(f"no {family.capitalize()} card has the {what} {w}", file=file,
                                               field=f"{what}"))
    by_id = {c.id: c for c in deck.cards} if deck else {}
    for card_id, attrs in SEED_CARDS.items():
        card = data.archive.get(card_id)
        if card is None:
            problems.append(Problem.at(f"the seed's card {card_id} is missing from the archive", file=file))
            continue
        src = by_id[card_id].source if card_id in by_id else None
        for key, want in attrs.items():
            if getattr(card, key) != want:
                problems.append(Problem(src.file if src else file, src.line if src else None, None, f"{card_id}.{key}",
                                        f"seed 002 shows {card_id} with {key} {want!r}, not {getattr(card, key)!r}"))
    untiered = sum(c.tier is None for c in cards)
    if cards and not 0.4 <= untiered / len(cards) <= 0.6:
        problems.append(Problem.at(f"{untiered} of {len(cards)} cards have no tier; the seed says about half",
                                   file=file, field="tier"))
    if len(cards) < 2 * data.rules.match_deck_size:
        problems.append(Problem.at(f"the archive has {len(cards)} cards; it should hold at least twice a match deck "
                                   f"({2 * data.rules.match_deck_size})", file=file))
    return problems


def match_deck_problems(data: ArcheonData, cards) -> list[str]:
    """Why ``cards`` is not a legal match deck (empty if it is)."""
    out = []
    r = data.rules
    if len({c.id for c in cards}) != len(cards):
        dup = [k for k, n in Counter(c.id for c in cards).items() if n > 1]
        out.append(f"the same archive card twice: {', '.join(dup)}")
    counts = Counter((c.family, c.value) for c in cards)
    for family in r.families:
        for value in range(1, 7):
            if counts[(family, value)] != r.copies_per_value:
                out.append(f"{counts[(family, value)]} {family} cards of value {value}, not {r.copies_per_value}")
        for special, need in (("impostor", r.impostors), ("sylop", r.sylops)):
            if counts[(family, special)] != need:
                out.append(f"{counts[(family, special)]} {family} {special}s, not {need}")
    if len(cards) != r.match_deck_size:
        out.append(f"{len(cards)} cards, not {r.match_deck_size}")
    return out


def check_match_deck(ctx: CheckContext) -> list[Problem]:
    """The archive can assemble a legal match deck; the deck of seed 0 is legal."""
    from deckgen.games.archeon.deck import match_deck, shortages

    data = _data(ctx)
    if data is None:
        return []
    file = f"data/{ctx.game.id}/archive.yaml"
    missing = shortages(data)
    if missing:
        return [Problem.at(f"the archive cannot assemble a match deck: it needs {m}", file=file) for m in missing]
    return [Problem.at(f"the match deck of seed 0 is not legal: {m}", file=file)
            for m in match_deck_problems(data, match_deck(data, 0))]


def _strings_problems(ctx: CheckContext, keys: Iterable[str]) -> list[Problem]:
    problems = []
    keys = list(keys)
    for lang in ctx.langs:
        strings = ctx.game.strings.get(lang)
        if strings is None:
            continue
        file = strings.source.file if strings.source else f"data/{ctx.game.id}/lang/{lang}.yaml"
        for key in keys:
            if not str(strings.strings.get(key, "")).strip():
                problems.append(Problem(file, None, None, f"strings.{key}", "missing: this text"))
    return problems


def check_words(ctx: CheckContext) -> list[Problem]:
    """Sixteen signs with glyphs; counts of planets, tokens and eras; every id worded in every language."""
    from deckgen.render.icons import load_icons

    data = _data(ctx)
    if data is None:
        return []
    problems = []
    for what, want in COUNTS.items():
        have = len(getattr(data, what))
        if have != want:
            file = _file(ctx, what)
            problems.append(Problem.at(f"{have} {what}; Archeon has {want}", file=file, line=_key_line(ctx, file, what),
                                       column=1 if _key_line(ctx, file, what) else None, field=what))
    for sign in SEED_SIGNS:
        if sign not in data.signs:
            problems.append(Problem.at(f"the seed's sign {sign} is missing", file=_file(ctx, "signs"), field="signs"))
    kessel = [t for t, spec in data.tokens.items() if spec.get("origin") == "kessel"]
    if sorted(kessel) != sorted(KESSEL_TOKENS):
        problems.append(Problem.at(f"the classic (Kessel) tokens must be exactly: {', '.join(KESSEL_TOKENS)}",
                                   file=_file(ctx, "tokens"), field="tokens"))
    if len(data.eras) < 5 or any(e not in data.eras for e in SEED_ERAS):
        problems.append(Problem.at(f"at least five eras, among them {', '.join(SEED_ERAS)}", file=_file(ctx, "eras"),
                                   field="eras"))
    try:
        icons = load_icons(ctx.project.templates_dir, ctx.game.id)
    except DeckgenError as exc:  # its own located problems; the signs' glyphs cannot be judged, so are not
        icons = None
        problems.extend(exc.problems)
    for spec in data.signs.values():
        if icons is not None and spec.glyph not in icons:
            problems.append(Problem.at(f"sign {spec.id}: no glyph {spec.glyph!r} in templates/{ctx.game.id}/icons.yaml",
                                       file=_file(ctx, "signs"), field=f"signs.{spec.id}.glyph"))
    r = data.rules
    keys = [f"family.{f}" for f in r.families] + [f"side.{s}" for s in r.sides] + [f"kind.{k}" for k in r.kinds]
    keys += [f"rarity.{k}" for k in r.rarities] + [f"rarity.{k}.short" for k in r.rarities]
    keys += ["value.impostor", "value.sylop"] + [f"step.{s}" for s in r.ladder]
    keys += [f"action.{a}" for a in r.actions] + [f"action.{a}.text" for a in r.actions]
    for sign in data.signs:
        keys += [f"sign.{sign}", f"sign.{sign}.ability", f"sign.{sign}.tier1", f"sign.{sign}.tier2",
                 f"sign.{sign}.tier3"]
    keys += [f"era.{e}" for e in data.eras]
    for planet in data.planets:
        keys += [f"planet.{planet}", f"planet.{planet}.rule"]
    for token in data.tokens:
        keys += [f"token.{token}", f"token.{token}.effect"]
    return problems + _strings_problems(ctx, keys)


def check_players(ctx: CheckContext) -> list[Problem]:
    """rules.yaml's table size is the range the engine's descriptor declares."""
    data = _data(ctx)
    descriptor = ctx.project.descriptor(ctx.game)
    if data is None or descriptor is None:
        return []
    if (data.rules.min_players, data.rules.max_players) != tuple(descriptor.players):
        return [Problem.at(f"the table is {data.rules.min_players} to {data.rules.max_players} players here, but the "
                           f"engine declares {descriptor.players[0]} to {descriptor.players[1]}",
                           file=_file(ctx, "rules"), field="table")]
    return []


def _hand_ids(example) -> list[tuple[str, ...]]:
    out = []
    for p in example.showdown.get("players", []) if isinstance(example.showdown, dict) else []:
        hand = p.get("hand") if isinstance(p, dict) else None
        if isinstance(hand, list):
            out.append(tuple(sorted(c if isinstance(c, str) else str(c.get("card")) for c in hand
                                    if isinstance(c, (str, dict)))))
    return out


def check_seed_hands(ctx: CheckContext) -> list[Problem]:
    """Each of the seed's example hands is a rule example (which ``rule decisions`` judges)."""
    decisions = ctx.game.decisions
    file = decisions.file if decisions else f"data/{ctx.game.id}/decisions.yaml"
    hands = {h for e in (decisions.examples() if decisions else []) for h in _hand_ids(e)}
    problems = []
    for what, pair in SEED_HANDS.items():
        if tuple(sorted(pair)) not in hands:
            problems.append(Problem.at(f"the seed's example hand {what} ({' + '.join(pair)}) is not a rule example",
                                       file=file))
    planets = {e.showdown.get("planet") for e in (decisions.examples() if decisions else [])
               if tuple(sorted(SEED_HANDS["Sylop and a 2 (Idiot's Array only where a planet allows it)"]))
               in _hand_ids(e)}
    if None not in planets:
        problems.append(Problem.at("the seed's Sylop + 2 must be judged without a planet (the Sylop copies the 2)",
                                   file=file))
    return problems


def check_odds(ctx: CheckContext) -> list[Problem]:
    """The exact step shares of match deck 0 add up to 1; every step the plain game allows occurs."""
    from deckgen.games.archeon.odds import match_deck_frequencies

    data = _data(ctx)
    if data is None:
        return []
    file = f"data/{ctx.game.id}/archive.yaml"
    shares = match_deck_frequencies(data, 0)
    problems = []
    if sum(shares.values()) != 1:
        problems.append(Problem.at(f"the step shares of match deck 0 add up to {sum(shares.values())}", file=file))
    for step in ("pure-sabacc", "mirror", "chronicle", "pair", "no-pair"):
        if not shares.get(step):
            problems.append(Problem.at(f"no hand of match deck 0 is a {step}", file=file))
    for step in ("idiots-array", "prime-sabacc"):
        if shares.get(step):
            problems.append(Problem.at(f"{step} occurs without a planet or token that allows it", file=file))
    enabling = [p for p, spec in data.planets.items() if spec.get("idiots_array")]
    if enabling and not match_deck_frequencies(data, 0, enabling[0]).get("idiots-array"):
        problems.append(Problem.at(f"no hand of match deck 0 is an Idiot's Array on {enabling[0]}", file=file))
    return problems


CHECKS = (
    Check("archeon archive", check_archive),
    Check("archeon match deck", check_match_deck),
    Check("archeon signs and words", check_words),
    Check("archeon table size", check_players),
    Check("archeon seed hands", check_seed_hands),
    Check("archeon hand odds", check_odds),
)

