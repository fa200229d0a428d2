"""The Archeon reference sheet (document kind ``archeon-reference``): its data, judged at build time.

The page is ``templates/archeon/reference.svg.j2`` (A4 or Letter, one per
language).  This module hands it, in the page's language:

* the seven ladder steps, strongest first, each with the example hand that
  ``game.yaml`` gives under ``documents.<id>.options.ladder.<step>``: the two
  archive cards rendered with the archive's own front template, the values
  the engine gives them and the planet or token the step needs.  Every hand
  is judged by the engine; a hand the engine puts on another step is a
  problem located at its line of game.yaml, and stops the build. A step no
  planet allows yet (the Idiot's Array, seed 002) takes ``unreached: true``:
  its hand shows what it is instead, and the engine must NOT put it there;
* the round, the ante by round, the spike and the reveal order, in the
  words of the lang files with the numbers of ``rules.yaml``;
* the penalty formula with a worked example (``options.penalty``, a
  showdown in the judge's format): the engine's penalty for the first
  loser must be the printed formula's (1 chip with a pair, else the
  difference, times the multiplier), or the build stops.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping

from babel.numbers import format_decimal

from deckgen.errors import DeckgenError, Problem, ShowdownError
from deckgen.games.archeon.data import ARCHIVE_DECK, of
from deckgen.games.archeon.judge import judge
from deckgen.registry import DocumentKind
from deckgen.strings import player_name
from deckgen.yamlpos import Located, load_yaml

#: Keys of a ladder example besides its hand: what the judge reads for the table.
TABLE_KEYS = ("planet", "tokens", "round")


class _Where:
    """Locates a path under the document's ``options`` in game.yaml."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.base = ("documents", ctx.spec.id, "options")
        source = ctx.spec.source
        self.doc: Located | None = None
        if source is not None:
            try:
                self.doc = load_yaml(Path(ctx.project.root) / source.file, display=source.file)
            except DeckgenError:
                self.doc = None
        self.file = source.file if source else None

    def problem(self, path: tuple, message: str) -> Problem:
        full = self.base + tuple(path)
        if self.doc is not None:
            return self.doc.problem(full, message)
        return Problem(self.file, None, None, ".".join(map(str, full)), message)


def embed_face(svg: str, prefix: str, x: float, y: float, w: float, h: float, bleed: float,
               trim_w: float, trim_h: float) -> str:
    """A rendered card face placed at (x, y) w x h mm on a page: its trim only, its ids made unique."""
    body = re.sub(r'\bid="([^"]+)"', rf'id="{prefix}\1"', svg)
    body = re.sub(r'url\(#([^)]+)\)', rf'url(#{prefix}\1)', body)
    body = re.sub(r'href="#([^"]+)"', rf'href="#{prefix}\1"', body)
    body = re.sub(r"^\s*<svg\b[^>]*>", "", body, count=1)
    body = re.sub(r"</svg>\s*$", "", body.rstrip())
    return (f'<svg x="{x:.3f}" y="{y:.3f}" width="{w:.3f}" height="{h:.3f}" '
            f'viewBox="{bleed:g} {bleed:g} {trim_w:g} {trim_h:g}" preserveAspectRatio="none" overflow="hidden">'
            f'{body}</svg>')


class _Cards:
    """Archive fronts in one language, rendered once each."""

    def __init__(self, ctx):
        from deckgen.render.templates import DeckRenderer

        self.deck = ctx.game.decks.get(ARCHIVE_DECK)
        self.by_id = {c.id: c for c in self.deck.cards} if self.deck else {}
        self.renderer = DeckRenderer(ctx.project, ctx.game, self.deck, ctx.lang) if self.deck else None
        self.svgs: dict[str, str] = {}
        self.problems: list[Problem] = []

    def svg(self, card_id: str) -> str:
        if card_id not in self.svgs:
            assert self.renderer is not None  # a card id of the deck (_card_ids) means the deck is there
            face = self.renderer.render_front(self.by_id[card_id])
            self.problems.extend(face.problems)
            self.svgs[card_id] = face.svg
        return self.svgs[card_id]


def _card_ids(hand: Any, cards: _Cards) -> str | None:
    """Why ``hand`` cannot be printed (None: it is two archive card ids)."""
    if not isinstance(hand, list) or len(hand) != 2:
        return "an example hand is two archive cards: hand: [ID, ID]"
    for cid in hand:
        if not isinstance(cid, str) or cid not in cards.by_id:
            return f"{cid!r} is not an archive card: the sheet prints the example's cards, so give their ids"
    return None


def _shown(value: Any) -> str:
    return str(value)


def _ladder(ctx, data, where: _Where, cards: _Cards) -> list[dict[str, Any]]:
    steps = list(reversed(data.rules.ladder))  # strongest first
    given = ctx.options.get("ladder") or {}
    rows = []
    for extra in sorted(set(given) - set(steps)):
        ctx.problems.append(where.problem(("ladder", extra), f"no ladder step {extra!r} (steps: {', '.join(steps)})"))
    for number, step in zip(range(len(steps), 0, -1), steps):
        spec = given.get(step)
        if not isinstance(spec, Mapping):
            ctx.problems.append(where.problem(("ladder",), f"no example hand for the step {step!r}: give "
                                                           f"{step}: {{hand: [ID, ID]}}"))
            continue
        unknown = [k for k in spec if k not in ("hand", "unreached", *TABLE_KEYS)]
        if unknown:
            ctx.problems.append(where.problem(("ladder", step, unknown[0]), f"unknown key {unknown[0]!r} (an example "
                                                                         f"is hand, and optional {', '.join(TABLE_KEYS)}"
                                                                         f", unreached)"))
            continue
        hand: Any = spec.get("hand")  # as written: _card_ids says why it cannot be printed
        why = _card_ids(hand, cards)
        if why:
            ctx.problems.append(where.problem(("ladder", step, "hand"), why))
            continue
        showdown = {"players": [{"name": "A", "hand": list(hand)}], **{k: spec[k] for k in TABLE_KEYS if k in spec}}
        try:
            result = judge(showdown, ctx.data, {})
        except ShowdownError as exc:
            path = exc.path[3:] if exc.path[:3] == ("players", 0, "hand") else exc.path
            key = ("hand", *path) if exc.path[:3] == ("players", 0, "hand") else path
            ctx.problems.append(where.problem(("ladder", step, *key), exc.message))
            continue
        judged = result["hands"][0]
        if spec.get("unreached") is True:  # a step no planet allows yet: the hand shows what it is instead
            if judged["step_name"] == step:
                ctx.problems.append(where.problem(("ladder", step, "unreached"), f"the engine puts this hand on "
                                                                                 f"step {number}: drop unreached"))
                continue
        elif judged["step_name"] != step:
            ctx.problems.append(where.problem(
                ("ladder", step), f"the engine puts this hand on step {judged['step']} ({judged['step_name']}), "
                                  f"not on step {number} ({step}): the sheet would print a wrong example"))
            continue
        when = []
        if spec.get("planet"):
            when.append(ctx.t("ref.when.planet", planet=ctx.t(f"planet.{spec['planet']}")))
        for token in spec.get("tokens") or []:
            name = token if isinstance(token, str) else token.get("name")
            value = None if isinstance(token, str) else token.get("value")
            when.append(ctx.t("ref.when.token", token=ctx.t(f"token.{name}"), value=value) if value is not None
                        else ctx.t(f"token.{name}"))
        a, b = judged["values"]
        rows.append({"number": number, "id": step, "name": ctx.t(f"step.{step}"),
                     "text": ctx.t(f"ref.step.{step}"), "when": " · ".join(when),
                     "judged": ctx.t("ref.values", a=_shown(a), b=_shown(b)),
                     "cards": [cards.svg(cid) for cid in hand], "card_ids": list(hand)})
    return rows


def _penalty(ctx, data, where: _Where, cards: _Cards) -> dict[str, Any] | None:
    spec = ctx.options.get("penalty")
    if not isinstance(spec, Mapping):
        ctx.problems.append(where.problem((), "no penalty example: give penalty: {players: [...], multiplier: N}"))
        return None
    try:
        result = judge(dict(spec), ctx.data, {})
    except ShowdownError as exc:
        ctx.problems.append(where.problem(("penalty", *exc.path), exc.message))
        return None
    losers = [h for h in result["hands"] if h["name"] in result["penalties"]]
    if not losers:
        ctx.problems.append(where.problem(("penalty",), "the example has no loser who pays a penalty"))
        return None
    loser = losers[0]
    index = next(i for i, p in enumerate(spec["players"]) if p.get("name") == loser["name"])
    hand: Any = spec["players"][index].get("hand")  # as written: _card_ids says why it cannot be printed
    why = _card_ids(hand, cards)
    if why:
        ctx.problems.append(where.problem(("penalty", "players", index, "hand"), why))
        return None
    m = result["multiplier"]
    pair = loser["pair"] is not None
    base = data.rules.pair_penalty if pair else loser["difference"]
    paid = result["penalties"][loser["name"]]
    if paid != base * m:
        ctx.problems.append(where.problem(
            ("penalty",), f"the engine makes {loser['name']} pay {paid}, the printed formula {base} × {m} = "
                          f"{base * m}: choose an example without planet, token or ability modifiers"))
        return None
    a, b = loser["values"]
    name = player_name(ctx.game, ctx.lang, loser["name"])
    return {"text": ctx.t("ref.penalty.example", name=name, a=_shown(a), b=_shown(b), m=m, d=base, p=paid),
            "cards": [cards.svg(cid) for cid in hand]}


def _locale(lang: str) -> str:
    """The Babel locale of a language code (en for one Babel does not know)."""
    from babel import Locale, UnknownLocaleError

    try:
        return str(Locale.parse(lang.replace("-", "_")))
    except (UnknownLocaleError, ValueError):
        return "en"


def number_list(numbers, lang: str) -> str:
    """Numbers as ``lang`` writes them, parted by commas (en "1, 1, 2"; the steps of the ante)."""
    return ", ".join(format_decimal(n, locale=_locale(lang)) for n in numbers)


def reference_context(ctx) -> dict[str, Any]:
    """The sheet's ladder rows, round, reveal order and penalty (see the module docstring)."""
    data = of(ctx.data)
    where = _Where(ctx)
    cards = _Cards(ctx)
    if cards.deck is None:
        ctx.problems.append(where.problem((), f"the reference sheet prints archive cards: the game has no deck "
                                              f"{ARCHIVE_DECK!r}"))
        return {"ladder": [], "penalty": None, "round": [], "reveal": [], "ante": "", "spike": "", "card": {}}
    rules = data.rules
    ladder = _ladder(ctx, data, where, cards)
    penalty = _penalty(ctx, data, where, cards)
    ctx.problems.extend(p for p in cards.problems if not p.warning)
    actions = ", ".join(ctx.t(f"action.{a}") for a in rules.actions)
    round_items = [ctx.t(f"ref.round.{i}", circles=rules.circles, actions=actions, cutoff=ctx.t("token.cutoff"))
                   for i in range(1, 7)]
    reveal = [ctx.t(f"ref.reveal.{i}", ruusan=ctx.t("planet.ruusan"), markdown=ctx.t("token.markdown"))
              for i in range(1, 8)]
    steps = rules.ante_steps
    ante = ctx.t("ref.ante", steps=number_list(steps, ctx.lang), next=len(steps) + 1)
    spike = ctx.t("ref.spike", steps=", ".join(f"×{m}" for m in rules.multipliers))
    formula = ctx.t("ref.penalty.formula", pair=rules.pair_penalty)
    size = cards.deck.size
    return {"ladder": ladder, "penalty": penalty, "round": round_items, "reveal": reveal, "ante": ante,
            "spike": spike, "formula": formula, "ties": ctx.t("ref.ties"),
            "card": {"w": size.width, "h": size.height, "bleed": size.bleed}, "embed": embed_face}


DOCUMENTS = {
    "archeon-reference": DocumentKind(template="reference.svg.j2", context=reference_context, page="paper",
                                      orientation="portrait", stem="reference", safe=10.0),
}
