"""What the Archeon engine reads from the game's files, validated with located problems.

``data/archeon/game.yaml`` names the engine files under ``engine_data:``
(``rules``, ``signs``, ``eras``, ``planets``, ``tokens``); the archive is the
card list of the deck ``archive``.  Data files hold ids and numbers only;
every word is in the lang files.  :func:`load_data` is the descriptor's
``load_data``: it reports every problem of every file at once, at its line,
and returns an :class:`ArcheonData` under the key ``"archeon"`` plus the
``facts`` the rule texts quote.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from deckgen.errors import DeckgenError, Problem
from deckgen.validate import validate
from deckgen.yamlpos import Located, load_yaml

GAME_ID = "archeon"
ARCHIVE_DECK = "archive"
ENGINE_FILES = ("rules", "signs", "eras", "planets", "tokens")
SPECIAL_VALUES = ("impostor", "sylop")
STEPS = ("no-pair", "pair", "chronicle", "mirror", "prime-sabacc", "idiots-array", "pure-sabacc")

_ID = {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"}
_IDS = {"type": "array", "minItems": 1, "uniqueItems": True, "items": _ID}
_POS = {"type": "integer", "minimum": 1}
_NAT = {"type": "integer", "minimum": 0}

RULES_SCHEMA = {
    "type": "object", "additionalProperties": False,
    "required": ["table", "families", "sides", "kinds", "rarities", "match_deck", "ladder", "ante", "penalty",
                 "spike", "round", "entourage", "tokens", "talk", "actions"],
    "properties": {
        "table": {"type": "object", "additionalProperties": False,
                  "required": ["min_players", "max_players", "start_chips"],
                  "properties": {"min_players": _POS, "max_players": _POS, "start_chips": _POS}},
        "families": {**_IDS, "minItems": 2, "maxItems": 2},
        "sides": _IDS,
        "kinds": _IDS,
        "rarities": {"type": "object", "minProperties": 1, "propertyNames": _ID, "additionalProperties": _POS},
        "match_deck": {"type": "object", "additionalProperties": False,
                       "required": ["copies_per_value", "impostors", "sylops"],
                       "properties": {"copies_per_value": _POS, "impostors": _NAT, "sylops": _NAT}},
        "ladder": {**_IDS, "minItems": len(STEPS), "maxItems": len(STEPS), "items": {"enum": list(STEPS)}},
        "ante": {"type": "object", "additionalProperties": False, "required": ["steps", "doubling"],
                 "properties": {"steps": {"type": "array", "minItems": 1, "items": _POS},
                                "doubling": {"type": "integer", "minimum": 1}}},
        "penalty": {"type": "object", "additionalProperties": False, "required": ["pair"],
                    "properties": {"pair": _NAT}},
        "spike": {"type": "object", "additionalProperties": False, "required": ["multipliers"],
                  "properties": {"multipliers": {"type": "array", "minItems": 1, "items": _POS}}},
        "round": {"type": "object", "additionalProperties": False, "required": ["circles"],
                  "properties": {"circles": _POS}},
        "entourage": {"type": "object", "additionalProperties": False, "required": ["support_deck", "hand", "pawn"],
                      "properties": {"support_deck": _POS, "hand": _POS, "pawn": _NAT}},
        "tokens": {"type": "object", "additionalProperties": False, "required": ["per_player"],
                   "properties": {"per_player": _POS}},
        "talk": {"type": "object", "additionalProperties": False,
                 "required": ["declaration_reward", "check_cost", "liar_pays", "plant_wrong_pays"],
                 "properties": {k: _NAT for k in ("declaration_reward", "check_cost", "liar_pays", "plant_wrong_pays")}},
        "actions": _IDS,
    },
}

# ability -> the keys of one tier (JSON Schema of each); the engine implements these.
ABILITY_TIER: dict[str, dict[str, Any]] = {
    "assembly": {"reach": _POS},
    "tuning": {"by": _POS, "reach": {"enum": ["own", "any"]}},
    "stabilisation": {"cap": _NAT},
    "rank-shift": {"by": _POS, "reach": {"enum": ["own", "own-or-other", "own-and-other"]}},
    "insight": {"cards": _POS, "players": {"oneOf": [_POS, {"const": "all"}]}},
    "credit-line": {"borrow": _POS, "repay": _NAT},
    "protocol": {"by": _POS, "reach": {"enum": ["own", "any"]}},
    "insurance": {"minus": _POS},
    "resolution": {"cancel": {"enum": ["token", "any"]}, "refund": _NAT},
    "advance": {"take": _NAT, "factor": _POS},
    "providence": {"dice": {"enum": [0, 3, 4, 5, 6]}},
    "order": {"reveal": {"enum": ["declare", "show", "turn"]}},
    "cover": {"tokens": _POS},
    "swap": {"source": {"enum": ["discard", "deck-or-discard", "player"]}},
    "contraband": {"free_draws": _POS},
    "tip-off": {"look": _POS, "decks": {"enum": [1, 2]}},
}


def _tier_schema(ability: str) -> dict:
    keys = ABILITY_TIER[ability]
    return {"type": "object", "additionalProperties": False, "required": list(keys), "properties": keys}


SIGNS_SCHEMA = {
    "type": "object", "additionalProperties": False, "required": ["signs"],
    "properties": {"signs": {
        "type": "object", "minProperties": 1, "propertyNames": _ID,
        "additionalProperties": {
            "type": "object", "additionalProperties": False, "required": ["glyph", "ability", "tiers"],
            "properties": {"glyph": _ID, "ability": {"enum": sorted(ABILITY_TIER)},
                           "tiers": {"type": "array", "minItems": 3, "maxItems": 3, "items": {"type": "object"}}}}}},
}

ERAS_SCHEMA = {"type": "object", "additionalProperties": False, "required": ["eras"],
               "properties": {"eras": _IDS}}

_FLAG = {"type": "boolean"}
_DIE = {"type": "integer", "minimum": 0, "maximum": 6}
PLANET_KEYS = {
    "first_draw_factor": _NAT, "later_draw_factor": _NAT, "max_draws": _POS, "draw_factor": _NAT,
    "discard_draw_factor": _NAT, "deck_draw_factor": _NAT, "stand_cost": _NAT, "circles": _POS,
    "pair_as": {"type": "object", "propertyNames": {"pattern": "^[1-6]$"},
                "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 6}},
    "ones_last": _FLAG, "penalty_minus": _NAT, "share_unpenalised": _FLAG, "must_draw_or_pay": _NAT,
    "idiots_array": _FLAG, "commission": _NAT, "tokens_per_turn": _POS, "impostor_value": _DIE,
    "sylop_value": _DIE, "entourage_side": _ID, "bonus_per_loser": _NAT, "opening_declaration": _FLAG,
    "ante_frozen": _FLAG, "entourage_to_left": _FLAG, "bank_factor": _POS, "hidden_log": _FLAG,
    "draw_fees_to_bank": _FLAG, "pass_before_reveal": _FLAG, "same_sign_raise": _POS,
    "pass_blood_each_circle": _FLAG,
}
PLANETS_SCHEMA = {
    "type": "object", "additionalProperties": False, "required": ["planets"],
    "properties": {"planets": {"type": "object", "minProperties": 1, "propertyNames": _ID,
                               "additionalProperties": {"type": "object", "additionalProperties": False,
                                                        "properties": PLANET_KEYS}}},
}

TOKEN_KEYS = {
    "free_draws": _POS, "refund": _POS, "take_from_each": _POS, "impostor_value": _DIE, "reverse": _FLAG,
    "sylop_value": _DIE, "prime": _FLAG, "charge_each": _POS, "charge": _POS, "charge_each_standing": _POS,
    "charge_standing": _POS, "must_stand": _FLAG, "shield": _POS, "new_hand": _FLAG, "swap_hands": _FLAG,
    "reveal_now": _FLAG, "freeze_multiplier": _FLAG, "impostor_dice": {"type": "integer", "minimum": 2,
                                                                        "maximum": 6},
    "plain_pairs": _FLAG, "chronicle_as_mirror": _FLAG, "no_planet": _FLAG, "penalty_cap_ante": _FLAG,
    "penalty_plus": _POS, "take_from_bank": _POS, "pawn": _POS, "extra_spike": _FLAG, "exit_refund": _POS,
    "reshuffle": _FLAG, "look": _POS, "must_declare": _FLAG, "second_discard": _FLAG, "extra_circles": _POS,
    "next_planet": _FLAG, "no_entourage": _FLAG, "recruit": _POS,
}
TOKENS_SCHEMA = {
    "type": "object", "additionalProperties": False, "required": ["tokens"],
    "properties": {"tokens": {"type": "object", "minProperties": 1, "propertyNames": _ID,
                              "additionalProperties": {
                                  "type": "object", "additionalProperties": False, "required": ["origin", "aim"],
                                  "properties": {"origin": {"enum": ["kessel", "archeon"]},
                                                 "aim": {"enum": ["table", "self", "player"]}, **TOKEN_KEYS}}}},
}

SCHEMAS = {"rules": RULES_SCHEMA, "signs": SIGNS_SCHEMA, "eras": ERAS_SCHEMA, "planets": PLANETS_SCHEMA,
           "tokens": TOKENS_SCHEMA}


# ------------------------------------------------------------------ the model


@dataclass(frozen=True)
class ArchiveCard:
    """A named card of the archive (ids only; its name is in the lang files)."""

    id: str
    family: str
    value: int | str  # 1..6, "impostor" or "sylop"
    rarity: str
    sign: str
    era: str
    side: str
    tier: int | None
    kind: str


@dataclass(frozen=True)
class Sign:
    """A sign: its glyph, its entourage ability and the ability's numbers at tiers 1-3."""

    id: str
    glyph: str
    ability: str
    tiers: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class Rules:
    """The numbers of rules.yaml (see the file's comments)."""

    min_players: int
    max_players: int
    start_chips: int
    families: tuple[str, ...]
    sides: tuple[str, ...]
    kinds: tuple[str, ...]
    rarities: Mapping[str, int]
    copies_per_value: int
    impostors: int
    sylops: int
    ladder: tuple[str, ...]
    ante_steps: tuple[int, ...]
    ante_doubling: int
    pair_penalty: int
    multipliers: tuple[int, ...]
    circles: int
    support_deck: int
    entourage_hand: int
    pawn: int
    tokens_per_player: int
    talk: Mapping[str, int]
    actions: tuple[str, ...]

    def step(self, step_id: str) -> int:
        """The step number (1 weakest) of a ladder step id."""
        return self.ladder.index(step_id) + 1

    @property
    def match_deck_size(self) -> int:
        return len(self.families) * (6 * self.copies_per_value + self.impostors + self.sylops)


@dataclass(frozen=True)
class ArcheonData:
    """Everything the engine reads: rules, signs, eras, planets, tokens and the archive."""

    rules: Rules
    signs: Mapping[str, Sign]
    eras: tuple[str, ...]
    planets: Mapping[str, Mapping[str, Any]]
    tokens: Mapping[str, Mapping[str, Any]]
    archive: Mapping[str, ArchiveCard] = field(default_factory=dict)  # id -> card, in archive order
    abilities: Mapping[str, str] = field(default_factory=dict)  # ability -> sign

    def sign_of_ability(self, ability: str) -> Sign | None:
        sign = self.abilities.get(ability)
        return self.signs.get(sign) if sign else None


def _rules(d: Mapping[str, Any]) -> Rules:
    return Rules(
        min_players=d["table"]["min_players"], max_players=d["table"]["max_players"],
        start_chips=d["table"]["start_chips"], families=tuple(d["families"]), sides=tuple(d["sides"]),
        kinds=tuple(d["kinds"]), rarities=dict(d["rarities"]), copies_per_value=d["match_deck"]["copies_per_value"],
        impostors=d["match_deck"]["impostors"], sylops=d["match_deck"]["sylops"], ladder=tuple(d["ladder"]),
        ante_steps=tuple(d["ante"]["steps"]), ante_doubling=d["ante"]["doubling"], pair_penalty=d["penalty"]["pair"],
        multipliers=tuple(d["spike"]["multipliers"]), circles=d["round"]["circles"],
        support_deck=d["entourage"]["support_deck"], entourage_hand=d["entourage"]["hand"],
        pawn=d["entourage"]["pawn"], tokens_per_player=d["tokens"]["per_player"], talk=dict(d["talk"]),
        actions=tuple(d["actions"]))


# ------------------------------------------------------------------ loading


def bundled_game_dir() -> Path | None:
    """``data/archeon`` of the bundled project (for an engine used without a project game)."""
    from deckgen.project import BUNDLED_ROOT

    if BUNDLED_ROOT is None:
        return None
    folder = Path(BUNDLED_ROOT) / "data" / GAME_ID
    return folder if folder.is_dir() else None


def _engine_docs(game) -> dict[str, Located]:
    if game is not None:
        from deckgen.loader import load_engine_files

        docs = load_engine_files(game)
        missing = [k for k in ENGINE_FILES if k not in docs]
        if missing:
            src = game.source
            raise DeckgenError(Problem(src.file if src else None, None, None, "engine_data",
                                       f"the archeon engine needs the files {', '.join(missing)} under engine_data "
                                       f"(e.g. {missing[0]}: {missing[0]}.yaml)"))
        return docs
    folder = bundled_game_dir()
    if folder is None:
        raise DeckgenError("the archeon engine needs its data files (data/archeon/*.yaml): use it in a project")
    return {k: load_yaml(folder / f"{k}.yaml", f"data/{GAME_ID}/{k}.yaml") for k in ENGINE_FILES}


def _semantic_problems(docs: Mapping[str, Located]) -> list[Problem]:
    """What the schemas cannot say: tiers per ability, known sides, distinct multipliers..."""
    problems: list[Problem] = []
    rules, signs, planets = docs["rules"], docs["signs"], docs["planets"]
    r = rules.data
    if r["table"]["min_players"] > r["table"]["max_players"]:
        problems.append(rules.problem(("table", "min_players"), "is larger than max_players"))
    if sorted(r["ladder"]) != sorted(STEPS):
        problems.append(rules.problem(("ladder",), f"must list each of the engine's steps once: {', '.join(STEPS)}"))
    mults = r["spike"]["multipliers"]
    if mults[0] != 1 or any(b <= a for a, b in zip(mults, mults[1:])):
        problems.append(rules.problem(("spike", "multipliers"), "must start at 1 and rise"))
    for sign_id, spec in signs.data["signs"].items():
        schema = _tier_schema(spec["ability"])
        for i, tier in enumerate(spec["tiers"]):
            sub = Located(tier, signs.file, {k[4:]: v for k, v in signs.lines.items()
                                             if k[:4] == ("signs", sign_id, "tiers", i)},
                          {k[4:]: v for k, v in signs.columns.items() if k[:4] == ("signs", sign_id, "tiers", i)})
            for p in validate(sub, schema):
                field_name = ".".join(filter(None, [f"signs.{sign_id}.tiers.{i}", p.field]))
                problems.append(Problem(p.file, p.line, p.column, field_name, p.message))
    abilities: dict[str, str] = {}
    for sign_id, spec in signs.data["signs"].items():
        if spec["ability"] in abilities:
            problems.append(signs.problem(("signs", sign_id, "ability"), f"ability {spec['ability']!r} already "
                                                                         f"belongs to sign {abilities[spec['ability']]!r}"))
        abilities.setdefault(spec["ability"], sign_id)
    sides = set(r["sides"])
    for planet_id, spec in planets.data["planets"].items():
        if "entourage_side" in spec and spec["entourage_side"] not in sides:
            problems.append(planets.problem(("planets", planet_id, "entourage_side"),
                                            f"no side {spec['entourage_side']!r} (rules.yaml sides: {', '.join(sides)})"))
    return problems


def archive_problems(game, data_rules: Rules, signs, eras) -> tuple[dict[str, ArchiveCard], list[Problem]]:
    """The archive deck's cards as ArchiveCards, with a located problem for every bad attribute."""
    problems: list[Problem] = []
    cards: dict[str, ArchiveCard] = {}
    deck = game.decks.get(ARCHIVE_DECK) if game is not None else None
    if deck is None:
        src = game.source if game is not None else None
        problems.append(Problem(src.file if src else None, None, None, f"decks.{ARCHIVE_DECK}",
                                "the archeon engine needs the deck 'archive' (cards: archive.yaml)"))
        return cards, problems
    allowed = {"family": data_rules.families, "rarity": tuple(data_rules.rarities), "sign": tuple(signs),
               "era": tuple(eras), "side": data_rules.sides, "kind": data_rules.kinds}
    for card in deck.cards:
        src = card.source

        def bad(name: str, message: str) -> None:
            problems.append(Problem(src.file if src else None, src.line if src else None, None,
                                    f"{card.id}.{name}", message))

        ok = True
        for name, choices in allowed.items():
            value = card.fields.get(name)
            if value not in choices:
                bad(name, f"{value!r} is not one of: {', '.join(choices)}" if value is not None else "missing")
                ok = False
        value = card.fields.get("value")
        if not ((isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6)
                or value in SPECIAL_VALUES):
            bad("value", f"{value!r}: a value is 1 to 6, impostor or sylop")
            ok = False
        tier = card.fields.get("tier")
        if tier is not None and not (isinstance(tier, int) and not isinstance(tier, bool) and 1 <= tier <= 3):
            bad("tier", f"{tier!r}: a tier is 1, 2, 3 or null (no ability)")
            ok = False
        if card.count != 1:
            bad("count", "every archive card exists once (a match deck takes different cards)")
        if card.id in cards:
            bad("id", f"duplicate card id {card.id!r}")
            ok = False
        if ok:
            f = card.fields
            cards[card.id] = ArchiveCard(card.id, f["family"], value, f["rarity"], f["sign"], f["era"], f["side"],
                                         tier, f["kind"])
    return cards, problems


def parse(docs: Mapping[str, Located], game) -> ArcheonData:
    """Validate the engine files (and the archive of ``game``) and build the model; DeckgenError if broken."""
    problems: list[Problem] = []
    for key, doc in docs.items():
        problems.extend(validate(doc, SCHEMAS[key]))
    if problems:
        raise DeckgenError(problems)
    problems.extend(_semantic_problems(docs))
    if problems:
        raise DeckgenError(problems)
    rules = _rules(docs["rules"].data)
    signs = {sid: Sign(sid, s["glyph"], s["ability"], tuple(dict(t) for t in s["tiers"]))
             for sid, s in docs["signs"].data["signs"].items()}
    eras = tuple(docs["eras"].data["eras"])
    archive: dict[str, ArchiveCard] = {}
    if game is not None:
        archive, problems = archive_problems(game, rules, signs, eras)
        if problems:
            raise DeckgenError(problems)
    planets = {pid: dict(p) for pid, p in docs["planets"].data["planets"].items()}
    tokens = {tid: dict(t) for tid, t in docs["tokens"].data["tokens"].items()}
    abilities = {s.ability: s.id for s in signs.values()}
    return ArcheonData(rules, signs, eras, planets, tokens, archive, abilities)


def facts(data: ArcheonData) -> dict[str, Any]:
    """Numbers the rule texts quote (``{start_chips}``, ``{ante_steps}`` ...), from the data."""
    r = data.rules
    doubled = [r.ante_steps[-1] * r.ante_doubling ** k for k in (1, 2, 3)]
    return {
        "min_players": r.min_players, "max_players": r.max_players, "start_chips": r.start_chips,
        "ante_steps": ", ".join(str(s) for s in r.ante_steps), "ante_rounds": len(r.ante_steps),
        "ante_doubled": ", ".join(str(s) for s in doubled), "pair_penalty": r.pair_penalty,
        "max_multiplier": r.multipliers[-1], "circles": r.circles, "pawn": r.pawn,
        "support_deck": r.support_deck, "entourage_hand": r.entourage_hand, "tokens_per_player": r.tokens_per_player,
        "archive_cards": len(data.archive), "signs": len(data.signs), "eras": len(data.eras),
        "planets": len(data.planets), "tokens": len(data.tokens),
        **{f"weight_{k}": v for k, v in r.rarities.items()},
    }


def load_data(game) -> dict[str, Any]:
    """The descriptor's ``load_data``: ``{"archeon": ArcheonData, "facts": {...}}``.

    Outside a project (``game`` None) the bundled data files serve, without
    an archive (inline cards only).
    """
    docs = _engine_docs(game)
    data = parse(docs, game)
    return {"archeon": data, "facts": facts(data)}


def of(data: Mapping[str, Any]) -> ArcheonData:
    """The ArcheonData inside a descriptor data dict (loading the bundled files if it is empty)."""
    found = data.get("archeon") if data else None
    if found is None:
        found = load_data(None)["archeon"]
    return found
