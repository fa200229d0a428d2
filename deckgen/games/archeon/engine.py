"""The Archeon reveal: hands of one Blood and one Sand card, judged up the seven-step ladder.

Pure functions, no I/O.  A reveal runs in the seed's seven steps:

1. the planet's rules before the reveal (Bakura: everybody passes one card left);
2. Impostors: the owner's pick of his dice, unless a planet, a token or
   Providence fixed the value;
3. Sylops copy the other card (two Sylops: Pure Sabacc; Markdown, Ruusan and
   Counterfeit change what a Sylop is worth);
4. value modifications by entourage abilities (Assembly, Tuning, Protocol,
   Rank Shift), values staying within 1-6;
5. pair qualification: Pure Sabacc, Idiot's Array (only where the planet
   allows it), Prime Sabacc (the Prime Sabacc token's value), Mirror (same
   sign), Chronicle (same era), Pair, No pair; Bonadan recounts pairs, Blank
   Archive, Old Records and Discredit change what a pair counts as;
6. comparison: the higher step wins, Dxun raises a hand of one sign a step,
   within a step the lower pair (Lower Coruscant: 1s last) or, without a
   pair, the smaller difference, then the smaller sum; Cook the Books turns
   the whole comparison over;
7. settlement (``money``).

:func:`reveal` takes parsed players and a :class:`Table` and returns a
:class:`Reveal`; :mod:`deckgen.games.archeon.judge` reads the showdown
documents.  Hand strength is a tuple, :func:`strength`, so the ranking is
a total preorder by construction.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import product
from typing import Any, Iterable, Mapping, Sequence

from deckgen.errors import ShowdownError
from deckgen.games.archeon.data import ArcheonData

FAMILIES = ("blood", "sand")

# tokens whose effect is a change of the whole table's rules: no shield stops them
UNSHIELDABLE = ("reverse", "prime", "no_planet")


@dataclass(frozen=True)
class HandCard:
    """A card in a hand: a numbered card (value 1-6), an Impostor or a Sylop, with sign and era if known."""

    family: str
    kind: str = "number"  # number | impostor | sylop
    value: int | None = None  # printed value of a numbered card
    sign: str | None = None
    era: str | None = None
    id: str | None = None
    dice: tuple[int, ...] = ()
    choose: int | None = None


@dataclass(frozen=True)
class Play:
    """An entourage card played this round that acts at the reveal (its sign's ability at a tier)."""

    ability: str
    tier: int
    params: Mapping[str, Any]  # the tier's numbers (signs.yaml)
    target: str | None = None  # a player name, for abilities that reach other hands
    card: str | None = None  # the family of the card it changes (blood / sand)
    by: int = 0  # Tuning: the signed change
    cancel: str | None = None  # Resolution: a token name or "planet"


@dataclass(frozen=True)
class Player:
    """A player at the reveal: name, two cards, what they played from the entourage, chips (None: uncapped)."""

    name: str
    cards: tuple[HandCard, HandCard]
    plays: tuple[Play, ...] = ()
    chips: int | None = None
    stake: str | None = None
    drew: bool = True


@dataclass(frozen=True)
class TokenPlay:
    """A shift token played this round: by whom, on whom, and a Prime Sabacc's value."""

    name: str
    effect: Mapping[str, Any]
    by: str | None = None
    target: str | None = None
    value: int | None = None


@dataclass(frozen=True)
class Table:
    """The round's conditions at the reveal."""

    planet: str | None = None
    planet_rules: Mapping[str, Any] = field(default_factory=dict)
    tokens: tuple[TokenPlay, ...] = ()
    round: int = 1
    multiplier: int = 1
    bakura_family: str = "blood"
    bank: int = 0


@dataclass(frozen=True)
class Hand:
    """A judged hand: its values after the reveal steps, its step and its strength."""

    name: str
    values: tuple[int, int]  # (blood, sand) after steps 2-4
    step: int
    step_id: str
    raised: bool
    paired: bool  # a pair-like hand (pays the pair penalty when it loses)
    pair: int | None  # the pair value it counts as (after Bonadan), None without a pair
    difference: int
    total: int
    key: tuple  # the strength before Cook the Books
    cards: tuple[HandCard, ...] = ()  # the two cards held (none for a hand judged from values)
    natural: str = ""  # the step id the cards make before Dxun raises them

    def as_dict(self) -> dict[str, Any]:
        out = {"name": self.name, "step": self.step, "step_name": self.step_id,
               "category": self.step_id, "raised": self.raised,
               "values": list(self.values), "pair": self.pair, "difference": self.difference, "sum": self.total}
        if self.raised:
            out["raised_from"] = self.natural
        return out


@dataclass(frozen=True)
class Reveal:
    """The outcome of a reveal: every hand, the winners, and what the settlement needs."""

    hands: tuple[Hand, ...]
    winners: tuple[str, ...]
    reversed: bool
    planet_active: bool
    active_tokens: tuple[TokenPlay, ...]
    idle_tokens: tuple[str, ...]  # tokens that do nothing at the reveal
    shielded: Mapping[str, frozenset[int]] = field(default_factory=dict)  # player -> indexes of tokens blocked

    def hand(self, name: str) -> Hand:
        return next(h for h in self.hands if h.name == name)


# ------------------------------------------------------------------ context


@dataclass
class _Context:
    data: ArcheonData
    table: Table
    players: Sequence[Player]
    planet: Mapping[str, Any]  # the planet's rules if active, else {}
    tokens: list[tuple[int, TokenPlay]]  # active tokens with their index in the played order
    idle: list[str]
    shielded: dict[str, set[int]]

    def touches(self, index: int, token: TokenPlay, player: str) -> bool:
        """Token ``index`` acts on ``player``: aimed at them (or the whole table) and not shielded."""
        if token.effect.get("aim") == "player" and token.target != player:
            return False
        if token.effect.get("aim") == "self" and token.by != player:
            return False
        return index not in self.shielded.get(player, set())

    def table_token(self, key: str) -> TokenPlay | None:
        return next((t for _, t in self.tokens if t.effect.get(key)), None)

    def plays(self, ability: str) -> Iterable[tuple[Player, Play]]:
        for p in self.players:
            for play in p.plays:
                if play.ability == ability:
                    yield p, play


def _context(data: ArcheonData, table: Table, players: Sequence[Player]) -> _Context:
    """Active tokens and planet after Resolution and Dead Zone; the shields of Immunity and Cover."""
    tokens = list(enumerate(table.tokens))
    planet_on = table.planet is not None
    # Resolution (entourage): cancels one token (tier 1) or a token or the planet's rule (tiers 2, 3)
    for p in players:
        for play in p.plays:
            if play.ability != "resolution" or play.cancel is None:
                continue
            if play.cancel == "planet":
                planet_on = False
            else:
                tokens = [(i, t) for i, t in tokens if t.name != play.cancel]
    if any(t.effect.get("no_planet") for _, t in tokens):
        planet_on = False
    shielded: dict[str, set[int]] = {}
    for p in players:
        limit = 0
        for i, t in tokens:
            if t.by == p.name and t.effect.get("shield"):
                limit = max(limit, int(t.effect["shield"]))
        for play in p.plays:
            if play.ability == "cover":
                limit = max(limit, int(play.params["tokens"]))
        if not limit:
            continue
        blocked: set[int] = set()
        for i, t in tokens:
            if len(blocked) >= limit:
                break
            if t.by == p.name or any(t.effect.get(k) for k in UNSHIELDABLE):
                continue
            aim = t.effect.get("aim")
            if aim == "table" or (aim == "player" and t.target == p.name):
                blocked.add(i)
        shielded[p.name] = blocked
    idle = [t.name for _, t in tokens if not _acts_at_reveal(t.effect)]
    return _Context(data, table, players, dict(table.planet_rules) if planet_on else {}, tokens, idle, shielded)


REVEAL_TOKEN_KEYS = ("impostor_value", "sylop_value", "reverse", "prime", "impostor_dice", "plain_pairs",
                     "chronicle_as_mirror", "no_planet", "penalty_cap_ante", "penalty_plus", "shield")


def _acts_at_reveal(effect: Mapping[str, Any]) -> bool:
    return any(effect.get(k) is not None and effect.get(k) is not False for k in REVEAL_TOKEN_KEYS)


# ------------------------------------------------------------------ steps 1-4: values


def bakura(players: Sequence[Player], family: str) -> list[Player]:
    """Everybody passes the card of ``family`` to the left neighbour (the next player) at once."""
    idx = FAMILIES.index(family)
    n = len(players)
    out = []
    for i, p in enumerate(players):
        cards = list(p.cards)
        cards[idx] = players[(i - 1) % n].cards[idx]
        out.append(replace(p, cards=(cards[0], cards[1])))
    return out


def _ordered(cards: Sequence[HandCard]) -> tuple[HandCard, HandCard]:
    """(blood, sand); the caller has checked there is one of each."""
    blood = next(c for c in cards if c.family == "blood")
    sand = next(c for c in cards if c.family == "sand")
    return blood, sand


def impostor_fix(ctx: _Context, player: Player) -> int | None:
    """The value the round fixes for ``player``'s Impostors: planet, then tokens in order (the last wins)."""
    fixed = ctx.planet.get("impostor_value")
    for i, t in ctx.tokens:
        value = t.effect.get("impostor_value")
        if value is not None and ctx.touches(i, t, player.name):
            fixed = value
    return fixed


def impostor_dice_allowed(ctx: _Context, player: Player) -> int:
    """How many dice ``player`` rolls for an Impostor (2; Loaded Dice or Providence more; 0: names the value)."""
    count = 2
    for i, t in ctx.tokens:
        if t.effect.get("impostor_dice") and ctx.touches(i, t, player.name):
            count = max(count, int(t.effect["impostor_dice"]))
    for play in player.plays:
        if play.ability == "providence":
            dice = int(play.params["dice"])
            if dice == 0:
                return 0
            count = max(count, dice)
    return count


def impostor_options(ctx: _Context, player: Player, card: HandCard) -> tuple[int, ...]:
    """The values the owner may give an Impostor (one, if it is fixed or chosen)."""
    if any(p.ability == "providence" and int(p.params["dice"]) == 0 for p in player.plays):
        return (card.choose,) if card.choose is not None else tuple(range(1, 7))
    fixed = impostor_fix(ctx, player)
    if fixed is not None:
        return (fixed,)
    if card.choose is not None:
        return (card.choose,)
    return tuple(sorted(set(card.dice)))


def sylop_value(ctx: _Context, player: Player) -> int | None:
    """What the round makes ``player``'s Sylops worth (None: they copy); planet, then tokens in order."""
    value = ctx.planet.get("sylop_value")
    for i, t in ctx.tokens:
        v = t.effect.get("sylop_value")
        if v is not None and ctx.touches(i, t, player.name):
            value = v
    return value


def _clamp(v: int) -> int:
    return max(1, min(6, v))


def _modify(values: dict[str, list[int]], ctx: _Context) -> None:
    """Step 4: the entourage's value changes, player by player in seat order, each in the order played."""
    for p in ctx.players:
        for play in p.plays:
            own = values[p.name]
            if play.ability == "assembly":
                i = FAMILIES.index(play.card or "blood")
                other = own[1 - i]
                if own[i] and other and abs(own[i] - other) <= int(play.params["reach"]):
                    own[i] = other
            elif play.ability in ("tuning", "protocol"):
                who = values[play.target or p.name]
                i = FAMILIES.index(play.card or "blood")
                if who[i]:
                    who[i] = _clamp(who[i] + play.by)
            elif play.ability == "rank-shift":
                by = int(play.params["by"])
                reach = play.params["reach"]
                shifted = play.target if play.target and play.target != p.name else None
                lower_own = reach == "own" or reach == "own-and-other" or shifted is None
                if lower_own:
                    own[:] = [_clamp(v - by) if v else v for v in own]
                if shifted is not None and reach != "own":
                    values[shifted][:] = [_clamp(v + by) if v else v for v in values[shifted]]


# ------------------------------------------------------------------ steps 5-6: qualification, strength


def _qualify(ctx: _Context, player: Player, cards: tuple[HandCard, HandCard], vals: Sequence[int],
             sylops: tuple[bool, bool], pure: bool, prime: int | None) -> Hand:
    data = ctx.data
    ladder = data.rules.ladder
    a, b = vals
    plain: bool | str = False  # True: nothing counts; "discredit": pairs count plain
    chron_mirror = False
    for i, t in ctx.tokens:
        if t.effect.get("plain_pairs") and ctx.touches(i, t, player.name):
            if t.effect.get("aim") == "table":
                plain = True  # Blank Archive: signs and eras do not count at all
            else:
                plain = plain or "discredit"
        if t.effect.get("chronicle_as_mirror") and ctx.touches(i, t, player.name):
            chron_mirror = True
    archive_blank = plain is True
    s1, s2 = cards[0].sign, cards[1].sign
    e1, e2 = cards[0].era, cards[1].era
    same_sign = s1 is not None and s1 == s2 and not archive_blank
    same_era = e1 is not None and e1 == e2 and not archive_blank
    paired, pair = False, None
    if pure:
        step_id, paired = "pure-sabacc", True
    elif ctx.planet.get("idiots_array") and (sylops[0] != sylops[1]) and (b if sylops[0] else a) == 2:
        step_id, paired = "idiots-array", True
    elif a == b:
        paired = True
        pair = int(ctx.planet.get("pair_as", {}).get(a, ctx.planet.get("pair_as", {}).get(str(a), a)))
        if prime is not None and pair == prime:
            step_id = "prime-sabacc"
        elif plain:
            step_id = "pair"
        elif same_sign:
            step_id = "mirror"
        elif same_era:
            step_id = "mirror" if chron_mirror else "chronicle"
        else:
            step_id = "pair"
    else:
        step_id = "no-pair"
    step = ladder.index(step_id) + 1
    raised = False
    if ctx.planet.get("same_sign_raise") and same_sign and step < len(ladder):
        step = min(len(ladder), step + int(ctx.planet["same_sign_raise"]))
        raised = True
    diff, total = abs(a - b), a + b
    if pair is not None:
        order = 7 if (pair == 1 and ctx.planet.get("ones_last")) else pair
        tie = (-order, 0)
    elif paired:
        tie = (0, 0)
    else:
        tie = (-diff, -total)
    key = (step, 0 if raised else 1) + tie
    return Hand(player.name, (a, b), step, ladder[step - 1], raised, paired, pair, diff, total, key, cards, step_id)


def strength(hand: Hand, reversed_: bool = False) -> tuple:
    """The comparable strength of a judged hand (higher wins); Cook the Books negates it."""
    return tuple(-k for k in hand.key) if reversed_ else hand.key


def compare(a: Hand, b: Hand, reversed_: bool = False) -> int:
    """1 if ``a`` beats ``b``, -1 if it loses, 0 if they are equal."""
    x, y = strength(a, reversed_), strength(b, reversed_)
    return (x > y) - (x < y)


# ------------------------------------------------------------------ the reveal


def _evaluate(ctx: _Context, players: Sequence[Player], choice: Mapping[tuple[int, int], int]) -> list[Hand]:
    """Steps 2-5 for every player with the Impostor values of ``choice`` ((player, slot) -> value)."""
    values: dict[str, list[int]] = {}
    meta: dict[str, tuple[tuple[bool, bool], bool]] = {}
    for pi, p in enumerate(players):
        cards = p.cards
        vals = [0, 0]
        for slot, card in enumerate(cards):
            if card.kind == "number":
                assert card.value is not None, "a numbered card has its value"
                vals[slot] = int(card.value)
            elif card.kind == "impostor":
                vals[slot] = choice[(pi, slot)]
        sylops = (cards[0].kind == "sylop", cards[1].kind == "sylop")
        sv = sylop_value(ctx, p) if any(sylops) else None
        pure = False
        if all(sylops):
            fixed = 0 if sv is None else sv
            vals = [fixed, fixed]
            pure = sv is None or sv == 0
        elif any(sylops):
            s = 0 if sylops[0] else 1
            vals[s] = vals[1 - s] if sv is None else sv
        values[p.name] = vals
        # a Sylop that copies or is worth 0 still forms the Idiot's Array; one made a 6 by Counterfeit does not
        meta[p.name] = (sylops if sv in (None, 0) else (False, False), pure)
    _modify(values, ctx)
    prime_token = ctx.table_token("prime")
    prime = prime_token.value if prime_token is not None else None
    return [_qualify(ctx, p, p.cards, values[p.name], meta[p.name][0], meta[p.name][1], prime) for p in players]


def _choices(ctx: _Context, players: Sequence[Player]) -> dict[tuple[int, int], tuple[int, ...]]:
    """(player, slot) -> the values each Impostor may take."""
    out = {}
    for pi, p in enumerate(players):
        for slot, card in enumerate(p.cards):
            if card.kind == "impostor":
                out[(pi, slot)] = impostor_options(ctx, p, card)
    return out


def reveal(data: ArcheonData, players: Sequence[Player], table: Table) -> Reveal:
    """Judge the reveal of ``players`` (cards as held before step 1) under ``table``.

    An Impostor whose value is neither fixed nor chosen takes, of its
    options, the value that makes its owner's hand strongest at this reveal
    (each owner for himself, in seat order; abilities on other hands count
    with the others' choices as made so far).
    """
    ctx = _context(data, table, players)
    if ctx.planet.get("pass_before_reveal"):
        players = bakura(players, table.bakura_family)
        ctx = replace(ctx, players=players)
    reversed_ = ctx.table_token("reverse") is not None
    options = _choices(ctx, players)
    choice = {k: v[0] for k, v in options.items()}
    for pi, p in enumerate(players):  # each owner picks the best for his own hand
        slots = [k for k in options if k[0] == pi and len(options[k]) > 1]
        if not slots:
            continue
        combos = list(product(*(options[k] for k in slots)))
        keys = [strength(_evaluate(ctx, players, {**choice, **dict(zip(slots, combo))})[pi], reversed_)
                for combo in combos]
        best = combos[keys.index(max(keys))]  # the first of equally strong choices
        choice.update(zip(slots, best))
    hands = _evaluate(ctx, players, choice)
    best_key = max(strength(h, reversed_) for h in hands)
    winners = tuple(h.name for h in hands if strength(h, reversed_) == best_key)
    return Reveal(tuple(hands), winners, reversed_, bool(ctx.planet), tuple(t for _, t in ctx.tokens),
                  tuple(ctx.idle), {k: frozenset(v) for k, v in ctx.shielded.items()})


def hand_of(cards: Sequence[HandCard], path: tuple) -> tuple[HandCard, HandCard]:
    """(blood, sand) of a two-card hand; ShowdownError at ``path`` otherwise."""
    if len(cards) != 2:
        raise ShowdownError(path, f"a hand is exactly two cards, one Blood and one Sand; this one has {len(cards)}")
    fams = sorted(c.family for c in cards)
    if fams != ["blood", "sand"]:
        which = "two Blood cards" if fams == ["blood", "blood"] else "two Sand cards"
        raise ShowdownError(path, f"a hand is one Blood and one Sand card; this one has {which}")
    return _ordered(cards)
