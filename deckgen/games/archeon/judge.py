"""``deckgen judge archeon FILE``: read a showdown document, judge its reveal, settle it, as JSON.

The document::

    players:
      - {name: A, hand: [0-0-0, bakko], chips: 12}
      - name: B
        hand: [{family: blood, value: 4, sign: facet, era: civil-war},
               {family: sand, impostor: true, dice: [2, 5], choose: 2}]
        entourage: [{ability: insurance, tier: 2}]     # cards played this round that act at the reveal
        stake: alisha-bek                              # a card staked on the round
    planet: kamino          # optional, by its English name in kebab case
    round: 1                # optional (default 1): sets the ante
    multiplier: 2           # optional (default 1): the spike's multiplier
    tokens: [major-fraud, {name: frame-up, by: A, target: B}, {name: prime-sabacc, by: B, value: 4}]
    bank: 6                 # optional: chips already in the bank before the penalties
    bakura: sand            # optional: the family passed on Bakura (default blood)
    talk:                   # optional: the round's table talk, in order (deckgen.games.archeon.talk)
      - {declare: A, card: {family: sand, value: 2}}                      # unchecked: 1 chip at the reveal
      - {declare: B, card: {family: blood, value: 1}, check: A}           # checked: the card is shown
      - {plant: A, to: B, card: {family: sand, value: 3}, answer: believe, wrong: nobody}

A checked declaration is judged against the declarer's card of that family
(``shown:`` gives the card turned up if it has left the hand since); a
plant against the receiver's card of that family if believed (it changed
hands), the planter's if called a liar (it went back); ``planted:`` gives
it otherwise.  ``forced: true`` marks a declaration the round demanded (on
Bothawui every player has one); ``wrong:`` claims who was wrong (a player
or nobody) and is checked.

A card is an archive id, ``{card: ID, dice: [...], choose: N}`` for an
archive Impostor, or inline attributes (``family`` and one of ``value``,
``impostor: true``, ``sylop: true``; ``sign`` and ``era`` optional).  Every
mistake is a ShowdownError at its path.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from deckgen.errors import ShowdownError
from deckgen.games.archeon.data import ArcheonData, of
from deckgen.games.archeon.engine import (FAMILIES, HandCard, Play, Player, Table, TokenPlay, _context, hand_of,
                                          impostor_dice_allowed, impostor_fix, reveal)
from deckgen.games.archeon.money import ante, settle
from deckgen.games.archeon.talk import BELIEVE, LIAR, Claim, Declaration, Plant, TalkResult, play_talk

PLAYER_KEYS = ("name", "hand", "chips", "entourage", "stake", "drew")
TOP_KEYS = ("players", "planet", "round", "multiplier", "tokens", "bank", "bakura", "talk")
DECLARATION_KEYS = ("declare", "card", "check", "shown", "forced", "wrong")
PLANT_KEYS = ("plant", "to", "card", "planted", "answer", "wrong")
CARD_KEYS = ("card", "family", "value", "impostor", "sylop", "sign", "era", "dice", "choose")

# abilities that act at the reveal, and what an entourage entry of each must or may say
REVEAL_ABILITIES = ("assembly", "tuning", "protocol", "rank-shift", "resolution", "providence", "cover",
                    "insurance", "stabilisation", "advance", "credit-line")


def _int(value: Any, path: tuple, low: int, high: int | None = None, what: str = "a whole number") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"{low} or more"
        raise ShowdownError(path, f"{what} must be a whole number from {span}, not {value!r}")
    return int(value)


def _known(data: ArcheonData, kind: str, value: Any, path: tuple, choices) -> str:
    if not isinstance(value, str) or value not in choices:
        raise ShowdownError(path, f"no {kind} {value!r} (known: {', '.join(choices)})")
    return value


def parse_card(data: ArcheonData, raw: Any, path: tuple) -> HandCard:
    """A card of a hand: an archive id, {card: ID, dice, choose}, or inline attributes."""
    if isinstance(raw, str):
        raw = {"card": raw}
    if not isinstance(raw, Mapping):
        raise ShowdownError(path, "a card is an archive id or a mapping of attributes "
                                  "({family: blood, value: 4, sign: facet, era: civil-war})")
    for key in raw:
        if key not in CARD_KEYS:
            raise ShowdownError(path + (key,), f"unknown card key {key!r} (known: {', '.join(CARD_KEYS)})")
    if "card" in raw:
        card_id = raw["card"]
        if not isinstance(card_id, str) or card_id not in data.archive:
            raise ShowdownError(path, f"no archive card {card_id!r}" + ("" if data.archive else
                                                                         " (no archive loaded: give attributes)"))
        extra = [k for k in raw if k not in ("card", "dice", "choose")]
        if extra:
            raise ShowdownError(path + (extra[0],), f"an archive card has its own {extra[0]}: give only card, "
                                                    f"dice and choose")
        a = data.archive[card_id]
        if isinstance(a.value, int):
            base = HandCard(a.family, "number", a.value, a.sign, a.era, a.id)
        else:  # "impostor" or "sylop"
            base = HandCard(a.family, a.value, None, a.sign, a.era, a.id)
    else:
        family = _known(data, "family", raw.get("family"), path + ("family",), FAMILIES)
        flags = [k for k in ("value", "impostor", "sylop") if k in raw]
        if len(flags) != 1:
            raise ShowdownError(path, "give exactly one of value (1-6), impostor: true or sylop: true")
        kind = "number"
        value = None
        if flags[0] == "value":
            value = _int(raw["value"], path + ("value",), 1, 6, "a value")
        else:
            if raw[flags[0]] is not True:
                raise ShowdownError(path + (flags[0],), f"write {flags[0]}: true")
            kind = flags[0]
        sign = _known(data, "sign", raw["sign"], path + ("sign",), tuple(data.signs)) if "sign" in raw else None
        era = _known(data, "era", raw["era"], path + ("era",), data.eras) if "era" in raw else None
        base = HandCard(family, kind, value, sign, era)
    dice: tuple[int, ...] = ()
    choose: int | None = None
    if "dice" in raw or "choose" in raw:
        if base.kind != "impostor":
            raise ShowdownError(path + ("dice" if "dice" in raw else "choose",), "only an Impostor has dice")
        if "dice" in raw:
            if not isinstance(raw["dice"], list) or not raw["dice"]:
                raise ShowdownError(path + ("dice",), "dice are a list of the numbers rolled, e.g. [2, 5]")
            dice = tuple(_int(d, path + ("dice", i), 1, 6, "a die") for i, d in enumerate(raw["dice"]))
        if "choose" in raw:
            choose = _int(raw["choose"], path + ("choose",), 1, 6, "the chosen value")
    return HandCard(base.family, base.kind, base.value, base.sign, base.era, base.id, dice, choose)


def parse_play(data: ArcheonData, raw: Any, path: tuple, names: list[str], me: str) -> Play:
    """An entourage card that acts at the reveal: ``{ability: NAME or sign: SIGN, tier: N, ...}``."""
    if not isinstance(raw, Mapping):
        raise ShowdownError(path, "an entourage entry is {ability: insurance, tier: 2} (or sign: crest)")
    if "sign" in raw:
        sign = data.signs.get(raw["sign"])
        if sign is None:
            raise ShowdownError(path + ("sign",), f"no sign {raw['sign']!r} (known: {', '.join(data.signs)})")
    else:
        ability = raw.get("ability")
        sign = data.sign_of_ability(ability) if isinstance(ability, str) else None
        if sign is None:
            raise ShowdownError(path + ("ability",), f"no ability {ability!r} (known: "
                                                     f"{', '.join(sorted(data.abilities))})")
    if sign.ability not in REVEAL_ABILITIES:
        raise ShowdownError(path, f"{sign.ability} acts during the round, not at the reveal (abilities that do: "
                                  f"{', '.join(REVEAL_ABILITIES)})")
    tier = _int(raw.get("tier"), path + ("tier",), 1, 3, "a tier")
    params = sign.tiers[tier - 1]
    allowed = {"ability", "sign", "tier", "target", "card", "by", "cancel"}
    for key in raw:
        if key not in allowed:
            raise ShowdownError(path + (key,), f"unknown key {key!r}")
    target = raw.get("target")
    if target is not None and (not isinstance(target, str) or target not in names):
        raise ShowdownError(path + ("target",), f"no player {target!r} at this table")
    card = raw.get("card")
    if card is not None and (not isinstance(card, str) or card not in FAMILIES):
        raise ShowdownError(path + ("card",), "card is the family of the card it changes: blood or sand")
    ability = sign.ability
    by = 0
    cancel = None
    reach = params.get("reach")
    if ability in ("tuning", "protocol", "assembly") and card is None:
        raise ShowdownError(path, f"{ability} changes one card: say which (card: blood or card: sand)")
    if ability in ("tuning", "protocol") and reach == "own" and target not in (None, me):
        raise ShowdownError(path + ("target",), f"{ability} at tier {tier} changes only its player's own cards")
    if ability == "rank-shift" and reach == "own" and target not in (None, me):
        raise ShowdownError(path + ("target",), f"rank shift at tier {tier} shifts only its player's own hand")
    if ability in ("assembly", "providence", "cover", "insurance", "stabilisation", "advance", "credit-line",
                   "resolution") and target not in (None, me):
        raise ShowdownError(path + ("target",), f"{ability} acts only for its player")
    if ability == "tuning":
        given = raw.get("by")
        if isinstance(given, bool) or not isinstance(given, int) or given == 0 or abs(given) > int(params["by"]):
            raise ShowdownError(path + ("by",), f"tuning at tier {tier} changes a value by "
                                                f"{'±1' if params['by'] == 1 else '±1 or ±2'}: give by: +1 or -1")
        by = given
    if ability == "protocol":
        given = raw.get("by", -1)
        if isinstance(given, bool) or not isinstance(given, int) or not -int(params["by"]) <= given <= -1:
            raise ShowdownError(path + ("by",), f"protocol at tier {tier} lowers a value by 1 to {params['by']}: "
                                                f"give by: -1" + (f" ... -{params['by']}" if params["by"] > 1 else ""))
        by = given
    if ability == "resolution":
        cancel = raw.get("cancel")
        if not isinstance(cancel, str):
            raise ShowdownError(path + ("cancel",), "name the token to cancel (or planet, from tier 2), as text")
        if params["cancel"] == "token" and cancel == "planet":
            raise ShowdownError(path + ("cancel",), f"resolution at tier {tier} cancels a token, not the planet")
        if cancel != "planet" and cancel not in data.tokens:
            raise ShowdownError(path + ("cancel",), "name the token to cancel (or planet, from tier 2)")
    return Play(ability, tier, params, target if target != me else None, card, by, cancel)


def parse_token(data: ArcheonData, raw: Any, path: tuple, names: list[str]) -> TokenPlay:
    """A played token: a name, or ``{name, by, target, value | dice + choose}``."""
    spec = {"name": raw} if isinstance(raw, str) else raw
    if not isinstance(spec, Mapping):
        raise ShowdownError(path, "a token is its name or {name: NAME, by: PLAYER, target: PLAYER}")
    for key in spec:
        if key not in ("name", "by", "target", "value", "dice", "choose"):
            raise ShowdownError(path + (key,), f"unknown key {key!r}")
    name = _known(data, "token", spec.get("name"), path + ("name",), tuple(data.tokens))
    effect = data.tokens[name]
    by, target = spec.get("by"), spec.get("target")
    for key, who in (("by", by), ("target", target)):
        if who is not None and who not in names:
            raise ShowdownError(path + (key,), f"no player {who!r} at this table")
    aim = effect["aim"]
    if aim == "player" and target is None and _needs_target(effect):
        raise ShowdownError(path, f"{name} is played on a player: give target")
    if aim == "self" and by is None and _needs_owner(effect):
        raise ShowdownError(path, f"{name} acts for the player who plays it: give by")
    if target is not None and by is not None and target == by and aim == "player":
        raise ShowdownError(path + ("target",), f"{name} is played on another player")
    value = None
    if effect.get("prime"):
        if "value" in spec:
            value = _int(spec["value"], path + ("value",), 1, 6, "the Prime Sabacc value")
        elif "dice" in spec and "choose" in spec:
            dice = spec["dice"]
            if not isinstance(dice, list) or len(dice) != 2:
                raise ShowdownError(path + ("dice",), "Prime Sabacc rolls two dice: dice: [a, b]")
            dice = [_int(d, path + ("dice", i), 1, 6, "a die") for i, d in enumerate(dice)]
            value = _int(spec["choose"], path + ("choose",), 1, 6, "the chosen value")
            if value not in dice:
                raise ShowdownError(path + ("choose",), f"choose one of the dice {dice}")
        else:
            raise ShowdownError(path, "prime-sabacc needs its value: value: N (or dice: [a, b], choose: N)")
    elif any(k in spec for k in ("value", "dice", "choose")):
        key = next(k for k in ("value", "dice", "choose") if k in spec)
        raise ShowdownError(path + (key,), f"{name} takes no {key}")
    return TokenPlay(name, effect, by, target, value)


def _needs_target(effect) -> bool:
    return any(effect.get(k) for k in ("impostor_value", "sylop_value", "plain_pairs", "penalty_plus"))


def _needs_owner(effect) -> bool:
    return any(effect.get(k) for k in ("impostor_dice", "penalty_cap_ante", "shield"))


def parse_showdown(data: ArcheonData, showdown: Any) -> tuple[list[Player], Table, int]:
    """Players, table and the bank before the penalties; ShowdownError at the path of a mistake."""
    if not isinstance(showdown, Mapping):
        raise ShowdownError((), "a showdown is a mapping with players: [...]")
    for key in showdown:
        if key not in TOP_KEYS:
            raise ShowdownError((key,), f"unknown key {key!r} (known: {', '.join(TOP_KEYS)})")
    raw_players = showdown.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise ShowdownError(("players",), "players must be a non-empty list")
    names: list[str] = []
    for i, p in enumerate(raw_players):
        if not isinstance(p, Mapping) or not isinstance(p.get("name"), (str, int)) or str(p.get("name")) == "":
            raise ShowdownError(("players", i), "each player needs a name and a hand")
        name = str(p["name"])
        if name in names:
            raise ShowdownError(("players", i, "name"), f"two players are called {name!r}")
        names.append(name)
    planet = showdown.get("planet")
    if planet is not None:
        _known(data, "planet", planet, ("planet",), tuple(data.planets))
    round_no = _int(showdown.get("round", 1), ("round",), 1, None, "the round")
    multiplier = showdown.get("multiplier", 1)
    if multiplier not in data.rules.multipliers or isinstance(multiplier, bool):
        raise ShowdownError(("multiplier",), f"the multiplier is one of {', '.join(map(str, data.rules.multipliers))}")
    bank = _int(showdown.get("bank", 0), ("bank",), 0, None, "the bank")
    bakura = showdown.get("bakura", "blood")
    if bakura not in FAMILIES:
        raise ShowdownError(("bakura",), "the family passed on Bakura: blood or sand")
    raw_tokens = showdown.get("tokens", [])
    if not isinstance(raw_tokens, list):
        raise ShowdownError(("tokens",), "tokens must be a list")
    tokens = tuple(parse_token(data, t, ("tokens", i), names) for i, t in enumerate(raw_tokens))
    seen: dict[str, int] = {}
    for i, t in enumerate(tokens):
        if t.name in seen:
            raise ShowdownError(("tokens", i), f"there is only one {t.name} token in the game")
        seen[t.name] = i
    players: list[Player] = []
    used: dict[str, tuple] = {}
    where: dict[tuple[int, str], int] = {}  # (player, family) -> index of the card in the hand as written
    for i, p in enumerate(raw_players):
        for key in p:
            if key not in PLAYER_KEYS:
                raise ShowdownError(("players", i, key), f"unknown key {key!r} (known: {', '.join(PLAYER_KEYS)})")
        hand = p.get("hand")
        if not isinstance(hand, list):
            raise ShowdownError(("players", i, "hand"), "a hand is a list of two cards: one Blood, one Sand")
        cards = [parse_card(data, c, ("players", i, "hand", j)) for j, c in enumerate(hand)]
        for j, c in enumerate(cards):
            if c.id is not None:
                if c.id in used:
                    raise ShowdownError(("players", i, "hand", j), f"card {c.id} is already in another hand "
                                                                   f"(at {'.'.join(map(str, used[c.id]))})")
                used[c.id] = ("players", i, "hand", j)
        ordered = hand_of(cards, ("players", i, "hand"))
        where.update({(i, c.family): j for j, c in enumerate(cards)})
        chips = p.get("chips")
        if chips is not None:
            chips = _int(chips, ("players", i, "chips"), 0, None, "chips")
        raw_plays = p.get("entourage", [])
        if not isinstance(raw_plays, list):
            raise ShowdownError(("players", i, "entourage"), "entourage is a list of the cards played this round")
        plays = tuple(parse_play(data, e, ("players", i, "entourage", k), names, names[i])
                      for k, e in enumerate(raw_plays))
        stake = p.get("stake")
        if stake is not None and (not isinstance(stake, str) or stake not in data.archive):
            raise ShowdownError(("players", i, "stake"), f"no archive card {stake!r} to stake")
        drew = p.get("drew", True)
        if not isinstance(drew, bool):
            raise ShowdownError(("players", i, "drew"), "drew is true or false")
        players.append(Player(names[i], ordered, plays, chips, stake, drew))
    _check_match_deck(data, players, where)
    table = Table(planet, dict(data.planets.get(planet, {})) if planet else {}, tokens, round_no, multiplier,
                  bakura, bank)
    _check_dice(data, players, table, where)
    return players, table, bank


def parse_round(data: ArcheonData, showdown: Any):
    """:func:`parse_showdown` and the round's table talk."""
    players, table, bank = parse_showdown(data, showdown)
    moves, claimed = parse_talk(data, showdown.get("talk"), players, table.planet_rules)
    return players, table, bank, moves, claimed


def parse_claim(data: ArcheonData, raw: Any, path: tuple) -> Claim:
    """What a player says a card is: an archive id or {family, value | impostor | sylop, sign, era}."""
    if isinstance(raw, str):
        card = parse_card(data, raw, path)
        return Claim(card.family, card.kind, card.value, card.sign, card.era, card.id)
    if not isinstance(raw, Mapping) or "family" not in raw:
        raise ShowdownError(path, "name the card: its family and what it is, e.g. {family: sand, value: 2}")
    for key in raw:
        if key not in ("family", "value", "impostor", "sylop", "sign", "era"):
            raise ShowdownError(path + (key,), f"a named card says family, value (or impostor, sylop), sign or era; "
                                               f"not {key!r}")
    family = _known(data, "family", raw.get("family"), path + ("family",), FAMILIES)
    kinds = [k for k in ("value", "impostor", "sylop") if k in raw]
    if len(kinds) > 1:
        raise ShowdownError(path, "a card is one of: a value, an Impostor or a Sylop")
    value = _int(raw["value"], path + ("value",), 1, 6, "a value") if "value" in raw else None
    for flag in ("impostor", "sylop"):
        if flag in raw and raw[flag] is not True:
            raise ShowdownError(path + (flag,), f"write {flag}: true")
    kind = "number" if value is not None else ("impostor" if "impostor" in raw else "sylop" if "sylop" in raw
                                               else None)
    sign = _known(data, "sign", raw["sign"], path + ("sign",), tuple(data.signs)) if "sign" in raw else None
    era = _known(data, "era", raw["era"], path + ("era",), data.eras) if "era" in raw else None
    return Claim(family, kind, value, sign, era)


def _who(value: Any, path: tuple, names: list[str]) -> str:
    if not isinstance(value, str) or value not in names:
        raise ShowdownError(path, f"no player {value!r} at this table")
    return value


def _card_of(players: list[Player], name: str, family: str) -> HandCard:
    player = next(p for p in players if p.name == name)
    return next(c for c in player.cards if c.family == family)


def parse_talk(data: ArcheonData, raw: Any, players: list[Player], planet_rules: Mapping[str, Any]):
    """The round's table talk, in the order it happened: declarations (checked or not) and plants."""
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        raise ShowdownError(("talk",), "talk is a list of the declarations and plants of the round, in order")
    names = [p.name for p in players]
    moves: list[Declaration | Plant] = []
    claimed: list[tuple[int, Any]] = []
    for i, entry in enumerate(raw):
        at = ("talk", i)
        if not isinstance(entry, Mapping) or ("declare" in entry) == ("plant" in entry):
            raise ShowdownError(at, "a talk entry is {declare: PLAYER, card: ...} or {plant: PLAYER, to: PLAYER, "
                                    "card: ..., answer: believe or liar}")
        keys = DECLARATION_KEYS if "declare" in entry else PLANT_KEYS
        for key in entry:
            if key not in keys:
                raise ShowdownError(at + (key,), f"unknown key {key!r} (known here: {', '.join(keys)})")
        if "card" not in entry:
            raise ShowdownError(at, "say which card was named: card: {family: sand, value: 2} (or an archive id)")
        claim = parse_claim(data, entry["card"], at + ("card",))
        if "declare" in entry:
            by = _who(entry["declare"], at + ("declare",), names)
            forced = entry.get("forced", False)
            if not isinstance(forced, bool):
                raise ShowdownError(at + ("forced",), "forced is true (a declaration the round made you give: "
                                                      "Bothawui's opening one, the commander's Order) or false")
            checker = shown = None
            if "check" in entry:
                checker = _who(entry["check"], at + ("check",), names)
                if checker == by:
                    raise ShowdownError(at + ("check",), "a player does not check his own declaration")
                shown = (parse_card(data, entry["shown"], at + ("shown",)) if "shown" in entry
                         else _card_of(players, by, claim.family))
                if shown.family != claim.family:
                    raise ShowdownError(at + ("shown",), f"the card turned up is the {claim.family} card named")
            elif "shown" in entry:
                raise ShowdownError(at + ("shown",), "a card is shown only when the declaration is checked: "
                                                     "add check: PLAYER")
            moves.append(Declaration(by, claim, shown, checker, forced))
        else:
            by = _who(entry["plant"], at + ("plant",), names)
            to = _who(entry.get("to"), at + ("to",), names)
            if to == by:
                raise ShowdownError(at + ("to",), "a card is planted on another player")
            answer = entry.get("answer")
            if answer not in (BELIEVE, LIAR):
                raise ShowdownError(at + ("answer",), "the answer to a plant is believe or liar")
            holder = to if answer == BELIEVE else by  # a believed card changed hands; a called one went back
            card = (parse_card(data, entry["planted"], at + ("planted",)) if "planted" in entry
                    else _card_of(players, holder, claim.family))
            if card.family != claim.family:
                raise ShowdownError(at + ("planted",), f"the planted card is the {claim.family} card named")
            moves.append(Plant(by, to, claim, card, answer))
        if "wrong" in entry:
            claimed.append((i, entry["wrong"]))
    if planet_rules.get("opening_declaration"):
        for name in names:
            if not any(isinstance(m, Declaration) and m.by == name and m.forced for m in moves):
                raise ShowdownError(("talk",), f"on this planet every player declares a card at the start of the "
                                               f"round: add {{declare: {name}, card: ..., forced: true}}")
    return moves, claimed


def check_claims(result: TalkResult, claimed: list[tuple[int, Any]]) -> None:
    """A talk entry that says who was wrong (``wrong: NAME`` or ``wrong: nobody``) must agree with the judge."""
    for i, said in claimed:
        got = result.moves[i].get("wrong") or "nobody"
        if said != got:
            raise ShowdownError(("talk", i, "wrong"), f"the judge finds {got} wrong here, not {said}")


def _check_match_deck(data: ArcheonData, players: list[Player], where: Mapping[tuple[int, str], int]) -> None:
    """No more cards of a kind at the table than one match deck holds (per family: ``copies_per_value`` of
    each value, ``impostors`` Impostors, ``sylops`` Sylops): two Pure Sabaccs never meet."""
    rules = data.rules
    held: dict[tuple, int] = {}
    for i, p in enumerate(players):
        for card in p.cards:
            kind = (card.family, card.kind, card.value if card.kind == "number" else None)
            held[kind] = held.get(kind, 0) + 1
            limit = {"number": rules.copies_per_value, "impostor": rules.impostors,
                     "sylop": rules.sylops}.get(card.kind, 0)
            if held[kind] > limit:
                what = {"number": f"{card.family.capitalize()} {card.value}", "impostor":
                        f"{card.family.capitalize()} Impostor", "sylop": f"{card.family.capitalize()} Sylop"}[card.kind]
                extra = " (so two Pure Sabaccs never meet at one table)" if card.kind == "sylop" else ""
                raise ShowdownError(("players", i, "hand", where[(i, card.family)]),
                                    f"{what} is shown {held[kind]} times at this table, but one match deck holds "
                                    f"{'only one' if limit == 1 else limit}{extra}")


def _check_dice(data: ArcheonData, players: list[Player], table: Table, where: Mapping[tuple[int, str], int]) -> None:
    """Every Impostor whose value the round does not fix has the dice its owner rolled, and a pick among them."""
    ctx = _context(data, table, players)
    for i, p in enumerate(players):
        fixed = impostor_fix(ctx, p)
        allowed = impostor_dice_allowed(ctx, p)
        for card in p.cards:
            if card.kind != "impostor":
                continue
            at = ("players", i, "hand", where[(i, card.family)])
            if allowed == 0:  # Providence at its top tier: the owner names the value
                continue
            if fixed is not None:
                continue
            if not card.dice:
                raise ShowdownError(at, "an Impostor needs its dice: {card: ID, dice: [a, b], choose: N} or "
                                        "{family: ..., impostor: true, dice: [a, b], choose: N}")
            if len(card.dice) != allowed:
                raise ShowdownError(at + ("dice",), f"this Impostor rolls {allowed} dice, not {len(card.dice)}")
            if card.choose is not None and card.choose not in card.dice:
                raise ShowdownError(at + ("choose",), f"choose one of the dice {list(card.dice)}")


def judge(showdown: Any, data: Mapping[str, Any], options: Mapping[str, Any] | None = None) -> dict:
    """The descriptor's ``judge``: winners, every hand's step, each loser's penalty, the payout (JSON-ready)."""
    arch = of(data)
    players, table, bank, moves, claimed = parse_round(arch, showdown)
    chips = {p.name: p.chips for p in players}
    talk = play_talk(arch.rules.talk, moves, chips, [p.name for p in players])
    check_claims(talk, claimed)
    if moves:  # the talk moved chips during the round: the reveal starts from what is left
        players = [replace(p, chips=chips[p.name]) for p in players]
        bank += sum(pay.amount for pay in talk.payments if pay.payee == "bank")
    result = reveal(arch, players, table)
    money = settle(arch.rules, players, table, result, bank, rewards=talk.rewards)
    out: dict[str, Any] = {
        "winners": list(result.winners),
        "hands": [h.as_dict() for h in result.hands],
        "penalties": money.penalties,
        "bank": money.bank,
        "payout": money.payout,
        "planet": table.planet,
        "planet_active": result.planet_active if table.planet else False,
        "round": table.round,
        "ante": ante(arch.rules, table.round, bool(table.planet_rules.get("ante_frozen")) and result.planet_active),
        "multiplier": table.multiplier,
        "reversed": result.reversed,
    }
    if money.charges:
        out["charges"] = money.charges
    if money.from_reserve:
        out["from_reserve"] = money.from_reserve
    if money.debts:
        out["debts"] = money.debts
    if money.chips_after:
        out["chips_after"] = money.chips_after
        out["eliminated"] = money.eliminated
    if money.stakes:
        out["stakes"] = money.stakes
    if moves:
        out["talk"] = talk.moves
        out["talk_payments"] = [pay.as_dict() for pay in talk.payments]
        out["rewards"] = money.rewards
    if table.planet_rules.get("hidden_log"):
        out["log_hidden_until_reveal"] = True
    if result.idle_tokens:
        out["tokens_without_effect_at_reveal"] = list(result.idle_tokens)
    return out
